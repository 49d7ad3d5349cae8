import { Link } from 'react-router';
import type { Interview } from '@shared/schemas/interviews';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useInterviews } from '../api';
import { answeredCount, describeSchedule, interviewStatusLabel } from '../schedule';
import { ProposalDecision } from './proposal-decision';

/** The owner's interviews: the family's proposals waiting for an answer first, then storyteller, schedule, how many answered, status. */
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

  const proposed = interviews.data.filter((interview) => interview.status === 'proposed');
  const started = interviews.data.filter((interview) => interview.status !== 'proposed');
  return (
    <div className="grid gap-8">
      {proposed.length > 0 && (
        <section aria-labelledby="proposed-interviews" className="grid gap-3">
          <h2 id="proposed-interviews" className="text-lg font-semibold">
            Proposed by the family
          </h2>
          <ul aria-label="Proposed interviews" className="grid gap-3">
            {proposed.map((interview) => (
              <li key={interview.id} className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
                <span className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {interview.storytellerName}
                  <Badge variant="secondary">Proposed by {interview.proposedBy ?? 'the family'}</Badge>
                </span>
                <span className="text-sm text-muted-foreground">
                  {describeSchedule(interview.schedule)} ·{' '}
                  {interview.questions.length === 1 ? '1 question' : `${interview.questions.length} questions`}
                </span>
                <Link to={interviewLink(interview.id)} className="text-sm underline underline-offset-4">
                  Read and change the questions
                </Link>
                <ProposalDecision interview={interview} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {started.length > 0 && <StartedInterviews interviews={started} interviewLink={interviewLink} />}
    </div>
  );
}

function StartedInterviews({ interviews, interviewLink }: { interviews: Interview[]; interviewLink: (id: number) => string }) {
  return (
    <ul aria-label="Interviews" className="grid gap-3">
      {interviews.map((interview) => (
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
