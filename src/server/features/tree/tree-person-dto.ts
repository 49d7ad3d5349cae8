// The only place a tree_persons row becomes a TreePerson, with the two things derived for it: whether the person
// is living, and the warnings about dates that old records get wrong (shown, never refused).
import type { TreePerson } from '@shared/schemas/tree';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { yearOf } from '@shared/tree/tree-date';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import { photoThumbnailUrl } from '../photos/photos.service';
import { childrenOf, parentsOf, type TreeFamily } from './tree-family';
import type { PersonRow } from './tree.repo';

/** Born longer ago than this, with no death recorded: taken as no longer living. */
const PRESUMED_DEAD_AFTER_YEARS = 110;
const LONGEST_LIFE_YEARS = 120;
const YOUNGEST_PARENT = 12;
const OLDEST_PARENT = 70;

export function isLiving(row: Pick<PersonRow, 'living' | 'died' | 'birthDate'>, thisYear = new Date().getUTCFullYear()): boolean {
  if (row.living !== null) return row.living;
  if (row.died) return false;
  const born = yearOf(row.birthDate);
  return born === null || thisYear - born <= PRESUMED_DEAD_AFTER_YEARS;
}

// Said by the server in the reader's language, as the tree's GEDCOM reports are: a warning names people and years,
// which the client would otherwise have to find again in the family it may not have loaded.
const messages = defineMessages({
  diedBeforeBorn: { id: 'tree.warnings.diedBeforeBorn', defaultMessage: 'Died ({died}) before being born ({born})' },
  livedLong: { id: 'tree.warnings.livedLong', defaultMessage: 'Lived over {years} years ({born}–{died})' },
  parentAge: { id: 'tree.warnings.parentAge', defaultMessage: '{parent} was {age} at the birth of {child}' },
  bornAfterDeath: {
    id: 'tree.warnings.bornAfterDeath',
    defaultMessage: '{child} was born ({born}) after the death of {parent} ({died})',
  },
  unnamed: { id: 'tree.warnings.unnamed', defaultMessage: 'someone unnamed' },
});

/** Impossible or unlikely dates of one person and their parent links, in words the owner can act on (in `language`). */
export function warningsFor(family: TreeFamily, id: number, language: string = SOURCE_LANGUAGE): string[] {
  const person = family.persons.get(id);
  if (!person) return [];
  const intl = translator(language);
  // years as written ("1890", never "1,890")
  const say = (message: (typeof messages)[keyof typeof messages], values: Record<string, string | number>) =>
    intl.formatMessage(message, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
  const nameOf = (p: { givenNames: string; surname: string }) =>
    `${p.givenNames} ${p.surname}`.trim() || intl.formatMessage(messages.unnamed);
  const warnings: string[] = [];
  const born = yearOf(person.birthDate);
  const died = person.died ? yearOf(person.deathDate) : null;
  if (born !== null && died !== null) {
    if (died < born) warnings.push(say(messages.diedBeforeBorn, { died, born }));
    else if (died - born > LONGEST_LIFE_YEARS) warnings.push(say(messages.livedLong, { years: LONGEST_LIFE_YEARS, born, died }));
  }
  const links = [
    ...parentsOf(family, id).map((link) => ({ parent: family.persons.get(link.fromId), child: person, type: link.type })),
    ...childrenOf(family, id).map((link) => ({ parent: person, child: family.persons.get(link.toId), type: link.type })),
  ];
  for (const { parent, child, type } of links) {
    if (!parent || !child || type !== 'birth') continue;
    const parentBorn = yearOf(parent.birthDate);
    const childBorn = yearOf(child.birthDate);
    if (parentBorn === null || childBorn === null) continue;
    const age = childBorn - parentBorn;
    if (age < YOUNGEST_PARENT || age > OLDEST_PARENT)
      warnings.push(say(messages.parentAge, { parent: nameOf(parent), age, child: nameOf(child) }));
    const parentDied = parent.died ? yearOf(parent.deathDate) : null;
    // a father may die before his child is born, not a year before
    if (parentDied !== null && childBorn > parentDied + 1)
      warnings.push(say(messages.bornAfterDeath, { child: nameOf(child), born: childBorn, parent: nameOf(parent), died: parentDied }));
  }
  return warnings;
}

export function toTreePerson(row: PersonRow, extra: { coverPhotoId?: number | undefined; warnings: string[] }): TreePerson {
  return {
    id: row.id,
    givenNames: row.givenNames,
    surname: row.surname,
    birthSurname: row.birthSurname,
    sex: row.sex,
    gender: row.gender,
    birth: { date: row.birthDate, place: row.birthPlace },
    death: row.died ? { date: row.deathDate, place: row.deathPlace } : null,
    living: isLiving(row),
    isOwner: row.isOwner,
    contactId: row.contactId,
    personId: row.personId,
    pictureUrl: extra.coverPhotoId === undefined ? null : photoThumbnailUrl(extra.coverPhotoId),
    note: row.note,
    warnings: extra.warnings,
  };
}
