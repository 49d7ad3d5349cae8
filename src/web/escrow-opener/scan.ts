// "Scan the QR code": the camera and the browser's own BarcodeDetector, where the browser has both (Chrome on
// Android, Safari with the feature on). Elsewhere no button is shown and the code is typed or pasted.
import { h } from '../export-viewer/dom';
import { intl } from '../export-viewer/i18n';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
const canScan = () => Detector !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The scan running in the page, if any: one camera at a time, so starting another (in any field) stops it. */
let stopRunning = () => {};

export function scanButton(label: string, found: (text: string) => void): HTMLElement | null {
  if (!canScan() || !Detector) return null;
  const button = h(
    'button',
    { type: 'button', class: 'secondary' },
    intl.formatMessage({ id: 'escrowOpener.scan.button', defaultMessage: 'Scan the QR code' }),
  );
  button.setAttribute('aria-label', label);
  const box = h('div', { class: 'scan', hidden: '' });
  const note = h('p', { class: 'hint', 'aria-live': 'polite' });
  const noCamera = () => {
    note.textContent = intl.formatMessage({
      id: 'escrowOpener.scan.noCamera',
      defaultMessage: 'The camera could not be used. Type the code instead, or allow the camera for this page.',
    });
    box.replaceChildren(note);
    box.hidden = false;
  };
  button.addEventListener('click', () => {
    stopRunning();
    let running = true;
    let stream: MediaStream | undefined;
    // the camera is given back however the scan ends: a code read, Stop, another scan, or the page moving on
    const giveBack = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const stop = () => {
      running = false;
      giveBack();
      box.hidden = true;
      box.replaceChildren();
    };
    stopRunning = stop;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        if (running) noCamera();
        return;
      }
      if (!running) return giveBack(); // stopped while the browser was still asking for the camera
      const video = h('video', {
        playsinline: '',
        muted: '',
        'aria-label': intl.formatMessage({ id: 'escrowOpener.scan.camera', defaultMessage: 'Camera' }),
      });
      video.muted = true;
      video.srcObject = stream;
      const cancel = h(
        'button',
        { type: 'button', class: 'secondary' },
        intl.formatMessage({ id: 'escrowOpener.scan.stop', defaultMessage: 'Stop scanning' }),
      );
      cancel.addEventListener('click', () => {
        stop();
        button.focus();
      });
      note.textContent = intl.formatMessage({
        id: 'escrowOpener.scan.hold',
        defaultMessage: 'Hold the verifier’s sheet so that its QR code fills the picture.',
      });
      box.replaceChildren(video, note, cancel);
      box.hidden = false;
      try {
        await video.play();
      } catch {
        if (running) {
          stop();
          noCamera();
        }
        return;
      }
      const detector = new Detector({ formats: ['qr_code'] });
      while (running && box.isConnected) {
        const codes = await detector.detect(video).catch(() => []);
        const text = codes[0]?.rawValue;
        if (running && text) {
          stop();
          found(text.trim());
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      giveBack(); // the field left the page (the copy opened while scanning), or the scan was stopped
    })();
  });
  return h('div', null, button, box);
}
