import { Spinner } from '@web/components/ui/spinner';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The page-level loading state: used while the user or a lazy page loads (spec §2: "a spinner shows"). */
export function FullPageSpinner() {
  const intl = useIntl();
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center">
      <Spinner label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading' })} className="size-8" />
    </div>
  );
}
