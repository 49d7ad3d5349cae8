// Finished GET /api/timeline bodies, per user and query, each stored with the fingerprint of the rows it
// was built from (see TimelineRepo.fingerprint). An entry is served only while the database still gives the
// same fingerprint, so invalidation is exact: no feature has to remember to clear anything, and several
// server processes sharing one database cannot serve each other's stale copies.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export interface CachedTimeline {
  fingerprint: string;
  etag: string;
  /** The JSON body, UTF-8. */
  body: Buffer;
  /** The gzip of body, made once on first demand (off the event loop: zlib runs in the thread pool). */
  gzipped(): Promise<Buffer>;
}

export interface TimelineCacheOptions {
  /** Total bytes kept (bodies + their gzip copies); least recently used entries go first. */
  maxBytes?: number;
  /** Bodies larger than this are served but not kept. */
  maxEntryBytes?: number;
}

export function createTimelineCache({ maxBytes = 64 * 1024 * 1024, maxEntryBytes = 16 * 1024 * 1024 }: TimelineCacheOptions = {}) {
  const entries = new Map<string, CachedTimeline & { size: number }>();
  let total = 0;

  function evict() {
    for (const [key, entry] of entries) {
      if (total <= maxBytes) break;
      entries.delete(key);
      total -= entry.size;
    }
  }

  return {
    /** The entry for key if it was built from exactly this fingerprint. */
    get(key: string, fingerprint: string): CachedTimeline | undefined {
      const entry = entries.get(key);
      if (!entry || entry.fingerprint !== fingerprint) return undefined;
      entries.delete(key); // Map order is the LRU order: re-insert as most recent
      entries.set(key, entry);
      return entry;
    },

    /** Wraps a freshly built body as an entry, and keeps it if it fits. */
    put(key: string, fingerprint: string, etag: string, body: Buffer): CachedTimeline {
      let compressed: Promise<Buffer> | undefined;
      const entry = {
        fingerprint,
        etag,
        body,
        size: body.length,
        gzipped: () => {
          if (!compressed) {
            compressed = gzipAsync(body, { level: 6 });
            compressed.then(
              (buf) => {
                if (entries.get(key) === entry) {
                  entry.size += buf.length;
                  total += buf.length;
                  evict();
                }
              },
              () => {},
            );
          }
          return compressed;
        },
      };
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        total -= previous.size;
      }
      if (body.length <= maxEntryBytes) {
        entries.set(key, entry);
        total += entry.size;
        evict();
      }
      return entry;
    },

    /** Bytes held, for tests and the benchmark. */
    get bytes() {
      return total;
    },
  };
}
export type TimelineCache = ReturnType<typeof createTimelineCache>;
