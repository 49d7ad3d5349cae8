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

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  // only back to an heir's release page (decision 078), never anywhere a link could name
  const [params] = useSearchParams();
  const next = params.get('next') === '/legacy' ? '/legacy' : '/dashboard';
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
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(error, 'Invalid email or password') });
      return;
    }
    toast({ title: 'Login successful', description: 'Welcome back!' });
    navigate(next);
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Login
        </CardTitle>
        <CardDescription>Welcome back. Sign in to continue your story.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <FormField label="Email" error={errors.email}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </FormField>
          <FormField label="Password" error={errors.password}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Link
            to="/forgot-password"
            className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <SubmitButton size="lg" isPending={login.isPending} pendingLabel="Logging in...">
            Login
          </SubmitButton>
          <p className="text-center text-sm text-muted-foreground">
            Not a member yet?{' '}
            <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Join Waitlist
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  );
}
