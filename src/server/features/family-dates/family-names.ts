// How the family names a person in a date's line: the given name, with the relation word when the tie is close
// and plain ("your grandmother Rose"), the given name alone otherwise ("Rose" for a second cousin's wife). The
// relation word is said in the reader's language ("Ihre Großmutter Rose"); a word the language's catalogue
// cannot say leaves the given name alone.
import { relationIn, type RelativeSex } from '@shared/family-relations';
import { relationBetween, type FamilyIndex } from '@shared/tree/relation-naming';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import type { DatedPerson, FamilyNames, Said } from './coming-dates';

/** At most "your great-grandmother": longer words ("your first cousin once removed") read as a genealogy. */
const CLOSE_WORDS = 3;

const messages = defineMessages({
  related: { id: 'familyDates.name.related', defaultMessage: '{relation} {name}' },
  you: { id: 'familyDates.name.you', defaultMessage: 'you' },
  someone: { id: 'familyDates.name.someone', defaultMessage: 'Someone' },
});

const you: Said = (language) => translator(language).formatMessage(messages.you);
const someone: Said = (language) => translator(language).formatMessage(messages.someone);

/** The first given name, else the surname; '' when the person has neither (see `familyNamer`). */
export function firstName(givenNames: string, surname = ''): string {
  return givenNames.trim().split(/\s+/)[0] || surname.trim();
}

export function closeRelationWord(label: string | undefined): string | null {
  if (!label || label === 'you' || !label.startsWith('your ')) return null;
  if (label.includes(' and ') || label.includes("'s ") || label.includes('former')) return null;
  return label.split(' ').length <= CLOSE_WORDS ? label : null;
}

/** "your grandmother Rose" in `language`, or "Rose" where the language has no word for the tie. */
const relatedName =
  (word: string, name: Said, sex: RelativeSex): Said =>
  (language) => {
    const intl = translator(language);
    const given = typeof name === 'function' ? name(language) : name;
    const relation = relationIn(intl, word, sex);
    return relation === null ? given : intl.formatMessage(messages.related, { relation, name: given });
  };

/** Names for `comingDates`: `shortNames` holds each row's given name; tree persons get relation words from the index. */
export function familyNamer(shortNames: ReadonlyMap<string, string>, index: FamilyIndex | null, ownerTreeId: number | null) {
  const cache = new Map<string, FamilyNames>();
  return (person: DatedPerson): FamilyNames => {
    const known = cache.get(person.key);
    if (known) return known;
    const short: Said = shortNames.get(person.key) || someone;
    let full = short;
    if (person.isOwner) full = you;
    else if (index && ownerTreeId !== null && person.treePersonId !== null) {
      const treeId = String(person.treePersonId);
      const word = closeRelationWord(relationBetween(index, String(ownerTreeId), treeId)?.label);
      const sex = index.sexOf(treeId);
      if (word) full = relatedName(word, short, sex === 'female' || sex === 'male' ? sex : 'other');
    }
    const names = { short: person.isOwner ? you : short, full };
    cache.set(person.key, names);
    return names;
  };
}
