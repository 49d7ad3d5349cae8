// What a video says about itself, read from ffprobe's JSON (decision 038): when it was taken (QuickTime's
// creation date with its offset, else the container's UTC creation time), how long it is, its size as shown
// (rotation applied), where (ISO 6709 location) and with which camera, and whether browsers play it as it is.
import { cleanString, type ExifValue } from './photo-metadata';

export interface VideoMetadata {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  dateTaken: Date | null;
  location: string | null;
  cameraInfo: string | null;
  exifData: Record<string, ExifValue> | null;
  /** How browsers get to play it: the original itself, a remux into MP4 (-c copy), or a new H.264/AAC copy. */
  playback: 'original' | 'remux' | 'transcode';
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

interface Probe {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: ProbeStream[];
}

/** Cameras with no clock write zero (1904 or 1970); nothing was filmed before this. */
const EARLIEST_FILMED = Date.parse('1900-01-01T00:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** A tag's text as photos' tags are kept (photo-metadata.ts): no control characters, no broken surrogate, 200 characters. */
const clean = (value: string | undefined) => (typeof value === 'string' ? cleanString(value) : undefined);

/** Tags are case-insensitive in practice (MP4 writes `creation_time`, some muxers `CREATION_TIME`). */
function tagReader(tags: Record<string, string> | undefined) {
  const lower = new Map(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return (...names: string[]) => {
    for (const name of names) {
      const value = clean(lower.get(name.toLowerCase()));
      if (value) return value;
    }
    return undefined;
  };
}

/** The probe's video stream: the first one that is not an embedded cover picture. */
export function videoStreamOf(probe: unknown): ProbeStream | undefined {
  return ((probe as Probe | null)?.streams ?? []).find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
}

const plausible = (time: number) => Number.isFinite(time) && time >= EARLIEST_FILMED && time <= Date.now() + DAY_MS;

/** "2019-07-03T18:30:00-0700" → the instant and "-07:00" (QuickTime's creationdate keeps the local offset). */
function parseLocalWithOffset(value: string): { instant: Date; offset: string } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!match) return undefined;
  const raw = match[3]!;
  const offset = raw === 'Z' ? '+00:00' : `${raw.slice(0, 3)}:${raw.slice(-2)}`;
  const instant = new Date(`${match[1]}T${match[2]}${offset}`);
  return plausible(instant.getTime()) ? { instant, offset } : undefined;
}

/** "+37.7749-122.4194+010.000/" (ISO 6709, as phones write it) → "37.774900, -122.419400". */
export function locationFromIso6709(value: string | undefined): string | null {
  const match = value && /^([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)/.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/**
 * Browsers play H.264 (8-bit 4:2:0) with AAC or MP3 or no sound, in MP4; the rest needs a copy. An original
 * that says where it was filmed is remuxed too (seconds, pictures untouched): the copy carries no container
 * metadata, so a share without places can play it (decision 038).
 */
function playbackOf(mimeType: string, video: ProbeStream, audio: ProbeStream | undefined, hasPlace: boolean): VideoMetadata['playback'] {
  const playableVideo = video.codec_name === 'h264' && (video.pix_fmt === 'yuv420p' || video.pix_fmt === 'yuvj420p');
  const playableAudio = !audio || audio.codec_name === 'aac' || audio.codec_name === 'mp3';
  if (!playableVideo || !playableAudio) return 'transcode';
  return (mimeType === 'video/mp4' || mimeType === 'video/x-m4v') && !hasPlace ? 'original' : 'remux';
}

/** Read ffprobe's answer for a file already recognised as `mimeType`; undefined when it holds no video stream. */
export function readVideoMetadata(probe: unknown, mimeType: string): VideoMetadata | undefined {
  const video = videoStreamOf(probe);
  if (!video) return undefined;
  const streams = (probe as Probe).streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const tag = tagReader((probe as Probe).format?.tags);

  const seconds = Number((probe as Probe).format?.duration);
  const durationMs = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;

  const swap = rotationOf(video) % 180 === 90;
  const width = (swap ? video.height : video.width) ?? null;
  const height = (swap ? video.width : video.height) ?? null;

  const local = parseLocalWithOffset(tag('com.apple.quicktime.creationdate') ?? '');
  const utcText = tag('creation_time', 'date');
  const utc = utcText ? new Date(utcText) : undefined;
  const dateTaken = local?.instant ?? (utc && plausible(utc.getTime()) ? utc : null);

  const make = tag('com.apple.quicktime.make', 'make', 'com.android.manufacturer');
  const model = tag('com.apple.quicktime.model', 'model', 'com.android.model');
  // "Apple iPhone 12", but "Canon EOS R5" rather than "Canon Canon EOS R5"
  const cameraInfo = make && model?.toLowerCase().startsWith(make.toLowerCase()) ? model : [make, model].filter(Boolean).join(' ');

  const exif: Record<string, ExifValue> = {};
  if (make) exif.Make = make;
  if (model) exif.Model = model;
  const software = tag('com.apple.quicktime.software', 'encoder');
  if (software) exif.Software = software;
  if (local) {
    exif.DateTimeOriginal = tag('com.apple.quicktime.creationdate')!;
    exif.OffsetTimeOriginal = local.offset;
  }
  if (video.codec_name) exif.VideoCodec = video.codec_name;
  if (audio?.codec_name) exif.AudioCodec = audio.codec_name;

  const location = locationFromIso6709(tag('com.apple.quicktime.location.iso6709', 'location'));
  // any place tag at all (even one we cannot read) keeps the original out of shares without places
  const hasPlace = location !== null || tag('com.apple.quicktime.location.iso6709', 'location', 'location-eng') !== undefined;
  return {
    durationMs,
    width,
    height,
    dateTaken,
    location,
    cameraInfo: cameraInfo || null,
    exifData: Object.keys(exif).length > 0 ? exif : null,
    playback: playbackOf(mimeType, video, audio, hasPlace),
  };
}
