// PostgreSQL's binary form of a real[] (array_send), read without text to parse: the full regroup's embeddings
// (read on the main thread, parsed in regroup-worker.ts) and the centroid cache's means (people.repo.ts).

/** A header, then each element as its length and a big-endian float4. */
export function readFloat4Array(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dims = view.getInt32(0);
  if (dims === 0) return new Float32Array(0);
  const length = view.getInt32(12);
  const out = new Float32Array(length);
  let at = 12 + dims * 8;
  for (let i = 0; i < length; i++) {
    const size = view.getInt32(at);
    at += 4;
    if (size < 0) continue; // a null element (never in an embedding) is left 0
    if (size === 4) out[i] = view.getFloat32(at);
    at += size;
  }
  return out;
}
