import { ErrorBoundary } from '@web/components/error-boundary';
import { CareAccessCard } from '@web/features/care/components/care-access-card';
import { CareOpenBanner } from '@web/features/care/components/care-open-banner';
import { LegacyScreen } from '@web/features/legacy/components/legacy-screen';

/** /after-life: the Legacy Plan. */
export function AfterLifeRoute() {
  return (
    <div>
      <title>After Life · heirloom</title>
      <ErrorBoundary>
        <CareOpenBanner />
        <LegacyScreen />
        <div className="mt-6">
          <CareAccessCard />
        </div>
      </ErrorBoundary>
    </div>
  );
}
