// The letters a copy holds (the letters/ folder of the heir's archive, decision 046): plain letters as the
// .txt written beside each page, with their files; sealed letters as they came (.sealed.json), opened here with
// the key code the copy was opened with (src/shared/sealed-letter.ts, as letters/open-sealed.html does).
import type { BundleFileEntry } from '@shared/escrow/bundle-format';
import type { SealedLettersData } from '@shared/letter-archive';
import type { SealedLetter } from '@shared/schemas/legacy';
import { openLetter, type LetterContent } from '@shared/sealed-letter';
import type { OpenedCopy } from './open-copy';

const FOLDER = 'letters/';

export type CopyLetter =
  | { kind: 'plain'; title: string; body: string; files: BundleFileEntry[] }
  | { kind: 'sealed'; title: string; releasedAt: string | null; content: LetterContent | null };

const stemOf = (file: BundleFileEntry, ext: string) => file.name.slice(FOLDER.length, -ext.length);

/** letters/sealed-letters.js, which names the sealed letters (their titles are sealed with them otherwise). */
async function sealedIndex(copy: OpenedCopy): Promise<Map<string, { title: string; releasedAt: string | null }>> {
  const file = copy.file(`${FOLDER}sealed-letters.js`);
  const found = new Map<string, { title: string; releasedAt: string | null }>();
  if (!file) return found;
  try {
    const script = await copy.text(file);
    const json = script.slice(script.indexOf('=') + 1).replace(/;\s*$/, '');
    const data = JSON.parse(json) as SealedLettersData;
    for (const letter of data.letters) found.set(letter.file, { title: letter.title, releasedAt: letter.releasedAt });
  } catch {
    // an index that cannot be read leaves the file names as titles
  }
  return found;
}

/** A plain letter's .txt: its title, a blank line, the body, and perhaps the list of its files. */
function readPlainText(text: string): { title: string; body: string } {
  const [title = '', , ...rest] = text.split('\n');
  const withFiles = rest.lastIndexOf('With this letter:');
  const body = (withFiles >= 0 ? rest.slice(0, withFiles) : rest).join('\n').trim();
  return { title, body };
}

/**
 * The letters of the copy. A letter whose file is damaged is left out and its error handed to `damaged` (it
 * names the file and part), so the other letters still show.
 */
export async function lettersOf(copy: OpenedCopy, damaged: (err: unknown) => void = () => {}): Promise<CopyLetter[]> {
  const inFolder = copy.files.filter((f) => f.name.startsWith(FOLDER) && !f.name.slice(FOLDER.length).includes('/'));
  const letters: CopyLetter[] = [];
  const index = await sealedIndex(copy);
  const read = (file: BundleFileEntry) =>
    copy.text(file).catch((err: unknown) => {
      damaged(err);
      return null;
    });
  for (const file of inFolder) {
    if (!file.name.endsWith('.sealed.json')) continue;
    const text = await read(file);
    if (text === null) continue;
    const named = index.get(file.name.slice(FOLDER.length));
    // a letter sealed for another key code (made again since) does not open with this one
    const content = await Promise.resolve()
      .then(() => openLetter(JSON.parse(text) as SealedLetter, copy.keyCode))
      .catch((): LetterContent | null => null);
    letters.push({ kind: 'sealed', title: named?.title ?? stemOf(file, '.sealed.json'), releasedAt: named?.releasedAt ?? null, content });
  }
  for (const file of inFolder) {
    if (!file.name.endsWith('.txt')) continue;
    const stem = stemOf(file, '.txt');
    // only the letters' own .txt files have a page beside them
    if (!copy.file(`${FOLDER}${stem}.html`)) continue;
    const text = await read(file);
    if (text === null) continue;
    const { title, body } = readPlainText(text);
    const files = inFolder.filter((f) => f.name.startsWith(`${FOLDER}${stem} - `));
    letters.push({ kind: 'plain', title: title || stem, body, files });
  }
  return letters;
}
