import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { waitlistInputSchema, type WaitlistInput } from '@shared/schemas/waitlist';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useJoinWaitlist } from '../api';

/** spec §2/§4: one email input and a submit button; 'Joining...' with the input disabled while submitting. */
export function WaitlistForm({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const id = useId();
  const joinWaitlist = useJoinWaitlist();
  const form = useForm<WaitlistInput>({
    resolver: zodResolver(waitlistInputSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email;

  const onSubmit = form.handleSubmit((values) =>
    joinWaitlist.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Success!',
          description: "You've been added to the waitlist. We'll notify you when the product launches.",
        });
        form.reset();
      },
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, err.message) }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className={cn('w-full max-w-md', className)}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          disabled={joinWaitlist.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 flex-1"
          {...form.register('email')}
        />
        <Button type="submit" size="lg" disabled={joinWaitlist.isPending} className="h-11">
          {joinWaitlist.isPending && <Spinner />}
          {joinWaitlist.isPending ? 'Joining...' : 'Join Waitlist'}
        </Button>
      </div>
      {error?.message && (
        <p
          id={`${id}-error`}
          className={cn('mt-2 text-sm font-medium', tone === 'dark' ? 'text-amber-100' : 'text-destructive')}
        >
          {error.message}
        </p>
      )}
    </form>
  );
}
