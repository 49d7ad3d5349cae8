import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Attachment } from '@shared/schemas/memories';
import { AttachmentView } from './attachment-preview';

afterEach(cleanup);

const recording: Attachment = {
  id: '7',
  fileName: 'Voice message 2026-11-28 09.12.webm',
  fileSize: '5120',
  mimeType: 'audio/webm',
  filePath: '/api/memories/3/attachments/7/file',
  playableUrl: '/api/memories/3/attachments/7/file?format=m4a',
};

/** The `<source>` children of the player, as [src, type]. */
const sources = (name: string) =>
  [...screen.getByLabelText(name).querySelectorAll('source')].map((s) => [s.getAttribute('src'), s.getAttribute('type')]);

describe('AttachmentView audio (decision 040)', () => {
  it('offers the original, then its M4A copy, so each browser plays what it can', () => {
    render(<AttachmentView attachment={recording} />);
    const player = screen.getByLabelText(recording.fileName);
    expect(player.tagName).toBe('AUDIO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.hasAttribute('src')).toBe(false); // a src attribute would make the browser ignore the sources
    expect(sources(recording.fileName)).toEqual([
      ['/api/memories/3/attachments/7/file', 'audio/webm'],
      ['/api/memories/3/attachments/7/file?format=m4a', 'audio/mp4'],
    ]);
  });

  it('offers only the original while the copy is being made, and for audio that plays everywhere', () => {
    render(<AttachmentView attachment={{ ...recording, playableUrl: null }} />);
    expect(sources(recording.fileName)).toEqual([['/api/memories/3/attachments/7/file', 'audio/webm']]);
    cleanup();
    const mp3: Attachment = {
      id: '8',
      fileName: 'song.mp3',
      fileSize: '900',
      mimeType: 'audio/mpeg',
      filePath: '/api/memories/3/attachments/8/file',
    };
    render(<AttachmentView attachment={mp3} />);
    expect(sources('song.mp3')).toEqual([['/api/memories/3/attachments/8/file', 'audio/mpeg']]);
  });
});
