// Videos made by the test with the ffmpeg `npm ci` installs (decision 038), and the two steps that put one in
// the gallery: a tus upload, then POST /api/photos/videos.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
export const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const FFPROBE = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

export type VideoKind = 'h264-mp4' | 'hevc-mov' | 'vp8-webm' | 'h264-mov';

const CODECS: Record<VideoKind, { ext: string; args: string[] }> = {
  'h264-mp4': { ext: 'mp4', args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] },
  'h264-mov': { ext: 'mov', args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] },
  'hevc-mov': {
    ext: 'mov',
    args: ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  },
  'vp8-webm': { ext: 'webm', args: ['-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus'] },
};

export interface VideoOptions {
  seconds?: number;
  size?: string;
  /** Container metadata, e.g. creation_time, or com.apple.quicktime.* in a MOV. */
  metadata?: Record<string, string>;
  /** Extra output arguments (e.g. a rotation). */
  extra?: string[];
}

/** A test-pattern video with a tone, made now; returns its path (in a temp folder the OS cleans). */
export async function makeVideo(kind: VideoKind, opts: VideoOptions = {}): Promise<string> {
  const { ext, args } = CODECS[kind];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-video-'));
  const out = path.join(dir, `clip.${ext}`);
  const seconds = String(opts.seconds ?? 3);
  const metadata = Object.entries(opts.metadata ?? {}).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const appleTags = Object.keys(opts.metadata ?? {}).some((k) => k.startsWith('com.apple.')) ? ['-movflags', 'use_metadata_tags'] : [];
  await promisify(execFile)(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', seconds, ...args, '-shortest', ...appleTags, ...metadata, ...(opts.extra ?? []), out],
  ]);
  return out;
}

/** One tus upload in two PATCHes (a resumed upload, as a browser on a poor line makes it); returns its id. */
export async function tusUpload(base: string, cookie: string, bytes: Buffer, fileName: string): Promise<string> {
  const headers = { cookie, 'tus-resumable': '1.0.0' };
  const created = await fetch(new URL('/api/photos/video-uploads', base), {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, base);
  const half = Math.floor(bytes.length / 2);
  for (const [offset, chunk] of [
    [0, bytes.subarray(0, half)],
    [half, bytes.subarray(half)],
  ] as const) {
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(chunk),
    });
    if (res.status !== 204) throw new Error(`tus patch: ${res.status} ${await res.text()}`);
  }
  return location.pathname.split('/').pop()!;
}

/** Upload and create: the answer of POST /api/photos/videos. */
export async function uploadVideo(base: string, cookie: string, bytes: Buffer, fileName: string) {
  const uploadId = await tusUpload(base, cookie, bytes, fileName);
  return fetch(new URL('/api/photos/videos', base), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId }),
  });
}

/** Where the place fixtures were recorded (the Eiffel tower), as ISO 6709 text. */
export const PLACE_ISO6709 = '+48.8577+002.2950+035.000/';

/** The three ways an MP4-family file names its place: 3GPP `loci`, QuickTime `©xyz`, Apple's ISO 6709 key. */
export type PlaceForm = 'loci' | 'xyz' | 'iso6709';

/**
 * A short AAC voice note in an M4A that names where it was recorded, in one `form`, with a creation time.
 * ffmpeg writes `loci` in an M4A and `©xyz` only in a QuickTime file, so that one gets the M4A brand after.
 */
export async function makeM4aWithPlace(form: PlaceForm, creationTime: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-audio-'));
  const out = path.join(dir, 'voice.m4a');
  const place =
    form === 'iso6709'
      ? ['-movflags', 'use_metadata_tags', '-metadata', `com.apple.quicktime.location.ISO6709=${PLACE_ISO6709}`]
      : ['-metadata', `location=${PLACE_ISO6709}`];
  await promisify(execFile)(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=16000', '-t', '0.5'],
    ...['-c:a', 'aac', ...place, '-metadata', `creation_time=${creationTime}`, '-f', form === 'xyz' ? 'mov' : 'ipod', out],
  ]);
  const bytes = fs.readFileSync(out);
  if (form === 'xyz') {
    // ftyp: size, 'ftyp', major brand, minor version, compatible brands
    bytes.write('M4A ', 8, 'latin1');
    bytes.write('M4A ', 16, 'latin1');
  }
  return bytes;
}
