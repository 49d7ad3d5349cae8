// The names a share hands files out under, on their own: names that every zip tool and file system accept.
import { describe, expect, it } from 'vitest';
import { withExtension } from './shared-files';
import { safeNamePart, zipNames } from '../exports/exports.service';

describe('file names', () => {
  it('names a copy by its new type', () => {
    expect(withExtension('IMG_0001.HEIC', 'jpg')).toBe('IMG_0001.jpg');
    expect(withExtension('clip.MOV', 'mp4')).toBe('clip.mp4');
    expect(withExtension('scan.jpeg', 'jpg')).toBe('scan.jpeg');
    expect(withExtension('no extension', 'png')).toBe('no extension.png');
  });
});

describe('zip names', () => {
  it('removes separators, control characters and leading dots, and never leaves a name empty', () => {
    expect(safeNamePart('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(safeNamePart('a\u0000b\nc', 'x')).toBe('a_b_c');
    expect(safeNamePart('Tea: "at 5"?', 'x')).toBe('Tea_ _at 5_');
    expect(safeNamePart('...', 'fallback')).toBe('fallback');
    expect(safeNamePart('x'.repeat(500), 'f')).toHaveLength(120);
  });

  it('hands out each name once, whatever its case', () => {
    const unique = zipNames();
    expect(['photos/a.jpg', 'photos/A.jpg', 'photos/a.jpg', 'photos/b'].map(unique)).toEqual([
      'photos/a.jpg',
      'photos/A (2).jpg',
      'photos/a (3).jpg',
      'photos/b',
    ]);
  });
});
