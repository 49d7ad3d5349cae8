import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localTimeZone } from '@web/lib/local-day';
import { useTimelineSummary } from '../api';

type Props = {
  /** Where the buttons lead; passed in by the route so this feature does not hard-code the route table. */
  timelinePath: string;
  firstMemoryPath: string;
};

/**
 * spec §2 My Story: 'Your Life Timeline' with 'View Timeline' once there is anything to show; otherwise
 * 'Build Your Timeline' with 'Start Timeline' and 'Add First Memory'. Freshness 5 minutes (spec §9).
 */
export function StorySummaryCard({ timelinePath, firstMemoryPath }: Props) {
  const intl = useIntl();
  const [tz] = useState(localTimeZone);
  const summary = useTimelineSummary(tz);

  if (summary.isPending) {
    return (
      <Card aria-hidden="true">
        <CardHeader>
          <Skeleton className="h-6 w-48" />
          <Skeleton className="mt-2 h-4 w-72" />
        </CardHeader>
      </Card>
    );
  }

  if (summary.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'timeline.summary.title', defaultMessage: 'Your Life Timeline' })}</CardTitle>
          <CardDescription role="alert" className="text-destructive">
            {intl.formatMessage(
              { id: 'timeline.summary.error', defaultMessage: 'Error loading timeline: {message}' },
              { message: summary.error.message },
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to={timelinePath}>{intl.formatMessage({ id: 'timeline.summary.view', defaultMessage: 'View Timeline' })}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const { totals, years } = summary.data;
  const hasContent = totals.total > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5 text-primary" />
          {hasContent
            ? intl.formatMessage({ id: 'timeline.summary.title', defaultMessage: 'Your Life Timeline' })
            : intl.formatMessage({ id: 'timeline.summary.build', defaultMessage: 'Build Your Timeline' })}
        </CardTitle>
        <CardDescription>
          {hasContent
            ? intl.formatMessage(
                {
                  id: 'timeline.summary.totals',
                  defaultMessage:
                    '{photos, plural, one {# photo} other {# photos}}, {memories, plural, one {# memory} other {# memories}} and {documents, plural, one {# document} other {# documents}} across {years, plural, one {# year} other {# years}}.',
                },
                { photos: totals.photo, memories: totals.memory, documents: totals.document, years: years.length },
              )
            : intl.formatMessage({
                id: 'timeline.summary.empty',
                defaultMessage: 'Your timeline fills itself as you add photos, memories and documents.',
              })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {hasContent ? (
          <Button asChild>
            <Link to={timelinePath}>{intl.formatMessage({ id: 'timeline.summary.view', defaultMessage: 'View Timeline' })}</Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to={timelinePath}>{intl.formatMessage({ id: 'timeline.summary.start', defaultMessage: 'Start Timeline' })}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={firstMemoryPath}>
                {intl.formatMessage({ id: 'timeline.summary.firstMemory', defaultMessage: 'Add First Memory' })}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
