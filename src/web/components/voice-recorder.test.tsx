import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { formatElapsed, voiceMessageName, VoiceRecorder } from './voice-recorder';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A browser that can record: a MediaRecorder class and a getUserMedia that does what `getUserMedia` says. */
function stubRecordingBrowser(getUserMedia: () => Promise<MediaStream>) {
  class FakeRecorder {
    static isTypeSupported = () => true;
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

describe('VoiceRecorder', () => {
  it('offers no Record button where the browser cannot record (no MediaRecorder)', () => {
    expect(window.MediaRecorder).toBeUndefined();
    render(<VoiceRecorder maxBytes={1000} onRecorded={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
  });

  it('says so in words when the microphone is refused, and stays ready to try again', async () => {
    stubRecordingBrowser(() => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })));
    const onRecorded = vi.fn();
    render(<VoiceRecorder maxBytes={1000} onRecorded={onRecorded} />);
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'heirloom could not use your microphone: permission was refused. Allow the microphone for this site in your browser and try again.',
    );
    expect((screen.getByRole('button', { name: 'Record' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onRecorded).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });

  it('names a recording by its date and the format the browser made', () => {
    const at = new Date(2026, 10, 26, 14, 3);
    expect(voiceMessageName('audio/webm;codecs=opus', at)).toBe('Voice message 2026-11-26 14.03.webm');
    expect(voiceMessageName('audio/mp4', at)).toBe('Voice message 2026-11-26 14.03.m4a');
    expect(formatElapsed(3999)).toBe('0:03');
    expect(formatElapsed(754_000)).toBe('12:34');
  });

  it('names a recording in the page’s language', async () => {
    await switchLanguage('de', { remember: false });
    try {
      expect(voiceMessageName('audio/ogg;codecs=opus', new Date(2026, 10, 26, 9, 5))).toBe('Sprachnachricht 2026-11-26 09.05.ogg');
    } finally {
      await switchLanguage('en', { remember: false });
    }
  });
});
