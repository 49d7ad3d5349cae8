import { CheckCircle2, ImageUp, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { PHOTO_UPLOAD_MESSAGES } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useUploadPhoto } from '../api';

// spec §5: jpeg, jpg, png, gif, webp, heic, heif. Browsers often give a HEIC no MIME type, so the
// extension counts too; the server decides from the bytes in the end.
const ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

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

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: ACCEPT,
    maxSize: PHOTO_MAX_BYTES,
    multiple: true,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Photos</CardTitle>
        <CardDescription>Add photos to your story; they keep their date, place and camera.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          {...getRootProps({
            className: cn(
              'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isDragActive ? 'border-primary bg-accent' : 'border-input hover:bg-accent/50',
            ),
          })}
        >
          <input {...getInputProps({ 'aria-label': 'Photo files' })} />
          <ImageUp aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">{isDragActive ? 'Drop the photo here' : 'Drag & drop a photo here, or click to select'}</p>
          <p className="text-sm text-muted-foreground">Supports JPEG, PNG, GIF, WebP, HEIC/HEIF up to 10MB</p>
          <Button
            type="button"
            variant="outline"
            onClick={(event) => {
              event.stopPropagation();
              open();
            }}
          >
            Select Photo
          </Button>
        </div>

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
