import { describe, expect, it } from 'vitest';
import { safeFileName } from './uploads';

describe('safeFileName', () => {
  it('restores the quotes browsers send as %22 in multipart file names', () => {
    expect(safeFileName('%22Grandma%22 recipe.pdf')).toBe('"Grandma" recipe.pdf');
  });

  it('keeps only the last path segment, without control or bidi characters', () => {
    expect(safeFileName('../../etc/pass\u0000wd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\cat\u202Egpj.exe')).toBe('catgpj.exe');
    expect(safeFileName('..')).toBe('file');
  });
});
