// JSON read from an archive (heirloom.json, Takeout sidecars and album metadata): every string in it is made
// storable as it is parsed (cleanText: no NUL, no unpaired surrogate), once for every field the importers
// read, and the strings changed are counted for the import's report.
import type { Readable } from 'node:stream';
import { cleanText } from '../../lib/nul-character';
import { line } from './import-report-lines';

export interface CleanJson {
  value: unknown;
  /** How many strings held characters PostgreSQL refuses (now removed). */
  cleaned: number;
}

/** The JSON text parsed with every string cleaned; undefined when it is not JSON. */
export function parseCleanJson(text: string): CleanJson | undefined {
  let cleaned = 0;
  try {
    const value = JSON.parse(text, (_key, item: unknown) => {
      if (typeof item !== 'string') return item;
      const clean = cleanText(item);
      if (clean !== item) cleaned += 1;
      return clean;
    }) as unknown;
    return { value, cleaned };
  } catch {
    return undefined; // not JSON, or nested deeper than the parser goes
  }
}

/** An entry's bytes as UTF-8 text. */
export async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The report line for the strings of one file (or one archive's names) that were cleaned. */
export const cleanedReason = (count: number) => line('cleanedFields', { count, shown: String(count) });
