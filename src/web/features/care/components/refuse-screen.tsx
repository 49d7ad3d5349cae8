import { ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useRefuseCare } from '../api';

/** /care/refuse?token=…: the owner refuses a caregiver's request, with one click, during the waiting time. */
export function RefuseCareScreen({ token }: { token: string }) {
  const intl = useIntl();
  const refuse = useRefuseCare();
  const dead = refuse.error instanceof ApiError && [400, 404].includes(refuse.error.status);
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-start gap-2 text-2xl">
          <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          {refuse.isSuccess
            ? intl.formatMessage({ id: 'care.refuse.refused', defaultMessage: 'Refused' })
            : dead
              ? intl.formatMessage({ id: 'care.refuse.deadTitle', defaultMessage: 'This link does not work any more.' })
              : intl.formatMessage({ id: 'care.refuse.title', defaultMessage: 'Refuse care access?' })}
        </CardTitle>
        <CardDescription role={refuse.isSuccess ? 'status' : refuse.isError ? 'alert' : undefined} className="grid gap-2 text-base">
          {refuse.isSuccess ? (
            <span>{refuse.data.message}</span>
          ) : dead ? (
            <span>
              {intl.formatMessage({
                id: 'care.refuse.deadText',
                defaultMessage: 'The request was already refused or ended, or access has opened: sign in to heirloom to end it.',
              })}
            </span>
          ) : (
            <span>
              {intl.formatMessage({
                id: 'care.refuse.text',
                defaultMessage: 'Your caregiver will see nothing, and will be told by e-mail. They can ask again later.',
              })}
            </span>
          )}
        </CardDescription>
      </CardHeader>
      {!refuse.isSuccess && !dead && (
        <CardContent className="flex flex-col gap-3">
          {refuse.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(refuse.error) ??
                errorMessage(
                  refuse.error,
                  intl.formatMessage({ id: 'care.refuse.failed', defaultMessage: 'That did not work. Please try again.' }),
                )}
            </p>
          )}
          <Button size="lg" disabled={refuse.isPending || !token} onClick={() => refuse.mutate(token)}>
            {refuse.isPending && <Spinner />}
            {intl.formatMessage({ id: 'care.refuse.button', defaultMessage: 'Refuse' })}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
