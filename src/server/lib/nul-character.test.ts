import { describe, expect, it } from 'vitest';
import { cleanText, needsCleaning } from './nul-character';

describe('cleanText', () => {
  it('removes NUL and replaces unpaired surrogates, keeping pairs (emoji) whole', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(cleanText('end\uD83D')).toBe('end\uFFFD');
    expect(cleanText('Grandma 👵 at 90')).toBe('Grandma 👵 at 90');
    expect(needsCleaning('plain')).toBe(false);
    expect(needsCleaning('a\u0000')).toBe(true);
  });
});
