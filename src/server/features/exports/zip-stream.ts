// Streaming zips, entry by entry. Each entry's bytes are opened only when the zip reaches it, so an archive
// of any size holds one file (or one re-encoded picture) in memory at a time, never all of them.
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

/**
 * The zip as a stream. An entry that cannot be read (a file gone, a picture that will not decode) ends it
 * with an error, so the client sees a cut download; the process never sees an unhandled stream error.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (err: unknown) => {
    if (!output.destroyed) output.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  let current: Readable | undefined;
  output.once('close', () => current?.destroy()); // the client went away: stop reading the file being sent
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, compress: entry.compress }, (callback) => {
      if (output.destroyed) return; // the client has gone: open nothing more
      entry.open().then((stream) => {
        stream.on('error', (err) => {
          fail(err);
          stream.destroy();
        });
        current = stream;
        callback(null, stream);
      }, fail);
    });
  }
  zip.end();
  return output;
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
