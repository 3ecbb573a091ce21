import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultEmbedder, type Embedder } from "../../../src/domain/embedder.js";
import { computeHookNeighbors } from "../../../src/domain/hook-neighbors.js";
import { similarHooks } from "../../../src/domain/videos.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW, type VideoSpec } from "./corpus.js";

type Lists = Map<string, { id: string; similarity: number }[]>;

/**
 * The algorithm as it was before it was rewritten for speed (commit 442c18c), verbatim but for the
 * storage: what it wrote to hook_neighbors (video_id, rank, neighbor_id, similarity) goes to `lists`.
 * The rewrite must leave exactly these lists behind, for full and scoped runs.
 */
function referenceHookNeighbors(
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
    const scored: { idx: number; sim: number }[] = [];
    for (const c of candidates) {
      let dot = 0;
      const a = vectorAt(i);
      const b = vectorAt(c);
      for (let d = 0; d < dims; d++) dot += (vectors[a + d] ?? 0) * (vectors[b + d] ?? 0);
      scored.push({ idx: c, sim: dot / (127 * 127) });
    }
    scored.sort((a, b) => b.sim - a.sim || a.idx - b.idx);
    const rows = scored
      .filter((s) => s.sim > 0)
      .slice(0, HOOK_NEIGHBORS)
      .map((s) => ({ id: hooks[s.idx]?.id ?? "", similarity: Math.min(1, Math.max(0, s.sim)) }));
    if (rows.length > 0) lists.set(h.id, rows);
  });
}

/**
 * What similarHooks must return for every video: the reference list, minus neighbours that no longer
 * exist (the old table lost those rows by cascade), with the neighbours' current hook text.
 */
function expectSameLists(db: Db, lists: Lists): number {
  const videos = new Map(
    (db.prepare("SELECT id, hook_text FROM videos").all() as { id: string; hook_text: string | null }[]).map(
      (v) => [v.id, v.hook_text ?? ""],
    ),
  );
  let neighbours = 0;
  for (const id of videos.keys()) {
    const expected = (lists.get(id) ?? [])
      .filter((n) => videos.has(n.id))
      .map((n) => ({ id: n.id, similarity: n.similarity, hook_text: videos.get(n.id) }));
    const got = similarHooks(db, id, 12)?.items.map((s) => ({
      id: s.video.id,
      similarity: s.similarity,
      hook_text: s.hook_text,
    }));
    expect(got, id).toEqual(expected);
    // A smaller limit is the head of the same list (checked on a sample: each call costs a few queries).
    if (neighbours % 23 === 0)
      expect(similarHooks(db, id, 5)?.items.map((s) => s.video.id)).toEqual(
        expected.slice(0, 5).map((n) => n.id),
      );
    neighbours += expected.length;
  }
  return neighbours;
}

const WORDS = ["stop", "scrolling", "this", "hotel", "budget", "pov", "you", "found", "the", "best", "deal"];

/**
 * Hooks from a small vocabulary (as /tmp-style bulk corpora have): every key's list is far longer than the
 * window, signatures repeat, and some texts are exact duplicates (similarity clamped to 1).
 */
