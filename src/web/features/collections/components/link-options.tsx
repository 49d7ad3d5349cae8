import { useId } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { localDay } from '@web/lib/local-day';

export type LinkOptionsValue = { expiresOn: string; includePlaces: boolean };

/** The options both kinds of link have: an optional last day, and whether places are shown. */
export function LinkOptions({ value, onChange }: { value: LinkOptionsValue; onChange: (value: LinkOptionsValue) => void }) {
  const expiryId = useId();
  const placesHintId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={expiryId}>Expires after (optional)</Label>
        <Input
          id={expiryId}
          type="date"
          min={localDay()}
          value={value.expiresOn}
          onChange={(event) => onChange({ ...value, expiresOn: event.target.value })}
          className="w-full sm:w-48"
        />
        <p className="text-xs text-muted-foreground">Leave empty for a link that works until you revoke it.</p>
      </div>
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={value.includePlaces}
            aria-describedby={placesHintId}
            onChange={(event) => onChange({ ...value, includePlaces: event.target.checked })}
          />
          Include places
        </label>
        <p id={placesHintId} className="text-xs text-muted-foreground">
          Locations and the GPS position in photos are shown only when this is ticked.
        </p>
      </div>
    </div>
  );
}
