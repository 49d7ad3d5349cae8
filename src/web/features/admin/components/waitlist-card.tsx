import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useInvite, useWaitlist } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The landing page's waitlist form, read as people asking to join this heirloom. */
export function WaitlistCard() {
  const waitlist = useWaitlist();
  const invite = useInvite();
  const intl = useIntl();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'admin.waitlist.title', defaultMessage: 'Asking to join' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({ id: 'admin.waitlist.description', defaultMessage: 'People who left their address on the home page.' })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {waitlist.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'admin.waitlist.empty', defaultMessage: 'Nobody has asked to join yet.' })}
          </p>
        )}
        {waitlist.data && waitlist.data.length > 0 && (
          <ul className="divide-y rounded-md border">
            {waitlist.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 break-all">
                  {entry.email}
                  <span className="block text-xs text-muted-foreground">
                    {intl.formatMessage(
                      { id: 'admin.waitlist.askedOn', defaultMessage: 'Asked on {date}' },
                      { date: formatLongDate(entry.createdAt) },
                    )}
                  </span>
                </span>
                {entry.status === 'waiting' ? (
                  <Button
                    size="sm"
                    disabled={invite.isPending}
                    aria-label={intl.formatMessage(
                      { id: 'admin.waitlist.inviteLabel', defaultMessage: 'Invite {email}' },
                      { email: entry.email },
                    )}
                    onClick={() =>
                      invite.mutate(
                        { email: entry.email },
                        {
                          onSuccess: () =>
                            toast({
                              title: intl.formatMessage({ id: 'admin.invite.sent', defaultMessage: 'Invitation sent' }),
                              description: intl.formatMessage(
                                { id: 'admin.invite.sentText', defaultMessage: '{email} will receive a link to make an account.' },
                                { email: entry.email },
                              ),
                            }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: intl.formatMessage({ id: 'admin.invite.failed', defaultMessage: 'Could not invite' }),
                              description: errorMessage(
                                error,
                                intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' }),
                              ),
                            }),
                        },
                      )
                    }
                  >
                    {intl.formatMessage({ id: 'admin.waitlist.invite', defaultMessage: 'Invite' })}
                  </Button>
                ) : (
                  <Badge variant="secondary">
                    {entry.status === 'invited'
                      ? intl.formatMessage({ id: 'admin.waitlist.invited', defaultMessage: 'Invited' })
                      : intl.formatMessage({ id: 'admin.waitlist.member', defaultMessage: 'Member' })}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
