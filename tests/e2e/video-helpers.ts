// Videos for the browser tests (decision 038): made with the ffmpeg `npm ci` installs, put in the gallery the
// way the web does it (tus, then POST /api/photos/videos), and watched until they play.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import type { Photo } from '../../src/shared/schemas/photos';
import { expect } from './fixtures';

export const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

export function h264Mp4(seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-video-'));
  const out = path.join(dir, 'clip.mp4');
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** tus 1.0 as the gallery's upload speaks it (one PATCH), then the finished upload made a video. */
export async function uploadVideo(request: APIRequestContext, name: string, bytes: Buffer): Promise<Photo> {
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/photos/video-uploads', {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location']!;
  const patched = await request.patch(location, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  const uploadId = new URL(location, 'http://x').pathname.split('/').pop();
  const video = await request.post('/api/photos/videos', { data: { uploadId } });
  expect(video.status(), await video.text()).toBe(201);
  return (await video.json()) as Photo;
}

/** Whether a video element has decoded enough to show its current frame (HAVE_CURRENT_DATA or more). */
export async function playsFrames(video: Locator) {
  await video.evaluate((el) => (el as HTMLVideoElement).play().catch(() => undefined));
  await expect.poll(() => video.evaluate((el) => (el as HTMLVideoElement).readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
}
