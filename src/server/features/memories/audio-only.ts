// Is a recording sound only? Browsers' MediaRecorder writes WebM (Chromium, Firefox) or MP4 (Safari), and
// file-type calls both "video" by their magic number. What tells a voice message from a video is the list of
// tracks near the start of the file: WebM's Tracks element (Matroska), MP4's moov box. Both are read here from
// the head of the upload (the first 4 KB lib/file-store keeps), so the check costs no extra read (decision 037).

/** Matroska element ids (https://www.matroska.org/technical/elements.html). */
const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const AUDIO_TRACK = 2;

interface Element {
  id: number;
  /** Where the element's data starts. */
  start: number;
  /** Where it ends; Infinity for the "unknown size" a live recorder writes for its Segment and Clusters. */
  end: number;
}

/** An EBML variable-length integer at `at`: its value (the length marker kept for ids) and its width. */
function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; width: number; allOnes: boolean } | undefined {
  const first = buf[at];
  if (first === undefined || first === 0) return undefined;
  const width = Math.clz32(first) - 23; // 1 for 1xxxxxxx … 8 for 00000001
  if (at + width > buf.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> width);
  let allOnes = value === 0xff >> width;
  for (let i = 1; i < width; i++) {
    const byte = buf[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, width, allOnes };
}

function readElement(buf: Buffer, at: number): Element | undefined {
  const id = readVint(buf, at, true);
  if (!id || id.width > 4) return undefined;
  const size = readVint(buf, at + id.width, false);
  if (!size) return undefined;
  const start = at + id.width + size.width;
  return { id: id.value, start, end: size.allOnes ? Infinity : start + size.value };
}

/** The children of [from, to) in order, as far as the buffer holds them whole (an unknown-size child ends the list). */
function* children(buf: Buffer, from: number, to: number): Generator<Element> {
  let at = from;
  while (at < Math.min(to, buf.length)) {
    const el = readElement(buf, at);
    if (!el) return;
    yield el;
    if (el.end === Infinity) return;
    at = el.end;
  }
}

/**
 * true when a WebM file's first bytes declare at least one track and every track is audio. A video track, a
 * Tracks element cut off by the end of the head, or no Tracks before the first Cluster: false.
 */
export function isAudioOnlyWebm(head: Buffer): boolean {
  const header = readElement(head, 0);
  if (header?.id !== EBML || header.end > head.length) return false;
  const docType = [...children(head, header.start, header.end)].find((el) => el.id === DOC_TYPE);
  if (!docType || head.toString('latin1', docType.start, docType.end) !== 'webm') return false;
  const segment = readElement(head, header.end);
  if (segment?.id !== SEGMENT) return false;
  for (const el of children(head, segment.start, segment.end)) {
    if (el.id === CLUSTER) return false; // media before any track list: nothing to go by
    if (el.id !== TRACKS) continue;
    if (el.end > head.length) return false;
    const types = [...children(head, el.start, el.end)]
      .filter((entry) => entry.id === TRACK_ENTRY && entry.end <= el.end)
      .map((entry) => [...children(head, entry.start, entry.end)].find((field) => field.id === TRACK_TYPE))
      .map((field) => (field && field.end - field.start === 1 ? head[field.start] : undefined));
    return types.length > 0 && types.every((type) => type === AUDIO_TRACK);
  }
  return false;
}

/** An ISO BMFF box's type and the range of its contents; undefined past the buffer's end. */
function* boxes(buf: Buffer, from: number, to: number): Generator<{ type: string; start: number; end: number }> {
  let at = from;
  while (at + 8 <= Math.min(to, buf.length)) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let start = at + 8;
    if (size === 1) {
      if (start + 8 > buf.length) return;
      size = Number(buf.readBigUInt64BE(start));
      start += 8;
    } else if (size === 0) {
      size = to - at; // to the end of the enclosing box (or file)
    }
    if (size < start - at) return;
    yield { type, start, end: at + size };
    at += size;
  }
}

/**
 * true when an MP4's moov box lies whole in the head and its tracks are all sound ('soun' handlers). Safari's
 * recorder writes a fragmented MP4 with moov first; a file with moov at its end (or no moov in the head) is
 * false here, and the name rule in the caller still applies.
 */
export function isAudioOnlyMp4(head: Buffer): boolean {
  const moov = [...boxes(head, 0, head.length)].find((b) => b.type === 'moov');
  if (!moov || moov.end > head.length) return false;
  const handlers = [...boxes(head, moov.start, moov.end)]
    .filter((b) => b.type === 'trak')
    .map((trak) => [...boxes(head, trak.start, trak.end)].find((b) => b.type === 'mdia'))
    .map((mdia) => mdia && [...boxes(head, mdia.start, mdia.end)].find((b) => b.type === 'hdlr'))
    // hdlr: version/flags (4), pre_defined (4), handler_type (4)
    .map((hdlr) => (hdlr && hdlr.end - hdlr.start >= 12 ? head.toString('latin1', hdlr.start + 8, hdlr.start + 12) : undefined));
  return handlers.length > 0 && handlers.every((type) => type === 'soun');
}
