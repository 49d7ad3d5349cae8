import { ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useRefuseCare } from '../api';

/** /care/refuse?token=…: the owner refuses a caregiver's request, with one click, during the waiting time. */
export function RefuseCareScreen({ token }: { token: string }) {
  const refuse = useRefuseCare();
  const dead = refuse.error instanceof ApiError && [400, 404].includes(refuse.error.status);
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-start gap-2 text-2xl">
          <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          {refuse.isSuccess ? 'Refused' : dead ? 'This link does not work any more.' : 'Refuse care access?'}
        </CardTitle>
        <CardDescription role={refuse.isSuccess ? 'status' : refuse.isError ? 'alert' : undefined} className="grid gap-2 text-base">
          {refuse.isSuccess ? (
            <span>{refuse.data.message}</span>
          ) : dead ? (
            <span>The request was already refused or ended, or access has opened: sign in to heirloom to end it.</span>
          ) : (
            <span>Your caregiver will see nothing, and will be told by e-mail. They can ask again later.</span>
          )}
        </CardDescription>
      </CardHeader>
      {!refuse.isSuccess && !dead && (
        <CardContent className="flex flex-col gap-3">
          {refuse.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(refuse.error) ?? errorMessage(refuse.error, 'That did not work. Please try again.')}
            </p>
          )}
          <Button size="lg" disabled={refuse.isPending || !token} onClick={() => refuse.mutate(token)}>
            {refuse.isPending && <Spinner />}
            Refuse
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
