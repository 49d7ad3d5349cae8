import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

type DialogFormProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog brings its own. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  isPending: boolean;
  /** A react-hook-form handleSubmit(…). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** The dialog's own classes, e.g. scrolling for a long form. */
  className?: string;
};

/** A dialog that is one form: heading, the fields, then Cancel and the submit button (Enter submits). */
export function DialogForm({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  submitLabel,
  isPending,
  onSubmit,
  children,
  className,
}: DialogFormProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {intl.formatMessage({ id: 'common.cancel', defaultMessage: 'Cancel' })}
            </Button>
            <Button type="submit" disabled={isPending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
