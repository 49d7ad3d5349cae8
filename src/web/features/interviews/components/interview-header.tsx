import { Pause, Play, Square, Trash2 } from 'lucide-react';
import type { Interview } from '@shared/schemas/interviews';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDeleteInterview, useUpdateInterview } from '../api';
import { ProposalDecision } from './proposal-decision';
import { ScheduleEditor } from './schedule-editor';
import { answeredCount, describeSchedule, interviewStatusLabel } from '../schedule';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Who is asked, how often, how far along; pause, resume, stop or delete. */
export function InterviewHeader({ interview, onDeleted }: { interview: Interview; onDeleted: () => void }) {
  const update = useUpdateInterview(interview.id);
  const remove = useDeleteInterview();
  const intl = useIntl();

  const setStatus = (status: 'active' | 'paused' | 'stopped', title: string) =>
    update.mutate(
      { status },
      {
        onSuccess: () => toast({ title }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'interviews.header.changeFailed', defaultMessage: 'Failed to change the interview' }),
            ),
          }),
      },
    );

  const deleteInterview = () =>
    remove.mutate(interview.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'interviews.header.deleted', defaultMessage: 'Interview deleted' }),
          description: intl.formatMessage({
            id: 'interviews.header.deletedKept',
            defaultMessage: 'The memories made from its answers are kept.',
          }),
        });
        onDeleted();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'interviews.header.deleteFailed', defaultMessage: 'Failed to delete the interview' }),
          ),
        }),
    });

  const busy = update.isPending || remove.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="flex flex-wrap items-center gap-2 text-2xl">
          {intl.formatMessage(
            { id: 'interviews.header.title', defaultMessage: 'Interview with {name}' },
            { name: interview.storytellerName },
          )}
          <Badge variant="secondary">{interviewStatusLabel(interview.status)}</Badge>
        </CardTitle>
        <CardDescription>
          {describeSchedule(interview.schedule)} · {answeredCount(interview)}
        </CardDescription>
        {interview.status === 'proposed' && (
          <p className="text-sm">
            {intl.formatMessage(
              {
                id: 'interviews.header.proposedNote',
                defaultMessage:
                  '{name} proposed this interview. Nothing is sent until you approve it; you can change the questions and the schedule first.',
              },
              {
                name:
                  interview.proposedBy ?? intl.formatMessage({ id: 'interviews.header.aFamilyMember', defaultMessage: 'A family member' }),
              },
            )}
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {interview.status === 'proposed' && <ProposalDecision interview={interview} onDeclined={onDeleted} />}
        {(interview.status === 'active' || interview.status === 'paused' || interview.status === 'proposed') && (
          <ScheduleEditor interview={interview} />
        )}
        {interview.status === 'active' && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => setStatus('paused', intl.formatMessage({ id: 'interviews.header.paused', defaultMessage: 'Interview paused' }))}
          >
            <Pause aria-hidden="true" />
            {intl.formatMessage({ id: 'interviews.header.pause', defaultMessage: 'Pause' })}
          </Button>
        )}
        {interview.status === 'paused' && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              setStatus('active', intl.formatMessage({ id: 'interviews.header.resumed', defaultMessage: 'Interview resumed' }))
            }
          >
            <Play aria-hidden="true" />
            {intl.formatMessage({ id: 'interviews.header.resume', defaultMessage: 'Resume' })}
          </Button>
        )}
        {(interview.status === 'active' || interview.status === 'paused') && (
          <ConfirmDialog
            title={intl.formatMessage({ id: 'interviews.header.stopTitle', defaultMessage: 'Stop this interview?' })}
            text={intl.formatMessage({
              id: 'interviews.header.stopText',
              defaultMessage:
                'No more questions will be sent, and the links already sent stop working. The answers given are kept as memories.',
            })}
            confirmLabel={intl.formatMessage({ id: 'interviews.answerActions.stopConfirm', defaultMessage: 'Stop the interview' })}
            onConfirm={() =>
              setStatus('stopped', intl.formatMessage({ id: 'interviews.header.stopped', defaultMessage: 'Interview stopped' }))
            }
            trigger={
              <Button variant="outline" disabled={busy}>
                <Square aria-hidden="true" />
                {intl.formatMessage({ id: 'interviews.header.stop', defaultMessage: 'Stop' })}
              </Button>
            }
          />
        )}
        {interview.status !== 'proposed' && (
          <ConfirmDialog
            title={intl.formatMessage({ id: 'interviews.header.deleteTitle', defaultMessage: 'Delete this interview?' })}
            text={intl.formatMessage({
              id: 'interviews.header.deleteText',
              defaultMessage: 'Its questions and links are deleted. The memories made from its answers are kept.',
            })}
            confirmLabel={intl.formatMessage({ id: 'interviews.header.delete', defaultMessage: 'Delete' })}
            onConfirm={deleteInterview}
            trigger={
              <Button variant="outline" disabled={busy}>
                <Trash2 aria-hidden="true" />
                {intl.formatMessage({ id: 'interviews.header.delete', defaultMessage: 'Delete' })}
              </Button>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
