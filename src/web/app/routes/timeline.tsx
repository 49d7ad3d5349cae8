import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { PersonFilter } from '@web/features/people/components/person-filter';
import { TimelineView } from '@web/features/timeline/components/timeline-view';
import { usePersonParam } from '../use-person-param';

/** spec §2 Timeline (/view-my-story). */
export function TimelineRoute() {
  const { person, setPerson } = usePersonParam();
  return (
    <div>
      <title>Timeline · heirloom</title>
      <BackToStoryLink />
      <PageHeader title="My Story Timeline" description="Your photos, memories and documents, year by year." />
      <TimelineView person={person} personFilter={<PersonFilter personId={person} onChange={setPerson} />} />
    </div>
  );
}
