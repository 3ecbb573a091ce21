import type { Db } from "../store/connection.js";
import { defaultEmbedder, type Embedder } from "./embedder.js";

/** Neighbours stored per hooked video, and how many candidates each is compared with at most. */
export const HOOK_NEIGHBORS = 12;
const CANDIDATE_CAP = 120;
const WINDOW = 24;
/** Vectors are kept as int8: component × SCALE, rounded; similarity = dot / SCALE². */
const SCALE = 127;

/**
 * Precomputes each hooked video's most similar hooks into hook_neighbors, so similarHooks is a lookup.
 * Blocking, not all pairs: a pair is compared only when the hooks share a concept key. Each key's posting
 * list is sorted by the hooks' key signature, so for a frequent key the WINDOW entries either side of the
 * video are the hooks sharing most of its keys; rarer (more specific) keys are visited first, and at
 * most CANDIDATE_CAP candidates are scored. Vectors are kept as int8 (≈ dims bytes per hook).
 * With `videoIds`, only those videos' lists are recomputed (against the whole corpus).
 */
export function computeHookNeighbors(
  db: Db,
  videoIds?: readonly string[],
  embedder: Embedder = defaultEmbedder,
): void {
  const hooks = db
    .prepare("SELECT id, hook_text FROM videos WHERE hook_text IS NOT NULL AND hook_text <> '' ORDER BY id")
    .all() as { id: string; hook_text: string }[];
  const wanted = videoIds ? new Set(videoIds) : null;
  const texts = hooks.map((h) => h.hook_text);
  const vectors = new SparseVectors(texts, embedder);
  // A run over (nearly) everything embeds every hook anyway: together with its keys (one canonical pass).
  const eager = !wanted || wanted.size * 4 >= hooks.length;
  const keysOf = texts.map((text, i) => {
    const keys = embedder.keys(text);
    if (eager) vectors.ensure(i);
    return keys;
  });
  const blocking = Blocking.ofAll(keysOf);
  const select = new NeighbourSelection(hooks.length, embedder.dimensions, vectors);
  const remove = db.prepare("DELETE FROM hook_neighbors WHERE video_id = ?");
  const insert = db.prepare(
    "INSERT INTO hook_neighbors (video_id, rank, neighbor_id, similarity) VALUES (?, ?, ?, ?)",
  );
  db.transaction(() => {
    if (wanted) for (const id of wanted) remove.run(id);
    else db.exec("DELETE FROM hook_neighbors");
    hooks.forEach((h, i) => {
      if (wanted && !wanted.has(h.id)) return;
      const found = select.of(i, blocking);
      for (let rank = 0; rank < found; rank++)
        insert.run(
          h.id,
          rank + 1,
          hooks[select.idx[rank] as number]?.id,
          similarity(select.dot[rank] as number),
        );
    });
  })();
}

/** The stored similarity of an int8 dot product: cosine, clamped to [0, 1]. */
export function similarity(dot: number): number {
  return Math.min(1, Math.max(0, dot / (SCALE * SCALE)));
}

/**
 * The blocking structure: every key's posting list (hook indexes, sorted by the hooks' key signature, then
 * index), and for each hook its keys in the embedder's order with its position in each key's list. Flat
 * typed arrays (CSR): at 1M hooks, arrays of arrays and per-key Maps cost more than the scoring.
 */
class Blocking {
  private constructor(
    /** Per hook h: its keys are keyIds[keyStart[h] .. keyStart[h + 1]), in the embedder's order. */
    readonly keyStart: Int32Array,
    readonly keyIds: Int32Array,
    /** Aligned with keyIds: where the hook sits in that key's list. */
    readonly positions: Int32Array,
    /** Per key k: its list is items[listStart[k] .. listStart[k + 1]). */
    readonly listStart: Int32Array,
    readonly items: Int32Array,
  ) {}

