import { ImageOff, Loader } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { usePhotoProcessing, useRetryFailedPhotos } from '../api';
import { toastTitles } from '../toast-messages';

/** Maintenance: photos whose smaller copies are still being made, and those that failed after every retry. */
export function PhotoProcessingStatus() {
  const intl = useIntl();
  const processing = usePhotoProcessing();
  const retry = useRetryFailedPhotos();
  if (!processing.data) return null; // nothing to act on while it loads or if it cannot be read

  const { pending, failed } = processing.data;
  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: ({ queued }) =>
        toast({
          title: intl.formatMessage(toastTitles.success),
          description: intl.formatMessage(
            {
              id: 'photos.processing.queued',
              defaultMessage: '{count, plural, one {# photo} other {# photos}} queued for processing again',
            },
            { count: queued },
          ),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'photos.processing.retryFailed', defaultMessage: 'Failed to retry photos' }),
          description: errorMessage(error, intl.formatMessage(toastTitles.tryAgain)),
        }),
    });

  return (
    <>
      {failed > 0 && (
        <Alert variant="warning" role="status">
          <ImageOff aria-hidden="true" />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <p>
              {intl.formatMessage(
                {
                  id: 'photos.processing.failed',
                  defaultMessage: '{count, plural, one {# photo} other {# photos}} could not be processed',
                },
                { count: failed },
              )}
            </p>
            <Button size="sm" variant="outline" onClick={onRetry} disabled={retry.isPending}>
              {retry.isPending && <Spinner />}
              {intl.formatMessage({ id: 'photos.processing.retry', defaultMessage: 'Retry' })}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {pending > 0 && (
        <Alert role="status">
          <Loader aria-hidden="true" />
          <AlertDescription>
            <p>
              {intl.formatMessage(
                {
                  id: 'photos.processing.pending',
                  defaultMessage: '{count, plural, one {# photo is} other {# photos are}} still being processed',
                },
                { count: pending },
              )}
            </p>
          </AlertDescription>
        </Alert>
      )}
    </>
  );
}
