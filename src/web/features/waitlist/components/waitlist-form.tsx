import { useId, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '@web/components/submit-button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { cn } from '@web/lib/cn';
import { preloadWaitlist, useJoinWaitlist, validateWaitlistInput, waitlistErrorMessage } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * spec §2/§4: one email input and a submit button; 'Joining...' with the input disabled while submitting.
 * A single field needs no form library; it is validated with the shared waitlistInputSchema. The input is
 * uncontrolled: on the prerendered landing page (decision 035) a visitor may type before React has hydrated
 * the form, and the address is read from the form when it is sent.
 */
export function WaitlistForm({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const id = useId();
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const joinWaitlist = useJoinWaitlist();
  const isPending = joinWaitlist.isPending;
  const isBusy = useRef(false); // blocks a second submit while the first is still being validated

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy.current) return;
    isBusy.current = true;
    const form = event.currentTarget;
    try {
      const input = { email: String(new FormData(form).get('email') ?? '').trim() };
      const problem = await validateWaitlistInput(input);
      setError(problem);
      if (problem) return;

      try {
        await joinWaitlist.mutateAsync(input);
      } catch (err) {
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'waitlist.form.errorTitle', defaultMessage: 'Error' }),
          description: await waitlistErrorMessage(err),
        });
        return;
      }
      toast({
        title: intl.formatMessage({ id: 'waitlist.form.successTitle', defaultMessage: 'Success!' }),
        description: intl.formatMessage({
          id: 'waitlist.form.successText',
          defaultMessage: "You've been added to the waitlist. We'll notify you when the product launches.",
        }),
      });
      form.reset();
    } finally {
      isBusy.current = false;
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className={cn('w-full max-w-md', className)}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          {intl.formatMessage({ id: 'waitlist.form.emailLabel', defaultMessage: 'Email address' })}
        </label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={intl.formatMessage({ id: 'waitlist.form.emailPlaceholder', defaultMessage: 'Enter your email' })}
          onFocus={preloadWaitlist}
          disabled={isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 flex-1"
        />
        <SubmitButton
          size="lg"
          isPending={isPending}
          pendingLabel={intl.formatMessage({ id: 'waitlist.form.pending', defaultMessage: 'Joining...' })}
          className="h-11"
        >
          {intl.formatMessage({ id: 'waitlist.form.submit', defaultMessage: 'Join Waitlist' })}
        </SubmitButton>
      </div>
      {error && (
        <p id={`${id}-error`} className={cn('mt-2 text-sm font-medium', tone === 'dark' ? 'text-amber-100' : 'text-destructive')}>
          {error}
        </p>
      )}
    </form>
  );
}
