// Settings → Your data: exports and imports (decisions 028, 029). Both are server jobs the user may walk
// away from, so the card finds them again through the lists (latest first) and polls only while one runs.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DetailedError, Upload } from 'tus-js-client';
import type { LegacyStatus } from '@shared/schemas/legacy';
import { IMPORT_UPLOADS_PATH, TRANSFER_MESSAGES, type ExportJob, type ImportJob, type ServerFiles } from '@shared/schemas/transfers';
import { api, isErrorBody } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** How often a running job is asked for its progress. */
const POLL_MS = 1000;

const isActive = (job: { status: string } | undefined) => job?.status === 'queued' || job?.status === 'running';

export const useExports = () =>
  useQuery({
    queryKey: queryKeys.transfers.exports,
    queryFn: () => api.get<ExportJob[]>('/api/exports'),
    staleTime: 0,
    refetchInterval: (query) => (isActive(query.state.data?.[0]) ? POLL_MS : false),
  });

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ id: number }>('/api/exports'),
    // the list now starts with the queued job, which turns polling on
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transfers.exports }),
  });
}

/** Everything an import can add: refreshed once when an import this page watched has finished. */
const IMPORTED_KEYS = [
  queryKeys.photos.all,
  queryKeys.memories.all,
  queryKeys.contacts.all,
  queryKeys.vault.all,
  queryKeys.collections.all,
  queryKeys.timeline.all,
  queryKeys.account.storage,
];

/**
 * Imports started or seen running in this tab: when one of them is next seen finished, the library changed.
 * Kept for the tab's life, not the component's, so an import that finished while the user was elsewhere (or
 * too fast to be seen running) still refreshes the lists; the app caches them until told (staleTime Infinity).
 */
const watchedImports = new Set<number>();

export function useImports() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.transfers.imports,
    queryFn: () => api.get<ImportJob[]>('/api/imports'),
    staleTime: 0,
    refetchInterval: (q) => (isActive(q.state.data?.[0]) ? POLL_MS : false),
  });
  const latest = query.data?.[0];
  useEffect(() => {
    if (!latest) return;
    if (isActive(latest)) watchedImports.add(latest.id);
    else if (watchedImports.delete(latest.id) && latest.status === 'done') {
      for (const queryKey of IMPORTED_KEYS) void queryClient.invalidateQueries({ queryKey });
    }
  }, [latest, queryClient]);
  return query;
}

export const useServerFiles = () =>
  useQuery({ queryKey: queryKeys.transfers.serverFiles, queryFn: () => api.get<ServerFiles>('/api/imports/server-files') });

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: { uploads: string[] } | { serverFiles: string[] }) => api.post<{ id: number }>('/api/imports', source),
    onSuccess: ({ id }) => {
      watchedImports.add(id);
      return queryClient.invalidateQueries({ queryKey: queryKeys.transfers.imports });
    },
  });
}

/**
 * Whether the server can send mail (SMTP_URL set): the only place it says so is the Legacy Plan's status.
 * Used to keep "we'll e-mail you" true; unknown counts as no.
 */
export const useMailConfigured = () =>
  useQuery({
    queryKey: queryKeys.legacy.status,
    queryFn: () => api.get<LegacyStatus>('/api/legacy/status'),
    select: (status) => status.mailConfigured,
  });

/** 8 MiB: small enough that a cut connection loses little, large enough to keep the request count low. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The server's `message` of a refused tus request, else a plain sentence (never a stack or raw status). */
function uploadErrorMessage(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    // tus answers a too-large upload itself, in plain text: the quota is the only size limit it checks
    if (error.originalResponse.getStatus() === 413) return TRANSFER_MESSAGES.overQuota;
    try {
      const body: unknown = JSON.parse(error.originalResponse.getBody());
      if (isErrorBody(body)) return body.message;
    } catch {
      // not JSON: fall through to the plain sentence
    }
  }
  return 'The upload did not finish. Check your connection and try again.';
}

/**
 * Uploads one archive with tus (decision 029): chunked, retried after a network blip, and resumed from where
 * it stopped if the same file is chosen again after a reload. Resolves with the upload's id for POST /api/imports.
 */
export function uploadArchive(file: File, onProgress: (bytesSent: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: IMPORT_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || 'application/zip' },
      onProgress: (sent) => onProgress(sent),
      onError: (error) => reject(new Error(uploadErrorMessage(error))),
      onSuccess: () => {
        // the upload URL ends with its id: /api/imports/uploads/<id>
        const id = decodeURIComponent(new URL(upload.url!, window.location.href).pathname.split('/').pop() ?? '');
        resolve(id);
      },
    });
    signal.addEventListener('abort', () => void upload.abort(), { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
