// A small sealed copy (an escrow bundle) of what one heir receives, written with the server's own writer: the
// files of an heir's archive — heirloom.json with a photo and a memory, the photo, and letters/ with a sealed
// letter and a plain one — for the escrow opener's tests (vitest and Playwright).
import fs from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type HeirloomExport } from '../../src/shared/export-format';
import type { SealedLettersData } from '../../src/shared/letter-archive';
import { sealLetter } from '../../src/shared/sealed-letter';
import { writeEscrowBundle } from '../../src/server/lib/escrow-bundle-writer';
import { SECTION_SALT_LENGTH } from '../../src/shared/escrow/bundle-format';
import { openBundle } from '../../src/shared/escrow/bundle-reader';

export const SAMPLE = {
  photoPath: 'originals/photos/1-the-vegetable-garden.jpg',
  photoTitle: 'The vegetable garden',
  memoryTitle: 'Planting the beans',
  memoryText: 'Grandpa showed us how deep: two fingers, no more.',
  sealedTitle: 'For Anna, to open later',
  sealedBody: 'Anna, the pear tree is yours. Look after it.',
  plainTitle: 'A note about the allotment',
  plainBody: 'The key to the shed is under the blue pot.',
};

const at = '2031-05-02T10:00:00.000Z';

function archive(photoSize: number): HeirloomExport {
  const hash = '0'.repeat(64);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: at,
    scope: 'legacy',
    title: 'What Rose Martin left for Anna Martin',
    includesPlaces: true,
    owner: {
      firstName: 'Rose',
      surname: 'Martin',
      email: null,
      dateOfBirth: null,
      cityOfBirth: null,
      address: null,
      mobileNumber: null,
      profilePicture: null,
    },
    photos: [
      {
        id: 1,
        path: SAMPLE.photoPath,
        fileName: 'garden.jpg',
        mimeType: 'image/jpeg',
        size: photoSize,
        sha256: hash,
        title: SAMPLE.photoTitle,
        description: null,
        dateTaken: '2011-05-02T10:30:00.000Z',
        location: null,
        cameraInfo: null,
        tags: [],
        width: 320,
        height: 240,
        memoryId: 1,
        uploadedAt: at,
        previews: { thumbnail: null, display: null },
      },
    ],
    memories: [
      {
        id: 1,
        title: SAMPLE.memoryTitle,
        content: SAMPLE.memoryText,
        eventDate: '2011-05-02',
        location: null,
        tags: [],
        createdAt: at,
        updatedAt: at,
        markdown: 'memories/2011-05-02-planting-the-beans.md',
        attachments: [],
      },
    ],
    documents: [],
    contacts: [],
    collections: [],
  };
}

/** The files of the heir's archive, by path. */
export async function sampleCopyFiles(heirPublicKey: string): Promise<Map<string, Buffer>> {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#386641' } })
    .jpeg()
    .toBuffer();
  const sealed = await sealLetter({ body: SAMPLE.sealedBody, attachments: [] }, heirPublicKey);
  const sealedFile = `${SAMPLE.sealedTitle}.sealed.json`;
  const index: SealedLettersData = {
    ownerName: 'Rose Martin',
    heirName: 'Anna Martin',
    messages: { keyCodeInvalid: 'That key code is not complete.' },
    letters: [{ title: SAMPLE.sealedTitle, releasedAt: at, file: sealedFile, sealed }],
  };
  return new Map([
    ['README.txt', Buffer.from('What Rose Martin left for Anna Martin.\n')],
    ['heirloom.json', Buffer.from(JSON.stringify(archive(photo.length), null, 2))],
    [SAMPLE.photoPath, photo],
    ['memories/2011-05-02-planting-the-beans.md', Buffer.from(`# ${SAMPLE.memoryTitle}\n\n${SAMPLE.memoryText}\n`)],
    [`letters/${sealedFile}`, Buffer.from(JSON.stringify(sealed))],
    ['letters/sealed-letters.js', Buffer.from(`window.HEIRLOOM_SEALED_LETTERS = ${JSON.stringify(index)};\n`)],
    [`letters/${SAMPLE.plainTitle}.html`, Buffer.from(`<!doctype html><title>${SAMPLE.plainTitle}</title>`)],
    [`letters/${SAMPLE.plainTitle}.txt`, Buffer.from(`${SAMPLE.plainTitle}\n\n${SAMPLE.plainBody}\n`)],
  ]);
}

/** Writes the sealed copy of `files` to `file`. */
export async function writeSampleBundle(
  file: string,
  options: { heirPublicKey: string; release: { publicKey: string; threshold: number; shares: number }; files: Map<string, Buffer> },
): Promise<void> {
  await writeEscrowBundle(
    {
      heirPublicKey: options.heirPublicKey,
      release: options.release,
      files: [...options.files].map(([name, bytes]) => ({ name, open: () => Readable.from([bytes]) })),
      chunkSize: 4096,
    },
    fs.createWriteStream(file),
  );
}

/** The bundle with one byte flipped inside the first chunk of the file `name` (found with the codes). */
export async function withFlippedByte(
  bundleFile: string,
  codes: { keyCode: string; verifierCodes: string[] },
  name: string,
): Promise<Buffer> {
  const opened = await openBundle(await fs.openAsBlob(bundleFile), codes);
  const entry = opened.files.find((f) => f.name === name);
  if (!entry) throw new Error(`${name} is not in the bundle`);
  const changed = fs.readFileSync(bundleFile);
  changed[entry.offset + SECTION_SALT_LENGTH + 10]! ^= 0x01;
  return changed;
}
