// Names in the order the page's reader expects (decision 080): "Ärzte" with the A's in German, "Ñúñez" after the
// other N's in Spanish, "émile" beside "Emile", "Anna 2" before "Anna 10". The server sorts its lists in one
// language-neutral order; what the browser sorts follows the page's language.
const collators = new Map<string, Intl.Collator>();

/** The page's language: <html lang>, which the language store keeps (and an offline page writes), else the browser's. */
function pageLanguage(): string {
  return typeof document === 'undefined' ? '' : document.documentElement.lang;
}

/** A collator for `language` (the page's by default); a tag Intl cannot read falls back to the browser's. */
export function nameCollator(language: string = pageLanguage()): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    try {
      collator = new Intl.Collator(language || undefined, { numeric: true });
    } catch {
      collator = new Intl.Collator(undefined, { numeric: true });
    }
    collators.set(language, collator);
  }
  return collator;
}

/** Compares two names for sort(), in `language` (the page's by default). */
export const compareNames = (a: string, b: string, language?: string): number => nameCollator(language).compare(a, b);
