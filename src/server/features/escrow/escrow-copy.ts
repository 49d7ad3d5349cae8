// One heir's sealed copy (decision 074): the heir's archive files sealed into an escrow bundle as they stream, and
// the fingerprint that says whether it must be written again.
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { escrowBundleStream, type EscrowBundleFile } from '../../lib/escrow-bundle-writer';
import { archiveEntries, type ExportDataset } from '../exports/exports.service';

export const BUNDLE_CONTENT_TYPE = 'application/octet-stream';

export interface ReleaseKeyHalf {
  publicKey: string;
  threshold: number;
  shareCount: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The keys it is sealed for and what it holds — the document without its export time, and each file's path and
 * known size — so a night with nothing changed writes nothing.
 */
export function copyFingerprint(heirPublicKey: string, release: ReleaseKeyHalf, dataset: ExportDataset): string {
  const { exportedAt: _exportedAt, ...document } = dataset.document;
  return sha256(
    JSON.stringify({
      version: 1,
      heirPublicKey,
      release: [release.publicKey, release.threshold, release.shareCount],
      document,
      files: dataset.files.map((f) => [f.path, f.size ?? null]),
      texts: (dataset.texts ?? []).map((t) => [t.path, sha256(t.text)]),
    }),
  );
}

/** The archive's entries as bundle files, each opened only when its turn comes. */
function bundleFiles(dataset: ExportDataset): EscrowBundleFile[] {
  return archiveEntries(dataset).map((entry) => ({
    name: entry.name,
    modified: entry.mtime.toISOString(),
    open: () =>
      (async function* () {
        yield* (await entry.open()) as AsyncIterable<Uint8Array>;
      })(),
  }));
}

/** The sealed bundle as a stream; `measured` resolves with its length and sha256 once its last byte has passed. */
export function sealedCopy(heirPublicKey: string, release: ReleaseKeyHalf, dataset: ExportDataset) {
  const source = escrowBundleStream({
    heirPublicKey,
    release: { publicKey: release.publicKey, threshold: release.threshold, shares: release.shareCount },
    files: bundleFiles(dataset),
  });
  const hash = createHash('sha256');
  let bytes = 0;
  let settle: (value: { bytes: number; sha256: string }) => void;
  const measured = new Promise<{ bytes: number; sha256: string }>((resolve) => (settle = resolve));
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      settle({ bytes, sha256: hash.digest('hex') });
      done();
    },
  });
  source.on('error', (err) => meter.destroy(err));
  meter.on('close', () => source.destroy());
  const stream: Readable = source.pipe(meter);
  return { stream, measured };
}
