import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listFeed } from "../../../src/domain/feeds/list-feed.js";
import { getVideo } from "../../../src/domain/read-models/videos.js";
import { searchVideos } from "../../../src/domain/search/videos.js";
import { HOUR } from "../../../src/shared/clock.js";
import { configureSearch, searchTuning } from "../../../src/store/search-tuning.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW, scoredCorpusDb, type VideoSpec } from "./corpus.js";

const ids = (r: { items: { id: string }[] }) => r.items.map((v) => v.id);

function corpus(): VideoSpec[] {
  const specs: VideoSpec[] = [];
  for (let i = 0; i < 30; i++) {
    specs.push({
      id: `v${String(i).padStart(3, "0")}`,
      author: `c${i % 5}`,
      caption: `${i % 2 ? "cooking pasta" : "gym workout"} fyp ${i % 3 === 0 ? "viral" : "daily"}`,
      hashtags: i % 4 === 0 ? ["fyp", "foodtok"] : ["fyp"],
      plays: 1000 + i * 100,
      comments: (30 - i) * 3,
      shares: (i * 7) % 31,
      ageHours: 24 * 6 - i,
      region: i % 3 === 0 ? "GB" : "US",
      ad: i % 5 === 0,
      media: i % 6 === 0 ? "slideshow" : "video",
      hook: i % 2 ? "nobody tells you this about pasta" : null,
    });
  }
  specs.push({
    id: "rare1",
    author: "c0",
    caption: "zucchini noodles secret",
    plays: 50,
    hook: "the secret about zucchini no one mentions",
  });
  return specs;
}

describe("searchVideos", () => {
  let db: Db;
  beforeEach(() => {
    db = scoredCorpusDb(corpus());
  });
  afterEach(() => db.close());

  it("ranks by relevance blended with popularity and returns an exact total", async () => {
    const r = await searchVideos(createSqliteStore(db), { q: "zucchini", limit: 10 }, NOW);
    expect(ids(r)).toEqual(["rare1"]);
    expect(r.total).toBe(1);
    const pasta = await searchVideos(createSqliteStore(db), { q: "pasta", limit: 50 }, NOW);
    expect(pasta.total).toBe(15);
    // Same text relevance for all, so the popularity prior orders them: most played first.
    const plays = pasta.items.map((v) => v.play_count);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
  });

  it("orders each sort by its definition, ties by id descending", async () => {
    const check = async (
      sort: "views" | "comments" | "reposts" | "newest",
      key: (v: {
        play_count: number;
        comment_count: number;
        share_count: number;
        created_at: string;
        id: string;
      }) => number | string,
    ) => {
      const r = await searchVideos(createSqliteStore(db), { sort, limit: 50 }, NOW);
      expect(r.items.length).toBe(31);
      r.items.slice(1).forEach((b, i) => {
        const a = r.items[i];
        if (!a) throw new Error("missing item");
        expect(key(a) > key(b) || (key(a) === key(b) && a.id > b.id)).toBe(true);
      });
    };
    await check("views", (v) => v.play_count);
    await check("comments", (v) => v.comment_count);
    await check("reposts", (v) => v.share_count);
    await check("newest", (v) => v.created_at);
  });

  it("defaults to trending without q", async () => {
    const r = await searchVideos(createSqliteStore(db), { limit: 50 }, NOW);
    const explicit = await searchVideos(createSqliteStore(db), { sort: "trending", limit: 50 }, NOW);
    expect(ids(r)).toEqual(ids(explicit));
  });

  it("applies every filter", async () => {
    const all = async (p: Omit<Parameters<typeof searchVideos>[1], "limit">) =>
      (await searchVideos(createSqliteStore(db), { ...p, limit: 50 }, NOW)).items;
    expect((await all({ ad: "yes" })).every((v) => v.labels.ad?.value === "yes")).toBe(true);
    expect((await all({ ad: "yes" })).length).toBe(6);
    expect((await all({ ad: "no" })).every((v) => v.labels.ad?.value === "no")).toBe(true);
    expect((await all({ hook: "yes" })).every((v) => v.hook !== null)).toBe(true);
    expect((await all({ hook: "no" })).every((v) => v.hook === null)).toBe(true);
    expect((await all({ media_type: "slideshow" })).every((v) => v.media_type === "slideshow")).toBe(true);
    expect((await all({ region: "GB" })).every((v) => v.region === "GB")).toBe(true);
    expect(
      (await all({ region: "GB", ad: "yes", q: "fyp" })).every(
        (v) => v.region === "GB" && v.labels.ad?.value === "yes",
      ),
    ).toBe(true);
    expect(await all({ language: "fr" })).toEqual([]);
    expect(await all({ viral_hook: "yes" })).toEqual([]);
  });

  it("treats FTS syntax in q as plain words", async () => {
    for (const q of [
      '"unbalanced',
      "pasta NEAR(gym)",
      "pas*",
      "-pasta",
      "pasta OR gym AND",
      "((pasta",
      "🍝 ünïcödé ​",
      "x".repeat(200),
      "***",
      "'; DROP TABLE videos; --",
    ]) {
      await expect(searchVideos(createSqliteStore(db), { q, limit: 5 }, NOW)).resolves.toBeDefined();
    }
    expect((await searchVideos(createSqliteStore(db), { q: "pasta OR", limit: 50 }, NOW)).items.length).toBe(
      0,
    );
    expect((await searchVideos(createSqliteStore(db), { q: '"pasta"', limit: 50 }, NOW)).total).toBe(15);
  });

  it("pages with disjoint, consecutive, stable pages", async () => {
    for (const p of [{ q: "fyp" }, {}, { sort: "views" as const }]) {
      const full = ids(await searchVideos(createSqliteStore(db), { ...p, limit: 50 }, NOW));
      const seen: string[] = [];
      let after = null;
      do {
        const page = await searchVideos(createSqliteStore(db), { ...p, limit: 7, after }, NOW);
        seen.push(...ids(page));
        after = page.next;
      } while (after);
      expect(seen).toEqual(full);
    }
  });

  describe("bounded path for common words", () => {
    const saved = { ...searchTuning() };
    beforeEach(async () => {
      configureSearch({ exactCap: 5, headSize: 8, recentCap: 3 });
      refreshScores(db, NOW);
    });
    afterEach(() => configureSearch(saved));

    it("answers from the popularity prefix plus newest matches, every word present", async () => {
      const r = await searchVideos(createSqliteStore(db), { q: "fyp", limit: 50 }, NOW);
      expect(r.total).toBeNull();
      // The most played fyp videos come first.
      expect(r.items[0]?.id).toBe("v029");
      const both = await searchVideos(createSqliteStore(db), { q: "fyp pasta", limit: 50 }, NOW);
      expect(both.items.length).toBeGreaterThan(0);
      expect(both.items.every((v) => v.desc.includes("pasta"))).toBe(true);
      const views = await searchVideos(createSqliteStore(db), { q: "fyp", sort: "views", limit: 3 }, NOW);
      expect(views.items.map((v) => v.play_count)).toEqual([3900, 3800, 3700]);
    });
  });
});

