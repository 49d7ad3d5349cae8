import { FolderLock } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import type { VaultFile } from '@shared/schemas/vault';
import { EmptyState } from '@web/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { WindowVirtualList } from '@web/components/window-virtual-list';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useOpenedId } from '@web/hooks/use-opened-id';
import { useIntl } from '@web/lib/i18n/use-intl';
import { pagedItems } from '@web/lib/paged-cache';
import { useVaultPages } from '../api';
import { OpenedDocument } from './opened-document';
import { VaultFileItem } from './vault-file-item';

type VaultFileListProps = {
  /** Documents to mark "Shared" (in a collection with a live link). */
  sharedIds?: ReadonlySet<number>;
  /** More buttons on each file (e.g. Add to collection). */
  itemActions?: (file: VaultFile) => ReactNode;
};

/** spec §2: 'Your Files', newest first, a page at a time; only the documents near the viewport are in the DOM. */
export function VaultFileList({ sharedIds, itemActions }: VaultFileListProps = {}) {
  const intl = useIntl();
  const pages = useVaultPages();
  const files = pagedItems(pages.data);
  const opened = useOpenedId('document');

  const fetchFailed = intl.formatMessage({ id: 'vault.list.fetchFailed', defaultMessage: 'Failed to fetch vault files' });
  useLoadErrorToast(pages, fetchFailed);

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'vault.list.title', defaultMessage: 'Your Files' })}</CardTitle>
      </CardHeader>
      <CardContent>
        {opened.id !== null && (
          <OpenedDocument id={opened.id} onClose={opened.close} isShared={sharedIds?.has(opened.id)} actions={itemActions} />
        )}
        {pages.isPending ? (
          <div aria-label={intl.formatMessage({ id: 'vault.list.loading', defaultMessage: 'Loading files' })} className="grid gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : pages.isError && files.length === 0 ? (
          <p role="alert" className="text-destructive">
            {fetchFailed}
          </p>
        ) : files.length === 0 ? (
          <EmptyState
            icon={FolderLock}
            title={intl.formatMessage({ id: 'vault.list.emptyTitle', defaultMessage: 'No files yet' })}
            description={intl.formatMessage({ id: 'vault.list.emptyText', defaultMessage: 'Upload your first document to the vault' })}
          />
        ) : (
          <>
            <WindowVirtualList
              as="ul"
              items={files}
              getKey={(file) => file.id}
              estimateSize={100}
              onNearEnd={loadMore}
              renderRow={(file, rowProps) => (
                <VaultFileItem {...rowProps} file={file} isShared={sharedIds?.has(file.id)} actions={itemActions?.(file)} />
              )}
            />
            {isFetchingNextPage && (
              <p role="status" className="text-center text-sm text-muted-foreground">
                {intl.formatMessage({ id: 'vault.list.loadingMore', defaultMessage: 'Loading more files...' })}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
