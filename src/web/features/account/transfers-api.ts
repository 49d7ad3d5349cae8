// Settings → Your data: exports and imports (decisions 028, 029). Both are server jobs the user may walk
// away from, so the card finds them again through the lists (latest first) and polls only while one runs.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegacyStatus } from '@shared/schemas/legacy';
import { IMPORT_UPLOADS_PATH, TRANSFER_MESSAGES, type ExportJob, type ImportJob, type ServerFiles } from '@shared/schemas/transfers';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { uploadResumably } from '@web/lib/resumable-upload';

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

/**
 * Uploads one archive with tus (decision 029); resolves with the upload's id for POST /api/imports. The quota
 * is the only size limit tus checks for an archive.
 */
export const uploadArchive = (file: File, onProgress: (bytesSent: number) => void, signal: AbortSignal): Promise<string> =>
  uploadResumably(file, {
    endpoint: IMPORT_UPLOADS_PATH,
    fallbackType: 'application/zip',
    tooLargeMessage: TRANSFER_MESSAGES.overQuota,
    onProgress: (sent) => onProgress(sent),
    signal,
  });
