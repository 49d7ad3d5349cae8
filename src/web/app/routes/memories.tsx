import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { MemoriesScreen } from '@web/features/memories/components/memories-screen';

/** spec §2 My Memories (/memories). */
export function MemoriesRoute() {
  return (
    <div>
      <title>My Memories · heirloom</title>
      <BackToStoryLink />
      <PageHeader title="My Memories" description="The moments of your life, in your own words." className="mb-8" />
      <MemoriesScreen />
    </div>
  );
}
