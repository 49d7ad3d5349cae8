// The escrow opener (decision 076): a sealed copy written by the server's bundle writer opens through the
// opener's own decrypt path (src/web/escrow-opener/open-copy.ts) — its viewer data, its files and its letters —
// and what does not open is said in the opener's words; GET /api/legacy/opener gives the page to anyone. The page
// speaks the browser's language (decision 081).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundleOutline } from '@shared/escrow/bundle-reader';
import { makeReleaseKey } from '@shared/escrow/release-key';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPublicKey } from '@shared/sealed-letter';
import { escrowOpenerHtml, escrowOpenerPolicy } from '@server/lib/escrow-opener';
import { addCatalogues, setLanguage } from '../../src/web/export-viewer/i18n';
import { escrowOpenerCatalogues } from '../../src/web/export-viewer/offline-catalogues';
import { lettersOf } from '../../src/web/escrow-opener/letters';
import { openerMessage } from '../../src/web/escrow-opener/messages';
import { openCopy } from '../../src/web/escrow-opener/open-copy';
import { SAMPLE, sampleCopyFiles, withFlippedByte, writeSampleBundle } from '@tests/helpers/escrow-copy';
import { openOfflinePage } from '@tests/helpers/offline-page';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escrow-opener-'));
const keyCode = keyCodeFromBytes(randomBytes(17));
const release = await makeReleaseKey(2, 3);
const heir = await heirPublicKey(keyCode);
const files = await sampleCopyFiles(heir);
const bundle = path.join(dir, 'anna.heirloom-escrow');
await writeSampleBundle(bundle, { heirPublicKey: heir, release, files });
const codes = { keyCode, verifierCodes: [release.codes[2]!, release.codes[0]!] };

/** The opener's words for what goes wrong when opening with these codes. */
async function refusal(source: Blob, given: { keyCode: string; verifierCodes: string[] }) {
  const header = await readBundleOutline(source).then(
    (outline) => outline.header,
    () => undefined,
  );
  try {
    const copy = await openCopy(source, given);
    for (const file of copy.files) for await (const chunk of copy.chunks(file)) void chunk;
  } catch (err) {
    return openerMessage(err, header);
  }
  throw new Error('The copy opened');
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the escrow opener’s decrypt path', () => {
  it('opens a bundle from the bundle writer: the viewer’s data, every file, and both letters', async () => {
    const copy = await openCopy(await fs.openAsBlob(bundle), codes);
    expect(copy.files.map((f) => f.name)).toEqual([...files.keys()]);
    expect(copy.archive?.photos[0]?.title).toBe(SAMPLE.photoTitle);
    expect(copy.archive?.memories[0]?.content).toBe(SAMPLE.memoryText);
    const photo = await copy.blob(copy.file(SAMPLE.photoPath)!, 'image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(files.get(SAMPLE.photoPath)!)).toBe(true);
    expect(photo.type).toBe('image/jpeg');

    const letters = await lettersOf(copy);
    expect(letters).toEqual([
      {
        kind: 'sealed',
        title: SAMPLE.sealedTitle,
        releasedAt: '2031-05-02T10:00:00.000Z',
        content: { body: SAMPLE.sealedBody, attachments: [] },
      },
      { kind: 'plain', title: SAMPLE.plainTitle, body: SAMPLE.plainBody, files: [] },
    ]);
  });

  it('says which code is wrong or missing, and which file and part of a changed copy', async () => {
    const source = await fs.openAsBlob(bundle);
    const other = await makeReleaseKey(2, 3);
    expect(await refusal(source, { keyCode, verifierCodes: [release.codes[1]!] })).toBe('2 verifier codes are needed; 1 was given.');
    expect(await refusal(source, { keyCode: keyCodeFromBytes(randomBytes(17)), verifierCodes: codes.verifierCodes })).toMatch(
      /^This key code is not the one this copy was sealed for\./,
    );
    expect(await refusal(source, { keyCode, verifierCodes: [release.codes[0]!, other.codes[1]!] })).toMatch(
      /^Verifier code 2 belongs to another plan/,
    );
    const typo = release.codes[0]!.replace(/^(.{7})(.)/, (_, head: string, c: string) => head + (c === 'A' ? 'B' : 'A'));
    expect(await refusal(source, { keyCode, verifierCodes: [typo, release.codes[1]!] })).toBe(
      "Verifier code 1 has a typo in group 2. Check that group against the verifier's sheet.",
    );
    const changed = path.join(dir, 'changed.heirloom-escrow');
    fs.writeFileSync(changed, await withFlippedByte(bundle, codes, SAMPLE.photoPath));
    expect(await refusal(await fs.openAsBlob(changed), codes)).toMatch(
      new RegExp(`^The copy was changed or damaged: file “${SAMPLE.photoPath}”, part 1\\.`),
    );
    const letterChanged = path.join(dir, 'letter-changed.heirloom-escrow');
    fs.writeFileSync(letterChanged, await withFlippedByte(bundle, codes, `letters/${SAMPLE.sealedTitle}.sealed.json`));
    const damaged: string[] = [];
    const letters = await lettersOf(await openCopy(await fs.openAsBlob(letterChanged), codes), (err) => damaged.push(openerMessage(err)));
    expect(letters.map((l) => l.title)).toEqual([SAMPLE.plainTitle]);
    expect(damaged).toEqual([
      `The copy was changed or damaged: file “letters/${SAMPLE.sealedTitle}.sealed.json”, part 1. Try another copy of it (the one on the USB stick, or in the bucket).`,
    ]);
    expect(await refusal(new Blob(['not a bundle']), codes)).toMatch(/^This file is not a sealed copy from heirloom/);
  });
});

