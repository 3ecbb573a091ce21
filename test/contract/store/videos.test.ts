import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SearchVideosParams, searchVideos } from "../../../src/domain/search/videos.js";
import type { Keyed, KeysetPosition, Store, VideoFilter, VideoSort } from "../../../src/store/types.js";
import { type StoreUnderTest, storeFactories } from "./factories.js";
import { contractFixture, must } from "./fixture.js";

const fixture = contractFixture();
const byId = new Map(fixture.videos.map((v) => [v.id, v]));
const isDesc = (rows: readonly Keyed[]) =>
  rows.every(
    (r, i) =>
      i === 0 ||
      r.key < must(rows[i - 1]).key ||
      (r.key === must(rows[i - 1]).key && r.id < must(rows[i - 1]).id),
  );

/** Walks a list page by page through its keyset positions. */
async function walk(
  page: (position: KeysetPosition | null) => Promise<Keyed[]>,
  limit: number,
): Promise<Keyed[]> {
  const all: Keyed[] = [];
  let position: KeysetPosition | null = null;
  for (let i = 0; i < 100; i++) {
    const rows = await page(position);
    expect(rows.length).toBeLessThanOrEqual(limit + 1);
    all.push(...rows.slice(0, limit));
    if (rows.length <= limit) return all;
    const last = must(rows[limit - 1]);
    position = { k: last.key, id: last.id };
  }
  throw new Error("no end");
}

