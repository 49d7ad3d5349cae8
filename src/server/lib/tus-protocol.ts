// What of tus 1.0 heirloom offers, and the requests for the rest refused as the protocol asks (before
// @tus/server sees them: it answers some of them with a 501, or a 400 where a 412 is due).
import type { IncomingHttpHeaders } from 'node:http';
import { AppError, badRequest } from './errors';
import { CHECKSUM_ALGORITHMS } from './upload-checksum';
import { userText } from '@shared/i18n/text';

export const TUS_VERSION = '1.0.0';

/**
 * Tus-Extension: no concatenation (each file is one upload), no deferred length (an upload's length is held
 * against the quota when it begins), no expiration header (an upload expires when left untouched, which
 * no date given at its creation can say).
 */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'checksum'];

/** Headers of every tus answer; an OPTIONS answer also says what it offers. */
export function tusHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { 'Tus-Resumable': TUS_VERSION };
  if (method === 'OPTIONS') headers['Tus-Checksum-Algorithm'] = CHECKSUM_ALGORITHMS.join(',');
  return headers;
}

/** The refusal of a request for something not offered, else undefined. */
export function protocolRefusal(method: string, headers: IncomingHttpHeaders): AppError | undefined {
  const version = headers['tus-resumable'];
  if (method !== 'OPTIONS' && version !== TUS_VERSION)
    return new AppError(
      412,
      version === undefined
        ? userText('Tus-Resumable is required (tus 1.0.0).')
        : `This server speaks tus ${TUS_VERSION} only (see Tus-Version).`,
      'TUS_VERSION',
    );
  if (headers['upload-concat'] !== undefined)
    return badRequest(
      userText('Uploads cannot be put together from parts here (no concatenation): send each file as one upload.'),
      'TUS_CONCATENATION',
    );
  if (headers['upload-defer-length'] !== undefined || (method === 'PATCH' && headers['upload-length'] !== undefined))
    return badRequest(userText('An upload must give its length (Upload-Length) when it is created.'), 'UPLOAD_LENGTH_REQUIRED');
  return undefined;
}
