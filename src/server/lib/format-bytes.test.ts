import { describe, expect, it } from 'vitest';
import { formatSize } from './format-bytes';

describe('formatSize', () => {
  it('writes sizes the way a sentence needs them', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(900_000)).toBe('879 KB');
    expect(formatSize(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatSize(9.8 * 1024 ** 3)).toBe('9.8 GB');
    expect(formatSize(10240 * 1024 * 1024)).toBe('10 GB');
  });
});
