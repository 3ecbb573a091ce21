import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { defaultEmbedder } from "../../../src/store/hooks/default-embedder.js";
import type { Embedder } from "../../../src/store/hooks/embedder.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW } from "../domain/corpus.js";
import {
  expectSameLists,
  type Lists,
  referenceHookNeighbors,
  vocabularyHooks,
} from "./hook-neighbors-reference.js";

/** The default's vectors and the first two of its keys, under another name: a different key set. */
const firstKeys: Embedder = {
  name: "first-keys-test",
  dimensions: defaultEmbedder.dimensions,
  minSimilarity: defaultEmbedder.minSimilarity,
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
  /** A new hook for an existing video, written the way imports write it (CorpusWriter). */
  const reword = (id: string | undefined, hook: string | null) =>
    buildCorpus(db, [{ id: id ?? "", author: "a1", hook }]);

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

  it("a full run stores the reference lists", async () => {
    both();
    expect(await expectSameLists(db, lists)).toBeGreaterThan(10_000); // fewer since weak (< 0.5) and near-duplicate neighbours are left out;
    expect(lists.has("only-stop-words")).toBe(false);
    // Both kinds of key list occur: long ones (windowed around the hook) and short ones (read whole).
    const sizes = new Map<string, number>();
    for (const text of ids("SELECT hook_text FROM videos WHERE hook_text <> ''"))
      for (const k of defaultEmbedder.keys(text)) sizes.set(k, (sizes.get(k) ?? 0) + 1);
    expect([...sizes.values()].filter((n) => n > 48).length).toBeGreaterThan(10);
    expect([...sizes.values()].filter((n) => n > 1 && n <= 48).length).toBeGreaterThan(10);
  });

  it("a scoped run derives keys only for the videos asked for and hooks changed since", async () => {
    const calls = { keys: 0, embed: 0 };
    const counting: Embedder = {
      name: defaultEmbedder.name, // the stored keys are the default's: a scoped run may read them
      dimensions: defaultEmbedder.dimensions,
      minSimilarity: defaultEmbedder.minSimilarity,
      keys: (text) => {
        calls.keys++;
        return defaultEmbedder.keys(text);
      },
      embed: (text, into) => {
        calls.embed++;
        return defaultEmbedder.embed(text, into);
      },
    };
    const added = vocabularyHooks(3, "w", 4);
    buildCorpus(db, added);
    const [changed] = ids("SELECT id FROM videos WHERE hook_text IS NOT NULL ORDER BY seq LIMIT 1 OFFSET 90");
    reword(changed, "why nobody talks about budget hotels");
    const asked = [...added.map((v) => v.id), changed ?? ""];
    computeHookNeighbors(db, asked, counting);
    referenceHookNeighbors(db, lists, asked);
    // Keys: each asked video and each hook changed since the last run (the same four here), once or twice.
    expect(calls.keys).toBeLessThanOrEqual(2 * asked.length);
    // Vectors: the asked videos' and their candidates' (at most 168 each), not the corpus's 2,000.
    expect(calls.embed).toBeLessThanOrEqual(asked.length * 169);
    expect(db.prepare("SELECT count(*) FROM hook_keys_stale").pluck().get()).toBe(0);
    await expectSameLists(db, lists);
  });

  it("knows what changed since the last run: new videos by seq, hooks CorpusWriter re-worded", async () => {
    const stale = () => db.prepare("SELECT seq FROM hook_keys_stale ORDER BY seq").pluck().all() as number[];
    const watermark = () =>
      Number(db.prepare("SELECT value FROM meta WHERE key = 'videos_seq_watermark'").pluck().get());
    const seqOf = (id: string) => db.prepare("SELECT seq FROM videos WHERE id = ?").pluck().get(id) as number;
    expect(stale()).toEqual([]);
    expect(watermark()).toBe(db.prepare("SELECT max(seq) FROM videos").pluck().get());
    buildCorpus(db, [
      { id: "t-hooked", author: "a3", hook: "stop scrolling this budget deal" },
      { id: "t-plain", author: "a3", hook: null },
    ]);
    expect(seqOf("t-hooked")).toBeGreaterThan(watermark());
    expect(stale()).toEqual([]);
    const [same, reworded] = ids("SELECT id FROM videos WHERE hook_text <> '' ORDER BY seq LIMIT 2 OFFSET 5");
    const sameHook = db.prepare("SELECT hook_text FROM videos WHERE id = ?").pluck().get(same) as string;
    reword(same, sameHook); // other fields change, the hook does not
    reword(reworded, "the best hotel deal");
    expect(stale()).toEqual([seqOf(reworded ?? "")]);
    both(["t-hooked"]);
    // And lists that name it.
    both(lists.get("t-hooked")?.map((n) => n.id) ?? []);
    expect(stale()).toEqual([]);
    expect(watermark()).toBe(seqOf("t-plain"));
    await expectSameLists(db, lists);
  });

  it("a deleted video's rows go, lists naming it skip it, and its seq is not handed out again", async () => {
    const seqOf = (id: string) => db.prepare("SELECT seq FROM videos WHERE id = ?").pluck().get(id) as number;
    const rows = (seq: number) =>
      ["hook_neighbors", "hook_keys"].map(
        (t) => db.prepare(`SELECT count(*) FROM ${t} WHERE seq = ?`).pluck().get(seq) as number,
      );
    const gone = seqOf("t-hooked");
    const naming = [...lists].filter(([, l]) => l.some((n) => n.id === "t-hooked"));
    expect(naming.length).toBeGreaterThan(0);
    expect(rows(gone)).toEqual([1, 1]);
    // The two newest videos go: max(seq) + 1 would be the deleted hook's seq again.
    db.prepare("DELETE FROM videos WHERE seq >= ?").run(gone);
    expect(rows(gone)).toEqual([0, 0]);
    lists.delete("t-hooked");
    await expectSameLists(db, lists);
    buildCorpus(db, [{ id: "t-next", author: "a3", hook: "stop scrolling this budget deal" }]);
    expect(seqOf("t-next")).toBeGreaterThan(gone + 1);
    await expectSameLists(db, lists); // the lists that named the deleted video do not name t-next
    both(["t-next"]);
    await expectSameLists(db, lists);
  });

  it("a scoped run after an import of a few videos, and hooks changed (by SQL) among those asked for", async () => {
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
    await expectSameLists(db, lists);
  });

  it("a scoped run that leaves out videos whose hooks changed still blocks on their current text", async () => {
    const [changed] = ids("SELECT id FROM videos WHERE hook_text IS NOT NULL ORDER BY seq LIMIT 1 OFFSET 70");
    reword(changed, "stop scrolling pov budget deal");
    buildCorpus(db, vocabularyHooks(5, "z", 3));
    both(ids("SELECT id FROM videos WHERE seq % 97 = 3"));
    await expectSameLists(db, lists);
    both([changed ?? ""]);
    await expectSameLists(db, lists);
  });

  it("scoped runs over a large share of the corpus, and over every id", async () => {
    both(ids("SELECT id FROM videos WHERE seq % 3 = 0"));
    await expectSameLists(db, lists);
    both(ids("SELECT id FROM videos"));
    await expectSameLists(db, lists);
  });

  it("another embedder's keys, then the default's again", async () => {
    both(ids("SELECT id FROM videos WHERE seq % 50 = 1"), firstKeys);
    await expectSameLists(db, lists);
    both(ids("SELECT id FROM videos WHERE seq % 50 = 2"));
    await expectSameLists(db, lists);
  });

  it("a deleted video drops out of the lists that named it", async () => {
    const [gone] = ids("SELECT id FROM videos WHERE hook_text LIKE '%hotel%' ORDER BY seq LIMIT 1");
    const naming = [...lists].filter(([, l]) => l.some((n) => n.id === gone)).map(([id]) => id);
    expect(naming.length).toBeGreaterThan(0);
    db.prepare("DELETE FROM videos WHERE id = ?").run(gone);
    lists.delete(gone ?? "");
    await expectSameLists(db, lists);
    both(naming.slice(0, 3));
    await expectSameLists(db, lists);
  });
});
