import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../../src/shared/clock.js";
import {
  CAPTION_BOUNDS,
  EMOJI_RANGES,
  type FactsGroup,
  type FactsSplit,
  type FactsValue,
  HASHTAG_COUNT_BOUNDS,
  LENGTH_BOUNDS,
  PHONE_PATTERN,
  PRICE_PATTERN,
  type VideoFact,
} from "../../../src/store/facts.js";
import { configureSearch, searchTuning } from "../../../src/store/search-tuning.js";
import { queryTerms } from "../../../src/store/text.js";
import type {
  BrowseSort,
  CreatorQuery,
  Keyed,
  KeysetPosition,
  Store,
  VideoFilter,
  VideoSort,
} from "../../../src/store/types.js";
import { postgresFactory, type StoreUnderTest, sqliteFactory, storeFactories } from "./factories.js";
import {
  contractFixture,
  type Fixture,
  type FixtureVideo,
  must,
  PHONE_SAMPLES,
  PRICE_SAMPLES,
} from "./fixture.js";

/**
 * SQLite and PostgreSQL loaded with the same rows (the PostgreSQL factory copies the SQLite one), compared
 * read by read: every sort other than best_match, every filter, every keyset walk and every total must be
 * identical; best_match must return the same set with the same total (its order is each engine's own
 * relevance), and on both the popularity prior orders videos whose text ranks alike.
 */

const SORTS: VideoSort[] = ["best_match", "trending", "newest", "views", "comments", "reposts"];
const FILTERS: VideoFilter[] = [
  {},
  { ad: "yes" },
  { ad: "no", region: "US" },
  { hook: "yes" },
  { hook: "no", media_type: "video" },
  { media_type: "slideshow" },
  { viral_hook: "yes" },
  { language: "en", region: "GB" },
  { language: "fr" },
];
const QUERIES = [
  "skincare",
  "skincare serum",
  "clip",
  "fyp",
  "fyp clip",
  "morning routine",
  '"morning routine"',
  '"routine morning"',
  "skin care",
  "nobody tells",
  "zucchini",
  "clip number 7",
  "nonexistentword",
];

const SPLITS: (FactsSplit | null)[] = [
  null,
  "creator",
  "advertiser",
  "sound",
  "artist",
  "hashtag",
  "collection",
  "hook",
  "hook_type",
  "ad",
  "transcript",
  "weekday",
  "weekend",
  "hour",
  "day",
  "week",
  "month",
  "quarter",
  "year",
  "length",
  "caption_length",
  "hashtag_count",
  "region",
  "language",
  "media_type",
];
const VALUES: FactsValue[] = [
  "plays",
  "likes",
  "engagement",
  "share_rate",
  "saves_per_like",
  "duration",
  "hashtag_count",
  "published",
];

/**
 * The count a one-count rate divides by plays (or the ratio saves_per_like by likes); the engagement rate (and
 * every other value) pools all four.
 */
const numerator = (v: VideoFact, value: FactsValue) =>
  value === "saves_per_like"
    ? v.saves
    : value === "like_rate"
      ? v.likes
      : value === "comment_rate"
        ? v.comments
        : value === "share_rate"
          ? v.shares
          : value === "save_rate"
            ? v.saves
            : v.likes + v.comments + v.shares + v.saves;

/** A video's groups, computed here (each of its tags; UTC calendar fields; bands from LENGTH_BOUNDS). */
function keysOf(v: VideoFact, by: FactsSplit | null): (string | number)[] {
  if (by === "hashtag") return [...new Set(v.hashtags.split(" ").filter((t) => t !== ""))];
  if (by === "collection") return COLLECTIONS.get(v.id) ?? [];
  const key = keyOf(v, by);
  return key === null ? [] : [key];
}

const CAPTIONS = new Map(contractFixture().videos.map((v) => [v.id, v.caption]));
/** A caption with any emoji, as the stores' EMOJI_RANGES read one. */
const EMOJI = new RegExp(
  `[${EMOJI_RANGES.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join("")}]`,
  "u",
);
/** Each video's collections (searches) as the fixture lists them. */
const COLLECTIONS = new Map(contractFixture().videos.map((v) => [v.id, v.collections ?? []]));
/** Each video's sound's artist as the fixture credits it (blank: none). */
const ARTISTS = new Map(
  contractFixture().videos.flatMap((v) => {
    const artist = v.music?.artist?.trim() ?? "";
    return artist === "" ? [] : [[v.id, artist] as const];
  }),
);
/** The videos with a recorded (non-blank) transcript. */
const TRANSCRIBED = new Set(
  contractFixture()
    .videos.filter((v) => (v.transcript ?? "").trim() !== "")
    .map((v) => v.id),
);

function bandOf(x: number, bounds: readonly number[]): number {
  const band = bounds.findIndex((bound) => x < bound);
  return band === -1 ? bounds.length : band;
}