describe.each(storeFactories)("store contract: videos ($name)", (factory) => {
  let handle: StoreUnderTest;
  let store: Store;
  beforeAll(async () => {
    handle = await factory.create(fixture);
    store = handle.store;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await factory.dispose();
  });

  it("search: every term must match; the total is exact for a rare word; best_match lifts relevant + popular", async () => {
    const { rows, total } = await store.videos.search(["skincare"], "best_match", {}, 20, null);
    const expected = fixture.videos.filter((v) =>
      `${v.caption} ${v.hook ?? ""} ${v.hashtags.join(" ")}`.includes("skincare"),
    );
    expect(total).toBe(expected.length);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(expected.map((v) => v.id)));
    expect(isDesc(rows)).toBe(true);
    const both = await store.videos.search(["skincare", "serum"], "best_match", {}, 20, null);
    expect(both.rows.map((r) => r.id)).toEqual([must(fixture.videos[1]).id]);
    expect(await store.videos.search(["nonexistentword"], "best_match", {}, 20, null)).toEqual({
      rows: [],
      total: 0,
    });
  });

  it("search: a word also finds its other number (the expansion reads the store's own vocabulary)", async () => {
    const mistake = await store.videos.search(["mistake"], "best_match", {}, 20, null, "mistake");
    expect(mistake).toEqual({
      rows: [expect.objectContaining({ id: must(fixture.videos[3]).id })],
      total: 1,
    });
    const reviews = await store.videos.search(["reviews"], "views", {}, 20, null, "reviews");
    expect(reviews.rows.map((r) => r.id)).toEqual([must(fixture.videos[1]).id]);
  });

  it("search of several words that finds nothing: what leaving out each one finds (same filters)", async () => {
    const search = (q: string, extra: Partial<SearchVideosParams> = {}) =>
      searchVideos(store, { q, limit: 5, ...extra }, 0);
    const totalOf = async (q: string, extra: Partial<SearchVideosParams> = {}) =>
      (await search(q, extra)).total;
    expect(await search("skincare zucchini")).toMatchObject({
      items: [],
      total: 0,
      relaxed: [
        { without: "zucchini", total: await totalOf("skincare") },
        { without: "skincare", total: 1 },
      ],
      unmatched: [],
    });
    expect(await totalOf("skincare")).toBeGreaterThan(1);
    // A phrase is one unit; a word found nowhere is the one to drop; filters hold for the counts too.
    expect(await search('"serum review" qqqzz')).toMatchObject({
      relaxed: [{ without: "qqqzz", total: 1 }],
      unmatched: ["qqqzz"],
    });
    expect((await search("skincare qqqzz", { ad: "yes" })).relaxed).toEqual([
      { without: "qqqzz", total: await totalOf("skincare", { ad: "yes" }) },
    ]);
    expect(await totalOf("skincare", { ad: "yes" })).toBeLessThan((await totalOf("skincare")) as number);
    expect(await search("qqqzz xxyyw")).toMatchObject({ relaxed: [], unmatched: ["qqqzz", "xxyyw"] });
    // Held alone, but not under the filters: unmatched too.
    expect((await search("zucchini skincare", { ad: "yes" })).unmatched).toEqual(["zucchini"]);
    // Not for one word, nor when something matched.
    expect(await search("qqqzz")).not.toHaveProperty("relaxed");
    expect(await search("skincare serum")).not.toHaveProperty("relaxed");
  });

  it("search: other sorts order by their figure; filters apply", async () => {
    const { rows } = await store.videos.search(["skincare"], "views", {}, 20, null);
    const plays = rows.map((r) => must(byId.get(r.id)).plays);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    const ads = await store.videos.search(["skincare"], "views", { ad: "yes" }, 20, null);
    expect(ads.rows.map((r) => r.id).sort()).toEqual(
      [must(fixture.videos[1]).id, must(fixture.videos[3]).id].sort(),
    );
    const gb = await store.videos.search(["skincare"], "newest", { region: "GB" }, 20, null);
    expect(gb.rows.every((r) => must(byId.get(r.id)).region === "GB")).toBe(true);
  });

  it("search and browse page without gaps or repeats", async () => {
    for (const sort of ["best_match", "views", "newest"] as VideoSort[]) {
      const all = (await store.videos.search(["clip"], sort, {}, 100, null)).rows;
      const paged = await walk(async (p) => (await store.videos.search(["clip"], sort, {}, 7, p)).rows, 7);
      expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));
    }
    const filter: VideoFilter = { media_type: "video", region: "US" };
    const all = await store.videos.browse("views", filter, 100, null);
    expect(
      all.every((r) => must(byId.get(r.id)).media === "video" && must(byId.get(r.id)).region === "US"),
    ).toBe(true);
    expect(isDesc(all)).toBe(true);
    const paged = await walk(async (p) => await store.videos.browse("views", filter, 4, p), 4);
    expect(paged).toEqual(all);
  });

  it("browse covers every video in the sort's order", async () => {
    const newest = await store.videos.browse("newest", {}, 100, null);
    expect(newest.map((r) => r.id)).toEqual(
      [...fixture.videos]
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .map((v) => v.id),
    );
    const hooked = await store.videos.browse("trending", { hook: "yes" }, 100, null);
    expect(hooked.map((r) => r.id).sort()).toEqual(
      fixture.videos
        .filter((v) => v.hook)
        .map((v) => v.id)
        .sort(),
    );
  });

  it("feeds: newest is every video newest first; breakout feeds hold only non-zero scores", async () => {
    const newest = await walk(async (p) => await store.videos.feed("newest", 9, p), 9);
    expect(newest).toHaveLength(fixture.videos.length);
    expect(isDesc(newest)).toBe(true);
    for (const feed of ["trending", "breakout", "early_breakout"] as const) {
      const rows = await store.videos.feed(feed, 50, null);
      expect(isDesc(rows)).toBe(true);
      if (feed !== "trending") expect(rows.every((r) => r.key > 0)).toBe(true);
    }
    // The fast riser out-runs its creator's baseline.
    expect((await store.videos.feed("breakout", 50, null)).map((r) => r.id)).toContain(
      must(fixture.videos[11]).id,
    );
  });

  it("summaries come back in the order asked, unknown ids skipped, with labels and names", async () => {
    const ids = [must(fixture.videos[3]).id, "missing", must(fixture.videos[5]).id];
    const rows = await store.videos.summaries(ids);
    expect(rows.map((r) => r.id)).toEqual([ids[0], ids[2]]);
    const [ad, hooked] = rows;
    expect(ad).toMatchObject({ advertiserName: "Serum Co", authorHandle: "glow.lab", plays: 120_000 });
    expect(must(ad).labels.ad?.value).toBe("yes");
    expect(hooked).toMatchObject({ hookText: "nobody tells you this about skincare", hookType: "secret" });
    expect(await store.videos.summaries([])).toEqual([]);
  });

  it("detail: snapshots oldest first, labels, scores; null for an unknown id", async () => {
    const riser = must(fixture.videos[11]);
    const detail = must(await store.videos.detail(riser.id));
    expect(detail.snapshots.map((s) => s.plays)).toEqual([10_000, 90_000]);
    expect(detail.labels.map((l) => l.label).sort()).toEqual(["ad", "hook", "viral_hook"]);
    expect(detail.velocity).toBeGreaterThan(0);
    expect(detail.authorUid).toBe(riser.author);
    expect(await store.videos.detail("missing")).toBeNull();
  });

  it("a creator's and an advertiser's videos, newest first; null for unknown owners", async () => {
    const c1 = await walk(async (p) => (await store.videos.byCreator("c1", "any", 3, p)) ?? [], 3);
    expect(c1.map((r) => r.id).sort()).toEqual(
      fixture.videos
        .filter((v) => v.author === "c1")
        .map((v) => v.id)
        .sort(),
    );
    expect(isDesc(c1)).toBe(true);
    const c1Ads = must(await store.videos.byCreator("c1", "yes", 20, null));
    expect(c1Ads.every((r) => must(byId.get(r.id)).ad)).toBe(true);
    expect(await store.videos.byCreator("nobody", "any", 20, null)).toBeNull();
    const a = must(await store.videos.byAdvertiser(must(fixture.advertisers[0]).id, 20, null));
    expect(a.map((r) => r.id).sort()).toEqual(
      [must(fixture.videos[3]).id, must(fixture.videos[9]).id].sort(),
    );
    expect(await store.videos.byAdvertiser("00000000-0000-0000-0000-000000000000", 20, null)).toBeNull();
  });
});
