import { afterEach, describe, expect, it } from 'vitest';
import { needsCleaning } from '../../lib/nul-character';
import { dateTakenFrom, readPhotoMetadata } from './photo-metadata';

/** A little-endian TIFF block (what readPhotoMetadata takes) with one IFD0 entry: Make, holding these bytes. */
function tiffWithMake(bytes: Buffer): Buffer {
  const value = Buffer.concat([bytes, Buffer.from([0])]);
  const head = Buffer.alloc(8 + 2 + 12 + 4);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4); // IFD0 right after the header
  head.writeUInt16LE(1, 8); // one entry
  head.writeUInt16LE(0x010f, 10); // Make
  head.writeUInt16LE(2, 12); // ASCII
  head.writeUInt32LE(value.length, 14);
  head.writeUInt32LE(head.length, 18); // its bytes follow the IFD
  return Buffer.concat([head, value]);
}

describe('readPhotoMetadata text', () => {
  it('keeps text the database stores: no NUL, and no half of a character its length limit cut in two', async () => {
    // 199 letters and an emoji (two UTF-16 units): cut at 200, the emoji's first half was left alone
    const long = await readPhotoMetadata(tiffWithMake(Buffer.from(`${'a'.repeat(199)}😀`)));
    expect(long.cameraInfo).toBe(`${'a'.repeat(199)}\ufffd`);
    expect(long.exifData?.Make).toBe(long.cameraInfo);
    expect(needsCleaning(JSON.stringify(long.exifData))).toBe(false);
    const nul = await readPhotoMetadata(tiffWithMake(Buffer.from('Ca\0non', 'latin1')));
    expect(nul.cameraInfo).not.toContain('\u0000');
  });
});

describe('dateTakenFrom', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("uses the photo's own offset, never the server's time zone", () => {
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      process.env.TZ = tz;
      expect(dateTakenFrom({ DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00' })?.toISOString()).toBe(
        '2019-07-04T13:30:00.000Z',
      );
    }
  });

  it('derives the offset from the GPS clock when the camera wrote none', () => {
    const tags = { DateTimeOriginal: '2020:01:10 09:05:00', GPSDateStamp: '2020:01:10', GPSTimeStamp: [14, 4, 31] };
    expect(dateTakenFrom(tags)?.toISOString()).toBe('2020-01-10T14:05:00.000Z'); // UTC-5, to the quarter hour
  });

  it('keeps the wall-clock time as UTC when nothing tells the offset', () => {
    expect(dateTakenFrom({ DateTimeOriginal: '2005:12:31 23:59:59' })?.toISOString()).toBe('2005-12-31T23:59:59.000Z');
  });

  it('falls back to the digitised date and ignores empty, impossible or future dates', () => {
    expect(
      dateTakenFrom({
        DateTimeOriginal: '0000:00:00 00:00:00',
        CreateDate: '2011:03:02 10:00:00',
        OffsetTimeDigitized: '-03:30',
      })?.toISOString(),
    ).toBe('2011-03-02T13:30:00.000Z');
    expect(dateTakenFrom({ DateTimeOriginal: '    :  :     :  :  ' })).toBeNull();
    expect(dateTakenFrom({ DateTimeOriginal: '2999:01:01 00:00:00' })).toBeNull();
    expect(dateTakenFrom({ DateTimeOriginal: '1850:01:01 00:00:00' })).toBeNull();
    expect(dateTakenFrom({})).toBeNull();
  });
});
