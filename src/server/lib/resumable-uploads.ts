// Resumable uploads (tus 1.0): archives for an import (decision 029) and videos for the gallery (decision 038),
// inside the signed-in scope. An upload belongs to the user who created it: its owner is written into its
// metadata by the server, and every HEAD, PATCH and DELETE — and the later request that takes the upload —
// of another user's upload id is 404. The files live under the storage root and are moved into place (or
// removed) when they are taken. Each upload holds its declared length against its owner's quota from its
// creation until it is taken, cancelled (DELETE) or removed as untouched (lib/upload-holds.ts); a chunk
// sent with Upload-Checksum is kept only when it matches (lib/upload-checksum.ts).
import type { IncomingMessage } from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from './errors';
import type { StagedFile } from './file-store';
import { parseChecksum, receiveCheckedChunk } from './upload-checksum';
import { createUploadHolds, UPLOAD_ID } from './upload-holds';
import { protocolRefusal, TUS_EXTENSIONS, TUS_VERSION, tusHeaders } from './tus-protocol';
import { currentUser } from '../plugins/session';
import { userText } from '@shared/i18n/text';

const notYours = { status_code: 404, body: 'Upload not found' };
const UPLOAD_DATA = 'application/offset+octet-stream';
/** How often untouched uploads are looked for (an account's own are also looked at before it begins one). */
const SWEEP_MS = 60 * 60 * 1000;
/** A checked chunk's file older than this belongs to a request that is long over. */
const CHUNK_KEPT_MS = 60 * 60 * 1000;

/** How much of a file's start `take` reads for the caller's type check (file-type needs up to 4100 bytes). */
const HEAD_BYTES = 4100;

/** A finished upload handed to its caller; `fileName` is the client's metadata, unchecked (make it safe to show). */
export interface TakenUpload extends StagedFile {
  fileName?: string;
}

export interface ResumableUploadsOptions {
  /** The full URL path of the tus endpoint (POST here, HEAD/PATCH `<path>/<id>`). */
  path: string;
  /** Where the routes are registered, relative to the plugin they are registered in (e.g. '/uploads'). */
  route: string;
  /** Storage-root folder of unfinished and finished-but-unused uploads. */
  folder: string;
  /** The most one user's next upload may be: the room left in their quota, or less. */
  maxBytes: (userId: number) => Promise<number>;
  /**
   * Holds a new upload's declared length against the user's quota, or throws the refusal (an AppError: 413
   * when it does not fit beside what is stored and held, 429 when too many uploads are open).
   */
  hold: (userId: number, uploadId: string, folder: string, bytes: number) => Promise<void>;
  /**
   * Whose uploads a request makes and reaches (the quota they count against): the signed-in user by default.
   * An interview's answer link (decision 066) names its owner by the token in the path; throw to refuse.
   * With it, an upload's address is the request's own path plus its id.
   */
  ownerOf?: (req: FastifyRequest) => Promise<number>;
  /**
   * Narrower than the owner: what else a request must share with the one that began an upload to reach it (an
   * answer link reaches only the uploads begun through that link, not another question's of the same owner).
   */
  scopeOf?: (req: FastifyRequest) => string;
  /** The path parameters of `route` itself (an answer link's token), declared on each of its routes. */
  params?: Record<string, z.ZodType>;
}

