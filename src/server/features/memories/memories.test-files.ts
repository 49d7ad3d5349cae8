// Real media files for the memories tests, made in memory: a JPEG and PNG by sharp, a PCM WAV and an MP3
// with a real ID3 header and MPEG frames. Test-only.
import sharp from 'sharp';
export { wavFile } from '@tests/helpers/audio';

export async function jpegFile(width = 8, height = 8) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export async function pngFile() {
  return sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 80, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** An ID3v2.3 tag followed by MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
export function mp3File(frames = 20) {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** A file that starts like a JPEG but is larger than the limit (the rest is zeros). */
export async function oversizedJpeg(totalBytes: number) {
  const jpeg = await jpegFile();
  const out = Buffer.alloc(totalBytes);
  jpeg.copy(out);
  return out;
}
