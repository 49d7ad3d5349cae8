import { useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { EARLIEST_YEAR } from '@shared/limits';
import type { Photo } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatLongDate } from '@web/lib/format';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { approximateTitle, formatItemDate, isApproximate, photoItemDate } from '@web/lib/item-date';
import { useUpdatePhoto } from '../api';
import { toastTitles } from '../toast-messages';
import { photoLabel } from './photo-image';

type PhotoDateProps = {
  photo: Photo;
  isEditing: boolean;
  onEditingChange: (editing: boolean) => void;
  className?: string;
};

/**
 * A photo's date as its caption says it (decision 067): "June 14, 1962" as before, "June 1962", "1960s" or
 * "c. 1955" when approximate, and "Undated" (never its upload day) when it has no date taken.
 */
export const photoDateText = (photo: Photo) => formatItemDate(photoItemDate(photo));

/** The picked day at the photo's own time of day (local), so only the date changes. */
function onDay(day: Date, previous: string | null) {
  const time = previous ? new Date(previous) : undefined;
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    time?.getHours() ?? 0,
    time?.getMinutes() ?? 0,
    time?.getSeconds() ?? 0,
  );
}

/** The day the calendar opens on: the photo's own, or the first day of its period as written; none when undated. */
function pickedDay(photo: Photo) {
  if (!photo.dateTaken) return undefined;
  if (!isApproximate(photo.dateTakenPrecision)) return new Date(photo.dateTaken);
  const [year, month, day] = photo.dateTaken.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * spec §2: clicking the date opens a calendar (placeholder 'Pick a date') with year and month selection,
 * years 1900 to the current year, and 'Apply Date'. The gallery keeps at most one date in edit mode.
 */
export function PhotoDate({ photo, isEditing, onEditingChange, className }: PhotoDateProps) {
  const intl = useIntl();
  const updatePhoto = useUpdatePhoto();
  const [selected, setSelected] = useState<Date | undefined>(undefined);
  const today = new Date();

  const text = photoDateText(photo);
  const mark = approximateTitle(photoItemDate(photo));
  const onOpenChange = (open: boolean) => {
    if (open) setSelected(pickedDay(photo));
    onEditingChange(open);
  };

  const apply = () => {
    if (!selected) return;
    // an approximate or undated photo's stored time means nothing: the picked day is set at noon, day-precise
    const keepsTime = photo.dateTaken !== null && (photo.dateTakenPrecision ?? 'exact') === 'exact';
    let dateTaken = keepsTime
      ? onDay(selected, photo.dateTaken)
      : new Date(selected.getFullYear(), selected.getMonth(), selected.getDate(), 12);
    if (dateTaken > new Date()) dateTaken = new Date(selected.getFullYear(), selected.getMonth(), selected.getDate());
    onEditingChange(false);
    // the promise, not mutate()'s callbacks: a new date moves the tile to another month's row (it remounts),
    // and callbacks of an unmounted mutation never run
    const patch = { dateTaken: dateTaken.toISOString(), dateTakenPrecision: keepsTime ? 'exact' : 'day', dateTakenMargin: null } as const;
    updatePhoto.mutateAsync({ id: photo.id, patch }).then(
      () =>
        toast({
          title: activeIntl().formatMessage(toastTitles.success),
          description: activeIntl().formatMessage({ id: 'photos.date.saved', defaultMessage: 'Photo date updated.' }),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: activeIntl().formatMessage(toastTitles.error),
          description: errorMessage(
            error,
            activeIntl().formatMessage({ id: 'photos.date.failed', defaultMessage: 'Failed to update photo date' }),
          ),
        }),
    );
  };

  return (
    <Popover open={isEditing} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={intl.formatMessage({ id: 'photos.date.change', defaultMessage: 'Change date: {date}' }, { date: text })}
          title={mark ?? undefined}
          className={cn(
            'rounded text-start text-sm text-muted-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            className,
          )}
        >
          {text}
          {mark && (
            <span aria-hidden="true" className="ms-1 rounded-full bg-secondary px-1.5 text-xs font-medium text-secondary-foreground">
              ≈
            </span>
          )}
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto"
        aria-label={intl.formatMessage({ id: 'photos.date.of', defaultMessage: 'Date of {photo}' }, { photo: photoLabel(photo) })}
      >
        <p className={cn('mb-2 text-sm font-medium', !selected && 'text-muted-foreground')}>
          {selected ? formatLongDate(selected) : intl.formatMessage({ id: 'photos.date.pick', defaultMessage: 'Pick a date' })}
        </p>
        <DayPicker
          mode="single"
          selected={selected}
          onSelect={setSelected}
          captionLayout="dropdown"
          startMonth={new Date(EARLIEST_YEAR, 0)}
          endMonth={new Date(today.getFullYear(), today.getMonth())}
          defaultMonth={selected ?? today}
          disabled={{ after: today }}
          style={{ '--rdp-accent-color': 'var(--color-primary)', '--rdp-accent-background-color': 'var(--color-accent)' } as CSSProperties}
        />
        <div className="mt-3 flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => onEditingChange(false)}>
            {intl.formatMessage({ id: 'photos.date.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="button" size="sm" disabled={!selected || updatePhoto.isPending} onClick={apply}>
            {intl.formatMessage({ id: 'photos.date.apply', defaultMessage: 'Apply Date' })}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
