import { describe, expect, it } from 'vitest';
import { hasPositiveTerm, parseSearchTerms } from '@shared/schemas/search';
import { toHighlighted } from './search.service';

describe('parseSearchTerms', () => {
  it('reads words, phrases, exclusions and or, and marks only the word being typed as a prefix', () => {
    expect(parseSearchTerms('grandma "lake house" -boat or jos')).toEqual([
      { type: 'word', text: 'grandma', negated: false, prefix: false },
      { type: 'phrase', text: 'lake house', negated: false },
      { type: 'word', text: 'boat', negated: true, prefix: false },
      { type: 'or' },
      { type: 'word', text: 'jos', negated: false, prefix: true },
    ]);
    expect(parseSearchTerms('jos ')).toEqual([{ type: 'word', text: 'jos', negated: false, prefix: false }]);
  });

  it('never makes a prefix of anything but letters and digits, and drops what has no word in it', () => {
    expect(parseSearchTerms("o'brien")).toEqual([{ type: 'word', text: "o'brien", negated: false, prefix: false }]);
    expect(parseSearchTerms('x:*')).toEqual([{ type: 'word', text: 'x:*', negated: false, prefix: false }]);
    expect(parseSearchTerms('!! & | "" or')).toEqual([]);
    expect(parseSearchTerms('or or a or')).toEqual([{ type: 'word', text: 'a', negated: false, prefix: false }]);
  });

  it('needs one term that is not excluded', () => {
    expect(hasPositiveTerm(parseSearchTerms('-boat -"red car"'))).toBe(false);
    expect(hasPositiveTerm(parseSearchTerms('-boat car'))).toBe(true);
  });
});

describe('toHighlighted', () => {
  it("turns ts_headline's marks into ranges over the plain text", () => {
    expect(toHighlighted('Happy \uE000José\uE001 and \uE000café\uE001!')).toEqual({
      text: 'Happy José and café!',
      ranges: [
        [6, 10],
        [15, 19],
      ],
    });
    expect(toHighlighted('no marks')).toEqual({ text: 'no marks', ranges: [] });
  });
});
