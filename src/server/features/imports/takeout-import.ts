// Google Photos Takeout (decision 029): one or more zips (or an unpacked folder) of folders of media, each
// with a JSON sidecar Google writes beside it. A photo takes its date, place and description from the
// sidecar only where its own EXIF lacks them; album folders (a metadata.json with a title, not "Photos from
// YYYY") become collections; "-edited" copies and second copies are skipped; what heirloom does not keep
// is refused in the report, never dropped silently, and so is a sidecar's field it cannot use (the photo still
// comes in: takeout-sidecar.ts). Videos come in like photos (decision 038).
import { PHOTO_MAX_BYTES } from '@shared/limits';
import type { StagedFile } from '../../lib/file-store';
import { cleanText } from '../../lib/nul-character';
import type { ArchiveEntry } from './archive-reader';
import { asReceived, baseName, createMedia, detectMediaType, itemRefusal, reportCleanedNames, type ImportContext } from './import-context';
import { line } from './import-report-lines';
import { cleanedReason, parseCleanJson, readText } from './read-json';
import { readAlbumMetadata, readSidecar as readSidecarFields, type SidecarFields } from './takeout-sidecar';

const PHOTO_EXT = /\.(jpe?g|png|gif|webp|heic|heif)$/i;
const VIDEO_EXT = /\.(mp4|mov|m4v|3gp|3g2|avi|mkv|webm|mts|m2ts|wmv|mpg|mpeg)$/i;
const YEAR_FOLDER = /^Photos from \d{4}$/;
/** Google's copy of a photo edited in Google Photos (the original is beside it). */
const EDITED = /-edited(\(\d+\))?(\.[^.]+)$/i;
const MAX_SIDECAR_BYTES = 1024 * 1024;

const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));

