import { CheckCircle2, CircleAlert, Mail } from 'lucide-react';
import type { User } from '@shared/schemas/auth';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useResendVerification } from '../api';
import { ChangeEmailDialog } from './change-email-dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Profile: the sign-in address, whether it is verified, and a new address waiting for its link. */
export function EmailAddressCard({ user }: { user: User }) {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.email.title', defaultMessage: 'E-mail address' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.email.description',
            defaultMessage: 'The address you sign in with, and where heirloom sends mail about your account.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 font-medium break-all">{user.email}</span>
          <VerifiedBadge isVerified={user.emailVerified} />
        </div>
        {user.pendingEmail ? (
          <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
            <p>
              <span className="font-medium">
                {intl.formatMessage({ id: 'account.email.waiting', defaultMessage: 'Waiting for verification:' })}
              </span>{' '}
              <span className="break-all">{user.pendingEmail}</span>
            </p>
            <p className="text-muted-foreground">
              {intl.formatMessage(
                {
                  id: 'account.email.pendingText',
                  defaultMessage:
                    'Open the link we sent to the new address to start using it. Until then you keep signing in with {email}.',
                },
                { email: user.email },
              )}
            </p>
            <ResendButton />
          </div>
        ) : (
          !user.emailVerified && (
            <div className="grid gap-3 text-sm">
              <p className="text-muted-foreground">
                {intl.formatMessage({
                  id: 'account.email.verifyText',
                  defaultMessage: 'Open the link we sent to this address to verify it.',
                })}
              </p>
              <ResendButton />
            </div>
          )
        )}
      </CardContent>
      <CardFooter>
        <ChangeEmailDialog />
      </CardFooter>
    </Card>
  );
}

function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  const intl = useIntl();
  return isVerified ? (
    <Badge className="border-transparent bg-green-100 text-green-800">
      <CheckCircle2 aria-hidden="true" /> {intl.formatMessage({ id: 'account.email.verified', defaultMessage: 'Verified' })}
    </Badge>
  ) : (
    <Badge className="border-transparent bg-amber-100 text-amber-900">
      <CircleAlert aria-hidden="true" /> {intl.formatMessage({ id: 'account.email.notVerified', defaultMessage: 'Not verified' })}
    </Badge>
  );
}

function ResendButton() {
  const resend = useResendVerification();
  const intl = useIntl();
  const onClick = () =>
    resend.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: intl.formatMessage({ id: 'account.email.sent', defaultMessage: 'Verification e-mail sent' }),
          description: result.message,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.email.sendFailed', defaultMessage: 'Could not send the e-mail' }),
          description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
        }),
    });
  return (
    <div>
      <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={resend.isPending}>
        {resend.isPending && <Spinner />}
        {intl.formatMessage({ id: 'account.email.resend', defaultMessage: 'Resend verification e-mail' })}
      </Button>
    </div>
  );
}
