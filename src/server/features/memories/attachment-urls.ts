// The URLs a browser loads a memory's files from (spec §3 "filePath"). Shared with the timeline, which
// reads memories and their attachments straight from the database and must hand out the same URLs.

/** A memory's own uploaded file, served to its owner by memories.routes.ts. */
export function attachmentFileUrl(memoryId: number, attachmentId: number | string): string {
  return `/api/memories/${memoryId}/attachments/${attachmentId}/file`;
}

/** An own audio attachment's M4A copy, which every browser plays (decision 040). */
export function audioCopyUrl(memoryId: number, attachmentId: number | string): string {
  return `${attachmentFileUrl(memoryId, attachmentId)}?format=m4a`;
}

/** A gallery photo linked to a memory (served by the photos feature). */
export function linkedPhotoUrl(photoId: number): string {
  return `/api/photos/image/${photoId}`;
}

/** A vault file linked to a memory (served by the vault feature). */
export function linkedVaultFileUrl(vaultFileId: number): string {
  return `/api/vault/${vaultFileId}`;
}

/** spec §3: linked items carry a 'p-' (photo) or 'v-' (vault) prefix before their real id. */
export const linkedPhotoId = (photoId: number) => `p-${photoId}`;
export const linkedVaultFileId = (vaultFileId: number) => `v-${vaultFileId}`;
