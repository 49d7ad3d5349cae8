import { BookOpen, CalendarClock, Images, MessageCircleQuestion, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { BooksCard } from '@web/features/books/components/books-card';
import { MakeBookDialog } from '@web/features/books/components/make-book-dialog';
import { StorySummaryCard } from '@web/features/timeline/components/story-summary-card';
import { paths } from '../paths';

/** spec §2 My Story (/story). */
export function StoryRoute() {
  return (
    <div>
      <title>My Story · heirloom</title>
      <PageHeader
        title="My Story"
        description="Gather the moments of your life in one place and see them unfold."
        actions={
          <>
            <Button asChild>
              <Link to={paths.memories}>
                <PenLine aria-hidden="true" />
                Add Memories
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.photos}>
                <Images aria-hidden="true" />
                Photos Gallery
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.timeline}>
                <CalendarClock aria-hidden="true" />
                View Timeline
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.interviews}>
                <MessageCircleQuestion aria-hidden="true" />
                Ask the elders
              </Link>
            </Button>
            <MakeBookDialog />
          </>
        }
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <BookOpen aria-hidden="true" className="size-5 text-primary" />
              Build Your Story Timeline
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-muted-foreground">
            <p>
              Write memories of the moments that shaped you, add the photos that go with them and keep important documents in your vault.
            </p>
            <p>Everything you add takes its place on your timeline, year by year, from the oldest story to the newest.</p>
          </CardContent>
        </Card>
        <ErrorBoundary>
          {/* spec §2 says 'Add First Memory' goes to /story, the page it is on; it goes where memories are added. */}
          <StorySummaryCard timelinePath={paths.timeline} firstMemoryPath={paths.memories} />
        </ErrorBoundary>
        <ErrorBoundary>
          <BooksCard />
        </ErrorBoundary>
      </div>
    </div>
  );
}
