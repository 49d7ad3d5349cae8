import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { accountDeletionInputSchema, type AccountDeletionInput } from '@shared/schemas/account';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDeleteAccount } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const intl = useIntl();
  const form = useForm<AccountDeletionInput>({ resolver: zodResolver(accountDeletionInputSchema), defaultValues: { password: '' } });

  const onOpenChange = (next: boolean) => {
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    deleteAccount.mutate(values, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'account.delete.deleted', defaultMessage: 'Account deleted' }),
          description: intl.formatMessage({
            id: 'account.delete.deletedText',
            defaultMessage: 'Your account and everything in it have been deleted. Take care.',
          }),
        });
        navigate('/login');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.delete.notDeleted', defaultMessage: 'Account not deleted' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'account.somethingWrong', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    }),
  );

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.delete.title', defaultMessage: 'Delete my account' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.delete.description',
            defaultMessage:
              'Permanently removes your account and everything in it: memories, photos, documents, contacts and your profile. This cannot be undone, so first use Export everything under Your data above to keep a complete copy.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="destructive">{intl.formatMessage({ id: 'account.delete.title', defaultMessage: 'Delete my account' })}</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                {intl.formatMessage({ id: 'account.delete.confirmTitle', defaultMessage: 'Delete your account for good?' })}
              </DialogTitle>
              <DialogDescription>
                {intl.formatMessage({
                  id: 'account.delete.confirmText',
                  defaultMessage:
                    'Everything you have kept in heirloom will be erased and cannot be recovered. Enter your password to confirm.',
                })}
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField
                label={intl.formatMessage({ id: 'account.delete.password', defaultMessage: 'Password' })}
                error={form.formState.errors.password}
              >
                <Input type="password" autoComplete="current-password" {...form.register('password')} />
              </FormField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">{intl.formatMessage({ id: 'account.delete.keep', defaultMessage: 'Keep my account' })}</Button>
                </DialogClose>
                <SubmitButton variant="destructive" isPending={deleteAccount.isPending}>
                  {intl.formatMessage({ id: 'account.delete.submit', defaultMessage: 'Delete everything' })}
                </SubmitButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
