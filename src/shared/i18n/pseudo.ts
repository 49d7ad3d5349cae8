import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = {
  a: 'ȧ',
  b: 'ƀ',
  c: 'ċ',
  d: 'ḓ',
  e: 'ḗ',
  f: 'ƒ',
  g: 'ɠ',
  h: 'ħ',
  i: 'ī',
  j: 'ĵ',
  k: 'ķ',
  l: 'ŀ',
  m: 'ḿ',
  n: 'ƞ',
  o: 'ǿ',
  p: 'ƥ',
  q: 'ɋ',
  r: 'ř',
  s: 'ş',
  t: 'ŧ',
  u: 'ŭ',
  v: 'ṽ',
  w: 'ẇ',
  x: 'ẋ',
  y: 'ẏ',
  z: 'ẑ',
  A: 'Ȧ',
  B: 'Ɓ',
  C: 'Ċ',
  D: 'Ḓ',
  E: 'Ḗ',
  F: 'Ƒ',
  G: 'Ɠ',
  H: 'Ħ',
  I: 'Ī',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ŀ',
  M: 'Ḿ',
  N: 'Ƞ',
  O: 'Ǿ',
  P: 'Ƥ',
  Q: 'Ɋ',
  R: 'Ř',
  S: 'Ş',
  T: 'Ŧ',
  U: 'Ŭ',
  V: 'Ṽ',
  W: 'Ẇ',
  X: 'Ẋ',
  Y: 'Ẏ',
  Z: 'Ẑ',
};
const VOWELS = /[aeiouAEIOU]/g;

/** One literal run: every letter accented, and vowels doubled until the run is about 40 % longer. */
function pseudoText(text: string): string {
  const vowels = (text.match(VOWELS) ?? []).length;
  let toAdd = Math.ceil(text.replace(/\s/g, '').length * 0.4);
  let out = '';
  for (const ch of text) {
    const accented = ACCENTED[ch] ?? ch;
    out += accented;
    if (toAdd > 0 && vowels > 0 && /[aeiouAEIOU]/.test(ch)) {
      const times = Math.ceil(toAdd / Math.max(1, vowels));
      out += accented.repeat(times);
      toAdd -= times;
    }
  }
  return toAdd > 0 && text.trim() ? out + '·'.repeat(toAdd) : out;
}

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: walk(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: walk(element.children) };
    return element;
  });
}

/** The pseudo-language of English messages, as parsed messages: placeholders, plurals and tags stay as they are. */
export function pseudoMessages(english: Record<string, string>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, walk(parse(message))]));
}
