import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { buttonVariants } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';

type ConfirmDialogProps = {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** The element that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
  /** Controlled use, e.g. when the dialog is opened from a menu item. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** Ask before doing something that cannot be undone, e.g. the vault's 'Delete File' (spec §2). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  destructive = true,
  onConfirm,
  trigger,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel ?? intl.formatMessage({ id: 'common.cancel', defaultMessage: 'Cancel' })}</AlertDialogCancel>
          <AlertDialogAction className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
