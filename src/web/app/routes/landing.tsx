import { OwnerSetupNotice } from '@web/features/auth/components/owner-setup-notice';
import { ClosingSection } from '@web/features/marketing/components/closing-section';
import { ComesTogetherSection } from '@web/features/marketing/components/comes-together-section';
import { HeroSection } from '@web/features/marketing/components/hero-section';
import { HowItWorksSection } from '@web/features/marketing/components/how-it-works-section';
import { LegacySection } from '@web/features/marketing/components/legacy-section';
import { ReadySection } from '@web/features/marketing/components/ready-section';
import { UseCasesSection } from '@web/features/marketing/components/use-cases-section';
import { WhySection } from '@web/features/marketing/components/why-section';
import { WaitlistForm } from '@web/features/waitlist/components/waitlist-form';

/** spec §1: the landing sections in order; the waitlist form sits in the hero, Ready and closing sections. */
export function LandingRoute() {
  return (
    <>
      <OwnerSetupNotice />
      <HeroSection form={<WaitlistForm />} />
      <WhySection />
      <HowItWorksSection />
      <LegacySection />
      <UseCasesSection />
      <ReadySection form={<WaitlistForm />} />
      <ComesTogetherSection />
      <ClosingSection form={<WaitlistForm tone="dark" />} />
    </>
  );
}
