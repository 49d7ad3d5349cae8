import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailChangeInputSchema, type EmailChangeInput } from '@shared/schemas/account';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
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
import { useChangeEmail } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A new address takes effect only once the link sent to it is opened, so a typo cannot lock anyone out. */
export function ChangeEmailDialog() {
  const [open, setOpen] = useState(false);
  const changeEmail = useChangeEmail();
  const intl = useIntl();
  const form = useForm<EmailChangeInput>({ resolver: zodResolver(emailChangeInputSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    changeEmail.mutate(values, {
      onSuccess: (result) => {
        toast({
          title: intl.formatMessage({ id: 'account.changeEmail.checkInbox', defaultMessage: 'Check your new inbox' }),
          description: result.message,
        });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.changeEmail.notChanged', defaultMessage: 'E-mail address not changed' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'account.somethingWrong', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">{intl.formatMessage({ id: 'account.changeEmail.open', defaultMessage: 'Change e-mail address' })}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'account.changeEmail.title', defaultMessage: 'Change your e-mail address' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'account.changeEmail.description',
              defaultMessage:
                'We will send a link to the new address. The change takes effect once you open it; until then you keep signing in with your current address.',
            })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            label={intl.formatMessage({ id: 'account.changeEmail.newAddress', defaultMessage: 'New e-mail address' })}
            error={errors.email}
          >
            <Input
              type="email"
              autoComplete="email"
              placeholder={intl.formatMessage({ id: 'account.changeEmail.placeholder', defaultMessage: 'you@example.com' })}
              {...form.register('email')}
            />
          </FormField>
          <FormField
            label={intl.formatMessage({ id: 'account.changeEmail.password', defaultMessage: 'Current password' })}
            error={errors.password}
          >
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{intl.formatMessage({ id: 'account.cancel', defaultMessage: 'Cancel' })}</Button>
            </DialogClose>
            <SubmitButton
              isPending={changeEmail.isPending}
              pendingLabel={intl.formatMessage({ id: 'account.changeEmail.sending', defaultMessage: 'Sending...' })}
            >
              {intl.formatMessage({ id: 'account.changeEmail.submit', defaultMessage: 'Send verification link' })}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
