import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { registerInputSchema, type RegisterInput } from '@shared/schemas/auth';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useRegister } from '../api';
import { NewPasswordFields } from './new-password-fields';

const today = () => new Date().toISOString().slice(0, 10);

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: {
      firstName: '',
      surname: '',
      email: '',
      dateOfBirth: '',
      mobileNumber: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      { ...values, mobileNumber: values.mobileNumber || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Registration successful!', description: 'You can now log in to your account.' });
          navigate('/login');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Registration failed',
            description: errorMessage(error, 'Please try again'),
          }),
      },
    ),
  );

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Create your account
        </CardTitle>
        <CardDescription>Start keeping the stories that matter, in one safe place.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" error={errors.firstName}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Surname" error={errors.surname}>
              <Input autoComplete="family-name" {...form.register('surname')} />
            </FormField>
          </div>
          <FormField label="Email" error={errors.email}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Date of Birth" error={errors.dateOfBirth}>
              <Input type="date" min="1900-01-01" max={today()} {...form.register('dateOfBirth')} />
            </FormField>
            <FormField label="Mobile Number (optional)" error={errors.mobileNumber}>
              <Input type="tel" autoComplete="tel" {...form.register('mobileNumber')} />
            </FormField>
          </div>
          <NewPasswordFields
            label="Password"
            password={form.register('password')}
            confirmPassword={form.register('confirmPassword')}
            errors={errors}
          />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <Button type="submit" size="lg" disabled={register.isPending}>
            {register.isPending && <Spinner />}
            Register
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Log in
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  );
}
