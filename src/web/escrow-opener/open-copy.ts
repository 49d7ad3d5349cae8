// The opener's decrypt path: a sealed copy (an escrow bundle, docs/escrow-format.md) opened with the heir's key
// code and the verifier codes, read from the File by slices, and its files handed out one at a time as Blobs.
// No DOM here, so the server's tests open bundles through exactly this code (open-copy.test.ts).
import type { HeirloomExport } from '@shared/export-format';
import { ARCHIVE_PATHS } from '@shared/export-format';
import type { BundleFileEntry, BundleHeader } from '@shared/escrow/bundle-format';
import { openBundle, type ByteSource } from '@shared/escrow/bundle-reader';
import { readKeyCode } from '@shared/key-code';

export interface OpenedCopy {
  header: BundleHeader;
  files: BundleFileEntry[];
  /** The file of that path in the copy, if there is one. */
  file(path: string): BundleFileEntry | undefined;
  /** A file's plaintext, chunk by chunk, each checked before it is handed out. */
  chunks(file: BundleFileEntry): AsyncIterable<Uint8Array>;
  /** A file's bytes as a Blob of that type; throws an EscrowError naming the file and part when it is damaged. */
  blob(file: BundleFileEntry, type?: string): Promise<Blob>;
  text(file: BundleFileEntry): Promise<string>;
  /** heirloom.json: what the export's viewer shows; null in a copy of letters only. */
  archive: HeirloomExport | null;
  /** The key code, normalized: sealed letters in the copy open with it too. */
  keyCode: string;
}

// Blobs are joined every few MB, so a file of several GB is never one array in memory: browsers keep big
// Blobs on disk.
const JOIN_EVERY = 8 * 1024 * 1024;

export async function openCopy(source: ByteSource, codes: { keyCode: string; verifierCodes: string[] }): Promise<OpenedCopy> {
  const bundle = await openBundle(source, codes);
  const byPath = new Map(bundle.files.map((f) => [f.name, f]));
  const blob = async (file: BundleFileEntry, type = '') => {
    let joined = new Blob([], { type });
    let parts: Uint8Array<ArrayBuffer>[] = [];
    let pending = 0;
    for await (const chunk of bundle.chunks(file)) {
      // each chunk is its own buffer already: no copy of it is made
      parts.push(chunk);
      pending += chunk.length;
      if (pending >= JOIN_EVERY) {
        joined = new Blob([joined, ...parts], { type });
        parts = [];
        pending = 0;
      }
    }
    return new Blob([joined, ...parts], { type });
  };
  const text = async (file: BundleFileEntry) => new TextDecoder().decode(await (await blob(file)).arrayBuffer());
  const metadata = byPath.get(ARCHIVE_PATHS.metadata);
  const archive = metadata ? (JSON.parse(await text(metadata)) as HeirloomExport) : null;
  return {
    header: bundle.header,
    files: bundle.files,
    file: (path) => byPath.get(path),
    chunks: (file) => bundle.chunks(file),
    blob,
    text,
    archive,
    keyCode: readKeyCode(codes.keyCode) ?? codes.keyCode,
  };
}
