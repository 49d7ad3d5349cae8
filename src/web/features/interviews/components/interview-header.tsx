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

/** Who is asked, how often, how far along; pause, resume, stop or delete. */
export function InterviewHeader({ interview, onDeleted }: { interview: Interview; onDeleted: () => void }) {
  const update = useUpdateInterview(interview.id);
  const remove = useDeleteInterview();

  const setStatus = (status: 'active' | 'paused' | 'stopped', title: string) =>
    update.mutate(
      { status },
      {
        onSuccess: () => toast({ title }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to change the interview') }),
      },
    );

  const deleteInterview = () =>
    remove.mutate(interview.id, {
      onSuccess: () => {
        toast({ title: 'Interview deleted', description: 'The memories made from its answers are kept.' });
        onDeleted();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete the interview') }),
    });

  const busy = update.isPending || remove.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="flex flex-wrap items-center gap-2 text-2xl">
          Interview with {interview.storytellerName}
          <Badge variant="secondary">{interviewStatusLabel[interview.status]}</Badge>
        </CardTitle>
        <CardDescription>
          {describeSchedule(interview.schedule)} · {answeredCount(interview)}
        </CardDescription>
        {interview.status === 'proposed' && (
          <p className="text-sm">
            {interview.proposedBy ?? 'A family member'} proposed this interview. Nothing is sent until you approve it; you can change the
            questions and the schedule first.
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {interview.status === 'proposed' && <ProposalDecision interview={interview} onDeclined={onDeleted} />}
        {(interview.status === 'active' || interview.status === 'paused' || interview.status === 'proposed') && (
          <ScheduleEditor interview={interview} />
        )}
        {interview.status === 'active' && (
          <Button variant="outline" disabled={busy} onClick={() => setStatus('paused', 'Interview paused')}>
            <Pause aria-hidden="true" />
            Pause
          </Button>
        )}
        {interview.status === 'paused' && (
          <Button variant="outline" disabled={busy} onClick={() => setStatus('active', 'Interview resumed')}>
            <Play aria-hidden="true" />
            Resume
          </Button>
        )}
        {(interview.status === 'active' || interview.status === 'paused') && (
          <ConfirmDialog
            title="Stop this interview?"
            text="No more questions will be sent, and the links already sent stop working. The answers given are kept as memories."
            confirmLabel="Stop the interview"
            onConfirm={() => setStatus('stopped', 'Interview stopped')}
            trigger={
              <Button variant="outline" disabled={busy}>
                <Square aria-hidden="true" />
                Stop
              </Button>
            }
          />
        )}
        {interview.status !== 'proposed' && (
          <ConfirmDialog
            title="Delete this interview?"
            text="Its questions and links are deleted. The memories made from its answers are kept."
            confirmLabel="Delete"
            onConfirm={deleteInterview}
            trigger={
              <Button variant="outline" disabled={busy}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
