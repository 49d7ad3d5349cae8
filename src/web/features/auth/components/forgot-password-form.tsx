import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@shared/schemas/auth';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useForgotPassword } from '../api';
import { AuthMessageCard } from './auth-message-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const intl = useIntl();
  const forgotPassword = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    forgotPassword.mutate(values, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'auth.forgot.failed', defaultMessage: 'Could not send the link' }),
          description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
        }),
    }),
  );

  if (forgotPassword.isSuccess) {
    return (
      <AuthMessageCard
        title={intl.formatMessage({ id: 'auth.forgot.sentTitle', defaultMessage: 'Check your inbox' })}
        message={forgotPassword.data.message}
        tone="success"
      >
        <Button asChild variant="outline">
          <Link to="/login">{intl.formatMessage({ id: 'auth.backToLogin', defaultMessage: 'Back to login' })}</Link>
        </Button>
      </AuthMessageCard>
    );
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {intl.formatMessage({ id: 'auth.forgot.title', defaultMessage: 'Forgot your password?' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'auth.forgot.description',
            defaultMessage: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
          })}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <FormField label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })} error={errors.email}>
            <Input
              type="email"
              autoComplete="email"
              placeholder={intl.formatMessage({ id: 'auth.field.emailPlaceholder', defaultMessage: 'you@example.com' })}
              {...form.register('email')}
            />
          </FormField>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <SubmitButton
            size="lg"
            isPending={forgotPassword.isPending}
            pendingLabel={intl.formatMessage({ id: 'auth.forgot.pending', defaultMessage: 'Sending...' })}
          >
            {intl.formatMessage({ id: 'auth.forgot.submit', defaultMessage: 'Send reset link' })}
          </SubmitButton>
          <p className="text-center text-sm text-muted-foreground">
            {intl.formatMessage(
              { id: 'auth.forgot.remembered', defaultMessage: 'Remembered it? <link>Back to login</link>' },
              {
                link: (chunks) => (
                  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                    {chunks}
                  </Link>
                ),
              },
            )}
          </p>
        </CardFooter>
      </form>
    </Card>
  );
}
