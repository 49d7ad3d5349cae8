// Offline reading of a family story with the compromise NLP library: who is in it, where and when it
// happened, what kind of event it was and what it is about. Deterministic and network-free; the built-in
// AI provider, memory suggestions and memory organisation are all made from this.
import nlp from 'compromise';
import { findDate } from './story-date';
import { KIN_WORDS, KIN_TITLES, EVENTS, HOLIDAYS, SEASON_WORDS, DECADE_WORDS, VAGUE_NOUNS, ACTIVITIES } from './story-vocabulary';

type Doc = ReturnType<typeof nlp>;
interface TermJson {
  text: string;
  normal: string;
  tags: string[];
}

export interface StoryAnalysis {
  people: string[];
  places: string[];
  organizations: string[];
  /** Life events and occasions: 'Wedding', 'Birth', 'Graduation', 'Christmas', … */
  events: string[];
  seasons: string[];
  /** Four-digit years mentioned, in order of appearance. */
  years: number[];
  /** Decades written as such ('the sixties', "the '60s", 'the 1960s'). */
  decades: string[];
  /** Family words used without a name ('Mom', 'my father', 'the cousins'). */
  kin: string[];
  topics: string[];
  /** The most precise date the text gives, yyyy-MM-dd, when it names exactly one. */
  date: string | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cap = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);
