import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordChangeInputSchema, type PasswordChangeInput } from '@shared/schemas/account';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useChangePassword } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const intl = useIntl();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeInputSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'account.password.changed', defaultMessage: 'Password changed' }),
          description: intl.formatMessage({
            id: 'account.password.changedText',
            defaultMessage: 'Your new password is in place. Any other devices have been signed out.',
          }),
        });
        form.reset();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.password.notChanged', defaultMessage: 'Password not changed' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'account.somethingWrong', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.password.title', defaultMessage: 'Change password' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.password.description',
            defaultMessage: 'After the change, every other device you use is signed out; this one stays signed in.',
          })}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 sm:max-w-md">
          <FormField
            label={intl.formatMessage({ id: 'account.password.current', defaultMessage: 'Current Password' })}
            error={errors.currentPassword}
          >
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label={intl.formatMessage({ id: 'account.password.new', defaultMessage: 'New Password' })}
            error={errors.newPassword}
            hint={intl.formatMessage({
              id: 'account.password.hint',
              defaultMessage: 'At least 8 characters, with an uppercase letter, a number and a special character.',
            })}
          >
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField
            label={intl.formatMessage({ id: 'account.password.confirm', defaultMessage: 'Confirm New Password' })}
            error={errors.confirmPassword}
          >
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <SubmitButton
            isPending={changePassword.isPending}
            pendingLabel={intl.formatMessage({ id: 'account.password.changing', defaultMessage: 'Changing...' })}
          >
            {intl.formatMessage({ id: 'account.password.submit', defaultMessage: 'Change Password' })}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
