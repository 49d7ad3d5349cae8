import type { ChangeEvent, ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';

/** The code in groups of four as it is typed: spaces, hyphens and case do not matter (readKeyCode is forgiving too). */
export function groupKeyCode(value: string) {
  const symbols = value.toUpperCase().replace(/[^0-9A-Z*~$=]/g, '');
  return symbols.match(/.{1,4}/g)?.join('-') ?? '';
}

type KeyCodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void };

/** A key code field: regrouped while typing at the end; left alone while deleting or editing in the middle, so the caret never jumps. */
export function KeyCodeInput({ value, onValueChange, ...props }: KeyCodeInputProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const isDeleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;
    const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
    onValueChange(!isDeleting && atEnd ? groupKeyCode(input.value) : input.value);
  };
  return (
    <Input
      {...props}
      value={value}
      onChange={onChange}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      placeholder="XXXX-XXXX-XXXX-…"
      className="font-mono text-lg tracking-wider md:text-lg"
    />
  );
}
