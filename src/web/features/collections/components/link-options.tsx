import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { IncludeNamesOption, ShareOption } from '@web/components/share-options';
import { Input } from '@web/components/ui/input';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDay } from '@web/lib/local-day';

type LinkOptionsProps = {
  expiresOn: UseFormRegisterReturn;
  includePlaces: UseFormRegisterReturn;
  includeNames: UseFormRegisterReturn;
  expiryError?: FieldError;
};

/** The options both kinds of link have: an optional last day, and whether places and people's names are shown. */
export function LinkOptions({ expiresOn, includePlaces, includeNames, expiryError }: LinkOptionsProps) {
  const intl = useIntl();
  return (
    <div className="grid gap-4">
      <FormField
        label={intl.formatMessage({ id: 'collections.linkOptions.expires', defaultMessage: 'Expires after (optional)' })}
        error={expiryError}
        hint={intl.formatMessage({
          id: 'collections.linkOptions.expiresHint',
          defaultMessage: 'Leave empty for a link that works until you revoke it.',
        })}
      >
        <Input type="date" min={localDay()} className="w-full sm:w-48" {...expiresOn} />
      </FormField>
      <ShareOption
        label={intl.formatMessage({ id: 'collections.linkOptions.places', defaultMessage: 'Include places' })}
        hint={intl.formatMessage({
          id: 'collections.linkOptions.placesHint',
          defaultMessage: 'Locations and the GPS position in photos are shown only when this is ticked.',
        })}
        field={includePlaces}
      />
      <IncludeNamesOption {...includeNames} />
    </div>
  );
}
