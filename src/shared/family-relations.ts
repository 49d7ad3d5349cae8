// spec §3: the family relation options, grouped exactly as the Relationship select shows them.
export const familyRelationGroups = [
  {
    label: 'Immediate Family',
    options: ['Mother', 'Father', 'Sister', 'Brother', 'Daughter', 'Son', 'Wife', 'Husband', 'Partner'],
  },
  {
    label: 'Extended Family',
    options: ['Grandmother', 'Grandfather', 'Granddaughter', 'Grandson', 'Aunt', 'Uncle', 'Cousin', 'Niece', 'Nephew'],
  },
  {
    label: 'In-Law Relationships',
    options: ['Mother-in-law', 'Father-in-law', 'Sister-in-law', 'Brother-in-law', 'Daughter-in-law', 'Son-in-law'],
  },
] as const;

export type FamilyRelationOption = (typeof familyRelationGroups)[number]['options'][number];

// ---- A close relative's word in the reader's language (issue 33) ----
// The server names a relative in English ("your granddaughter", "your great-grandmother"): the words the spec
// and the API keep. A mail or a line written for a reader in another language reads that word back into its
// parts and says it again with the `relations` catalogue, in the form that stands before a name or alone:
// "Ihre Enkelin", "su nieta", "votre petite-fille". English readers get the word exactly as the server wrote it.

type Message = { id: string; defaultMessage: string };

/** Named so the extractor (npm run i18n:extract) finds these messages, as it does the web app's and the server's. */
function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}

const wordMessages = defineMessages({
  parent: { id: 'relations.word.parent', defaultMessage: '{sex, select, female {your mother} male {your father} other {your parent}}' },
  child: { id: 'relations.word.child', defaultMessage: '{sex, select, female {your daughter} male {your son} other {your child}}' },
  sibling: { id: 'relations.word.sibling', defaultMessage: '{sex, select, female {your sister} male {your brother} other {your sibling}}' },
  halfSibling: {
    id: 'relations.word.halfSibling',
    defaultMessage: '{sex, select, female {your half-sister} male {your half-brother} other {your half-sibling}}',
  },
  stepParent: {
    id: 'relations.word.stepParent',
    defaultMessage: '{sex, select, female {your stepmother} male {your stepfather} other {your stepparent}}',
  },
  stepChild: {
    id: 'relations.word.stepChild',
    defaultMessage: '{sex, select, female {your stepdaughter} male {your stepson} other {your stepchild}}',
  },
  stepSibling: {
    id: 'relations.word.stepSibling',
    defaultMessage: '{sex, select, female {your stepsister} male {your stepbrother} other {your stepsibling}}',
  },
  fosterParent: {
    id: 'relations.word.fosterParent',
    defaultMessage: '{sex, select, female {your foster mother} male {your foster father} other {your foster parent}}',
  },
  fosterChild: {
    id: 'relations.word.fosterChild',
    defaultMessage: '{sex, select, female {your foster daughter} male {your foster son} other {your foster child}}',
  },
  fosterSibling: {
    id: 'relations.word.fosterSibling',
    defaultMessage: '{sex, select, female {your foster sister} male {your foster brother} other {your foster sibling}}',
  },
  grandparent: {
    id: 'relations.word.grandparent',
    defaultMessage:
      'your {greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {grandmother} male {grandfather} other {grandparent}}',
  },
  grandchild: {
    id: 'relations.word.grandchild',
    defaultMessage:
      'your {greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {granddaughter} male {grandson} other {grandchild}}',
  },
  stepGrandparent: {
    id: 'relations.word.stepGrandparent',
    defaultMessage:
      'your step-{greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {grandmother} male {grandfather} other {grandparent}}',
  },
  stepGrandchild: {
    id: 'relations.word.stepGrandchild',
    defaultMessage:
      'your step-{greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {granddaughter} male {grandson} other {grandchild}}',
  },
  auntUncle: {
    id: 'relations.word.auntUncle',
    defaultMessage:
      'your {greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {aunt} male {uncle} other {parent’s sibling}}',
  },
  halfAuntUncle: {
    id: 'relations.word.halfAuntUncle',
    defaultMessage:
      'your half-{greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {aunt} male {uncle} other {parent’s half-sibling}}',
  },
  nieceNephew: {
    id: 'relations.word.nieceNephew',
    defaultMessage:
      'your {greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {niece} male {nephew} other {sibling’s child}}',
  },
  halfNieceNephew: {
    id: 'relations.word.halfNieceNephew',
    defaultMessage:
      'your half-{greats, plural, =0 {} =1 {great-} =2 {great-great-} other {# times great-}}{sex, select, female {niece} male {nephew} other {half-sibling’s child}}',
  },
  cousin: {
    id: 'relations.word.cousin',
    defaultMessage:
      'your {degree, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {sex, select, other {cousin}}{removed, plural, =0 {} one { once removed} other { # times removed}}',
  },
  spouse: { id: 'relations.word.spouse', defaultMessage: '{sex, select, female {your wife} male {your husband} other {your spouse}}' },
  lateSpouse: {
    id: 'relations.word.lateSpouse',
    defaultMessage: '{sex, select, female {your late wife} male {your late husband} other {your late spouse}}',
  },
  partner: { id: 'relations.word.partner', defaultMessage: '{sex, select, other {your partner}}' },
  latePartner: { id: 'relations.word.latePartner', defaultMessage: '{sex, select, other {your late partner}}' },
  parentInLaw: {
    id: 'relations.word.parentInLaw',
    defaultMessage: '{sex, select, female {your mother-in-law} male {your father-in-law} other {your parent-in-law}}',
  },
  childInLaw: {
    id: 'relations.word.childInLaw',
    defaultMessage: '{sex, select, female {your daughter-in-law} male {your son-in-law} other {your child-in-law}}',
  },
  siblingInLaw: {
    id: 'relations.word.siblingInLaw',
    defaultMessage: '{sex, select, female {your sister-in-law} male {your brother-in-law} other {your sibling-in-law}}',
  },
});

