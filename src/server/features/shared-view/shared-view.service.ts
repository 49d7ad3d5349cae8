// What a grant's recipient sees (decision 025): a request is turned into one grant (by the link's token, or
// by a signed-in recipient and the grant's id), then one set of read-only answers serves both. Items are
// addressed by their collection-item id and attachments by an id checked against the collection, so an id
// given out here works nowhere else and any id from outside the collection is 404.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { datePrecisions, type DatePrecision } from '@shared/dates/date-precision';
import { idParamSchema } from '@shared/schemas/common';
import { attachmentFileQuerySchema } from '@shared/schemas/memories';
import { sharedCollectionSchema, SHARING_MESSAGES, type SharedCollection, type SharedWithMe } from '@shared/schemas/sharing';
import { AppError, notFound } from '../../lib/errors';
import type { MediaTools } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { isHeif } from '../../lib/images';
import type { LinkTokens } from '../../lib/link-tokens';
import { createPlaceFreeCopies, mayNamePlace } from '../../lib/place-free-copies';
import { sendArchive, sendFile, storedFile, type ArchiveToSend, type StoredFile } from '../../lib/send-file';
import type { PasswordCheck } from '../auth/auth.service';
import { attachmentDisplayKey, audioCopyKey } from '../memories/memories.service';
import { derivativeKey, videoKey } from '../photos/photos.service';
import { withExtension } from './shared-files';
import type { ShareGrant, SharedPhotoRow, SharedViewRepo } from './shared-view.repo';
import { archiveToSend, safeNamePart } from '../exports/exports.service';
import { createSharedDataset, type SharedDataset } from './shared-dataset';
import { errorAnswers, fileAnswers, zipAnswer } from '../../lib/route-answers';
import { userText } from '@shared/i18n/text';

export type { ShareGrant } from './shared-view.repo';
export type { SharedDataset } from './shared-dataset';

/** A resolved grant and the URL prefix its answers live under (/api/shared/<token> or /api/shared-with-me/<id>). */
export interface ShareAccess {
  grant: ShareGrant;
  base: string;
}

export type PhotoSize = 'thumbnail' | 'display' | 'download' | 'video';

/** An unlocked link is remembered for a week at most, and never past the link's own expiry. */
const UNLOCK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const linkExpired = () => new AppError(410, SHARING_MESSAGES.linkExpired, 'LINK_EXPIRED');
const passwordRequired = () => new AppError(401, SHARING_MESSAGES.passwordRequired, 'PASSWORD_REQUIRED');
const wrongPassword = () => new AppError(401, SHARING_MESSAGES.wrongPassword, 'WRONG_PASSWORD');
const preparing = () =>
  new AppError(503, userText('This photo is still being prepared. Please try again in a moment.'), 'PHOTO_PREPARING', {
    retryAfterSeconds: 2,
  });
const fileMissing = () => notFound(userText('The file is missing'));

const hashVersion = (hash: string | null, suffix = '') => (hash ? `${hash.slice(0, 32)}${suffix}` : undefined);

/** The cookie that proves a public link was unlocked: one per link, named after its token's hash. */
export const unlockCookieName = (tokenHash: string) => `heirloom_link_${tokenHash.slice(0, 12)}`;

interface Deps {
  repo: SharedViewRepo;
  files: FileStore;
  heic: HeicDecoder;
  /** ffmpeg, for copies of sound and video without their places. */
  media: MediaTools;
  tokens: LinkTokens;
  /** auth's password check with the sign-in throttle (429 LoginThrottledError). */
  checkPassword: PasswordCheck;
  now?: () => Date;
}

/** A stored precision as the contract has it (decision 067; the column is text with a CHECK), or the fallback. */
function knownPrecision(value: string | null, fallback: DatePrecision): DatePrecision {
  return (datePrecisions as readonly string[]).includes(value ?? '') ? (value as DatePrecision) : fallback;
}

function sharedPhotoDate(p: { dateTaken: Date | null; dateTakenPrecision: string | null; dateTakenMargin: number | null }) {
  if (!p.dateTaken) return { dateTakenPrecision: null, dateTakenMargin: null };
  const precision = knownPrecision(p.dateTakenPrecision, 'exact');
  return { dateTakenPrecision: precision, dateTakenMargin: precision === 'about' ? p.dateTakenMargin : null };
}

