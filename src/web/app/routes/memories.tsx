import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { MemoriesScreen } from '@web/features/memories/components/memories-screen';
import { paths } from '../paths';

/** spec §2 My Memories (/memories). */
export function MemoriesRoute() {
  return (
    <div>
      <title>My Memories · heirloom</title>
      <Link
        to={paths.story}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Story
      </Link>
      <PageHeader title="My Memories" description="The moments of your life, in your own words." className="mb-8" />
      <MemoriesScreen />
    </div>
  );
}
