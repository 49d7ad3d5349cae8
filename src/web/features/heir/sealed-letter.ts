import { useQuery } from '@tanstack/react-query';
import type { SealedLetter } from '@shared/schemas/legacy';
import { openLetter } from '@shared/sealed-letter';
import { queryKeys } from '@web/lib/query-keys';

/** Standard base64 (the attachments inside a sealed letter) to bytes. */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Opens a sealed letter in this browser with the key code held in memory; nothing is sent anywhere.
 * A query only so the work is done once per letter and code and its pending and failed states come for free.
 */
export function useOpenedLetter(letterId: number, sealed: SealedLetter | null, keyCode: string | null) {
  return useQuery({
    queryKey: queryKeys.heir.openedLetter(letterId, keyCode ?? ''),
    queryFn: () => openLetter(sealed!, keyCode!),
    enabled: sealed !== null && keyCode !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 5 * 60 * 1000,
  });
}