export function createSharedViewService({ repo, files, media, tokens, checkPassword, now = () => new Date() }: Deps) {
  const placeFree = createPlaceFreeCopies(files, media);
  const isExpired = (g: ShareGrant) => g.expiresAt !== null && g.expiresAt.getTime() <= now().getTime();

  async function liveGrantOf(token: string) {
    const tokenHash = tokens.hash(token);
    const grant = await repo.findByTokenHash(tokenHash);
    if (!grant) throw notFound();
    if (isExpired(grant)) throw linkExpired();
    return { grant, tokenHash };
  }

  async function asStored(key: string, about: Parameters<typeof storedFile>[2]): Promise<StoredFile> {
    const file = await storedFile(files, key, about);
    if (!file) throw fileMissing();
    return file;
  }

  /** A picture, sound or video without its places: its kept copy (or the original, naming none), made the first time it is asked for. */
  async function withoutPlaces(key: string, about: Parameters<typeof storedFile>[2] & { version?: string }): Promise<StoredFile> {
    const copyKey = await placeFree.keyOf(key, about.mimeType);
    return asStored(copyKey, copyKey === key ? about : { ...about, version: about.version && `${about.version}-noplace` });
  }

  /** The original as stored when places are included (or the type names none), else its copy without places. */
  function original(g: ShareGrant, key: string, about: Parameters<typeof storedFile>[2] & { version?: string }) {
    return g.includePlaces || !mayNamePlace(about.mimeType) ? asStored(key, about) : withoutPlaces(key, about);
  }

  const photoUrl = (base: string, itemId: number, size: PhotoSize) => `${base}/photos/${itemId}/${size}`;

  /** A video that plays: its original (which then carries no place) or its metadata-free copy (decision 038). */
  const isPlayable = (p: Pick<SharedPhotoRow, 'videoPlayback'>) => p.videoPlayback === 'original' || p.videoPlayback === 'copy';

  /** The video a recipient plays or, without places, downloads: never the original's container metadata. */
  async function videoFile(photo: SharedPhotoRow, fileName: string | undefined): Promise<StoredFile> {
    if (!isPlayable(photo)) throw new AppError(422, userText('This video cannot be played in the browser yet.'), 'VIDEO_UNAVAILABLE');
    const copy = photo.videoPlayback === 'copy';
    const file = await storedFile(files, copy ? videoKey(photo.key, 'copy') : photo.key, {
      mimeType: copy ? 'video/mp4' : photo.mimeType,
      fileName: fileName && copy ? withExtension(fileName, 'mp4') : fileName,
      lastModified: photo.createdAt,
    });
    if (!file) throw notFound();
    return file;
  }

  function coverOf(g: ShareGrant, photos: SharedPhotoRow[]) {
    return photos.find((p) => p.photoId === g.coverPhotoId) ?? photos[0];
  }

  return {
    cookieNameFor: (token: string) => unlockCookieName(tokens.hash(token)),

    /** A link's grant: 404 unknown or revoked, 410 expired, 401 when its password has not been given. */
    async byToken(token: string, cookies: Record<string, string | undefined>): Promise<ShareGrant> {
      const { grant, tokenHash } = await liveGrantOf(token);
      if (grant.passwordHash && !tokens.isUnlockProof(cookies[unlockCookieName(tokenHash)], grant.id, grant.passwordHash)) {
        throw passwordRequired();
      }
      return grant;
    },

    /** A grant to a signed-in recipient: only through a contact of the owner linked to this user. */
    async forRecipient(userId: number, grantId: number): Promise<ShareGrant> {
      const grant = await repo.findForRecipient(userId, grantId);
      if (!grant) throw notFound();
      if (isExpired(grant)) throw linkExpired();
      return grant;
    },

    /** A released Legacy Plan grant of this heir (decision 027): 404 for anything else, released later or not at all. */
    async forHeir(heirId: number, grantId: number): Promise<ShareGrant> {
      const grant = await repo.findForHeir(heirId, grantId, now());
      if (!grant) throw notFound();
      return grant;
    },

    /**
     * One photo of an owner as a grant of its own (a plain letter's photos, delivered with the letter): its
     * item id is the photo's id, and it is served without places like any shared photo.
     */
    photoOfOwner: (ownerId: number, ownerName: string, photoId: number): ShareGrant => ({
      id: 0,
      ownerId,
      collectionId: null,
      photoId,
      memoryId: null,
      vaultFileId: null,
      personId: null,
      title: '',
      description: null,
      coverPhotoId: null,
      ownerName,
      includePlaces: false,
      includeNames: false,
      passwordHash: null,
      expiresAt: null,
      createdAt: new Date(0),
    }),

    /**
     * The password of a public link, throttled per link like a sign-in per account (so guesses are slow
     * without one address locking others out). Right → the cookie to set; a link without a password → none.
     */
    async unlock(token: string, password: string, address: string) {
      const { grant, tokenHash } = await liveGrantOf(token);
      if (!grant.passwordHash) return undefined;
      const ok = await checkPassword({ email: `link:${grant.id}`, password: grant.passwordHash }, password, address);
      if (!ok) throw wrongPassword();
      const untilExpiry = grant.expiresAt ? grant.expiresAt.getTime() - now().getTime() : Infinity;
      return {
        name: unlockCookieName(tokenHash),
        value: tokens.unlockProof(grant.id, grant.passwordHash),
        maxAgeSeconds: Math.max(1, Math.floor(Math.min(UNLOCK_MAX_AGE_MS, untilExpiry) / 1000)),
      };
    },

    /** The shared page; `countView` for an opening of it (not for a HEAD, nor for its images). */
    async view({ grant: g, base }: ShareAccess, countView: boolean): Promise<SharedCollection> {
      const [photos, memories, attachments, documents] = await Promise.all([
        repo.listPhotos(g),
        repo.listMemories(g),
        repo.listAttachments(g),
        repo.listDocuments(g),
      ]);
      // names only where the owner included them: otherwise no face, box or name is read at all
      const names = await repo.namesIn(
        g,
        photos.map((p) => p.photoId),
      );
      if (countView) await repo.countView(g.id, now());
      const cover = coverOf(g, photos);
      return {
        title: g.title,
        description: g.description,
        ownerName: g.ownerName,
        includePlaces: g.includePlaces,
        includeNames: g.includeNames,
        expiresAt: g.expiresAt?.toISOString() ?? null,
        coverUrl: cover ? photoUrl(base, cover.itemId, 'thumbnail') : null,
        photos: photos.map((p) => ({
          id: p.itemId,
          title: p.title,
          description: p.description,
          dateTaken: p.dateTaken?.toISOString() ?? null,
          ...sharedPhotoDate(p),
          fileName: p.fileName,
          width: p.width,
          height: p.height,
          location: g.includePlaces ? p.location : null,
          cameraInfo: p.cameraInfo,
          thumbnailUrl: photoUrl(base, p.itemId, 'thumbnail'),
          displayUrl: photoUrl(base, p.itemId, 'display'),
          downloadUrl: photoUrl(base, p.itemId, 'download'),
          videoUrl: isPlayable(p) ? photoUrl(base, p.itemId, 'video') : null,
          durationMs: p.durationMs,
          people: (names.get(p.photoId) ?? []).map(({ name, box }) => ({ name, box })),
        })),
        memories: memories.map((m) => ({
          id: m.itemId,
          title: m.title,
          content: m.content,
          eventDate: m.eventDate,
          eventDatePrecision: knownPrecision(m.eventDatePrecision, 'day'),
          eventDateMargin: m.eventDatePrecision === 'about' ? m.eventDateMargin : null,
          tags: m.tags,
          location: g.includePlaces ? m.location : null,
          attachments: attachments
            .filter((a) => a.memoryId === m.memoryId)
            .map((a) => {
              // a HEIC attachment is shown as its JPEG copy, like it is to its owner
              const asJpeg = isHeif(a.mimeType) && a.displaySize > 0;
              const served = asJpeg
                ? { fileName: withExtension(a.fileName, 'jpg'), mimeType: 'image/jpeg' }
                : { fileName: a.fileName, mimeType: a.mimeType };
              const url = `${base}/attachments/${a.id}`;
              // its M4A copy carries no metadata: it is handed out with or without places (decision 040)
              const playable = a.audioCopy === 'ready' ? { playableUrl: `${url}?format=m4a` } : {};
              return { id: a.id, ...served, fileSize: asJpeg ? a.displaySize : a.fileSize, url, ...playable };
            }),
        })),
        documents: documents.map((d) => ({
          id: d.itemId,
          name: d.name,
          description: d.description,
          mimeType: d.mimeType,
          fileSize: d.fileSize,
          url: `${base}/documents/${d.itemId}`,
        })),
        downloadAllUrl: `${base}/download`,
      };
    },

    /** GET /api/shared-with-me: live personal grants to this user, grouped by owner (most recent share first). */
    async sharedWithMe(userId: number): Promise<SharedWithMe> {
      const rows = await repo.listForRecipient(userId, now());
      const covers = await repo.coverItems(rows);
      const byOwner = new Map<number, SharedWithMe[number]>();
      for (const row of rows) {
        let group = byOwner.get(row.ownerId);
        if (!group) byOwner.set(row.ownerId, (group = { ownerName: row.ownerName, collections: [] }));
        const cover = covers.get(row.collectionId);
        group.collections.push({
          grantId: row.id,
          title: row.title,
          description: row.description,
          coverUrl: cover ? photoUrl(`/api/shared-with-me/${row.id}`, cover, 'thumbnail') : null,
          itemCount: row.itemCount,
          sharedAt: row.createdAt.toISOString(),
        });
      }
      return [...byOwner.values()];
    },

    /**
     * Thumbnails and display sizes are the stored derivatives (made without metadata); a download is the
     * original with places, else its copy without them (the same pixels, date and camera).
     */
    async photoFile({ grant: g }: ShareAccess, itemId: number, size: PhotoSize): Promise<StoredFile> {
      const photo = await repo.findPhoto(g, itemId);
      if (!photo) throw notFound();
      if (size === 'video' && !photo.videoPlayback) throw notFound();
      if (size === 'video' || (size === 'download' && photo.videoPlayback && !g.includePlaces)) {
        return videoFile(photo, size === 'download' ? photo.fileName : undefined);
      }
      const about = { lastModified: photo.createdAt };
      const derivative = (variant: 'thumb' | 'mobile' | 'display', mimeType: string) =>
        storedFile(files, derivativeKey(photo.key, variant), { mimeType, ...about });
      if (size === 'thumbnail') {
        const thumb = await derivative('thumb', 'image/webp');
        if (thumb) return thumb;
      }
      if (size !== 'download') {
        const mobile = await derivative('mobile', 'image/jpeg');
        if (mobile) return mobile;
      }
      const fileName = size === 'download' ? photo.fileName : undefined;
      if (isHeif(photo.mimeType) && size !== 'download') {
        const display = await derivative('display', 'image/jpeg');
        if (!display) throw preparing();
        return { ...display, fileName: fileName && withExtension(fileName, 'jpg') };
      }
      return original(g, photo.key, { mimeType: photo.mimeType, fileName, version: hashVersion(photo.contentHash), ...about });
    },

    /** `m4a`: an audio attachment's M4A copy (decision 040), 404 while there is none. */
    async attachmentFile({ grant: g }: ShareAccess, attachmentId: number, format?: 'm4a'): Promise<StoredFile> {
      const a = await repo.findAttachment(g, attachmentId);
      if (!a) throw notFound();
      if (format === 'm4a') {
        const copy =
          a.audioCopy === 'ready'
            ? await storedFile(files, audioCopyKey(a.key), {
                mimeType: 'audio/mp4',
                fileName: withExtension(a.fileName, 'm4a'),
                version: hashVersion(a.contentHash, '-m4a'),
                lastModified: a.uploadedAt,
              })
            : undefined;
        if (!copy) throw notFound();
        return copy;
      }
      if (isHeif(a.mimeType)) {
        const copy = await storedFile(files, attachmentDisplayKey(a.key), {
          mimeType: 'image/jpeg',
          fileName: withExtension(a.fileName, 'jpg'),
          version: hashVersion(a.contentHash, '-jpeg'),
          lastModified: a.uploadedAt,
        });
        if (copy) return copy;
      }
      return original(g, a.key, {
        mimeType: a.mimeType,
        fileName: a.fileName,
        version: hashVersion(a.contentHash),
        lastModified: a.uploadedAt,
      });
    },

    async documentFile({ grant: g }: ShareAccess, itemId: number): Promise<StoredFile> {
      const d = await repo.findDocument(g, itemId);
      if (!d) throw notFound();
      return original(g, d.key, {
        mimeType: d.mimeType,
        fileName: d.name,
        version: hashVersion(d.contentHash),
        lastModified: d.uploadedAt,
      });
    },

    /**
     * "Download all": what the share shows, made by the one archive builder (decisions 028 and 054) —
     * originals (copies without places where the link hides them), previews, heirloom.json, the viewer.
     * Bytes are opened entry by entry.
     */
    async zip({ grant: g }: ShareAccess): Promise<ArchiveToSend> {
      const archive = this.datasetBuilder({ scope: 'shared', title: g.title, ownerName: g.ownerName });
      await archive.add(g, g.collectionId !== null);
      return archiveToSend(`${safeNamePart(g.title, 'heirloom')}.zip`, archive.dataset());
    },

    /** An archive of one or more grants (an heir's releases), built with this service's clean copies. */
    datasetBuilder(about: { scope: 'shared' | 'legacy'; title: string; ownerName: string }): SharedDataset {
      return createSharedDataset({ repo, files, placeFree }, { ...about, now: now() });
    },
  };
}
export type SharedViewService = ReturnType<typeof createSharedViewService>;

