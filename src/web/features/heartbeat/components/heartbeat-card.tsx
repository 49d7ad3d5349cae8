import { zodResolver } from '@hookform/resolvers/zod';
import { HeartPulse } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Heartbeat } from '@shared/schemas/heartbeat';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useHeartbeat, useSetHeartbeat } from '../api';

const formSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter the address your monitor gives, starting with https://' }),
});
type FormValues = z.infer<typeof formSchema>;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function LastCall({ heartbeat }: { heartbeat: Heartbeat }) {
  if (heartbeat.lastError)
    return (
      <p role="status" className="text-sm text-destructive">
        The last call{heartbeat.lastCallAt ? ` (${when(heartbeat.lastCallAt)})` : ''} failed: {heartbeat.lastError}.
        {heartbeat.lastOkAt ? ` It last answered ${when(heartbeat.lastOkAt)}.` : ''} heirloom keeps calling every hour.
      </p>
    );
  if (heartbeat.lastOkAt)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Your monitor last answered {when(heartbeat.lastOkAt)}.
      </p>
    );
  return null;
}

/** Settings → Account: the URL heirloom calls every hour, so a monitor elsewhere notices when this server stops. */
export function HeartbeatCard() {
  const heartbeat = useHeartbeat();
  const setHeartbeat = useSetHeartbeat();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { url: '' } });
  const saved = heartbeat.data?.url ?? '';
  useEffect(() => form.reset({ url: saved }), [form, saved]);

  const save = (url: string | null) =>
    setHeartbeat.mutate(
      { url },
      {
        onSuccess: (result) =>
          toast(
            url === null
              ? { title: 'Heartbeat stopped', description: 'heirloom no longer calls your monitor.' }
              : result.lastError
                ? { variant: 'destructive', title: 'Saved, but your monitor did not answer', description: `${result.lastError}.` }
                : { title: 'Your monitor answered', description: 'heirloom will call it every hour.' },
          ),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Heartbeat not saved',
            description: errorMessage(error, 'Something went wrong. Please try again.'),
          }),
      },
    );

  let body;
  if (heartbeat.isPending) body = <Skeleton className="h-16" />;
  else if (heartbeat.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        Failed to fetch the heartbeat
      </p>
    );
  else
    body = (
      <form onSubmit={form.handleSubmit(({ url }) => save(url))} noValidate className="grid gap-3">
        <FormField label="Your monitor's push address" error={form.formState.errors.url}>
          <Input type="url" inputMode="url" placeholder="https://hc-ping.com/…" autoComplete="off" {...form.register('url')} />
        </FormField>
        <LastCall heartbeat={heartbeat.data} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton isPending={setHeartbeat.isPending} pendingLabel="Calling it...">
            Save and call it now
          </SubmitButton>
          {heartbeat.data.url && (
            <Button type="button" variant="outline" disabled={setHeartbeat.isPending} onClick={() => save(null)}>
              Stop the heartbeat
            </Button>
          )}
        </div>
      </form>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulse aria-hidden="true" className="size-5 text-primary" />A watch from outside
        </CardTitle>
        <CardDescription>
          A home server can stop without anyone noticing: a failed disk, an unpaid bill. heirloom calls the address of a monitor elsewhere
          (a Healthchecks or Uptime Kuma check) every hour; when the calls stop, the monitor can tell your family.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
