// The family tree's relation words in the reader's language. The server names a relative in English
// ("your great-grandmother", "your wife's first cousin"), the words the spec and the API keep; the page reads
// that label back into its parts and says it again with the catalogue's messages. Each word's message has the
// four forms a chain needs ("your mother", "of your mother", "of the mother", "mother"), so German can decline
// ("Mutter des Cousins Ihrer Frau") and French elide ("de l’oncle") without code for either.
import { countGreats, ordinalNumber, sexOf, timesNumber } from '@shared/family-relations';
import type { TreeSex as Sex } from '@shared/schemas/tree';
import { activeIntl } from '@web/lib/i18n/language-store';
import { relationMessages, type RelationWordKey } from './relation-messages';

type Form = 'your' | 'ofYour' | 'ofThe' | 'other';

export interface RelationWord {
  key: RelationWordKey;
  /** female, male, or other when the English word is the same for both. */
  sex: 'female' | 'male' | 'other';
  greats?: number;
  degree?: number;
  removed?: number;
}

const WORD_PATTERNS: [RegExp, (m: RegExpExecArray) => RelationWord | null][] = [
  [
    /^(step-)?((?:great-)*)grand(mother|father|parent)$/,
    (m) => ({ key: m[1] ? 'stepGrandparent' : 'grandparent', sex: sexOf(m[3]!), greats: countGreats(m[2]) }),
  ],
  [
    /^(step-)?((?:great-)*)grand(daughter|son|child)$/,
    (m) => ({ key: m[1] ? 'stepGrandchild' : 'grandchild', sex: sexOf(m[3]!), greats: countGreats(m[2]) }),
  ],
  [
    /^(half-)?((?:great-)*)(aunt|uncle)$/,
    (m) => ({ key: m[1] ? 'halfAuntUncle' : 'auntUncle', sex: sexOf(m[3]!), greats: countGreats(m[2]) }),
  ],
  [
    /^(half-)?((?:great-)*)(niece|nephew)$/,
    (m) => ({ key: m[1] ? 'halfNieceNephew' : 'nieceNephew', sex: sexOf(m[3]!), greats: countGreats(m[2]) }),
  ],
  [
    /^(foster |step)?(mother|father|parent)$/,
    (m) => ({ key: m[1] ? (m[1] === 'step' ? 'stepParent' : 'fosterParent') : 'parent', sex: sexOf(m[2]!) }),
  ],
  [
    /^(foster |step)?(daughter|son|child)$/,
    (m) => ({ key: m[1] ? (m[1] === 'step' ? 'stepChild' : 'fosterChild') : 'child', sex: sexOf(m[2]!) }),
  ],
  [
    /^(foster |step|half-)?(sister|brother|sibling)$/,
    (m) => ({
      key: m[1] === 'step' ? 'stepSibling' : m[1] === 'half-' ? 'halfSibling' : m[1] ? 'fosterSibling' : 'sibling',
      sex: sexOf(m[2]!),
    }),
  ],
  [/^(former )?(mother|father|parent)-in-law$/, (m) => ({ key: m[1] ? 'formerParentInLaw' : 'parentInLaw', sex: sexOf(m[2]!) })],
  [/^(former )?(daughter|son|child)-in-law$/, (m) => ({ key: m[1] ? 'formerChildInLaw' : 'childInLaw', sex: sexOf(m[2]!) })],
  [/^(former )?(sister|brother|sibling)-in-law$/, (m) => ({ key: m[1] ? 'formerSiblingInLaw' : 'siblingInLaw', sex: sexOf(m[2]!) })],
  [
    /^(former |late )?(wife|husband|spouse)$/,
    (m) => ({ key: m[1] === 'former ' ? 'formerSpouse' : m[1] ? 'lateSpouse' : 'spouse', sex: sexOf(m[2]!) }),
  ],
  [/^(former |late )?partner$/, (m) => ({ key: m[1] === 'former ' ? 'formerPartner' : m[1] ? 'latePartner' : 'partner', sex: 'other' })],
  [
    /^(double )?(\w+) cousin(?: (.+) removed)?$/,
    (m) => {
      const degree = ordinalNumber(m[2]!);
      const removed = timesNumber(m[3]);
      if (degree === null || removed === null) return null;
      return { key: m[1] ? 'doubleCousin' : 'cousin', sex: 'other', degree, removed };
    },
  ],
];

/** One English relation word ("great-grandmother", "former sister-in-law") read into its parts; null if unknown. */
export function parseRelationWord(word: string): RelationWord | null {
  for (const [pattern, read] of WORD_PATTERNS) {
    const match = pattern.exec(word);
    if (match) return read(match);
  }
  return null;
}

/** A tie: "you", or the chain of words after "your" ("your wife's cousin" → wife, cousin); null if unknown. */
export function parseTie(tie: string): RelationWord[] | 'you' | null {
  if (tie === 'you') return 'you';
  if (!tie.startsWith('your ')) return null;
  const words = tie.slice('your '.length).split("'s ").map(parseRelationWord);
  return words.every((w): w is RelationWord => w !== null) ? words : null;
}

function sayWord(word: RelationWord, form: Form, sex: RelationWord['sex']): string {
  return activeIntl().formatMessage(relationMessages[word.key], {
    form,
    sex,
    greats: word.greats ?? 0,
    degree: word.degree ?? 1,
    removed: word.removed ?? 0,
  });
}

function sayTie(words: RelationWord[], targetSex: RelationWord['sex']): string {
  const last = words.length - 1;
  // an English word the same for both sexes (cousin, partner) takes the sex of the person named
  const sexAt = (i: number) => (i === last && words[i]!.sex === 'other' ? targetSex : words[i]!.sex);
  if (last === 0) return sayWord(words[0]!, 'your', sexAt(0));
  let said = sayWord(words[last]!, 'other', sexAt(last));
  for (let i = last - 1; i >= 0; i--) {
    const owner = sayWord(words[i]!, i === 0 ? 'ofYour' : 'ofThe', sexAt(i));
    said = activeIntl().formatMessage(relationMessages.chain, { relative: said, owner });
  }
  return said;
}

const targetSexOf = (sex: Sex | undefined): RelationWord['sex'] => (sex === 'female' || sex === 'male' ? sex : 'other');

/**
 * The server's English relation label ("your aunt and your cousin's mother-in-law") in the page's language; the
 * label as it is in English, or when it holds a word this page does not know.
 */
export function relationInWords(label: string, sex?: Sex): string {
  const intl = activeIntl();
  if (intl.locale === 'en') return label;
  const ties = label.split(' and ').map(parseTie);
  if (ties.length > 2 || ties.some((t) => t === null)) return label;
  const said = (ties as (RelationWord[] | 'you')[]).map((tie) =>
    tie === 'you' ? intl.formatMessage(relationMessages.you) : sayTie(tie, targetSexOf(sex)),
  );
  return said.length === 2 ? intl.formatMessage(relationMessages.both, { first: said[0], second: said[1] }) : said[0]!;
}
