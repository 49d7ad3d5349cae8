// Files as the programs people export from write them (their documented and commonly seen habits), read whole.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GedcomDataset } from './gedcom-dataset';
import { readGedcomFile } from './read-gedcom-file';

const person = (data: GedcomDataset, ref: string) => data.persons.find((p) => p.ref === ref)!;
const parentsOf = (data: GedcomDataset, ref: string) =>
  data.relations.filter((r) => r.kind === 'parent' && r.toRef === ref).map((r) => `${r.fromRef}:${r.type}`);

describe('GEDCOM as programs write it', () => {
  it('Gramps 5.1: 5.5.1 in UTF-8, NAME with GIVN/SURN and a birth name, PEDI, _UID, a shared NOTE record', () => {
    const file = `0 HEAD
1 SOUR Gramps
2 VERS 5.1.6
2 NAME Gramps
1 DATE 29 NOV 2026
2 TIME 10:00:00
1 SUBM @SUBM@
1 FILE /home/rose/family.ged
1 COPR Copyright (c) 2026 Rose Martin.
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 LANG English
0 @I0000@ INDI
1 NAME Rose /Dubois/
2 GIVN Rose
2 SURN Dubois
2 TYPE married
1 NAME Rose Marie /Martin/
2 GIVN Rose Marie
2 SURN Martin
2 TYPE birth
1 SEX F
1 BIRT
2 TYPE Birth of Rose
2 DATE ABT 1890
2 PLAC Lyon, Rhône, France
1 DEAT
2 DATE @#DJULIAN@ 11 FEB 1962
1 FAMS @F0000@
1 NOTE @N0000@
1 _UID 3A8C5C1E2B4F4D7A9E0F1A2B3C4D5E6F7A8B
1 CHAN
2 DATE 29 NOV 2026
3 TIME 10:00:00
0 @I0001@ INDI
1 NAME Paul /Dubois/
1 SEX M
1 FAMS @F0000@
0 @I0002@ INDI
1 NAME Anne /Dubois/
1 SEX F
1 BIRT
2 DATE BET 1920 AND 1925
1 FAMC @F0000@
2 PEDI adopted
0 @F0000@ FAM
1 HUSB @I0001@
1 WIFE @I0000@
1 CHIL @I0002@
1 MARR
2 DATE 12 MAY 1912
2 PLAC Lyon
1 DIV
2 DATE 1930
0 @N0000@ NOTE She kept the family's letters
1 CONC  in a tin box,
1 CONT and the photographs too.
0 @SUBM@ SUBM
1 NAME Rose Martin
0 TRLR
`;
    const data = readGedcomFile(Buffer.from(file));
    expect(person(data, 'I0000')).toEqual({
      ref: 'I0000',
      givenNames: 'Rose Marie',
      surname: 'Dubois',
      birthSurname: 'Martin',
      sex: 'female',
      gender: null,
      birth: { date: 'c. 1890', place: 'Lyon, Rhône, France' },
      death: { date: '1962-02-24', place: null },
      note: "She kept the family's letters in a tin box,\nand the photographs too.",
    });
    expect(person(data, 'I0002').birth).toEqual({ date: 'between 1920 and 1925', place: null });
    expect(parentsOf(data, 'I0002').sort()).toEqual(['I0000:adoptive', 'I0001:adoptive']);
    expect(data.relations.find((r) => r.kind === 'partner')).toEqual({
      kind: 'partner',
      fromRef: 'I0001',
      toRef: 'I0000',
      type: 'married',
      start: '1912-05-12',
      end: '1930',
      endReason: 'divorce',
    });
    expect(data.report).toEqual([]);
  });

  it('Ancestry: UTF-8 with a byte-order mark, _FREL/_MREL on CHIL, _MARNM, _APID, _MTTAG, BEF/AFT dates', () => {
    const file = `0 HEAD
1 SOUR Ancestry.com Family Trees
2 NAME Ancestry.com Member Trees
2 VERS 2021.07
2 _TREE Martin Family Tree
3 RIN 123456789
3 _ENCR 1
2 CORP Ancestry.com
1 DEST GED55
1 DATE 29 Nov 2026
1 CHAR UTF-8
1 FILE Martin Family Tree.ged
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
0 @I1@ INDI
1 NAME Jean Baptiste /Martin/
1 SEX M
1 BIRT
2 DATE bef. 1860
2 PLAC Paris, France
1 DEAT
2 DATE AFT 1920
1 FAMS @F1@
1 _APID 1,7602::0
0 @I2@ INDI
1 NAME Louise /Bernard/
2 _MARNM Martin
1 SEX F
1 FAMS @F1@
0 @I3@ INDI
1 NAME Émile /Martin/
1 SEX M
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
2 _FREL Step
2 _MREL Natural
1 MARR
2 DATE 3 Jun 1885
0 _MTTAG
1 NAME Military
0 TRLR
`;
    const data = readGedcomFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file.replaceAll('\n', '\r\n'))]));
    // "bef. 1860" is not GEDCOM: kept as written
    expect(person(data, 'I1')).toMatchObject({ givenNames: 'Jean Baptiste', birth: { date: 'bef. 1860' }, death: { date: 'after 1920' } });
    expect(person(data, 'I2')).toMatchObject({ givenNames: 'Louise', surname: 'Martin', birthSurname: 'Bernard' });
    expect(parentsOf(data, 'I3').sort()).toEqual(['I1:step', 'I2:birth']);
    expect(data.relations.find((r) => r.kind === 'partner')).toMatchObject({ type: 'married', start: '1885-06-03', end: null });
    expect(data.report).toEqual([]);
  });

  it('MyHeritage: RIN MH:, _UID, _UPD, _MARNM under NAME with slashes, CREM, a foster child, CR line ends', () => {
    const file = `0 HEAD
1 SOUR MYHERITAGE
2 NAME MyHeritage Family Tree Builder
2 VERS 5.5.1
2 CORP MyHeritage.com
1 DEST MYHERITAGE
1 DATE 29 NOV 2026
1 CHAR UTF-8
1 LANG English
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 _PROJECT_GUID 7F1E2D3C4B5A
1 _EXPORTED_FROM_SITE_ID 123
0 @I1@ INDI
1 _UPD 29 NOV 2026 10:00:00 GMT -0500
1 NAME Sofia /Rossi/
2 GIVN Sofia
2 SURN Rossi
2 _MARNM Sofia /Bianchi/
1 SEX F
1 BIRT
2 DATE EST 1901
1 CREM
2 DATE 1975
1 RIN MH:I1
1 _UID 5E1A2B3C4D5E6F708192A3B4C5D6E7F8
1 FAMS @F1@
0 @I2@ INDI
1 NAME Marco /Bianchi/
1 SEX M
1 FAMC @F1@
2 PEDI foster
1 RIN MH:I2
0 @F1@ FAM
1 WIFE @I1@
1 CHIL @I2@
1 RIN MH:F1
0 TRLR
`;
    const data = readGedcomFile(Buffer.from(file.replaceAll('\n', '\r')));
    expect(person(data, 'I1')).toMatchObject({
      givenNames: 'Sofia',
      surname: 'Bianchi',
      birthSurname: 'Rossi',
      birth: { date: 'c. 1901' },
      death: { date: 'before 1975', place: null },
    });
    expect(parentsOf(data, 'I2')).toEqual(['I1:foster']);
    expect(data.relations.filter((r) => r.kind === 'partner')).toEqual([]);
  });

  it('FamilySearch: GEDCOM 7.0 with SNOTE, EXID, @VOID@, PHRASE, a 7.0 calendar, PEDI OTHER "step", SEX X', () => {
    const file = `0 HEAD
1 GEDC
2 VERS 7.0
1 SOUR FamilySearch
2 NAME FamilySearch Family Tree
1 LANG en
0 @N1@ SNOTE Came from Galway
1 CONT on the "Nova Scotia".
0 @I1@ INDI
1 NAME Mary /O'Brien/
1 SEX F
1 EXID LZ4W-ABC
2 TYPE https://www.familysearch.org/ttl/
1 BIRT
2 DATE JULIAN 1 MAR 1700
1 DEAT Y
1 SNOTE @N1@
1 NOTE @@home in Boston
1 FAMS @F1@
0 @I2@ INDI
1 NAME Alex /O'Brien/
1 SEX X
1 BIRT
2 DATE
3 PHRASE the winter of the great snow
1 FAMC @F1@
2 PEDI OTHER
3 PHRASE Step
0 @F1@ FAM
1 HUSB @VOID@
2 PHRASE unknown father
1 WIFE @I1@
1 CHIL @I2@
1 CHIL @VOID@
0 TRLR
`;
    const data = readGedcomFile(Buffer.from(file));
    expect(person(data, 'I1')).toMatchObject({
      birth: { date: '1700-03-12' },
      death: { date: null, place: null },
      note: 'Came from Galway\non the "Nova Scotia".\n\n@home in Boston',
    });
    expect(person(data, 'I2')).toMatchObject({ sex: 'other', birth: { date: 'the winter of the great snow' } });
    expect(parentsOf(data, 'I2')).toEqual(['I1:step']);
    expect(data.report).toEqual([]);
  });

  it('Geni: 5.5.1 with CRLF, a French republican date, FROM/TO, a partnership without marriage, and an unknown tag', () => {
    const file = `0 HEAD
1 SOUR GENI
2 NAME Geni.com
2 VERS 1.0
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 SUBM @S1@
0 @I6000000012345@ INDI
1 NAME Pierre /Lefèvre/
2 GIVN Pierre
2 SURN Lefèvre
1 SEX M
1 BIRT
2 DATE @#DFRENCH R@ 12 VEND 5
1 _GENI_PROFILE_URL https://www.geni.com/people/Pierre/6000000012345
1 FAMS @F6000000099@
0 @I6000000012346@ INDI
1 NAME Claire //
1 SEX F
1 FAMS @F6000000099@
0 @F6000000099@ FAM
1 HUSB @I6000000012345@
1 WIFE @I6000000012346@
1 _STAT NOT MARRIED
1 EVEN
2 TYPE Separation
2 DATE FROM 1820 TO 1821
0 @S1@ SUBM
1 NAME Geni
0 TRLR
`;
    const data = readGedcomFile(Buffer.from(file.replaceAll('\n', '\r\n')));
    expect(person(data, 'I6000000012345').birth).toEqual({ date: '1796-10-03', place: null });
    expect(person(data, 'I6000000012346')).toMatchObject({ givenNames: 'Claire', surname: '' });
    expect(data.relations).toEqual([
      {
        kind: 'partner',
        fromRef: 'I6000000012345',
        toRef: 'I6000000012346',
        type: 'partners',
        start: null,
        end: 'between 1820 and 1821',
        endReason: 'separation',
      },
    ]);
  });

  it('Family Tree Maker in ANSEL and Legacy in UTF-16 with a byte-order mark', () => {
    const ansel = Buffer.concat([
      Buffer.from('0 HEAD\n1 SOUR FTM\n1 CHAR ANSEL\n1 GEDC\n2 VERS 5.5\n0 @I1@ INDI\n1 NAME Zo'),
      Buffer.from([0xe8, 0x65]),
      Buffer.from(' /Ko'),
      Buffer.from([0xe2, 0x73]),
      Buffer.from('ciuszko/\n0 TRLR\n'),
    ]);
    expect(readGedcomFile(ansel).persons[0]).toMatchObject({ givenNames: 'Zoë', surname: 'Kościuszko' });
    const legacy = '0 HEAD\r\n1 SOUR Legacy\r\n1 CHAR UNICODE\r\n0 @I1@ INDI\r\n1 NAME Åsa /Öberg/\r\n0 TRLR\r\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(legacy, 'utf16le')]);
    expect(readGedcomFile(bytes).persons[0]).toMatchObject({ givenNames: 'Åsa', surname: 'Öberg' });
  });
});

