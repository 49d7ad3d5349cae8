import { FolderLock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VaultFile } from '@shared/schemas/vault';
import { EmptyState } from '@web/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useVaultFiles } from '../api';
import { VaultFileItem } from './vault-file-item';

type VaultFileListProps = {
  /** Documents to mark "Shared" (in a collection with a live link). */
  sharedIds?: ReadonlySet<number>;
  /** More buttons on each file (e.g. Add to collection). */
  itemActions?: (file: VaultFile) => ReactNode;
};

/** spec §2: 'Your Files', newest first. */
export function VaultFileList({ sharedIds, itemActions }: VaultFileListProps = {}) {
  const files = useVaultFiles();

  useLoadErrorToast(files, 'Failed to fetch vault files');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Files</CardTitle>
      </CardHeader>
      <CardContent>
        {files.isPending ? (
          <div aria-label="Loading files" className="grid gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : files.isError ? (
          <p role="alert" className="text-destructive">
            Failed to fetch vault files
          </p>
        ) : files.data.length === 0 ? (
          <EmptyState icon={FolderLock} title="No files yet" description="Upload your first document to the vault" />
        ) : (
          <ul className="grid gap-3">
            {files.data.map((file) => (
              <VaultFileItem key={file.id} file={file} isShared={sharedIds?.has(file.id)} actions={itemActions?.(file)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
