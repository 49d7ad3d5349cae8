import { Eraser, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { CleanupResult, FixPathsResult } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCleanupPhotos, useFixPhotoPaths } from '../api';
import { toastTitles } from '../toast-messages';
import { PhotoProcessingStatus } from './photo-processing-status';

const messages = defineMessages({
  fixFailed: { id: 'photos.maintenance.fixFailed', defaultMessage: 'Failed to fix paths' },
  fixFailedStatus: { id: 'photos.maintenance.fixFailedStatus', defaultMessage: 'Failed to fix paths: {status}' },
  cleanFailed: { id: 'photos.maintenance.cleanFailed', defaultMessage: 'Failed to clean up' },
  cleanFailedStatus: { id: 'photos.maintenance.cleanFailedStatus', defaultMessage: 'Failed to clean up: {status}' },
});

/** spec §8 Maintenance: the server's message, else 'Failed to …: {status}'. */
function failure(error: unknown, action: 'fix' | 'clean') {
  const intl = activeIntl();
  if (error instanceof ApiError) {
    const withStatus = action === 'fix' ? messages.fixFailedStatus : messages.cleanFailedStatus;
    return error.serverMessage ?? intl.formatMessage(withStatus, { status: String(error.status) });
  }
  return intl.formatMessage(action === 'fix' ? messages.fixFailed : messages.cleanFailed);
}

/** spec §2 Maintenance Tools: Fix Photo Paths and the destructive Clean Orphaned Records, with the last raw result. */
export function MaintenanceTools() {
  const intl = useIntl();
  const fixPaths = useFixPhotoPaths();
  const cleanup = useCleanupPhotos();
  const [lastResult, setLastResult] = useState<FixPathsResult | CleanupResult | undefined>(undefined);
  // spec §4: both buttons are disabled while either operation runs
  const isProcessing = fixPaths.isPending || cleanup.isPending;
  const fixLabel = intl.formatMessage({ id: 'photos.maintenance.fix', defaultMessage: 'Fix Photo Paths' });
  const cleanLabel = intl.formatMessage({ id: 'photos.maintenance.clean', defaultMessage: 'Clean Orphaned Records' });

  const runFix = () =>
    fixPaths.mutate(undefined, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({
          title: intl.formatMessage(toastTitles.success),
          description: intl.formatMessage(
            { id: 'photos.maintenance.fixed', defaultMessage: 'Fixed {count} photo paths' },
            { count: String(result.fixedCount) },
          ),
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'photos.maintenance.fixFailedTitle', defaultMessage: 'Failed to fix photo paths' }),
          description: failure(error, 'fix'),
        }),
    });

  const runCleanup = () =>
    cleanup.mutate(undefined, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({
          title: intl.formatMessage(toastTitles.success),
          description: intl.formatMessage(
            { id: 'photos.maintenance.cleaned', defaultMessage: 'Cleaned up {count} orphaned records' },
            { count: String(result.cleanedCount) },
          ),
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'photos.maintenance.cleanFailedTitle', defaultMessage: 'Failed to clean up photos' }),
          description: failure(error, 'clean'),
        }),
    });

  return (
    <div className="grid gap-6">
      <PhotoProcessingStatus />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Wrench aria-hidden="true" className="size-5" /> {fixLabel}
            </CardTitle>
            <CardDescription>
              {intl.formatMessage({
                id: 'photos.maintenance.fixDescription',
                defaultMessage:
                  'Locates files on disk for photos that exist in your library but do not display, and points the photos at them again.',
              })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button disabled={isProcessing} onClick={runFix}>
              {fixPaths.isPending ? intl.formatMessage({ id: 'photos.maintenance.fixing', defaultMessage: 'Fixing...' }) : fixLabel}
            </Button>
          </CardContent>
        </Card>

        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Eraser aria-hidden="true" className="size-5" /> {cleanLabel}
              <Badge variant="destructive">
                {intl.formatMessage({ id: 'photos.maintenance.destructive', defaultMessage: 'Destructive' })}
              </Badge>
            </CardTitle>
            <CardDescription>
              {intl.formatMessage({
                id: 'photos.maintenance.cleanDescription',
                defaultMessage: 'Permanently removes the records of photos whose file is no longer on disk. This cannot be undone.',
              })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ConfirmDialog
              title={intl.formatMessage({ id: 'photos.maintenance.cleanTitle', defaultMessage: 'Clean orphaned records?' })}
              text={intl.formatMessage({
                id: 'photos.maintenance.cleanText',
                defaultMessage:
                  'Photos whose file is missing from disk will be removed from your library permanently. This cannot be undone.',
              })}
              confirmLabel={intl.formatMessage({ id: 'photos.maintenance.cleanConfirm', defaultMessage: 'Clean Up' })}
              onConfirm={runCleanup}
              trigger={
                <Button variant="destructive" disabled={isProcessing}>
                  {cleanup.isPending
                    ? intl.formatMessage({ id: 'photos.maintenance.cleaning', defaultMessage: 'Cleaning...' })
                    : cleanLabel}
                </Button>
              }
            />
          </CardContent>
        </Card>
      </div>

      {lastResult && (
        <section aria-labelledby="maintenance-last-result">
          <h3 id="maintenance-last-result" className="text-sm font-semibold">
            {intl.formatMessage({ id: 'photos.maintenance.lastResult', defaultMessage: 'Last result' })}
          </h3>
          <pre className="mt-2 overflow-x-auto rounded-lg border bg-muted p-4 font-mono text-sm">{JSON.stringify(lastResult, null, 2)}</pre>
        </section>
      )}
    </div>
  );
}
