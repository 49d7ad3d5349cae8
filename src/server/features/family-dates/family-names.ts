// How the family names a person in a date's line: the given name, with the relation word when the tie is close
// and plain ("your grandmother Rose"), the given name alone otherwise ("Rose" for a second cousin's wife).
import { relationBetween, type FamilyIndex } from '@shared/tree/relation-naming';
import type { DatedPerson, FamilyNames } from './coming-dates';

/** At most "your great-grandmother": longer words ("your first cousin once removed") read as a genealogy. */
const CLOSE_WORDS = 3;

export function firstName(givenNames: string, surname = ''): string {
  return givenNames.trim().split(/\s+/)[0] || surname.trim() || 'Someone';
}

export function closeRelationWord(label: string | undefined): string | null {
  if (!label || label === 'you' || !label.startsWith('your ')) return null;
  if (label.includes(' and ') || label.includes("'s ") || label.includes('former')) return null;
  return label.split(' ').length <= CLOSE_WORDS ? label : null;
}

/** Names for `comingDates`: `shortNames` holds each row's given name; tree persons get relation words from the index. */
export function familyNamer(shortNames: ReadonlyMap<string, string>, index: FamilyIndex | null, ownerTreeId: number | null) {
  const cache = new Map<string, FamilyNames>();
  return (person: DatedPerson): FamilyNames => {
    const known = cache.get(person.key);
    if (known) return known;
    const short = shortNames.get(person.key) ?? 'Someone';
    let full = short;
    if (person.isOwner) full = 'you';
    else if (index && ownerTreeId !== null && person.treePersonId !== null) {
      const word = closeRelationWord(relationBetween(index, String(ownerTreeId), String(person.treePersonId))?.label);
      if (word) full = `${word} ${short}`;
    }
    const names = { short: person.isOwner ? 'you' : short, full };
    cache.set(person.key, names);
    return names;
  };
}
