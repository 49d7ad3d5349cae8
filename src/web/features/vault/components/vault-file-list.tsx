import { FolderLock } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import type { VaultFile } from '@shared/schemas/vault';
import { EmptyState } from '@web/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { WindowVirtualList } from '@web/components/window-virtual-list';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useOpenedId } from '@web/hooks/use-opened-id';
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
  const pages = useVaultPages();
  const files = pagedItems(pages.data);
  const opened = useOpenedId('document');

  useLoadErrorToast(pages, 'Failed to fetch vault files');

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Files</CardTitle>
      </CardHeader>
      <CardContent>
        {opened.id !== null && (
          <OpenedDocument id={opened.id} onClose={opened.close} isShared={sharedIds?.has(opened.id)} actions={itemActions} />
        )}
        {pages.isPending ? (
          <div aria-label="Loading files" className="grid gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : pages.isError && files.length === 0 ? (
          <p role="alert" className="text-destructive">
            Failed to fetch vault files
          </p>
        ) : files.length === 0 ? (
          <EmptyState icon={FolderLock} title="No files yet" description="Upload your first document to the vault" />
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
                Loading more files...
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
