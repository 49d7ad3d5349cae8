// Where a picture was taken, as its metadata says, and a copy of it that says nothing of the place (decision
// 051). ExifTool (exiftool-vendored, a few Perl processes kept open) edits only the metadata: JPEG scan data,
// PNG IDAT, WebP VP8/VP8L, GIF frames and HEIC items are copied byte for byte. What counts as a place is
// ExifTool's own "Location" category (EXIF GPS, XMP exif:GPS*, photoshop:City/State/Country, Iptc4xmpCore
// and LocationCreated/LocationShown, IPTC city to country code, location in maker notes), plus the whole GPS
// IFD, its time stamps included. The date taken, the camera and the orientation stay.
import fs from 'node:fs/promises';
import type { WriteTags } from 'exiftool-vendored';
import { exiftool } from './exiftool';

/** A picture whose metadata cannot be read or rewritten whole: it is never handed out as place-free. */
export class UncleanablePicture extends Error {}

const METADATA_ONLY = new Set(['ExifTool', 'File', 'SourceFile', 'Composite']);

interface PlaceTag {
  /** ExifTool's family 1 group (`GPS`, `XMP-photoshop`, `IPTC`, `Nikon`…), which names where a tag is written. */
  group: string;
  name: string;
  inMakerNotes: boolean;
}

/** The tags naming a place, from ExifTool's JSON read with `-G0:1:2` (`Family0[:Family1]:Family2:Tag`). */
function placeTags(tags: Record<string, unknown>): PlaceTag[] {
  return Object.keys(tags).flatMap((key) => {
    const parts = key.split(':');
    const name = parts.at(-1) ?? '';
    const groups = parts.slice(0, -1);
    const [family0 = key] = groups;
    if (METADATA_ONLY.has(family0)) return [];
    if (!groups.includes('Location') && !groups.includes('GPS') && !/^GPS/i.test(name)) return [];
    // a family 1 name equal to the family 0 one is left out of the key
    const group = groups.length >= 3 ? groups[1]! : family0;
    return [{ group, name, inMakerNotes: family0 === 'MakerNotes' }];
  });
}

interface Read {
  /** The type ExifTool recognised by the bytes (HEIF brands all as one). */
  mimeType: string;
  places: PlaceTag[];
  /** ExifTool read the file, but not without trouble (a damaged segment may hide a place). */
  troubled: boolean;
}

async function read(file: string): Promise<Read> {
  let tags: Record<string, unknown>;
  try {
    tags = (await exiftool.readRaw(file, { readArgs: ['-G0:1:2', '-a', '-u'] })) as Record<string, unknown>;
  } catch {
    throw new UncleanablePicture('unreadable');
  }
  const messages = Object.entries(tags)
    .filter(([key]) => /^ExifTool:(.*:)?(Error|Warning)$/.test(key))
    .map(([key, value]) => ({ error: key.endsWith('Error'), text: String(value) }));
  // an error, or a module this Perl lacks to read part of the file (compressed PNG text): the place may be in it
  if (messages.some((m) => m.error || /\binstall\b/i.test(m.text))) {
    throw new UncleanablePicture(messages.map((m) => m.text).join('; '));
  }
  const mimeType = String(Object.entries(tags).find(([key]) => /^File:(.*:)?MIMEType$/.test(key))?.[1] ?? '');
  return { mimeType: sameKind(mimeType), places: placeTags(tags), troubled: messages.some((m) => !m.text.startsWith('[minor]')) };
}

const sameKind = (mimeType: string) => (mimeType === 'image/heif' ? 'image/heic' : mimeType);

const describe = (tags: PlaceTag[]) => tags.map((t) => `${t.group}:${t.name}`).join(', ');

/** The deletions that take every place found away: a maker note holding one goes whole (ExifTool only blanks such fields). */
function deletions(places: PlaceTag[]): WriteTags {
  const remove: Record<string, null> = { 'GPS:All': null };
  for (const tag of places) remove[tag.inMakerNotes ? 'MakerNotes:All' : `${tag.group}:${tag.name}`] = null;
  return remove as WriteTags;
}

/**
 * Writes the place-free copy of `input` (a stored picture of `mimeType`) to `output` (a new path). `'no-place'` when `input` names none: the
 * copy at `output` is then the same bytes, and the stored file itself can be handed out. Throws
 * UncleanablePicture when the file cannot be read whole, ExifTool cannot rewrite it, or a place is still
 * there afterwards.
 */
export async function copyWithoutPlaces(input: string, mimeType: string, output: string): Promise<'copied' | 'no-place'> {
  const before = await read(input);
  // bytes ExifTool takes for something else were not searched where this type keeps its metadata
  if (before.mimeType !== sameKind(mimeType)) throw new UncleanablePicture(`read as ${before.mimeType || 'unknown'}`);
  await fs.copyFile(input, output);
  if (before.places.length === 0 && !before.troubled) return 'no-place';
  let written;
  try {
    // the writer reads the whole file to copy it: a damaged one fails here even when the reader got by
    written = await exiftool.write(output, deletions(before.places), { writeArgs: ['-overwrite_original'], ignoreMinorErrors: true });
  } catch {
    throw new UncleanablePicture('not rewritable');
  }
  if (written.updated === 0) {
    if (before.places.length > 0) throw new UncleanablePicture(`cannot remove ${describe(before.places)}`);
    return 'no-place';
  }
  const after = await read(output);
  if (after.places.length > 0) throw new UncleanablePicture(`still there: ${describe(after.places)}`);
  return 'copied';
}

/** Every place-bearing tag ExifTool finds in a file (for tests and diagnostics). */
export const placesIn = async (file: string) => describe((await read(file)).places);

/** Image types ExifTool rewrites in place without touching the picture data; the rest are refused. */
export const REWRITABLE_IMAGES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'image/jxl': 'jxl',
};