function keyOf(
  v: VideoFact,
  by: Exclude<FactsSplit, "hashtag" | "collection"> | null,
): string | number | null {
  const at = new Date(v.created_at * 1000);
  switch (by) {
    case null:
      return "all";
    case "creator":
      return v.author_uid;
    case "advertiser":
      return v.advertiser_id;
    case "sound":
      return v.music_id;
    case "artist":
      return ARTISTS.get(v.id) ?? null;
    case "hook":
      return v.label_hook;
    case "ad":
      return v.label_ad;
    case "transcript":
      return TRANSCRIBED.has(v.id) ? 1 : 0;
    case "weekday":
      return at.getUTCDay();
    case "weekend":
      return at.getUTCDay() === 0 || at.getUTCDay() === 6 ? 1 : 0;
    case "hour":
      return at.getUTCHours();
    case "day":
      return at.toISOString().slice(0, 10);
    case "week":
      // The Monday on or before the day (UTC).
      return new Date(
        Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)),
      )
        .toISOString()
        .slice(0, 10);
    case "month":
      return at.toISOString().slice(0, 7);
    case "year":
      return at.toISOString().slice(0, 4);
    case "quarter":
      return `${at.toISOString().slice(0, 4)}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
    case "length": {
      if (v.media_type !== "video" || v.duration_s === null) return null;
      return bandOf(v.duration_s, LENGTH_BOUNDS);
    }
    case "caption_length":
      // The caption as the fixture wrote it, in code points.
      return bandOf([...(CAPTIONS.get(v.id) ?? "")].length, CAPTION_BOUNDS);
    case "hashtag_count":
      return bandOf(v.hashtags.split(" ").filter((t) => t !== "").length, HASHTAG_COUNT_BOUNDS);
    default:
      return v[by];
  }
}

/** What a value's pooled rate divides by: likes for saves_per_like, plays otherwise. */
const base = (v: VideoFact, value: FactsValue) => (value === "saves_per_like" ? v.likes : v.plays);

function perVideo(v: VideoFact, value: FactsValue): number | null {
  if (value === "saves_per_like") return v.likes === 0 ? 0 : v.saves / v.likes;
  if (
    value === "engagement" ||
    value === "like_rate" ||
    value === "comment_rate" ||
    value === "share_rate" ||
    value === "save_rate"
  )
    return v.plays === 0 ? 0 : numerator(v, value) / v.plays;
  if (value === "duration") return v.media_type === "video" ? v.duration_s : null;
  if (value === "hashtag_count") return v.hashtags.split(" ").filter((t) => t !== "").length;
  if (value === "published") return v.created_at;
  return v[value as "plays" | "likes" | "comments" | "shares" | "saves"];
}

const byPlays = (a: VideoFact, b: VideoFact) => b.plays - a.plays || (a.id < b.id ? 1 : -1);

/** What FactsRepository.groups should return for these videos, in key order (sums rounded: float order). */
function expectedGroups(videos: readonly VideoFact[], by: FactsSplit | null, value: FactsValue) {
  const groups = new Map<string | number, VideoFact[]>();
  for (const v of videos) for (const k of keysOf(v, by)) groups.set(k, [...(groups.get(k) ?? []), v]);
  return comparable(
    [...groups].map(([key, vs]) => {
      const xs = vs
        .map((v) => perVideo(v, value))
        .filter((x): x is number => x !== null)
        .sort((a, b) => a - b);
      const mid = Math.floor(xs.length / 2);
      return {
        key: by === null ? null : key,
        videos: vs.length,
        valued: xs.length,
        median:
          xs.length === 0
            ? null
            : xs.length % 2
              ? (xs[mid] as number)
              : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2,
        highest: xs.length === 0 ? null : (xs[xs.length - 1] as number),
        sum: xs.reduce((s, x) => s + x, 0),
        plays: vs.reduce((s, v) => s + v.plays, 0),
        interactions: vs.reduce((s, v) => s + numerator(v, value), 0),
        base: vs.reduce((s, v) => s + base(v, value), 0),
      };
    }),
  );
}

function comparable(groups: readonly FactsGroup[] = []): FactsGroup[] {
  return [...groups]
    .map((g) => ({ ...g, sum: Math.round(g.sum * 1e6) / 1e6 }))
    .sort((a, b) => (String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0));
}

function expectedNearest(videos: readonly VideoFact[], value: FactsValue, target: number, n: number) {
  return videos
    .filter((v) => perVideo(v, value) !== null)
    .sort(
      (a, b) =>
        Math.abs((perVideo(a, value) as number) - target) -
          Math.abs((perVideo(b, value) as number) - target) || (a.id < b.id ? -1 : 1),
    )
    .slice(0, n);
}

const fixture = contractFixture();
const postgres = storeFactories.includes(postgresFactory);

async function walk(
  page: (position: KeysetPosition | null) => Promise<Keyed[]>,
  limit: number,
): Promise<Keyed[]> {
  const all: Keyed[] = [];
  let position: KeysetPosition | null = null;
  for (let i = 0; i < 200; i++) {
    const rows = await page(position);
    all.push(...rows.slice(0, limit));
    if (rows.length <= limit) return all;
    const last = must(rows[limit - 1]);
    position = { k: last.key, id: last.id };
  }
  throw new Error("no end");
}

const isDesc = (rows: readonly Keyed[]) =>
  rows.every((r, i) => {
    const prev = rows[i - 1];
    return !prev || r.key < prev.key || (r.key === prev.key && r.id < prev.id);
  });

const ids = (rows: readonly Keyed[]) => rows.map((r) => r.id);

/** Both stores over the same fixture, with the search tuning given (the bounded path on a small corpus). */
function pair(tuning: Partial<ReturnType<typeof searchTuning>>) {
  const stores: { sqlite?: Store; postgres?: Store } = {};
  const handles: StoreUnderTest[] = [];
  const saved = { ...searchTuning() };
  beforeAll(async () => {
    configureSearch(tuning);
    const a = await sqliteFactory.create(fixture);
    const b = await postgresFactory.create(fixture);
    handles.push(a, b);
    stores.sqlite = a.store;
    stores.postgres = b.store;
  }, 120_000);
  afterAll(async () => {
    configureSearch(saved);
    for (const h of handles) await h.close();
  });
  return () => ({ lite: must(stores.sqlite), pg: must(stores.postgres) });
}

async function compareSearch(lite: Store, pg: Store, fixture: Fixture): Promise<number> {
  let compared = 0;
  for (const q of QUERIES) {
    const terms = queryTerms(q);
    for (const sort of SORTS)
      for (const filter of FILTERS) {
        const where = `${q} / ${sort} / ${JSON.stringify(filter)}`;
        const [a, b] = await Promise.all([
          lite.videos.search(terms, sort, filter, 100, null, q),
          pg.videos.search(terms, sort, filter, 100, null, q),
        ]);
        expect(b.total, where).toBe(a.total);
        expect(isDesc(b.rows), where).toBe(true);
        if (sort === "best_match") expect(ids(b.rows).sort(), where).toEqual(ids(a.rows).sort());
        else expect(b.rows, where).toEqual(a.rows);
        // Keyset pages of 3 give the whole list, in order, on both.
        const paged = await walk(async (p) => (await pg.videos.search(terms, sort, filter, 3, p, q)).rows, 3);
        expect(paged, where).toEqual(b.rows);
        compared++;
      }
  }
  expect(fixture.videos.length).toBeGreaterThan(0);
  return compared;
}

describe.skipIf(!postgres)("store parity: SQLite and PostgreSQL answer alike", () => {
  afterAll(() => postgresFactory.dispose());

  describe("exact ranking (default tuning)", () => {
    const both = pair({});

    it("search: identical totals, rows and pages for every sort but best_match; best_match the same set", async () => {
      const { lite, pg } = both();
      expect(await compareSearch(lite, pg, fixture)).toBe(QUERIES.length * SORTS.length * FILTERS.length);
    });

    it("search: expansions (run-together words, phrases) and odd terms behave alike", async () => {
      const { lite, pg } = both();
      const skincare = fixture.videos.filter((v) =>
        `${v.caption} ${v.hook ?? ""} ${v.hashtags.join(" ")}`.includes("skincare"),
      );
      for (const store of [lite, pg]) {
        // "skin care" also matches the corpus's "skincare"; a phrase keeps its order.
        const joined = await store.videos.search(["skin", "care"], "views", {}, 100, null, "skin care");
        expect(joined.total).toBe(skincare.length);
        expect(
          (await store.videos.search(["routine", "morning"], "views", {}, 100, null, '"routine morning"'))
            .total,
        ).toBe(0);
        // Terms are literal lexemes, whatever they hold (a store may be called with unnormalised terms).
        for (const odd of ["o'brien", "back\\slash", "a:*", "x & y", "!"])
          expect(await store.videos.search([odd], "newest", {}, 10, null, odd)).toEqual({
            rows: [],
            total: 0,
          });
      }
    });

    it("best_match: the popularity prior orders videos whose text ranks alike (most played first)", async () => {
      const { lite, pg } = both();
      // Videos 12+ all read "clip number N morning routine" (one token differs): equal text relevance.
      const alike = new Set(fixture.videos.slice(12).map((v) => v.id));
      const plays = new Map(fixture.videos.map((v) => [v.id, v.plays]));
      for (const store of [lite, pg]) {
        const { rows } = await store.videos.search(["routine"], "best_match", {}, 100, null, "routine");
        const order = ids(rows).filter((id) => alike.has(id));
        expect(order.length).toBe(alike.size);
        expect(order.map((id) => plays.get(id))).toEqual(
          [...order].map((id) => must(plays.get(id))).sort((x, y) => y - x),
        );
      }
    });

    it("browse and feeds: identical for every sort, filter and page", async () => {
      const { lite, pg } = both();
      for (const sort of ["trending", "newest", "views", "comments", "reposts"] as BrowseSort[])
        for (const filter of FILTERS) {
          const a = await walk((p) => lite.videos.browse(sort, filter, 4, p), 4);
          const b = await walk((p) => pg.videos.browse(sort, filter, 4, p), 4);
          expect(b, `${sort} ${JSON.stringify(filter)}`).toEqual(a);
        }
      for (const feed of ["breakout", "early_breakout", "trending", "newest"] as const) {
        const a = await walk((p) => lite.videos.feed(feed, 5, p), 5);
        expect(await walk((p) => pg.videos.feed(feed, 5, p), 5), feed).toEqual(a);
      }
    });

    it("summaries, detail, owners' lists and hook neighbours: identical", async () => {
      const { lite, pg } = both();
      const all = fixture.videos.map((v) => v.id);
      expect(await pg.videos.summaries([...all, "missing"])).toEqual(
        await lite.videos.summaries([...all, "missing"]),
      );
      for (const id of [...all.slice(0, 12), "missing"]) {
        expect(await pg.videos.detail(id)).toEqual(await lite.videos.detail(id));
        expect(await pg.hooks.neighbours(id)).toEqual(await lite.hooks.neighbours(id));
      }
      for (const uid of ["c1", "c2", "c3", "nobody"])
        for (const ads of ["any", "yes", "no"] as const)
          expect(await pg.videos.byCreator(uid, ads, 50, null)).toEqual(
            await lite.videos.byCreator(uid, ads, 50, null),
          );
      for (const a of [...fixture.advertisers.map((x) => x.id), "00000000-0000-0000-0000-000000000000"])
        expect(await pg.videos.byAdvertiser(a, 50, null)).toEqual(
          await lite.videos.byAdvertiser(a, 50, null),
        );
    });

    it("creators and advertisers: identical searches, summaries and details", async () => {
      const { lite, pg } = both();
      for (const terms of [[], ["glo"], ["glow", "la"], ["pasta"], ["d"], ["zz"]])
        for (const view of ["all", "trending", "new"] as const)
          for (const type of ["all", "advertised", "hire_ready", "house"] as const)
            for (const window of [2, 7, 30] as const) {
              const q: CreatorQuery = { terms, view, type, window, since: fixture.now - 10 * DAY };
              const a = await walk((p) => lite.creators.search(q, 1, p), 1);
              expect(await walk((p) => pg.creators.search(q, 1, p), 1), JSON.stringify(q)).toEqual(a);
            }
      const uids = ["c3", "nobody", "c1", "c2"];
      expect(await pg.creators.summaries(uids)).toEqual(await lite.creators.summaries(uids));
      for (const uid of uids) expect(await pg.creators.detail(uid)).toEqual(await lite.creators.detail(uid));
      for (const h of ["GLOW.LAB", "glowgirl", "PastaKing", "none"]) {
        expect(await pg.creators.uidByHandle(h)).toBe(await lite.creators.uidByHandle(h));
        expect(await pg.creators.uidByFormerHandle(h)).toBe(await lite.creators.uidByFormerHandle(h));
      }
      for (const q of ["", "SERUM", "app", "y_app", "%", "serum.example", "zzz"])
        for (const view of ["all", "trending", "new"] as const)
          for (const focus of ["all", "apps", "dtc"] as const)
            for (const window of [0, 2, 7, 30] as const) {
              const query = { q, view, focus, window, since: fixture.now - 2 * DAY };
              expect(await pg.advertisers.search(query, 100, null), JSON.stringify(query)).toEqual(
                await lite.advertisers.search(query, 100, null),
              );
              const first = await lite.advertisers.search(query, 1, null);
              const at = first.rows[0];
              if (at)
                expect(await pg.advertisers.search(query, 1, { k: at.key, id: at.id })).toEqual(
                  await lite.advertisers.search(query, 1, { k: at.key, id: at.id }),
                );
            }
      const advertisers = [...fixture.advertisers.map((a) => a.id), "missing"];
      expect(await pg.advertisers.summaries(advertisers)).toEqual(
        await lite.advertisers.summaries(advertisers),
      );
      for (const id of advertisers)
        expect(await pg.advertisers.detail(id)).toEqual(await lite.advertisers.detail(id));
    });

    it("trends and facts: identical reads", async () => {
      const { lite, pg } = both();
      const read = async (store: Store, from: number, to: number) => {
        const out = [];
        for await (const v of store.trends.videosCreatedBetween(from, to)) out.push(v);
        return out;
      };
      for (const [from, to] of [
        [fixture.now - 3 * DAY, fixture.now],
        [0, fixture.now],
        [fixture.now, fixture.now + DAY],
      ] as const)
        expect(await read(pg, from, to)).toEqual(await read(lite, from, to));
      for (const t of [fixture.now, fixture.now - 5 * DAY, 0]) {
        expect(await pg.trends.newestVideoAt(t)).toBe(await lite.trends.newestVideoAt(t));
        expect(await pg.trends.latestObservationAt(t)).toBe(await lite.trends.latestObservationAt(t));
      }
      expect(await pg.trends.oldestVideoAt()).toBe(await lite.trends.oldestVideoAt());
      // Sounds by id: their videos in all, under the title most of them carry.
      const sounds = new Map<string, { titles: Map<string, number>; videos: number }>();
      for (const v of fixture.videos)
        if (v.music) {
          const s = sounds.get(v.music.id) ?? { titles: new Map(), videos: 0 };
          s.videos++;
          s.titles.set(v.music.title, (s.titles.get(v.music.title) ?? 0) + 1);
          sounds.set(v.music.id, s);
        }
      const expectedSounds = [...sounds]
        .map(([id, s]) => ({
          id,
          title: [...s.titles].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0],
          videos: s.videos,
        }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(expectedSounds.length).toBe(3);
      for (const store of [lite, pg])
        expect(await store.facts.count({ sound_ids: ["6800000000000000001", "6800000000000000002"] })).toBe(
          fixture.videos.filter((v) => v.music && v.music.id !== "6800000000000000003").length,
        );
      for (const store of [lite, pg])
        expect(
          await store.facts.count({ exclude_sound_ids: ["6800000000000000001", "6800000000000000002"] }),
        ).toBe(fixture.videos.filter((v) => !v.music || v.music.id === "6800000000000000003").length);
      // "Videos about zucchini or skincare": those either search finds (no video holds both); none for no text.
      for (const store of [lite, pg]) {
        const [zucchini, skincare] = [
          await store.facts.count({ q: "zucchini" }),
          await store.facts.count({ q: "skincare" }),
        ];
        expect(zucchini * skincare).toBeGreaterThan(0);
        expect(await store.facts.count({ q: "zucchini skincare" })).toBe(0);
        expect(await store.facts.count({ any_q: ["zucchini", "skincare"] })).toBe(zucchini + skincare);
        expect(await store.facts.count({ any_q: ["", "  "] })).toBe(0);
      }
      // "The top creators": the videos of any of several creators; none for an empty list.
      for (const store of [lite, pg]) {
        expect(await store.facts.count({ author_uids: ["c1", "c2", "no-such-creator"] })).toBe(
          fixture.videos.filter((v) => v.author === "c1" || v.author === "c2").length,
        );
        expect(await store.facts.count({ author_uids: [] })).toBe(0);
        // A list past 10,000 accounts is matched by a scan, not an index walk: the same videos.
        const many = Array.from({ length: 10_001 }, (_, i) => `no-such-${i}`);
        expect(await store.facts.count({ author_uids: ["c1", "c2", ...many] })).toBe(
          fixture.videos.filter((v) => v.author === "c1" || v.author === "c2").length,
        );
        expect(await store.facts.count({ advertiser_ids: [must(fixture.advertisers[0]).id, ...many] })).toBe(
          fixture.videos.filter((v) => v.advertiserId === must(fixture.advertisers[0]).id).length,
        );
      }
      for (const store of [lite, pg])
        expect([...(await store.facts.soundNames())].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          expectedSounds,
        );
      // One title quoted: its sounds (any case, or before " - " and a name), each with all its videos.
      const byId = (id: string) => expectedSounds.filter((s) => s.id === id);
      for (const store of [lite, pg]) {
        const titled = async (...titles: string[]) =>
          [...(await store.facts.soundsTitledAs(titles))].sort((a, b) => (a.id < b.id ? -1 : 1));
        expect(await titled("ORIGINAL SOUND")).toEqual([
          ...byId("6800000000000000001"),
          ...byId("6800000000000000003"),
        ]);
        expect(await titled("shape of you")).toEqual(byId("6800000000000000002"));
        expect(await titled("shape of")).toEqual([]);
        expect(await titled("original_sound")).toEqual([]);
        // Several titles in one pass: the sounds of any of them.
        expect(await titled("shape of you", "original sound - glow lab")).toEqual([
          ...byId("6800000000000000002"),
          ...byId("6800000000000000003"),
        ]);
        expect(await titled()).toEqual([]);
      }
      // Artists named: the sounds credited to them (any case, or a longer credit starting with the name), per
      // music id and artist.
      const credited = (id: string, artist: string) => ({
        id,
        title: id === "6800000000000000002" ? "Shape Of You" : "original sound - Glow Lab",
        artist,
        videos: fixture.videos.filter((v) => v.music?.id === id && v.music.artist === artist).length,
      });
      for (const store of [lite, pg]) {
        const by = (...names: string[]) => store.facts.soundsByArtist(names);
        expect(await by("ed sheeran")).toEqual([
          credited("6800000000000000002", "ED SHEERAN"),
          credited("6800000000000000002", "Ed Sheeran"),
        ]);
        expect(credited("6800000000000000002", "Ed Sheeran").videos).toBeGreaterThan(1);
        expect(await by("Glow", "nobody")).toEqual([credited("6800000000000000003", "Glow Lab")]);
        expect(await by("sheeran")).toEqual([]);
        expect(await by("Glow_Lab", "Glow%")).toEqual([]);
        expect(await by()).toEqual([]);
      }
      expect(await pg.trends.list(10, 0)).toEqual(await lite.trends.list(10, 0));

      expect(await pg.facts.creatorByHandle("GlowGirl")).toEqual(
        await lite.facts.creatorByHandle("GlowGirl"),
      );
      expect(await pg.facts.creatorByHandle("glow.lab")).toEqual(
        await lite.facts.creatorByHandle("glow.lab"),
      );
      expect(await pg.facts.creatorByNickname("pasta king")).toEqual(
        await lite.facts.creatorByNickname("pasta king"),
      );
      expect(await pg.facts.advertiserNames()).toEqual(await lite.facts.advertiserNames());
      for (const word of ["skincare", "fyp", "clip", "nope", "a-b"])
        expect(await pg.facts.hashtagUse(word), word).toBe(await lite.facts.hashtagUse(word));
      for (const [prefix, min, max] of [
        ["ski", 4, 12],
        ["skincare", 8, 8],
        ["f", 1, 3],
        ["zzz", 3, 9],
      ] as const) {
        const words = await lite.facts.indexedWords(prefix, min, max);
        expect(await pg.facts.indexedWords(prefix, min, max), prefix).toEqual(words);
        if (prefix !== "zzz") expect(words.length, prefix).toBeGreaterThan(0);
      }
      expect(await pg.facts.nameOf("creator", "c1")).toBe(await lite.facts.nameOf("creator", "c1"));
      const creators = await lite.facts.creators(["c1", "c2", "nobody"]);
      expect(new Map([...creators].map(([uid, c]) => [uid, c.followers]))).toEqual(
        new Map(
          fixture.creators
            .filter((c) => c.uid === "c1" || c.uid === "c2")
            .map((c) => [c.uid, c.followers ?? null]),
        ),
      );
      expect(await pg.facts.creators(["c1", "c2", "nobody"])).toEqual(creators);
      // The types as the creators view reports them.
      for (const row of await lite.creators.summaries(["c1", "c2"]))
        expect(creators.get(row.uid), row.uid).toEqual({
          followers: row.followers,
          advertised: row.advertised,
          hire_ready: row.hireReady,
          house: row.house,
          verified: row.verified,
        });
      expect(await pg.facts.codes()).toEqual(await lite.facts.codes());
      expect([...(await lite.facts.codes()).collections].sort()).toEqual(["hotel đà lạt", "skincare search"]);
      for (const filter of [
        {},
        { q: "skincare" },
        { q: "skin care" },
        { q: "!!" },
        { q: "morning routine", region: "US", ad: "no" as const },
        { hook_type: "secret" },
        { author_uid: "c1", since: fixture.now - 5 * DAY },
        { since: fixture.now - 20 * DAY, until: fixture.now - 5 * DAY },
        { advertiser_id: must(fixture.advertisers[0]).id, media_type: "video" as const },
        { counts: [{ metric: "plays" as const, over: 5_000 }] },
        { q: "skincare", counts: [{ metric: "likes" as const, over: 100, under: 10_000 }] },
        {
          counts: [
            { metric: "plays" as const, over: 1_500 },
            { metric: "likes" as const, under: 1_000_000 },
          ],
        },
        { counts: [{ metric: "hashtags" as const, over: 1, under: 4 }] },
        { counts: [{ metric: "hashtags" as const, under: 1 }] },
        { counts: [{ metric: "seconds" as const, over: 20, under: 200 }] },
        { counts: [{ metric: "characters" as const, over: 10, under: 40 }] },
        { ids: [...fixture.videos.slice(0, 6).map((v) => v.id), "no-such-video"], ad: "no" as const },
        { ids: [] },
        { exclude_ids: [...fixture.videos.slice(0, 6).map((v) => v.id), "no-such-video"], ad: "no" as const },
        { exclude_ids: [] },
        {
          ids: fixture.videos.slice(0, 8).map((v) => v.id),
          exclude_ids: fixture.videos.slice(4).map((v) => v.id),
        },
        { sound_ids: ["6800000000000000001", "no-such-sound"], media_type: "video" as const },
        { exclude_sound_ids: ["6800000000000000001"], ad: "no" as const },
        { collections: ["hotel đà lạt"] },
        { collections: ["skincare search", "no such search"], q: "skincare" },
        { collections: [] },
        { author_uids: ["c1", "c2"], q: "skincare" },
        { exclude_author_uids: ["c1", "no-such-creator"], ad: "no" as const },
        { advertiser_ids: [must(fixture.advertisers[0]).id, "no-such-advertiser"] },
        { advertiser_ids: [] },
        { exceeds: [{ more: "saves" as const, than: "shares" as const }] },
        { transcript: "yes" as const },
        { transcript: "no" as const, q: "morning routine" },
        { weekdays: [0, 6] },
        { caption: "yes" as const, transcript: "no" as const },
        { weekdays: [3], ad: "no" as const },
        { hours: [0, 1, 2, 12, 23] },
        { hours: [13, 99, -1], q: "skincare" },
        { caption_contains: ["✨"] },
        { any_q: ["zucchini", "skincare serum"] },
        { any_q: ["skincare", "", "no-such-word"], ad: "yes" as const },
        { any_q: [] },
        // (A call to action's phrases: quoted, each one's words together and in order.)
        { any_q: ['"skincare serum"', '"morning routine"', "zucchini"] },
        { exclude_q: ['"skincare serum"', '"morning routine"'], ad: "no" as const },
        { caption_lacks: ["✨"], ad: "no" as const },
        { rates: [{ rate: "like_rate" as const, over: 0.05 }] },
        { rates: [{ rate: "engagement" as const, over: 0.01, under: 0.2 }], ad: "no" as const },
      ]) {
        const sortById = <T extends { id: string }>(rows: T[]) =>
          [...rows].sort((x, y) => (x.id < y.id ? -1 : 1));
        const all = await lite.facts.videos(filter);
        expect(sortById(await pg.facts.videos(filter))).toEqual(sortById(all));
        expect(await pg.facts.count(filter)).toBe(await lite.facts.count(filter));
        // The most played first (plays, then id, descending), at most `top`.
        const top = [...all].sort((x, y) => y.plays - x.plays || (x.id < y.id ? 1 : -1)).slice(0, 3);
        expect(await lite.facts.videos(filter, 3)).toEqual(top);
        expect(await pg.facts.videos(filter, 3)).toEqual(top);
        expect(await pg.facts.coverage(filter)).toEqual(await lite.facts.coverage(filter));
        // Groups and medians computed in the store: the same as computed here from the videos themselves.
        for (const by of SPLITS)
          for (const value of VALUES) {
            const expected = expectedGroups(all, by, value);
            const label = `${JSON.stringify(filter)} by ${by} of ${value}`;
            expect(comparable(...(await lite.facts.groups(filter, [by], value))), label).toEqual(expected);
            expect(comparable(...(await pg.facts.groups(filter, [by], value))), label).toEqual(expected);
            if (value !== "plays") continue;
            for (const { key } of expected) {
              const top = all
                .filter((v) => by === null || keysOf(v, by).includes(key as string | number))
                .sort(byPlays)
                .slice(0, 2);
              expect(await lite.facts.groupTop(filter, by, key, 2), `${label} top ${key}`).toEqual(top);
              expect(await pg.facts.groupTop(filter, by, key, 2), `${label} top ${key}`).toEqual(top);
            }
          }
        // The distinct creators of each group, when asked for.
        for (const by of ["advertiser", "hashtag", "collection", null] as (FactsSplit | null)[]) {
          const creators = new Map<string | number | null, Set<string>>();
          for (const v of all)
            for (const k of keysOf(v, by)) {
              const key = by === null ? null : k;
              creators.set(key, (creators.get(key) ?? new Set()).add(v.author_uid));
            }
          for (const store of [lite, pg]) {
            const [groups = []] = await store.facts.groups(filter, [by], "plays", { creators: true });
            expect(
              groups.map((g) => [g.key, g.creators]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
              `${JSON.stringify(filter)} creators by ${by}`,
            ).toEqual(
              [...creators]
                .map(([k, set]) => [k, set.size])
                .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
            );
          }
        }
        // A reach floor: some plays, and at least that many.
        const reached = all.filter((v) => v.plays > 0 && v.plays >= 2_500.5).length;
        expect(await lite.facts.count({ ...filter, min_plays: 2_500.5 })).toBe(reached);
        expect(await pg.facts.count({ ...filter, min_plays: 2_500.5 })).toBe(reached);
        // Several splits at once: each as if asked alone.
        for (const store of [lite, pg]) {
          const lists = await store.facts.groups(filter, SPLITS, "engagement");
          expect(lists.map((groups) => comparable(groups))).toEqual(
            SPLITS.map((by) => expectedGroups(all, by, "engagement")),
          );
        }
        for (const value of VALUES) {
          const median = expectedGroups(all, null, value)[0]?.median ?? 0;
          const best = all
            .filter((v) => perVideo(v, value) !== null)
            .sort(
              (a, b) =>
                (perVideo(b, value) as number) - (perVideo(a, value) as number) || (a.id < b.id ? 1 : -1),
            )
            .slice(0, 3);
          expect(await lite.facts.topBy(filter, value, 3)).toEqual(best);
          expect(await pg.facts.topBy(filter, value, 3)).toEqual(best);
          // The n-th highest value, for n within and past the videos that have one.
          const values = all
            .map((v) => perVideo(v, value))
            .filter((x): x is number => x !== null)
            .sort((a, b) => b - a);
          for (const n of [1, 2, Math.ceil(values.length / 10), values.length, values.length + 1])
            for (const store of [lite, pg]) {
              const got = await store.facts.nthHighest(filter, value, n);
              const want = values[n - 1] ?? null;
              if (want === null) expect(got, `${value} #${n}`).toBeNull();
              else expect(got, `${value} #${n}`).toBeCloseTo(want, 9);
            }
          const near = expectedNearest(all, value, median, 3);
          expect(await lite.facts.nearest(filter, value, median, 3)).toEqual(near);
          expect(await pg.facts.nearest(filter, value, median, 3)).toEqual(near);
          // Nearest 0, the lowest ("from the bottom", "the oldest").
          const low = expectedNearest(all, value, 0, 3);
          for (const store of [lite, pg])
            expect(await store.facts.nearest(filter, value, 0, 3), value).toEqual(low);
        }
        // "The oldest videos": publication time nearest 0, then by id.
        const oldest = [...all]
          .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1))
          .slice(0, 3);
        for (const store of [lite, pg])
          expect(await store.facts.nearest(filter, "published", 0, 3)).toEqual(oldest);
      }
      // Bounds on two counts both hold (checked against every video's own counts).
      const everyVideo = await lite.facts.videos({});
      // A rate's bounds: a video without plays has no rate; the bounds are exclusive.
      const likeRates = everyVideo.filter((v) => v.plays > 0).map((v) => v.likes / v.plays);
      const cut = [...likeRates].sort((a, b) => a - b)[Math.floor(likeRates.length / 2)] ?? 0;
      for (const store of [lite, pg]) {
        expect(await store.facts.count({ rates: [{ rate: "like_rate", over: cut }] })).toBe(
          likeRates.filter((r) => r > cut).length,
        );
        expect(await store.facts.count({ rates: [{ rate: "like_rate", under: cut }] })).toBe(
          likeRates.filter((r) => r < cut).length,
        );
      }
      const likesCut = (everyVideo.map((v) => v.likes).sort((a, b) => a - b)[20] ?? 0) + 1;
      for (const store of [lite, pg])
        expect(
          await store.facts.count({
            counts: [
              { metric: "plays", over: 1_500 },
              { metric: "likes", under: likesCut },
            ],
          }),
        ).toBe(everyVideo.filter((v) => v.plays > 1_500 && v.likes < likesCut).length);
      // A bound on the hashtags: how many distinct tags each video carries (none for an empty list).
      const tagCount = (v: { hashtags: string }) => v.hashtags.split(" ").filter((t) => t !== "").length;
      for (const store of [lite, pg]) {
        expect(await store.facts.count({ counts: [{ metric: "hashtags", under: 1 }] })).toBe(
          everyVideo.filter((v) => tagCount(v) === 0).length,
        );
        expect(await store.facts.count({ counts: [{ metric: "hashtags", over: 2 }] })).toBe(
          everyVideo.filter((v) => tagCount(v) > 2).length,
        );
      }
      // A bound on the recorded length: videos with one only (slideshows and unknown lengths pass none).
      for (const store of [lite, pg])
        expect(await store.facts.count({ counts: [{ metric: "seconds", over: 20 }] })).toBe(
          everyVideo.filter((v) => v.media_type === "video" && v.duration_s !== null && v.duration_s > 20)
            .length,
        );
      // One count above another, strictly (latest counts), each pair both ways: the fixture's counts are
      // ordered alike on every video, so each pair holds for all or none of them.
      const COUNTED = ["plays", "likes", "comments", "shares", "saves"] as const;
      const pairs = COUNTED.flatMap((more) =>
        COUNTED.filter((than) => than !== more).map((than) => ({ more, than })),
      );
      const held = pairs.map((p) => everyVideo.filter((v) => v[p.more] > v[p.than]).length);
      expect(held.some((n) => n > 0) && held.some((n) => n < everyVideo.length)).toBe(true);
      for (const [i, pair] of pairs.entries())
        for (const store of [lite, pg])
          expect(await store.facts.count({ exceeds: [pair] }), JSON.stringify(pair)).toBe(held[i]);
      // A caption written: every fixture video has one.
      for (const store of [lite, pg]) {
        expect(await store.facts.count({ caption: "yes" })).toBe(fixture.videos.length);
        expect(await store.facts.count({ caption: "no" })).toBe(0);
      }
      // Captions holding strings as written (emoji no word search finds), or none of them.
      for (const [filter, pass] of [
        [{ caption_contains: ["✨"] }, (c: string) => c.includes("✨")],
        [{ caption_contains: ["🌙", "✨"] }, (c: string) => c.includes("🌙") && c.includes("✨")],
        [{ caption_lacks: ["✨"] }, (c: string) => !c.includes("✨")],
        [
          { caption_contains: ["skincare"], caption_lacks: ["🌙"] },
          (c: string) => c.includes("skincare") && !c.includes("🌙"),
        ],
        // Any emoji (EMOJI_RANGES), or none.
        [{ caption_emoji: "yes" }, (c: string) => EMOJI.test(c)],
        [{ caption_emoji: "no" }, (c: string) => !EMOJI.test(c)],
      ] as const) {
        const expected = fixture.videos.filter((v) => pass(v.caption)).length;
        expect(expected).toBeGreaterThan(0);
        for (const store of [lite, pg])
          expect(await store.facts.count(filter), JSON.stringify(filter)).toBe(expected);
      }
      // A price stated in the caption, opening line or transcript, and a phone number in the caption: one pattern
      // each, read alike by both engines.
      for (const [key, pattern, samples, textsOf] of [
        [
          "price",
          PRICE_PATTERN,
          PRICE_SAMPLES,
          (v: FixtureVideo) => [v.caption, v.hook ?? "", v.transcript ?? ""],
        ],
        ["phone", PHONE_PATTERN, PHONE_SAMPLES, (v: FixtureVideo) => [v.caption]],
      ] as const) {
        const re = new RegExp(pattern);
        for (const [text, found] of samples) expect(re.test(text), text).toBe(found);
        const matching = fixture.videos
          .filter((v) => textsOf(v).some((t) => re.test(t)))
          .map((v) => v.id)
          .sort();
        expect(matching.length).toBe(samples.filter(([, found]) => found).length);
        for (const store of [lite, pg]) {
          expect((await store.facts.videos({ [key]: "yes" })).map((v) => v.id).sort()).toEqual(matching);
          expect(await store.facts.count({ [key]: "no" })).toBe(fixture.videos.length - matching.length);
        }
      }
      // Days of the week (UTC), as the weekday split keys them.
      for (const days of [[0, 6], [1, 2, 3, 4, 5], [4], []])
        for (const store of [lite, pg])
          expect(await store.facts.count({ weekdays: days }), JSON.stringify(days)).toBe(
            fixture.videos.filter((v) => days.includes(new Date(v.createdAt * 1000).getUTCDay())).length,
          );
      // A recorded transcript: non-blank text (the fixture's blank one is none; the split is checked with the others).
      const transcribed = fixture.videos.filter((v) => (v.transcript ?? "").trim() !== "");
      expect(transcribed.length).toBe(2 + PRICE_SAMPLES.length);
      for (const store of [lite, pg]) {
        expect(await store.facts.count({ transcript: "yes" })).toBe(transcribed.length);
        expect(await store.facts.count({ transcript: "no" })).toBe(
          fixture.videos.length - transcribed.length,
        );
      }
      // The texts a word count reads: non-blank, the most played first (plays, then id, descending), at most top.
      const mostPlayed = [...fixture.videos].sort((x, y) => y.plays - x.plays || (x.id < y.id ? 1 : -1));
      const textOf = {
        caption: (v: (typeof mostPlayed)[number]) => v.caption,
        hook: (v: (typeof mostPlayed)[number]) => v.hook ?? "",
        transcript: (v: (typeof mostPlayed)[number]) => v.transcript ?? "",
      };
      for (const field of ["caption", "hook", "transcript"] as const)
        for (const [filter, top] of [
          [{}, 5],
          [{ q: "skincare" }, 50],
          [{ ad: "no" as const }, 1],
        ] as const) {
          // The filter's videos as the store's facts read them (checked against each other above).
          const matching = new Set((await lite.facts.videos(filter)).map((v) => v.id));
          const want = mostPlayed
            .filter((v) => textOf[field](v).trim() !== "" && matching.has(v.id))
            .slice(0, top)
            .map((v) => ({ id: v.id, text: textOf[field](v) }));
          for (const store of [lite, pg])
            expect(await store.facts.texts(filter, field, top), `${field} ${JSON.stringify(filter)}`).toEqual(
              want,
            );
        }
      // A bound on a count is strict on both sides (latest counts).
      for (const store of [lite, pg])
        expect(await store.facts.count({ counts: [{ metric: "plays", over: 5_000, under: 100_000 }] })).toBe(
          fixture.videos.filter((v) => v.plays > 5_000 && v.plays < 100_000).length,
        );
      // The facts' `q` means what the search's `q` means, expansion included (the analyst counts what a
      // client finds).
      for (const q of ["skincare", "skin care", "morning routine"])
        for (const store of [lite, pg]) {
          const found = await store.videos.search(queryTerms(q), "views", {}, 1000, null, q);
          expect(await store.facts.count({ q }), q).toBe(found.rows.length);
        }
    });
  });

  describe("bounded ranking of common words (small caps)", () => {
    const both = pair({ exactCap: 6, headSize: 8, recentCap: 3 });

    it("search: the same candidate sets, totals unknown alike, identical rows for every sort but best_match", async () => {
      const { lite, pg } = both();
      const common = await lite.videos.search(["fyp"], "views", {}, 100, null, "fyp");
      expect(common.total).toBeNull(); // the bounded path is the one compared
      expect(await compareSearch(lite, pg, fixture)).toBe(QUERIES.length * SORTS.length * FILTERS.length);
    });
  });
});
