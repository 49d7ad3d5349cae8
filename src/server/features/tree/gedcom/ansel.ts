// ANSEL (ANSI Z39.47) as GEDCOM 5.5.1 uses it. A combining mark comes BEFORE the letter it sits on in ANSEL and
// after it in Unicode, so marks are held back until their letter arrives; the result is normalised to NFC, which
// gives precomposed letters where Unicode has them and keeps letter + mark where it has none (q́, stacked marks).

const SPACING: Record<number, string> = {
  0xa1: 'Ł',
  0xa2: 'Ø',
  0xa3: 'Đ',
  0xa4: 'Þ',
  0xa5: 'Æ',
  0xa6: 'Œ',
  0xa7: 'ʹ',
  0xa8: '·',
  0xa9: '♭',
  0xaa: '®',
  0xab: '±',
  0xac: 'Ơ',
  0xad: 'Ư',
  0xae: 'ʼ',
  0xb0: 'ʻ',
  0xb1: 'ł',
  0xb2: 'ø',
  0xb3: 'đ',
  0xb4: 'þ',
  0xb5: 'æ',
  0xb6: 'œ',
  0xb7: 'ʺ',
  0xb8: 'ı',
  0xb9: '£',
  0xba: 'ð',
  0xbc: 'ơ',
  0xbd: 'ư',
  0xbe: '□',
  0xbf: '■',
  0xc0: '°',
  0xc1: 'ℓ',
  0xc2: '℗',
  0xc3: '©',
  0xc4: '♯',
  0xc5: '¿',
  0xc6: '¡',
  0xc7: 'ß',
  0xc8: '€',
  0xcd: 'e',
  0xce: 'o',
  0xcf: 'ß',
};

const COMBINING: Record<number, string> = {
  0xe0: '\u0309',
  0xe1: '\u0300',
  0xe2: '\u0301',
  0xe3: '\u0302',
  0xe4: '\u0303',
  0xe5: '\u0304',
  0xe6: '\u0306',
  0xe7: '\u0307',
  0xe8: '\u0308',
  0xe9: '\u030c',
  0xea: '\u030a',
  0xeb: '\ufe20',
  0xec: '\ufe21',
  0xed: '\u0315',
  0xee: '\u030b',
  0xef: '\u0310',
  0xf0: '\u0327',
  0xf1: '\u0328',
  0xf2: '\u0323',
  0xf3: '\u0324',
  0xf4: '\u0325',
  0xf5: '\u0333',
  0xf6: '\u0332',
  0xf7: '\u0326',
  0xf8: '\u031c',
  0xf9: '\u032e',
  0xfa: '\ufe22',
  0xfb: '\ufe23',
  0xfe: '\u0313',
};

export interface AnselResult {
  text: string;
  /** Lines (1-based) holding bytes ANSEL does not define, each shown as U+FFFD. */
  unknownOnLines: number[];
}

export function decodeAnsel(bytes: Uint8Array): AnselResult {
  const out: string[] = [];
  let marks = '';
  let line = 1;
  const unknownOnLines: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const mark = COMBINING[b];
    if (mark !== undefined) {
      marks += mark;
      continue;
    }
    let char: string;
    if (b < 0x80) char = String.fromCharCode(b);
    else if (SPACING[b] !== undefined) char = SPACING[b];
    else {
      char = '\ufffd';
      if (unknownOnLines.at(-1) !== line) unknownOnLines.push(line);
    }
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) line++;
    // a mark before a line end or a space has nothing to sit on: it is kept standing alone after it
    out.push(char, marks);
    marks = '';
  }
  out.push(marks);
  return { text: out.join('').normalize('NFC'), unknownOnLines };
}
