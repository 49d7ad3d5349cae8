import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { PersonFilter } from '@web/features/people/components/person-filter';
import { TimelineView } from '@web/features/timeline/components/timeline-view';
import { usePersonParam } from '../use-person-param';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 Timeline (/view-my-story). */
export function TimelineRoute() {
  const intl = useIntl();
  const { person, setPerson } = usePersonParam();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.timeline.pageTitle', defaultMessage: 'Timeline · heirloom' })}</title>
      <BackToStoryLink />
      <PageHeader
        title={intl.formatMessage({ id: 'app.timeline.title', defaultMessage: 'My Story Timeline' })}
        description={intl.formatMessage({
          id: 'app.timeline.description',
          defaultMessage: 'Your photos, memories and documents, year by year.',
        })}
      />
      <TimelineView person={person} personFilter={<PersonFilter personId={person} onChange={setPerson} />} />
    </div>
  );
}
