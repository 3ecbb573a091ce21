import { type Blocking, CANDIDATE_CAP, WINDOW } from "./blocking.js";
import { SCALE, type SparseVectors } from "./vectors.js";

/** Neighbours kept per hooked video. */
export const HOOK_NEIGHBORS = 12;

/**
 * A hook's best neighbours among its candidates: positive dot products, highest first, ties by hook index
 * (the order of a full sort of the candidates by similarity, then index), kept to HOOK_NEIGHBORS by
 * insertion. Similarity is dot / SCALE² for every pair, so ordering by the integer dot is the same order.
 * After of(), idx[0 .. found) and dot[0 .. found) hold the list.
 */
export class NeighbourSelection {
  readonly idx = new Int32Array(HOOK_NEIGHBORS);
  readonly dot = new Int32Array(HOOK_NEIGHBORS);
  private readonly candidates = new Int32Array(CANDIDATE_CAP + 2 * WINDOW + 1);
  private readonly seen: Int32Array;
  private readonly dense: Float64Array;
  private stamp = 0;
  /** The embedder's minimum similarity as an int8 dot product (a neighbour needs more than 0 anyway). */
  private readonly minDot: number;

  constructor(
    hooks: number,
    dimensions: number,
    private readonly vectors: SparseVectors,
    minSimilarity = 0,
  ) {
    this.minDot = Math.max(1, Math.ceil(minSimilarity * SCALE * SCALE));
    this.seen = new Int32Array(hooks);
    this.dense = new Float64Array(dimensions);
  }

  /** The list of row r of `blocking`, hook h. */
  of(r: number, h: number, blocking: Blocking): number {
    const found = blocking.candidates(r, h, this.candidates, this.seen, ++this.stamp);
    const { idx, dot, dense, vectors, minDot } = this;
    vectors.scatter(h, dense);
    let size = 0;
    for (let i = 0; i < found; i++) {
      const c = this.candidates[i] as number;
      const d = vectors.dot(c, dense);
      if (d < minDot) continue;
      if (size === HOOK_NEIGHBORS) {
        const lastDot = dot[size - 1] as number;
        if (d < lastDot || (d === lastDot && c > (idx[size - 1] as number))) continue;
        size--;
      }
      let at = size;
      while (at > 0) {
        const prevDot = dot[at - 1] as number;
        if (prevDot > d || (prevDot === d && (idx[at - 1] as number) < c)) break;
        dot[at] = prevDot;
        idx[at] = idx[at - 1] as number;
        at--;
      }
      dot[at] = d;
      idx[at] = c;
      size++;
    }
    vectors.clear(h, dense);
    return size;
  }
}
