import { CheckCircle2, ImageUp, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { PHOTO_UPLOAD_MESSAGES } from '@shared/schemas/photos';
import { FileDropZone, type FileRejection } from '@web/components/file-drop-zone';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { PHOTO_ACCEPT } from '@web/lib/upload-types';
import { useUploadPhoto } from '../api';

type UploadItem = { key: number; name: string; progress: number; status: 'waiting' | 'uploading' | 'done' | 'failed' };

function rejectionMessage({ file, errors }: FileRejection) {
  const tooLarge = errors.some((e) => e.code === 'file-too-large');
  return `${file.name}: ${tooLarge ? PHOTO_UPLOAD_MESSAGES.tooLarge : PHOTO_UPLOAD_MESSAGES.wrongType}`;
}

/**
 * spec §2 Upload Photos card. Beyond the spec, several photos may be dropped or selected at once: they are
 * uploaded one after another, each with its own progress bar.
 */
export function PhotoUploadCard() {
  const uploadPhoto = useUploadPhoto();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const isRunning = useRef(false);
  const nextKey = useRef(1);

  const patchItem = (key: number, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  async function runQueue() {
    if (isRunning.current) return;
    isRunning.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, file } = next;
        patchItem(key, { status: 'uploading' });
        try {
          await uploadPhoto.mutateAsync({ file, onProgress: (progress) => patchItem(key, { progress }) });
          patchItem(key, { status: 'done', progress: 100 });
          toast({ title: 'Success', description: 'Photo uploaded successfully.' });
        } catch (error) {
          patchItem(key, { status: 'failed' });
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to upload photo') });
        }
      }
    } finally {
      isRunning.current = false;
    }
  }

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    const first = rejected[0];
    if (first) toast({ variant: 'destructive', title: 'Error', description: rejectionMessage(first) });
    if (accepted.length === 0) return;
    const added = accepted.map((file) => ({ key: nextKey.current++, file }));
    queue.current.push(...added);
    setItems((current) => [
      // a new batch replaces the finished rows of the previous one
      ...current.filter((item) => item.status === 'waiting' || item.status === 'uploading'),
      ...added.map(({ key, file }) => ({ key, name: file.name, progress: 0, status: 'waiting' as const })),
    ]);
    void runQueue();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Photos</CardTitle>
        <CardDescription>Add photos to your story; they keep their date, place and camera.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FileDropZone
          accept={PHOTO_ACCEPT}
          maxSize={PHOTO_MAX_BYTES}
          onDrop={onDrop}
          inputLabel="Photo files"
          icon={ImageUp}
          prompt="Drag & drop a photo here, or click to select"
          dragPrompt="Drop the photo here"
          hint="Supports JPEG, PNG, GIF, WebP, HEIC/HEIF up to 10MB"
          buttonLabel="Select Photo"
        />

        {items.length > 0 && (
          <ul aria-label="Uploads" className="grid gap-3">
            {items.map((item) => (
              <li key={item.key} className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{item.name}</span>
                  <UploadStatus item={item} />
                </div>
                <Progress value={item.progress} aria-label={`Upload progress of ${item.name}`} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UploadStatus({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'waiting':
      return <span className="text-muted-foreground">Waiting...</span>;
    case 'uploading':
      return <span className="text-muted-foreground">Uploading... {item.progress}%</span>;
    case 'done':
      return (
        <span className="inline-flex items-center gap-1 text-green-700">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Uploaded
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex items-center gap-1 text-destructive">
          <XCircle aria-hidden="true" className="size-4" /> Failed
        </span>
      );
  }
}
