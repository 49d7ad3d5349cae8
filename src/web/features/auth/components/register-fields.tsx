import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerInputSchema, type RegisterInput } from '@shared/schemas/auth';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localDay } from '@web/lib/local-day';
import { useCreateOwner, useRegister } from '../api';
import { NewPasswordFields } from './new-password-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Which account the form makes: the owner's (first run), an invited person's, or by the spec's open form. */
export type RegisterMode = { kind: 'owner' } | { kind: 'invited'; token: string; email: string } | { kind: 'register' };

export function RegisterFields({ mode }: { mode: RegisterMode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const register = useRegister();
  // an heir who signs up to keep a release goes on to sign in and back to it (decision 078)
  const [params] = useSearchParams();
  const loginPath = params.get('next') === '/legacy' ? '/login?next=/legacy' : '/login';
  const createOwner = useCreateOwner();
  const submitting = mode.kind === 'owner' ? createOwner : register;
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: {
      firstName: '',
      surname: '',
      email: mode.kind === 'invited' ? mode.email : '',
      dateOfBirth: '',
      mobileNumber: '',
      password: '',
      confirmPassword: '',
      ...(mode.kind === 'invited' && { invitation: mode.token }),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    submitting.mutate(
      { ...values, mobileNumber: values.mobileNumber || undefined },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'auth.register.success', defaultMessage: 'Registration successful!' }),
            description: intl.formatMessage({ id: 'auth.register.successText', defaultMessage: 'You can now log in to your account.' }),
          });
          navigate(loginPath);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'auth.register.failed', defaultMessage: 'Registration failed' }),
            description: errorMessage(error, intl.formatMessage({ id: 'auth.register.tryAgain', defaultMessage: 'Please try again' })),
          }),
      },
    ),
  );

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {intl.formatMessage({ id: 'auth.register.title', defaultMessage: 'Create your account' })}
        </CardTitle>
        <CardDescription>
          {mode.kind === 'owner'
            ? intl.formatMessage({
                id: 'auth.register.ownerDescription',
                defaultMessage:
                  'This heirloom has no account yet: this first account is its owner and administrator, who invites the family.',
              })
            : intl.formatMessage({
                id: 'auth.register.description',
                defaultMessage: 'Start keeping the stories that matter, in one safe place.',
              })}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={intl.formatMessage({ id: 'auth.field.firstName', defaultMessage: 'First Name' })} error={errors.firstName}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label={intl.formatMessage({ id: 'auth.field.surname', defaultMessage: 'Surname' })} error={errors.surname}>
              <Input autoComplete="family-name" {...form.register('surname')} />
            </FormField>
          </div>
          <FormField
            label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
            error={errors.email}
            hint={
              mode.kind === 'invited'
                ? intl.formatMessage({
                    id: 'auth.register.invitedHint',
                    defaultMessage: 'Your invitation was sent to this address; it is the one you sign in with.',
                  })
                : undefined
            }
          >
            <Input
              type="email"
              autoComplete="email"
              placeholder={intl.formatMessage({ id: 'auth.field.emailPlaceholder', defaultMessage: 'you@example.com' })}
              readOnly={mode.kind === 'invited'}
              {...form.register('email')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={intl.formatMessage({ id: 'auth.field.dateOfBirth', defaultMessage: 'Date of Birth' })}
              error={errors.dateOfBirth}
            >
              <Input type="date" min="1900-01-01" max={localDay()} {...form.register('dateOfBirth')} />
            </FormField>
            <FormField
              label={intl.formatMessage({ id: 'auth.field.mobile', defaultMessage: 'Mobile Number (optional)' })}
              error={errors.mobileNumber}
            >
              <Input type="tel" autoComplete="tel" {...form.register('mobileNumber')} />
            </FormField>
          </div>
          <NewPasswordFields
            label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Password' })}
            password={form.register('password')}
            confirmPassword={form.register('confirmPassword')}
            errors={errors}
          />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <SubmitButton size="lg" isPending={submitting.isPending}>
            {intl.formatMessage({ id: 'auth.register.submit', defaultMessage: 'Register' })}
          </SubmitButton>
          <p className="text-center text-sm text-muted-foreground">
            {intl.formatMessage(
              { id: 'auth.register.haveAccount', defaultMessage: 'Already have an account? <link>Log in</link>' },
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
