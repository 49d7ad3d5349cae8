import { describe, expect, it } from 'vitest';
import { decodeAnsel } from './ansel';
import { decodeGedcom } from './decode';
import { GedcomError } from './gedcom-dataset';

const header = (char: string) => `0 HEAD\n1 CHAR ${char}\n0 @I1@ INDI\n1 NAME `;

describe('decodeGedcom', () => {
  it('reads UTF-8 with and without a byte-order mark, emoji and CJK included', () => {
    const text = `${header('UTF-8')}Zoë 🌳 /李/\n0 TRLR\n`;
    expect(decodeGedcom(Buffer.from(text)).text).toBe(text);
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(decodeGedcom(withMark)).toMatchObject({ text, encoding: 'utf-8' });
  });

  it('reads UTF-16 little and big endian with a byte-order mark, and without one', () => {
    const text = `${header('UNICODE')}Zoë /Ça/\r\n0 TRLR\r\n`;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeGedcom(le)).toMatchObject({ text, encoding: 'utf-16le' });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeGedcom(be)).toMatchObject({ text, encoding: 'utf-16be' });
    expect(decodeGedcom(Buffer.from(text, 'utf16le'))).toMatchObject({ text, encoding: 'utf-16le' });
  });

  it('refuses a broken UTF-8 byte naming its line, rather than changing a name', () => {
    const bytes = Buffer.concat([Buffer.from(`${header('UTF-8')}Ma`), Buffer.from([0xc3, 0x28]), Buffer.from('rie\n')]);
    expect(() => decodeGedcom(bytes)).toThrow(GedcomError);
    expect(() => decodeGedcom(bytes)).toThrow(/not valid UTF-8 \(line 4\)/);
  });

  it('reads ANSI as windows-1252 and MACINTOSH as Mac Roman', () => {
    const ansi = Buffer.concat([Buffer.from(header('ANSI'), 'latin1'), Buffer.from([0x80, 0xe9]), Buffer.from('\n')]);
    expect(decodeGedcom(ansi).text).toContain('€é');
    const mac = Buffer.concat([Buffer.from(header('MACINTOSH'), 'latin1'), Buffer.from([0x8e]), Buffer.from('\n')]);
    expect(decodeGedcom(mac).text).toContain('é');
  });

  it('refuses the DOS character set and names it', () => {
    expect(() => decodeGedcom(Buffer.from(header('IBMPC')))).toThrow(/DOS character set/);
    expect(() => decodeGedcom(Buffer.from(header('EBCDIC')))).toThrow(/"EBCDIC"/);
  });

  it('decodes ANSEL with each mark after its letter, precomposed where Unicode has the letter', () => {
    const bytes = Buffer.concat([
      Buffer.from(header('ANSEL')),
      Buffer.from([0x5a, 0x6f, 0xe8, 0x65, 0x20, 0xe2, 0x71, 0x20, 0xe3, 0xe2, 0x61, 0x20, 0xa1, 0xb2, 0xcf]),
    ]);
    const { text, encoding } = decodeGedcom(bytes);
    expect(encoding).toBe('ansel');
    expect(text.endsWith('Zoë q\u0301 ấ Łøß')).toBe(true);
  });

  it('shows a byte ANSEL does not define as U+FFFD and reports its line', () => {
    const result = decodeAnsel(Buffer.from([0x41, 0x0a, 0x42, 0x80]));
    expect(result).toEqual({ text: 'A\nB\ufffd', unknownOnLines: [2] });
    expect(decodeGedcom(Buffer.concat([Buffer.from(header('ANSEL')), Buffer.from([0x99])])).report).toEqual([
      { line: 4, message: expect.stringMatching(/not ANSEL/) },
    ]);
  });
});
