import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { TimelineView } from '@web/features/timeline/components/timeline-view';
import { paths } from '../paths';

/** spec §2 Timeline (/view-my-story). */
export function TimelineRoute() {
  return (
    <div>
      <title>Timeline · heirloom</title>
      <Link
        to={paths.story}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Story
      </Link>
      <PageHeader title="My Story Timeline" description="Your photos, memories and documents, year by year." />
      <TimelineView />
    </div>
  );
}
