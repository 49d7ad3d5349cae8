import { Check } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import type { Photo, PhotoVideo } from '@shared/schemas/photos';
import { DurationBadge } from '@web/components/duration-badge';
import { SharedMark } from '@web/components/shared-mark';
import { preparingText } from '@web/components/video-parts';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { DeletePhotoButton } from './delete-photo-button';
import { PhotoDate } from './photo-date';
import { PhotoImage, photoLabel } from './photo-image';
import { PhotoTitle } from './photo-title';
import { useVideoHoverPreview, VideoTileOverlay } from './video-tile';

export type GalleryItemProps = {
  photo: Photo;
  timestamp: number;
  isMobile: boolean;
  onOpen: (photo: Photo) => void;
  onFailedChange: (id: number, failed: boolean) => void;
  isEditingTitle: boolean;
  onEditingTitleChange: (editing: boolean) => void;
  isEditingDate: boolean;
  onEditingDateChange: (editing: boolean) => void;
  /** In a collection with a live link. */
  isShared: boolean;
  /** Set while the gallery is in Select mode: the photo is then a checkbox instead of opening the viewer. */
  selection?: { isSelected: boolean; onToggle: (withRange: boolean) => void; onPress?: () => void };
  /** Outside Select mode: what a long press on touch does (starts selecting). */
  pressHandlers?: HTMLAttributes<HTMLElement>;
};

function OpenablePhoto({
  photo,
  timestamp,
  isMobile,
  onOpen,
  onFailedChange,
  selection,
  pressHandlers,
  className,
}: GalleryItemProps & { className: string }) {
  const intl = useIntl();
  const image = (
    <PhotoImage
      photo={photo}
      size="thumb"
      timestamp={timestamp}
      isMobile={isMobile}
      onFailedChange={onFailedChange}
      className={className}
    />
  );
  if (selection) {
    // a button, not a label: a click's shiftKey reaches it (shift-click selects a range)
    return (
      <button
        type="button"
        role="checkbox"
        aria-checked={selection.isSelected}
        aria-label={intl.formatMessage({ id: 'photos.gallery.select', defaultMessage: 'Select {photo}' }, { photo: photoLabel(photo) })}
        onPointerDown={selection.onPress}
        onClick={(event) => selection.onToggle(event.shiftKey)}
        className="group/select relative block size-full cursor-pointer overflow-hidden aria-checked:ring-4 aria-checked:ring-primary aria-checked:ring-inset focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {image}
        <span aria-hidden="true" className="absolute start-2 top-2 flex size-8 items-center justify-center rounded-md bg-card/95 shadow-sm">
          <span className="flex size-4 items-center justify-center rounded-sm border border-primary group-aria-checked/select:bg-primary">
            {selection.isSelected && <Check className="size-3 text-primary-foreground" />}
          </span>
        </span>
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(photo)}
      aria-label={intl.formatMessage({ id: 'photos.gallery.view', defaultMessage: 'View {photo}' }, { photo: photoLabel(photo) })}
      className="block size-full overflow-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [-webkit-touch-callout:none]"
      {...pressHandlers}
    >
      {image}
    </button>
  );
}

/** spec §2 Grid: image, title, date; a delete button appears on hover (and on keyboard focus). */
export function PhotoGridItem(props: GalleryItemProps) {
  const { photo } = props;
  const hover = useVideoHoverPreview(photo.video, !props.selection);
  return (
    <div role="listitem" className="group overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative aspect-square bg-muted" {...hover.handlers}>
        <OpenablePhoto {...props} className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
        {hover.preview}
        {!props.selection && (
          <div className="absolute end-2 top-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
            <DeletePhotoButton photo={photo} variant="icon" />
          </div>
        )}
        {photo.video && <VideoTileOverlay video={photo.video} />}
        {props.isShared && <SharedMark className="pointer-events-none absolute start-2 bottom-2 shadow-sm" />}
      </div>
      <div className="grid gap-1 p-3">
        <PhotoTitle photo={photo} isEditing={props.isEditingTitle} onEditingChange={props.onEditingTitleChange} />
        <PhotoDate photo={photo} isEditing={props.isEditingDate} onEditingChange={props.onEditingDateChange} />
      </div>
    </div>
  );
}

/** spec §2 List: a row per photo with a Delete text button. */
export function PhotoListItem(props: GalleryItemProps) {
  const { photo } = props;
  return (
    <div role="listitem" className="flex items-center gap-4 rounded-xl border bg-card p-3 shadow-sm">
      <div className="size-16 shrink-0 overflow-hidden rounded-md bg-muted sm:size-20">
        <OpenablePhoto {...props} className="size-full object-cover" />
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <PhotoTitle photo={photo} isEditing={props.isEditingTitle} onEditingChange={props.onEditingTitleChange} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <PhotoDate photo={photo} isEditing={props.isEditingDate} onEditingChange={props.onEditingDateChange} />
          {photo.video && <VideoListMeta video={photo.video} />}
          <span className="text-xs text-muted-foreground">{formatBytes(photo.fileSize)}</span>
          {photo.cameraInfo && <span className="text-xs text-muted-foreground">{photo.cameraInfo}</span>}
          {props.isShared && <SharedMark />}
        </div>
      </div>
      {!props.selection && <DeletePhotoButton photo={photo} variant="text" />}
    </div>
  );
}

/** A video's row in the List view: its length, and how far its preparation is. */
function VideoListMeta({ video }: { video: PhotoVideo }) {
  return (
    <>
      <DurationBadge durationMs={video.durationMs} />
      {video.playback === 'preparing' && <span className="text-xs text-muted-foreground">{preparingText(video)}</span>}
    </>
  );
}
