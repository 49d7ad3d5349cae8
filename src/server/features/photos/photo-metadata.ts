// What a photo says about itself (its dimensions come from lib/images.ts readImageHeader): the EXIF
// facts a person cares about (when, where, which camera), read with exifr from the raw TIFF block.
import exifr from 'exifr';
import { cleanText } from '../../lib/nul-character';

export type ExifValue = string | number | boolean | number[];

export interface PhotoMetadata {
  dateTaken: Date | null;
  cameraInfo: string | null;
  location: string | null;
  orientation: number | null;
  exifData: Record<string, ExifValue> | null;
}

// The EXIF facts worth keeping, in the order a details panel would list them. No maker notes, thumbnails
// or other binary blobs.
const KEPT_TAGS = [
  'Make',
  'Model',
  'LensMake',
  'LensModel',
  'Software',
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'CreateDate',
  'OffsetTimeDigitized',
  'ExposureTime',
  'FNumber',
  'ISO',
  'FocalLength',
  'FocalLengthIn35mmFormat',
  'ExposureProgram',
  'ExposureCompensation',
  'MeteringMode',
  'Flash',
  'WhiteBalance',
  'Orientation',
  'ExifImageWidth',
  'ExifImageHeight',
  'GPSAltitude',
  'ImageDescription',
  'Artist',
  'Copyright',
] as const;

const MAX_STRING = 200;

/** A tag's text as the database stores it: no control characters (NUL among them), no broken surrogate. */
export function cleanString(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // cleaned after the cut: a cut may split a surrogate pair
  return text ? cleanText(text.slice(0, MAX_STRING)) : undefined;
}

function cleanValue(value: unknown): ExifValue | undefined {
  if (typeof value === 'string') return cleanString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.length <= 8 && value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    return value as number[];
  }
  return undefined;
}

/** sharp hands out JPEG/PNG/WebP EXIF with the 'Exif\0\0' marker and HEIF EXIF as bare TIFF; exifr wants TIFF. */
function tiffBlock(exif: Buffer): Buffer {
  return exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
const MINUTE = 60_000;

/** EXIF wall-clock time read as if it were UTC (the offset is applied separately). */
function wallClockAsUtc(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = EXIF_DATE.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function offsetMinutes(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = OFFSET.exec(value.trim());
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (minutes > 14 * 60) return undefined;
  return m[1] === '-' ? -minutes : minutes;
}

/** The GPS clock is UTC: comparing it with the camera's wall clock gives the offset, to the quarter hour. */
function offsetFromGps(localAsUtc: number, tags: Record<string, unknown>): number | undefined {
  const dateStamp = tags.GPSDateStamp;
  const timeStamp = tags.GPSTimeStamp;
  if (typeof dateStamp !== 'string' || !Array.isArray(timeStamp) || timeStamp.length !== 3) return undefined;
  const d = /^(\d{4}):(\d{2}):(\d{2})$/.exec(dateStamp.trim());
  const [h, min, s] = timeStamp as number[];
  if (!d || ![h, min, s].every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined;
  const gpsUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), h!, min!, Math.floor(s!));
  const minutes = Math.round((localAsUtc - gpsUtc) / MINUTE / 15) * 15;
  return Math.abs(minutes) <= 14 * 60 ? minutes : undefined;
}

/**
 * When the photo was taken, as an instant. EXIF stores wall-clock time; the photo's own offset
 * (OffsetTimeOriginal, else the GPS clock) makes it an instant. The server's time zone never enters:
 * without any offset the wall-clock time is kept as UTC.
 */
export function dateTakenFrom(tags: Record<string, unknown>, now = Date.now()): Date | null {
  const candidates: [unknown, unknown][] = [
    [tags.DateTimeOriginal, tags.OffsetTimeOriginal ?? tags.OffsetTime],
    [tags.CreateDate, tags.OffsetTimeDigitized ?? tags.OffsetTime],
  ];
  for (const [raw, rawOffset] of candidates) {
    const local = wallClockAsUtc(raw);
    if (local === undefined) continue;
    const offset = offsetMinutes(rawOffset) ?? offsetFromGps(local, tags) ?? 0;
    const instant = local - offset * MINUTE;
    if (instant < Date.UTC(1900, 0, 1) - 14 * 60 * MINUTE || instant > now + 24 * 60 * MINUTE) continue;
    return new Date(instant);
  }
  return null;
}

function cameraFrom(tags: Record<string, unknown>): string | null {
  const make = typeof tags.Make === 'string' ? cleanString(tags.Make) : undefined;
  const model = typeof tags.Model === 'string' ? cleanString(tags.Model) : undefined;
  if (make && model) return model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
  return make ?? model ?? null;
}

function locationFrom(tags: Record<string, unknown>): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = tags;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null; // a camera without a fix, not a ship off Africa
  return { latitude, longitude };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export async function readPhotoMetadata(exif: Buffer | undefined): Promise<PhotoMetadata> {
  const empty: PhotoMetadata = { dateTaken: null, cameraInfo: null, location: null, orientation: null, exifData: null };
  if (!exif || exif.length < 8) return empty;
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(tiffBlock(exif), {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      interop: false,
      makerNote: false,
      userComment: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      // exifr's revived dates follow the server's time zone: keep the raw strings and apply the offset here.
      reviveValues: false,
      translateValues: false,
      translateKeys: true,
      mergeOutput: true,
    })) as Record<string, unknown> | undefined;
  } catch {
    return empty; // unreadable EXIF is not a reason to refuse the photo
  }
  if (!tags) return empty;

  const exifData: Record<string, ExifValue> = {};
  for (const key of KEPT_TAGS) {
    const value = cleanValue(tags[key]);
    if (value !== undefined) exifData[key] = value;
  }
  const gps = locationFrom(tags);
  if (gps) {
    exifData.GPSLatitude = round6(gps.latitude);
    exifData.GPSLongitude = round6(gps.longitude);
  }
  const orientation = typeof tags.Orientation === 'number' && tags.Orientation >= 1 && tags.Orientation <= 8 ? tags.Orientation : null;
  return {
    dateTaken: dateTakenFrom(tags),
    cameraInfo: cameraFrom(tags),
    location: gps ? `${gps.latitude.toFixed(6)}, ${gps.longitude.toFixed(6)}` : null,
    orientation,
    exifData: Object.keys(exifData).length > 0 ? exifData : null,
  };
}
