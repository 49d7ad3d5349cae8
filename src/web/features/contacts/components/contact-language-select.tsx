import { useId } from 'react';
import { languageName } from '@shared/i18n/languages';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { shippedLanguages } from '@web/lib/i18n/catalogues';
import { useIntl } from '@web/lib/i18n/use-intl';

// A select item cannot hold '': "Same as mine" (the form's '', null on the server) is this value in the menu.
const SAME_AS_MINE = 'same';

type ContactLanguageSelectProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** The language heirloom writes to the contact in: the owner's ("Same as mine") or one it ships, named in itself. */
export function ContactLanguageSelect({ value, onChange, error }: ContactLanguageSelectProps) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{intl.formatMessage({ id: 'contacts.form.language', defaultMessage: 'Language' })}</Label>
      <Select value={value || SAME_AS_MINE} onValueChange={(chosen) => onChange(chosen === SAME_AS_MINE ? '' : chosen)}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={SAME_AS_MINE}>
            {intl.formatMessage({ id: 'contacts.form.languageSameAsMine', defaultMessage: 'Same as mine' })}
          </SelectItem>
          {shippedLanguages.map((language) => (
            <SelectItem key={language} value={language} lang={language}>
              {languageName(language)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'contacts.form.languageHint',
          defaultMessage: 'The mails heirloom sends this person are written in this language.',
        })}
      </p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}
