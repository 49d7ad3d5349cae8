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
  let stop = () => {};
  button.addEventListener('click', () => {
    void (async () => {
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        note.textContent = intl.formatMessage({
          id: 'escrowOpener.scan.noCamera',
          defaultMessage: 'The camera could not be used. Type the code instead, or allow the camera for this page.',
        });
        box.hidden = false;
        return;
      }
      const video = h('video', {
        playsinline: '',
        muted: '',
        'aria-label': intl.formatMessage({ id: 'escrowOpener.scan.camera', defaultMessage: 'Camera' }),
      });
      video.srcObject = stream;
      const cancel = h(
        'button',
        { type: 'button', class: 'secondary' },
        intl.formatMessage({ id: 'escrowOpener.scan.stop', defaultMessage: 'Stop scanning' }),
      );
      let running = true;
      stop = () => {
        running = false;
        for (const track of stream.getTracks()) track.stop();
        box.hidden = true;
        box.replaceChildren();
      };
      cancel.addEventListener('click', () => stop());
      note.textContent = intl.formatMessage({
        id: 'escrowOpener.scan.hold',
        defaultMessage: 'Hold the verifier’s sheet so that its QR code fills the picture.',
      });
      box.replaceChildren(video, note, cancel);
      box.hidden = false;
      await video.play();
      const detector = new Detector({ formats: ['qr_code'] });
      while (running) {
        const codes = await detector.detect(video).catch(() => []);
        const text = codes[0]?.rawValue;
        if (text) {
          stop();
          found(text.trim());
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
  });
  return h('div', null, button, box);
}
