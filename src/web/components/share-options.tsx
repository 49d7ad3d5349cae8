import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A ticked-or-not share option ("Include places", "Include names") with the line that says what it does. */
export function ShareOption({ label, hint, field }: { label: string; hint: string; field: UseFormRegisterReturn }) {
  const hintId = useId();
  return (
    <div className="grid gap-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" aria-describedby={hintId} {...field} />
        {label}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/**
 * "Include names", worded like a link's "Include places" (issue 29): the names of the people in the photos, and
 * where their faces are, reach a link's recipient or an heir only when this is ticked. Off by default.
 */
export function IncludeNamesOption(field: UseFormRegisterReturn) {
  const intl = useIntl();
  return (
    <ShareOption
      label={intl.formatMessage({ id: 'common.share.includeNames', defaultMessage: 'Include names' })}
      hint={intl.formatMessage({
        id: 'common.share.includeNamesHint',
        defaultMessage: 'The names of the people in the photos are shown only when this is ticked.',
      })}
      field={field}
    />
  );
}
