// Opens an escrow bundle (docs/escrow-format.md) from anything with `size` and `slice()` — a File or Blob in the
// heir's browser, a file-backed Blob in Node — reading one chunk at a time, so a bundle of several GB never sits
// in memory. Every failure is an EscrowError that says what is wrong: which code, the header, the end of the
// bundle, or which file at which chunk.
import { x25519 } from '@noble/curves/ed25519.js';
import { normalizeKeyCode, readKeyCode } from '../key-code';
import { heirPrivateKey, toBase64Url } from '../sealed-letter';
import { type Bytes } from './escrow-crypto';
import { EscrowError } from './escrow-error';
import {
  BUNDLE_MAGIC,
  bundleHeaderSchema,
  bundleKeys,
  decodeTrailer,
  HEADER_MAC_LENGTH,
  headerMacMatches,
  MANIFEST_SECTION,
  manifestSchema,
  MAX_HEADER_LENGTH,
  MAX_MANIFEST_LENGTH,
  releaseKeyId,
  SECTION_SALT_LENGTH,
  sectionChunks,
  sectionOpener,
  TAG_LENGTH,
  TRAILER_LENGTH,
  truncatedBundle,
  unwrapHalf,
  type BundleFileEntry,
  type BundleHeader,
  type BundleKeys,
} from './bundle-format';
import { codesDoNotMatch, openReleaseKey } from './release-key';

/** A File, a Blob, or a Node file-backed Blob (fs.openAsBlob). */
export interface ByteSource {
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

const read = async (source: ByteSource, start: number, end: number): Promise<Bytes> =>
  new Uint8Array(await source.slice(start, end).arrayBuffer());

const headerChanged = (what: string) =>
  new EscrowError(
    'header-changed',
    `This bundle's header has been changed (${what}), so it cannot be trusted or opened. Try another copy.`,
  );

const wrongKeyCode = () =>
  new EscrowError(
    'key-code-wrong',
    "This key code is not the one this bundle was sealed for. Perhaps it is another heir's, or an older code that was replaced.",
  );

export interface BundleOutline {
  header: BundleHeader;
  /** Lines 1 and 2, as the header MAC covers them. */
  lines: Bytes;
  /** Where the header MAC starts; the first file's section follows it. */
  macOffset: number;
  manifestOffset: number;
  manifestLength: number;
}

/**
 * What can be known without any code: that this is a bundle, whose keys open it, how many verifiers must
 * confirm, and that its end is there. For the opener to show before asking for codes.
 */
export async function readBundleOutline(source: ByteSource): Promise<BundleOutline> {
  const notABundle = new EscrowError('not-a-bundle', 'This file is not an heirloom escrow bundle, or it was made by a newer version.');
  const head = await read(source, 0, Math.min(source.size, MAX_HEADER_LENGTH));
  const magic = new TextEncoder().encode(BUNDLE_MAGIC);
  if (head.length < magic.length || magic.some((byte, i) => head[i] !== byte)) throw notABundle;
  const end = head.indexOf(0x0a, magic.length);
  if (end < 0) throw source.size < MAX_HEADER_LENGTH ? truncatedBundle() : headerChanged('its header line has no end');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(magic.length, end)));
  } catch {
    throw headerChanged('its header is not readable');
  }
  if (typeof json === 'object' && json && 'version' in json && json.version !== 1) throw notABundle;
  const parsed = bundleHeaderSchema.safeParse(json);
  if (!parsed.success) throw headerChanged('its header is not complete');
  const header = parsed.data;
  if (header.release.threshold > header.release.shares) throw headerChanged('it needs more verifiers than there are');
  if ((await releaseKeyId(header.release.publicKey)) !== header.release.keyId) throw headerChanged('its release key id');

  const macOffset = end + 1;
  if (source.size < macOffset + HEADER_MAC_LENGTH + TRAILER_LENGTH) throw truncatedBundle();
  const trailer = decodeTrailer(await read(source, source.size - TRAILER_LENGTH, source.size));
  if (!trailer) throw truncatedBundle();
  const { manifestOffset, manifestLength } = trailer;
  if (
    manifestOffset < macOffset + HEADER_MAC_LENGTH ||
    manifestOffset + manifestLength !== source.size - TRAILER_LENGTH ||
    manifestLength < SECTION_SALT_LENGTH + TAG_LENGTH
  ) {
    throw truncatedBundle();
  }
  if (manifestLength > MAX_MANIFEST_LENGTH) throw truncatedBundle();
  return { header, lines: head.slice(0, macOffset), macOffset, manifestOffset, manifestLength };
}

export interface OpenedBundle {
  header: BundleHeader;
  files: BundleFileEntry[];
  /** The file's plaintext, chunk by chunk; throws an EscrowError naming the file and chunk when one is damaged. */
  chunks(file: BundleFileEntry): AsyncGenerator<Bytes>;
  /** The same as a web stream, e.g. for `new Response(stream).blob()` or a file system writable. */
  stream(file: BundleFileEntry): ReadableStream<Bytes>;
}

/**
 * Opens a bundle with the heir's key code and the verifier codes (as typed; blanks are skipped). Throws an
 * EscrowError saying which code is wrong or missing, or what in the bundle was changed.
 */
