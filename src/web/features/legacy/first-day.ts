// What the Legacy Kit's "First 24 hours" page tells an heir about the sealed copies (issue 32): where they are
// kept, under which name, and who holds the verifier codes. Read when a kit is made; nothing is printed about
// copies while there are no verifier codes, as no copy can be made without them.
import { escrowObjectKey } from '@shared/escrow/object-key';
import type { EscrowSettings, ReleaseKeyState } from '@shared/schemas/escrow';
import { api } from '@web/lib/api-client';
import type { FirstDayInput } from './legacy-kit';

export async function firstDayFor(heirPublicKey: string): Promise<FirstDayInput | undefined> {
  const [{ releaseKey }, { target }] = await Promise.all([
    api.get<ReleaseKeyState>('/api/legacy/release-key'),
    api.get<EscrowSettings>('/api/legacy/escrow'),
  ]);
  if (!releaseKey) return undefined;
  return {
    bucket: target && { endpoint: target.endpoint, bucket: target.bucket, prefix: target.prefix || null },
    objectKey: target ? await escrowObjectKey(target.prefix, heirPublicKey) : null,
    verifiers: releaseKey.verifiers.map((v) => v.name),
    codesNeeded: releaseKey.threshold,
  };
}
