import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (~11 ms per hash on these machines, STACK-NOTES.md).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hash('not-a-real-password-but-the-same-cost');
  return dummyHash;
}
