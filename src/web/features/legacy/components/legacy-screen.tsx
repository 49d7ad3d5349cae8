import { PageHeader } from '@web/components/page-header';
import { AfterReleaseChoice } from './after-release-choice';
import { AuditLog } from './audit-log';
import { EscrowBucketCard } from './escrow-bucket-card';
import { HeirsSection } from './heirs-section';
import { PlanForm } from './plan-form';
import { ReachabilitySection } from './reachability-section';
import { RelationRulesSection } from './relation-rules-section';
import { StatusCard } from './status-card';
import { VerifierCodesCard } from './verifier-codes-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /after-life: the owner's Legacy Plan (decisions 026 and 027). */
export function LegacyScreen() {
  const intl = useIntl();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={intl.formatMessage({ id: 'legacy.screen.title', defaultMessage: 'After Life' })}
        description={intl.formatMessage({
          id: 'legacy.screen.description',
          defaultMessage: 'Choose what each person you love receives, and when: after your death, on a date, or on a birthday.',
        })}
      />
      <StatusCard />
      <PlanForm />
      <HeirsSection />
      <RelationRulesSection />
      <VerifierCodesCard />
      <EscrowBucketCard />
      <ReachabilitySection />
      <AfterReleaseChoice />
      <AuditLog />
    </div>
  );
}
