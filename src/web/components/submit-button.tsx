import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & {
  isPending: boolean;
  /** What the button says while the form is sent ('Saving...'); without it the label stays. */
  pendingLabel?: ReactNode;
};

/** A form's submit button: disabled with a spinner while the form is sent. */
export function SubmitButton({ isPending, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button {...props} type="submit" disabled={isPending || disabled}>
      {isPending && <Spinner />}
      {isPending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
