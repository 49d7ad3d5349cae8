import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2: 'Error loading timeline: {message}' with a 'Try Again' button that reloads the page. */
export function TimelineError({ message }: { message: string }) {
  const intl = useIntl();
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-red-50 p-6 text-center">
      <p className="text-destructive">
        {intl.formatMessage({ id: 'timeline.error.message', defaultMessage: 'Error loading timeline: {message}' }, { message })}
      </p>
      <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
        {intl.formatMessage({ id: 'timeline.error.tryAgain', defaultMessage: 'Try Again' })}
      </Button>
    </div>
  );
}
