// The languages heirloom speaks are the folders of ./messages (decision 081): adding one needs no code change.
// English is the source: its texts are the code's default messages, and the spec's words are English.

export const SOURCE_LANGUAGE = 'en';
/** Accented and 40 % longer English (docs/translating.md): shows untranslated and clipped text. Never offered in menus. */
export const PSEUDO_LANGUAGE = 'en-XA';

/** A BCP 47 tag as heirloom stores it ('de', 'pt-BR'); whether heirloom ships it is checked where it is chosen. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const RIGHT_TO_LEFT = new Set(['ar', 'dv', 'fa', 'he', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** The text direction of a language: an Arabic or Hebrew translation turns the whole page around. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/**
 * The best of `available` for a reader who prefers `preferred`, most wanted first: an exact tag, then the same
 * language in another region ('de-AT' reads 'de'), else English.
 */
export function pickLanguage(preferred: readonly string[], available: readonly string[]): string {
  const lower = available.map((a) => a.toLowerCase());
  for (const wanted of preferred) {
    const tag = wanted.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const exact = lower.indexOf(tag);
    if (exact >= 0) return available[exact]!;
    const base = lower.indexOf(tag.split('-')[0]!);
    if (base >= 0) return available[base]!;
  }
  return SOURCE_LANGUAGE;
}

/** An Accept-Language header's tags, most wanted first ('de-CH, de;q=0.9, en;q=0.5'). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** A language's own name for itself, as a menu lists it ('Deutsch', 'Español'). */
export function languageName(language: string): string {
  if (language === PSEUDO_LANGUAGE) return 'Ƥşḗŭḓǿ';
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** The area of a message id ('photos.upload.title' → 'photos'): the catalogue file it lives in. */
export function areaOf(id: string): string {
  return id.split('.')[0]!;
}
