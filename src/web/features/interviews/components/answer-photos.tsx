import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { ANSWER_MAX_PHOTOS } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';

type AnswerPhotosProps = {
  photos: File[];
  onChange: (photos: File[]) => void;
  disabled?: boolean;
};

/** Add photos (the camera or the library), see them as thumbnails, remove one. */
export function AnswerPhotos({ photos, onChange, disabled }: AnswerPhotosProps) {
  const inputId = useId();
  const intl = useIntl();
  const [note, setNote] = useState<string | null>(null);

  function add(files: FileList | null) {
    const picked = Array.from(files ?? []);
    const fitting = picked.filter((file) => file.size <= PHOTO_MAX_BYTES);
    const room = ANSWER_MAX_PHOTOS - photos.length;
    const added = fitting.slice(0, Math.max(0, room));
    const left = picked.length - added.length;
    setNote(
      left > 0
        ? intl.formatMessage(
            {
              id: 'interviews.answerPhotos.notAdded',
              defaultMessage: '{left} photo(s) could not be added: an answer can have up to {max} photos of at most {megabytes} MB each.',
            },
            {
              left,
              max: ANSWER_MAX_PHOTOS,
              megabytes: Math.round(PHOTO_MAX_BYTES / 1024 / 1024),
            },
          )
        : null,
    );
    if (added.length > 0) onChange([...photos, ...added]);
  }

  return (
    <section aria-label={intl.formatMessage({ id: 'interviews.answerPhotos.label', defaultMessage: 'Photos' })} className="grid gap-3">
      {photos.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'interviews.answerPhotos.toSend', defaultMessage: 'Photos to send' })}
          className="grid grid-cols-3 gap-2"
        >
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${photo.size}-${photo.lastModified}-${index}`} className="relative">
              <Thumbnail file={photo} />
              <Button
                type="button"
                variant="secondary"
                size="icon"
                className="absolute end-1 top-1 size-10 rounded-full"
                aria-label={intl.formatMessage(
                  { id: 'interviews.answerPhotos.remove', defaultMessage: 'Remove photo {number}' },
                  { number: index + 1 },
                )}
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
            {intl.formatMessage({ id: 'interviews.answerPhotos.add', defaultMessage: 'Add photos' })}
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
