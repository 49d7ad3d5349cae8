// Reading multipart uploads: stream each file part to a staged temp file, recognise its type by its bytes,
// and on any failure discard everything staged so a refused request leaves nothing behind. A refused upload
// (signed out, unknown memory, wrong type, over quota…) reads the rest of its body before it answers, so the
// client, still sending, gets the JSON message instead of a reset connection (decision 009).
import type { IncomingMessage } from 'node:http';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType, type ErrorText } from './errors';
import { FileTooLargeError, type FileStore, type StagedFile } from './file-store';
import { containsNul, NUL_MESSAGE } from './nul-character';
import { userText } from '@shared/i18n/text';

export interface ReceivedFile {
  staged: StagedFile;
  /** The user's name for the file, made safe to store and show; never used as a path. */
  fileName: string;
  mimeType: string;
  ext: string;
}

export interface DetectedType {
  mime: string;
  ext: string;
}

export interface ReceiveOptions {
  field: string;
  maxBytes: number;
  maxFiles: number;
  /** Decide from the first bytes whether this file is acceptable; undefined refuses it. */
  accept: (head: Buffer, fileName: string) => Promise<DetectedType | undefined>;
  messages: { tooLarge: string; wrongType: string; missing: string; tooMany?: ErrorText; empty?: string };
}

const MAX_NAME_LENGTH = 255;
/** A multipart text field (a description, a memory id) never needs more. */
const MAX_FIELD_BYTES = 100_000;
/** Room for the multipart framing and the text fields next to the files. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The largest body an upload route reads: every file at its limit plus the form around them. */
const bodyLimitOf = (opts: Pick<ReceiveOptions, 'maxBytes' | 'maxFiles'>) => opts.maxFiles * opts.maxBytes + FORM_OVERHEAD_BYTES;

/**
 * Read and discard what is left of a request body, up to `limit` bytes in all (as far as Content-Length
 * tells). true when the body was read to its end; false when it is (or claims to be) larger: then the only
 * way to stop it is to close the connection.
 */
function drainBody(raw: IncomingMessage, limit: number): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  const declared = Number(raw.headers['content-length'] ?? NaN);
  if (declared > limit) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (drained: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) {
        raw.pause();
        done(false);
      }
    };
    const onEnd = () => done(true);
    const onClose = () => done(raw.complete);
    raw.unpipe(); // a multipart parser given up on must not hold the stream back
    raw.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    raw.resume();
  });
}

/**
 * Route options for an upload route. Whatever answers (the session check, a malformed id, the handler), an
 * unread body is drained first, up to the route's limit; only a body beyond it has its connection closed.
 */
export function uploadRoute(opts: Pick<ReceiveOptions, 'maxBytes' | 'maxFiles'>) {
  const limit = bodyLimitOf(opts);
  return {
    async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (await drainBody(req.raw, limit)) reply.removeHeader('Connection');
      else reply.header('Connection', 'close');
      return payload;
    },
  };
}

/** Keep the user's file name for display, stripped of paths, control characters and excess length. */
export function safeFileName(raw: string | undefined): string {
  // Browsers escape '"' in multipart file names as %22 (HTML form-data encoding): restore it, so the
  // user sees the name they picked on every upload route.
  let name = (raw ?? '').replace(/%22/g, '"').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'file';
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name;
}

/** Recognise a file by its magic number (file-type); text formats fall through to the caller. */
export async function sniff(head: Buffer): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(head);
  return found && { mime: found.mime, ext: found.ext };
}

export async function receiveFiles(
  req: FastifyRequest,
  files: FileStore,
  opts: ReceiveOptions,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw unsupportedMediaType(userText('Expected a multipart/form-data upload'));
  // Refused before a byte is read: the connection is closed (uploadRoute), nothing this large is ever taken.
  if (Number(req.headers['content-length'] ?? 0) > bodyLimitOf(opts)) throw payloadTooLarge(opts.messages.tooLarge);
  const received: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({
      limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: opts.maxFiles + 21 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // multipart cuts a field at its size limit without an error: refuse rather than store it cut
        if (part.valueTruncated) throw payloadTooLarge(`A text field is too long (at most ${MAX_FIELD_BYTES.toLocaleString('en')} bytes)`);
        if (typeof part.value === 'string') {
          if (containsNul(part.value)) throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== opts.field) {
        part.file.resume(); // drain a file in a field we do not read
        continue;
      }
      if (received.length >= opts.maxFiles) {
        part.file.resume();
        throw badRequest(opts.messages.tooMany ?? userText('Too many files'), 'TOO_MANY_FILES');
      }
      received.push(await receiveOne(part, files, opts));
    }
  } catch (err) {
    await Promise.all(received.map((f) => files.discard(f.staged)));
    throw translate(err, opts);
  }
  if (received.length === 0) throw badRequest(opts.messages.missing, 'NO_FILE');
  return { files: received, fields };
}

/** One file part staged and checked by its bytes; a refused one is discarded before the error goes on. */
export async function receiveOne(part: MultipartFile, files: FileStore, opts: ReceiveOptions): Promise<ReceivedFile> {
  const staged = await files.stage(part.file, opts.maxBytes, () => part.file.truncated);
  try {
    const fileName = safeFileName(part.filename);
    if (staged.size === 0) throw badRequest(opts.messages.empty ?? userText('The file is empty'), 'EMPTY_FILE');
    const type = await opts.accept(staged.head, fileName);
    if (!type) throw unsupportedMediaType(opts.messages.wrongType);
    return { staged, fileName, mimeType: type.mime, ext: type.ext };
  } catch (err) {
    await files.discard(staged);
    throw err;
  }
}

function translate(err: unknown, opts: ReceiveOptions): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof FileTooLargeError) return payloadTooLarge(opts.messages.tooLarge);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(opts.messages.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest(opts.messages.tooMany ?? userText('Too many files'), 'TOO_MANY_FILES');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupportedMediaType(userText('Expected a multipart/form-data upload'));
  // A client that hangs up mid-upload, or a malformed body.
  if (code === 'FST_PROTO_VIOLATION' || /Unexpected end of form|Malformed|Multipart/i.test((err as Error)?.message ?? '')) {
    return badRequest(userText('The upload was incomplete or malformed'), 'BAD_UPLOAD');
  }
  return err;
}
