import { expect } from "vitest";
import { collapseNearDuplicates } from "../../../src/domain/hooks/dedupe.js";
import { similarHooks } from "../../../src/domain/hooks/similar-hooks.js";
import { defaultEmbedder } from "../../../src/store/hooks/default-embedder.js";
import type { Embedder } from "../../../src/store/hooks/embedder.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import type { VideoSpec } from "../domain/corpus.js";

export type Lists = Map<string, { id: string; similarity: number }[]>;

/**
 * The algorithm as it was before it was rewritten for speed (commit 442c18c), verbatim but for the
 * storage: what it wrote to hook_neighbors (video_id, rank, neighbor_id, similarity) goes to `lists`.
 * The rewrite must leave exactly these lists behind, for full and scoped runs.
 */
export function referenceHookNeighbors(
  db: Db,
  lists: Lists,
  videoIds?: readonly string[],
  embedder: Embedder = defaultEmbedder,
): void {
  const HOOK_NEIGHBORS = 12;
  const CANDIDATE_CAP = 120;
  const WINDOW = 24;
  const hooks = db
    .prepare("SELECT id, hook_text FROM videos WHERE hook_text IS NOT NULL AND hook_text <> '' ORDER BY id")
    .all() as { id: string; hook_text: string }[];
  const dims = embedder.dimensions;
  const vectors = new Int8Array(hooks.length * dims);
  const embedded = new Uint8Array(hooks.length);
  const vectorAt = (i: number): number => {
    if (!embedded[i]) {
      const v = embedder.embed(hooks[i]?.hook_text ?? "");
      for (let d = 0; d < dims; d++) vectors[i * dims + d] = Math.round((v[d] ?? 0) * 127);
      embedded[i] = 1;
    }
    return i * dims;
  };
  const keysOf: string[][] = [];
  const signature: string[] = [];
  const postings = new Map<string, number[]>();
  hooks.forEach((h, i) => {
    const keys = embedder.keys(h.hook_text);
    keysOf.push(keys);
    signature.push([...keys].sort().join(" "));
    for (const k of keys) {
      const list = postings.get(k);
      if (list) list.push(i);
      else postings.set(k, [i]);
    }
  });
  const positionsOf: number[][] = keysOf.map((keys) => keys.map(() => -1));
  for (const [k, list] of postings) {
    list.sort((x, y) => {
      const sx = signature[x] ?? "";
      const sy = signature[y] ?? "";
      return sx < sy ? -1 : sx > sy ? 1 : x - y;
    });
    if (list.length <= 2 * WINDOW) continue;
    list.forEach((idx, pos) => {
      const at = keysOf[idx]?.indexOf(k) ?? -1;
      const positions = positionsOf[idx];
      if (positions && at >= 0) positions[at] = pos;
    });
  }
  const minDot = Math.max(1, Math.ceil((embedder.minSimilarity ?? 0) * 127 * 127));
  const wanted = videoIds ? new Set(videoIds) : null;
  if (wanted) for (const id of wanted) lists.delete(id);
  else lists.clear();
  hooks.forEach((h, i) => {
    if (wanted && !wanted.has(h.id)) return;
    const candidates = new Set<number>();
    const own = keysOf[i] ?? [];
    const size = (at: number) => postings.get(own[at] ?? "")?.length ?? 0;
    const order = own.map((_, at) => at).sort((x, y) => size(x) - size(y));
    for (const at of order) {
      const list = postings.get(own[at] ?? "") ?? [];
      const pos = positionsOf[i]?.[at] ?? -1;
      const slice = pos < 0 ? list : list.slice(Math.max(0, pos - WINDOW), pos + WINDOW + 1);
      for (const c of slice) if (c !== i) candidates.add(c);
      if (candidates.size >= CANDIDATE_CAP) break;
    }
    const scored: { idx: number; sim: number; dot: number }[] = [];
    for (const c of candidates) {
      let dot = 0;
      const a = vectorAt(i);
      const b = vectorAt(c);
      for (let d = 0; d < dims; d++) dot += (vectors[a + d] ?? 0) * (vectors[b + d] ?? 0);
      scored.push({ idx: c, sim: dot / (127 * 127), dot });
    }
    scored.sort((a, b) => b.sim - a.sim || a.idx - b.idx);
    const rows = scored
      .filter((s) => s.dot >= minDot)
      .slice(0, HOOK_NEIGHBORS)
      .map((s) => ({ id: hooks[s.idx]?.id ?? "", similarity: Math.min(1, Math.max(0, s.sim)) }));
    if (rows.length > 0) lists.set(h.id, rows);
  });
}

/**
 * What similarHooks must return for every video: the reference list, minus neighbours that no longer
 * exist (the old table lost those rows by cascade), with the neighbours' current hook text.
 */
export async function expectSameLists(db: Db, lists: Lists): Promise<number> {
  const rows = db.prepare("SELECT id, caption, hook_text FROM videos").all() as {
    id: string;
    caption: string;
    hook_text: string | null;
  }[];
  const videos = new Map(rows.map((v) => [v.id, v.hook_text ?? ""]));
  const captions = new Map(rows.map((v) => [v.id, v.caption]));
  let neighbours = 0;
  for (const id of videos.keys()) {
    // similarHooks collapses near-duplicate captions (hook-dedupe.ts, pinned by its own tests).
    const expected = collapseNearDuplicates(
      `${captions.get(id)} ${videos.get(id)}`,
      (lists.get(id) ?? [])
        .filter((n) => videos.has(n.id))
        .map((n) => ({ id: n.id, similarity: n.similarity, hook_text: videos.get(n.id) })),
      (n) => `${captions.get(n.id)} ${n.hook_text}`,
    ).slice(0, 12);
    const got = (await similarHooks(createSqliteStore(db), id, 12))?.items.map((s) => ({
      id: s.video.id,
      similarity: s.similarity,
      hook_text: s.hook_text,
    }));
    expect(got, id).toEqual(expected);
    // A smaller limit is the head of the same list (checked on a sample: each call costs a few queries).
    if (neighbours % 23 === 0)
      expect((await similarHooks(createSqliteStore(db), id, 5))?.items.map((s) => s.video.id)).toEqual(
        expected.slice(0, 5).map((n) => n.id),
      );
    neighbours += expected.length;
  }
  return neighbours;
}

const WORDS: readonly string[] = [
  "stop",
  "scrolling",
  "this",
  "hotel",
  "budget",
  "pov",
  "you",
  "found",
  "the",
  "best",
  "deal",
];

/**
 * Hooks from a small vocabulary (as /tmp-style bulk corpora have): every key's list is far longer than the
 * window, signatures repeat, and some texts are exact duplicates (similarity clamped to 1).
 */
export function vocabularyHooks(count: number, prefix: string, seed: number): VideoSpec[] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  return Array.from({ length: count }, (_, i) => ({
    // Unpadded numbers: id order ("x10" < "x9") is not insertion (seq) order.
    id: `${prefix}${Math.floor(next() * 1_000_000)}-${i}`,
    author: `a${i % 7}`,
    hook:
      i % 50 === 0
        ? "stop scrolling this hotel deal"
        : Array.from(
            { length: 2 + Math.floor(next() * 6) },
            () => WORDS[Math.floor(next() * WORDS.length)],
          ).join(" "),
  }));
}
