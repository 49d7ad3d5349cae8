// The words of the vault's documents (issue 29, decision 058), through the API: an upload is answered at once and
// its words are read in the background (a PDF's text layer, OCR of its scanned page), shown in its details and
// found by search; a broken PDF ends 'failed' with a reason, a type heirloom does not read 'unsupported'; a
// document still waiting when the server stopped is read after the restart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shared/schemas/search';
import type { VaultFileDetails } from '@shared/schemas/vault';
import { buildApp } from '@server/app';
import { readDocumentText } from '@server/ai/ocr/document-text';
import { MAX_PART_BYTES, OFFICE_REASONS } from '@server/ai/ocr/office-text';
import { vaultFiles } from '@server/db/schema';
import { DOCX_CONTENT_TYPES, docx, mixedPdf, odt, officeZip } from '@tests/helpers/document-fixture';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('the words of vault documents', () => {
  let t: TestApp;
  let owner: Session;
  let other: Session;

  beforeAll(async () => {
    t = await buildTestApp({ DOCUMENT_TEXT: 'on' });
    owner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  const upload = async (name: string, content: Buffer, contentType: string) => {
    const body = multipart([{ name: 'file', filename: name, content, contentType }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vault',
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const details = async (id: number, app = t.app) => {
    const res = await app.inject({ method: 'GET', url: `/api/vault/${id}/details`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VaultFileDetails;
  };
  /** Its details once its words are read (or could not be). */
  const read = async (id: number, app = t.app) => {
    for (const started = Date.now(); Date.now() - started < 120_000;) {
      const found = await details(id, app);
      if (found.textStatus !== 'pending') return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`document ${id} was not read in time`);
  };
  const search = async (who: Session, q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchResult).groups.flatMap((g) => g.items).filter((hit) => hit.kind === 'document');
  };

  it("reads a PDF's text layer and its scanned page after the upload, and search finds the document by a word in either", async () => {
    const id = await upload('Grandma.pdf', Buffer.from(await mixedPdf()), 'application/pdf');
    expect((await details(id)).textStatus).toBe('pending'); // the upload did not wait for the reading

    const done = await read(id);
    expect(done).toMatchObject({ id, textStatus: 'done', textError: null });
    expect(done.text).toContain('Last will and testament of Rose Martin');
    expect(done.text).toMatch(/orchard to Anne/);

    const byLayer = await search(owner, 'testament');
    expect(byLayer.map((hit) => hit.id)).toEqual([id]);
    expect(byLayer[0]!.snippet?.text).toMatch(/testament/i);
    expect((await search(owner, 'orchard')).map((hit) => hit.id)).toEqual([id]); // a word only the scan holds
    expect(await search(other, 'testament')).toEqual([]); // another account finds nothing
  }, 180_000);

  it('ends a broken PDF failed with a reason, and leaves a type it does not read unsupported', async () => {
    const broken = await upload('deed.pdf', Buffer.from('%PDF-1.7\nnot really a PDF\n%%EOF\n'), 'application/pdf');
    expect(await read(broken)).toMatchObject({
      textStatus: 'failed',
      text: '',
      textError: 'This PDF is damaged, so heirloom could not read its words.',
    });
    const archive = await upload('letters.bin', Buffer.from([0, 1, 2, 3, 4, 5, 0, 255]), 'application/octet-stream');
    expect(await details(archive)).toMatchObject({ textStatus: 'unsupported', text: '', textError: null });
  }, 120_000);

  it('reads the words of Word and OpenDocument files, recognised by their bytes, and search finds them', async () => {
    // named .bin and sent as octet-stream: the type is the bytes', never the name's
    const word = await upload('letter.bin', await docx(['Dearest Margaret,', 'the violin goes to Thomas.']), 'application/octet-stream');
    const open = await upload('notes.odt', await odt('Family recipes', ['Plum cake:  two\teggs and honey.']), 'application/octet-stream');
    expect((await details(word)).mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await details(open)).mimeType).toBe('application/vnd.oasis.opendocument.text');

    expect(await read(word)).toMatchObject({
      textStatus: 'done',
      textError: null,
      text: 'Dearest Margaret,\n\nthe violin goes to Thomas.',
    });
    // a heading, then the paragraph with its two spaces and tab (tidied to one space), without the comment
    expect(await read(open)).toMatchObject({
      textStatus: 'done',
      textError: null,
      text: 'Family recipes\n\nPlum cake: two eggs and honey.',
    });
    expect((await search(owner, 'violin')).map((hit) => hit.id)).toEqual([word]);
    expect((await search(owner, 'plum')).map((hit) => hit.id)).toEqual([open]);
    expect(await search(other, 'violin')).toEqual([]);
  }, 120_000);

  it('ends a zip that only looks like a Word document failed with a reason, and a plain zip unsupported', async () => {
    // its index says Word, but the document itself is missing
    const hollow = await upload(
      'will.docx',
      await officeZip([
        ['[Content_Types].xml', DOCX_CONTENT_TYPES],
        ['word/other.txt', 'hi'],
      ]),
      'application/zip',
    );
    expect(await read(hollow)).toMatchObject({ textStatus: 'failed', text: '', textError: OFFICE_REASONS.docx });
    const zip = await upload('photos.docx', await officeZip([['a.txt', 'hello']]), 'application/zip');
    expect(await details(zip)).toMatchObject({ mimeType: 'application/zip', textStatus: 'unsupported' });
  }, 120_000);

  it('reads no zip bomb: an XML part larger than any document, or one inflating past the size it declares', async () => {
    const huge = ' '.repeat(MAX_PART_BYTES + 1);
    const bomb = await docx(['Hello there'], [['word/styles.xml', huge]]);
    expect(bomb.length).toBeLessThan(1024 * 1024); // small on disk, far larger unpacked
    expect(await readDocumentText({ kind: 'docx', bytes: bomb }, noOcr)).toEqual({ status: 'failed', reason: OFFICE_REASONS.tooLarge });

    // the same, declaring 100 bytes in both of its headers: the entry is cut off at what it declared
    const liar = await docx(['Hello there'], [['word/styles.xml', huge]]);
    declareSize(liar, 'word/styles.xml', 100);
    expect(await readDocumentText({ kind: 'docx', bytes: liar }, noOcr)).toEqual({ status: 'failed', reason: OFFICE_REASONS.docx });

    const odtBomb = await officeZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', huge],
    ]);
    expect(await readDocumentText({ kind: 'odt', bytes: odtBomb }, noOcr)).toEqual({ status: 'failed', reason: OFFICE_REASONS.tooLarge });
    // not a zip at all, and an .odt whose XML is broken
    expect(await readDocumentText({ kind: 'odt', bytes: Buffer.from('PK\x03\x04 not a zip') }, noOcr)).toEqual({
      status: 'failed',
      reason: OFFICE_REASONS.odt,
    });
    const broken = await officeZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office:document-content><oops'],
    ]);
    expect(await readDocumentText({ kind: 'odt', bytes: broken }, noOcr)).toEqual({ status: 'failed', reason: OFFICE_REASONS.odt });
  }, 60_000);

  it('reads, after a restart, a document whose words were still to be read', async () => {
    const id = await upload('recipe.txt', Buffer.from('Apple pie: flour, butter and cinnamon.\n'), 'text/plain');
    await read(id);
    // as a kill -9 leaves it: the document waiting, its job gone with the process
    await t.db.update(vaultFiles).set({ textStatus: 'pending', text: '' }).where(eq(vaultFiles.id, id));
    const restarted = await buildApp({ env: t.env, db: t.db, files: t.files, logger: false });
    try {
      await restarted.ready();
      expect(await read(id, restarted)).toMatchObject({ textStatus: 'done', text: 'Apple pie: flour, butter and cinnamon.' });
    } finally {
      await restarted.close();
    }
    expect((await search(owner, 'cinnamon')).map((hit) => hit.id)).toEqual([id]);
  }, 120_000);
});

const noOcr = () => Promise.reject(new Error('a Word or OpenDocument file never needs OCR'));

/** Rewrites the uncompressed size an entry declares, in its local header (name at +30) and central header (at +46). */
function declareSize(zip: Buffer, name: string, size: number) {
  const bytes = Buffer.from(name);
  for (let at = zip.indexOf(bytes); at !== -1; at = zip.indexOf(bytes, at + 1)) {
    if (at >= 30 && zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt32LE(size, at - 30 + 22);
    if (at >= 46 && zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt32LE(size, at - 46 + 24);
  }
}
