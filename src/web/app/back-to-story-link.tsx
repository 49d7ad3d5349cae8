import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from './paths';

/** spec §2: the 'Back to Story' link at the top of My Memories, My Photos and the Timeline. */
export function BackToStoryLink() {
  return (
    <Link
      to={paths.story}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Story
    </Link>
  );
}