describe("feeds", () => {
  let db: Db;
  beforeEach(async () => {
    db = tempDb().db;
    const base = (i: number, author: string): VideoSpec => ({
      id: `${author}-old${i}`,
      author,
      plays: 1000 + i * 10,
      ageHours: 24 * 40 + i,
    });
    buildCorpus(db, [
      ...[0, 1, 2, 3].map((i) => base(i, "a")),
      ...[0, 1, 2, 3].map((i) => base(i, "b")),
      ...[0, 1, 2, 3].map((i) => base(i, "e")),
      // A breakout: 40x the creator's baseline, 5 days old.
      {
        id: "a-hit",
        author: "a",
        plays: 40_000,
        ageHours: 24 * 5,
        history: [{ hoursAgo: 48, plays: 30_000 }],
      },
      // Ordinary: at the baseline.
      { id: "b-normal", author: "b", plays: 1100, ageHours: 24 * 5, history: [{ hoursAgo: 48, plays: 900 }] },
      // Young and already at 3x the baseline after 20 hours.
      { id: "e-young", author: "e", plays: 3000, ageHours: 20, history: [{ hoursAgo: 10, plays: 1500 }] },
    ]);
    refreshScores(db, NOW);
  });
  afterEach(() => db.close());

  it("breakout holds constructed breakouts and not ordinary videos", async () => {
    const r = ids(await listFeed(createSqliteStore(db), "breakout", { limit: 20 }, NOW));
    expect(r[0]).toBe("a-hit");
    expect(r).not.toContain("b-normal");
    expect(r.some((id) => id.includes("-old"))).toBe(false);
  });

  it("early_breakout holds young videos out-pacing the baseline", async () => {
    const r = ids(await listFeed(createSqliteStore(db), "early_breakout", { limit: 20 }, NOW));
    expect(r).toEqual(["e-young"]);
  });

  it("trending ranks by recent velocity; newest by publication", async () => {
    const trending = ids(await listFeed(createSqliteStore(db), "trending", { limit: 3 }, NOW));
    expect(trending[0]).toBe("a-hit");
    expect(ids(await listFeed(createSqliteStore(db), "newest", { limit: 1 }, NOW))).toEqual(["e-young"]);
    const p1 = await listFeed(createSqliteStore(db), "newest", { limit: 5 }, NOW);
    const p2 = await listFeed(createSqliteStore(db), "newest", { limit: 5, after: p1.next }, NOW);
    expect(ids(p1).filter((id) => ids(p2).includes(id))).toEqual([]);
    expect(ids(await listFeed(createSqliteStore(db), "newest", { limit: 10 }, NOW))).toEqual([
      ...ids(p1),
      ...ids(p2),
    ]);
  });

  it("getVideo returns metrics growth, snapshots, labels and scores", async () => {
    const v = await getVideo(createSqliteStore(db), "a-hit");
    expect(v?.snapshots.length).toBe(2);
    expect(v?.growth.find((g) => g.window_days === 1)?.plays).toBe(10_000);
    expect(v?.growth.find((g) => g.window_days === 7)?.plays).toBe(40_000);
    expect(v?.scores.breakout).toBeGreaterThan(5);
    expect(v?.label_details.ad?.model_version).toBe("test-1");
    expect(v?.creator.uid).toBe("a");
    expect(await getVideo(createSqliteStore(db), "nope")).toBeNull();
    expect(HOUR).toBe(3600);
  });
});
