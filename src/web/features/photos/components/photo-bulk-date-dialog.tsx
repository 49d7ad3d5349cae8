import { useId, useState, type FormEvent } from 'react';
import { photoBulkSchema } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { localDay } from '@web/lib/local-day';
import { photoCount } from './photo-bulk-words';

/**
 * A picked day becomes noon of that day in the viewer's time zone: the photos then show that same day to
 * anyone within eleven hours of here, where midnight would put them on the day before for everyone west.
 */
export const localNoon = (day: string) => new Date(`${day}T12:00:00`).toISOString();

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSubmit: (dateTaken: string) => void;
};

/** "Set date" for the selected photos: one calendar day, checked by the shared contract before it is sent. */
export function PhotoBulkDateDialog({ count, open, onOpenChange, isPending, onSubmit }: Props) {
  const [day, setDay] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (day === '') {
      setError('Please choose a date');
      return;
    }
    const dateTaken = localNoon(day);
    // ids stand in for the selection: only the date's own checks (range, format) can fail here
    const parsed = photoBulkSchema.shape.action.safeParse({ type: 'setDate', dateTaken });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid date');
      return;
    }
    setError(undefined);
    onSubmit(dateTaken);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Set the date taken</DialogTitle>
            <DialogDescription>
              Gives {photoCount(count)} the same date, at noon your time. The time each was taken is replaced.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Date taken</Label>
            <Input
              id={inputId}
              type="date"
              min="1900-01-01"
              max={localDay()}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              Save date
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
