import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MonthScrubber } from './month-scrubber';

/** Newest first, as /api/photos/months answers: January, June and December of 2020–2024. */
const months = ['2024', '2023', '2022', '2021', '2020'].flatMap((year) =>
  ['12', '06', '01'].map((month) => ({ month: `${year}-${month}`, count: 10 })),
);

function renderScrubber(currentMonth: string) {
  const onJump = vi.fn<(month: string) => void>();
  const view = render(<MonthScrubber months={months} currentMonth={currentMonth} onJump={onJump} isCompact={false} />);
  const showing = (month: string) =>
    view.rerender(<MonthScrubber months={months} currentMonth={month} onJump={onJump} isCompact={false} />);
  return { onJump, showing, slider: screen.getByRole('slider', { name: 'Jump to a month' }) };
}

describe('MonthScrubber keys', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds up presses made before the list has scrolled: three Page Downs go three years back', () => {
    const { onJump, slider } = renderScrubber('2024-12');
    fireEvent.keyDown(slider, { key: 'PageDown' });
    fireEvent.keyDown(slider, { key: 'PageDown' });
    fireEvent.keyDown(slider, { key: 'PageDown' });
    expect(onJump.mock.calls.map(([month]) => month)).toEqual(['2023-12', '2022-12', '2021-12']);
    expect(slider.getAttribute('aria-valuetext')).toBe('December 2021');
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(onJump).toHaveBeenLastCalledWith('2021-06');
  });

  it('steps from the month on screen once the list has reached the month asked for', () => {
    const { onJump, showing, slider } = renderScrubber('2024-12');
    fireEvent.keyDown(slider, { key: 'PageDown' });
    showing('2023-12');
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(onJump).toHaveBeenLastCalledWith('2024-01');
  });

  it('forgets a month the list never reached once the reader scrolls away from it', () => {
    const { onJump, showing, slider } = renderScrubber('2024-12');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(onJump).toHaveBeenLastCalledWith('2020-01');
    showing('2020-06'); // the oldest month is too short to reach the top of the screen
    showing('2022-06'); // then the reader scrolls back up
    expect(slider.getAttribute('aria-valuetext')).toBe('June 2022');
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(onJump).toHaveBeenLastCalledWith('2022-01');
  });

  it('forgets the month asked for when the pointer takes over', () => {
    const { onJump, slider } = renderScrubber('2024-12');
    slider.setPointerCapture = () => {}; // jsdom has no pointer capture
    fireEvent.keyDown(slider, { key: 'PageDown' });
    fireEvent.pointerDown(slider, { pointerId: 1, clientY: 0 });
    fireEvent.pointerCancel(slider, { pointerId: 1 });
    fireEvent.keyDown(slider, { key: 'PageDown' });
    expect(onJump).toHaveBeenLastCalledWith('2023-12');
  });
});
