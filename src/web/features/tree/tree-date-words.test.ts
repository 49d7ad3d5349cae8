import { afterEach, describe, expect, it } from 'vitest';
import { treeDateInWords } from '@shared/tree/tree-date';
import { storedTreeDate } from '@shared/tree/tree-date-typed';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { treeDateWords } from './tree-date-words';

describe('a tree date typed in one language and read in another', () => {
  afterEach(() => switchLanguage('en', { remember: false }));

  it('stores a German date as the English one and says it back in each reader’s words', async () => {
    const stored = ['um 1920', 'vor dem 14. März 1962', 'zwischen 1900 und 1910'].map(storedTreeDate);
    expect(stored).toEqual(['c. 1920', 'before 1962-03-14', 'between 1900 and 1910']);
    expect(stored.map(treeDateWords)).toEqual(['c. 1920', 'before 14 March 1962', 'between 1900 and 1910']);
    await switchLanguage('de', { remember: false });
    expect(stored.map(treeDateWords)).toEqual(['um 1920', 'vor dem 14. März 1962', 'zwischen 1900 und 1910']);
  });

  it('reads what a Spanish or French reader is shown as the same date', async () => {
    for (const [language, typed] of [
      ['es', 'después del 12 de mayo de 1890'],
      ['fr', 'après le 12 mai 1890'],
    ] as const) {
      await switchLanguage(language, { remember: false });
      expect(treeDateWords(storedTreeDate(typed))).toBe(typed);
      expect(treeDateInWords(storedTreeDate(typed))).toBe('after 12 May 1890');
    }
  });

  it('reads every date back from the words each reader is shown', async () => {
    const stored = [
      '1890-05-12',
      '1890-05',
      '1890',
      'c. 1890',
      'c. 1890-05-12',
      'before 1900-03',
      'after 1890-05-12',
      'between 1890 and 1895-12-03',
    ];
    for (const language of ['en', 'de', 'es', 'fr'] as const) {
      await switchLanguage(language, { remember: false });
      expect(
        stored.map((date) => storedTreeDate(treeDateWords(date))),
        language,
      ).toEqual(stored);
    }
  });
});
