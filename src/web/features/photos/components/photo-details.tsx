import { Download, ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { provenanceIn } from '@shared/legacy-keep-provenance';
import type { Photo } from '@shared/schemas/photos';
import { formatDuration } from '@web/components/duration-badge';
import { TagList } from '@web/components/tag-list';
import { Button } from '@web/components/ui/button';
import { ApproximateMark } from '@web/components/item-date-text';
import { formatBytes } from '@web/lib/format';
import { formattingLocale } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate, isApproximate, photoItemDate } from '@web/lib/item-date';
import { PhotoEditForm } from './photo-edit-form';
import { PhotoLabels } from './photo-labels';

/** "lat, long" in decimal degrees (as EXIF GPS is written into a photo's place), or null for a place name. */
export function placeCoordinates(place: string | null): { lat: number; lon: number } | null {
  const match = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/.exec(place ?? '');
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

export const openStreetMapUrl = ({ lat, lon }: { lat: number; lon: number }) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;

const isHeif = (photo: Photo) => photo.mimeType === 'image/heic' || photo.mimeType === 'image/heif';

const dateTimes = new Map<string, Intl.DateTimeFormat>();
/** "March 5, 2021 at 3:04 PM", in the page's language. */
function formatDateTime(value: string) {
  const locale = formattingLocale();
  let format = dateTimes.get(locale);
  if (!format) dateTimes.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' })));
  return format.format(new Date(value));
}

/**
 * The viewer's details: what a photo app shows under "Info", and the owner's edit of description, tags and
 * place. "Download original" is the file exactly as uploaded (a HEIC stays a HEIC), named as it was; a HEIC
 * also offers its JPEG display copy, which any device opens.
 */
export function PhotoDetails({ photo }: { photo: Photo }) {
  // keyed by photo: moving to the next photo in the viewer leaves edit mode
  return <PhotoDetailsPanel key={photo.id} photo={photo} />;
}

/** The date and time the camera gave; a date set by hand as its owner knows it (decision 067); or "Undated". */
function TakenDate({ photo }: { photo: Photo }) {
  const item = photoItemDate(photo);
  if (photo.dateTaken && (item.precision ?? 'exact') === 'exact') return <>{formatDateTime(photo.dateTaken)}</>;
  return (
    <span className="inline-flex items-center gap-1">
      {formatItemDate(item)}
      {isApproximate(item.precision) && <ApproximateMark item={item} />}
    </span>
  );
}

function PhotoDetailsPanel({ photo }: { photo: Photo }) {
  const intl = useIntl();
  const [isEditing, setIsEditing] = useState(false);
  const coordinates = placeCoordinates(photo.location);
  return (
    <section
      aria-label={intl.formatMessage({ id: 'photos.details.label', defaultMessage: 'Photo details' })}
      className="grid content-start gap-4 text-sm"
    >
      {isEditing ? (
        <PhotoEditForm photo={photo} onDone={() => setIsEditing(false)} />
      ) : (
        <>
          {photo.description && <p className="break-words whitespace-pre-line">{photo.description}</p>}
          <TagList tags={photo.tags} />
          <PhotoLabels photo={photo} />
        </>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.taken', defaultMessage: 'Taken' })}</dt>
        <dd>
          <TakenDate photo={photo} />
        </dd>
        <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.uploaded', defaultMessage: 'Uploaded' })}</dt>
        <dd>{formatDateTime(photo.createdAt)}</dd>
        {photo.cameraInfo && (
          <>
            <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.camera', defaultMessage: 'Camera' })}</dt>
            <dd className="break-words">{photo.cameraInfo}</dd>
          </>
        )}
        {photo.provenance && (
          <>
            <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.kept', defaultMessage: 'Kept' })}</dt>
            <dd className="break-words">{provenanceIn(intl, photo.provenance)}</dd>
          </>
        )}
        {photo.location && (
          <>
            <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.place', defaultMessage: 'Place' })}</dt>
            <dd className="break-words">
              {coordinates ? `${coordinates.lat}, ${coordinates.lon}` : photo.location}
              {coordinates && (
                <a
                  href={openStreetMapUrl(coordinates)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  {intl.formatMessage({ id: 'photos.details.openStreetMap', defaultMessage: 'Open in OpenStreetMap' })}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              )}
            </dd>
          </>
        )}
        {photo.video?.durationMs != null && (
          <>
            <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.length', defaultMessage: 'Length' })}</dt>
            <dd>{formatDuration(photo.video.durationMs)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.file', defaultMessage: 'File' })}</dt>
        <dd className="break-all">{photo.fileName}</dd>
        <dt className="text-muted-foreground">{intl.formatMessage({ id: 'photos.details.size', defaultMessage: 'Size' })}</dt>
        <dd>
          {formatBytes(photo.fileSize)}
          {photo.width && photo.height ? ` · ${photo.width} × ${photo.height}` : ''}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {!isEditing && (
          <Button variant="outline" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            {intl.formatMessage({ id: 'photos.details.edit', defaultMessage: 'Edit details' })}
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={`/api/photos/${photo.id}/original`} download={photo.fileName}>
            <Download aria-hidden="true" />
            {intl.formatMessage({ id: 'photos.details.downloadOriginal', defaultMessage: 'Download original' })}
          </a>
        </Button>
        {isHeif(photo) && (
          <Button asChild variant="outline">
            <a href={`/api/photos/image/${photo.id}`} download={photo.fileName.replace(/\.[^.]*$/, '') + '.jpg'}>
              <Download aria-hidden="true" />
              {intl.formatMessage({ id: 'photos.details.downloadJpeg', defaultMessage: 'Download as JPEG' })}
            </a>
          </Button>
        )}
      </div>
    </section>
  );
}
