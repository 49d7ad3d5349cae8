import { useState } from 'react';
import type { Person } from '@shared/schemas/people';
import { PersonCombobox, type PersonChoice } from '@web/components/person-combobox';
import { useIntl } from '@web/lib/i18n/use-intl';

type PersonPickerProps = {
  /** The person already chosen (asked for from their page), if any. */
  initial?: Person;
  /** The person chosen, or null while none is (a typed name that is not yet picked). */
  onChoose: (person: Person | null) => void;
};

/**
 * The owner's person to make a collection of, at any library size: the named found by typing (the server searches
 * them), the unnamed picked by their face. A hidden person is never offered: the server refuses a collection of them.
 */
export function PersonPicker({ initial, onChoose }: PersonPickerProps) {
  const intl = useIntl();
  const [choice, setChoice] = useState<PersonChoice | null>(initial ? { person: initial } : null);
  return (
    <PersonCombobox
      label={intl.formatMessage({ id: 'collections.form.person', defaultMessage: 'Person' })}
      choice={choice}
      onChoiceChange={(next) => {
        setChoice(next);
        onChoose(next && 'person' in next ? next.person : null);
      }}
    />
  );
}
