import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../src/shared/clock.js";
import type { Store, TrendReportRow } from "../../../src/store/types.js";
import { type StoreUnderTest, storeFactories } from "./factories.js";
import { contractFixture, must } from "./fixture.js";

const fixture = contractFixture();
const [serum, appify] = fixture.advertisers;

describe.each(storeFactories)("store contract: creators, advertisers, hooks, trends ($name)", (factory) => {
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

  it("creators: name words with the last as a prefix; views order by their figure", async () => {
    const glow = await store.creators.search(
      { terms: ["glo"], view: "all", type: "all", window: 7, since: 0 },
      20,
      null,
    );
    expect(glow.map((r) => r.id)).toEqual(["c1"]);
    const all = await store.creators.search(
      { terms: [], view: "all", type: "all", window: 7, since: 0 },
      20,
      null,
    );
    expect(all.map((r) => r.id)).toEqual(["c1", "c3", "c2"]); // by followers
    const fresh = await store.creators.search(
      { terms: [], view: "new", type: "all", window: 7, since: fixture.now - 7 * DAY },
      20,
      null,
    );
    expect(fresh.map((r) => r.id)).toEqual(["c2"]);
    const page = await store.creators.search(
      { terms: [], view: "all", type: "all", window: 7, since: 0 },
      1,
      null,
    );
    expect(page).toHaveLength(2);
    const next = await store.creators.search(
      { terms: [], view: "all", type: "all", window: 7, since: 0 },
      1,
      {
        k: must(page[0]).key,
        id: must(page[0]).id,
      },
    );
    expect(must(next[0]).id).toBe("c3");
  });

  it("creators: summaries, handles current and former, detail", async () => {
    const [c1] = await store.creators.summaries(["c1"]);
    expect(c1).toMatchObject({
      uid: "c1",
      handle: "glow.lab",
      formerHandles: ["glowgirl"],
      nickname: "Glow Lab",
    });
    expect(must(c1).videos).toBe(fixture.videos.filter((v) => v.author === "c1").length);
    expect(must(c1).advertised).toBe(true);
    expect((await store.creators.summaries(["nobody", "c2"])).map((r) => r.uid)).toEqual(["c2"]);
    expect(await store.creators.exists("c1")).toBe(true);
    expect(await store.creators.exists("glow.lab")).toBe(false);
    expect(await store.creators.uidByHandle("GLOW.LAB")).toBe("c1");
    expect(await store.creators.uidByHandle("glowgirl")).toBeNull();
    expect(await store.creators.uidByFormerHandle("GlowGirl")).toBe("c1");
    const detail = must(await store.creators.detail("c1"));
    expect(detail.stats?.videos).toBe(must(c1).videos);
    expect(detail.recentVideoIds).toHaveLength(5);
    expect(detail.house).toBeNull();
    expect(await store.creators.detail("nobody")).toBeNull();
  });

  it("advertisers: substring of a name or alias, every match with its key", async () => {
    expect(
      (
        await store.advertisers.search(
          { q: "SERUM", view: "all", focus: "all", window: 7, since: 0 },
          50,
          null,
        )
      ).rows,
    ).toEqual([{ id: must(serum).id, key: 2 }]);
    expect(
      (
        await store.advertisers.search(
          { q: "y_app", view: "all", focus: "all", window: 7, since: 0 },
          50,
          null,
        )
      ).rows,
    ).toEqual([{ id: must(appify).id, key: 1 }]);
    expect(
      (await store.advertisers.search({ q: "%", view: "all", focus: "all", window: 7, since: 0 }, 50, null))
        .rows,
    ).toEqual([]);
    const apps = (
      await store.advertisers.search({ q: "", view: "all", focus: "apps", window: 7, since: 0 }, 50, null)
    ).rows;
    expect(apps.map((r) => r.id)).toEqual([must(appify).id]);
    const fresh = (
      await store.advertisers.search(
        {
          q: "",
          view: "new",
          focus: "all",
          window: 2,
          since: fixture.now - 2 * DAY,
        },
        50,
        null,
      )
    ).rows;
    expect(fresh.map((r) => r.id)).toEqual([must(appify).id]);
  });

  it("advertisers: ordered key DESC, id DESC, paged by keyset, with the exact total", async () => {
    for (const view of ["all", "trending", "new"] as const) {
      const query = { q: "", view, focus: "all" as const, window: 7 as const, since: 0 };
      const all = await store.advertisers.search(query, 100, null);
      expect(all.total).toBe(fixture.advertisers.length);
      expect(all.rows).toHaveLength(fixture.advertisers.length);
      expect(
        all.rows.every((r, i) => {
          const prev = all.rows[i - 1];
          return !prev || prev.key > r.key || (prev.key === r.key && prev.id > r.id);
        }),
      ).toBe(true);
      const paged: typeof all.rows = [];
      let position: { k: number; id: string } | null = null;
      for (let i = 0; i < 20; i++) {
        const page = await store.advertisers.search(query, 1, position);
        expect(page.rows.length).toBeLessThanOrEqual(2);
        expect(page.total).toBe(all.total);
        paged.push(...page.rows.slice(0, 1));
        if (page.rows.length <= 1) break;
        const last = must(page.rows[0]);
        position = { k: last.key, id: last.id };
      }
      expect(paged).toEqual(all.rows);
    }
  });

  it("advertisers: summaries and detail", async () => {
    const [a] = await store.advertisers.summaries([must(serum).id]);
    expect(a).toMatchObject({ name: "Serum Co", focus: "dtc", domain: "serum.example", videos: 2 });
    expect(must(a).aliases).toEqual(["serum.example", "serumco"]);
    const detail = must(await store.advertisers.detail(must(serum).id));
    expect(detail.recentVideoIds.sort()).toEqual(
      [must(fixture.videos[3]).id, must(fixture.videos[9]).id].sort(),
    );
    expect(detail.topCreators.reduce((n, c) => n + c.videos, 0)).toBe(2);
    expect(await store.advertisers.detail("00000000-0000-0000-0000-000000000000")).toBeNull();
  });

  it("hooks: paraphrased hooks are neighbours, best first; none for a video without a hook", async () => {
    const [a, b, c] = [must(fixture.videos[5]), must(fixture.videos[6]), must(fixture.videos[7])];
    const neighbours = must(await store.hooks.neighbours(a.id));
    expect(neighbours.map((n) => n.video.id)).toContain(b.id);
    expect(neighbours.map((n) => n.video.id)).not.toContain(a.id);
    expect(must(neighbours[0]).video.id).toBe(b.id);
    expect(neighbours.every((n) => n.similarity > 0 && n.similarity <= 1)).toBe(true);
    expect(neighbours.map((n) => n.similarity)).toEqual(
      [...neighbours.map((n) => n.similarity)].sort((x, y) => y - x),
    );
    expect(must(await store.hooks.neighbours(c.id)).length).toBeGreaterThan(0);
    expect(await store.hooks.neighbours(must(fixture.videos[0]).id)).toEqual([]);
    expect(await store.hooks.neighbours("missing")).toBeNull();
  });

  it("trends: reads videos by creation time, replaces the reports atomically, lists newest first", async () => {
    const recent = [];
    for await (const v of store.trends.videosCreatedBetween(fixture.now - DAY, fixture.now)) recent.push(v);
    const expected = fixture.videos.filter(
      (v) => v.createdAt > fixture.now - DAY && v.createdAt <= fixture.now,
    );
    expect(recent.map((r) => r.id).sort()).toEqual(expected.map((v) => v.id).sort());
    // Where recency windows end: the newest video, the latest observation of the counts.
    expect(await store.trends.newestVideoAt(fixture.now)).toBe(
      Math.max(...fixture.videos.map((v) => v.createdAt)),
    );
    expect(await store.trends.oldestVideoAt()).toBe(Math.min(...fixture.videos.map((v) => v.createdAt)));
    expect(await store.trends.latestObservationAt(fixture.now)).toBe(fixture.now - HOUR);
    expect(await store.trends.latestObservationAt(fixture.now - 2 * HOUR)).toBeNull();
    const report = (id: string, publishedAt: number): TrendReportRow => ({
      id,
      kind: "hashtag",
      subject: id,
      title: `#${id} is rising`,
      summary: "",
      periodStart: fixture.now - 7 * DAY,
      periodEnd: fixture.now,
      signal: { videos: 3, previous_videos: 1, growth_ratio: 2, plays: 100 },
      publishedAt,
    });
    await store.trends.replaceReports([
      { report: report("old", fixture.now - 10), examples: [] },
      {
        report: report("new", fixture.now),
        examples: [{ rank: 1, videoId: must(fixture.videos[1]).id, note: "n" }],
      },
    ]);
    const list = await store.trends.list(1, 0);
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.id)).toEqual(["new", "old"]);
    expect(await store.trends.get("new")).toEqual({
      report: report("new", fixture.now),
      examples: [{ rank: 1, videoId: must(fixture.videos[1]).id, note: "n" }],
    });
    await store.trends.replaceReports([{ report: report("only", fixture.now), examples: [] }]);
    expect((await store.trends.list(10, 0)).rows.map((r) => r.id)).toEqual(["only"]);
    expect(await store.trends.get("new")).toBeNull();
  });
});
