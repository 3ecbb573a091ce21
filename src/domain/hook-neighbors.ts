import type { Db } from "../store/connection.js";
import { defaultEmbedder, type Embedder } from "./embedder.js";

/** Neighbours stored per hooked video, and how many candidates each is compared with at most. */
export const HOOK_NEIGHBORS = 12;
const CANDIDATE_CAP = 120;
const WINDOW = 24;

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
  const dims = embedder.dimensions;
  const vectors = new Int8Array(hooks.length * dims);
  // Embedded on first use: a scoped run only embeds the hooks it compares.
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
  // Where each hook sits in each of its keys' lists (aligned with keysOf), without a Map per key.
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
  const wanted = videoIds ? new Set(videoIds) : null;
  const remove = db.prepare("DELETE FROM hook_neighbors WHERE video_id = ?");
  const insert = db.prepare(
    "INSERT INTO hook_neighbors (video_id, rank, neighbor_id, similarity) VALUES (?, ?, ?, ?)",
  );
  db.transaction(() => {
    if (wanted) for (const id of wanted) remove.run(id);
    else db.exec("DELETE FROM hook_neighbors");
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
      const scored: { idx: number; sim: number }[] = [];
      for (const c of candidates) {
        let dot = 0;
        const a = vectorAt(i);
        const b = vectorAt(c);
        for (let d = 0; d < dims; d++) dot += (vectors[a + d] ?? 0) * (vectors[b + d] ?? 0);
        scored.push({ idx: c, sim: dot / (127 * 127) });
      }
      scored.sort((a, b) => b.sim - a.sim || a.idx - b.idx);
      scored
        .filter((s) => s.sim > 0)
        .slice(0, HOOK_NEIGHBORS)
        .forEach((s, rank) => {
          insert.run(h.id, rank + 1, hooks[s.idx]?.id, Math.min(1, Math.max(0, s.sim)));
        });
    });
  })();
}
