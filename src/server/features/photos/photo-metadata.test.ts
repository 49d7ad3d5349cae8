import { afterEach, describe, expect, it } from 'vitest';
import { dateTakenFrom } from './photo-metadata';

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
