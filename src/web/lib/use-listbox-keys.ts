import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** One option of the list: its key (unique in the list) and what picking it gives. */
export interface ListboxOption<T> {
  key: string;
  value: T;
}

/**
 * The keyboard and ARIA of a combobox whose input keeps focus while a listbox below it is open (the ARIA combobox
 * pattern): arrow keys move the active option round the list (opening it) and scroll it into view, Enter picks it,
 * Escape closes the list and only the list, the pointer makes an option active and a click picks it.
 * `options` are in the order the arrow keys walk; `chosenKey` is marked selected while none is active.
 */
export function useListboxKeys<T>({
  options,
  chosenKey,
  open,
  onOpen,
  onPick,
  onClose,
}: {
  options: readonly ListboxOption<T>[];
  chosenKey?: string;
  open: boolean;
  onOpen: () => void;
  onPick: (value: T) => void;
  onClose: () => void;
}) {
  const [activeKey, setActiveKey] = useState<string>();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const optionId = (key: string) => `${listId}-${key}`;
  const active = options.find((option) => option.key === activeKey);

  const pick = (value: T) => {
    setActiveKey(undefined);
    onPick(value);
  };
  const move = (step: 1 | -1) => {
    if (!open) onOpen();
    if (options.length === 0) return;
    const at = options.findIndex((option) => option.key === activeKey);
    const next = at === -1 ? (step === 1 ? 0 : options.length - 1) : (at + step + options.length) % options.length;
    setActiveKey(options[next]!.key);
    document.getElementById(optionId(options[next]!.key))?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open && active) {
      event.preventDefault();
      pick(active.value);
    }
  };
  useEscapeClosesFirst(open, inputRef, () => {
    setActiveKey(undefined);
    onClose();
  });

  return {
    activeKey,
    setActiveKey,
    /** Spread on the input. */
    inputProps: {
      ref: inputRef,
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': open && active ? optionId(active.key) : undefined,
      autoComplete: 'off',
      onKeyDown,
    } as const,
    /** Spread on the element that holds the options. */
    listboxProps: { id: listId, role: 'listbox' } as const,
    /** Spread on each option. */
    optionProps: (key: string, value: T) =>
      ({
        id: optionId(key),
        role: 'option',
        'aria-selected': key === activeKey || (activeKey === undefined && key === chosenKey),
        onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(), // the input keeps focus
        onMouseMove: () => setActiveKey(key),
        onClick: () => pick(value),
      }) as const,
  };
}

/**
 * Escape closes the open list and only the list: caught on the window before a dialog around the box (the photo
 * viewer), which listens on the document, takes it as "close".
 */
function useEscapeClosesFirst(open: boolean, inputRef: RefObject<HTMLInputElement | null>, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [open, inputRef]);
}