  /** From every hook's keys (index = hook, hooks in id order). */
  static ofAll(keysOf: readonly (readonly string[])[]): Blocking {
    const n = keysOf.length;
    const keyIndex = new Map<string, number>();
    const sigIndex = new Map<string, number>();
    const keyStart = new Int32Array(n + 1);
    for (let h = 0; h < n; h++) keyStart[h + 1] = (keyStart[h] as number) + (keysOf[h] as string[]).length;
    const keyIds = new Int32Array(keyStart[n] as number);
    const sigOf = new Int32Array(n);
    const listLength: number[] = [];
    const lastHook: number[] = [];
    for (let h = 0; h < n; h++) {
      const keys = keysOf[h] as string[];
      let at = keyStart[h] as number;
      for (const k of keys) {
        let id = keyIndex.get(k);
        if (id === undefined) {
          id = keyIndex.size;
          keyIndex.set(k, id);
          listLength.push(0);
          lastHook.push(-1);
        }
        // Keys are a set (the hashing embedder's are): a repeated one would list the hook twice under it.
        if (lastHook[id] === h) throw new Error(`embedder keys must be distinct: "${k}" twice`);
        lastHook[id] = h;
        keyIds[at++] = id;
        listLength[id] = (listLength[id] as number) + 1;
      }
      const signature = [...keys].sort().join(" ");
      let sig = sigIndex.get(signature);
      if (sig === undefined) {
        sig = sigIndex.size;
        sigIndex.set(signature, sig);
      }
      sigOf[h] = sig;
    }
    // Hooks in (signature, index) order: distinct signatures sorted once, then a counting sort by rank
    // (stable, so equal signatures stay in index order) — instead of a string comparison per list entry.
    const signatures = [...sigIndex.keys()];
    const bySignature = signatures
      .map((_, s) => s)
      .sort((a, b) => compareStrings(signatures[a], signatures[b]));
    const rank = new Int32Array(signatures.length);
    bySignature.forEach((s, r) => {
      rank[s] = r;
    });
    const next = new Int32Array(signatures.length + 1);
    for (let h = 0; h < n; h++) {
      const r = (rank[sigOf[h] as number] as number) + 1;
      next[r] = (next[r] as number) + 1;
    }
    for (let r = 0; r < signatures.length; r++) next[r + 1] = (next[r + 1] as number) + (next[r] as number);
    const order = new Int32Array(n);
    for (let h = 0; h < n; h++) {
      const r = rank[sigOf[h] as number] as number;
      const slot = next[r] as number;
      order[slot] = h;
      next[r] = slot + 1;
    }

    const keyCount = listLength.length;
    const listStart = new Int32Array(keyCount + 1);
    for (let k = 0; k < keyCount; k++)
      listStart[k + 1] = (listStart[k] as number) + (listLength[k] as number);
    const fill = listStart.slice(0, keyCount);
    const items = new Int32Array(listStart[keyCount] as number);
    const positions = new Int32Array(keyIds.length);
    for (const h of order)
      for (let at = keyStart[h] as number; at < (keyStart[h + 1] as number); at++) {
        const k = keyIds[at] as number;
        const slot = fill[k] as number;
        items[slot] = h;
        positions[at] = slot - (listStart[k] as number);
        fill[k] = slot + 1;
      }
    return new Blocking(keyStart, keyIds, positions, listStart, items);
  }

  /**
   * The hooks compared with hook h: for each of its keys, rarest first, the whole list if it is short,
   * else the WINDOW entries either side of h; until CANDIDATE_CAP are collected (checked per key).
   * Writes them to `out` (deduplicated with `seen`, marked with `stamp`) and returns how many.
   */
  candidates(h: number, out: Int32Array, seen: Int32Array, stamp: number): number {
    const { keyIds, positions, listStart, items } = this;
    const first = this.keyStart[h] as number;
    const count = (this.keyStart[h + 1] as number) - first;
    // Key slots by list length, stable (ties keep the embedder's order): a few keys, insertion sort.
    const order = new Int32Array(count);
    for (let a = 0; a < count; a++) {
      const length = this.lengthOf(keyIds[first + a] as number);
      let b = a;
      while (b > 0 && this.lengthOf(keyIds[first + (order[b - 1] as number)] as number) > length) {
        order[b] = order[b - 1] as number;
        b--;
      }
      order[b] = a;
    }
    let found = 0;
    for (let o = 0; o < count; o++) {
      const at = first + (order[o] as number);
      const k = keyIds[at] as number;
      const start = listStart[k] as number;
      const length = (listStart[k + 1] as number) - start;
      let from = start;
      let to = start + length;
      if (length > 2 * WINDOW) {
        const pos = positions[at] as number;
        from = start + Math.max(0, pos - WINDOW);
        to = start + Math.min(length, pos + WINDOW + 1);
      }
      for (let p = from; p < to; p++) {
        const c = items[p] as number;
        if (c === h || seen[c] === stamp) continue;
        seen[c] = stamp;
        out[found++] = c;
      }
      if (found >= CANDIDATE_CAP) break;
    }
    return found;
  }

