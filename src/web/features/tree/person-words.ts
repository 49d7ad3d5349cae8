// How a tree person is named on a card and read out by a screen reader.

import type { TreePerson } from '@shared/schemas/tree';
import { parseTreeDate, yearOf } from '@shared/tree/tree-date';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  unnamed: { id: 'tree.person.unnamed', defaultMessage: 'Unnamed person' },
  circa: { id: 'tree.person.circa', defaultMessage: 'c. {year}' },
});

type Named = Pick<TreePerson, 'givenNames' | 'surname'>;
type Dated = Pick<TreePerson, 'birth' | 'death'>;

export function personName(person: Named): string {
  return `${person.givenNames} ${person.surname}`.trim() || activeIntl().formatMessage(messages.unnamed);
}

/** One or two letters for a card without a face. */
export function initialsOf(person: Named): string {
  const first = person.givenNames.trim()[0] ?? '';
  const last = person.surname.trim()[0] ?? '';
  return (first + last).toUpperCase() || '?';
}

function yearWords(value: string | null | undefined): string | null {
  const year = yearOf(value);
  if (year === null) return null;
  return parseTreeDate(value!).kind === 'exact' ? String(year) : activeIntl().formatMessage(messages.circa, { year: String(year) });
}

/** "1890–1962", "c. 1890–", "–1962", "1890–?" (died, year unknown), "" when nothing is known. */
export function yearsOf(person: Dated): string {
  const born = yearWords(person.birth.date);
  const died = person.death ? (yearWords(person.death.date) ?? '?') : null;
  if (born === null && died === null) return '';
  if (died === null) return `${born}–`;
  return `${born ?? ''}–${died}`;
}

/** "Rose Martin, your grandmother, 1890–1962": what a card says to a screen reader. */
export function cardLabel(person: Named & Dated, relation: string | null): string {
  return [personName(person), relation, yearsOf(person)].filter(Boolean).join(', ');
}
