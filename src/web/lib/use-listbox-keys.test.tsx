import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListboxKeys } from './use-listbox-keys';

const FRUITS = ['apple', 'pear', 'plum'].map((name) => ({ key: name, value: name }));

function Fruits({ onPick, onOuterEscape }: { onPick: (fruit: string) => void; onOuterEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  const { inputProps, listboxProps, optionProps } = useListboxKeys({
    options: FRUITS,
    chosenKey: 'pear',
    open,
    onOpen: () => setOpen(true),
    onPick: (fruit) => {
      setOpen(false);
      onPick(fruit);
    },
    onClose: () => setOpen(false),
  });
  return (
    // a dialog around the box, which takes Escape as "close" on the document
    <div onKeyDown={(event) => event.key === 'Escape' && onOuterEscape?.()}>
      <input {...inputProps} aria-label="Fruit" />
      <div {...listboxProps} hidden={!open} aria-label="Fruits">
        {FRUITS.map((fruit) => (
          <div key={fruit.key} {...optionProps(fruit.key, fruit.value)}>
            {fruit.value}
          </div>
        ))}
      </div>
    </div>
  );
}

const active = () => {
  const input = screen.getByRole('combobox');
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

afterEach(() => {
  cleanup();
  delete (Element.prototype as Partial<Element>).scrollIntoView; // jsdom has none
});

describe('useListboxKeys', () => {
  it('opens on an arrow key, moves round the list both ways, and marks the chosen option while none is active', () => {
    const scrolled: (string | null)[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent);
    };
    render(<Fruits onPick={() => {}} />);
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('pear').getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('plum'); // up from nothing: the last
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('apple'); // past the end: the first again
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe('apple');
    expect(screen.getByText('apple').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('pear').getAttribute('aria-selected')).toBe('false');
    expect(scrolled).toEqual(['plum', 'apple', 'pear', 'apple']); // each active option brought into view
  });

  it('picks the active option with Enter and a pointed one with a click; Enter with none active picks nothing', () => {
    const onPick = vi.fn();
    render(<Fruits onPick={onPick} />);
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith('pear');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'Enter' }); // closed, nothing active
    expect(onPick).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.mouseMove(screen.getByText('plum'));
    expect(active()).toBe('plum');
    fireEvent.click(screen.getByText('plum'));
    expect(onPick).toHaveBeenLastCalledWith('plum');
  });

  it('closes the open list on Escape before anything around it hears the key; a closed list lets it through', () => {
    const onOuterEscape = vi.fn();
    render(<Fruits onPick={() => {}} onOuterEscape={onOuterEscape} />);
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(onOuterEscape).not.toHaveBeenCalled();

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onOuterEscape).toHaveBeenCalledTimes(1);
  });
});
