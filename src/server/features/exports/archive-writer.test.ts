// The writer and its text formats on their own: no database, real zips read back with yauzl.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportContact, type HeirloomExport } from '@shared/export-format';
import { readZip } from '@tests/helpers/zip';
import { archiveTotals, writeArchive, type ArchiveProgress } from './archive-writer';
import type { ExportDataset } from './export-dataset';
import { escapeText, foldLine, vcardOf } from './vcard';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function documentWith(paths: string[]): HeirloomExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: '2026-11-25T12:00:00.000Z',
    scope: 'account',
    title: 'Test',
    includesPlaces: true,
    owner: {
      firstName: 'A',
      surname: 'B',
      email: null,
      dateOfBirth: null,
      cityOfBirth: null,
      address: null,
      mobileNumber: null,
      profilePicture: null,
    },
    documents: paths.map((path, i) => ({
      path,
      fileName: path.split('/').at(-1)!,
      mimeType: 'application/octet-stream',
      size: 0,
      sha256: '',
      id: i + 1,
      description: null,
      memoryId: null,
      uploadedAt: '2026-11-25T12:00:00.000Z',
    })),
    photos: [],
    memories: [],
    contacts: [],
    collections: [],
  };
}

const fileOf = (path: string, bytes: Buffer) => ({
  path,
  mtime: new Date(),
  compress: false,
  size: bytes.length,
  open: async () => Readable.from([bytes]),
});

describe('writeArchive', () => {
  it('fills in each original’s size and sha256 from the bytes it streamed, and counts its progress', async () => {
    const a = Buffer.from('first file');
    const b = Buffer.alloc(200_000, 7);
    const dataset: ExportDataset = {
      document: documentWith(['originals/documents/a.bin', 'originals/documents/b.bin']),
      files: [fileOf('originals/documents/a.bin', a), fileOf('originals/documents/b.bin', b)],
    };
    const seen: ArchiveProgress[] = [];
    const zip = await readZip(await buffer(writeArchive(dataset, (p) => seen.push(p))));
    const doc = JSON.parse(zip.get('heirloom.json')!.toString('utf8')) as HeirloomExport;
    expect(doc.documents.map((d) => [d.size, d.sha256])).toEqual([
      [a.length, sha(a)],
      [b.length, sha(b)],
    ]);
    const totals = archiveTotals(dataset);
    expect(totals).toEqual({ itemsTotal: zip.size, bytesTotal: a.length + b.length });
    expect(seen.at(-1)).toEqual({ itemsDone: zip.size, bytesDone: a.length + b.length });
    // no contacts: no contacts.vcf
    expect(zip.has('contacts.vcf')).toBe(false);
  });

  it('keeps </script> in the data from ending the viewer’s script', async () => {
    const dataset: ExportDataset = { document: { ...documentWith([]), title: '</script><script>alert(1)</script>' }, files: [] };
    const zip = await readZip(await buffer(writeArchive(dataset)));
    const script = zip.get('viewer/data.js')!.toString('utf8');
    expect(script).not.toContain('</script');
    const json = script.slice('window.HEIRLOOM_EXPORT = '.length).trim().replace(/;$/, '');
    expect((JSON.parse(json) as HeirloomExport).title).toBe('</script><script>alert(1)</script>');
  });

  it('refuses a dataset whose document names a file it does not hold, or names one twice', () => {
    expect(() => writeArchive({ document: documentWith(['originals/documents/a.bin']), files: [] })).toThrow(/not among the files/);
    const twice = fileOf('originals/documents/a.bin', Buffer.from('x'));
    expect(() =>
      writeArchive({
        document: documentWith(['originals/documents/a.bin']),
        files: [twice, { ...twice, path: 'Originals/Documents/A.bin' }],
      }),
    ).toThrow(/twice/);
  });

  it('ends the stream with an error when a file cannot be read, never leaving it unhandled', async () => {
    const broken = {
      ...fileOf('originals/documents/a.bin', Buffer.from('x')),
      open: async () => {
        const stream = new Readable({ read() {} });
        setImmediate(() => stream.destroy(new Error('disk gone')));
        return stream;
      },
    };
    const archive = writeArchive({ document: documentWith(['originals/documents/a.bin']), files: [broken] });
    await expect(buffer(archive)).rejects.toThrow('disk gone');
  });
});

describe('vCard 4.0', () => {
  const contact: ExportContact = {
    id: 1,
    firstName: 'Zoë',
    lastName: 'O;Brien',
    email: null,
    phoneNumber: '+44 20 7946 0958',
    address: '1 High St, Oxford',
    birthday: null,
    relationship: 'friend',
    familyRelation: null,
    notes: null,
  };

  it('escapes backslashes, commas, semicolons and line breaks', () => {
    expect(escapeText('a\\b,c;d\r\ne\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `NOTE:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });

  it('writes one card with the structured name and the address as its label', () => {
    const card = vcardOf(contact);
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Zoë O\\;Brien',
        'N:O\\;Brien;Zoë;;;',
        'TEL;VALUE=text:+44 20 7946 0958',
        'ADR;LABEL="1 High St, Oxford":;;1 High St\\, Oxford;;;;',
        'CATEGORIES:friend',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });
});
