import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../lib/i18n';
import { readAlbumMetadata, readSidecar } from './takeout-sidecar';

describe('readSidecar', () => {
  it("takes Google's fields as Google writes them", () => {
    const sidecar = {
      title: ' Beach ',
      description: 'Sea',
      photoTakenTime: { timestamp: '1546346096', formatted: '' },
      geoData: { latitude: 0, longitude: 0 },
      geoDataExif: { latitude: 48.8584, longitude: 2.2945 },
    };
    expect(readSidecar(sidecar)).toEqual({
      fields: { title: 'Beach', description: 'Sea', dateTaken: new Date(1546346096 * 1000), location: '48.858400, 2.294500' },
      leftOut: [],
    });
  });

  it('leaves out, and names, each field it cannot use; a 0 timestamp or an empty place is simply absent', () => {
    const date = 'the date taken is not a date between 1900 and today';
    const cases: Array<[unknown, string[]]> = [
      [{ title: 12345 }, ['the title is not text']],
      [{ description: ['x'] }, ['the description is not text']],
      [{ photoTakenTime: { timestamp: '1e20' } }, [date]],
      [{ photoTakenTime: { timestamp: String(Date.UTC(100_000, 0, 1) / 1000) } }, [date]],
      [{ photoTakenTime: { timestamp: 1.5 } }, [date]],
      [{ photoTakenTime: { timestamp: '-2208988800' } }, []], // 1900-01-01, the earliest a photo may be
      [{ photoTakenTime: { timestamp: '0' } }, []],
      [{ geoData: { latitude: 91, longitude: 0 } }, ['the place is not a place on Earth']],
      [{ geoData: { latitude: '1', longitude: 2 } }, ['the place is not a place on Earth']],
      [[], ['the file is not a Google Photos sidecar']],
    ];
    for (const [raw, leftOut] of cases) expect(readSidecar(raw).leftOut.map(inEnglish), JSON.stringify(raw)).toEqual(leftOut);
  });

  it("leaves out an album's title that is not text", () => {
    const album = readAlbumMetadata({ title: { text: 'Trip' }, description: 'Sea' });
    expect(album.fields).toEqual({ title: undefined, description: 'Sea' });
    expect(album.leftOut.map(inEnglish)).toEqual(['the title is not text']);
  });
});
