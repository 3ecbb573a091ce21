import { SCALE } from "./vectors.js";

/**
 * The stored form of a video's hook neighbours (hook_neighbors.neighbors, the same bytes on every store):
 * one 8-byte entry per neighbour, best first — its videos.seq (uint32) then the int8 dot product (int32),
 * big-endian.
 */
export const NEIGHBOUR_ENTRY = 8;

/** A stored list, decoded: the neighbours' seqs and similarities (cosine in [0, 1]), best first. */
export function decodeNeighbours(blob: Uint8Array): { seq: number; similarity: number }[] {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const out: { seq: number; similarity: number }[] = [];
  for (let at = 0; at + NEIGHBOUR_ENTRY <= blob.length; at += NEIGHBOUR_ENTRY)
    out.push({ seq: view.getUint32(at), similarity: similarity(view.getInt32(at + 4)) });
  return out;
}

/** The similarity of an int8 dot product: cosine, clamped to [0, 1] (rounding can pass 1). */
function similarity(dot: number): number {
  return Math.min(1, Math.max(0, dot / (SCALE * SCALE)));
}
