import { useId } from 'react';
import { familyRelationGroups } from '@shared/family-relations';
import { Label } from '@web/components/ui/label';
import { useIntl } from '@web/lib/i18n/use-intl';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@web/components/ui/select';

type RelationshipSelectProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** spec §2/§3: the family relation, a grouped select (Immediate Family, Extended Family, In-Law Relationships). */
export function RelationshipSelect({ value, onChange, error }: RelationshipSelectProps) {
  const id = useId();
  const intl = useIntl();
  // A relation typed elsewhere (the API takes free text) is still shown and kept.
  const isCustom = value !== '' && !familyRelationGroups.some((group) => (group.options as readonly string[]).includes(value));
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{intl.formatMessage({ id: 'contacts.form.relationship', defaultMessage: 'Relationship' })}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue
            placeholder={intl.formatMessage({ id: 'contacts.form.relationshipPlaceholder', defaultMessage: 'Select relationship type' })}
          />
        </SelectTrigger>
        <SelectContent>
          {isCustom && (
            <SelectGroup>
              <SelectItem value={value}>{value}</SelectItem>
            </SelectGroup>
          )}
          {familyRelationGroups.map((group) => (
            <SelectGroup key={group.label}>
              <SelectLabel>{group.label}</SelectLabel>
              {group.options.map((option) => (
                <SelectItem key={option} value={option}>
                  {option}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
        </SelectContent>
      </Select>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}
