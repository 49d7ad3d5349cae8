// Secrets an account holder gives heirloom to use later (the escrow bucket's secret key): stored encrypted with a
// key derived from the instance secret (AES-256-GCM), so a copy of the database alone does not reveal them.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it was sealed with another instance secret (or is not a sealed value). */
  open(sealed: string): string | null;
}

export function createSecretBox(instanceSecret: Buffer): SecretBox {
  const key = createHmac('sha256', instanceSecret).update('heirloom stored secrets v1').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) return null;
      try {
        const bytes = Buffer.from(body, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
