// Hostile archives, written in the test with yazl (never committed binaries): names yazl itself refuses to
// write (`../`, absolute, drive letters, backslashes) are written under a placeholder of the same length and
// patched in both the local header and the central directory afterwards.
import yazl from 'yazl';

interface Entry {
  name: string;
  data: Buffer;
  /** Unix mode bits for the external attributes (0o120777 = a symbolic link). */
  mode?: number;
  compress?: boolean;
  /** Marks the entry encrypted (general purpose flag bit 0) in both of its headers. */
  encrypted?: boolean;
}

/** Writes entries with yazl; a name yazl would refuse is patched into the bytes afterwards. */
export async function hostileZip(entries: Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: Array<[Buffer, Buffer]> = [];
  entries.forEach((entry, i) => {
    const safe = /(^|\/)\.\.(\/|$)|^\/|^[a-zA-Z]:|\\/.test(entry.name);
    const name = safe ? placeholder(entry.name.length, i) : entry.name;
    if (safe) patches.push([Buffer.from(name), Buffer.from(entry.name)]);
    zip.addBuffer(entry.data, name, { mode: entry.mode, compress: entry.compress ?? true });
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const out = Buffer.concat(chunks);
  for (const [from, to] of patches) {
    let at = out.indexOf(from);
    while (at !== -1) {
      to.copy(out, at);
      at = out.indexOf(from, at + to.length);
    }
  }
  for (const entry of entries.filter((e) => e.encrypted)) markEncrypted(out, entry.name);
  return out;
}

/** Sets the "encrypted" flag of an entry in its local header (name at +30) and its central header (name at +46). */
function markEncrypted(zip: Buffer, name: string) {
  const bytes = Buffer.from(name);
  for (let at = zip.indexOf(bytes); at !== -1; at = zip.indexOf(bytes, at + 1)) {
    if (at >= 30 && zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt16LE(zip.readUInt16LE(at - 30 + 6) | 1, at - 30 + 6);
    if (at >= 46 && zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt16LE(zip.readUInt16LE(at - 46 + 8) | 1, at - 46 + 8);
  }
}

/** A unique name of exactly `length` characters. */
function placeholder(length: number, i: number) {
  const tag = `p${i}q`;
  if (length < tag.length) throw new Error('name too short to patch');
  return tag + 'x'.repeat(length - tag.length);
}

export const ZIP_BOMB_BYTES = 24 * 1024 * 1024;

/** The catalogue the hostile-import test walks: each archive and the words its refusal must contain. */
export async function hostileCatalogue(photo: Buffer) {
  const heirloomLike = { name: 'heirloom.json', data: Buffer.from('{"format":"heirloom-export"}') };
  return [
    { label: 'path traversal', zip: await hostileZip([{ name: '../evil.jpg', data: photo }]), words: ['../evil.jpg', 'outside'] },
    { label: 'deep traversal', zip: await hostileZip([{ name: 'a/../../evil.jpg', data: photo }]), words: ['outside'] },
    { label: 'absolute path', zip: await hostileZip([{ name: '/etc/evil.jpg', data: photo }]), words: ['/etc/evil.jpg', 'absolute'] },
    { label: 'drive letter', zip: await hostileZip([{ name: 'C:/evil.jpg', data: photo }]), words: ['absolute'] },
    { label: 'backslash', zip: await hostileZip([{ name: '..\\evil.jpg', data: photo }]), words: ['backslash'] },
    {
      label: 'symlink',
      zip: await hostileZip([heirloomLike, { name: 'originals/link.jpg', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
      words: ['originals/link.jpg', 'symbolic link'],
    },
    {
      label: 'zip bomb',
      zip: await hostileZip([heirloomLike, { name: 'originals/zeros.jpg', data: Buffer.alloc(ZIP_BOMB_BYTES) }]),
      words: ['originals/zeros.jpg', 'zip bomb'],
    },
    {
      label: 'encrypted entry',
      zip: await hostileZip([heirloomLike, { name: 'originals/secret.jpg', data: photo, encrypted: true }]),
      words: ['originals/secret.jpg', 'encrypted'],
    },
    {
      label: 'duplicate names',
      zip: await hostileZip([heirloomLike, { name: 'originals/a.jpg', data: photo }, { name: 'originals/a.jpg', data: photo }]),
      words: ['originals/a.jpg', 'twice'],
    },
  ];
}
