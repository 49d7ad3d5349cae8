// The browser's CJK fallback finds the slice files through Vite's glob and fetches only the ones a name needs.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cjkFallback } from './pdf-fonts';

afterEach(() => vi.unstubAllGlobals());

describe('the CJK fallback of the browser’s PDFs', () => {
  it('fetches the slices that hold a name’s characters, in the weight asked for, and nothing else', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const file = path.join(process.cwd(), decodeURIComponent(new URL(url, 'http://localhost').pathname));
      return new Response(new Uint8Array(fs.readFileSync(file)));
    });
    const files = await cjkFallback.forCodePoints(
      [...'王秀英'].map((ch) => ch.codePointAt(0)!),
      700,
    );
    expect(files.map((f) => f.key).sort()).toEqual(['noto-sans-sc-114-700', 'noto-sans-sc-116-700']);
    expect(fetched).toHaveLength(2);
    for (const url of fetched) expect(url).toMatch(/noto-sans-sc-11[46]-700-normal\.woff/);
    for (const { bytes } of files) expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('wOFF');
  });

  it('fetches nothing for characters no slice holds', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await cjkFallback.forCodePoints([0xe000], 400)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
