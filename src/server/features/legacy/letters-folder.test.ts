// letters/ as lettersFolder writes it, from letters made here: names that collide or that the folder's own
// pages use, markup in titles, and the policy each page carries.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPublicKey, sealLetter } from '@shared/sealed-letter';
import { lettersFolder, type FolderLetter } from './letters-folder';

const at = new Date('2026-05-01T10:00:00Z');
const about = { ownerName: 'Ada <b>Lovelace</b>', heirName: 'Grace King', now: at, language: 'en' };
const plain = (title: string, files: FolderLetter['files'] = []): FolderLetter => ({
  title,
  releasedAt: at,
  body: 'Hello',
  sealed: null,
  files,
});
const sealedLetter = async (title: string): Promise<FolderLetter> => {
  const sealed = await sealLetter({ body: 'secret', attachments: [] }, await heirPublicKey(keyCodeFromBytes(randomBytes(17))));
  return { title, releasedAt: at, body: null, sealed, files: [] };
};
const recording = { name: 'voice.webm', mimeType: 'audio/webm', open: async () => Readable.from([Buffer.from('sound')]) };

async function folder(letters: FolderLetter[], language = 'en') {
  const files = await lettersFolder({ ...about, language }, letters);
  return new Map(await Promise.all(files.map(async (f) => [f.path, await text(await f.open())] as const)));
}

describe('lettersFolder', () => {
  it('gives letters of the same title, or named like the folder’s own pages, names of their own', async () => {
    const files = await folder([
      plain('Dear Grace', [recording]),
      plain('Dear Grace', [recording]),
      plain('index'),
      await sealedLetter('open-sealed'),
    ]);
    expect([...files.keys()].sort()).toEqual(
      [
        'letters/Dear Grace.html',
        'letters/Dear Grace.txt',
        'letters/Dear Grace - voice.webm',
        'letters/Dear Grace (2).html',
        'letters/Dear Grace (2).txt',
        'letters/Dear Grace (2) - voice.webm',
        'letters/index (2).html',
        'letters/index (2).txt',
        'letters/open-sealed (2).sealed.json',
        'letters/index.html',
        'letters/open-sealed.html',
        'letters/opener.js',
        'letters/sealed-letters.js',
      ].sort(),
    );
    const index = files.get('letters/index.html')!;
    expect(index).toContain('href="Dear%20Grace%20(2).html"');
    expect(index).toContain('href="Dear%20Grace%20(2)%20-%20voice.webm"');
    expect(index).toContain('href="index%20(2).html"');
    expect(files.get('letters/sealed-letters.js')).toContain('"file":"open-sealed (2).sealed.json"');
  });

  it('shows markup in titles and names as text, in the pages and in the data script', async () => {
    const files = await folder([plain('<script>alert(1)</script>'), plain('x', [{ ...recording, name: '"><img src=x>.webm' }])]);
    for (const [name, content] of files) {
      if (name.endsWith('.html')) {
        expect(content, name).not.toContain('<script>alert');
        expect(content, name).not.toContain('<img src=x>');
        expect(content, name).not.toContain('<b>');
      }
    }
    expect(files.get('letters/index.html')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(files.get('letters/x.html')).toContain('Save &quot;&gt;&lt;img src=x&gt;.webm');
  });

  it('writes the heir’s language: English with ISO days as before, German with German days', async () => {
    const letters = [plain('Dear Grace', [recording]), await sealedLetter('Sealed')];
    const english = await folder(letters);
    expect(english.get('letters/index.html')).toContain('<html lang="en">');
    expect(english.get('letters/index.html')).toContain('<p class="meta">Letter · released 2026-05-01</p>');
    expect(english.get('letters/Dear Grace.html')).toContain(
      '<p class="meta">From Ada &lt;b&gt;Lovelace&lt;/b&gt; · released 2026-05-01</p>',
    );
    expect(english.get('letters/sealed-letters.js')).toContain('"language":"en"');

    const german = await folder(letters, 'de');
    const index = german.get('letters/index.html')!;
    expect(index).toContain('<html lang="de">');
    expect(index).toContain('<title>Briefe von Ada &lt;b&gt;Lovelace&lt;/b&gt;</title>');
    expect(index).toContain('<p class="meta">Brief · freigegeben am 1. Mai 2026</p>');
    expect(index).toContain('<p class="meta">Versiegelter Brief · freigegeben am 1. Mai 2026</p>');
    expect(index).toContain('<ul class="files" aria-label="Beigefügt zu Dear Grace">');
    expect(index).toContain('<p><a href="../index.html">Alles andere, was für Sie freigegeben wurde</a></p>');
    expect(german.get('letters/Dear Grace.html')).toContain('download>voice.webm speichern</a>');
    expect(german.get('letters/open-sealed.html')).toContain('<noscript><main class="page"><p>Diese Seite braucht JavaScript');
    expect(german.get('letters/sealed-letters.js')).toContain('"language":"de"');
    expect((await folder([], 'fr')).get('letters/index.html')).toContain('<p>Aucune lettre.</p>');
  });

  it('lets through each page’s own inline style and nothing from the network; only the opener runs scripts and shows blobs', async () => {
    const files = await folder([plain('Dear Grace'), await sealedLetter('Sealed')]);
    for (const name of ['letters/index.html', 'letters/Dear Grace.html', 'letters/open-sealed.html']) {
      const html = files.get(name)!;
      const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
      const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
      expect(directives.get('default-src'), name).toEqual(["'none'"]);
      expect(directives.has('connect-src'), name).toBe(false);
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(css.length, name).toBeGreaterThan(100);
      expect(directives.get('style-src'), name).toEqual([`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
      const blob = name === 'letters/open-sealed.html';
      expect(directives.get('img-src'), name).toEqual(["'self'", 'file:', ...(blob ? ['blob:'] : [])]);
      expect(html.includes('<script'), name).toBe(blob);
    }
    const opener = files.get('letters/opener.js')!;
    // an IIFE: module syntax would not run from file://, and zod must not be bundled
    expect(opener).not.toMatch(/^\s*(import|export)\s/m);
    expect(opener).not.toContain('ZodError');
    expect(opener).not.toMatch(/https?:\/\//);
  });
});
