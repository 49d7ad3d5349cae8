import { createIntl, createIntlCache } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from './i18n/messages/de/legacyKeep.json';
import es from './i18n/messages/es/legacyKeep.json';
import fr from './i18n/messages/fr/legacyKeep.json';
import { provenanceIn, provenanceOf, readProvenance } from './legacy-keep-provenance';

const cache = createIntlCache();
const intlOf = (locale: string, messages: Record<string, string> = {}) =>
  createIntl({ locale, defaultLocale: 'en', messages, onError: () => {} }, cache);

const RELEASED = new Date('2031-05-02T23:30:00Z');
const LINE = 'From Rose Martin’s legacy, released 2 May 2031';

describe('the provenance line', () => {
  it('is written in English with the release day in UTC, and read back into its parts', () => {
    expect(provenanceOf('Rose Martin', RELEASED)).toBe(LINE);
    expect(readProvenance(LINE)).toEqual({ ownerName: 'Rose Martin', releasedAt: new Date('2031-05-02T00:00:00Z') });
    const odd = provenanceOf('Zoë O’Neil-Łukasz {date} $&', new Date('1999-12-31T12:00:00Z'));
    expect(readProvenance(odd)).toEqual({ ownerName: 'Zoë O’Neil-Łukasz {date} $&', releasedAt: new Date('1999-12-31T00:00:00Z') });
  });

  it('is said in the reader’s language, the day in their format', () => {
    expect(provenanceIn(intlOf('de', de), LINE)).toBe('Aus dem Nachlass von Rose Martin, freigegeben am 2. Mai 2031');
    expect(provenanceIn(intlOf('es', es), LINE)).toBe('Del legado de Rose Martin, entregado el 2 de mayo de 2031');
    expect(provenanceIn(intlOf('fr', fr), LINE)).toBe('Provenant de l’héritage de Rose Martin, transmis le 2 mai 2031');
  });

  it('stays as written for English readers and for a line it cannot read back', () => {
    expect(provenanceIn(intlOf('en'), LINE)).toBe(LINE);
    expect(provenanceIn(intlOf('de', de), 'Kept from an old album')).toBe('Kept from an old album');
  });
});
