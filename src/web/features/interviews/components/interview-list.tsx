import { Link } from 'react-router';
import type { Interview } from '@shared/schemas/interviews';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useInterviews } from '../api';
import { answeredCount, describeSchedule, interviewStatusLabel } from '../schedule';
import { ProposalDecision } from './proposal-decision';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The owner's interviews: the family's proposals waiting for an answer first, then storyteller, schedule, how many answered, status. */
export function InterviewList({ interviewLink }: { interviewLink: (id: number) => string }) {
  const interviews = useInterviews();
  const intl = useIntl();

  if (interviews.isPending) return <Skeleton className="h-32" />;
  if (interviews.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(
          interviews.error,
          intl.formatMessage({ id: 'interviews.list.failed', defaultMessage: 'Failed to fetch the interviews' }),
        )}
      </p>
    );
  if (interviews.data.length === 0)
    return (
      <EmptyState
        title={intl.formatMessage({ id: 'interviews.list.emptyTitle', defaultMessage: 'No interviews yet' })}
        description={intl.formatMessage({
          id: 'interviews.list.emptyDescription',
          defaultMessage: 'Ask a parent, a grandparent or yourself one question a week, and keep the answers.',
        })}
      />
    );

  const proposed = interviews.data.filter((interview) => interview.status === 'proposed');
  const started = interviews.data.filter((interview) => interview.status !== 'proposed');
  return (
    <div className="grid gap-8">
      {proposed.length > 0 && (
        <section aria-labelledby="proposed-interviews" className="grid gap-3">
          <h2 id="proposed-interviews" className="text-lg font-semibold">
            {intl.formatMessage({ id: 'interviews.list.proposedTitle', defaultMessage: 'Proposed by the family' })}
          </h2>
          <ul
            aria-label={intl.formatMessage({ id: 'interviews.list.proposedLabel', defaultMessage: 'Proposed interviews' })}
            className="grid gap-3"
          >
            {proposed.map((interview) => (
              <li key={interview.id} className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
                <span className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {interview.storytellerName}
                  <Badge variant="secondary">
                    {interview.proposedBy
                      ? intl.formatMessage(
                          { id: 'interviews.list.proposedBy', defaultMessage: 'Proposed by {name}' },
                          { name: interview.proposedBy },
                        )
                      : intl.formatMessage({ id: 'interviews.list.proposedByFamily', defaultMessage: 'Proposed by the family' })}
                  </Badge>
                </span>
                <span className="text-sm text-muted-foreground">
                  {intl.formatMessage(
                    {
                      id: 'interviews.list.proposedSummary',
                      defaultMessage: '{schedule} · {count, plural, one {# question} other {# questions}}',
                    },
                    { schedule: describeSchedule(interview.schedule), count: interview.questions.length },
                  )}
                </span>
                <Link to={interviewLink(interview.id)} className="text-sm underline underline-offset-4">
                  {intl.formatMessage({ id: 'interviews.list.readAndChange', defaultMessage: 'Read and change the questions' })}
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
  const intl = useIntl();
  return (
    <ul aria-label={intl.formatMessage({ id: 'interviews.list.label', defaultMessage: 'Interviews' })} className="grid gap-3">
      {interviews.map((interview) => (
        <li key={interview.id}>
          <Link
            to={interviewLink(interview.id)}
            className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {interview.storytellerName}
              <Badge variant="secondary">{interviewStatusLabel(interview.status)}</Badge>
            </span>
            <span className="text-sm text-muted-foreground">{describeSchedule(interview.schedule)}</span>
            <span className="text-sm">{answeredCount(interview)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
