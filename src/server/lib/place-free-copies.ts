// Files without the places they name, for shares that leave places out. Sound and video lose theirs with
// their container metadata (MP4/M4A `loci` and `©xyz`, QuickTime's ISO 6709 key, a WAV's INFO/iXML/bext
// chunks, Matroska and ID3 tags): ffmpeg remuxes the audio and the pictures untouched (`-c copy`) and writes
// no container metadata but the creation time, where the container keeps one. Data tracks go too: a GoPro's
// telemetry track is a trail of GPS fixes. Pictures lose only the tags that name a place, their image data
// and date kept byte for byte (lib/image-places.ts, decision 051).
// A copy is made once, the first time it is asked for, and kept next to the original (`<key>.noplace`,
// removed with it), like the playable copies. A picture that names no place keeps an empty `<key>.noplace`
// instead: the original itself is handed out, and the question is not asked again.
import path from 'node:path';
import fs from 'node:fs/promises';
import { atMost } from './at-most';
import { AppError } from './errors';
import { probe, runFfmpeg, type MediaTools } from './ffmpeg';
import { isMissingFile, type FileStore } from './file-store';
import { copyWithoutPlaces } from './image-places';
import { userText } from '@shared/i18n/text';

/** The extension ffmpeg chooses the same container by, for each audio and video type heirloom stores. */
const CONTAINER_EXT: Record<string, string> = {
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'video/x-m4v': 'm4v',
  'video/quicktime': 'mov',
  'video/3gpp': '3gp',
  'video/3gpp2': '3g2',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/aiff': 'aiff',
  'audio/x-aiff': 'aiff',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/mpeg': 'mpg',
  'video/mp2t': 'ts',
};

/** Containers with a movie header whose creation time stays (it says when, not where). */
const KEEPS_CREATION_TIME = new Set(['m4a', 'mp4', 'm4v', 'mov', '3gp', '3g2']);

const CREATION_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z?$/;

/** Whether a stored file of this type is sound or video, whose container may name a place. */
export const isAudioOrVideo = (mimeType: string) => /^(audio|video)\//.test(mimeType);

/** Image formats without a place for camera metadata: safe to send as stored. */
const PICTURES_WITHOUT_METADATA: ReadonlySet<string> = new Set(['image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon']);

const isPicture = (mimeType: string) => mimeType.startsWith('image/') && !PICTURES_WITHOUT_METADATA.has(mimeType);

/** Whether a stored file of this type may name a place: sound, video and pictures with metadata. */
export const mayNamePlace = (mimeType: string) => isAudioOrVideo(mimeType) || isPicture(mimeType);

/** Where the copy of a stored file without container metadata lives. */
export const placeFreeKey = (key: string) => `${key}.noplace`;

export const cannotLeavePlacesOut = () =>
  new AppError(
    422,
    userText('This file cannot be shared without its places. Ask the owner to include places for this link.'),
    'CANNOT_CLEAN',
  );

/** The creation time ffprobe read from the container, when it is one ffmpeg can write back. */
function creationTimeOf(probed: unknown): string | undefined {
  const value = (probed as { format?: { tags?: Record<string, string> } }).format?.tags?.creation_time;
  return value && CREATION_TIME.test(value) ? value : undefined;
}

/** One remux at a time: the files are at most a few MB, and the CPU belongs to the requests. */
const AT_ONCE = 1;

/** Two pictures at a time, as many as ExifTool has processes (a bucket's original is copied down first). */
const PICTURES_AT_ONCE = 2;

export function createPlaceFreeCopies(files: FileStore, media: MediaTools) {
  const making = new Map<string, Promise<string>>();
  const inTurn = atMost(AT_ONCE);
  const picturesInTurn = atMost(PICTURES_AT_ONCE);

  /** The picture's copy without its places, or the original's own key when it names none. */
  async function makePicture(key: string, mimeType: string, copyKey: string): Promise<string> {
    let answer = 'no-place' as 'copied' | 'no-place';
    try {
      await picturesInTurn(() =>
        files.withLocalFile(key, (input) =>
          files.writeWith(copyKey, path.extname(key).slice(1) || 'img', async (temp) => {
            answer = await copyWithoutPlaces(input, mimeType, temp);
            if (answer === 'no-place') await fs.truncate(temp, 0);
          }),
        ),
      );
    } catch {
      throw cannotLeavePlacesOut();
    }
    return answer === 'copied' ? copyKey : key;
  }

  async function make(key: string, mimeType: string, copyKey: string): Promise<string> {
    if (isPicture(mimeType)) return makePicture(key, mimeType, copyKey);
    const ext = CONTAINER_EXT[mimeType];
    if (!ext || !media.available) throw cannotLeavePlacesOut();
    try {
      await inTurn(() =>
        files.withLocalFile(key, async (input) => {
          const created = KEEPS_CREATION_TIME.has(ext) ? creationTimeOf(await probe(media, input)) : undefined;
          await files.writeWith(copyKey, ext, (temp) =>
            runFfmpeg(
              media,
              [
                // pictures (not cover art) and sound only: subtitle, data and attachment streams stay behind
                ...['-i', input, '-map', '0:V?', '-map', '0:a?', '-c', 'copy', '-map_metadata', '-1', '-map_chapters', '-1'],
                // bitexact: not even ffmpeg's own "encoder" tag (a WAV would carry a LIST chunk for it)
                ...['-fflags', '+bitexact', ...(created ? ['-metadata', `creation_time=${created}`] : [])],
                temp,
              ],
              { nice: true },
            ),
          );
        }),
      );
    } catch {
      throw cannotLeavePlacesOut();
    }
    return copyKey;
  }

  /** The copy kept from an earlier request: an empty one stands for the original (a picture naming no place). */
  async function kept(key: string, copyKey: string): Promise<string | undefined> {
    try {
      return (await files.stat(copyKey)).size === 0 ? key : copyKey;
    } catch (err) {
      if (isMissingFile(err)) return undefined;
      throw err;
    }
  }

  async function makeOnce(key: string, mimeType: string, copyKey: string): Promise<string> {
    const made = await make(key, mimeType, copyKey);
    // removed while the copy was being made: the copy belongs to nothing
    if (!(await files.exists(key))) {
      await files.remove(copyKey).catch(() => {});
      throw cannotLeavePlacesOut();
    }
    return made;
  }

  return {
    /**
     * The key of the stored file's copy without its places — the original's own key for a picture that names
     * none — made now if it is not known yet (a request asking for it at the same time waits for the same
     * copy). 422 CANNOT_CLEAN when it cannot be made (no ffmpeg, a type ffmpeg cannot write back, a picture
     * ExifTool cannot read whole or rewrite, a file that cannot be read at all).
     */
    async keyOf(key: string, mimeType: string): Promise<string> {
      const copyKey = placeFreeKey(key);
      const known = await kept(key, copyKey);
      if (known) return known;
      let made = making.get(copyKey);
      if (!made) {
        made = makeOnce(key, mimeType, copyKey).finally(() => making.delete(copyKey));
        making.set(copyKey, made);
      }
      return made;
    },
  };
}

export type PlaceFreeCopies = ReturnType<typeof createPlaceFreeCopies>;
