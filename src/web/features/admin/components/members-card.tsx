import type { Member } from '@shared/schemas/admin';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useInstanceSettings, useMembers, useSetMemberDisabled } from '../api';

export function MembersCard() {
  const members = useMembers();
  const settings = useInstanceSettings();
  const quota = settings.data ? ` of ${formatBytes(settings.data.quotaBytes)}` : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          Everyone with an account here. A disabled account cannot sign in; its library, shared links and Legacy Plan stay.
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
                {member.isAdministrator && <Badge variant="secondary">Administrator</Badge>}
                {member.disabled && <Badge variant="destructive">Disabled</Badge>}
                <span className="block text-xs text-muted-foreground">
                  {member.email} · {formatBytes(member.usedBytes)}
                  {quota} stored
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
  const name = `${member.firstName} ${member.surname}`;
  const change = (disabled: boolean) =>
    setDisabled.mutate(
      { id: member.id, disabled },
      {
        onSuccess: () =>
          toast({
            title: disabled ? 'Account disabled' : 'Account enabled',
            description: disabled ? `${name} is signed out everywhere and cannot sign in.` : `${name} can sign in again.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not change the account', description: errorMessage(error, 'Please try again.') }),
      },
    );

  if (member.disabled) {
    return (
      <Button variant="outline" size="sm" disabled={setDisabled.isPending} onClick={() => change(false)} aria-label={`Enable ${name}`}>
        Enable
      </Button>
    );
  }
  return (
    <ConfirmDialog
      title={`Disable ${name}'s account?`}
      text="They are signed out on every device and cannot sign in until you enable the account again. Nothing they keep is deleted: their shared links and Legacy Plan keep working."
      confirmLabel="Disable account"
      onConfirm={() => change(true)}
      trigger={
        <Button variant="outline" size="sm" disabled={setDisabled.isPending} aria-label={`Disable ${name}`}>
          Disable
        </Button>
      }
    />
  );
}
