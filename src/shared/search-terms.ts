// What a search box's text means, without zod: the header's search (on every signed-in page's first load)
// needs isSearchable, and zod would add ~25 KB gzipped there. schemas/search.ts builds the API's rules on it.

export const SEARCH_QUERY_MAX = 200;

/**
 * One term of what the user typed, in the syntax of websearch_to_tsquery: words, "a phrase", -excluded,
 * `or` between terms. The server hands each term's text to PostgreSQL as a bind parameter of a function that
 * never reads query syntax (plainto_tsquery, phraseto_tsquery), so nothing typed becomes tsquery operators.
 */
export type SearchTerm =
  | { type: 'word'; text: string; negated: boolean; /** the word still being typed: matched by prefix */ prefix: boolean }
  | { type: 'phrase'; text: string; negated: boolean }
  | { type: 'or' };

const hasWordChar = (text: string) => /[\p{L}\p{N}]/u.test(text);

export function parseSearchTerms(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of q.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const [whole, minus, phrase, bare] = match;
    if (phrase !== undefined) {
      if (hasWordChar(phrase)) terms.push({ type: 'phrase', text: phrase, negated: minus === '-' });
      continue;
    }
    const word = bare!;
    if (/^or$/i.test(word)) {
      if (terms.length > 0 && terms.at(-1)!.type !== 'or') terms.push({ type: 'or' });
      continue;
    }
    const negated = word.startsWith('-');
    const text = negated ? word.slice(1) : word;
    if (!hasWordChar(text)) continue;
    const last = match.index + whole.length === q.length;
    // Only a plain run of letters and digits is safe and meaningful as a prefix ("jos" → José).
    terms.push({ type: 'word', text, negated, prefix: last && !negated && /^[\p{L}\p{N}]+$/u.test(text) });
  }
  while (terms.at(-1)?.type === 'or') terms.pop();
  return terms;
}

/** True when the terms look for something (a query made only of exclusions would read the whole library). */
export const hasPositiveTerm = (terms: SearchTerm[]) => terms.some((t) => t.type !== 'or' && !t.negated);

/** Whether the server would search for this (the same rule as its 400): at least one word that is not excluded. */
export const isSearchable = (q: string) => q.trim() !== '' && q.length <= SEARCH_QUERY_MAX && hasPositiveTerm(parseSearchTerms(q));
