import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPublicKey, openLetter, sealLetter } from './sealed-letter';

describe('sealed letters', () => {
  const code = keyCodeFromBytes(randomBytes(17));
  const content = {
    body: 'To my granddaughter: the garden is yours.',
    attachments: [{ name: 'voice.webm', type: 'audio/webm', data: 'AAEC' }],
  };

  it('open with the key code they were sealed for, typed any way', async () => {
    const sealed = await sealLetter(content, await heirPublicKey(code));
    expect(sealed.recipientPublicKey).toHaveLength(43);
    expect(JSON.stringify(sealed)).not.toContain('garden');
    expect(await openLetter(sealed, code.toLowerCase().replace(/-/g, ' '))).toEqual(content);
  });

  it('do not open with another code', async () => {
    const sealed = await sealLetter(content, await heirPublicKey(code));
    await expect(openLetter(sealed, keyCodeFromBytes(randomBytes(17)))).rejects.toThrow();
  });

  it('derive the same public key from the same code every time', async () => {
    expect(await heirPublicKey(code)).toBe(await heirPublicKey(code));
  });
});
