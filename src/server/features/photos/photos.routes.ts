import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { VIDEO_UPLOADS_PATH, videoCreateSchema, videoQuerySchema } from '@shared/schemas/videos';
import { idParamsSchema } from '@shared/schemas/common';
import {
  cleanupResultSchema,
  fixPathsResultSchema,
  PHOTO_MIME_TYPES,
  PHOTO_UPLOAD_MESSAGES,
  photoBulkResultSchema,
  photoBulkSchema,
  photoImageQuerySchema,
  photoListQuerySchema,
  photoMonthsQuerySchema,
  photoMonthsSchema,
  photoPageQuerySchema,
  photoPageSchema,
  photoPatchSchema,
  photoProcessingSchema,
  photoSchema,
  photoUndatedCountSchema,
  retryFailedResultSchema,
} from '@shared/schemas/photos';
import { notFound } from '../../lib/errors';
import { sendFile, type FileToSend } from '../../lib/send-file';
import { detectImageType } from '../../lib/images';
import { registerResumableUploads } from '../../lib/resumable-uploads';
import { receiveFiles, uploadRoute, type ReceiveOptions } from '../../lib/uploads';
import { currentUser } from '../../plugins/session';
import { ImageFileGoneError, type ImageFile, type ImageSize } from './photos.service';
import { videoMaxBytesOf } from './videos.service';
import { errorAnswers, fileAnswers, noContent } from '../../lib/route-answers';
import { userText } from '@shared/i18n/text';

