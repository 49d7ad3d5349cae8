import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { LEGACY_MESSAGES, openInputSchema } from '@shared/schemas/legacy';
import { readKeyCode } from '@shared/key-code';
import { Label } from '@web/components/ui/label';
import { KeyCodeInput } from './key-code-input';

// The check character catches a mistyped code here, before it costs one of the throttled tries.
const keyCodeFormSchema = z.object({
  keyCode: openInputSchema.shape.keyCode.refine((code) => readKeyCode(code) !== null, LEGACY_MESSAGES.keyCodeInvalid),
});
type KeyCodeForm = z.infer<typeof keyCodeFormSchema>;

/** A form of one key code, checked by its check character; submit handlers get it with readKeyCode. */
export const useKeyCodeForm = (keyCode = '') =>
  useForm<KeyCodeForm>({ resolver: zodResolver(keyCodeFormSchema), defaultValues: { keyCode } });

type KeyCodeFieldProps = {
  control: Control<KeyCodeForm>;
  label: ReactNode;
  hint: ReactNode;
  /** The field's own message, or the server's answer to the code. */
  error: string | null | undefined;
  autoFocus?: boolean;
};

/** Label, the grouped key-code input, its hint and a spoken error. */
export function KeyCodeField({ control, label, hint, error, autoFocus }: KeyCodeFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name="keyCode"
        render={({ field }) => (
          <KeyCodeInput
            ref={field.ref}
            id={id}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
