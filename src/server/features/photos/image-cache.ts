// Grids ask for the same thumbnails again and again: remember which file answers (photo, size) for a short
// while, and keep small ready derivatives in memory, so a repeat request costs no query and no disk read.
// Only final answers are cached; every change to a photo drops its entries in every instance (published on
// the instance bus, decision 043), and while this process cannot hear the others it caches nothing. The
// short lifetime bounds the rest (a stale entry can only ever reach the photo's owner: the owner's id is
// checked on every hit).
import type { FileStat } from '../../lib/file-store';
import type { InstanceBus } from '../../lib/instance-bus';

export interface CachedImage {
  userId: number;
  key: string;
  stat: FileStat;
  contentType: string;
  isFinal: boolean;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
/** Bytes kept in memory: thumbnails and small mobile sizes only. */
const MAX_BODY_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;
/** The instance-bus topic: a photo changed, every cache forgets it. */
const TOPIC = 'photos.changed';

/** Without `instances` (unit tests) the cache is this process's alone. */
export function createImageCache({ ttlMs = TTL_MS, instances }: { ttlMs?: number; instances?: InstanceBus } = {}) {
  const entries = new Map<string, { image: CachedImage; expires: number }>();
  const bodies = new Map<string, Buffer>(); // insertion order = least recently used first
  let bodyBytes = 0;

  const entryKey = (id: number, size: string) => `${id}:${size}`;
  // a file rewritten at the same key (derivatives made again) is a different body
  const bodyKey = (image: CachedImage) => `${image.key}:${image.stat.size}:${image.stat.mtimeMs}`;

  function dropBody(key: string) {
    const body = bodies.get(key);
    if (!body) return;
    bodies.delete(key);
    bodyBytes -= body.length;
  }

  function drop(id: number) {
    for (const size of ['thumb', 'mobile', 'full']) {
      const k = entryKey(id, size);
      const hit = entries.get(k);
      if (hit) dropBody(bodyKey(hit.image));
      entries.delete(k);
    }
  }

  const trusted = () => instances?.listening ?? true;
  instances?.on(TOPIC, (payload) => drop((payload as { id: number }).id));
  instances?.onGap(() => {
    entries.clear();
    bodies.clear();
    bodyBytes = 0;
  });

  return {
    get(userId: number, id: number, size: string): CachedImage | undefined {
      const k = entryKey(id, size);
      const hit = trusted() ? entries.get(k) : undefined;
      if (!hit) return undefined;
      if (hit.expires < Date.now() || hit.image.userId !== userId) {
        if (hit.expires < Date.now()) entries.delete(k);
        return undefined;
      }
      return hit.image;
    },

    set(id: number, size: string, image: CachedImage) {
      if (!image.isFinal || !trusted()) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(entryKey(id, size), { image, expires: Date.now() + ttlMs });
    },

    body(image: CachedImage): Buffer | undefined {
      const key = bodyKey(image);
      const body = trusted() ? bodies.get(key) : undefined;
      if (body) {
        bodies.delete(key); // refresh its place in the LRU order
        bodies.set(key, body);
      }
      return body;
    },

    keepBody(image: CachedImage, body: Buffer) {
      const key = bodyKey(image);
      if (!image.isFinal || !trusted() || body.length > MAX_BODY_BYTES || bodies.has(key)) return;
      bodies.set(key, body);
      bodyBytes += body.length;
      for (const oldest of bodies.keys()) {
        if (bodyBytes <= MAX_TOTAL_BYTES) break;
        dropBody(oldest);
      }
    },

    /** The photo changed (deleted, moved, derivatives made): every instance forgets all it was answered with. */
    forget(id: number) {
      if (instances) void instances.publish(TOPIC, { id });
      else drop(id);
    },

    isSmall: (size: number) => size <= MAX_BODY_BYTES,
  };
}

export type ImageCache = ReturnType<typeof createImageCache>;