type App = Parameters<FastifyPluginAsyncZod>[0];

const photoSizeSchema = z.enum(['thumbnail', 'display', 'download', 'video'], { error: 'Not found' });

/**
 * The one set of read-only answers for a resolved grant, registered under /api/shared/:token, under
 * /api/shared-with-me/:grantId and under /api/legacy/received/:grantId. `prefix` is the path parameter that
 * names the grant and its schema.
 */
export function shareReadRoutes(
  app: App,
  shared: SharedViewService,
  prefix: { path: string; params: z.ZodRawShape },
  resolve: (req: FastifyRequest) => Promise<ShareAccess>,
) {
  const params = <T extends z.ZodRawShape>(extra: T) => z.object({ ...prefix.params, ...extra });
  // a link with a password not yet unlocked, or an heir without a key code in this browser
  const keyNeeded = errorAnswers(401);
  // Shared files are never kept by a browser or proxy: revoking must take them away at once.
  const send = (req: FastifyRequest, reply: FastifyReply, file: Awaited<ReturnType<SharedViewService['photoFile']>>) =>
    sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });

  app.get(prefix.path, { schema: { params: params({}), response: { 200: sharedCollectionSchema, ...keyNeeded } } }, async (req) =>
    shared.view(await resolve(req), req.method === 'GET'),
  );

  app.get(
    `${prefix.path}/photos/:itemId/:size`,
    { schema: { params: params({ itemId: idParamSchema, size: photoSizeSchema }), response: { ...fileAnswers('image/*'), ...keyNeeded } } },
    async (req, reply) => {
      const { itemId, size } = req.params as { itemId: number; size: z.infer<typeof photoSizeSchema> };
      return send(req, reply, await shared.photoFile(await resolve(req), itemId, size));
    },
  );

  app.get(
    `${prefix.path}/attachments/:attachmentId`,
    {
      schema: {
        params: params({ attachmentId: idParamSchema }),
        querystring: attachmentFileQuerySchema,
        response: { ...fileAnswers('image/*', 'audio/*', 'video/*'), ...keyNeeded },
      },
    },
    async (req, reply) => {
      const { attachmentId } = req.params as { attachmentId: number };
      const { format } = req.query as z.infer<typeof attachmentFileQuerySchema>;
      return send(req, reply, await shared.attachmentFile(await resolve(req), attachmentId, format));
    },
  );

  app.get(
    `${prefix.path}/documents/:itemId`,
    { schema: { params: params({ itemId: idParamSchema }), response: { ...fileAnswers('*/*'), ...keyNeeded } } },
    async (req, reply) => {
      const { itemId } = req.params as { itemId: number };
      return send(req, reply, await shared.documentFile(await resolve(req), itemId));
    },
  );

  app.get(`${prefix.path}/download`, { schema: { params: params({}), response: { ...zipAnswer, ...keyNeeded } } }, async (req, reply) =>
    sendArchive(req, reply, await shared.zip(await resolve(req))),
  );
}
