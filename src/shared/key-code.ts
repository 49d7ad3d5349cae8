// Legacy Plan key codes (decision 027): 130 random bits as 26 Crockford base32 characters plus one check
// character, in groups of four: "7KQ4-M2ZP-…". Both sides read codes the same way: the server to find the
// heir, the browser to derive the heir's key pair. Imports nothing, so it runs in both.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford's check symbols: the alphabet and five more, for a value mod 37. */
const CHECK_ALPHABET = `${ALPHABET}*~$=U`;
export const KEY_CODE_DATA_LENGTH = 26;

/** Upper case, no spaces or hyphens, and the letters people confuse read as Crockford does (I, L → 1; O → 0). */
export function normalizeKeyCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

function valueOf(data: string): bigint {
  let value = 0n;
  for (const ch of data) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return -1n;
    value = value * 32n + BigInt(digit);
  }
  return value;
}

export function checkSymbol(data: string): string {
  return CHECK_ALPHABET[Number(valueOf(data) % 37n)]!;
}

/** The normalized code when it is well formed (26 symbols and the right check symbol), else null. */
export function readKeyCode(input: string): string | null {
  const code = normalizeKeyCode(input);
  if (code.length !== KEY_CODE_DATA_LENGTH + 1) return null;
  const data = code.slice(0, KEY_CODE_DATA_LENGTH);
  if (valueOf(data) < 0n) return null;
  return checkSymbol(data) === code.at(-1) ? code : null;
}

/** A key code from random bytes (at least 17: 130 bits are used), grouped for reading aloud and typing. */
export function keyCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 17) throw new Error('A key code needs at least 17 random bytes');
  let bits = '';
  for (const byte of bytes.subarray(0, 17)) bits += byte.toString(2).padStart(8, '0');
  let data = '';
  for (let i = 0; i < KEY_CODE_DATA_LENGTH; i++) data += ALPHABET[parseInt(bits.slice(i * 5, i * 5 + 5), 2)];
  return formatKeyCode(data + checkSymbol(data));
}

/** "7KQ4M2ZP…" → "7KQ4-M2ZP-…". */
export function formatKeyCode(code: string): string {
  return normalizeKeyCode(code)
    .match(/.{1,4}/g)!
    .join('-');
}
