import { Link } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useInterviews } from '../api';
import { answeredCount, describeSchedule, interviewStatusLabel } from '../schedule';

/** The owner's interviews: storyteller, schedule, how many answered, status. */
export function InterviewList({ interviewLink }: { interviewLink: (id: number) => string }) {
  const interviews = useInterviews();

  if (interviews.isPending) return <Skeleton className="h-32" />;
  if (interviews.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(interviews.error, 'Failed to fetch the interviews')}
      </p>
    );
  if (interviews.data.length === 0)
    return (
      <EmptyState
        title="No interviews yet"
        description="Ask a parent, a grandparent or yourself one question a week, and keep the answers."
      />
    );

  return (
    <ul aria-label="Interviews" className="grid gap-3">
      {interviews.data.map((interview) => (
        <li key={interview.id}>
          <Link
            to={interviewLink(interview.id)}
            className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {interview.storytellerName}
              <Badge variant="secondary">{interviewStatusLabel[interview.status]}</Badge>
            </span>
            <span className="text-sm text-muted-foreground">{describeSchedule(interview.schedule)}</span>
            <span className="text-sm">{answeredCount(interview)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
