// Readable, unique names inside an archive (date + title, never storage keys), shared by every dataset.
import { safeNamePart } from './zip-stream';

export const stemOf = (fileName: string) => fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
export const extOf = (fileName: string) => /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
export const dayOf = (date: Date | null) => date?.toISOString().slice(0, 10);

/** originals/photos/2024/2024-05-01 Title.jpg (undated photos in originals/photos/undated/). */
export function photoPath(photo: { title: string | null; fileName: string; dateTaken: Date | null }, ext = extOf(photo.fileName)) {
  const date = dayOf(photo.dateTaken);
  const title = safeNamePart(photo.title ?? stemOf(photo.fileName), 'photo');
  return `originals/photos/${date ? `${date.slice(0, 4)}/${date} ` : 'undated/'}${title}.${ext}`;
}

/** The folder of a memory's attachments, and (with .md) its Markdown file's name. */
export const memoryName = (memory: { eventDate: string; title: string }) => `${memory.eventDate} ${safeNamePart(memory.title, 'memory')}`;

/** A file name kept as uploaded, made safe for every file system. */
export const fileNameOf = (fileName: string, fallback: string) => safeNamePart(fileName, fallback);

/** viewer/previews/<the original's path below originals/><suffix>: a preview sits where its original does. */
export const previewPath = (originalPath: string, suffix: string) => `viewer/previews/${originalPath.replace(/^originals\//, '')}${suffix}`;
