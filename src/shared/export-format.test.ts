// heirloom.json's people and faces (decision 059): a box is fractions of the picture, inside it and
// never of zero size; a name is at most as long as the app keeps; archives of earlier versions still read.
import { describe, expect, it } from 'vitest';
import { exportFaceSchema, exportPersonSchema, heirloomExportSchema } from './export-format';

const face = (box: object) => ({ box, personId: 1, source: 'detected' });

describe('heirloom.json people and faces', () => {
  it('takes a face inside the picture, of whatever source, named or not', () => {
    expect(exportFaceSchema.safeParse(face({ x: 0, y: 0, width: 1, height: 1 })).success).toBe(true);
    expect(
      exportFaceSchema.safeParse({ ...face({ x: 0.2, y: 0.3, width: 0.1, height: 0.2 }), personId: null, source: 'manual' }).success,
    ).toBe(true);
  });

  it.each([
    ['outside the picture', { x: 1.5, y: 0.2, width: 0.1, height: 0.1 }, 'Too big'],
    ['negative', { x: -0.1, y: 0.2, width: 0.1, height: 0.1 }, 'Too small'],
    ['of no width', { x: 0.2, y: 0.2, width: 0, height: 0.1 }, 'A face box needs a width'],
    ['of no height', { x: 0.2, y: 0.2, width: 0.1, height: 0 }, 'A face box needs a height'],
    ['past the right edge', { x: 0.8, y: 0.2, width: 0.5, height: 0.1 }, 'A face box must lie inside the picture'],
    ['not a number', { x: '0.2', y: 0.2, width: 0.1, height: 0.1 }, 'expected number'],
  ])('refuses a box %s', (_, box, message) => {
    const parsed = exportFaceSchema.safeParse(face(box));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it('refuses an unknown source and a person name longer than the app keeps', () => {
    expect(exportFaceSchema.safeParse({ ...face({ x: 0, y: 0, width: 1, height: 1 }), source: 'guessed' }).success).toBe(false);
    const person = { id: 1, name: 'Rose', contactId: null, hidden: false, onThisDay: true };
    expect(exportPersonSchema.safeParse(person).success).toBe(true);
    expect(exportPersonSchema.safeParse({ ...person, name: 'R'.repeat(501) }).error?.issues[0]?.message).toBe(
      'A name has at most 500 characters',
    );
  });

  it('still reads an archive made before people, which has no people, faces or labels', () => {
    const archive = {
      format: 'heirloom-export',
      version: 2,
      exportedAt: '2026-01-01T00:00:00.000Z',
      scope: 'account',
      title: 'Rose',
      includesPlaces: true,
      owner: {
        firstName: 'Rose',
        surname: 'Martin',
        email: null,
        dateOfBirth: null,
        cityOfBirth: null,
        address: null,
        mobileNumber: null,
        profilePicture: null,
      },
      photos: [],
      memories: [],
      documents: [],
      contacts: [],
      collections: [],
    };
    expect(heirloomExportSchema.safeParse(archive).success).toBe(true);
    expect(heirloomExportSchema.safeParse({ ...archive, version: 4 }).success).toBe(false);
  });
});
