// What heirloom takes from a Takeout sidecar (IMG.jpg.json) and an album's metadata.json, field by field.
// Google's files are read as untrusted: a field of another type or out of range ({"title":12345},
// {"description":["x"]}, a timestamp of 1e20 seconds) is left out for that item and named in the report;
// the item is still imported and the import goes on.
import { MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '@shared/limits';
import type { Sentence } from '../../lib/i18n';
import { cleanText } from '../../lib/nul-character';
import { usableDateTaken } from './date-taken';
import { dateNotUsable, line } from './import-report-lines';

export interface SidecarFields {
  title?: string;
  description?: string;
  dateTaken?: Date;
  /** "48.858400, 2.294500" */
  location?: string;
}

export interface AlbumFields {
  title?: string;
  description?: string;
}

/** The usable fields, and a sentence for each one left out. */
export interface Reading<T> {
  fields: T;
  leftOut: Sentence[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function textField(value: unknown, name: 'title' | 'description', max: number, leftOut: Sentence[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return void leftOut.push(line(name === 'title' ? 'titleNotText' : 'descriptionNotText'));
  return cleanText(value.trim().slice(0, max)) || undefined; // a cut may split a surrogate pair
}

/** Google writes Unix seconds as a string ("1546346096"); 0 means it does not know. */
function takenField(value: unknown, leftOut: Sentence[]): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const timestamp = isObject(value) ? value.timestamp : value;
  if (timestamp === undefined || timestamp === null || timestamp === '') return undefined;
  const seconds = typeof timestamp === 'string' && /^-?\d{1,15}$/.test(timestamp.trim()) ? Number(timestamp) : timestamp;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds)) return void leftOut.push(dateNotUsable());
  if (seconds === 0) return undefined;
  return usableDateTaken(seconds * 1000) ?? void leftOut.push(dateNotUsable());
}

/** A place on Earth from Google's geoData; 0, 0 is a photo without one. */
function placeField(value: unknown, leftOut: Sentence[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { latitude, longitude } = isObject(value) ? value : {};
  if (latitude === undefined && longitude === undefined) return undefined;
  const onEarth = typeof latitude === 'number' && typeof longitude === 'number' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  if (!onEarth) return void leftOut.push(line('placeNotOnEarth'));
  if (latitude === 0 && longitude === 0) return undefined;
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** A media file's sidecar, as JSON already parsed (and its text cleaned). */
export function readSidecar(raw: unknown): Reading<SidecarFields> {
  const leftOut: Sentence[] = [];
  if (!isObject(raw)) return { fields: {}, leftOut: [line('notSidecar')] };
  const fields: SidecarFields = {
    title: textField(raw.title, 'title', MAX_SHORT_TEXT_LENGTH, leftOut),
    description: textField(raw.description, 'description', MAX_TEXT_LENGTH, leftOut),
    dateTaken: takenField(raw.photoTakenTime, leftOut),
    location: placeField(raw.geoData, leftOut) ?? placeField(raw.geoDataExif, leftOut),
  };
  return { fields, leftOut };
}

/** An album folder's metadata.json. */
export function readAlbumMetadata(raw: unknown): Reading<AlbumFields> {
  const leftOut: Sentence[] = [];
  if (!isObject(raw)) return { fields: {}, leftOut: [line('notAlbumDescription')] };
  return {
    fields: {
      title: textField(raw.title, 'title', 200, leftOut),
      description: textField(raw.description, 'description', MAX_TEXT_LENGTH, leftOut),
    },
    leftOut,
  };
}
