// The archive's data (viewer/data.js sets window.HEIRLOOM_EXPORT), indexed once for the screens.
import type { ExportAttachment, ExportDocument, ExportMemory, ExportPerson, ExportPhoto, HeirloomExport } from '@shared/export-format';
import { compareNames } from '../lib/collator';
import { monthOf } from './format';

declare global {
  interface Window {
    HEIRLOOM_EXPORT?: HeirloomExport;
  }
}

export interface Archive {
  data: HeirloomExport;
  /** Newest first; photos without a date last (in upload order). */
  photos: ExportPhoto[];
  photoIndex: Map<number, number>;
  /** Newest first. */
  memories: ExportMemory[];
  memoryById: Map<number, ExportMemory>;
  documents: ExportDocument[];
  documentById: Map<number, ExportDocument>;
  photosByMemory: Map<number, ExportPhoto[]>;
  documentsByMemory: Map<number, ExportDocument[]>;
  /** The named people the owner did not hide (archives since issue 29), by name. */
  people: ExportPerson[];
  personById: Map<number, ExportPerson>;
  /** Each of those people's photos, in the archive's order (newest first), each photo once. */
  photosByPerson: Map<number, ExportPhoto[]>;
  /** Who told a memory an interview's answer became, and the question it answers (decision 066), by memory id. */
  toldBy: Map<number, { name: string; question: string | null }>;
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

function groupBy<T>(items: T[], key: (item: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}

/** From the interviews' answered questions, then the memories' own storyteller (an interview deleted since). */
function toldBy(data: HeirloomExport): Archive['toldBy'] {
  const told: Archive['toldBy'] = new Map();
  const contactName = (id: number | null | undefined) => {
    const c = id == null ? undefined : data.contacts.find((x) => x.id === id);
    return c ? `${c.firstName} ${c.lastName}`.trim() : undefined;
  };
  for (const interview of data.interviews ?? []) {
    const name = contactName(interview.contactId) || interview.storytellerName;
    for (const q of interview.questions) if (q.memoryId !== null) told.set(q.memoryId, { name, question: q.text });
  }
  for (const m of data.memories) {
    const name = contactName(m.storytellerContactId);
    if (name && !told.has(m.id)) told.set(m.id, { name, question: null });
  }
  return told;
}

export function loadArchive(data: HeirloomExport): Archive {
  const photos = [...data.photos].sort(
    (a, b) =>
      (a.dateTaken === null ? 1 : 0) - (b.dateTaken === null ? 1 : 0) ||
      newestFirst(a.dateTaken ?? '', b.dateTaken ?? '') ||
      newestFirst(a.uploadedAt, b.uploadedAt),
  );
  const memories = [...data.memories].sort((a, b) => newestFirst(a.eventDate, b.eventDate) || newestFirst(a.createdAt, b.createdAt));
  const documents = [...data.documents].sort((a, b) => newestFirst(a.uploadedAt, b.uploadedAt));
  const people = (data.people ?? []).filter((p) => p.name && !p.hidden).sort((a, b) => compareNames(a.name!, b.name!));
  const personById = new Map(people.map((p) => [p.id, p]));
  const photosByPerson = new Map<number, ExportPhoto[]>();
  for (const photo of people.length > 0 ? photos : []) {
    if (!photo.faces?.length) continue;
    for (const id of new Set(photo.faces.map((f) => f.personId))) {
      if (id === null || !personById.has(id)) continue;
      const list = photosByPerson.get(id) ?? [];
      list.push(photo);
      photosByPerson.set(id, list);
    }
  }
  return {
    data,
    toldBy: toldBy(data),
    photos,
    photoIndex: new Map(photos.map((p, i) => [p.id, i])),
    memories,
    memoryById: new Map(memories.map((m) => [m.id, m])),
    documents,
    documentById: new Map(documents.map((d) => [d.id, d])),
    photosByMemory: groupBy(photos, (p) => p.memoryId),
    documentsByMemory: groupBy(documents, (d) => d.memoryId),
    people,
    personById,
    photosByPerson,
  };
}

/** Months ('YYYY-MM', newest first) with the photos taken in each; undated photos are left out. */
export function photosByMonth(photos: ExportPhoto[]): Map<string, ExportPhoto[]> {
  const months = new Map<string, ExportPhoto[]>();
  for (const photo of photos) {
    if (!photo.dateTaken) continue;
    const key = monthOf(photo.dateTaken);
    const list = months.get(key) ?? [];
    list.push(photo);
    months.set(key, list);
  }
  return months;
}

// What a browser shows by itself; HEIC/HEIF (and anything unknown) needs the exporter's JPEG copy.
export const viewableImage = /^image\/(jpeg|png|gif|webp|avif|bmp|svg\+xml)$/i;

type Picture = Pick<ExportPhoto | ExportAttachment, 'path' | 'mimeType' | 'previews'>;

/** The picture to show large, or null when the browser cannot show this file. */
export function displaySrc(file: Picture): string | null {
  return file.previews.display ?? (viewableImage.test(file.mimeType) ? file.path : null);
}

/** The picture for a grid: the small copy, else whatever can be shown large. */
export function thumbnailSrc(file: Picture): string | null {
  return file.previews.thumbnail ?? displaySrc(file);
}

export function isPicture(file: Picture): boolean {
  return file.mimeType.startsWith('image/') || file.previews.display !== null;
}

/** A video (issue 16): as heirloom.json says, or by the file's type in archives written before it said so. */
export function isVideo(photo: Pick<ExportPhoto, 'mediaType' | 'mimeType'>): boolean {
  return photo.mediaType ? photo.mediaType === 'video' : photo.mimeType.startsWith('video/');
}

/** What a video element plays: the copy every browser plays when there is one, else the original itself. */
export function videoSrc(photo: ExportPhoto): string {
  return photo.previews.video ?? photo.path;
}
