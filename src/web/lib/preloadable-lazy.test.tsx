import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** Every state the page shows, in order: the fallback, or the component's text. */
function renderRecorded(ui: React.ReactNode) {
  const seen: string[] = [];
  const Fallback = () => {
    seen.push('fallback');
    return <p>Loading</p>;
  };
  render(<Suspense fallback={<Fallback />}>{ui}</Suspense>);
  return seen;
}

afterEach(cleanup);

describe('preloadableLazy', () => {
  it('renders at once, without the fallback, once preloaded', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve(Greeting));
    await Lazy.preload();
    const seen = renderRecorded(<Lazy name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('suspends like React.lazy when not preloaded, and stays lazy once it has rendered so', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve(Greeting));
    const seen = renderRecorded(<Lazy name="Ada" />);
    expect(seen).toContain('fallback');
    await act(async () => {});
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    await Lazy.preload();
    expect(screen.getByText('Hello Ada')).toBeTruthy(); // the mounted tree is not swapped
  });
});
