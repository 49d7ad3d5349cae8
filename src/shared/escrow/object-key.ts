// Where an heir's sealed copy lies in the owner's bucket (decision 074): named after the heir's public key, never a
// person, so the same heir and key code always write the same object — and the heir's Legacy Kit, made in the
// owner's browser from the key code, can print the name the server will use.
import { sha256, toHex, utf8 } from './escrow-crypto';

/** The folder of the sealed copies and their opener inside the bucket's prefix. */
export const ESCROW_FOLDER = 'heirloom-escrow/';
/** The opener's name beside the copies. */
export const OPENER_FILE_NAME = 'open-heirloom-bundle.html';

export async function escrowObjectKey(prefix: string, heirPublicKey: string): Promise<string> {
  const digest = toHex(await sha256(utf8(`heirloom escrow object ${heirPublicKey}`)));
  return `${prefix}${ESCROW_FOLDER}${digest.slice(0, 32)}.heirloom-escrow`;
}
