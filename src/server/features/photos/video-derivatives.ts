// What a video is shown with (decision 038), made by ffmpeg into temp files: a poster frame (from which the
// photo derivatives make the grid thumbnail and the viewer's poster), a 3-second muted preview for the grid,
// and, when browsers cannot play the original, an H.264/AAC MP4 copy. Keys sit next to the original's.
import fsp from 'node:fs/promises';
import { runFfmpeg, type MediaTools, type RunOptions } from '../../lib/ffmpeg';

export type VideoVariant = 'preview' | 'copy';

export const videoKey = (originalKey: string, variant: VideoVariant) =>
  variant === 'preview' ? `${originalKey}.preview.mp4` : `${originalKey}.play.mp4`;

/** The longest side of the playable copy: 1080p, as phones film and every screen shows. */
const COPY_MAX_PX = 1920;
const PREVIEW_MAX_PX = 320;
const PREVIEW_SECONDS = 3;

/** Scale so the longer side is at most `px`, keeping the aspect and even sizes (4:2:0 needs them). */
const fitInside = (px: number) => `scale=w='if(gte(iw,ih),trunc(min(${px},iw)/2)*2,-2)':h='if(gte(iw,ih),-2,trunc(min(${px},ih)/2)*2)'`;

/**
 * A JPEG of the frame one second in (the first frame of a shorter video: a second in is past a fade from
 * black, and phones' first frames are often dark). ffmpeg applies the rotation a phone recorded.
 */
export async function extractPoster(tools: MediaTools, input: string, output: string, durationMs: number | null) {
  const at = durationMs !== null && durationMs > 2000 ? 1 : 0;
  const args = (seconds: number) => ['-ss', String(seconds), '-i', input, '-frames:v', '1', '-q:v', '2', '-f', 'image2', output];
  try {
    await runFfmpeg(tools, args(at));
    if ((await fsp.stat(output)).size > 0) return;
  } catch (err) {
    if (at === 0) throw err;
  }
  await runFfmpeg(tools, args(0)); // no frame at one second (a wrong duration): the first one
}

/** A few seconds, small, muted and looping-friendly, for hovering in the grid. */
export async function makePreview(tools: MediaTools, input: string, output: string, opts: Pick<RunOptions, 'signal'> = {}) {
  await runFfmpeg(
    tools,
    [
      ...['-t', String(PREVIEW_SECONDS), '-i', input, '-map', '0:v:0', '-an', '-map_metadata', '-1', '-vf', fitInside(PREVIEW_MAX_PX)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', output],
    ],
    { ...opts, nice: true },
  );
}

/**
 * The playable copy. 'remux' moves H.264/AAC from a MOV (or an MP4 with a place) into an MP4 without touching the pictures (seconds);
 * 'transcode' makes H.264 (8-bit 4:2:0, at most 1080p) with stereo AAC. Both put the index first
 * (+faststart) so playback starts before the whole file has arrived.
 */
export async function makePlayableCopy(
  tools: MediaTools,
  input: string,
  output: string,
  mode: 'remux' | 'transcode',
  { createdAt, ...opts }: RunOptions & { createdAt?: Date | null },
) {
  // no container metadata (place, camera): the copy is what shares without places play and download; only
  // the time it was filmed is written back, so a downloaded copy keeps its date in a photo app
  const streams = [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    ...(createdAt ? ['-metadata', `creation_time=${createdAt.toISOString()}`] : []),
  ];
  const codecs =
    mode === 'remux'
      ? ['-c', 'copy']
      : [
          ...['-vf', fitInside(COPY_MAX_PX), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-b:a', '160k', '-ac', '2'],
        ];
  await runFfmpeg(tools, ['-i', input, ...streams, ...codecs, '-movflags', '+faststart', '-f', 'mp4', output], { ...opts, nice: true });
}
