import { z } from 'zod';
import { userText } from '../i18n/text';

// Issue 16, decision 038: videos live in the gallery beside the photos. They arrive by resumable upload (tus
// 1.0 at VIDEO_UPLOADS_PATH, tus-js-client in the browser) and become a gallery item with POST /api/photos/videos.
// The server judges the bytes; the web checks name and type first for early feedback.

/** What phones, cameras and camcorders make, as file-type names them by their bytes. */
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
  'video/matroska',
  'video/mp2t',
  'video/vnd.avi',
  'video/mpeg',
] as const;

/** The names a file picker offers (phones pick by type; desktops by extension). */
export const VIDEO_FILE_EXTENSIONS = [
  '.mp4',
  '.mov',
  '.webm',
  '.m4v',
  '.3gp',
  '.3g2',
  '.mkv',
  '.mts',
  '.m2ts',
  '.avi',
  '.mpg',
  '.mpeg',
] as const;

/** tus endpoint: POST creates an upload, HEAD/PATCH <path>/<id> resume it. */
export const VIDEO_UPLOADS_PATH = '/api/photos/video-uploads';

export const videoMessages = (maxBytes: number) => ({
  tooLarge: `Video must be ${Math.round(maxBytes / (1024 * 1024))}MB or smaller`,
  wrongType: userText('Only MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG videos can be uploaded'),
  notFinished: userText('This upload has not finished yet.'),
  uploadNotFound: userText('Upload not found'),
  noVideoStream: userText('This file holds no video that can be read'),
});

/** POST /api/photos/videos: the finished upload becomes a video in the gallery (201, the photo). */
export const videoCreateSchema = z.object({
  uploadId: z
    .string({ error: userText('uploadId is required') })
    .regex(/^[0-9a-f]{32}$/, userText('uploadId is not an upload of this server')),
});
export type VideoCreate = z.infer<typeof videoCreateSchema>;

export const videoQuerySchema = z.object({
  /** true: the short muted preview clip for the grid instead of the video. */
  preview: z.enum(['true', 'false']).optional(),
  t: z.string().optional(),
});