describe("heirloom's exports as Gramps 5.1.5 read them (tests/fixtures/gedcom, decision 061)", () => {
  const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../tests/fixtures/gedcom', name));
  const byContent = (data: GedcomDataset) => {
    const given = new Map(data.persons.map((p) => [p.ref, p.givenNames]));
    return {
      persons: data.persons.map(({ ref: _ref, ...p }) => p).sort((a, b) => a.givenNames.localeCompare(b.givenNames)),
      relations: data.relations.map((r) => JSON.stringify({ ...r, fromRef: given.get(r.fromRef), toRef: given.get(r.toRef) })).sort(),
    };
  };

  it('reads back what Gramps exported after importing the 5.5.1 file: the same persons and links, less the sex "other"', () => {
    const ours = byContent(readGedcomFile(fixture('heirloom-export-5.5.1.ged')));
    const gramps = readGedcomFile(fixture('gramps-5.1.5-reexport.ged'));
    expect(gramps.report).toEqual([]);
    // Gramps 5.1 has no third sex: it writes no SEX line for one
    const expected = { ...ours, persons: ours.persons.map((p) => (p.sex === 'other' ? { ...p, sex: 'unknown' as const } : p)) };
    expect(byContent(gramps)).toEqual(expected);
  });

  it('the 7.0 and 5.5.1 exports checked with Gramps hold the same content', () => {
    expect(byContent(readGedcomFile(fixture('heirloom-export-7.0.ged')))).toEqual(
      byContent(readGedcomFile(fixture('heirloom-export-5.5.1.ged'))),
    );
  });
});
