// Share-link tokens (decision 025). A token is HMAC-SHA256(instance secret, 'link:' + nonce): the database
// keeps the nonce and sha256(token) only, so a copy of it opens nothing, yet the owner can copy a link again
// because the server recomputes the token from its nonce.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LinkTokens {
  /** A new link: store `nonce` and `hash`; put `token` in the URL. */
  issue(): { nonce: string; token: string; hash: string };
  /** The token of a stored nonce (for Copy link). */
  tokenFor(nonce: string): string;
  /** What is stored and looked up for a token. */
  hash(token: string): string;
  /** The value of an unlocked public link's cookie: changes when the grant or its password does. */
  unlockProof(grantId: number, passwordHash: string): string;
  /** Whether a cookie's value is the unlock proof, compared in constant time. */
  isUnlockProof(value: string | undefined, grantId: number, passwordHash: string): boolean;
  /** The fixed salt of key-code hashes (decision 027): the same code always hashes alike, so the hash finds the heir. */
  keyCodeSalt(): Buffer;
  /** The value of an heir's cookie after a key code opened: changes when the code is regenerated. */
  heirProof(heirId: number, keyCodeHash: string): string;
  isHeirProof(value: string, heirId: number, keyCodeHash: string): boolean;
}

const SECRET_FILE = 'instance-secret';

/**
 * INSTANCE_SECRET when set, else DATA_DIR/instance-secret, made on first start (mode 0600, written to a
 * temporary name and renamed so a crash never leaves half a secret).
 */
export function loadInstanceSecret(dataDir: string, configured?: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
    fs.renameSync(temporary, file);
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

export function createLinkTokens(secret: Buffer): LinkTokens {
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const tokenFor = (nonce: string) => hmac(`link:${nonce}`);
  const unlockProof = (grantId: number, passwordHash: string) => hmac(`unlock:${grantId}:${passwordHash}`);
  const heirProof = (heirId: number, keyCodeHash: string) => hmac(`heir:${heirId}:${keyCodeHash}`);
  const same = (a: string, b: string) => {
    const given = Buffer.from(a);
    const expected = Buffer.from(b);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const keyCodeSalt = createHmac('sha256', secret).update('heirloom key code salt').digest().subarray(0, 16);
  return {
    issue() {
      const nonce = randomBytes(16).toString('base64url');
      const token = tokenFor(nonce);
      return { nonce, token, hash: this.hash(token) };
    },
    tokenFor,
    hash: (token) => createHash('sha256').update(token).digest('hex'),
    unlockProof,
    isUnlockProof(value, grantId, passwordHash) {
      if (!value) return false;
      const expected = Buffer.from(unlockProof(grantId, passwordHash));
      const given = Buffer.from(value);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    keyCodeSalt: () => Buffer.from(keyCodeSalt),
    heirProof,
    isHeirProof: (value, heirId, keyCodeHash) => same(value, heirProof(heirId, keyCodeHash)),
  };
}
