import { useEffect } from 'react';
import { applyLandingHead } from '@web/features/marketing/landing-head';
import { useIntl } from '@web/lib/i18n/use-intl';
import { DeferredToaster } from './deferred-toaster';
import { PublicMainFrame, SiteFrame } from './layouts/site-frame';
import { LandingRoute } from './routes/landing';

/**
 * `/` as the server sends it: prerendered at build time (entry-prerender.tsx) and hydrated by hydrate-landing.tsx,
 * without the router or the page table (decision 035). Its links are plain page loads into the app.
 * `onHydrated` runs once React is attached to the page (never during the build's render).
 */
export function LandingPage({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const { locale } = useIntl();
  useEffect(() => applyLandingHead(), [locale]);

  return (
    <>
      <SiteFrame isAppPath={false}>
        <PublicMainFrame>
          <LandingRoute />
        </PublicMainFrame>
      </SiteFrame>
      <DeferredToaster />
    </>
  );
}
