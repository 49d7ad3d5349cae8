import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { TimelineView } from '@web/features/timeline/components/timeline-view';

/** spec §2 Timeline (/view-my-story). */
export function TimelineRoute() {
  return (
    <div>
      <title>Timeline · heirloom</title>
      <BackToStoryLink />
      <PageHeader title="My Story Timeline" description="Your photos, memories and documents, year by year." />
      <TimelineView />
    </div>
  );
}
