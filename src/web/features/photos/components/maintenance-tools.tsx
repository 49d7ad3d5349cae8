import { Eraser, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { CleanupResult, FixPathsResult } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useCleanupPhotos, useFixPhotoPaths } from '../api';
import { PhotoProcessingStatus } from './photo-processing-status';

/** spec §8 Maintenance: the server's message, else 'Failed to …: {status}'. */
function failure(error: unknown, action: string) {
  if (error instanceof ApiError) return error.serverMessage ?? `${action}: ${error.status}`;
  return action;
}

/** spec §2 Maintenance Tools: Fix Photo Paths and the destructive Clean Orphaned Records, with the last raw result. */
export function MaintenanceTools() {
  const fixPaths = useFixPhotoPaths();
  const cleanup = useCleanupPhotos();
  const [lastResult, setLastResult] = useState<FixPathsResult | CleanupResult | undefined>(undefined);
  // spec §4: both buttons are disabled while either operation runs
  const isProcessing = fixPaths.isPending || cleanup.isPending;

  const runFix = () =>
    fixPaths.mutate(undefined, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({ title: 'Success', description: `Fixed ${result.fixedCount} photo paths` });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to fix photo paths', description: failure(error, 'Failed to fix paths') }),
    });

  const runCleanup = () =>
    cleanup.mutate(undefined, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({ title: 'Success', description: `Cleaned up ${result.cleanedCount} orphaned records` });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to clean up photos', description: failure(error, 'Failed to clean up') }),
    });

  return (
    <div className="grid gap-6">
      <PhotoProcessingStatus />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Wrench aria-hidden="true" className="size-5" /> Fix Photo Paths
            </CardTitle>
            <CardDescription>
              Locates files on disk for photos that exist in your library but do not display, and points the photos at them again.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button disabled={isProcessing} onClick={runFix}>
              {fixPaths.isPending ? 'Fixing...' : 'Fix Photo Paths'}
            </Button>
          </CardContent>
        </Card>

        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Eraser aria-hidden="true" className="size-5" /> Clean Orphaned Records
              <Badge variant="destructive">Destructive</Badge>
            </CardTitle>
            <CardDescription>
              Permanently removes the records of photos whose file is no longer on disk. This cannot be undone.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ConfirmDialog
              title="Clean orphaned records?"
              text="Photos whose file is missing from disk will be removed from your library permanently. This cannot be undone."
              confirmLabel="Clean Up"
              onConfirm={runCleanup}
              trigger={
                <Button variant="destructive" disabled={isProcessing}>
                  {cleanup.isPending ? 'Cleaning...' : 'Clean Orphaned Records'}
                </Button>
              }
            />
          </CardContent>
        </Card>
      </div>

      {lastResult && (
        <section aria-labelledby="maintenance-last-result">
          <h3 id="maintenance-last-result" className="text-sm font-semibold">
            Last result
          </h3>
          <pre className="mt-2 overflow-x-auto rounded-lg border bg-muted p-4 font-mono text-sm">{JSON.stringify(lastResult, null, 2)}</pre>
        </section>
      )}
    </div>
  );
}
