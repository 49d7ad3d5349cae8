import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, LaunchOptions, Page } from '@playwright/test';
import { toFile as qrToFile } from 'qrcode';

/**
 * Chromium's fake camera showing the QR code of `text`, drawn by the library and with the error correction the
 * verifier sheets use (legacy-kit.ts drawQr), in the middle of a white 640×480 picture: a one-second video in
 * `dir` that Chromium plays in a loop.
 */
export async function qrCodeVideo(text: string, dir: string): Promise<string> {
  const png = path.join(dir, 'qr.png');
  const video = path.join(dir, 'camera.y4m');
  await qrToFile(png, text, { errorCorrectionLevel: 'M', width: 400, margin: 4 });
  await promisify(execFile)('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-t', '1', '-r', '10'],
    ...['-vf', 'pad=640:480:(ow-iw)/2:(oh-ih)/2:white', '-pix_fmt', 'yuv420p', video],
  ]);
  return video;
}

/** The project's launch options, with a camera that shows `video` and allows itself without asking. */
export function withFakeCamera(launchOptions: LaunchOptions, video: string): LaunchOptions {
  return {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}

/**
 * Chromium has a BarcodeDetector only where the system offers one (Android, macOS, ChromeOS), not on Linux: there
 * the pages of `context` get one that reads the camera's picture with jsQR, so the page's own scanning (the
 * camera, its video, the detection loop, the field it fills) runs as it does on a phone. A browser with its own
 * detector keeps it.
 */
export async function barcodeDetectorWhereMissing(context: BrowserContext) {
  await context.addInitScript({ path: createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js') });
  await context.addInitScript(() => {
    if ('BarcodeDetector' in globalThis) return;
    type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
    const decode = (globalThis as unknown as { jsQR: Decode }).jsQR;
    const canvas = document.createElement('canvas');
    class JsQrBarcodeDetector {
      static getSupportedFormats() {
        return Promise.resolve(['qr_code']);
      }
      detect(video: HTMLVideoElement) {
        if (video.readyState < 2 || !video.videoWidth) return Promise.resolve([]);
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const drawing = canvas.getContext('2d', { willReadFrequently: true })!;
        drawing.drawImage(video, 0, 0);
        const found = decode(drawing.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
        return Promise.resolve(found ? [{ rawValue: found.data, format: 'qr_code' }] : []);
      }
    }
    Object.defineProperty(globalThis, 'BarcodeDetector', { value: JsQrBarcodeDetector, configurable: true, writable: true });
  });
}

declare global {
  interface Window {
    __cameraStreams?: MediaStream[];
  }
}

/** Every camera stream the pages of `context` are given is remembered, for liveCameraTracks. */
export async function recordCameraStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const streams: MediaStream[] = (window.__cameraStreams = []);
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How many camera streams the page was given, and how many of their tracks still run (the camera is on). */
export function cameraUse(page: Page) {
  return page.evaluate(() => {
    const streams = window.__cameraStreams ?? [];
    return { streams: streams.length, live: streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length };
  });
}
