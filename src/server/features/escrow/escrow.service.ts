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
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { defineMessages } from '../../lib/define-messages';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { sentence, translator } from '../../lib/i18n';
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

const OUTDATED = defineMessages({
  verifiers: {
    id: 'escrow.releaseKey.verifiersChanged',
    defaultMessage: 'Your verifiers changed since these codes were made: make new codes and give them to your verifiers.',
  },
  threshold: {
    id: 'escrow.releaseKey.thresholdChanged',
    defaultMessage: 'How many verifiers must confirm changed since these codes were made: make new codes and give them to your verifiers.',
  },
});

const messages = defineMessages({
  formerVerifier: { id: 'escrow.releaseKey.formerVerifier', defaultMessage: 'A former verifier' },
  planChanged: {
    id: 'escrow.releaseKey.planChanged',
    defaultMessage:
      'Your plan has {verifiers, plural, one {# verifier} other {# verifiers}} and asks {required, plural, other {#}} to confirm: make {verifiers, plural, one {# code} other {# codes}}, {required, plural, other {#}} of them needed.',
  },
  tested: {
    id: 'escrow.bucket.tested',
    defaultMessage: 'heirloom wrote a small file into “{bucket}”, read it back and removed it.',
  },
});

/** Why codes made for `key` no longer fit the plan, or null. */
function outdated(key: ReleaseKeyRow, plan: Awaited<ReturnType<PlanVerifiers>>) {
  const verifiers = plan.verifiers.map((v) => v.contactId);
  if (!sameSet(key.verifierContactIds, verifiers)) return OUTDATED.verifiers;
  if (key.threshold !== plan.verifiersRequired) return OUTDATED.threshold;
  return null;
}

/** The English reason releaseKeyState gave (the escrow run reads it so) in `language`; one not known here as given. */
export function outdatedReasonIn(language: string, english: string): string {
  const known = Object.values(OUTDATED).find((message) => message.defaultMessage === english);
  return known ? translator(language).formatMessage(known) : english;
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
  /** The release key's state, its words in `language` (English for the escrow run, which keeps its own words). */
  const releaseKeyState = async (userId: number, language: string = SOURCE_LANGUAGE): Promise<ReleaseKeyState> => {
    const [key, plan] = await Promise.all([repo.releaseKey(userId), planVerifiers(userId)]);
    if (!key) return { releaseKey: null };
    const intl = translator(language);
    const reason = outdated(key, plan);
    const names = new Map(plan.verifiers.map((v) => [v.contactId, v.name]));
    return {
      releaseKey: {
        publicKey: key.publicKey,
        keyId: key.keyId,
        threshold: key.threshold,
        shareCount: key.shareCount,
        verifiers: key.verifierContactIds.map((contactId, i) => ({
          contactId,
          name: names.get(contactId) ?? intl.formatMessage(messages.formerVerifier),
          codeNumber: i + 1,
        })),
        createdAt: key.createdAt.toISOString(),
        outdated: reason && intl.formatMessage(reason),
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
    async setReleaseKey(userId: number, input: ReleaseKeyInput, language: string): Promise<ReleaseKeyState> {
      const plan = await planVerifiers(userId);
      if (plan.verifiers.length === 0)
        throw conflict(userText('Name your verifiers in the plan first: each of them holds one code.'), 'NO_VERIFIERS');
      if (input.shareCount !== plan.verifiers.length || input.threshold !== plan.verifiersRequired)
        throw conflict(
          sentence(messages.planChanged, { verifiers: plan.verifiers.length, required: plan.verifiersRequired }),
          'PLAN_CHANGED',
        );
      await repo.setReleaseKey(userId, {
        publicKey: input.publicKey,
        keyId: await releaseKeyId(input.publicKey),
        threshold: input.threshold,
        shareCount: input.shareCount,
        verifierContactIds: plan.verifiers.map((v) => v.contactId),
      });
      return releaseKeyState(userId, language);
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

    /**
     * Writes a small file into the bucket, reads it back and removes it; the result is kept for After Life. It is
     * answered and kept in `language` (the owner's, who asked): the kept line is shown as it was said, as a status is.
     */
    async test(userId: number, language: string): Promise<EscrowTestResult> {
      const intl = translator(language);
      const row = await repo.target(userId);
      if (!row) throw notFound(userText('No bucket is set for the sealed copies'));
      const secretAccessKey = box.open(row.secretAccessKeySealed);
      if (!secretAccessKey)
        throw conflict(userText('The secret key can no longer be read on this server: enter it again'), 'SECRET_REQUIRED');
      // checked again at every use: the operator may have stopped allowing addresses of the home network
      let error = await checkOutboundUrl(row.endpoint, allowPrivate).then(
        () => null,
        (err: unknown) => bucketFailure(err, row.bucket, intl),
      );
      if (error === null) {
        const bucket = openEscrowBucket({ ...row, secretAccessKey }, allowPrivate);
        try {
          await bucket.roundTrip();
        } catch (err) {
          error = bucketFailure(err, row.bucket, intl);
        } finally {
          bucket.close();
        }
      }
      await repo.recordTest(userId, new Date(), error);
      return error === null
        ? { ok: true, message: intl.formatMessage(messages.tested, { bucket: row.bucket }) }
        : { ok: false, message: error };
    },
  };
}
export type EscrowService = ReturnType<typeof createEscrowService>;