function vocabularyHooks(count: number, prefix: string, seed: number): VideoSpec[] {
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

/** The default's vectors and the first two of its keys, under another name: a different key set. */
const firstKeys: Embedder = {
  name: "first-keys-test",
  dimensions: defaultEmbedder.dimensions,
  embed: (text) => defaultEmbedder.embed(text),
  keys: (text) => defaultEmbedder.keys(text).slice(0, 2),
};

describe("computeHookNeighbors", () => {
  let db: Db;
  let dir: string;
  const lists: Lists = new Map();
  const both = (videoIds?: readonly string[], embedder?: Embedder) => {
    computeHookNeighbors(db, videoIds, embedder);
    referenceHookNeighbors(db, lists, videoIds, embedder);
  };
  const ids = (sql: string) => db.prepare(sql).pluck().all() as string[];

  beforeAll(() => {
    ({ db, dir } = tempDb());
    // Generated hooks (templates, topic words: many short key lists) and a small-vocabulary batch.
    generateCorpus(db, { videos: 1_200, seed: 5, now: NOW });
    buildCorpus(db, [
      ...vocabularyHooks(800, "x", 1),
      { id: "only-stop-words", author: "a1", hook: "this is what it is" },
      { id: "no-hook", author: "a1", hook: null },
    ]);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a full run stores the reference lists", () => {
    both();
    expect(expectSameLists(db, lists)).toBeGreaterThan(15_000);
    expect(lists.has("only-stop-words")).toBe(false);
    // Both kinds of key list occur: long ones (windowed around the hook) and short ones (read whole).
    const sizes = new Map<string, number>();
    for (const text of ids("SELECT hook_text FROM videos WHERE hook_text <> ''"))
      for (const k of defaultEmbedder.keys(text)) sizes.set(k, (sizes.get(k) ?? 0) + 1);
    expect([...sizes.values()].filter((n) => n > 48).length).toBeGreaterThan(10);
    expect([...sizes.values()].filter((n) => n > 1 && n <= 48).length).toBeGreaterThan(10);
  });

  it("a scoped run after an import of a few videos, changed hooks and a removed one", () => {
    const added = vocabularyHooks(12, "y", 2);
    buildCorpus(db, [
      ...added,
      { id: "new-generated-like", author: "a2", hook: "nobody tells you this about hotels" },
    ]);
    const [changed, emptied, nulled] = ids(
      "SELECT id FROM videos WHERE hook_text IS NOT NULL ORDER BY seq LIMIT 3 OFFSET 40",
    );
    db.prepare("UPDATE videos SET hook_text = 'the hidden truth about budget hotels' WHERE id = ?").run(
      changed,
    );
    db.prepare("UPDATE videos SET hook_text = '' WHERE id = ?").run(emptied);
    db.prepare("UPDATE videos SET hook_text = NULL WHERE id = ?").run(nulled);
    both([...added.map((v) => v.id), "new-generated-like", changed ?? "", emptied ?? "", nulled ?? ""]);
    expect(lists.get(changed ?? "")?.length).toBeGreaterThan(0);
    expect(lists.has(emptied ?? "")).toBe(false);
    expectSameLists(db, lists);
  });

  it("a scoped run that leaves out videos whose hooks changed still blocks on their current text", () => {
    const [changed] = ids("SELECT id FROM videos WHERE hook_text IS NOT NULL ORDER BY seq LIMIT 1 OFFSET 70");
    db.prepare("UPDATE videos SET hook_text = 'stop scrolling pov budget deal' WHERE id = ?").run(changed);
    buildCorpus(db, vocabularyHooks(5, "z", 3));
    both(ids("SELECT id FROM videos WHERE seq % 97 = 3"));
    expectSameLists(db, lists);
    both([changed ?? ""]);
    expectSameLists(db, lists);
  });

  it("scoped runs over a large share of the corpus, and over every id", () => {
    both(ids("SELECT id FROM videos WHERE seq % 3 = 0"));
    expectSameLists(db, lists);
    both(ids("SELECT id FROM videos"));
    expectSameLists(db, lists);
  });

  it("another embedder's keys, then the default's again", () => {
    both(ids("SELECT id FROM videos WHERE seq % 50 = 1"), firstKeys);
    expectSameLists(db, lists);
    both(ids("SELECT id FROM videos WHERE seq % 50 = 2"));
    expectSameLists(db, lists);
  });

  it("a deleted video drops out of the lists that named it", () => {
    const [gone] = ids("SELECT id FROM videos WHERE hook_text LIKE '%hotel%' ORDER BY seq LIMIT 1");
    const naming = [...lists].filter(([, l]) => l.some((n) => n.id === gone)).map(([id]) => id);
    expect(naming.length).toBeGreaterThan(0);
    db.prepare("DELETE FROM videos WHERE id = ?").run(gone);
    lists.delete(gone ?? "");
    expectSameLists(db, lists);
    both(naming.slice(0, 3));
    expectSameLists(db, lists);
  });
});
