// The owner's escrow bucket opened for a run or a check (decision 074), or why it cannot be, in words for the owner.
// The reason is kept in English as the run's error; After Life shows a marked one in the owner's language.
import { userText } from '@shared/i18n/text';
import { checkOutboundUrl, OutboundAddressError } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import { bucketFailure, openEscrowBucket, type EscrowBucket } from './escrow-bucket';
import type { EscrowRepo } from './escrow.repo';

export type OwnerBucket = { bucket: EscrowBucket; prefix: string; name: string } | string;

export async function openOwnerBucket(
  { repo, box, allowPrivate }: { repo: EscrowRepo; box: SecretBox; allowPrivate: boolean },
  userId: number,
): Promise<OwnerBucket> {
  const target = await repo.target(userId);
  if (!target) return userText('No bucket is set for the sealed copies.');
  const secretAccessKey = box.open(target.secretAccessKeySealed);
  if (!secretAccessKey) return userText('The bucket’s secret key can no longer be read on this server: enter it again.');
  try {
    // checked again at every use: the operator may have stopped allowing addresses of the home network
    await checkOutboundUrl(target.endpoint, allowPrivate);
  } catch (err) {
    return err instanceof OutboundAddressError || err instanceof TypeError ? err.message : bucketFailure(err, target.bucket);
  }
  return { bucket: openEscrowBucket({ ...target, secretAccessKey }, allowPrivate), prefix: target.prefix, name: target.bucket };
}
