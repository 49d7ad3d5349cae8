import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { ANSWER_MAX_PHOTOS } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';

type AnswerPhotosProps = {
  photos: File[];
  onChange: (photos: File[]) => void;
  disabled?: boolean;
};

/** Add photos (the camera or the library), see them as thumbnails, remove one. */
export function AnswerPhotos({ photos, onChange, disabled }: AnswerPhotosProps) {
  const inputId = useId();
  const [note, setNote] = useState<string | null>(null);

  function add(files: FileList | null) {
    const picked = Array.from(files ?? []);
    const fitting = picked.filter((file) => file.size <= PHOTO_MAX_BYTES);
    const room = ANSWER_MAX_PHOTOS - photos.length;
    const added = fitting.slice(0, Math.max(0, room));
    const left = picked.length - added.length;
    setNote(
      left > 0
        ? `${left} photo(s) could not be added: an answer can have up to ${ANSWER_MAX_PHOTOS} photos of at most ${Math.round(PHOTO_MAX_BYTES / 1024 / 1024)} MB each.`
        : null,
    );
    if (added.length > 0) onChange([...photos, ...added]);
  }

  return (
    <section aria-label="Photos" className="grid gap-3">
      {photos.length > 0 && (
        <ul aria-label="Photos to send" className="grid grid-cols-3 gap-2">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${photo.size}-${photo.lastModified}-${index}`} className="relative">
              <Thumbnail file={photo} />
              <Button
                type="button"
                variant="secondary"
                size="icon"
                className="absolute top-1 right-1 size-10 rounded-full"
                aria-label={`Remove photo ${index + 1}`}
                disabled={disabled}
                onClick={() => onChange(photos.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < ANSWER_MAX_PHOTOS && (
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="peer sr-only"
            disabled={disabled}
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className="flex h-16 w-full cursor-pointer items-center justify-center gap-2 rounded-md border bg-background text-xl font-medium shadow-xs peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:opacity-50 hover:bg-accent [&_svg]:size-6"
          >
            <ImagePlus aria-hidden="true" />
            Add photos
          </label>
        </div>
      )}
      {note && (
        <p role="status" className="text-lg text-muted-foreground">
          {note}
        </p>
      )}
    </section>
  );
}

function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  // An object URL is a resource outside React: made for this file, freed with it.
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <img src={url} alt="" className="aspect-square w-full rounded-md border object-cover" />
  ) : (
    <div className="aspect-square w-full rounded-md border bg-muted" />
  );
}
