import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatKeyCode, keyCodeFromBytes, normalizeKeyCode, readKeyCode } from './key-code';

describe('key codes', () => {
  it('are 27 symbols in groups of four that read back', () => {
    for (let i = 0; i < 200; i++) {
      const code = keyCodeFromBytes(randomBytes(17));
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z*~$=U]{4}-){6}[0-9A-HJKMNP-TV-Z*~$=U]{3}$/);
      expect(readKeyCode(code)).toBe(normalizeKeyCode(code));
    }
  });

  it('forgive case, spaces and the letters people confuse', () => {
    const code = keyCodeFromBytes(Buffer.alloc(17, 0x5a));
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'o');
    expect(readKeyCode(typed)).toBe(normalizeKeyCode(code));
    expect(formatKeyCode(typed)).toBe(code);
  });

  it('refuse a code with one symbol changed, missing or added', () => {
    const code = normalizeKeyCode(keyCodeFromBytes(randomBytes(17)));
    const changed = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    expect(readKeyCode(changed)).toBeNull();
    expect(readKeyCode(code.slice(1))).toBeNull();
    expect(readKeyCode(`${code}A`)).toBeNull();
    expect(readKeyCode('')).toBeNull();
    expect(readKeyCode('!!!!-????')).toBeNull();
  });
});
