import { useId, useState, type FormEvent } from 'react';
import { LEGACY_MESSAGES } from '@shared/schemas/legacy';
import { readKeyCode } from '@shared/key-code';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { KeyCodeInput } from './key-code-input';

/**
 * After a reload the page still shows what was released (a cookie), but the key code was kept in memory only:
 * sealed letters ask for it again. It is checked here and used in this browser; it is not sent anywhere.
 */
export function SealedCodeForm({ onKeyCode }: { onKeyCode: (keyCode: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keyCode = readKeyCode(code);
    if (!keyCode) {
      setError(LEGACY_MESSAGES.keyCodeInvalid);
      return;
    }
    setError(null);
    onKeyCode(keyCode);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-prose gap-3 rounded-xl border bg-muted/40 p-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Key code for sealed letters</Label>
        <KeyCodeInput
          id={id}
          value={code}
          onValueChange={setCode}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Sealed letters open only in a browser that has your key code. It stays on this page and is forgotten when you leave.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full sm:w-fit">
        Open sealed letters
      </Button>
    </form>
  );
}
