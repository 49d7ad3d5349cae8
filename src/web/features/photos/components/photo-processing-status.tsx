import { ImageOff, Loader } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { usePhotoProcessing, useRetryFailedPhotos } from '../api';

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/** Maintenance: photos whose smaller copies are still being made, and those that failed after every retry. */
export function PhotoProcessingStatus() {
  const processing = usePhotoProcessing();
  const retry = useRetryFailedPhotos();
  if (!processing.data) return null; // nothing to act on while it loads or if it cannot be read

  const { pending, failed } = processing.data;
  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: ({ queued }) => toast({ title: 'Success', description: `${photos(queued)} queued for processing again` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to retry photos', description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <>
      {failed > 0 && (
        <Alert variant="warning" role="status">
          <ImageOff aria-hidden="true" />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <p>{photos(failed)} could not be processed</p>
            <Button size="sm" variant="outline" onClick={onRetry} disabled={retry.isPending}>
              {retry.isPending && <Spinner />}
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {pending > 0 && (
        <Alert role="status">
          <Loader aria-hidden="true" />
          <AlertDescription>
            <p>
              {photos(pending)} {pending === 1 ? 'is' : 'are'} still being processed
            </p>
          </AlertDescription>
        </Alert>
      )}
    </>
  );
}
