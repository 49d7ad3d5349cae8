import { ErrorBoundary } from '@web/components/error-boundary';
import { LegacyScreen } from '@web/features/legacy/components/legacy-screen';

/** /after-life: the Legacy Plan. */
export function AfterLifeRoute() {
  return (
    <div>
      <title>After Life · heirloom</title>
      <ErrorBoundary>
        <LegacyScreen />
      </ErrorBoundary>
    </div>
  );
}
