// Sealed copies kept elsewhere (issue 32, decision 072): the owner's escrow bucket, set and tested. The bundles
// themselves (docs/escrow-format.md) are written into it by the escrow run.
import { releaseKeyId } from '@shared/escrow/bundle-format';
import type {
  EscrowSettings,
  EscrowSettingsInput,
  EscrowTarget,
  EscrowTestResult,
  ReleaseKeyInput,
  ReleaseKeyState,
} from '@shared/schemas/escrow';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { acceptOutboundUrl, checkOutboundUrl } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import { bucketFailure, openEscrowBucket } from './escrow-bucket';
import type { EscrowRepo, EscrowTargetRow, ReleaseKeyRow } from './escrow.repo';
import { userText } from '@shared/i18n/text';

/** The plan's verifiers and how many must confirm, read through the Legacy Plan's service. */
export type PlanVerifiers = (
  userId: number,
) => Promise<{ verifiers: Array<{ contactId: number; name: string }>; verifiersRequired: number }>;

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Why codes made for `key` no longer fit the plan, or null. */
function outdated(key: ReleaseKeyRow, plan: Awaited<ReturnType<PlanVerifiers>>): string | null {
  if (
    !sameSet(
      key.verifierContactIds,
      plan.verifiers.map((v) => v.contactId),
    )
  )
    return 'Your verifiers changed since these codes were made: make new codes and give them to your verifiers.';
  if (key.threshold !== plan.verifiersRequired)
    return 'How many verifiers must confirm changed since these codes were made: make new codes and give them to your verifiers.';
  return null;
}

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

export function createEscrowService({
  repo,
  box,
  allowPrivate,
  planVerifiers,
}: {
  repo: EscrowRepo;
  box: SecretBox;
  allowPrivate: boolean;
  planVerifiers: PlanVerifiers;
}) {
  const releaseKeyState = async (userId: number): Promise<ReleaseKeyState> => {
    const [key, plan] = await Promise.all([repo.releaseKey(userId), planVerifiers(userId)]);
    if (!key) return { releaseKey: null };
    const names = new Map(plan.verifiers.map((v) => [v.contactId, v.name]));
    return {
      releaseKey: {
        publicKey: key.publicKey,
        keyId: key.keyId,
        threshold: key.threshold,
        shareCount: key.shareCount,
        verifiers: key.verifierContactIds.map((contactId, i) => ({
          contactId,
          name: names.get(contactId) ?? 'A former verifier',
          codeNumber: i + 1,
        })),
        createdAt: key.createdAt.toISOString(),
        outdated: outdated(key, plan),
      },
    };
  };

  const settings = async (userId: number): Promise<EscrowSettings> => {
    const row = await repo.target(userId);
    return { target: row ? out(row, box) : null };
  };

  return {
    settings,
    releaseKeyState,

    /**
     * Keeps the public half of a release key made in the owner's browser for the plan's verifiers as they are now:
     * one code per verifier (in the plan's order), as many needed as the plan asks to confirm.
     */
    async setReleaseKey(userId: number, input: ReleaseKeyInput): Promise<ReleaseKeyState> {
      const plan = await planVerifiers(userId);
      if (plan.verifiers.length === 0)
        throw conflict(userText('Name your verifiers in the plan first: each of them holds one code.'), 'NO_VERIFIERS');
      if (input.shareCount !== plan.verifiers.length || input.threshold !== plan.verifiersRequired)
        throw conflict(
          `Your plan has ${plan.verifiers.length} verifier${plan.verifiers.length === 1 ? '' : 's'} and asks ${plan.verifiersRequired} to confirm: make ${plan.verifiers.length} codes, ${plan.verifiersRequired} of them needed.`,
          'PLAN_CHANGED',
        );
      await repo.setReleaseKey(userId, {
        publicKey: input.publicKey,
        keyId: await releaseKeyId(input.publicKey),
        threshold: input.threshold,
        shareCount: input.shareCount,
        verifierContactIds: plan.verifiers.map((v) => v.contactId),
      });
      return releaseKeyState(userId);
    },

    async setTarget(userId: number, { target }: EscrowSettingsInput): Promise<EscrowSettings> {
      if (target === null) {
        await repo.removeTarget(userId);
        return { target: null };
      }
      await acceptOutboundUrl(target.endpoint, allowPrivate);
      const stored = await repo.target(userId);
      const secret = target.secretAccessKey ?? (stored ? box.open(stored.secretAccessKeySealed) : null);
      if (!secret) throw badRequest(userText('Enter the secret key'), 'SECRET_REQUIRED');
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
      if (!row) throw notFound(userText('No bucket is set for the sealed copies'));
      const secretAccessKey = box.open(row.secretAccessKeySealed);
      if (!secretAccessKey)
        throw conflict(userText('The secret key can no longer be read on this server: enter it again'), 'SECRET_REQUIRED');
      // checked again at every use: the operator may have stopped allowing addresses of the home network
      let error = await checkOutboundUrl(row.endpoint, allowPrivate).then(
        () => null,
        (err: unknown) => bucketFailure(err, row.bucket),
      );
      if (error === null) {
        const bucket = openEscrowBucket({ ...row, secretAccessKey }, allowPrivate);
        try {
          await bucket.roundTrip();
        } catch (err) {
          error = bucketFailure(err, row.bucket);
        } finally {
          bucket.close();
        }
      }
      await repo.recordTest(userId, new Date(), error);
      return error === null
        ? { ok: true, message: `heirloom wrote a small file into “${row.bucket}”, read it back and removed it.` }
        : { ok: false, message: error };
    },
  };
}
export type EscrowService = ReturnType<typeof createEscrowService>;
