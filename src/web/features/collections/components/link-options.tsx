import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { IncludeNamesOption } from '@web/components/include-names-option';
import { Input } from '@web/components/ui/input';
import { localDay } from '@web/lib/local-day';

type LinkOptionsProps = {
  expiresOn: UseFormRegisterReturn;
  includePlaces: UseFormRegisterReturn;
  includeNames: UseFormRegisterReturn;
  expiryError?: FieldError;
};

/** The options both kinds of link have: an optional last day, and whether places and people's names are shown. */
export function LinkOptions({ expiresOn, includePlaces, includeNames, expiryError }: LinkOptionsProps) {
  const placesHintId = useId();
  return (
    <div className="grid gap-4">
      <FormField label="Expires after (optional)" error={expiryError} hint="Leave empty for a link that works until you revoke it.">
        <Input type="date" min={localDay()} className="w-full sm:w-48" {...expiresOn} />
      </FormField>
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" aria-describedby={placesHintId} {...includePlaces} />
          Include places
        </label>
        <p id={placesHintId} className="text-xs text-muted-foreground">
          Locations and the GPS position in photos are shown only when this is ticked.
        </p>
      </div>
      <IncludeNamesOption {...includeNames} />
    </div>
  );
}
