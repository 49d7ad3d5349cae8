import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useLogoutEverywhere } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

export function SignOutEverywhereCard() {
  const navigate = useNavigate();
  const logoutEverywhere = useLogoutEverywhere();
  const intl = useIntl();

  const onConfirm = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'account.signOutAll.done', defaultMessage: 'Signed out everywhere' }),
          description: intl.formatMessage({
            id: 'account.signOutAll.doneText',
            defaultMessage: 'Every session has ended, this one too. Log in again whenever you are ready.',
          }),
        });
        navigate('/login');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.signOutAll.failed', defaultMessage: 'Could not sign out everywhere' }),
          description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.signOutAll.title', defaultMessage: 'Sign out everywhere' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.signOutAll.description',
            defaultMessage: 'Lost a phone or used a shared computer? End every session on every device, including this one.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          title={intl.formatMessage({ id: 'account.signOutAll.confirmTitle', defaultMessage: 'Sign out everywhere?' })}
          text={intl.formatMessage({
            id: 'account.signOutAll.confirmText',
            defaultMessage: 'You will be signed out on every device, including this one, and will need to log in again.',
          })}
          confirmLabel={intl.formatMessage({ id: 'account.signOutAll.title', defaultMessage: 'Sign out everywhere' })}
          destructive={false}
          onConfirm={onConfirm}
          trigger={
            <Button variant="outline" disabled={logoutEverywhere.isPending}>
              {intl.formatMessage({ id: 'account.signOutAll.title', defaultMessage: 'Sign out everywhere' })}
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