  private lengthOf(k: number): number {
    return (this.listStart[k + 1] as number) - (this.listStart[k] as number);
  }
}

/** JavaScript's string order (UTF-16 code units), as `<` and the default sort use. */
function compareStrings(a: string | undefined, b: string | undefined): number {
  const x = a ?? "";
  const y = b ?? "";
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Int8 hook vectors, sparse: the hashing embedder fills ~30 of 128 dimensions, so a dot product over a
 * candidate's non-zero components is a quarter of the work of a dense one (and the same integer).
 * Embedded on first use: a scoped run only embeds the hooks it compares.
 */
class SparseVectors {
  private readonly start: Int32Array;
  private readonly length: Uint16Array;
  private dims: Uint16Array;
  private values: Int8Array;
  private used = 0;

  constructor(
    private readonly texts: readonly string[],
    private readonly embedder: Embedder,
  ) {
    if (embedder.dimensions > 65_536)
      throw new Error(`embedder ${embedder.name}: more than 65536 dimensions`);
    this.start = new Int32Array(texts.length).fill(-1);
    this.length = new Uint16Array(texts.length);
    this.dims = new Uint16Array(Math.max(1024, texts.length * 32));
    this.values = new Int8Array(this.dims.length);
  }

  ensure(h: number): void {
    if ((this.start[h] as number) >= 0) return;
    const v = this.embedder.embed(this.texts[h] ?? "");
    const dims = this.embedder.dimensions;
    if (this.used + dims > this.dims.length) {
      const size = Math.max(this.dims.length * 2, this.used + dims);
      const grownDims = new Uint16Array(size);
      grownDims.set(this.dims.subarray(0, this.used));
      const grownValues = new Int8Array(size);
      grownValues.set(this.values.subarray(0, this.used));
      this.dims = grownDims;
      this.values = grownValues;
    }
    const start = this.used;
    for (let d = 0; d < dims; d++) {
      const q = Math.round((v[d] ?? 0) * SCALE);
      if (q === 0) continue;
      this.dims[this.used] = d;
      this.values[this.used++] = q;
    }
    this.start[h] = start;
    this.length[h] = this.used - start;
  }

  /** Adds hook h's components into `dense` (which must be all zero where h is non-zero). */
  scatter(h: number, dense: Int32Array): void {
    this.ensure(h);
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    for (let p = start; p < end; p++) dense[this.dims[p] as number] = this.values[p] as number;
  }

  /** Zeroes what scatter(h) wrote. */
  clear(h: number, dense: Int32Array): void {
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    for (let p = start; p < end; p++) dense[this.dims[p] as number] = 0;
  }

  /** Hook h's dot product with the vector scattered into `dense`: an exact integer. */
  dot(h: number, dense: Int32Array): number {
    this.ensure(h);
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    const { dims, values } = this;
    let dot = 0;
    for (let p = start; p < end; p++) dot += (dense[dims[p] as number] as number) * (values[p] as number);
    return dot;
  }
}

/**
 * A hook's best neighbours among its candidates: positive dot products, highest first, ties by hook index
 * (the order of a full sort of the candidates by similarity, then index), kept to HOOK_NEIGHBORS by
 * insertion. Similarity is dot / SCALE² for every pair, so ordering by the integer dot is the same order.
 * After of(h), idx[0 .. n) and dot[0 .. n) hold the list.
 */
class NeighbourSelection {
  readonly idx = new Int32Array(HOOK_NEIGHBORS);
  readonly dot = new Int32Array(HOOK_NEIGHBORS);
  private readonly candidates = new Int32Array(CANDIDATE_CAP + 2 * WINDOW + 1);
  private readonly seen: Int32Array;
  private readonly dense: Int32Array;
  private stamp = 0;

  constructor(
    hooks: number,
    dimensions: number,
    private readonly vectors: SparseVectors,
  ) {
    this.seen = new Int32Array(hooks);
    this.dense = new Int32Array(dimensions);
  }

  of(h: number, blocking: Blocking): number {
    const found = blocking.candidates(h, this.candidates, this.seen, ++this.stamp);
    const { idx, dot, dense, vectors } = this;
    vectors.scatter(h, dense);
    let size = 0;
    for (let i = 0; i < found; i++) {
      const c = this.candidates[i] as number;
      const d = vectors.dot(c, dense);
      if (d <= 0) continue;
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
