import { ErrorBoundary } from '@web/components/error-boundary';
import { CareAccessCard } from '@web/features/care/components/care-access-card';
import { CareOpenBanner } from '@web/features/care/components/care-open-banner';
import { LegacyScreen } from '@web/features/legacy/components/legacy-screen';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /after-life: the Legacy Plan. */
export function AfterLifeRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.afterLife.pageTitle', defaultMessage: 'After Life · heirloom' })}</title>
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
