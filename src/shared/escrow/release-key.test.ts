import { x25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../sealed-letter';
import { EscrowError } from './escrow-error';
import {
  checkTypedVerifierCode,
  formatVerifierCode,
  makeReleaseKey,
  normalizeVerifierCode,
  openReleaseKey,
  readVerifierCode,
  VERIFIER_CODE_LENGTH,
  verifierCodeFor,
} from './release-key';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

async function failure(promise: Promise<unknown>): Promise<EscrowError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EscrowError) return error;
    throw error;
  }
  throw new Error('expected an EscrowError');
}

/** The code with one data or check symbol replaced by another symbol of the alphabet. */
function changeSymbol(code: string, at: number, by = 1): string {
  const plain = normalizeVerifierCode(code);
  const next = ALPHABET[(ALPHABET.indexOf(plain[at]!) + by) % 32]!;
  return formatVerifierCode(plain.slice(0, at) + next + plain.slice(at + 1));
}

describe('release keys', () => {
  it('split into n codes of which any k open the private key that matches the public key', async () => {
    const key = await makeReleaseKey(3, 5);
    expect(key.codes).toHaveLength(5);
    for (const code of key.codes) {
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){8}[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(code.startsWith(key.keyId)).toBe(true);
    }
    for (const pick of [
      [0, 1, 2],
      [4, 2, 0],
      [1, 3, 4],
    ]) {
      const privateKey = await openReleaseKey(
        pick.map((i) => key.codes[i]!),
        key,
      );
      expect(toBase64Url(x25519.getPublicKey(privateKey))).toBe(key.publicKey);
    }
  });

  it('read codes typed in lower case, with spaces and the letters people confuse', async () => {
    const key = await makeReleaseKey(2, 2);
    const typed = key.codes.map((code) => code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'o'));
    const privateKey = await openReleaseKey(typed, key);
    expect(toBase64Url(x25519.getPublicKey(privateKey))).toBe(key.publicKey);
    const read = readVerifierCode(typed[1]!);
    expect(read.ok && read.value).toMatchObject({ keyId: key.keyId, threshold: 2, number: 2, code: key.codes[1] });
  });

  it('with a threshold of one, open with any single code', async () => {
    const key = await makeReleaseKey(1, 3);
    for (const code of key.codes) {
      const privateKey = await openReleaseKey([code], key);
      expect(toBase64Url(x25519.getPublicKey(privateKey))).toBe(key.publicKey);
    }
    const alone = await makeReleaseKey(1, 1);
    expect(alone.codes).toHaveLength(1);
    await expect(openReleaseKey(alone.codes, alone)).resolves.toHaveLength(32);
  });

  it('say how many more codes are needed when k - 1 are given', async () => {
    const key = await makeReleaseKey(3, 4);
    let error = await failure(openReleaseKey(key.codes.slice(0, 2), key));
    expect(error.reason).toBe('codes-not-enough');
    expect(error.details.needed).toBe(1);
    expect(error.message).toBe('2 verifier codes were given and 3 are needed: 1 more code is needed.');
    error = await failure(openReleaseKey([key.codes[0]!, '', '  '], key));
    expect(error.details.needed).toBe(2);
    expect(error.message).toContain('2 more codes are needed');
  });

  it('name a code of another release key as such', async () => {
    const key = await makeReleaseKey(2, 3);
    const old = await makeReleaseKey(2, 3);
    const error = await failure(openReleaseKey([key.codes[0]!, old.codes[1]!], key));
    expect(error.reason).toBe('code-other-key');
    expect(error.details.codeIndex).toBe(1);
    expect(error.message).toContain(`Verifier code 2 belongs to another release key (${old.keyId}, not ${key.keyId})`);
  });

  it('refuse the same verifier twice', async () => {
    const key = await makeReleaseKey(2, 3);
    const error = await failure(openReleaseKey([key.codes[2]!, key.codes[2]!.toLowerCase()], key));
    expect(error.reason).toBe('code-duplicate');
    expect(error.message).toContain("verifier 3's code again");
  });

  it('catch any one mistyped symbol, and any two neighbours swapped, with the check symbol of its group', async () => {
    const key = await makeReleaseKey(2, 3);
    const code = key.codes[0]!;
    for (let at = 0; at < VERIFIER_CODE_LENGTH; at++) {
      for (const by of [1, 7, 31]) {
        const typo = changeSymbol(code, at, by);
        const read = readVerifierCode(typo);
        expect(read).toMatchObject({ ok: false, reason: 'code-typo', group: Math.floor(at / 5) + 1 });
        const groups = checkTypedVerifierCode(typo);
        expect(groups.filter((g) => g.state === 'typo')).toHaveLength(1);
      }
      const plain = normalizeVerifierCode(code);
      if (at % 5 < 4 && plain[at] !== plain[at + 1]) {
        const swapped = plain.slice(0, at) + plain[at + 1] + plain[at] + plain.slice(at + 2);
        expect(readVerifierCode(swapped).ok).toBe(false);
      }
    }
    const error = await failure(openReleaseKey([key.codes[1]!, changeSymbol(code, 12)], key));
    expect(error).toMatchObject({ reason: 'code-typo', details: { codeIndex: 1, group: 3 } });
    expect(error.message).toBe('Verifier code 2: Group 3 of this verifier code has a typo.');
  });

  it('catch groups typed in the wrong order', async () => {
    const key = await makeReleaseKey(2, 3);
    const groups = key.codes[0]!.split('-');
    [groups[3], groups[4]] = [groups[4]!, groups[3]!];
    expect(readVerifierCode(groups.join('-'))).toMatchObject({ ok: false, reason: 'code-typo', group: 4 });
  });

  it('check each group as it is typed', async () => {
    const key = await makeReleaseKey(2, 3);
    const code = key.codes[0]!;
    expect(checkTypedVerifierCode(code.slice(0, 8)).map((g) => g.state)).toEqual(['ok', 'unfinished']);
    expect(checkTypedVerifierCode(`${code.slice(0, 6)}U`).map((g) => g.state)).toEqual(['ok', 'typo']);
    expect(checkTypedVerifierCode(code).every((g) => g.state === 'ok')).toBe(true);
  });

  it('say when a code is too short or too long', async () => {
    const key = await makeReleaseKey(2, 3);
    expect(readVerifierCode(key.codes[0]!.slice(0, -6))).toMatchObject({
      ok: false,
      reason: 'code-malformed',
      message: 'This verifier code is too short: it has 40 of 45 characters.',
    });
    expect(readVerifierCode(`${key.codes[0]!}-${key.codes[0]!.slice(0, 5)}`)).toMatchObject({
      ok: false,
      reason: 'code-malformed',
      message: 'This verifier code is too long: it has 50 characters, not 45.',
    });
  });

  it('refuse impossible thresholds', async () => {
    await expect(makeReleaseKey(0, 3)).rejects.toThrow(RangeError);
    await expect(makeReleaseKey(4, 3)).rejects.toThrow(RangeError);
    await expect(makeReleaseKey(2, 256)).rejects.toThrow(RangeError);
  });

  it('pass over a well-formed but wrongly written code when more than k are given, and say so when only k are', async () => {
    const key = await makeReleaseKey(2, 4);
    const read = readVerifierCode(key.codes[1]!);
    if (!read.ok) throw new Error(read.message);
    const damagedShare = read.value.share.slice();
    damagedShare[3]! ^= 0x40;
    const damaged = verifierCodeFor(key.keyId, 2, 2, damagedShare);
    expect(readVerifierCode(damaged).ok).toBe(true);
    const privateKey = await openReleaseKey([damaged, key.codes[0]!, key.codes[3]!], key);
    expect(toBase64Url(x25519.getPublicKey(privateKey))).toBe(key.publicKey);
    const error = await failure(openReleaseKey([damaged, key.codes[0]!], key));
    expect(error.reason).toBe('codes-do-not-match');
  });
});