/** POST /api/photos, read by lib/uploads.ts. */
const PHOTO_UPLOAD: ReceiveOptions = {
  field: 'photo',
  maxBytes: PHOTO_MAX_BYTES,
  maxFiles: 1,
  accept: (head) => detectImageType(head, PHOTO_MIME_TYPES),
  messages: PHOTO_UPLOAD_MESSAGES,
};

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos, videos, storage } = app.services;
  const videoMaxBytes = videoMaxBytesOf(app);
  const videoUploads = await registerResumableUploads(app, {
    path: VIDEO_UPLOADS_PATH,
    route: '/video-uploads',
    folder: 'video-uploads',
    maxBytes: async (userId) => {
      const usage = await storage.usage(userId);
      return Math.max(0, Math.min(videoMaxBytes, usage.quotaBytes - usage.usedBytes));
    },
    hold: storage.holdUpload,
  });

  app.get('/', { schema: { querystring: photoListQuerySchema, response: { 200: z.array(photoSchema) } } }, (req) =>
    photos.list(currentUser(req).id, req.query.sortBy),
  );

  app.get('/page', { schema: { querystring: photoPageQuerySchema, response: { 200: photoPageSchema } } }, (req) =>
    photos.page(currentUser(req).id, req.query),
  );

  app.get('/undated-count', { schema: { response: { 200: photoUndatedCountSchema } } }, (req) => photos.undatedCount(currentUser(req).id));

  // Browsers revalidate the months by ETag: an unchanged library costs the counting but not the body.
  app.get('/months', { schema: { querystring: photoMonthsQuerySchema, response: { 200: photoMonthsSchema } } }, async (req, typedReply) => {
    const reply: FastifyReply = typedReply;
    const result = await photos.months(currentUser(req).id, req.query, req.headers['if-none-match']);
    reply.header('Cache-Control', 'private, no-cache').header('ETag', result.etag);
    if (result.notModified) return reply.code(304).send();
    return result.body;
  });

  app.post('/', { ...uploadRoute(PHOTO_UPLOAD), schema: { response: { 201: photoSchema } } }, async (req, reply) => {
    const received = await receiveFiles(req, app.files, PHOTO_UPLOAD);
    return reply.code(201).send(await photos.create(currentUser(req).id, received.files[0]!));
  });

  // A finished resumable upload (VIDEO_UPLOADS_PATH) becomes a video in the gallery (decision 038).
  app.post('/videos', { schema: { body: videoCreateSchema, response: { 201: photoSchema, ...errorAnswers(404) } } }, async (req, reply) => {
    const userId = currentUser(req).id;
    const [staged] = await videoUploads.take(userId, [req.body.uploadId], videos.checkHead);
    return reply.code(201).send(await videos.create(userId, staged!, staged!.fileName));
  });

  // Plays the video (Range through sendFile) or, with preview=true, its short muted preview.
  app.get(
    '/video/:id',
    { schema: { params: idParamsSchema, querystring: videoQuerySchema, response: fileAnswers('video/mp4') } },
    async (req, reply) => {
      const file = await videos.playable(currentUser(req).id, req.params.id, req.query.preview === 'true');
      return sendFile(req, reply, { ...file, cacheControl: 'private, no-cache' });
    },
  );

  app.get(
    '/image/:id',
    { schema: { params: idParamsSchema, querystring: photoImageQuerySchema, response: fileAnswers('image/*') } },
    async (req, reply) => {
      const userId = currentUser(req).id;
      const size: ImageSize = req.query.size === 'thumb' ? 'thumb' : req.query.mobile === 'true' ? 'mobile' : 'full';
      try {
        try {
          return await sendFile(req, reply, toSend(await photos.imageFile(userId, req.params.id, size)));
        } catch (err) {
          if (!(err instanceof ImageFileGoneError)) throw err;
          // a remembered answer whose file is gone (moved or deleted elsewhere): look again, once
          photos.forget(req.params.id);
          return await sendFile(req, reply, toSend(await photos.imageFile(userId, req.params.id, size, { fresh: true })));
        }
      } catch (err) {
        reply.header('Cache-Control', 'no-store').removeHeader('ETag');
        if (err instanceof ImageFileGoneError) throw notFound(userText('The file of this photo is missing'));
        throw err;
      }
    },
  );

  /** A stand-in (the original while the thumbnail is made) must be revalidated; the real thing may be reused. */
  const toSend = (image: ImageFile): FileToSend => ({
    size: image.stat.size,
    mimeType: image.contentType,
    version: image.stat.version,
    lastModified: image.stat.mtime,
    cacheControl: image.isFinal ? 'private, max-age=86400' : 'private, no-cache',
    open: (range) => photos.openImage(image, range),
    presign: (request) => app.files.presignedUrl(image.key, request),
  });

  // Static paths (/page, /months, /undated-count, /processing, /image/:id, /bulk) win over these in Fastify's router.
  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: photoSchema } } }, (req) =>
    photos.get(currentUser(req).id, req.params.id),
  );

  app.get('/:id/original', { schema: { params: idParamsSchema, response: fileAnswers('image/*', 'video/*') } }, async (req, reply) => {
    const file = await photos.original(currentUser(req).id, req.params.id);
    return sendFile(req, reply, { ...file, download: true, cacheControl: 'private, no-cache' });
  });

  app.post('/bulk', { schema: { body: photoBulkSchema, response: { 200: photoBulkResultSchema, ...errorAnswers(404) } } }, (req) =>
    photos.bulk(currentUser(req).id, req.body),
  );

  app.patch('/:id', { schema: { params: idParamsSchema, body: photoPatchSchema, response: { 200: photoSchema } } }, (req) =>
    photos.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await photos.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.delete('/:id/unlink', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await photos.unlink(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/processing', { schema: { response: { 200: photoProcessingSchema } } }, (req) => photos.processing(currentUser(req).id));

  app.post('/retry-failed', { schema: { response: { 200: retryFailedResultSchema } } }, (req) => photos.retryFailed(currentUser(req).id));

  app.post('/fix-paths', { schema: { response: { 200: fixPathsResultSchema } } }, (req) => photos.fixPaths(currentUser(req).id));

  app.post('/cleanup', { schema: { response: { 200: cleanupResultSchema } } }, (req) => photos.cleanup(currentUser(req).id));
};
