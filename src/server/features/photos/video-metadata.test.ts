import { describe, expect, it } from 'vitest';
import { readVideoMetadata } from './video-metadata';

describe('readVideoMetadata text', () => {
  it('keeps text the database stores: no NUL, and no half of a character its length limit cut in two', () => {
    const probe = {
      format: { tags: { make: `${'a'.repeat(199)}😀`, model: 'Pix\u0000el', encoder: 'x\uDC00y' } },
      streams: [{ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 16, height: 16 }],
    };
    const meta = readVideoMetadata(probe, 'video/mp4')!;
    expect(meta.exifData).toMatchObject({ Make: `${'a'.repeat(199)}\ufffd`, Model: 'Pixel', Software: 'x\ufffdy' });
    // the whole of it goes into jsonb, which refuses an unpaired surrogate written as \udxxx
    expect(JSON.stringify(meta.exifData)).not.toMatch(/\\ud[89a-f]/i);
  });
});
