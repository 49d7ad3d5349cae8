import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginInputSchema, type LoginInput } from '@shared/schemas/auth';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useLogin } from '../api';
import { PasswordInput } from './password-input';
import { useIntl } from '@web/lib/i18n/use-intl';
import { pageAfterSignIn } from '../after-sign-in';

export function LoginForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const login = useLogin();
  // only back to an heir's release page (decision 078), never anywhere a link could name
  const [params] = useSearchParams();
  const next = pageAfterSignIn(params);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  // mutateAsync, not mutate: a signed-in user leaves this guest-only page at once, and the promise still
  // settles after the unmount where mutate's per-call callbacks would not.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'auth.login.failed', defaultMessage: 'Login failed' }),
        description: errorMessage(error, intl.formatMessage({ id: 'auth.login.invalid', defaultMessage: 'Invalid email or password' })),
      });
      return;
    }
    toast({
      title: intl.formatMessage({ id: 'auth.login.success', defaultMessage: 'Login successful' }),
      description: intl.formatMessage({ id: 'auth.login.welcomeBack', defaultMessage: 'Welcome back!' }),
    });
    navigate(next);
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {intl.formatMessage({ id: 'auth.login.title', defaultMessage: 'Login' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({ id: 'auth.login.description', defaultMessage: 'Welcome back. Sign in to continue your story.' })}
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
          <FormField label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Password' })} error={errors.password}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Link
            to="/forgot-password"
            className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {intl.formatMessage({ id: 'auth.login.forgot', defaultMessage: 'Forgot password?' })}
          </Link>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <SubmitButton
            size="lg"
            isPending={login.isPending}
            pendingLabel={intl.formatMessage({ id: 'auth.login.pending', defaultMessage: 'Logging in...' })}
          >
            {intl.formatMessage({ id: 'auth.login.submit', defaultMessage: 'Login' })}
          </SubmitButton>
          <p className="text-center text-sm text-muted-foreground">
            {intl.formatMessage(
              { id: 'auth.login.notMember', defaultMessage: 'Not a member yet? <link>Join Waitlist</link>' },
              {
                link: (chunks) => (
                  <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
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
