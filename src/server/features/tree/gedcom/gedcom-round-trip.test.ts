import { describe, expect, it } from 'vitest';
import type { GedcomDataset } from './gedcom-dataset';
import { writeGedcom, type GedcomVersion } from './gedcom-writer';
import { readGedcomFile } from './read-gedcom-file';

const dataset: Pick<GedcomDataset, 'persons' | 'relations'> = {
  persons: [
    {
      ref: 'I1',
      givenNames: 'Rose Marie',
      surname: 'Dubois',
      birthSurname: 'Martin',
      sex: 'female',
      gender: 'woman',
      birth: { date: '1890-05-12', place: 'Lyon' },
      death: { date: 'between 1960 and 1962-03', place: null },
      note: `Line one with an @ sign\nline two ${'long words of a story '.repeat(30)}end 🌳`,
    },
    {
      ref: 'I2',
      givenNames: 'Paul',
      surname: 'Dubois',
      birthSurname: null,
      sex: 'male',
      gender: null,
      birth: { date: 'c. 1888', place: null },
      death: { date: null, place: null },
      note: null,
    },
    {
      ref: 'I3',
      givenNames: 'Anne',
      surname: 'Dubois',
      birthSurname: null,
      sex: 'female',
      gender: null,
      birth: { date: 'in the spring (after the war)', place: null },
      death: null,
      note: '@@ leading at',
    },
    {
      ref: 'I4',
      givenNames: 'Luc',
      surname: 'Roy',
      birthSurname: null,
      sex: 'male',
      gender: null,
      birth: { date: 'before 1925', place: null },
      death: null,
      note: null,
    },
    {
      ref: 'I5',
      givenNames: 'Sam',
      surname: 'Roy',
      birthSurname: null,
      sex: 'other',
      gender: null,
      birth: { date: 'after 1950-07', place: null },
      death: null,
      note: null,
    },
    { ref: 'I6', givenNames: 'Kim', surname: '', birthSurname: null, sex: 'unknown', gender: null, birth: null, death: null, note: null },
  ],
  relations: [
    { kind: 'partner', fromRef: 'I2', toRef: 'I1', type: 'married', start: '1912-05-12', end: '1930', endReason: 'divorce' },
    { kind: 'partner', fromRef: 'I3', toRef: 'I4', type: 'partners', start: '1948', end: '1970', endReason: 'separation' },
    { kind: 'partner', fromRef: 'I1', toRef: 'I6', type: 'partners', start: null, end: '1960', endReason: 'death' },
    { kind: 'parent', fromRef: 'I1', toRef: 'I3', type: 'birth' },
    { kind: 'parent', fromRef: 'I2', toRef: 'I3', type: 'adoptive' },
    { kind: 'parent', fromRef: 'I3', toRef: 'I5', type: 'foster' },
    { kind: 'parent', fromRef: 'I4', toRef: 'I5', type: 'step' },
    { kind: 'parent', fromRef: 'I6', toRef: 'I5', type: 'birth' },
  ],
};

const byContent = (data: Pick<GedcomDataset, 'persons' | 'relations'>) => ({
  persons: [...data.persons].sort((a, b) => a.ref.localeCompare(b.ref)),
  relations: data.relations
    .map((r) => (r.kind === 'partner' ? { ...r, fromRef: [r.fromRef, r.toRef].sort()[0], toRef: [r.fromRef, r.toRef].sort()[1] } : r))
    .map((r) => JSON.stringify(r))
    .sort(),
});

const options = (version: GedcomVersion) => ({ version, submitter: 'Rose', today: new Date('2026-11-30T00:00:00Z') });

describe.each(['7.0', '5.5.1'] as const)('GEDCOM %s round trip', (version) => {
  it('export → import → export gives the same persons, links and file', () => {
    const first = writeGedcom(dataset, options(version));
    const imported = readGedcomFile(Buffer.from(first));
    expect(imported.report).toEqual([]);
    expect(byContent(imported)).toEqual(byContent(dataset));
    expect(writeGedcom(imported, options(version))).toBe(first);
  });

  it('writes lines a reader of that version accepts', () => {
    const text = writeGedcom(dataset, options(version));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(version === '7.0' ? '\uFEFF0 HEAD' : '0 HEAD');
    expect(lines.at(-1)).toBe('0 TRLR');
    if (version === '5.5.1') {
      expect(text).toContain('1 CHAR UTF-8');
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(255);
      expect(text).toContain('@@ sign');
      expect(text).toMatch(/^2 CONC /m);
    } else {
      expect(text).toContain('2 VERS 7.0');
      expect(text).not.toMatch(/ CONC /);
      expect(text).toContain('1 NOTE @@@ leading at');
      expect(text).toContain('3 PHRASE in the spring (after the war)');
    }
  });
});
