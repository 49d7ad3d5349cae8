import { KeyRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { LEGACY_MESSAGES } from '@shared/schemas/legacy';
import { readKeyCode } from '@shared/key-code';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useOpenLegacy } from '../api';
import { KeyCodeInput } from './key-code-input';

/**
 * The key-code form of /legacy. Until something is released to a code, every code (valid or not) gets the
 * same neutral answer, and the form says nothing more than that.
 */
export function OpenForm({ initialCode, onOpened }: { initialCode: string; onOpened: (keyCode: string) => void }) {
  const open = useOpenLegacy();
  const [code, setCode] = useState(initialCode);
  const [typingError, setTypingError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    open.reset();
    // The check character catches a mistyped code here, before it costs one of the throttled tries.
    const keyCode = readKeyCode(code);
    if (!keyCode) {
      setTypingError(LEGACY_MESSAGES.keyCodeInvalid);
      inputRef.current?.focus();
      return;
    }
    setTypingError(null);
    try {
      const result = await open.mutateAsync(keyCode);
      if (result.released) onOpened(keyCode);
    } catch {
      inputRef.current?.focus();
    }
  };

  let answer: string | null = null;
  if (open.data && !open.data.released) answer = LEGACY_MESSAGES.nothingReleased;
  const failure = open.isError
    ? (tooManyTries(open.error) ?? errorMessage(open.error, 'The code could not be checked. Please try again.'))
    : null;
  const error = typingError ?? failure;

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Something left for you
        </CardTitle>
        <CardDescription className="text-base">
          Someone who used heirloom to keep their life story chose to hand part of it on to you, with a key code made just for you. Enter
          that code to see what has been released to you.
        </CardDescription>
      </CardHeader>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={id}>Key code</Label>
            <KeyCodeInput
              ref={inputRef}
              id={id}
              value={code}
              onValueChange={setCode}
              autoFocus={!initialCode}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            />
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              It is printed on the Legacy Kit in groups of four characters. Spaces, hyphens and small letters are fine.
            </p>
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          {answer && (
            <p role="status" className="rounded-md border bg-muted/60 p-3 text-base">
              {answer}
            </p>
          )}
        </CardContent>
        <CardFooter>
          <Button type="submit" size="lg" className="w-full" disabled={open.isPending}>
            {open.isPending ? (
              <>
                <Spinner />
                Opening...
              </>
            ) : (
              'Open'
            )}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
