import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { SHARING_MESSAGES, unlockInputSchema } from '@shared/schemas/sharing';
import { FormField } from '@web/components/form-field';
import { SecretFormCard } from '@web/components/secret-form-card';
import { CardDescription } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useUnlockSharedLink } from '../api';

type UnlockInput = { password: string };

/** What a refused password says: wrong, or wait (429 with Retry-After), or the server's own message. */
function refusal(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return SHARING_MESSAGES.wrongPassword;
  return (
    tooManyTries(error) ??
    errorMessage(
      error,
      activeIntl().formatMessage({
        id: 'sharedView.unlock.checkFailed',
        defaultMessage: 'Could not check the password. Please try again.',
      }),
    )
  );
}

/** A public link with a password: asked once, then a cookie lets the collection and its images load. */
export function UnlockForm({ token }: { token: string }) {
  const intl = useIntl();
  const unlock = useUnlockSharedLink(token);
  const form = useForm<UnlockInput>({ resolver: zodResolver(unlockInputSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await unlock.mutateAsync(password);
    } catch {
      form.setFocus('password');
    }
  });

  return (
    <SecretFormCard
      icon={LockKeyhole}
      title={SHARING_MESSAGES.passwordRequired}
      description={
        <CardDescription>
          {intl.formatMessage({ id: 'sharedView.unlock.description', defaultMessage: 'Enter the password you were given with the link.' })}
        </CardDescription>
      }
      onSubmit={onSubmit}
      isPending={unlock.isPending}
    >
      <FormField label={intl.formatMessage({ id: 'sharedView.unlock.password', defaultMessage: 'Password' })} error={errors.password}>
        <Input type="password" autoComplete="off" autoFocus {...form.register('password')} />
      </FormField>
      {unlock.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal(unlock.error)}
        </p>
      )}
    </SecretFormCard>
  );
}
