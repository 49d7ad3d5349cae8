import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { IncludeNamesOption, ShareOption } from '@web/components/share-options';
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
  return (
    <div className="grid gap-4">
      <FormField label="Expires after (optional)" error={expiryError} hint="Leave empty for a link that works until you revoke it.">
        <Input type="date" min={localDay()} className="w-full sm:w-48" {...expiresOn} />
      </FormField>
      <ShareOption
        label="Include places"
        hint="Locations and the GPS position in photos are shown only when this is ticked."
        field={includePlaces}
      />
      <IncludeNamesOption {...includeNames} />
    </div>
  );
}
