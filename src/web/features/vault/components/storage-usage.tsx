import { HardDrive } from 'lucide-react';
import { VAULT_QUOTA_BYTES } from '@shared/limits';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Progress } from '@web/components/ui/progress';
import { formatBytes } from '@web/lib/format';
import { useVaultUsage } from '../api';

/** spec §2: the Storage Usage alert, '{used} of 100MB used'. */
export function StorageUsage() {
  const usage = useVaultUsage();
  const usedBytes = usage.data?.usedBytes ?? 0;
  const quotaBytes = usage.data?.quotaBytes ?? VAULT_QUOTA_BYTES;
  const percent = Math.min(100, Math.round((usedBytes / quotaBytes) * 100));

  return (
    <Alert role="status" aria-live="polite">
      <HardDrive aria-hidden="true" />
      <AlertTitle>Storage Usage</AlertTitle>
      <AlertDescription>
        {usage.isPending ? (
          <p>Checking storage usage...</p>
        ) : usage.isError ? (
          <p>Storage usage is unavailable right now.</p>
        ) : (
          <>
            <p>{formatBytes(usedBytes)} of 100MB used</p>
            <Progress value={percent} aria-label="Vault storage used" className="mt-2" />
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
