// The words people type around a family-tree date, one table per language. They live here, beside the parser,
// rather than in the message catalogues: a catalogue holds the one way a reader is told something in the page's
// language, while a reader of typed dates must know every way of saying it in every language at once (a family
// mixes languages, and a German owner may paste a French cousin's dates), on the server and in the browser alike.
// A new language adds its table here; the words are compared without case and accents ("Marz" is "März").

export interface TreeDateWords {
  /** "c. 1890", "um 1890", "hacia 1890", "vers 1890" (GEDCOM ABT, CAL, EST). */
  about: string[];
  before: string[];
  after: string[];
  /** The word before the first date of a range and the word between its two dates. */
  between: string[];
  and: string[];
  /** Words that may stand between such a word and a day: "vor dem 12. Mai", "antes del", "avant le 1er mai". */
  articles: string[];
  /** Each month's names and abbreviations, January first (an abbreviation is any start of three letters or more). */
  months: string[][];
}

const english: TreeDateWords = {
  about: ['c.', 'c', 'ca.', 'ca', 'circa', 'about', 'around', 'abt.', 'abt', 'est.', 'est', 'cal.', 'cal', 'approx.', 'approximately', '~'],
  before: ['before', 'bef.', 'bef'],
  after: ['after', 'aft.', 'aft'],
  between: ['between', 'bet.', 'bet', 'from'],
  and: ['and', 'to'],
  articles: ['the'],
  months: [
    ['january'],
    ['february'],
    ['march'],
    ['april'],
    ['may'],
    ['june'],
    ['july'],
    ['august'],
    ['september', 'sept'],
    ['october'],
    ['november'],
    ['december'],
  ],
};

const german: TreeDateWords = {
  about: ['um', 'ca.', 'ca', 'circa', 'zirka', 'etwa', 'ungefähr'],
  before: ['vor'],
  after: ['nach'],
  between: ['zwischen', 'von'],
  and: ['und', 'bis'],
  articles: ['dem', 'den'],
  months: [
    ['januar', 'jänner'],
    ['februar', 'feber'],
    ['märz', 'mrz'],
    ['april'],
    ['mai'],
    ['juni'],
    ['juli'],
    ['august'],
    ['september', 'sept'],
    ['oktober'],
    ['november'],
    ['dezember'],
  ],
};

const spanish: TreeDateWords = {
  about: ['hacia', 'h.', 'c.', 'ca.', 'circa', 'aprox.', 'aproximadamente', 'alrededor de'],
  before: ['antes de', 'antes del'],
  after: ['después de', 'después del'],
  between: ['entre'],
  and: ['y'],
  articles: ['el'],
  months: [
    ['enero'],
    ['febrero'],
    ['marzo'],
    ['abril'],
    ['mayo'],
    ['junio'],
    ['julio'],
    ['agosto'],
    ['septiembre', 'setiembre'],
    ['octubre'],
    ['noviembre'],
    ['diciembre'],
  ],
};

const french: TreeDateWords = {
  about: ['vers', 'env.', 'environ', 'c.', 'ca.', 'circa'],
  before: ['avant'],
  after: ['après'],
  between: ['entre'],
  and: ['et'],
  articles: ['le'],
  months: [
    ['janvier'],
    ['février'],
    ['mars'],
    ['avril'],
    ['mai'],
    ['juin'],
    ['juillet'],
    ['août'],
    ['septembre'],
    ['octobre'],
    ['novembre'],
    ['décembre'],
  ],
};

/** Every language's words; the typed-date reader accepts all of them whatever the page's language. */
export const TREE_DATE_WORDS: Record<string, TreeDateWords> = { en: english, de: german, es: spanish, fr: french };
