// German writes an umlaut out when it cannot type one ("Mueller" for "Müller"). The search columns index the words
// with an umlaut spelled out too (heirloom_umlaut_words, decision 080); a query spells its own the same way, so
// "Müller" also finds a "Mueller".
const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** The text with its umlauts spelled out, as heirloom_spell_umlauts does; undefined when it has none. */
export function umlautsSpelledOut(text: string): string | undefined {
  const composed = text.normalize('NFC');
  return /[äöüÄÖÜ]/.test(composed) ? composed.replace(/[äöüÄÖÜ]/g, (c) => SPELLED[c]!) : undefined;
}
