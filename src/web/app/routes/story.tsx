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
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 My Story (/story). */
export function StoryRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.story.pageTitle', defaultMessage: 'My Story · heirloom' })}</title>
      <PageHeader
        title={intl.formatMessage({ id: 'app.story.title', defaultMessage: 'My Story' })}
        description={intl.formatMessage({
          id: 'app.story.description',
          defaultMessage: 'Gather the moments of your life in one place and see them unfold.',
        })}
        actions={
          <>
            <Button asChild>
              <Link to={paths.memories}>
                <PenLine aria-hidden="true" />
                {intl.formatMessage({ id: 'app.story.addMemories', defaultMessage: 'Add Memories' })}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.photos}>
                <Images aria-hidden="true" />
                {intl.formatMessage({ id: 'app.story.photos', defaultMessage: 'Photos Gallery' })}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.timeline}>
                <CalendarClock aria-hidden="true" />
                {intl.formatMessage({ id: 'app.story.timeline', defaultMessage: 'View Timeline' })}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.interviews}>
                <MessageCircleQuestion aria-hidden="true" />
                {intl.formatMessage({ id: 'app.story.interviews', defaultMessage: 'Ask the elders' })}
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
              {intl.formatMessage({ id: 'app.story.build.title', defaultMessage: 'Build Your Story Timeline' })}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-muted-foreground">
            <p>
              {intl.formatMessage({
                id: 'app.story.build.text',
                defaultMessage:
                  'Write memories of the moments that shaped you, add the photos that go with them and keep important documents in your vault.',
              })}
            </p>
            <p>
              {intl.formatMessage({
                id: 'app.story.build.timeline',
                defaultMessage: 'Everything you add takes its place on your timeline, year by year, from the oldest story to the newest.',
              })}
            </p>
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