/** Is this a Google Photos Takeout: media under "Google Photos/", or media with .json sidecars beside them? */
export function looksLikeTakeout(entries: ArchiveEntry[]): boolean {
  const isMedia = (p: string) => PHOTO_EXT.test(p) || VIDEO_EXT.test(p);
  if (entries.some((e) => /(^|\/)Google Photos\//.test(e.path) && isMedia(e.path))) return true;
  const paths = new Set(entries.map((e) => e.path));
  return entries.some((e) => isMedia(e.path) && (paths.has(`${e.path}.json`) || paths.has(`${e.path}.supplemental-metadata.json`)));
}

/** The bytes of the pictures and videos in a Takeout: what an import of it would store at most. */
export const takeoutBytes = (entries: ArchiveEntry[]) =>
  entries.filter((e) => PHOTO_EXT.test(e.path) || VIDEO_EXT.test(e.path)).reduce((sum, e) => sum + e.size, 0);

/**
 * The sidecar of a media file among the .json files of its folder: `NAME.ext.json`,
 * `NAME.ext.supplemental-metadata.json`, either cut short by Google's name length limit
 * (`NAME.ext.supplemental-metad.json`, or the media name itself cut), and for a `NAME(1).ext` copy
 * `NAME.ext(1).json`. The longest match wins.
 */
export function findSidecar(mediaName: string, jsonNames: string[]): string | undefined {
  const full = `${mediaName}.supplemental-metadata`;
  const copy = /^(.*)(\(\d+\))(\.[^.]+)$/.exec(mediaName);
  const exact = new Set([`${mediaName}.json`, `${full}.json`]);
  if (copy) {
    exact.add(`${copy[1]}${copy[3]}${copy[2]}.json`);
    exact.add(`${copy[1]}${copy[3]}.supplemental-metadata${copy[2]}.json`);
  }
  let best: string | undefined;
  for (const json of jsonNames) {
    if (exact.has(json)) return json;
    const stem = json.slice(0, -'.json'.length);
    const cutSuffix = stem.length > mediaName.length && full.startsWith(stem);
    const cutName = stem.length >= 40 && mediaName.startsWith(stem);
    if ((cutSuffix || cutName) && (!best || stem.length > best.length - 5)) best = json;
  }
  return best;
}

export async function importTakeout(ctx: ImportContext) {
  const { userId, importId, services, report } = ctx;
  const entries = ctx.archive.entries;
  const byPath = new Map<string, ArchiveEntry>();
  for (const e of entries) if (!byPath.has(e.path)) byPath.set(e.path, e);

  // A folder's .json files, from every part (a sidecar may sit in another part than its photo).
  const jsonByDir = new Map<string, string[]>();
  for (const e of entries) {
    if (!e.path.toLowerCase().endsWith('.json')) continue;
    const list = jsonByDir.get(dirOf(e.path)) ?? [];
    list.push(baseName(e.path));
    jsonByDir.set(dirOf(e.path), list);
  }

  const photos: ArchiveEntry[] = [];
  const seenPaths = new Set<string>();
  for (const e of entries) {
    if (seenPaths.has(e.path)) continue;
    seenPaths.add(e.path);
    const name = baseName(e.path);
    if (name.toLowerCase().endsWith('.json')) continue; // sidecars and album metadata: read with their media
    if (PHOTO_EXT.test(name) || VIDEO_EXT.test(name)) photos.push(e);
    else report.refuse(e.path, line('kindNotKept'));
  }
  // Year folders first (a photo also in an album is imported once, the album pointing at it), and a copy
  // with its sidecar before one without (the copy kept is the one with Google's metadata).
  const isAlbumPath = (p: string) => !YEAR_FOLDER.test(baseName(dirOf(p)));
  const lacksSidecar = (p: string) => !findSidecar(baseName(p), jsonByDir.get(dirOf(p)) ?? []);
  const order = new Map(photos.map((p) => [p.path, [Number(isAlbumPath(p.path)), Number(lacksSidecar(p.path))] as const]));
  photos.sort((a, b) => {
    const [x, y] = [order.get(a.path)!, order.get(b.path)!];
    return x[0] - y[0] || x[1] - y[1] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  });

  await ctx.progress.start(
    photos.length,
    photos.reduce((sum, e) => sum + e.size, 0),
  );
  reportCleanedNames(ctx);

  /** The photo's sidecar, its fields checked one by one; what cannot be used is named in the report. */
  async function readSidecar(mediaPath: string): Promise<SidecarFields | undefined> {
    const dir = dirOf(mediaPath);
    const name = findSidecar(baseName(mediaPath), jsonByDir.get(dir) ?? []);
    const entry = name && byPath.get(dir ? `${dir}/${name}` : name);
    if (!entry) return undefined;
    const raw = await readJson(entry);
    if (raw === undefined) return undefined;
    const { fields, leftOut } = readSidecarFields(raw);
    for (const what of leftOut) report.refuse(entry.path, line('photoWithout', { what }));
    return fields;
  }

  /** An entry's JSON, its text cleaned (and counted in the report); undefined, and reported, when unusable. */
  async function readJson(entry: ArchiveEntry): Promise<unknown> {
    if (entry.size > MAX_SIDECAR_BYTES) return void report.refuse(entry.path, line('sidecarTooLarge'));
    const parsed = parseCleanJson(await readText(await ctx.archive.open(entry)));
    if (!parsed) return void report.refuse(entry.path, line('sidecarNotJson'));
    if (parsed.cleaned > 0) report.refuse(entry.path, cleanedReason(parsed.cleaned));
    return parsed.value;
  }

  const photoIdByPath = new Map<string, number>();
  const photoIdByHash = new Map<string, number>();
  const allPaths = new Set(photos.map((p) => p.path));
  for (const entry of photos) {
    await importPhoto(entry);
    await ctx.progress.done(entry.size);
  }

  async function importPhoto(entry: ArchiveEntry) {
    const name = baseName(entry.path);
    const edited = EDITED.exec(name);
    if (edited && allPaths.has(`${dirOf(entry.path)}/${name.slice(0, edited.index)}${edited[2]}`.replace(/^\//, ''))) {
      return report.skip(entry.path, line('editedCopy'));
    }
    const isVideo = VIDEO_EXT.test(name);
    const maxBytes = isVideo ? services.videoMaxBytes : PHOTO_MAX_BYTES;
    if (entry.size > maxBytes) {
      const megabytes = String(Math.round(maxBytes / 1024 / 1024));
      return report.refuse(entry.path, line(isVideo ? 'videoTooLarge' : 'photoTooLarge', { megabytes }));
    }
    let staged: StagedFile | undefined;
    try {
      staged = await ctx.stage(entry, maxBytes);
      const known = photoIdByHash.get(staged.sha256) ?? (await ctx.repo.photoByHash(userId, staged.sha256))?.id;
      if (known !== undefined) {
        await ctx.discard(staged);
        photoIdByPath.set(entry.path, known);
        return report.skip(entry.path, line('sameFile'));
      }
      const type = await detectMediaType(staged.head);
      if (!type) {
        await ctx.discard(staged);
        return report.refuse(entry.path, line('kindNotKept'));
      }
      const received = asReceived(staged, name, type);
      staged = undefined; // the photos service owns it now
      const created = await createMedia(ctx, received);
      photoIdByHash.set(received.staged.sha256, created.id);
      photoIdByPath.set(entry.path, created.id);
      report.add('photos');
      const sidecar = await readSidecar(entry.path);
      if (!sidecar) return;
      const { title, description, dateTaken, location } = sidecar;
      await services.photos.setImportedMetadata(userId, created.id, {
        // Google's title is the file name unless the owner gave one
        ...(title && title !== name && { title }),
        ...(description && { description }),
        ...(!created.dateTaken && dateTaken && { dateTaken }),
        ...(!created.location && location && { location }),
      });
    } catch (err) {
      if (staged) await ctx.discard(staged);
      const reason = itemRefusal(err);
      if (reason === undefined) throw err;
      report.refuse(entry.path, reason);
    }
  }

  // Albums: a folder with a metadata.json title that is not a "Photos from YYYY" folder.
  for (const [dir, jsons] of jsonByDir) {
    if (!jsons.includes('metadata.json') || YEAR_FOLDER.test(baseName(dir))) continue;
    const metaPath = dir ? `${dir}/metadata.json` : 'metadata.json';
    const raw = await readJson(byPath.get(metaPath)!);
    const meta = raw === undefined ? { fields: {}, leftOut: [] } : readAlbumMetadata(raw);
    for (const what of meta.leftOut) report.refuse(metaPath, line('albumWithout', { what }));
    const title = meta.fields.title ?? cleanText(baseName(dir).trim().slice(0, 200));
    const ids = [...new Set(photos.filter((p) => dirOf(p.path) === dir).flatMap((p) => photoIdByPath.get(p.path) ?? []))];
    try {
      const created = await services.collections.create(userId, { title, description: meta.fields.description ?? null }, { importId });
      if (ids.length > 0) await services.collections.addItems(userId, created.id, { photoIds: ids });
      report.add('collections');
    } catch (err) {
      const reason = itemRefusal(err);
      if (reason === undefined) throw err;
      report.refuse(dir, reason);
    }
  }
}
