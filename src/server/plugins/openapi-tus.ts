// The resumable-upload routes (lib/resumable-uploads.ts) hand their requests to tus, which reads its own headers
// and answers by the tus 1.0 protocol: their operations are described here, as tus defines them.
type Header = { description: string; schema: { type: 'string' } | { type: 'integer'; minimum: number } };
type Operation = { summary: string; description: string; parameters?: object[]; requestBody?: object; responses: Record<string, object> };

const text = (description: string): Header => ({ description, schema: { type: 'string' } });
const count = (description: string): Header => ({ description, schema: { type: 'integer', minimum: 0 } });

const TUS_RESUMABLE = text('The tus protocol version: 1.0.0');
const UPLOAD_OFFSET = count('How many bytes the server holds');
const UPLOAD_LENGTH = count('The whole size of the upload in bytes');
const UPLOAD_METADATA = text('Comma-separated "key base64value" pairs: filename and filetype');

const header = (name: string, { description, schema }: Header, required = false) => ({ name, in: 'header', required, description, schema });
const tusResumable = header('Tus-Resumable', TUS_RESUMABLE, true);

/** The errors tus answers (a JSON {message}), by status. */
const TUS_ERRORS: Record<string, string> = {
  400: 'A tus header is missing or malformed (Upload-Length, Upload-Offset, Upload-Metadata, Upload-Checksum), or Upload-Concat was sent (concatenation is not offered)',
  403: 'A cross-site request',
  404: 'No upload of this user has this id',
  409: 'Upload-Offset is not the number of bytes the server holds: ask with HEAD and resume from there',
  410: 'The upload expired and was removed',
  412: 'Tus-Resumable names a version this server does not speak (Tus-Version lists the one it does)',
  413: 'The upload is larger than the room left in the storage quota',
  415: 'Upload data must be sent as application/offset+octet-stream',
  429: 'Too many unfinished uploads: finish or cancel one first',
  460: 'Upload-Checksum does not match the bytes sent: nothing of this request was kept',
};

function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, { description: TUS_ERRORS[code] }]));
}

const OPERATIONS: Record<string, Operation> = {
  post: {
    summary: 'Begins a resumable upload (tus creation)',
    description: 'Declares the size and name of a file to send; the answer’s Location is where its bytes go (PATCH).',
    parameters: [tusResumable, header('Upload-Length', UPLOAD_LENGTH, true), header('Upload-Metadata', UPLOAD_METADATA)],
    responses: {
      201: {
        description: 'The upload exists',
        headers: { Location: text('The upload’s URL, relative to this server'), 'Tus-Resumable': TUS_RESUMABLE },
      },
      ...errors(400, 403, 412, 413, 429),
    },
  },
  head: {
    summary: 'How much of an upload the server holds (tus)',
    description: 'Answers the offset to resume from; no body.',
    parameters: [tusResumable],
    responses: {
      200: {
        description: 'The upload’s state',
        headers: {
          'Upload-Offset': UPLOAD_OFFSET,
          'Upload-Length': UPLOAD_LENGTH,
          'Upload-Metadata': UPLOAD_METADATA,
          'Tus-Resumable': TUS_RESUMABLE,
          'Cache-Control': text('no-store'),
        },
      },
      ...errors(404, 410, 412),
    },
  },
  patch: {
    summary: 'Sends bytes of a resumable upload from its offset (tus)',
    description: 'Appends the body at Upload-Offset; with Upload-Checksum (sha1) the bytes are kept only when they match.',
    parameters: [
      tusResumable,
      header('Upload-Offset', UPLOAD_OFFSET, true),
      header('Upload-Checksum', text('"sha1 <base64 digest>" of this request’s body')),
    ],
    requestBody: {
      required: true,
      content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    responses: {
      204: { description: 'The bytes are stored', headers: { 'Upload-Offset': UPLOAD_OFFSET, 'Tus-Resumable': TUS_RESUMABLE } },
      ...errors(400, 403, 404, 409, 410, 412, 413, 415, 460),
    },
  },
  delete: {
    summary: 'Cancels a resumable upload (tus termination)',
    description: 'Removes the upload and its bytes.',
    parameters: [tusResumable],
    responses: { 204: { description: 'The upload is gone', headers: { 'Tus-Resumable': TUS_RESUMABLE } }, ...errors(403, 404, 412) },
  },
  options: {
    summary: 'What this tus server offers',
    description: 'Its protocol versions, extensions, checksum algorithms and the largest upload.',
    responses: {
      204: {
        description: 'The server’s tus capabilities',
        headers: {
          'Tus-Resumable': TUS_RESUMABLE,
          'Tus-Version': text('The protocol versions spoken: 1.0.0'),
          'Tus-Extension': text('The extensions offered, e.g. creation,termination,checksum'),
          'Tus-Checksum-Algorithm': text('The checksum algorithms offered: sha1'),
          'Tus-Max-Size': count('The largest upload in bytes'),
        },
      },
    },
  },
};

/** The tus endpoints: POST on the collection, HEAD/PATCH/DELETE on `<collection>/:uploadId`. */
export const isTusRoute = (fastifyUrl: string) => /\/(video-)?uploads(\/:uploadId)?$/.test(fastifyUrl);

/** The tus description of one operation (responses without the ones every signed-in route answers). */
export function tusOperation(method: string): Operation | undefined {
  return OPERATIONS[method.toLowerCase()];
}
