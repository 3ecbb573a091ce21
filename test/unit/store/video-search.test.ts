import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { searchVideos } from "../../../src/domain/search/videos.js";
import { configureSearch, searchTuning } from "../../../src/store/search-tuning.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { bm25, FIELD_WEIGHTS, readFtsAverages, termCounts } from "../../../src/store/sqlite/fts.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tokenize } from "../../../src/store/text.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW, scoredCorpusDb, type VideoSpec } from "../domain/corpus.js";

const ids = (r: { items: { id: string }[] }) => r.items.map((v) => v.id);

/** 40 videos: every one says "fyp"; "twin" videos tie exactly (same text, same plays); one rare word. */
function corpus(): VideoSpec[] {
  const specs: VideoSpec[] = [];
  for (let i = 0; i < 30; i++) {
    specs.push({
      id: `v${String(i).padStart(3, "0")}`,
      author: `c${i % 4}`,
      caption: `fyp ${i % 2 ? "lemon tart" : "leg day"} ${i % 10 === 0 ? "blueberry" : ""}`,
      plays: 500 + ((i * 37) % 29) * 100,
      region: i % 3 === 0 ? "GB" : "US",
      ad: i % 4 === 0,
    });
  }
  for (let i = 0; i < 10; i++)
    specs.push({ id: `twin${i}`, author: "c9", caption: "fyp twin bakery", plays: 2000, region: "US" });
  return specs;
}

async function allPages(
  db: Db,
  p: Omit<Parameters<typeof searchVideos>[1], "limit" | "after">,
  limit: number,
) {
  const seen: string[] = [];
  const totals: (number | null)[] = [];
  let after = null;
  do {
    const page = await searchVideos(createSqliteStore(db), { ...p, limit, after }, NOW);
    seen.push(...ids(page));
    totals.push(page.total);
    after = page.next;
  } while (after);
  return { seen, totals };
}

describe("searchVideos exact path", () => {
  let db: Db;
  beforeEach(async () => {
    db = scoredCorpusDb(corpus());
  });
  afterEach(() => db.close());

  it("ranks every match by relevance plus the prior, in SQL, with ties broken by id descending", async () => {
    const r = await searchVideos(createSqliteStore(db), { q: "twin", limit: 50 }, NOW);
    expect(ids(r)).toEqual([
      "twin9",
      "twin8",
      "twin7",
      "twin6",
      "twin5",
      "twin4",
      "twin3",
      "twin2",
      "twin1",
      "twin0",
    ]);
    expect(r.total).toBe(10);
    // Same text: the prior alone orders them, most played first.
    const tart = await searchVideos(createSqliteStore(db), { q: "lemon tart", limit: 50 }, NOW);
    const plays = tart.items.map((v) => v.play_count);
    expect(plays.length).toBe(15);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
  });

  it("pages through ties and filters with stable pages and the same exact total on each page", async () => {
    const full = ids(await searchVideos(createSqliteStore(db), { q: "twin", limit: 50 }, NOW));
    const paged = await allPages(db, { q: "twin" }, 3);
    expect(paged.seen).toEqual(full);
    expect(new Set(paged.totals)).toEqual(new Set([10]));
    const filtered = await allPages(db, { q: "fyp blueberry", region: "GB" }, 1);
    expect(filtered.seen.length).toBeGreaterThan(0);
    expect(new Set(filtered.totals)).toEqual(new Set([filtered.seen.length]));
    const views = await allPages(db, { q: "lemon", sort: "views", ad: "no" }, 4);
    const viewsFull = await searchVideos(
      createSqliteStore(db),
      { q: "lemon", sort: "views", ad: "no", limit: 50 },
      NOW,
    );
    expect(views.seen).toEqual(ids(viewsFull));
    expect(new Set(views.totals)).toEqual(new Set([viewsFull.items.length]));
  });

  describe("with small caps", () => {
    const saved = { ...searchTuning() };
    beforeEach(async () => {
      configureSearch({ exactCap: 8, headSize: 6, recentCap: 2 });
      refreshScores(db, NOW);
    });
    afterEach(() => configureSearch(saved));

    it("ranks a common word with a rare one exactly (no probe needed) and an alone common word bounded", async () => {
      const mixed = await searchVideos(createSqliteStore(db), { q: "fyp blueberry", limit: 50 }, NOW);
      expect(ids(mixed).sort()).toEqual(["v000", "v010", "v020"]);
      expect(mixed.total).toBe(3);
      expect((await searchVideos(createSqliteStore(db), { q: "fyp", limit: 50 }, NOW)).total).toBeNull();
    });

    it("ranks exactly when common words rarely meet (counted by the bounded probe)", async () => {
      // "twin" and "bakery" (10 each) are over the cap of 8 and meet 10 times: bounded.
      expect(
        (await searchVideos(createSqliteStore(db), { q: "twin bakery", limit: 4 }, NOW)).total,
      ).toBeNull();
      // "lemon" and "leg" (15 each) never meet (each alone is found, too common to count); then one video
      // holds both.
      expect(await searchVideos(createSqliteStore(db), { q: "lemon leg", limit: 4 }, NOW)).toEqual({
        items: [],
        total: 0,
        next: null,
        relaxed: [
          { without: "lemon", total: null },
          { without: "leg", total: null },
        ],
        unmatched: [],
      });
      buildCorpus(db, [{ id: "both", author: "c1", caption: "lemon after leg day" }]);
      refreshScores(db, NOW);
      const both = await searchVideos(createSqliteStore(db), { q: "lemon leg", limit: 4 }, NOW);
      expect(ids(both)).toEqual(["both"]);
      expect(both.total).toBe(1);
    });
  });
});

