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
import { formattingLocale } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useHeartbeat, useSetHeartbeat } from '../api';

const formSchema = (error: string) => z.object({ url: z.url({ protocol: /^https?$/, error }) });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

const when = (iso: string) => new Date(iso).toLocaleString(formattingLocale(), { dateStyle: 'medium', timeStyle: 'short' });

function LastCall({ heartbeat }: { heartbeat: Heartbeat }) {
  const intl = useIntl();
  if (heartbeat.lastError) {
    const values = { error: heartbeat.lastError, when: heartbeat.lastCallAt ? when(heartbeat.lastCallAt) : '' };
    return (
      <p role="status" className="text-sm text-destructive">
        {heartbeat.lastCallAt
          ? intl.formatMessage({ id: 'heartbeat.card.lastCallFailedAt', defaultMessage: 'The last call ({when}) failed: {error}.' }, values)
          : intl.formatMessage({ id: 'heartbeat.card.lastCallFailed', defaultMessage: 'The last call failed: {error}.' }, values)}
        {heartbeat.lastOkAt
          ? ` ${intl.formatMessage({ id: 'heartbeat.card.lastAnsweredThen', defaultMessage: 'It last answered {when}.' }, { when: when(heartbeat.lastOkAt) })}`
          : ''}{' '}
        {intl.formatMessage({ id: 'heartbeat.card.keepsCalling', defaultMessage: 'heirloom keeps calling every hour.' })}
      </p>
    );
  }
  if (heartbeat.lastOkAt)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {intl.formatMessage(
          { id: 'heartbeat.card.lastAnswered', defaultMessage: 'Your monitor last answered {when}.' },
          { when: when(heartbeat.lastOkAt) },
        )}
      </p>
    );
  return null;
}

/** Settings → Account: the URL heirloom calls every hour, so a monitor elsewhere notices when this server stops. */
export function HeartbeatCard() {
  const intl = useIntl();
  const heartbeat = useHeartbeat();
  const setHeartbeat = useSetHeartbeat();
  const form = useForm<FormValues>({
    resolver: zodResolver(
      formSchema(
        intl.formatMessage({
          id: 'heartbeat.card.urlInvalid',
          defaultMessage: 'Enter the address your monitor gives, starting with https://',
        }),
      ),
    ),
    defaultValues: { url: '' },
  });
  const saved = heartbeat.data?.url ?? '';
  useEffect(() => form.reset({ url: saved }), [form, saved]);

  const save = (url: string | null) =>
    setHeartbeat.mutate(
      { url },
      {
        onSuccess: (result) =>
          toast(
            url === null
              ? {
                  title: intl.formatMessage({ id: 'heartbeat.card.stopped', defaultMessage: 'Heartbeat stopped' }),
                  description: intl.formatMessage({
                    id: 'heartbeat.card.stoppedText',
                    defaultMessage: 'heirloom no longer calls your monitor.',
                  }),
                }
              : result.lastError
                ? {
                    variant: 'destructive',
                    title: intl.formatMessage({ id: 'heartbeat.card.noAnswer', defaultMessage: 'Saved, but your monitor did not answer' }),
                    description: `${result.lastError}.`,
                  }
                : {
                    title: intl.formatMessage({ id: 'heartbeat.card.answered', defaultMessage: 'Your monitor answered' }),
                    description: intl.formatMessage({
                      id: 'heartbeat.card.answeredText',
                      defaultMessage: 'heirloom will call it every hour.',
                    }),
                  },
          ),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'heartbeat.card.notSaved', defaultMessage: 'Heartbeat not saved' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'heartbeat.card.failed', defaultMessage: 'Something went wrong. Please try again.' }),
            ),
          }),
      },
    );

  let body;
  if (heartbeat.isPending) body = <Skeleton className="h-16" />;
  else if (heartbeat.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {intl.formatMessage({ id: 'heartbeat.card.loadFailed', defaultMessage: 'Failed to fetch the heartbeat' })}
      </p>
    );
  else
    body = (
      <form onSubmit={form.handleSubmit(({ url }) => save(url))} noValidate className="grid gap-3">
        <FormField
          label={intl.formatMessage({ id: 'heartbeat.card.urlLabel', defaultMessage: "Your monitor's push address" })}
          error={form.formState.errors.url}
        >
          <Input type="url" inputMode="url" placeholder="https://hc-ping.com/…" autoComplete="off" {...form.register('url')} />
        </FormField>
        <LastCall heartbeat={heartbeat.data} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            isPending={setHeartbeat.isPending}
            pendingLabel={intl.formatMessage({ id: 'heartbeat.card.calling', defaultMessage: 'Calling it...' })}
          >
            {intl.formatMessage({ id: 'heartbeat.card.save', defaultMessage: 'Save and call it now' })}
          </SubmitButton>
          {heartbeat.data.url && (
            <Button type="button" variant="outline" disabled={setHeartbeat.isPending} onClick={() => save(null)}>
              {intl.formatMessage({ id: 'heartbeat.card.stop', defaultMessage: 'Stop the heartbeat' })}
            </Button>
          )}
        </div>
      </form>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulse aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'heartbeat.card.title', defaultMessage: 'A watch from outside' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'heartbeat.card.description',
            defaultMessage:
              'A home server can stop without anyone noticing: a failed disk, an unpaid bill. heirloom calls the address of a monitor elsewhere (a Healthchecks or Uptime Kuma check) every hour; when the calls stop, the monitor can tell your family.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