const both = defineMessages({ both: { id: 'relations.both', defaultMessage: '{first} and {second}' } }).both;

type WordKey = keyof typeof wordMessages;
export type RelativeSex = 'female' | 'male' | 'other';

export interface RelationWord {
  key: WordKey;
  /** female, male, or other when the English word is the same for both. */
  sex: RelativeSex;
  greats: number;
  degree: number;
  removed: number;
}

// Reading the tree's English relation words (src/shared/tree/relation-words.ts) back into their parts; the web
// tree's labels (features/tree/relation-label.ts) read them with the same pieces.
const FEMALE = new Set(['mother', 'daughter', 'sister', 'aunt', 'niece', 'wife']);
const MALE = new Set(['father', 'son', 'brother', 'uncle', 'nephew', 'husband']);
/** The sex an English relation word names ("aunt": female); "other" where English does not say. */
export const sexOf = (word: string): RelativeSex => (FEMALE.has(word) ? 'female' : MALE.has(word) ? 'male' : 'other');
/** How many "great-" a word starts with. */
export const countGreats = (greats: string | undefined) => (greats ?? '').length / 'great-'.length;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const TIMES = ['once', 'twice'];

/** A cousin's degree as written ("second", "12th"). */
export function ordinalNumber(word: string): number | null {
  const index = ORDINALS.indexOf(word);
  if (index >= 0) return index + 1;
  const match = /^(\d+)(st|nd|rd|th)$/.exec(word);
  return match ? Number(match[1]) : null;
}

/** How many times removed, as written ("once", "three times"); none written is 0. */
export function timesNumber(words: string | undefined): number | null {
  if (words === undefined) return 0;
  const index = TIMES.indexOf(words);
  if (index >= 0) return index + 1;
  const match = /^(\w+) times$/.exec(words);
  if (!match) return null;
  const spelt = ['three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].indexOf(match[1]!);
  if (spelt >= 0) return spelt + 3;
  return /^\d+$/.test(match[1]!) ? Number(match[1]) : null;
}

type Parts = Pick<RelationWord, 'key' | 'sex'> & Partial<RelationWord>;

// The words of src/shared/tree/relation-words.ts that name one relative; "former" ties and chains ("your wife's
// cousin") have no message here: a reader in another language gets the name alone.
const WORD_PATTERNS: [RegExp, (m: RegExpExecArray) => Parts | null][] = [
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
  [/^(mother|father|parent)-in-law$/, (m) => ({ key: 'parentInLaw', sex: sexOf(m[1]!) })],
  [/^(daughter|son|child)-in-law$/, (m) => ({ key: 'childInLaw', sex: sexOf(m[1]!) })],
  [/^(sister|brother|sibling)-in-law$/, (m) => ({ key: 'siblingInLaw', sex: sexOf(m[1]!) })],
  [/^(late )?(wife|husband|spouse)$/, (m) => ({ key: m[1] ? 'lateSpouse' : 'spouse', sex: sexOf(m[2]!) })],
  [/^(late )?partner$/, (m) => ({ key: m[1] ? 'latePartner' : 'partner', sex: 'other' })],
  [
    /^(\w+) cousin(?: (.+) removed)?$/,
    (m) => {
      const degree = ordinalNumber(m[1]!);
      const removed = timesNumber(m[2]);
      return degree === null || removed === null ? null : { key: 'cousin', sex: 'other', degree, removed };
    },
  ],
];

/** One English tie, "your great-grandmother", read into its parts; null for "you", a chain or a word not known here. */
export function parseRelationWord(label: string): RelationWord | null {
  if (!label.startsWith('your ')) return null;
  const word = label.slice('your '.length);
  for (const [pattern, read] of WORD_PATTERNS) {
    const match = pattern.exec(word);
    if (!match) continue;
    const parts = read(match);
    return parts && { greats: 0, degree: 1, removed: 0, ...parts };
  }
  return null;
}

/** What formats a message in one language: react-intl's `IntlShape`, the server's translator or the page's. */
export interface RelationFormatter {
  locale: string;
  formatMessage(descriptor: Message, values?: Record<string, string | number>): string;
}

/**
 * The server's English relation label ("your granddaughter", "your son and your great-nephew") in the reader's
 * language, as it stands before a name or alone; the label itself for English; null when the label holds a word
 * the catalogue cannot say (the reader then gets the name alone, never an English word in their sentence).
 * `sex` says a word that English does not gender (cousin, partner): the person's, when known.
 */
export function relationIn(intl: RelationFormatter, label: string, sex: RelativeSex = 'other'): string | null {
  if (intl.locale === 'en') return label;
  const ties = label.split(' and ').map(parseRelationWord);
  if (ties.length > 2 || ties.some((tie) => tie === null)) return null;
  const said = (ties as RelationWord[]).map((tie) =>
    intl.formatMessage(wordMessages[tie.key], {
      sex: tie.sex === 'other' ? sex : tie.sex,
      greats: tie.greats,
      degree: tie.degree,
      removed: tie.removed,
    }),
  );
  return said.length === 2 ? intl.formatMessage(both, { first: said[0]!, second: said[1]! }) : said[0]!;
}
