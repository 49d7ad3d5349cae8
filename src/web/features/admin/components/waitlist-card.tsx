import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useInvite, useWaitlist } from '../api';

/** The landing page's waitlist form, read as people asking to join this heirloom. */
export function WaitlistCard() {
  const waitlist = useWaitlist();
  const invite = useInvite();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Asking to join</CardTitle>
        <CardDescription>People who left their address on the home page.</CardDescription>
      </CardHeader>
      <CardContent>
        {waitlist.data?.length === 0 && <p className="text-sm text-muted-foreground">Nobody has asked to join yet.</p>}
        {waitlist.data && waitlist.data.length > 0 && (
          <ul className="divide-y rounded-md border">
            {waitlist.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 break-all">
                  {entry.email}
                  <span className="block text-xs text-muted-foreground">Asked on {formatLongDate(entry.createdAt)}</span>
                </span>
                {entry.status === 'waiting' ? (
                  <Button
                    size="sm"
                    disabled={invite.isPending}
                    aria-label={`Invite ${entry.email}`}
                    onClick={() =>
                      invite.mutate(
                        { email: entry.email },
                        {
                          onSuccess: () =>
                            toast({ title: 'Invitation sent', description: `${entry.email} will receive a link to make an account.` }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: 'Could not invite',
                              description: errorMessage(error, 'Please try again.'),
                            }),
                        },
                      )
                    }
                  >
                    Invite
                  </Button>
                ) : (
                  <Badge variant="secondary">{entry.status === 'invited' ? 'Invited' : 'Member'}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
