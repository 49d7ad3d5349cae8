// The owner's escrow bucket opened for a run or a check (decision 074), or why it cannot be, in words for the owner.
// The reason is kept as the run's error, written in the owner's language (escrow-run.ts says why).
import type { IntlShape } from 'react-intl';
import { userText } from '@shared/i18n/text';
import { translateText } from '../../lib/i18n';
import { checkOutboundUrl } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import { bucketFailure, openEscrowBucket, type EscrowBucket } from './escrow-bucket';
import type { EscrowRepo } from './escrow.repo';

export type OwnerBucket = { bucket: EscrowBucket; prefix: string; name: string } | string;

const NO_BUCKET = userText('No bucket is set for the sealed copies.');
const SECRET_UNREADABLE = userText('The bucket’s secret key can no longer be read on this server: enter it again.');

export async function openOwnerBucket(
  { repo, box, allowPrivate }: { repo: EscrowRepo; box: SecretBox; allowPrivate: boolean },
  userId: number,
  intl: IntlShape,
): Promise<OwnerBucket> {
  const target = await repo.target(userId);
  if (!target) return translateText(intl.locale, NO_BUCKET);
  const secretAccessKey = box.open(target.secretAccessKeySealed);
  if (!secretAccessKey) return translateText(intl.locale, SECRET_UNREADABLE);
  try {
    // checked again at every use: the operator may have stopped allowing addresses of the home network
    await checkOutboundUrl(target.endpoint, allowPrivate);
  } catch (err) {
    return bucketFailure(err, target.bucket, intl);
  }
  return { bucket: openEscrowBucket({ ...target, secretAccessKey }, allowPrivate), prefix: target.prefix, name: target.bucket };
}
