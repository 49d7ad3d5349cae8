import { HardDrive } from 'lucide-react';
import { VAULT_QUOTA_BYTES } from '@shared/limits';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Progress } from '@web/components/ui/progress';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useVaultUsage } from '../api';

/** spec §2: the Storage Usage alert, '{used} of 100MB used'. */
export function StorageUsage() {
  const intl = useIntl();
  const usage = useVaultUsage();
  const usedBytes = usage.data?.usedBytes ?? 0;
  const quotaBytes = usage.data?.quotaBytes ?? VAULT_QUOTA_BYTES;
  const percent = Math.min(100, Math.round((usedBytes / quotaBytes) * 100));

  return (
    <Alert role="status" aria-live="polite">
      <HardDrive aria-hidden="true" />
      <AlertTitle>{intl.formatMessage({ id: 'vault.usage.title', defaultMessage: 'Storage Usage' })}</AlertTitle>
      <AlertDescription>
        {usage.isPending ? (
          <p>{intl.formatMessage({ id: 'vault.usage.checking', defaultMessage: 'Checking storage usage...' })}</p>
        ) : usage.isError ? (
          <p>{intl.formatMessage({ id: 'vault.usage.unavailable', defaultMessage: 'Storage usage is unavailable right now.' })}</p>
        ) : (
          <>
            <p>
              {intl.formatMessage({ id: 'vault.usage.used', defaultMessage: '{used} of 100MB used' }, { used: formatBytes(usedBytes) })}
            </p>
            <Progress
              value={percent}
              aria-label={intl.formatMessage({ id: 'vault.usage.progressLabel', defaultMessage: 'Vault storage used' })}
              className="mt-2"
            />
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
