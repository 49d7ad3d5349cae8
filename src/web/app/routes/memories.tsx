import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { useSharedItems } from '@web/features/collections/api';
import { AddMemoryToCollection } from '@web/features/collections/components/add-to-collection-buttons';
import { MemoriesScreen } from '@web/features/memories/components/memories-screen';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 My Memories (/memories). */
export function MemoriesRoute() {
  const intl = useIntl();
  const shared = useSharedItems();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.memories.pageTitle', defaultMessage: 'My Memories · heirloom' })}</title>
      <BackToStoryLink />
      <PageHeader
        title={intl.formatMessage({ id: 'app.memories.title', defaultMessage: 'My Memories' })}
        description={intl.formatMessage({ id: 'app.memories.description', defaultMessage: 'The moments of your life, in your own words.' })}
        className="mb-8"
      />
      <MemoriesScreen sharedIds={shared.memoryIds} cardActions={(memory) => <AddMemoryToCollection memory={memory} />} />
    </div>
  );
}
