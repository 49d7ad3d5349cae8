import { Label } from '@web/components/ui/label';
import { selectClass } from './schedule-fields';
import { SELF } from './use-interview-draft';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Who tells the story: the one whose heirloom it is (`selfLabel`), or one of the listed contacts. */
export function StorytellerSelect({
  id,
  value,
  onChange,
  selfLabel,
  contacts,
  hint,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  selfLabel: string;
  contacts: Array<{ id: number; label: string }>;
  hint: React.ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <Label htmlFor={id}>{intl.formatMessage({ id: 'interviews.storyteller.label', defaultMessage: 'Storyteller' })}</Label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={SELF}>{selfLabel}</option>
        {contacts.map((contact) => (
          <option key={contact.id} value={contact.id}>
            {contact.label}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </>
  );
}
