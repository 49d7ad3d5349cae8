// The heir's letters in "Download everything" (decision 046): what letters/sealed-letters.js hands the offline
// opener (src/web/letter-opener) as a classic script, because browsers refuse to fetch() files on file://.
import type { SealedLetter } from './schemas/legacy';

export interface SealedLettersData {
  ownerName: string;
  heirName: string;
  /** The heir's language (a BCP 47 tag): the opener's when the browser's languages are none heirloom ships. */
  language?: string | null;
  /** The key-code page's own words (schemas/legacy.ts), handed over so the opener need not bundle zod. */
  messages: { keyCodeInvalid: string };
  letters: Array<{
    title: string;
    /** When the letter was released to the heir (ISO 8601); null in a sealed copy made before the release. */
    releasedAt: string | null;
    /** The same letter as it is kept beside this page (letters/<name>.sealed.json), for reading it with other tools. */
    file: string;
    sealed: SealedLetter;
  }>;
}

/** letters/sealed-letters.js sets `window[SEALED_LETTERS_GLOBAL]`. */
export const SEALED_LETTERS_GLOBAL = 'HEIRLOOM_SEALED_LETTERS';
