import { ErrorBoundary } from '@web/components/error-boundary';
import { PageHeader } from '@web/components/page-header';
import { useSharedItems } from '@web/features/collections/api';
import { AddDocumentToCollection } from '@web/features/collections/components/add-to-collection-buttons';
import { StorageUsage } from '@web/features/vault/components/storage-usage';
import { UploadDocumentCard } from '@web/features/vault/components/upload-document-card';
import { VaultFileList } from '@web/features/vault/components/vault-file-list';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 Secure Vault: usage, upload, and the user's files. */
export function VaultRoute() {
  const intl = useIntl();
  const shared = useSharedItems();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.vault.pageTitle', defaultMessage: 'Secure Vault · heirloom' })}</title>
      <PageHeader
        title={intl.formatMessage({ id: 'app.vault.title', defaultMessage: 'Secure Vault' })}
        description={intl.formatMessage({
          id: 'app.vault.description',
          defaultMessage: 'Keep important documents safe, private and ready to hand on.',
        })}
      />
      <div className="mt-8 grid gap-6">
        <StorageUsage />
        <UploadDocumentCard />
        <ErrorBoundary>
          <VaultFileList sharedIds={shared.documentIds} itemActions={(file) => <AddDocumentToCollection file={file} />} />
        </ErrorBoundary>
      </div>
    </div>
  );
}
