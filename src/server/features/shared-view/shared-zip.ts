// "Download all": one zip streamed entry by entry. Each entry's bytes are opened only when the zip reaches
// it, so a large share holds one file (or one re-encoded picture) in memory at a time, never all of them.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** The path inside the zip, already readable and unique (see zipNames). */
  name: string;
  mtime: Date;
  /** Pictures and audio are compressed already: stored as they are, the zip costs no CPU for them. */
  compress: boolean;
  open: () => Promise<Readable>;
}

/** The zip as a stream; an entry that cannot be opened ends it with an error (the client sees a cut download). */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, compress: entry.compress }, (callback) => {
      entry.open().then(
        (stream) => callback(null, stream),
        (err: unknown) => callback(err as Error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

// Windows refuses these in names, and / would make folders: every zip tool opens what is left.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** One part of an entry's path: no separators or control characters, no leading dots, not too long. */
export function safeNamePart(text: string, fallback: string): string {
  const cleaned = text
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  return (cleaned || fallback).slice(0, 120);
}

/** Hands out each wanted name once: a second "photos/x.jpg" becomes "photos/x (2).jpg". */
export function zipNames() {
  const taken = new Set<string>();
  return (wanted: string) => {
    const dot = wanted.lastIndexOf('.');
    const slash = wanted.lastIndexOf('/');
    const [stem, ext] = dot > slash + 1 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  };
}
