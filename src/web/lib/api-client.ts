import type { ErrorBody } from '@shared/schemas/common';
import { translateText } from '@web/lib/i18n/language-store';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The same test as errorBodySchema.safeParse (api-client.test.ts checks they agree), written out by hand:
 * importing zod here would put it on every signed-in page's first load (~25 KB gzipped).
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || typeof value.message !== 'string') return false;
  if (value.code !== undefined && typeof value.code !== 'string') return false;
  if (value.issues === undefined) return true;
  return (
    Array.isArray(value.issues) &&
    value.issues.every((issue) => isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string')
  );
}

/** A Retry-After header's wait in whole seconds, when it gives one (heirloom sends seconds, never a date). */
function retryAfterSecondsOf(header: string | null | undefined) {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export class ApiError extends Error {
  /** How long the server asked to wait before trying again (a 429's or 503's Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    retryAfter?: string | null,
  ) {
    super(`${status}: ${body || statusText}`); // spec §7: "<status>: <body text or status text>"
    this.name = 'ApiError';
    this.retryAfterSeconds = retryAfterSecondsOf(retryAfter);
  }

  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return isErrorBody(parsed) ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * A JSON answer with the server's `message` in the page's language: the server writes the message of a success
 * (a marked text, decision 081) in English, and the catalogues hold its translation.
 */
function parseAnswer<T>(text: string): T {
  const value: unknown = text ? JSON.parse(text) : undefined;
  if (isRecord(value) && typeof value.message === 'string') return { ...value, message: translateText(value.message) } as T;
  return value as T;
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText, res.headers.get('Retry-After'));
  return parseAnswer<T>(await res.text());
}

/** Multipart upload with progress (fetch cannot report upload progress); fails with the same ApiError. */
function upload<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText, xhr.getResponseHeader('Retry-After')));
        return;
      }
      try {
        resolve(parseAnswer<T>(xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    // status 0: the request never got an HTTP answer (offline, aborted, CORS)
    xhr.onerror = () => reject(new ApiError(0, '', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, '', 'Upload aborted'));
    xhr.send(form);
  });
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  patch: <T>(url: string, body: unknown) => request<T>('PATCH', url, body),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  delete: <T = void>(url: string, body?: unknown) => request<T>('DELETE', url, body),
  upload,
};

/** The text a toast should show: the server's message if it sent one (in the page's language), else the spec fallback. */
export function errorMessage(error: unknown, fallback: string) {
  const message = error instanceof ApiError && error.serverMessage;
  return message ? translateText(message) : fallback;
}