export async function registerResumableUploads(
  app: FastifyInstance,
  {
    path,
    route,
    folder,
    maxBytes,
    hold,
    ownerOf: ownerOfRequest,
    scopeOf: scopeOfRequest,
    params: routeParams = {},
  }: ResumableUploadsOptions,
) {
  // kept on this machine's disk while it grows (a bucket's objects cannot be appended to)
  const directory = app.files.localPath(folder);
  const chunkDirectory = app.files.localPath(`${folder}-chunks`);
  await fsp.mkdir(directory, { recursive: true });
  const datastore = new TusFileStore({ directory });
  datastore.extensions = TUS_EXTENSIONS;
  const holds = createUploadHolds(app.db, app.files);
  /** A refusal of ours thrown inside a tus hook, answered with its code once tus has returned. */
  const refusals = new WeakMap<IncomingMessage, AppError>();
  /** The signed-in user of each request handed to tus (the hooks see a web Request built from it). */
  const owners = new WeakMap<IncomingMessage, number>();
  /** Each request's scope (scopeOf), beside its owner. */
  const scopes = new WeakMap<IncomingMessage, string>();
  const nodeRequest = (req: Request) => (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const ownerOf = (req: Request) => {
    const raw = nodeRequest(req);
    const owner = raw && owners.get(raw);
    if (owner === undefined) throw notYours;
    return owner;
  };
  const scopeOf = (req: Request) => {
    const raw = nodeRequest(req);
    return raw && scopes.get(raw);
  };

  async function ownedUpload(userId: number, id: string, scope: string | undefined) {
    if (!UPLOAD_ID.test(id)) return undefined;
    try {
      const upload = await datastore.getUpload(id);
      if (scopeOfRequest && upload.metadata?.scope !== scope) return undefined;
      return upload.metadata?.owner === String(userId) ? upload : undefined;
    } catch {
      return undefined;
    }
  }

  const tus = new TusServer({
    path,
    datastore,
    relativeLocation: true,
    ...(ownerOfRequest && { generateUrl: (req: Request, { id }: { id: string }) => `${new URL(req.url).pathname}/${id}` }),
    maxSize: (req) => maxBytes(ownerOf(req)),
    // the owner is the server's word, whatever metadata the client sent
    onUploadCreate: async (req, upload) => {
      const owner = ownerOf(req);
      try {
        await holds.expireOf(owner);
        await hold(owner, upload.id, folder, upload.size ?? 0);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refusals.set((req as Request & { runtime: { node: { req: IncomingMessage } } }).runtime.node.req, err);
        throw { status_code: err.statusCode, body: err.message };
      }
      const scope = scopeOf(req);
      return { metadata: { ...upload.metadata, owner: String(owner), ...(scope !== undefined && { scope }) } };
    },
    onIncomingRequest: async (req, uploadId) => {
      const owner = ownerOf(req);
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      if (!(await ownedUpload(owner, uploadId, scopeOf(req)))) throw notYours;
    },
  });

  const refuse = (reply: FastifyReply, err: AppError) => {
    if (err.statusCode === 412) void reply.header('Tus-Version', TUS_VERSION);
    return reply.code(err.statusCode).send({ message: err.message, code: err.code });
  };

  /** How much a checked chunk may be: what is left of the upload (PATCH) or all of it (POST). 404: not yours. */
  async function chunkRoom(req: FastifyRequest, userId: number) {
    if (req.method === 'POST') return Math.min(Number(req.headers['upload-length']) || 0, await maxBytes(userId));
    const upload = await ownedUpload(userId, (req.params as { uploadId: string }).uploadId, scopes.get(req.raw));
    if (!upload) throw notFound(userText('Upload not found'));
    return (upload.size ?? 0) - upload.offset;
  }

  /**
   * Hands a request to tus as a web Request (its body streamed only when it is upload data, from the checked
   * chunk's file when it came with a checksum) and answers with tus's response; tus's plain-text refusals
   * become the app's JSON `{message}`, and its 5xx a message that tells nothing about the server's insides.
   */
  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const userId = ownerOfRequest ? await ownerOfRequest(req) : currentUser(req).id;
    owners.set(req.raw, userId);
    if (scopeOfRequest) scopes.set(req.raw, scopeOfRequest(req));
    void reply.headers(tusHeaders(req.method));
    const refusal = protocolRefusal(req.method, req.headers);
    if (refusal) return refuse(reply, refusal);
    const isData = req.headers['content-type'] === UPLOAD_DATA;
    const checksum = req.headers['upload-checksum'];
    let chunk: string | undefined;
    try {
      if (isData && typeof checksum === 'string')
        chunk = await receiveCheckedChunk(req.raw, parseChecksum(checksum), chunkDirectory, await chunkRoom(req, userId));
      return await answer(req, reply, isData ? Readable.toWeb(chunk ? fs.createReadStream(chunk) : req.raw) : undefined);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return refuse(reply, err);
      throw err;
    } finally {
      if (chunk) await fsp.rm(chunk, { force: true });
    }
  }

  async function answer(req: FastifyRequest, reply: FastifyReply, body: unknown) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(new URL(req.url, 'http://heirloom.invalid'), {
      method: req.method,
      headers,
      ...(body !== undefined && { body: body as ReadableStream, duplex: 'half' }),
    } as RequestInit);
    // tus watches the Node request for a client that hangs up, as it does when it is given one itself
    Object.assign(request, { runtime: { node: { req: req.raw, res: reply.raw } } });
    const response = await tus.handleWeb(request);
    const refused = refusals.get(req.raw);
    if (refused) return refuse(reply, refused);
    response.headers.forEach((value, name) => {
      // heirloom's pages are its only client: tus's CORS headers (any origin) are left out
      if (name !== 'content-type' && name !== 'content-length' && !name.startsWith('access-control-')) void reply.header(name, value);
    });
    if (req.method === 'DELETE' && response.status === 204) await holds.release([(req.params as { uploadId: string }).uploadId]);
    reply.code(response.status);
    if (response.status >= 500) {
      app.log.error({ status: response.status, body: await response.text() }, 'A resumable upload failed');
      return reply.send({ message: userText('The upload could not be stored. Please try again.') });
    }
    if (response.status >= 400) return reply.send({ message: (await response.text()).trim() || userText('The upload was refused.') });
    return reply.send(await response.text());
  }

  // uploads left untouched, and chunks of requests that ended without removing them: at start and then hourly
  async function removeOld() {
    await holds.expireIn(folder);
    const now = Date.now();
    for (const name of await fsp.readdir(chunkDirectory).catch(() => [])) {
      const file = nodePath.join(chunkDirectory, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > CHUNK_KEPT_MS) await fsp.rm(file, { force: true });
    }
  }
  const sweep = () => removeOld().catch((err: unknown) => app.log.warn({ err }, 'Could not remove old uploads'));
  const timer = setInterval(() => void sweep(), SWEEP_MS).unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));

  await app.register(async (scope) => {
    // tus reads upload data itself: the body is left unread
    scope.addContentTypeParser(UPLOAD_DATA, (_req, _payload, done) => done(null));
    // loose: the other parameters of the path (an answer link's token) stay for ownerOf
    const params = { params: z.looseObject({ ...routeParams, uploadId: z.string().max(200) }) };
    const own = Object.keys(routeParams).length > 0 ? { schema: { params: z.object(routeParams) } } : {};
    scope.post(route, own, handle);
    scope.options(route, own, handle);
    scope.head(`${route}/:uploadId`, { schema: params }, handle);
    scope.patch(`${route}/:uploadId`, { schema: params }, handle);
    scope.delete(`${route}/:uploadId`, { schema: params }, handle);
  });

  return {
    /**
     * Finished uploads of this user, as staged files the caller takes over (it moves or discards them); `head`
     * holds the first bytes for the caller's type check, which runs before anything is taken. Another user's
     * id (or, with scopeOf, another scope's) is 404, an unfinished upload 400, a refused type whatever `check` throws.
     */
    async take(userId: number, ids: string[], check: (head: Buffer) => Promise<void> | void, scope?: string): Promise<TakenUpload[]> {
      const unique = [...new Set(ids)];
      const uploads = [];
      for (const id of unique) {
        const upload = await ownedUpload(userId, id, scope);
        if (!upload) throw notFound(userText('Upload not found'));
        if (upload.size === undefined || upload.offset !== upload.size)
          throw badRequest(userText('This upload has not finished yet.'), 'UPLOAD_INCOMPLETE');
        uploads.push(upload);
      }
      const staged: TakenUpload[] = [];
      for (const upload of uploads) {
        const tempPath = nodePath.join(directory, upload.id);
        const handle = await fsp.open(tempPath, 'r');
        const head = Buffer.alloc(Math.min(HEAD_BYTES, upload.size!));
        try {
          await handle.read(head, 0, head.length, 0);
        } finally {
          await handle.close();
        }
        try {
          await check(head);
        } catch (err) {
          await datastore.remove(upload.id).catch(() => {}); // refused for good: its bytes can never be taken
          await holds.release([upload.id]);
          throw err;
        }
        staged.push({ tempPath, size: upload.size!, sha256: '', head, fileName: upload.metadata?.filename ?? undefined });
      }
      // the upload's info file goes now; its data file is moved into place by the caller (or discarded)
      for (const upload of uploads) await fsp.rm(nodePath.join(directory, `${upload.id}.json`), { force: true });
      await holds.release(uploads.map((u) => u.id));
      return staged;
    },
  };
}
