// Sealed copies kept elsewhere (issue 32, decision 072): the owner's escrow bucket, set and tested. The bundles
// themselves (docs/escrow-format.md) are written into it by the escrow run.
import type { EscrowSettings, EscrowSettingsInput, EscrowTarget, EscrowTestResult } from '@shared/schemas/escrow';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkOutboundUrl, OUTBOUND_PRIVATE_CODE, OutboundAddressError } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import { bucketFailure, openEscrowBucket } from './escrow-bucket';
import type { EscrowRepo, EscrowTargetRow } from './escrow.repo';

const out = (row: EscrowTargetRow, box: SecretBox): EscrowTarget => ({
  kind: 's3',
  endpoint: row.endpoint,
  bucket: row.bucket,
  region: row.region,
  prefix: row.prefix,
  accessKeyId: row.accessKeyId,
  forcePathStyle: row.forcePathStyle,
  hasSecret: box.open(row.secretAccessKeySealed) !== null,
  lastTestAt: row.lastTestAt?.toISOString() ?? null,
  lastTestError: row.lastTestError,
});

export function createEscrowService({ repo, box, allowPrivate }: { repo: EscrowRepo; box: SecretBox; allowPrivate: boolean }) {
  const settings = async (userId: number): Promise<EscrowSettings> => {
    const row = await repo.target(userId);
    return { target: row ? out(row, box) : null };
  };

  return {
    settings,

    async setTarget(userId: number, { target }: EscrowSettingsInput): Promise<EscrowSettings> {
      if (target === null) {
        await repo.removeTarget(userId);
        return { target: null };
      }
      try {
        await checkOutboundUrl(target.endpoint, allowPrivate);
      } catch (err) {
        if (err instanceof OutboundAddressError) throw badRequest(err.message, OUTBOUND_PRIVATE_CODE);
        if (err instanceof TypeError) throw badRequest(err.message, 'INVALID_URL');
        throw err;
      }
      const stored = await repo.target(userId);
      const secret = target.secretAccessKey ?? (stored ? box.open(stored.secretAccessKeySealed) : null);
      if (!secret) throw badRequest('Enter the secret key', 'SECRET_REQUIRED');
      await repo.setTarget(userId, {
        endpoint: target.endpoint.replace(/\/+$/, ''),
        bucket: target.bucket,
        region: target.region ?? 'us-east-1',
        prefix: target.prefix ?? '',
        accessKeyId: target.accessKeyId,
        secretAccessKeySealed: box.seal(secret),
        forcePathStyle: target.forcePathStyle ?? true,
      });
      return settings(userId);
    },

    /** Writes a small file into the bucket, reads it back and removes it; the result is kept for After Life. */
    async test(userId: number): Promise<EscrowTestResult> {
      const row = await repo.target(userId);
      if (!row) throw notFound('No bucket is set for the sealed copies');
      const secretAccessKey = box.open(row.secretAccessKeySealed);
      if (!secretAccessKey) throw conflict('The secret key can no longer be read on this server: enter it again', 'SECRET_REQUIRED');
      const bucket = openEscrowBucket({ ...row, secretAccessKey }, allowPrivate);
      let error: string | null = null;
      try {
        await bucket.roundTrip();
      } catch (err) {
        error = bucketFailure(err, row.bucket);
      } finally {
        bucket.close();
      }
      await repo.recordTest(userId, new Date(), error);
      return error === null
        ? { ok: true, message: `heirloom wrote a small file into “${row.bucket}”, read it back and removed it.` }
        : { ok: false, message: error };
    },
  };
}
export type EscrowService = ReturnType<typeof createEscrowService>;