describe("common words", () => {
  const saved = { ...searchTuning() };
  afterEach(() => configureSearch(saved));

  it("a scoped refresh promotes a word that grew past the cap, with its most played videos as head", async () => {
    const { db } = tempDb();
    configureSearch({ exactCap: 20, headSize: 4, recentCap: 2 });
    buildCorpus(db, corpus());
    refreshScores(db, NOW);
    expect((await searchVideos(createSqliteStore(db), { q: "lemon", limit: 5 }, NOW)).total).toBe(15);
    const grown = Array.from({ length: 8 }, (_, i) => ({
      id: `new${i}`,
      author: "c2",
      caption: "lemon curd",
      plays: i === 3 ? 90_000 : 100 + i,
    }));
    buildCorpus(db, grown);
    refreshScores(
      db,
      NOW,
      grown.map((v) => v.id),
    );
    const df = db.prepare("SELECT df FROM engine_common_terms WHERE term = 'lemon'").get() as { df: number };
    expect(df.df).toBe(23);
    const heads = db.prepare("SELECT count(*) AS n FROM engine_term_heads WHERE term = 'lemon'").get() as {
      n: number;
    };
    expect(heads.n).toBeGreaterThanOrEqual(4);
    const r = await searchVideos(createSqliteStore(db), { q: "lemon", limit: 5 }, NOW);
    expect(r.total).toBeNull();
    expect(r.items[0]?.id).toBe("new3");
    db.close();
  });
});

describe("text helpers", () => {
  it("termCounts counts each term per column and the document length like tokenize", async () => {
    const columns = ["Fyp fyp, Crème brûlée!", "", "the fyp", "fyp creme"];
    const { counts, length } = termCounts(columns, ["fyp", "creme", "absent"]);
    expect(counts).toEqual([
      [2, 0, 1, 1],
      [1, 0, 0, 1],
      [0, 0, 0, 0],
    ]);
    expect(length).toBe(columns.reduce((n, c) => n + tokenize(c).length, 0));
  });

  it("bm25 computed from text equals FTS5's bm25 with the field weights", async () => {
    const { db } = tempDb();
    buildCorpus(db, corpus());
    const fts = db
      .prepare(
        `SELECT rowid AS seq, -bm25(videos_fts, ${FIELD_WEIGHTS.join(", ")}) AS rel FROM videos_fts WHERE videos_fts MATCH '"fyp" "lemon"'`,
      )
      .all() as { seq: number; rel: number }[];
    const block = (db.prepare("SELECT block FROM videos_fts_data WHERE id = 1").get() as { block: Buffer })
      .block;
    const stats = readFtsAverages(block);
    expect(stats.docs).toBe(40);
    const df = (t: string) =>
      (
        db.prepare("SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH ?").get(`"${t}"`) as {
          n: number;
        }
      ).n;
    const dfs = [df("fyp"), df("lemon")];
    expect(fts.length).toBe(15);
    for (const { seq, rel } of fts) {
      const v = db
        .prepare("SELECT caption, hook_text, transcript, hashtags FROM videos WHERE seq = ?")
        .get(seq) as {
        caption: string;
        hook_text: string | null;
        transcript: string | null;
        hashtags: string;
      };
      const { counts, length } = termCounts(
        [v.caption, v.hook_text ?? "", v.transcript ?? "", v.hashtags],
        ["fyp", "lemon"],
      );
      expect(bm25(counts, length, dfs, stats)).toBeCloseTo(rel, 9);
    }
    db.close();
  });
});