describe('GET /api/legacy/opener', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives anyone the one self-contained page, as a download, with a policy that forbids every connection', async () => {
    const res = await t.app.inject({ url: '/api/legacy/opener' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="open-heirloom-bundle.html"; filename*=UTF-8\'\'open-heirloom-bundle.html',
    );
    const html = res.body;
    const js = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const css = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(js.length).toBeGreaterThan(1000);
    // the policy in the page is the one made for exactly this script and these styles
    expect(html).toContain(`content="${escrowOpenerPolicy({ js, css })}"`);
    expect(escrowOpenerPolicy({ js, css })).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'; /);
    expect(html).not.toMatch(/<script src=|<link /);
  });
});

describe('the escrow opener’s languages', () => {
  it('opens in German for a German browser, and in English for an English one, as built from source', async () => {
    const html = await escrowOpenerHtml();
    const german = openOfflinePage(html, { languages: ['de-DE', 'de', 'en'] });
    expect(german.errors).toEqual([]);
    expect(german.document.documentElement.lang).toBe('de');
    expect(german.document.title).toBe('Eine versiegelte Kopie von heirloom öffnen');
    expect(german.document.querySelector('h1')?.textContent).toBe('Eine versiegelte Kopie von heirloom öffnen');
    expect(german.document.querySelector('label[for="key-code"]')?.textContent).toBe('Ihr Schlüsselcode');
    expect(german.document.querySelector('button[type="submit"]')?.textContent).toBe('Kopie öffnen');
    expect(german.document.querySelector<HTMLSelectElement>('.language select')?.value).toBe('de');

    const english = openOfflinePage(html, { languages: ['en-US', 'en'] });
    expect(english.errors).toEqual([]);
    expect(english.document.documentElement.lang).toBe('en');
    expect(english.document.querySelector('h1')?.textContent).toBe('Open a sealed copy from heirloom');
    expect(english.document.querySelector('label[for="key-code"]')?.textContent).toBe('Your key code');
    // the policy still names exactly the page's one script
    const js = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const css = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(html).toContain(`content="${escrowOpenerPolicy({ js, css })}"`);
  }, 60_000);

  it('says without JavaScript what it needs in every language heirloom ships, English first, each marked', async () => {
    const html = await escrowOpenerHtml();
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(noscript).toMatch(
      /^<main class="page"><h1>Open a sealed copy from heirloom<\/h1><p>This page needs JavaScript: it opens the sealed copy in this browser, with your key code and the verifiers' codes, and sends nothing anywhere\. Turn JavaScript on for this file and open it again\.<\/p>/,
    );
    expect(noscript).toContain('<section lang="de"><h2>Eine versiegelte Kopie von heirloom öffnen</h2><p>Diese Seite braucht JavaScript:');
    expect(noscript).toContain('<section lang="es"><h2>Abrir una copia sellada de heirloom</h2>');
    expect(noscript).toContain('<section lang="fr"><h2>Ouvrir une copie scellée de heirloom</h2>');
    expect(html).toContain('<html lang="en">');
  });

  it('says what does not open in the reader’s language, with their plurals', async () => {
    const source = await fs.openAsBlob(bundle);
    addCatalogues(escrowOpenerCatalogues);
    try {
      setLanguage('de');
      expect(await refusal(source, { keyCode, verifierCodes: [release.codes[1]!] })).toBe(
        '2 Codes von Vertrauenspersonen sind nötig; 1 wurde eingegeben.',
      );
      const typo = release.codes[0]!.replace(/^(.{7})(.)/, (_, head: string, c: string) => head + (c === 'A' ? 'B' : 'A'));
      expect(await refusal(source, { keyCode, verifierCodes: [typo, release.codes[1]!] })).toBe(
        'Der Code der Vertrauensperson 1 enthält einen Tippfehler in Gruppe 2. Vergleichen Sie diese Gruppe mit dem Blatt der Vertrauensperson.',
      );
      setLanguage('fr');
      expect(await refusal(source, { keyCode, verifierCodes: [release.codes[1]!] })).toBe('Il faut 2 codes de témoins ; 1 a été saisi.');
    } finally {
      setLanguage('en');
    }
  });
});
