import { createIntl, createIntlCache } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from './i18n/messages/de/relations.json';
import es from './i18n/messages/es/relations.json';
import fr from './i18n/messages/fr/relations.json';
import { parseRelationWord, relationIn } from './family-relations';

const cache = createIntlCache();
const intlOf = (locale: string, messages: Record<string, string> = {}) =>
  createIntl({ locale, defaultLocale: 'en', messages, onError: () => {} }, cache);
const german = intlOf('de', de);
const spanish = intlOf('es', es);
const french = intlOf('fr', fr);

describe('parseRelationWord', () => {
  it.each([
    ['your granddaughter', { key: 'grandchild', sex: 'female', greats: 0 }],
    ['your great-great-grandfather', { key: 'grandparent', sex: 'male', greats: 2 }],
    ['your stepson', { key: 'stepChild', sex: 'male' }],
    ['your late husband', { key: 'lateSpouse', sex: 'male' }],
    ['your second cousin', { key: 'cousin', sex: 'other', degree: 2, removed: 0 }],
    ['your first cousin twice removed', { key: 'cousin', degree: 1, removed: 2 }],
  ])('%s', (label, parts) => {
    expect(parseRelationWord(label)).toMatchObject(parts);
  });

  it.each(['you', "your wife's cousin", 'your former wife', 'your double first cousin', 'grandmother'])('%s is not one word', (label) => {
    expect(parseRelationWord(label)).toBeNull();
  });
});

describe('relationIn', () => {
  it('keeps the English word as the server wrote it', () => {
    expect(relationIn(intlOf('en'), 'your great-great-grandmother')).toBe('your great-great-grandmother');
    expect(relationIn(intlOf('en'), "your wife's cousin")).toBe("your wife's cousin");
  });

  it.each([
    ['your granddaughter', 'Ihre Enkelin', 'su nieta', 'votre petite-fille'],
    ['your grandson', 'Ihr Enkel', 'su nieto', 'votre petit-fils'],
    ['your mother', 'Ihre Mutter', 'su madre', 'votre mère'],
    ['your great-grandmother', 'Ihre Urgroßmutter', 'su bisabuela', 'votre arrière-grand-mère'],
    ['your mother-in-law', 'Ihre Schwiegermutter', 'su suegra', 'votre belle-mère'],
    ['your late husband', 'Ihr verstorbener Mann', 'su difunto esposo', 'votre défunt mari'],
    ['your son and your great-nephew', 'Ihr Sohn und Ihr Großneffe', 'su hijo y su sobrino nieto', 'votre fils et votre petit-neveu'],
  ])('%s → %s, %s, %s', (label, inGerman, inSpanish, inFrench) => {
    expect(relationIn(german, label)).toBe(inGerman);
    expect(relationIn(spanish, label)).toBe(inSpanish);
    expect(relationIn(french, label)).toBe(inFrench);
  });

  it('genders a word English does not by the person', () => {
    expect(relationIn(german, 'your first cousin', 'female')).toBe('Ihre Cousine');
    expect(relationIn(spanish, 'your partner', 'male')).toBe('su pareja');
    expect(relationIn(french, 'your partner', 'female')).toBe('votre compagne');
  });

  it('says nothing rather than English for a word it does not know', () => {
    expect(relationIn(german, "your wife's cousin")).toBeNull();
    expect(relationIn(french, 'your former husband')).toBeNull();
  });
});
