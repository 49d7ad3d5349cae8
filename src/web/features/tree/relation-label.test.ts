import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { yearsOf } from './person-words';
import { parseRelationWord, relationInWords } from './relation-label';
import { treeDateWords } from './tree-date-words';

describe('relation words read from the English label', () => {
  it('reads the generations, the sex and the kind of tie', () => {
    expect(parseRelationWord('great-great-grandmother')).toEqual({ key: 'grandparent', sex: 'female', greats: 2 });
    expect(parseRelationWord('step-grandson')).toEqual({ key: 'stepGrandchild', sex: 'male', greats: 0 });
    expect(parseRelationWord('half-great-uncle')).toEqual({ key: 'halfAuntUncle', sex: 'male', greats: 1 });
    expect(parseRelationWord('double second cousin twice removed')).toEqual({
      key: 'doubleCousin',
      sex: 'other',
      degree: 2,
      removed: 2,
    });
    expect(parseRelationWord('former sister-in-law')).toEqual({ key: 'formerSiblingInLaw', sex: 'female' });
    expect(parseRelationWord('late husband')).toEqual({ key: 'lateSpouse', sex: 'male' });
    expect(parseRelationWord('foster son')).toEqual({ key: 'fosterChild', sex: 'male' });
    expect(parseRelationWord('godmother')).toBeNull();
  });

  it('keeps English exactly as the server wrote it', () => {
    expect(relationInWords("your wife's first cousin")).toBe("your wife's first cousin");
    expect(treeDateWords('c. 1920')).toBe('c. 1920');
    expect(treeDateWords('1890-05-12')).toBe('12 May 1890');
  });
});

describe('the family tree in German, Spanish and French', () => {
  afterEach(() => switchLanguage('en', { remember: false }));

  it('says relations and dates as a German reader does', async () => {
    await switchLanguage('de', { remember: false });
    expect(relationInWords('your great-grandfather')).toBe('Ihr Urgroßvater');
    expect(relationInWords('your great-great-grandmother')).toBe('Ihre Ururgroßmutter');
    expect(relationInWords("your wife's first cousin", 'female')).toBe('Cousine Ihrer Frau');
    expect(relationInWords("your brother's son's mother-in-law")).toBe('Schwiegermutter des Sohnes Ihres Bruders');
    expect(relationInWords('your aunt and your first cousin once removed', 'female')).toBe(
      'Ihre Tante und Ihre Cousine (eine Generation versetzt)',
    );
    expect(relationInWords('you')).toBe('Sie');
    expect(relationInWords('your godmother')).toBe('your godmother');
    expect(treeDateWords('1890-05-12')).toBe('12. Mai 1890');
    expect(treeDateWords('c. 1920')).toBe('um 1920');
    expect(treeDateWords('before 1900-03')).toBe('vor März 1900');
    expect(treeDateWords('between 1890 and 1895')).toBe('zwischen 1890 und 1895');
    expect(treeDateWords('after 1890-05-12')).toBe('nach dem 12. Mai 1890');
    expect(yearsOf({ birth: { date: 'c. 1890', place: null }, death: null })).toBe('um 1890–');
  });

  it('says them in Spanish and French too', async () => {
    await switchLanguage('es', { remember: false });
    expect(relationInWords('your great-grandfather')).toBe('su bisabuelo');
    expect(relationInWords("your wife's first cousin", 'male')).toBe('primo hermano de su esposa');
    expect(relationInWords("your uncle's wife's father")).toBe('padre de la esposa de su tío');
    expect(treeDateWords('c. 1920')).toBe('hacia 1920');
    await switchLanguage('fr', { remember: false });
    expect(relationInWords('your great-grandfather')).toBe('votre arrière-grand-père');
    expect(relationInWords("your uncle's wife's father")).toBe('père de l’épouse de votre oncle');
    expect(relationInWords("your wife's uncle's son")).toBe('fils de l’oncle de votre épouse');
    expect(treeDateWords('before 1900')).toBe('avant 1900');
    expect(treeDateWords('before 1900-05-01')).toBe('avant le 1 mai 1900');
  });
});
