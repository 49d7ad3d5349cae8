import type { Member } from '@shared/schemas/admin';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useInstanceSettings, useMembers, useSetMemberDisabled } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

export function MembersCard() {
  const intl = useIntl();
  const members = useMembers();
  const settings = useInstanceSettings();
  const quota = settings.data ? formatBytes(settings.data.quotaBytes) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'admin.members.title', defaultMessage: 'Members' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'admin.members.description',
            defaultMessage:
              'Everyone with an account here. A disabled account cannot sign in; its library, shared links and Legacy Plan stay.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border">
          {members.data?.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 break-all">
                <span className="font-medium">
                  {member.firstName} {member.surname}
                </span>{' '}
                {member.isAdministrator && (
                  <Badge variant="secondary">
                    {intl.formatMessage({ id: 'admin.members.administrator', defaultMessage: 'Administrator' })}
                  </Badge>
                )}
                {member.disabled && (
                  <Badge variant="destructive">{intl.formatMessage({ id: 'admin.members.disabled', defaultMessage: 'Disabled' })}</Badge>
                )}
                <span className="block text-xs text-muted-foreground">
                  {quota === null
                    ? intl.formatMessage(
                        { id: 'admin.members.stored', defaultMessage: '{email} · {used} stored' },
                        { email: member.email, used: formatBytes(member.usedBytes) },
                      )
                    : intl.formatMessage(
                        { id: 'admin.members.storedOfQuota', defaultMessage: '{email} · {used} of {quota} stored' },
                        { email: member.email, used: formatBytes(member.usedBytes), quota },
                      )}
                </span>
              </span>
              {!member.isAdministrator && <DisableButton member={member} />}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function DisableButton({ member }: { member: Member }) {
  const setDisabled = useSetMemberDisabled();
  const intl = useIntl();
  const name = `${member.firstName} ${member.surname}`;
  const change = (disabled: boolean) =>
    setDisabled.mutate(
      { id: member.id, disabled },
      {
        onSuccess: () =>
          toast({
            title: disabled
              ? intl.formatMessage({ id: 'admin.members.disabledToast', defaultMessage: 'Account disabled' })
              : intl.formatMessage({ id: 'admin.members.enabledToast', defaultMessage: 'Account enabled' }),
            description: disabled
              ? intl.formatMessage(
                  { id: 'admin.members.disabledText', defaultMessage: '{name} is signed out everywhere and cannot sign in.' },
                  { name },
                )
              : intl.formatMessage({ id: 'admin.members.enabledText', defaultMessage: '{name} can sign in again.' }, { name }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'admin.members.changeFailed', defaultMessage: 'Could not change the account' }),
            description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
          }),
      },
    );

  if (member.disabled) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={setDisabled.isPending}
        onClick={() => change(false)}
        aria-label={intl.formatMessage({ id: 'admin.members.enableLabel', defaultMessage: 'Enable {name}' }, { name })}
      >
        {intl.formatMessage({ id: 'admin.members.enable', defaultMessage: 'Enable' })}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      title={intl.formatMessage({ id: 'admin.members.disableTitle', defaultMessage: "Disable {name}'s account?" }, { name })}
      text={intl.formatMessage({
        id: 'admin.members.disableText',
        defaultMessage:
          'They are signed out on every device and cannot sign in until you enable the account again. Nothing they keep is deleted: their shared links and Legacy Plan keep working.',
      })}
      confirmLabel={intl.formatMessage({ id: 'admin.members.disableConfirm', defaultMessage: 'Disable account' })}
      onConfirm={() => change(true)}
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={setDisabled.isPending}
          aria-label={intl.formatMessage({ id: 'admin.members.disableLabel', defaultMessage: 'Disable {name}' }, { name })}
        >
          {intl.formatMessage({ id: 'admin.members.disable', defaultMessage: 'Disable' })}
        </Button>
      }
    />
  );
}
