import { describe, expect, it } from 'vitest';
import { GedcomError } from './gedcom-dataset';
import { GEDCOM_LIMITS, readGedcomLines } from './line-reader';

const failsAt = (text: string, message: RegExp, line: number, limits = GEDCOM_LIMITS) => {
  let error: unknown;
  try {
    readGedcomLines(text, limits);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(GedcomError);
  expect((error as GedcomError).line).toBe(line);
  expect((error as Error).message).toMatch(message);
};

describe('readGedcomLines', () => {
  it('reads CRLF, LF and CR line ends, leading whitespace and blank lines alike', () => {
    for (const end of ['\r\n', '\n', '\r']) {
      const text = ['0 HEAD', '  1 CHAR UTF-8', '', '0 @I1@ INDI', '\t1 NAME Jean /Dupont/', '0 TRLR', ''].join(end);
      const records = readGedcomLines(text);
      expect(records.map((r) => r.tag)).toEqual(['HEAD', 'INDI', 'TRLR']);
      expect(records[1]).toMatchObject({ xref: 'I1', line: 4, children: [{ tag: 'NAME', value: 'Jean /Dupont/', line: 5 }] });
    }
  });

  it('joins CONC without and CONT with a line break, keeping spaces', () => {
    const [record] = readGedcomLines('0 @N1@ NOTE First \n1 CONC half\n1 CONT  second line\n1 CONT\n1 CONC end');
    expect(record!.value).toBe('First half\n second line\nend');
  });

  it('refuses what is not a GEDCOM line, a level jump, a level above 99 and CONC with nothing before it', () => {
    failsAt('0 HEAD\nthis is prose\n', /not a GEDCOM line/, 2);
    failsAt('0 HEAD\n2 CHAR UTF-8\n', /skips a level/, 2);
    failsAt('0 CONT orphan\n', /nothing to continue/, 1);
    const deep = Array.from({ length: 101 }, (_, i) => `${i} _X`).join('\n');
    failsAt(deep, /deeper than 99/, 101);
  });

  it('reads 20 levels deep without trouble', () => {
    const deep = Array.from({ length: 21 }, (_, i) => `${i} _X v${i}`).join('\n');
    let node = readGedcomLines(deep)[0]!;
    for (let i = 1; i <= 20; i++) node = node.children[0]!;
    expect(node.value).toBe('v20');
  });

  it('stops a value joined past the limit, and a file with too many records', () => {
    const lines = ['0 @N1@ NOTE x'];
    for (let i = 0; i < 1_000_000; i++) lines.push('1 CONC 0123456789');
    failsAt(lines.join('\n'), /longer than 1048576 characters/, 104_859);
    failsAt('0 HEAD\n0 @I1@ INDI\n0 @I2@ INDI\n', /more than 2 records/, 3, { ...GEDCOM_LIMITS, maxRecords: 2 });
  });
});
