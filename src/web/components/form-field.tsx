import type { ReactElement, ReactNode } from 'react';
import { cloneElement, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from '@web/components/ui/label';
import { translateText } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';

type FormFieldProps = {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  /** One input-like element; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
};

/** Label + control + validation message, wired for screen readers. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  useIntl(); // a form's own check speaks the page's language, and changes with it
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? messageId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={messageId} className="text-sm font-medium text-destructive">
          {translateText(error.message)}
        </p>
      )}
    </div>
  );
}
