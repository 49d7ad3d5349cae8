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

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const form = useForm<AccountDeletionInput>({ resolver: zodResolver(accountDeletionInputSchema), defaultValues: { password: '' } });

  const onOpenChange = (next: boolean) => {
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    deleteAccount.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Account deleted', description: 'Your account and everything in it have been deleted. Take care.' });
        navigate('/login');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Account not deleted',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
    }),
  );

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete my account</CardTitle>
        <CardDescription>
          Permanently removes your account and everything in it: memories, photos, documents, contacts and your profile. This cannot be
          undone, so first use Export everything under Your data above to keep a complete copy.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="destructive">Delete my account</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account for good?</DialogTitle>
              <DialogDescription>
                Everything you have kept in heirloom will be erased and cannot be recovered. Enter your password to confirm.
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField label="Password" error={form.formState.errors.password}>
                <Input type="password" autoComplete="current-password" {...form.register('password')} />
              </FormField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep my account</Button>
                </DialogClose>
                <SubmitButton variant="destructive" isPending={deleteAccount.isPending}>
                  Delete everything
                </SubmitButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