/** 'sarah' → 'Sarah', "o'brien" → "O'Brien", 'mary-jane' → 'Mary-Jane'; words already capitalised are kept. */
const titleCase = (text: string) =>
  text
    .split(' ')
    .map((w) =>
      /[A-Z]/.test(w)
        ? w
        : w
            .split('-')
            .map(cap)
            .join('-')
            .replace(/^(O'|Mc)([a-z])/, (_m, p: string, c: string) => p + c.toUpperCase()),
    )
    .join(' ');
const clean = (text: string) =>
  text
    .replace(/[’']s\b/g, '')
    .replace(/[“”"()[\]{}]/g, '')
    .replace(/^[\s,.;:!?'-]+|[\s,.;:!?'-]+$/g, '')
    .replace(/\s+/g, ' ');

function pushUnique(list: string[], value: string) {
  if (value && !list.some((v) => v.toLowerCase() === value.toLowerCase())) list.push(value);
}

function termsOf(view: { json(options?: object): unknown }): TermJson[][] {
  return (view.json({ terms: { text: true, normal: true, tags: true } }) as Array<{ terms: TermJson[] }>).map((m) => m.terms);
}

/** Names of people, with the family title kept ('Uncle Bill') and a lower-case lead word dropped ('brother David'). */
function findPeople(doc: Doc): string[] {
  const people: string[] = [];
  for (const terms of termsOf(doc.people())) {
    const words = terms.map((t) => clean(t.text)).filter(Boolean);
    // 'brother David' and 'my grandfather Henry' → 'David', 'Henry'; 'Uncle Bill' (written so) stays.
    while (words.length > 1 && /^[a-z]/.test(words[0]!)) words.shift();
    if (words.length === 0) continue;
    const name = titleCase(words.join(' '));
    const lower = name.toLowerCase();
    if (KIN_WORDS.has(lower) || KIN_TITLES.has(lower)) continue; // 'Mom' alone is family, not a name
    if (name.length < 2 || name.endsWith('.')) continue;
    pushUnique(people, name);
  }
  // 'Rose' and 'Grandma Rose' are one person: keep the fuller name.
  return people.filter((p) => !people.some((q) => q !== p && q.split(' ').length > p.split(' ').length && q.split(' ').includes(p)));
}

/** Named venues compromise reads as people ("St. Mary's Church") or misses ('Grandpa Joe's farm'). */
const VENUE =
  /\b((?:St\.?|Saint|Mount|Mt\.?|Lake|Fort|Port)\s+)?((?:[A-Z][\w'’-]*\s+){0,3})(Church|Cathedral|Chapel|Temple|Synagogue|Mosque|Hospital|School|Academy|University|College|Park|Lake|Beach|Bay|Island|Mountains?|Valley|Hall|Hotel|Inn|Airport|Station|Cemetery|Stadium|Farm|Ranch|Cottage|Camp|Canyon|River|Falls|Harbor|Harbour|Bridge|Square|Elementary|Lodge|Zoo|Gardens|Museum)\b/g;

function findVenues(text: string): string[] {
  const venues: string[] = [];
  for (const m of text.matchAll(VENUE)) {
    const prefix = (m[1] ?? '') + (m[2] ?? '');
    if (!prefix.trim()) continue; // 'the farm' is not a name
    const name = `${prefix}${m[3]}`.replace(/\s+/g, ' ').trim();
    if (/^(The|A|An|My|Our|Their|His|Her|Every|That|This)\b/.test(name)) continue;
    pushUnique(venues, name);
  }
  return venues;
}

function findPlaces(doc: Doc, source: string): string[] {
  const places: string[] = [];
  // A writer who uses capitals writes 'Turkey' for the country; 'the turkey' is dinner.
  const writerCapitalises = /[^.!?\n\s]\s+[A-Z][a-z]/.test(source);
  for (const terms of termsOf(doc.places())) {
    // 'Glasgow, Scotland' → 'Glasgow', 'Scotland'
    const parts: TermJson[][] = [[]];
    for (const t of terms) {
      parts[parts.length - 1]!.push(t);
      if (/,\s*$/.test(t.text) || /,/.test((t as { post?: string }).post ?? '')) parts.push([]);
    }
    for (const part of parts) {
      if (part.length === 0) continue;
      const known = part.some((t) => t.tags.includes('City') || t.tags.includes('Country') || t.tags.includes('Region'));
      const allCapitalised = part.every((t) => /^[A-Z]/.test(t.text));
      if (!allCapitalised && !known) continue; // 'a little Italian place' is not a place name
      if (!allCapitalised && writerCapitalises) {
        // Lower case in a text that uses capitals: a place only where a place is expected ('drove to chicago').
        const lowered = escapeRegExp(
          part
            .map((t) => t.text)
            .join(' ')
            .replace(/[,.;:!?]+$/, ''),
        );
        if (!new RegExp(`\\b(?:in|to|from|near|at|of)\\s+${lowered}\\b`).test(source)) continue;
      }
      const name = titleCase(clean(part.map((t) => t.text).join(' ')));
      if (name.length < 3 || /^(St|Mt)\.?$/.test(name)) continue;
      pushUnique(places, name);
    }
  }
  for (const venue of findVenues(source)) pushUnique(places, venue);
  // Keep 'Lake Tahoe' rather than also 'Tahoe'.
  return places.filter((p) => !places.some((q) => q !== p && q.includes(p)));
}

function findOrganizations(doc: Doc): string[] {
  const orgs: string[] = [];
  for (const terms of termsOf(doc.organizations())) {
    if (!terms.every((t) => /^[A-Z&]/.test(t.text))) continue;
    pushUnique(orgs, clean(terms.map((t) => t.text).join(' ')));
  }
  return orgs;
}

const singulars = new Map<string, string>();
/** 'cookies' → 'cookie'; compromise does this well but not cheaply, so each word is worked out once. */
function singular(word: string): string {
  let found = singulars.get(word);
  if (found === undefined) {
    found = nlp(word).nouns().toSingular().text() || word;
    if (singulars.size >= 20_000) singulars.clear();
    singulars.set(word, found);
  }
  return found;
}

function findTopics(doc: Doc, title: string, exclude: string[]): string[] {
  const excluded = new Set(exclude.flatMap((e) => e.toLowerCase().split(/\s+/)));
  const titleWords = new Set(title.toLowerCase().match(/[a-z]+/g) ?? []);
  const scores = new Map<string, { score: number; first: number }>();
  let position = 0;
  for (const chunk of termsOf(doc.match('#Noun+'))) {
    const plain = chunk.filter(
      (t) =>
        !['Pronoun', 'ProperNoun', 'Person', 'Place', 'Organization', 'Date', 'Value', 'Possessive', 'Actor'].some((tag) =>
          t.tags.includes(tag),
        ) && /^[a-z][a-z-]{2,}$/.test(t.normal),
    );
    if (plain.length === 0) continue;
    const head = plain.slice(-2).map((t) => t.normal);
    const last = singular(head[head.length - 1]!);
    head[head.length - 1] = last;
    if (VAGUE_NOUNS.has(last) || KIN_WORDS.has(last) || excluded.has(last)) continue;
    const phrase = head.length === 2 && !VAGUE_NOUNS.has(head[0]!) && !KIN_WORDS.has(head[0]!) ? head.join(' ') : last;
    const entry = scores.get(phrase) ?? { score: 0, first: position++ };
    entry.score += 1 + (titleWords.has(last) ? 2 : 0);
    scores.set(phrase, entry);
  }
  for (const terms of termsOf(doc.match('#Gerund'))) {
    const word = terms[0]?.normal ?? '';
    if (!ACTIVITIES.has(word)) continue;
    const entry = scores.get(word) ?? { score: 0, first: position++ };
    entry.score += 2 + (titleWords.has(word) ? 2 : 0);
    scores.set(word, entry);
  }
  return [...scores.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, 3)
    .map(([phrase]) => titleCase(phrase));
}

/**
 * Parsing costs about 20 ms per thousand characters on one core; what a story is about shows in its first
 * pages, so longer texts are read up to here (at a word boundary) to keep the server responsive.
 */
const MAX_ANALYSIS_CHARS = 8_000;

function head(text: string) {
  if (text.length <= MAX_ANALYSIS_CHARS) return text;
  const cut = text.slice(0, MAX_ANALYSIS_CHARS);
  const lastSpace = cut.search(/\s\S*$/);
  return lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
}

export function analyzeStory(title: string, content: string): StoryAnalysis {
  const cleanTitle = title.trim();
  const text = head(cleanTitle ? `${cleanTitle}${/[.!?]$/.test(cleanTitle) ? '' : '.'}\n${content}` : content);
  const lower = text.toLowerCase();
  const doc = nlp(text);
  doc.compute('root');

  const events: string[] = [];
  for (const { tag, patterns } of EVENTS) if (patterns.some((p) => doc.has(p))) events.push(tag);
  // A wedding anniversary is an anniversary, not a wedding.
  if (
    events.includes('Wedding') &&
    events.includes('Anniversary') &&
    !/\b(married|marry|bride|groom|aisle)\b/.test(lower.replace(/wedding anniversary/g, ''))
  ) {
    if (!/\bwedding\b/.test(lower.replace(/wedding anniversary/g, ''))) events.splice(events.indexOf('Wedding'), 1);
  }
  // Emigrating is a move, but the more telling tag is enough.
  if (events.includes('Immigration') && events.includes('Moving House')) events.splice(events.indexOf('Moving House'), 1);
  const holidays = HOLIDAYS.filter((h) => h.pattern.test(lower)).map((h) => h.tag);
  for (const h of holidays) pushUnique(events, h);

  const seasons: string[] = [];
  for (const m of lower.matchAll(
    /\b(?:in|that|the|last|this|next|every|one|early|late|mid|during|of)\s+(summer|winter|spring|autumn|fall)\b|\b(summer|winter|spring|autumn|fall)\s+of\s+(?:19|20)\d\d\b/g,
  )) {
    pushUnique(seasons, SEASON_WORDS[(m[1] ?? m[2])!]!);
  }

  const thisYear = new Date().getUTCFullYear();
  const years: number[] = [];
  for (const m of text.matchAll(/(?<![\d,.$£€-])\b(1[5-9]\d\d|20\d\d)\b(?![\d,.]\d|s\b|'s\b)/g)) {
    const year = Number(m[1]);
    if (year <= thisYear + 1 && !years.includes(year)) years.push(year);
  }
  const decades: string[] = [];
  for (const m of lower.matchAll(
    /\bthe\s+(?:(1[5-9]|20)(\d)0'?s|'(\d)0s|(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))\b/g,
  )) {
    if (m[1]) pushUnique(decades, `${m[1]}${m[2]}0s`);
    else if (m[3]) pushUnique(decades, `19${m[3]}0s`);
    else if (m[4]) pushUnique(decades, `19${DECADE_WORDS[m[4]]}s`);
  }

  const kin: string[] = [];
  for (const w of lower.match(/[a-z-]+/g) ?? []) if (KIN_WORDS.has(w)) pushUnique(kin, w);

  const people = findPeople(doc);
  const places = findPlaces(doc, text);
  const organizations = findOrganizations(doc).filter((o) => !places.some((p) => p.toLowerCase() === o.toLowerCase()));
  // compromise reads "St. Mary's Church" as a person called Mary: a name inside a place is not a person.
  const namedThings = [...places, ...organizations].map((n) => n.toLowerCase());
  const realPeople: string[] = [];
  for (const person of people) {
    if (namedThings.some((n) => n.includes(person.toLowerCase()))) continue;
    // 'Savannah, Georgia' and 'we moved from Virginia': a one-word name used as a place is a place.
    const name = escapeRegExp(person);
    const afterPlace = places.length > 0 && new RegExp(`(?:${places.map(escapeRegExp).join('|')}),\\s*${name}\\b`).test(text);
    const asPlace = new RegExp(`\\b(?:in|from|near|outside)\\s+${name}\\b`).test(text);
    if (!person.includes(' ') && (afterPlace || asPlace)) pushUnique(places, person);
    else realPeople.push(person);
  }
  const topics = findTopics(doc, cleanTitle, [...realPeople, ...places, ...organizations, ...events]);

  return {
    people: realPeople,
    places,
    organizations,
    events,
    seasons,
    years,
    decades,
    kin,
    topics,
    date: findDate(lower, years, holidays, seasons),
  };
}
