import { FolderLock } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from '@web/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useVaultFiles } from '../api';
import { VaultFileItem } from './vault-file-item';

/** spec §2: 'Your Files', newest first. */
export function VaultFileList() {
  const files = useVaultFiles();

  // spec §8: a failed load is announced once per failure, as a toast, besides the inline message
  useEffect(() => {
    if (files.isError) toast({ variant: 'destructive', title: 'Error', description: 'Failed to fetch vault files' });
  }, [files.isError, files.errorUpdatedAt]);

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
              <VaultFileItem key={file.id} file={file} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

