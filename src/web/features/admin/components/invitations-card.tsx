import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { invitationInputSchema, type InvitationInput } from '@shared/schemas/admin';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useInstanceSettings, useInvitations, useInvite, useWithdrawInvitation } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';
import { defineMessages } from '@web/lib/i18n/define-messages';

const REGISTRATION_LINE = defineMessages({
  invitation: {
    id: 'admin.invitations.registration.invitation',
    defaultMessage: 'People join by invitation: each link works once, for the address it was sent to, for 14 days.',
  },
  open: {
    id: 'admin.invitations.registration.open',
    defaultMessage:
      'Registration is open (REGISTRATION=open): anyone who finds the register page can make an account. Invitations work too.',
  },
  closed: {
    id: 'admin.invitations.registration.closed',
    defaultMessage: 'Registration is closed (REGISTRATION=closed): nobody can make an account, not even with an invitation.',
  },
});

export function InvitationsCard() {
  const intl = useIntl();
  const settings = useInstanceSettings();
  const invitations = useInvitations();
  const invite = useInvite();
  const withdraw = useWithdrawInvitation();
  const form = useForm<InvitationInput>({ resolver: zodResolver(invitationInputSchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        toast({
          title: intl.formatMessage({ id: 'admin.invite.sent', defaultMessage: 'Invitation sent' }),
          description: intl.formatMessage(
            { id: 'admin.invite.sentText', defaultMessage: '{email} will receive a link to make an account.' },
            { email: sent.email },
          ),
        });
        form.reset();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'admin.invite.failed', defaultMessage: 'Could not invite' }),
          description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
        }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'admin.invitations.title', defaultMessage: 'Invite someone' })}</CardTitle>
        <CardDescription>{settings.data ? intl.formatMessage(REGISTRATION_LINE[settings.data.registration]) : ' '}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField
              label={intl.formatMessage({ id: 'admin.invitations.email', defaultMessage: 'Email address to invite' })}
              error={form.formState.errors.email}
            >
              <Input
                type="email"
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'admin.invitations.emailPlaceholder', defaultMessage: 'cousin@example.com' })}
                {...form.register('email')}
              />
            </FormField>
          </div>
          <SubmitButton isPending={invite.isPending}>
            {intl.formatMessage({ id: 'admin.invitations.send', defaultMessage: 'Send invitation' })}
          </SubmitButton>
        </form>
        {invitations.data && invitations.data.length > 0 && (
          <section aria-labelledby="pending-invitations">
            <h3 id="pending-invitations" className="text-sm font-semibold">
              {intl.formatMessage({ id: 'admin.invitations.pending', defaultMessage: 'Invitations not yet used' })}
            </h3>
            <ul className="mt-2 divide-y rounded-md border">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 break-all">
                    {invitation.email}
                    <span className="block text-xs text-muted-foreground">
                      {new Date(invitation.expiresAt) < new Date()
                        ? intl.formatMessage(
                            { id: 'admin.invitations.expired', defaultMessage: 'Expired {date}' },
                            { date: formatLongDate(invitation.expiresAt) },
                          )
                        : intl.formatMessage(
                            { id: 'admin.invitations.validUntil', defaultMessage: 'Valid until {date}' },
                            { date: formatLongDate(invitation.expiresAt) },
                          )}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={withdraw.isPending}
                    aria-label={intl.formatMessage(
                      { id: 'admin.invitations.withdrawLabel', defaultMessage: 'Withdraw the invitation to {email}' },
                      { email: invitation.email },
                    )}
                    onClick={() =>
                      withdraw.mutate(invitation.id, {
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: intl.formatMessage({ id: 'admin.invitations.withdrawFailed', defaultMessage: 'Could not withdraw' }),
                            description: errorMessage(
                              error,
                              intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' }),
                            ),
                          }),
                      })
                    }
                  >
                    {intl.formatMessage({ id: 'admin.invitations.withdraw', defaultMessage: 'Withdraw' })}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
