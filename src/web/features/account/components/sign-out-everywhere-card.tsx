import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useLogoutEverywhere } from '../api';

export function SignOutEverywhereCard() {
  const navigate = useNavigate();
  const logoutEverywhere = useLogoutEverywhere();

  const onConfirm = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: 'Signed out everywhere',
          description: 'Every session has ended, this one too. Log in again whenever you are ready.',
        });
        navigate('/login');
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not sign out everywhere', description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign out everywhere</CardTitle>
        <CardDescription>Lost a phone or used a shared computer? End every session on every device, including this one.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          title="Sign out everywhere?"
          text="You will be signed out on every device, including this one, and will need to log in again."
          confirmLabel="Sign out everywhere"
          destructive={false}
          onConfirm={onConfirm}
          trigger={
            <Button variant="outline" disabled={logoutEverywhere.isPending}>
              Sign out everywhere
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
