// Hostile files end in a GedcomError or a report line, never another kind of throw.
import { describe, expect, it } from 'vitest';
import { GedcomError } from './gedcom-dataset';
import { readGedcomFile } from './read-gedcom-file';

const read = (text: string) => readGedcomFile(Buffer.from(text));
const refused = (bytes: Uint8Array) => {
  try {
    readGedcomFile(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(GedcomError);
    return (err as GedcomError).message;
  }
  throw new Error('expected a refusal');
};

describe('hostile GEDCOM', () => {
  it('refuses a 100 MB file before reading a byte of it', () => {
    const big = Buffer.allocUnsafe(100 * 1024 * 1024);
    refused(Buffer.alloc(0)); // the first refusal sets up the message formatter, once per process
    const started = performance.now();
    expect(refused(big)).toMatch(/larger than 64 MB/);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a million CONC lines joined past the value limit, naming the line', () => {
    const lines = ['0 HEAD', '0 @I1@ INDI', '1 NOTE start'];
    for (let i = 0; i < 1_000_000; i++) lines.push('2 CONC aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(refused(Buffer.from(lines.join('\n')))).toMatch(/longer than 1048576 characters \(line \d+\)/);
  });

  it('reads 20 levels of nesting and refuses a hundred', () => {
    const nested = (depth: number) =>
      ['0 HEAD', '0 @I1@ INDI', ...Array.from({ length: depth }, (_, i) => `${i + 1} _X deep`), '0 TRLR'].join('\n');
    expect(read(nested(20)).persons).toHaveLength(1);
    expect(refused(Buffer.from(nested(100)))).toMatch(/deeper than 99 levels/);
  });

  it('leaves out a person who is their own parent, and the link that closes a circle of ancestors', () => {
    const data = read(`0 HEAD
0 @I1@ INDI
1 NAME Adam /Loop/
1 FAMS @F1@
1 FAMC @F1@
0 @I2@ INDI
1 NAME Eve /Loop/
1 FAMS @F2@
1 FAMC @F3@
0 @I3@ INDI
1 NAME Cain /Loop/
1 FAMC @F2@
1 FAMS @F3@
0 @F1@ FAM
1 HUSB @I1@
1 CHIL @I1@
0 @F2@ FAM
1 WIFE @I2@
1 CHIL @I3@
0 @F3@ FAM
1 HUSB @I3@
1 CHIL @I2@
0 TRLR
`);
    expect(data.relations).toEqual([{ kind: 'parent', fromRef: 'I2', toRef: 'I3', type: 'birth' }]);
    expect(data.report).toEqual([
      { line: 16, message: 'Adam Loop (@I1@) cannot be their own parent; the link was left out.' },
      { line: 22, message: 'Eve Loop (@I2@) would be their own ancestor through Cain Loop (@I3@); the link was left out.' },
    ]);
  });

  it('reports pointers to records that are not there, and a third birth parent', () => {
    const data = read(`0 HEAD
0 @I1@ INDI
1 NOTE @N404@
0 @I2@ INDI
0 @I3@ INDI
0 @I4@ INDI
1 FAMC @F9@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I4@
1 CHIL @I99@
0 @F2@ FAM
1 HUSB @I3@
1 CHIL @I4@
0 TRLR
`);
    expect(data.report.map((r) => r.line)).toEqual([3, 12, 7, 15]);
    expect(data.report[3]!.message).toMatch(/already has two birth parents/);
    expect(data.persons).toHaveLength(4);
  });

  it('refuses bad UTF-8, text that is not GEDCOM, and an empty file, all as GedcomError', () => {
    expect(refused(Buffer.from([0x30, 0x20, 0x48, 0x45, 0x41, 0x44, 0x0a, 0xff, 0xfe, 0xfd]))).toMatch(/not valid UTF-8 \(line 2\)/);
    expect(refused(Buffer.from('<html><body>not a family</body></html>'))).toMatch(/not a GEDCOM line \(line 1\)/);
    expect(refused(Buffer.alloc(0))).toMatch(/empty/);
    expect(refused(Buffer.from('0 NOTE x\n0 TRLR\n'))).toMatch(/not a GEDCOM file/);
  });

  it('never throws anything but GedcomError on random bytes and shuffled lines', () => {
    const sample =
      '0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n1 FAMC @F1@\n0 @F1@ FAM\n1 CHIL @I1@\n1 HUSB @I1@\n2 CONC x\n0 TRLR\n'.split('\n');
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const bytes =
        run % 2 === 0
          ? Buffer.from(Array.from({ length: 200 }, () => Math.floor(random() * 256)))
          : Buffer.from(Array.from({ length: 12 }, () => sample[Math.floor(random() * sample.length)]).join('\n'));
      try {
        readGedcomFile(bytes);
      } catch (err) {
        expect(err).toBeInstanceOf(GedcomError);
      }
    }
  });
});