export async function openBundle(source: ByteSource, codes: { keyCode: string; verifierCodes: string[] }): Promise<OpenedBundle> {
  const outline = await readBundleOutline(source);
  const { header } = outline;
  if (normalizeKeyCode(codes.keyCode) === '')
    throw new EscrowError('key-code-missing', "The heir's key code is needed to open this bundle.");
  if (!readKeyCode(codes.keyCode)) {
    throw new EscrowError(
      'key-code-typo',
      "The heir's key code has a typo, or a character too many or too few: its check character does not match. Check each group.",
    );
  }
  const heirPrivate = await heirPrivateKey(codes.keyCode);
  let releasePrivate: Uint8Array | undefined;
  try {
    if (toBase64Url(x25519.getPublicKey(heirPrivate)) !== header.heir.publicKey) throw wrongKeyCode();
    releasePrivate = await openReleaseKey(codes.verifierCodes, header.release);
    return await openBundleWithKeys(source, heirPrivate, releasePrivate, outline);
  } finally {
    heirPrivate.fill(0);
    releasePrivate?.fill(0);
  }
}

/** Opens a bundle with the two X25519 private keys themselves (the heir's and the release key's). */
export async function openBundleWithKeys(
  source: ByteSource,
  heirPrivate: Uint8Array,
  releasePrivate: Uint8Array,
  known?: BundleOutline,
): Promise<OpenedBundle> {
  const outline = known ?? (await readBundleOutline(source));
  const { header } = outline;
  // A half that does not unwrap: either the key is not this bundle's, or the header was changed.
  const isOwn = (privateKey: Uint8Array, publicKey: string) => toBase64Url(x25519.getPublicKey(privateKey)) === publicKey;
  const heirHalf = await unwrapHalf('heir', header.heir, heirPrivate);
  if (!heirHalf) {
    if (!isOwn(heirPrivate, header.heir.publicKey)) throw wrongKeyCode();
    throw headerChanged("the heir's wrapped key");
  }
  const releaseHalf = await unwrapHalf('release', header.release, releasePrivate);
  if (!releaseHalf) {
    if (!isOwn(releasePrivate, header.release.publicKey)) throw codesDoNotMatch();
    throw headerChanged("the release key's wrapped key");
  }
  const keys = await bundleKeys(heirHalf, releaseHalf);
  heirHalf.fill(0);
  releaseHalf.fill(0);
  const mac = await read(source, outline.macOffset, outline.macOffset + HEADER_MAC_LENGTH);
  if (!(await headerMacMatches(keys, outline.lines, mac))) throw headerChanged('its check value does not match');

  const files = await readManifest(source, keys, outline);
  return {
    header,
    files,
    chunks: (file) => fileChunks(source, keys, header.chunkSize, files, file),
    stream(file) {
      const chunks = fileChunks(source, keys, header.chunkSize, files, file);
      return new ReadableStream<Bytes>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
    },
  };
}

async function readManifest(source: ByteSource, keys: BundleKeys, outline: BundleOutline): Promise<BundleFileEntry[]> {
  const manifestChanged = new EscrowError(
    'manifest-changed',
    "This bundle's list of files has been changed, so none of its files can be trusted.",
  );
  const section = await read(source, outline.manifestOffset, outline.manifestOffset + outline.manifestLength);
  const chunks = sectionChunks(section.length, outline.header.chunkSize);
  if (!chunks) throw manifestChanged;
  const opener = await sectionOpener(keys, MANIFEST_SECTION, section.subarray(0, SECTION_SALT_LENGTH));
  const parts: Bytes[] = [];
  for (const [i, { start, end }] of chunks.entries()) {
    const plaintext = await opener.open(section.subarray(start, end), i, i === chunks.length - 1);
    if (!(plaintext instanceof Uint8Array)) throw manifestChanged;
    parts.push(plaintext);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(new TextDecoder().decode(await new Blob(parts).arrayBuffer())));
  } catch {
    throw manifestChanged;
  }
  if (!parsed.success) throw manifestChanged;
  // Sections follow each other from the header MAC to the manifest, in the manifest's order.
  let expected = outline.macOffset + HEADER_MAC_LENGTH;
  for (const file of parsed.data.files) {
    if (file.offset !== expected) throw manifestChanged;
    expected += file.length;
  }
  if (expected !== outline.manifestOffset) throw manifestChanged;
  return parsed.data.files;
}

async function* fileChunks(
  source: ByteSource,
  keys: BundleKeys,
  chunkSize: number,
  files: BundleFileEntry[],
  file: BundleFileEntry,
): AsyncGenerator<Bytes> {
  const index = files.indexOf(file);
  if (index < 0) throw new RangeError('That file is not in this bundle.');
  const damaged = (chunk: number, count: number) =>
    new EscrowError(
      'file-changed',
      `“${file.name}” is damaged at chunk ${chunk + 1} of ${count} (from byte ${chunk * chunkSize} of the file): it was changed, or its chunks were swapped or moved. Its other parts may be fine; try another copy.`,
      { file: file.name, chunk },
    );
  const chunks = sectionChunks(file.length, chunkSize);
  if (!chunks) throw damaged(0, 1);
  const salt = await read(source, file.offset, file.offset + SECTION_SALT_LENGTH);
  const opener = await sectionOpener(keys, index + 1, salt);
  let size = 0;
  for (const [i, { start, end }] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const plaintext = await opener.open(await read(source, file.offset + start, file.offset + end), i, last);
    if (plaintext === 'truncated') {
      throw new EscrowError('file-truncated', `“${file.name}” ends early: its end is missing after chunk ${i + 1}.`, {
        file: file.name,
        chunk: i,
      });
    }
    if (!plaintext) throw damaged(i, chunks.length);
    size += plaintext.length;
    if (last && size !== file.size) throw damaged(i, chunks.length);
    yield plaintext;
  }
}
