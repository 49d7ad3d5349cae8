import { useEffect } from 'react';
import { ClosingSection } from '@web/features/marketing/components/closing-section';
import { ComesTogetherSection } from '@web/features/marketing/components/comes-together-section';
import { HeroSection } from '@web/features/marketing/components/hero-section';
import { HowItWorksSection } from '@web/features/marketing/components/how-it-works-section';
import { LegacySection } from '@web/features/marketing/components/legacy-section';
import { ReadySection } from '@web/features/marketing/components/ready-section';
import { UseCasesSection } from '@web/features/marketing/components/use-cases-section';
import { WhySection } from '@web/features/marketing/components/why-section';
import { applyLandingHead } from '@web/features/marketing/landing-head';
import { LandingIsland } from '../landing-page';
import { useIntl } from '@web/lib/i18n/use-intl';
import { PublicMainFrame, SiteFrame } from '../layouts/site-frame';

/**
 * spec §1: the landing sections in order; the waitlist form sits in the hero, Ready and closing sections. The
 * forms and the first-run notice are the page's islands (landing-page.tsx): on `/` as the server sends it,
 * only they are hydrated.
 */
export function LandingRoute() {
  return (
    <>
      <LandingIsland name="owner-setup" />
      <HeroSection form={<LandingIsland name="waitlist-hero" />} />
      <WhySection />
      <HowItWorksSection />
      <LegacySection />
      <UseCasesSection />
      <ReadySection form={<LandingIsland name="waitlist-ready" />} />
      <ComesTogetherSection />
      <ClosingSection form={<LandingIsland name="waitlist-closing" />} />
    </>
  );
}

/**
 * `/` whole, without the router or the page table (decision 035): prerendered at build time (entry-prerender.tsx,
 * its islands as containers), and drawn whole in the browser only in a language the server has no page in (the
 * pseudo-language) or without prerendered markup (`vite dev`). A route module, so that the landing page's own
 * bundle fetches it (and its words) only then. `onAttached` runs once React has drawn it.
 */
export function LandingPage({ onAttached }: { onAttached?: () => void }) {
  useEffect(() => onAttached?.(), [onAttached]);
  const { locale } = useIntl();
  useEffect(() => applyLandingHead(), [locale]);

  return (
    <>
      <SiteFrame isAppPath={false}>
        <PublicMainFrame>
          <LandingRoute />
        </PublicMainFrame>
      </SiteFrame>
      <LandingIsland name="toaster" />
    </>
  );
}
