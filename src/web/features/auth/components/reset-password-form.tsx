import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { accountTokenSchema, RESET_LINK_INVALID, resetPasswordInputSchema, type ResetPasswordInput } from '@shared/schemas/auth';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useResetPassword } from '../api';
import { AuthMessageCard } from './auth-message-card';
import { NewPasswordFields } from './new-password-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

const NOT_A_LINK = accountTokenSchema.safeParse('').error?.issues[0]?.message ?? RESET_LINK_INVALID;

/** A link that can no longer be used; the message says so and the button asks for another. */
function InvalidLink({ message }: { message: string }) {
  const intl = useIntl();
  return (
    <AuthMessageCard
      title={intl.formatMessage({ id: 'auth.link.invalid', defaultMessage: 'This link cannot be used' })}
      message={message}
      tone="error"
    >
      <Button asChild>
        <Link to="/forgot-password">{intl.formatMessage({ id: 'auth.link.askNew', defaultMessage: 'Ask for a new link' })}</Link>
      </Button>
    </AuthMessageCard>
  );
}

/** The link's token is refused as a whole (used, expired or malformed), unlike the password rules. */
function isLinkRefusal(error: unknown) {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  return error instanceof ApiError && error.status === 400 && (message === RESET_LINK_INVALID || message === NOT_A_LINK);
}

/** Chooses a new password with the token from the mail's link; the registration password rules apply. */
export function ResetPasswordForm({ token }: { token: string }) {
  const intl = useIntl();
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (!accountTokenSchema.safeParse(token).success) return <InvalidLink message={NOT_A_LINK} />;

  if (resetPassword.isSuccess) {
    return (
      <AuthMessageCard
        title={intl.formatMessage({ id: 'auth.reset.changed', defaultMessage: 'Password changed' })}
        message={resetPassword.data.message}
        tone="success"
      >
        <Button asChild>
          <Link to="/login">{intl.formatMessage({ id: 'auth.goToLogin', defaultMessage: 'Go to login' })}</Link>
        </Button>
      </AuthMessageCard>
    );
  }
  if (isLinkRefusal(resetPassword.error)) return <InvalidLink message={errorMessage(resetPassword.error, RESET_LINK_INVALID)} />;

  const onSubmit = form.handleSubmit((values) =>
    resetPassword.mutate(values, {
      onError: (error) => {
        if (isLinkRefusal(error)) return; // shown in place of the form
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'auth.reset.failed', defaultMessage: 'Password not changed' }),
          description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
        });
      },
    }),
  );

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {intl.formatMessage({ id: 'auth.reset.title', defaultMessage: 'Choose a new password' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'auth.reset.description',
            defaultMessage: 'After the change, every device signed in to your account is signed out.',
          })}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <NewPasswordFields
            label={intl.formatMessage({ id: 'auth.reset.newPassword', defaultMessage: 'New Password' })}
            password={form.register('password')}
            confirmPassword={form.register('confirmPassword')}
            errors={errors}
          />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <SubmitButton
            size="lg"
            isPending={resetPassword.isPending}
            pendingLabel={intl.formatMessage({ id: 'auth.reset.pending', defaultMessage: 'Saving...' })}
          >
            {intl.formatMessage({ id: 'auth.reset.submit', defaultMessage: 'Set new password' })}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
