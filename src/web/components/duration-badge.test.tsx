import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DurationBadge, formatDuration } from './duration-badge';

describe('formatDuration', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3000)).toBe('0:03');
    expect(formatDuration(2_600)).toBe('0:03'); // nearest second: a 3-s clip measured a little short
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(59 * 60_000 + 59_000)).toBe('59:59');
    expect(formatDuration(3_600_000)).toBe('1:00:00');
    expect(formatDuration(3_600_000 + 2 * 60_000 + 7_000)).toBe('1:02:07');
    expect(formatDuration(12 * 3_600_000)).toBe('12:00:00');
  });

  it('never shows a negative length', () => {
    expect(formatDuration(-500)).toBe('0:00');
  });
});

describe('DurationBadge', () => {
  afterEach(cleanup);

  it('says "Video" to screen readers before the time, and only "Video" while the length is unknown', () => {
    const { container, rerender } = render(<DurationBadge durationMs={125_000} />);
    expect(container.textContent).toBe('Video, 2:05');
    rerender(<DurationBadge durationMs={null} />);
    expect(container.textContent).toBe('Video');
  });
});
