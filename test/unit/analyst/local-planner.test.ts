import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../../src/domain/schemas/analyst-record.js";
import { buildTrendReports } from "../../../src/domain/trends/build.js";
import type { ToolRegistry } from "../../../src/registry/invoke.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { analystCorpus, CORPUS_NOW } from "./corpus.js";
import { aggregateOf, askLocal, callTool, corpusRegistry, monthLabel } from "./harness.js";

/**
 * The local analyst's planner and answers on a generated corpus. Expected answers come from the registry's
 * tools called directly (the endpoints' own views) or from independent SQL, never from the analyst's code.
 */
let db: Db;
let registry: ToolRegistry;
const DAY = 86_400;

const ask = (question: string, context: string | null = null) => askLocal(db, registry, question, context);
const plan = async (question: string) => aggregateOf(await ask(question)).plan;
const result = (answer: Answer) => aggregateOf(answer).result;
const ids = <T extends { id?: string; uid?: string }>(out: { data: unknown }) =>
  (out.data as T[]).map((x) => (x.uid ?? x.id) as string);
const sqlCount = (where: string, ...params: (string | number)[]) =>
  (db.prepare(`SELECT count(*) AS n FROM videos WHERE ${where}`).get(...params) as { n: number }).n;

const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

let creator: { uid: string; handle: string; nickname: string };
let other: { uid: string; handle: string };
let renamed: { uid: string; old: string; handle: string };
let advertiser: { id: string; name: string; domain: string };
let adv2: { id: string; name: string };
let brandTag: string;

beforeAll(async () => {
  db = analystCorpus(4000);
  await buildTrendReports(createSqliteStore(db), CORPUS_NOW);
  registry = corpusRegistry(db);
  const people = db
    .prepare("SELECT uid, handle, nickname FROM creators ORDER BY followers DESC, uid LIMIT 2")
    .all() as { uid: string; handle: string; nickname: string }[];
  creator = people[0] as typeof creator;
  other = people[1] as typeof other;
  const r = db
    .prepare(
      "SELECT h.uid, h.handle AS old, c.handle FROM creator_handles h JOIN creators c ON c.uid = h.uid WHERE h.handle <> c.handle LIMIT 1",
    )
    .get() as typeof renamed;
  renamed = r;
  const ads = db
    .prepare(
      `SELECT a.id, a.name, a.domain FROM advertisers a JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
       WHERE a.name NOT LIKE '% %' ORDER BY s.videos DESC, a.id LIMIT 2`,
    )
    .all() as (typeof advertiser)[];
  advertiser = ads[0] as typeof advertiser;
  adv2 = ads[1] as typeof adv2;
  brandTag = (
    db
      .prepare("SELECT alias FROM advertiser_aliases WHERE advertiser_id = ? AND kind = 'name'")
      .get(advertiser.id) as { alias: string }
  ).alias;
});

afterAll(() => db.close());

describe("entity linking", () => {
  it("links a creator by handle with and without @, and by a former handle", async () => {
    expect((await plan(`Tell me about @${creator.handle}`)).creators).toEqual([creator.uid]);
    expect((await plan(`tell me about ${creator.handle}`)).creators).toEqual([creator.uid]);
    const former = await plan(`Who is @${renamed.old}?`);
    expect(former.creators).toEqual([renamed.uid]);
  });

  it("links advertisers by name and by alias (domain, brand tag)", async () => {
    expect((await plan(`Tell me about ${advertiser.name}`)).advertisers).toEqual([advertiser.id]);
    expect((await plan(`what do we know about ${advertiser.domain}?`)).advertisers).toEqual([advertiser.id]);
    expect((await plan(`profile of ${brandTag}`)).advertisers).toEqual([advertiser.id]);
  });

  it("reads regions by code, country name and demonym, and languages by name", async () => {
    for (const q of [
      "How many ads were posted in Brazil?",
      "How many Brazilian ads are there?",
      "How many ads in BR?",
    ])
      expect((await plan(q)).filters, q).toContain("region=BR");
    expect((await plan("How many ads from the United Kingdom?")).filters).toContain("region=GB");
    expect((await plan("how many videos are in Spanish?")).filters).toContain("language=es");
    expect((await plan("How many videos from Spanish creators... I mean from France?")).filters).toContain(
      "region=FR",
    );
    // the pronoun "us" is not the United States
    const pronoun = await plan("tell us how many slideshows there are");
    expect(pronoun.filters).not.toContain("region=US");
  });

  it("links hashtags the corpus uses as topics, plurals included", async () => {
    const p = await plan("How many recipes videos are there?");
    expect(p.topics).toEqual(["recipe"]);
  });
});

describe("time windows and metrics", () => {
  it.each([
    ["Which creators are trending this week?", 7],
    ["Which creators grew the most in the last 30 days?", 30],
    ["Which creators are hot right now?", 2],
    ["Which advertisers are trending today?", 0],
    ["Which creators are trending over the past 2 weeks?", 14],
  ])("%s → %i days", async (q, days) => {
    expect((await plan(q)).window_days).toBe(days);
  });

  it.each([
    ["Which skincare ads have the most views?", "plays"],
    ["Which skincare ads got the most likes?", "likes"],
    ["Which skincare ads were most commented?", "comments"],
    ["Which skincare ads were reposted most?", "shares"],
    ["Which skincare ads have the best engagement rate?", "engagement"],
    ["Which creators grew fastest?", "growth"],
    ["What do skincare hooks look like?", null],
    ["What would a good skincare ad look like?", null],
  ])("%s → %s", async (q, metric) => {
    expect((await plan(q)).metric).toBe(metric);
  });

  it("'return' is a question word; 'list creators posting about X' ranks creators, 'summarize' gives an overview", async () => {
    expect(await plan("Return the 5 most recent skincare ads")).toMatchObject({
      intent: "newest",
      ignored: [],
    });
    expect((await plan("List creators posting about skincare")).intent).toBe("rank");
    expect((await plan("Summarize the skincare market")).intent).toBe("overview");
  });

  it.each([
    "Show me skincare ads with a strong hook",
    "Which creators use a catchy hook?",
    "Find skincare videos with hooks",
  ])("%s: videos with a detected hook, the adjective not a topic", async (q) => {
    const p = await plan(q);
    expect(p.filters).toContain("hook=yes");
    expect(p.ignored).toEqual([]);
  });
});

describe("intents agree with the endpoints' own views", () => {
  it("trending creators over a window = service_search_creators view=trending", async () => {
    const answer = await ask("Which creators are trending this week?");
    const truth = ids(
      await callTool(registry, "service_search_creators", { view: "trending", window: 7, limit: 5 }),
    );
    expect(result(answer).ranking).toEqual(truth);
    expect(answer.findings[0]?.evidence[0]).toMatchObject({ type: "creator", id: truth[0] });
  });

  it("advertisers by focus and window = service_search_advertisers", async () => {
    const answer = await ask("Which app advertisers grew the most over the last 30 days?");
    const truth = ids(
      await callTool(registry, "service_search_advertisers", {
        view: "trending",
        focus: "apps",
        window: 30,
        limit: 5,
      }),
    );
    expect(result(answer).ranking).toEqual(truth);
    const biggest = await ask("Which DTC brands have the most videos?");
    expect(result(biggest).ranking).toEqual(
      ids(await callTool(registry, "service_search_advertisers", { focus: "dtc", limit: 5 })),
    );
  });

  it("breakout, early breakout, trending and newest = the feeds", async () => {
    for (const [q, feed] of [
      ["Show me the breakout videos", "breakout"],
      ["Which videos are early breakouts?", "early_breakout"],
      ["What videos are trending?", "trending"],
      ["What are the newest videos?", "newest"],
    ] as const) {
      const truth = ids(await callTool(registry, "service_list_feed", { feed, limit: 5 }));
      expect(result(await ask(q)).ranking, q).toEqual(truth);
    }
  });

  it("'which hashtags (sounds) are breaking out?' = each one's videos in the breakout feed", async () => {
    const feed: { hashtags: string[]; music: { id: string } | null }[] = [];
    let cursor: string | undefined;
    do {
      const out = await callTool(registry, "service_list_feed", {
        feed: "breakout",
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      feed.push(...(out.data as typeof feed));
      cursor = (out.meta as unknown as { next_cursor: string | null }).next_cursor ?? undefined;
    } while (cursor);
    const sounds = new Map<string, number>();
    for (const v of feed) if (v.music) sounds.set(v.music.id, (sounds.get(v.music.id) ?? 0) + 1);
    const answer = await ask("Which sounds are breaking out?");
    expect((await plan("Which sounds are breaking out?")).intent).toBe("breakout");
    const { ranking, counts } = result(answer) as { ranking: string[]; counts: number[] };
    expect(ranking.length).toBeGreaterThan(0);
    for (const [i, id] of ranking.entries()) expect(sounds.get(id), id).toBe(counts[i]);
    expect(counts[0]).toBe(Math.max(...sounds.values()));
    const tags = result(await ask("Which hashtags are breaking out?")) as {
      ranking: string[];
      counts: number[];
    };
    for (const [i, tag] of tags.ranking.entries())
      expect(feed.filter((v) => v.hashtags.includes(tag)).length, tag).toBe(tags.counts[i]);
  });

  it("'when did @x last post?' and '@x's most viewed video' ask for one video", async () => {
    const newest = ids(
      await callTool(registry, "service_list_creator_videos", { id: creator.uid, limit: 1 }),
    );
    const last = await ask(`When did @${creator.handle} last post?`);
    expect(aggregateOf(last).plan).toMatchObject({ intent: "newest", count: 1 });
    expect(result(last).ranking).toEqual(newest);
    const top = aggregateOf(await ask(`What is @${creator.handle}'s most viewed video?`));
    expect(top.plan).toMatchObject({ intent: "rank", count: 1 });
    const [most] = db
      .prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY plays DESC, id DESC LIMIT 1")
      .pluck()
      .all(creator.uid);
    expect(top.result.ranking).toEqual([most]);
  });

  it("most viewed videos with filters = service_search_videos sort=views", async () => {
    const answer = await ask("What are the most viewed ads in the US?");
    const truth = ids(
      await callTool(registry, "service_search_videos", { sort: "views", ad: "yes", region: "US", limit: 5 }),
    );
    expect(result(answer).ranking).toEqual(truth);
  });

  it("trend-report look-up = service_list_trends", async () => {
    const reports = (await callTool(registry, "service_list_trends", { limit: 50 })).data as {
      id: string;
      kind: string;
    }[];
    const hashtags = reports.filter((r) => r.kind === "hashtag").map((r) => r.id);
    expect(hashtags.length).toBeGreaterThan(0);
    const answer = await ask("Which hashtags are rising?");
    expect(result(answer).reports).toEqual(hashtags);
  });

  it("profiles a creator and an advertiser with the get tools' figures", async () => {
    const c = (await callTool(registry, "service_get_creator", { id: creator.uid })).data as {
      followers: number;
      video_count: number;
    };
    const answer = await ask(`Tell me about ${creator.handle}`);
    expect(result(answer)).toMatchObject({
      creator: creator.uid,
      followers: c.followers,
      videos: c.video_count,
    });
    const a = (await callTool(registry, "service_get_advertiser", { id: advertiser.id })).data as {
      video_count: number;
    };
    expect(result(await ask(`Give me an overview of ${advertiser.name}`))).toMatchObject({
      videos: a.video_count,
    });
  });

  it("compares two creators on followers and two advertisers on size", async () => {
    const a = await ask(`Who has more followers, @${creator.handle} or @${other.handle}?`);
    expect(result(a).ranking).toEqual([creator.uid, other.uid]);
    const sizes = await Promise.all(
      [advertiser.id, adv2.id].map(
        async (id) =>
          ((await callTool(registry, "service_get_advertiser", { id })).data as { video_count: number })
            .video_count,
      ),
    );
    const b = await ask(`Which is bigger, ${adv2.name} or ${advertiser.name}?`);
    expect(result(b).values).toEqual([...sizes].sort((x, y) => y - x));
  });

  it("counts and shares by independent SQL", async () => {
    const since = CORPUS_NOW - 30 * DAY;
    const n = sqlCount("label_ad = 1 AND region = 'DE' AND created_at >= ?", since);
    expect(result(await ask("How many ads were posted in Germany in the last 30 days?")).count).toBe(n);
    const whole = sqlCount("language = 'ja'");
    const part = sqlCount("language = 'ja' AND media_type = 'slideshow'");
    expect(result(await ask("What share of Japanese-language videos are slideshows?"))).toMatchObject({
      part,
      whole,
    });
    const ads = sqlCount("region = 'MX' AND label_ad = 1");
    const mx = sqlCount("region = 'MX'");
    expect(result(await ask("What percentage of Mexican videos are ads?"))).toMatchObject({
      part: ads,
      whole: mx,
    });
  });

  it('"which brands work with the most creators": advertisers by the distinct creators of their videos (SQL)', async () => {
    const answer = await ask("Which brands work with the most creators?");
    const { plan, result: r } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", by_creators: true, ignored: [] });
    const rows = db
      .prepare(
        `SELECT advertiser_id AS id, count(DISTINCT author_uid) AS n, count(*) AS videos FROM videos
         WHERE advertiser_id IS NOT NULL GROUP BY advertiser_id ORDER BY n DESC, videos DESC, advertiser_id ASC LIMIT 5`,
      )
      .all() as { id: string; n: number }[];
    expect(rows[0]?.n).toBeGreaterThan(1);
    expect(r.ranking).toEqual(rows.map((x) => x.id));
    expect(r.values).toEqual(rows.map((x) => x.n));
    expect(answer.summary).toMatch(/ by number of creators of their videos: /);
  });

  /** The plays of the videos with a detected hook, by hook type (SQL), where `where` holds too. */
  const playsByHookType = (where = "1") => {
    const rows = db
      .prepare(
        `SELECT hook_type AS k, plays FROM videos WHERE label_hook = 1 AND hook_type IS NOT NULL AND ${where}`,
      )
      .all() as { k: string; plays: number }[];
    const groups = new Map<string, number[]>();
    for (const r of rows) groups.set(r.k, [...(groups.get(r.k) ?? []), r.plays]);
    return groups;
  };

  it("breaks down hook types under a metric (median views per video)", async () => {
    const groups = playsByHookType("label_ad = 1 AND region = 'US'");
    const best = [...groups].sort(
      (a, b) => med(b[1]) - med(a[1]) || b[1].length - a[1].length || a[0].localeCompare(b[0]),
    )[0]?.[0];
    const answer = await ask("Which hook type gets the most views in American ads?");
    expect((result(answer).ranking as string[])[0]).toBe(best);
  });

  it("counts of creators keep their type and followers bound: hire-ready, house, verified (independent SQL)", async () => {
    const authors = (where: string) =>
      (
        db
          .prepare(
            `SELECT count(*) AS n FROM creators WHERE ${where} AND uid IN (SELECT author_uid FROM videos)`,
          )
          .get() as { n: number }
      ).n;
    const cases: [string, string][] = [
      ["How many hire-ready creators are there?", "is_hire_ready = 1"],
      ["How many house accounts are there?", "is_house = 1"],
      ["How many creators are verified?", "verified = 1"],
      ["How many creators with over 100k followers are there?", "followers > 100000"],
    ];
    for (const [q, where] of cases) {
      const n = authors(where);
      expect(result(await ask(q)).count, q).toBe(n);
    }
    expect(authors("verified = 1")).toBeGreaterThan(0);
    // A ranking of verified creators ranks only those.
    const ranked = result(await ask("Which verified creators post the most?")).ranking as string[];
    const verified = new Set(
      db.prepare("SELECT uid FROM creators WHERE verified = 1").pluck().all() as string[],
    );
    expect(ranked.length).toBeGreaterThan(0);
    for (const uid of ranked) expect(verified.has(uid), uid).toBe(true);
  });

  it("two hook types named are compared on median views, and only they (independent SQL)", async () => {
    const plays = (type: string) =>
      db
        .prepare("SELECT plays FROM videos WHERE label_hook = 1 AND hook_type = ?")
        .pluck()
        .all(type) as number[];
    const expected = [
      { k: "question", v: med(plays("question")) },
      { k: "bold_claim", v: med(plays("bold_claim")) },
    ].sort((a, b) => b.v - a.v);
    for (const q of [
      "Are question hooks better than bold claims?",
      "Bold claim or question hooks: which get more views?",
    ]) {
      const answer = await ask(q);
      const p = aggregateOf(answer).plan;
      expect([p.intent, p.group_by, p.filters], q).toEqual(["breakdown", "hook_type", []]);
      expect(result(answer).ranking, q).toEqual(expected.map((g) => g.k));
      expect(result(answer).values, q).toEqual(expected.map((g) => g.v));
    }
  });

  it("a code after 'region' or 'language' in either case is that filter, not a count of regions (SQL)", async () => {
    const ads = await ask("count ads in region us");
    expect(aggregateOf(ads).plan).toMatchObject({ intent: "count", subject: "videos", ignored: [] });
    expect(aggregateOf(ads).plan.filters).toEqual(expect.arrayContaining(["region=US", "ad=yes"]));
    expect(result(ads).count).toBe(sqlCount("region = 'US' AND label_ad = 1"));
    const english = await ask("How many videos in language en are there?");
    expect(aggregateOf(english).plan).toMatchObject({
      subject: "videos",
      filters: ["language=en"],
      ignored: [],
    });
    expect(result(english).count).toBe(sqlCount("language = 'en'"));
    // "#a and #b" after "compare": the two topics side by side.
    expect(await plan("Compare #skincare and #parenting by median views")).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ["skincare", "parenting"],
    });
  });

  it("one hook type asked about is shown beside the others, where it stands said (independent SQL)", async () => {
    const ranking = [...playsByHookType()]
      .map(([k, xs]) => ({ k, v: med(xs) }))
      .sort((a, b) => b.v - a.v || a.k.localeCompare(b.k))
      .map((g) => g.k);
    for (const q of ["Are videos with questions in the hook better?", "Do question hooks work better?"]) {
      const answer = await ask(q);
      const p = aggregateOf(answer).plan;
      expect(p, q).toMatchObject({
        intent: "breakdown",
        group_by: "hook_type",
        filters: [],
        beside_code: "question",
      });
      expect(result(answer).ranking, q).toEqual(ranking);
      expect(answer.summary, q).toContain(" The question hooks asked about: ");
      expect(answer.summary, q).toMatch(
        new RegExp(`, ${ranking.indexOf("question") + 1}(st|nd|rd|th) of ${ranking.length} hook types\\.$`),
      );
      expect(
        answer.findings.some((f) => f.statement.startsWith("question: ")),
        q,
      ).toBe(true);
    }
  });

  it("what makes videos go viral: each recorded property split into groups of 5+, by median views (independent SQL)", async () => {
    type Row = {
      plays: number;
      label_hook: number;
      hook_type: string | null;
      media_type: string;
      duration_s: number | null;
    };
    const rows = db
      .prepare(
        "SELECT plays, label_hook, hook_type, media_type, duration_s FROM videos WHERE label_ad = 1 AND region = 'US'",
      )
      .all() as Row[];
    const band = (s: number) =>
      s < 15 ? "under 15 s" : s < 30 ? "15-30 s" : s < 60 ? "30-60 s" : s < 180 ? "1-3 min" : "over 3 min";
    const keyOf: Record<string, (v: Row) => string | null> = {
      hook: (v) => (v.label_hook === 1 ? "with a detected hook" : "without a detected hook"),
      hook_type: (v) => v.hook_type,
      length: (v) => (v.media_type === "video" && v.duration_s !== null ? band(v.duration_s) : null),
      media_type: (v) => v.media_type,
    };
    const answer = await ask("What makes American ads go viral?");
    const { plan: p, result: r } = aggregateOf(answer);
    expect(p.intent).toBe("drivers");
    expect(p.metric).toBe("plays");
    expect(r.videos).toBe(rows.length);
    expect(r.overall).toBe(med(rows.map((v) => v.plays)));
    const splits = r.splits as { by: string; ranking: string[]; values: number[]; lift: number }[];
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const split of splits) {
      const key = keyOf[split.by] as (v: Row) => string | null;
      const groups = new Map<string, number[]>();
      for (const v of rows) {
        const k = key(v);
        if (k !== null) groups.set(k, [...(groups.get(k) ?? []), v.plays]);
      }
      const expected = [...groups]
        .filter(([, xs]) => xs.length >= 5)
        .sort((a, b) => med(b[1]) - med(a[1]) || b[1].length - a[1].length || a[0].localeCompare(b[0]));
      expect(split.ranking, split.by).toEqual(expected.map(([k]) => k));
      expect(split.values, split.by).toEqual(expected.map(([, xs]) => med(xs)));
    }
    // Sorted by how far each best group is above the whole set.
    expect(splits.map((x) => x.lift)).toEqual([...splits.map((x) => x.lift)].sort((a, b) => b - a));
    // Every one of them is an ad: nothing to compare there, and said so.
    expect(splits.some((x) => x.by === "ad")).toBe(false);
    expect(answer.caveats.join(" ")).toMatch(/Not compared[^.]*ads or organic \(ads: /);
    expect(answer.caveats.join(" ")).toMatch(/not what caused it/);
    // Each finding cites videos of its best group.
    const first = splits[0] as (typeof splits)[number];
    for (const e of answer.findings[0]?.evidence ?? []) expect(e.figures?.[first.by]).toBe(first.ranking[0]);
  });

  it.each([
    ["What do the most viewed skincare videos have in common?", "drivers"],
    ["Why do some skincare videos get more views than others?", "drivers"],
    ["How can I make my skincare videos get more likes?", "drivers"],
    ["What's the secret to viral skincare content?", "drivers"],
    ["What is the recipe for skincare videos that go viral?", "drivers"],
    ["What makes a good hook?", "breakdown"],
    ["What length makes a skincare video go viral?", "breakdown"],
    ["Why do creators go viral?", "decline"],
  ])("%s → %s", async (q, intent) => {
    const p = await plan(q);
    expect(p.intent).toBe(intent);
    expect(p.ignored).toEqual([]);
    expect(p.topics.filter((t) => /secret|recipe|common/.test(t))).toEqual([]);
  });

  it("a creator type restricts a ranking over a topic's videos: 'which creators should I partner with for a skincare campaign'", async () => {
    const topicIds = new Set<string>();
    let cursor: string | undefined;
    do {
      const out = await callTool(registry, "service_search_videos", {
        q: "skincare",
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      for (const v of out.data as { id: string }[]) topicIds.add(v.id);
      cursor = (out.meta as unknown as { next_cursor: string | null }).next_cursor ?? undefined;
    } while (cursor);
    const rows = db
      .prepare(
        `SELECT v.author_uid AS uid, count(*) AS n, c.is_hire_ready AS ready FROM videos v JOIN creators c ON c.uid = v.author_uid
         WHERE v.id IN (SELECT value FROM json_each(?)) GROUP BY v.author_uid`,
      )
      .all(JSON.stringify([...topicIds])) as { uid: string; n: number; ready: number }[];
    const ready = rows
      .filter((r) => r.ready === 1)
      .sort((a, b) => b.n - a.n || (a.uid < b.uid ? -1 : 1))
      .map((r) => r.uid);
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.length).toBeLessThan(rows.length);
    const answer = await ask("Which creators should I partner with for a skincare campaign?");
    const { plan: p, result: r } = aggregateOf(answer);
    expect(p).toMatchObject({ intent: "rank", subject: "creators", creator_type: "hire_ready", ignored: [] });
    expect(r.ranking).toEqual(ready.slice(0, 5));
    expect(answer.summary).toMatch(/^Among hire-ready creators, /);
    expect(answer.caveats).toContain(
      `Only hire-ready creators: ${ready.length} of the ${rows.length} creators of videos about "skincare".`,
    );
    // The asker described between "should" and "partner": the same reading.
    const described = aggregateOf(
      await ask("Which creators should a skincare brand in Brazil partner with?"),
    );
    expect(described.plan).toMatchObject({ subject: "creators", creator_type: "hire_ready", ignored: [] });
    // The creator-type groups read apart: "house accounts" is the house type, not "advertised".
    expect((await plan("Which house accounts post the most about skincare?")).creator_type).toBe("house");
  });

  it("ranks regions by number of ads", async () => {
    const top = db
      .prepare(
        "SELECT region FROM videos WHERE label_ad = 1 AND region IS NOT NULL GROUP BY region ORDER BY count(*) DESC, region LIMIT 1",
      )
      .get() as { region: string };
    expect((result(await ask("Which country has the most ads?")).ranking as string[])[0]).toBe(top.region);
  });
});

describe("stray words and honest refusals", () => {
  it("ignores words it cannot link instead of filtering by them", async () => {
    const plain = await ask("Which creators are trending this week?");
    const chatty = await ask(
      "Quick one for my boss, super urgent: which creators are trending this week, pretty please with sprinkles?",
    );
    expect(result(chatty).ranking).toEqual(result(plain).ranking);
    const p = aggregateOf(chatty).plan;
    expect(p.ignored).toEqual(expect.arrayContaining(["boss", "urgent", "sprinkles"]));
    expect(p.topics).toEqual([]);
    expect(chatty.caveats.join(" ")).toMatch(/ignored/);
  });

  it.each([
    ["What will be trending next month?", /forecast/],
    ["Which brands spent the most on ads?", /ad spend/],
    ["How much revenue did skincare ads make?", /revenue/],
    // (A dot inside a word ends no sentence: the whole question is read.)
    [
      "What's the age and gender breakdown of viewers of skincare videos on tiktok.com?",
      /audience demographics/,
    ],
    ["What's the average watch time of skincare videos?", /watch time/],
    ["How many people clicked the link in bio on skincare ads?", /clicks/],
    ["Why do POV hooks work?", /not why/],
    ["@nobody_such_handle_xyz: how many videos?", /no creator/],
    ["flibber jabberwock?", /could not tell what to compute/],
  ])("declines %s", async (q, reason) => {
    const answer = await ask(q);
    const { result: r, plan: p } = aggregateOf(answer);
    expect(p.intent).toBe("decline");
    expect(String(r.declined)).toMatch(reason);
    expect(answer.summary).toMatch(/^I cannot answer this question/);
    expect(answer.findings.flatMap((f) => f.evidence)).toEqual([]);
  });

  it("every cited id resolves and every answer ends with its aggregate step", async () => {
    const answer = await ask("Which creator has the most skincare videos?");
    for (const e of answer.findings.flatMap((f) => f.evidence)) {
      const table =
        e.type === "video"
          ? "videos WHERE id"
          : e.type === "creator"
            ? "creators WHERE uid"
            : "advertisers WHERE id";
      expect(db.prepare(`SELECT 1 FROM ${table} = ?`).get(e.id), `${e.type} ${e.id}`).toBeDefined();
    }
    expect(answer.method.at(-1)?.tool).toBe("aggregate");
    expect(answer.method.some((m) => m.tool === "service_get_creator")).toBe(true);
  });
});

describe("phrasings that must read the same", () => {
  it("reads early breakouts in either word order", async () => {
    for (const q of [
      "Which videos are breaking out early?",
      "Show me early breakouts",
      "Which young videos broke out?",
    ])
      expect(
        (await ask(q)).method.some((m) => m.arguments.feed === "early_breakout"),
        q,
      ).toBe(true);
  });

  it("reads a median as a measure even with 'number of', and 'than' between formats as a format breakdown", async () => {
    expect((await plan("What's the average number of views for Mexican ads?")).intent).toBe("measure");
    const formats = await plan("Are slideshows more engaging than videos for fitness?");
    expect(formats).toMatchObject({ intent: "breakdown", subject: "formats", metric: "engagement" });
  });

  it("a hook share is a share, not a hook-type breakdown", async () => {
    const whole = sqlCount("region = 'CO'");
    const part = sqlCount("region = 'CO' AND label_hook = 1");
    expect(result(await ask("What fraction of videos from Colombia have a hook?"))).toMatchObject({
      part,
      whole,
    });
  });

  it("counts creators as creators, not videos", async () => {
    const n = (
      db
        .prepare("SELECT count(DISTINCT author_uid) AS n FROM videos WHERE region = 'JP' AND label_ad = 1")
        .get() as { n: number }
    ).n;
    expect(result(await ask("How many creators posted ads in Japan?")).count).toBe(n);
  });

  it("declines a question over several regions instead of answering for one", async () => {
    const answer = await ask("Compare the US and Brazil on ad share");
    expect(String(result(answer).declined)).toMatch(/several regions \(.*BR.*\)|several regions \(.*US.*\)/);
  });
});

describe("calendar periods as people write them", () => {
  const iso = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString();
  it("reads quarters, halves, spans, open ends and pairs; a figure is no year", async () => {
    const cases: [string, Record<string, unknown>][] = [
      [
        "How many videos in the first quarter of 2025?",
        { window_from: iso(2025, 0), window_to: iso(2025, 3) },
      ],
      ["videos from 2025 Q2", { window_from: iso(2025, 3), window_to: iso(2025, 6) }],
      [
        "How many videos in the last quarter of 2024?",
        { window_from: iso(2024, 9), window_to: iso(2025, 0) },
      ],
      ["How many videos in H2 2024?", { window_from: iso(2024, 6), window_to: iso(2025, 0) }],
      ["How many videos from Jan-Mar 2025?", { window_from: iso(2025, 0), window_to: iso(2025, 3) }],
      [
        "How many videos between November and February 2025?",
        { window_from: iso(2024, 10), window_to: iso(2025, 2) },
      ],
      ["How many videos 2023-2024?", { window_from: iso(2023, 0), window_to: iso(2025, 0) }],
      ["How many videos in 2023 and 2024?", { window_from: iso(2023, 0), window_to: iso(2025, 0) }],
      ["How many videos from 2024 onwards?", { window_from: iso(2024, 0) }],
      ["How many videos until June 2024?", { window_to: iso(2024, 6), window_days: null }],
    ];
    for (const [question, expected] of cases) {
      const p = (await plan(question)) as unknown as Record<string, unknown>;
      expect(p, question).toMatchObject(expected);
      if (!("window_to" in expected)) expect(p, question).not.toHaveProperty("window_to");
      if (!("window_from" in expected)) expect(p, question).not.toHaveProperty("window_from");
    }
    // Two periods: a breakdown with each as a group, whatever joins them.
    for (const question of [
      "Which got more views, Q1 or Q2 2025?",
      "Q1 2025 vs Q2 2025 views",
      "Compare views in Q1 2025 and Q2 2025",
    ]) {
      const p = (await plan(question)) as unknown as Record<string, unknown>;
      expect(p, question).toMatchObject({ intent: "breakdown", group_by: "period" });
      expect((p.periods as { label: string }[]).map((x) => x.label).sort(), question).toEqual([
        "Q1 2025",
        "Q2 2025",
      ]);
    }
    // Counts and durations are not periods.
    for (const question of ["Which videos have over 2000 likes?", "videos with 2024 views or more"])
      expect((await plan(question)).window_days, question).toBeNull();
  });
});

describe("a bound the search's first pages miss", () => {
  it('"videos between A and B views" lists the most viewed within the bounds, not an empty page (SQL)', async () => {
    // Bounds well below the most viewed thousand: the search's pages sorted by views hold none of them.
    const plays = db.prepare("SELECT plays FROM videos ORDER BY plays").pluck().all() as number[];
    const [low, high] = [plays[Math.floor(plays.length * 0.2)], plays[Math.floor(plays.length * 0.3)]] as [
      number,
      number,
    ];
    const answer = await ask(`videos between ${low} and ${high} views`);
    const expected = db
      .prepare("SELECT id FROM videos WHERE plays >= ? AND plays <= ? ORDER BY plays DESC, id DESC LIMIT 5")
      .pluck()
      .all(low, high);
    expect(expected).toHaveLength(5);
    expect(result(answer).ranking).toEqual(expected);
  });
});

describe("one count above another", () => {
  it('"which videos have more comments than likes?", "how many … fewer likes than shares" (SQL)', async () => {
    const COUNTED = ["likes", "comments", "shares", "saves"];
    const total = sqlCount("1");
    const pair = COUNTED.flatMap((a) => COUNTED.filter((b) => b !== a).map((b) => [a, b] as const)).find(
      ([a, b]) => {
        const n = sqlCount(`${a} > ${b}`);
        return n >= 5 && n < total;
      },
    );
    expect(pair).toBeDefined();
    const [more, than] = pair as readonly [string, string];
    const listed = await ask(`Which videos have more ${more} than ${than}?`);
    expect(aggregateOf(listed).plan.filters).toEqual([`${more}>${than}`]);
    expect(result(listed).ranking).toEqual(
      db
        .prepare(`SELECT id FROM videos WHERE ${more} > ${than} ORDER BY plays DESC, id DESC LIMIT 5`)
        .pluck()
        .all(),
    );
    expect(listed.summary).toContain(`with more ${more} than ${than}`);
    const counted = await ask(`How many videos have fewer ${than} than ${more}?`);
    expect(result(counted).count).toBe(sqlCount(`${more} > ${than}`));
    const share = await ask(`What share of videos have more ${more} than ${than}?`);
    expect(result(share)).toMatchObject({ part: sqlCount(`${more} > ${than}`), whole: total });
  });
});

describe("length per period", () => {
  it('"the average video length in <month> vs <month>": the median recorded length of each (SQL)', async () => {
    const months = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m FROM videos GROUP BY m HAVING count(*) >= 20 ORDER BY m DESC LIMIT 2",
      )
      .pluck()
      .all() as string[];
    expect(months).toHaveLength(2);
    const label = monthLabel;
    const answer = await ask(
      `What's the average video length in ${label(months[0] as string)} vs ${label(months[1] as string)}?`,
    );
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "breakdown",
      group_by: "period",
      metric: "duration",
    });
    const lengths = (m: string) =>
      db
        .prepare(
          "SELECT duration_s FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ? AND media_type = 'video' AND duration_s IS NOT NULL",
        )
        .pluck()
        .all(m) as number[];
    const videos = (m: string) => sqlCount("strftime('%Y-%m', created_at, 'unixepoch') = ?", m);
    // Equal medians: the larger group first, then by name.
    const expected = months
      .map((m) => [label(m), med(lengths(m)), videos(m)] as const)
      .sort((a, b) => b[1] - a[1] || b[2] - a[2] || a[0].localeCompare(b[0]));
    expect(result(answer).ranking).toEqual(expected.map((e) => e[0]));
    expect(result(answer).values).toEqual(expected.map((e) => e[1]));
  });
});

describe("terse and bounded phrasings", () => {
  it('"top hashtags 2025" closes on a year; "zero comments" is a bound; languages ranked by median views (SQL)', async () => {
    const year = new Date(CORPUS_NOW * 1000).getUTCFullYear();
    const terse = await plan(`top hashtags ${year}`);
    expect(terse as unknown as Record<string, unknown>).toMatchObject({
      subject: "hashtags",
      window_from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    });
    // A number after "top" stays a number.
    expect((await plan("show me the top 2000 videos")).window_days).toBeNull();
    const none = await ask("How many videos have zero comments?");
    expect(aggregateOf(none).plan.filters).toEqual(["comments<1"]);
    expect(result(none).count).toBe(sqlCount("comments = 0"));
    const langs = await ask("Rank languages by median views");
    expect(aggregateOf(langs).plan).toMatchObject({ intent: "rank", subject: "languages", per_video: true });
    const rows = db.prepare("SELECT language, plays FROM videos WHERE language IS NOT NULL").all() as {
      language: string;
      plays: number;
    }[];
    const by = new Map<string, number[]>();
    for (const r of rows) by.set(r.language, [...(by.get(r.language) ?? []), r.plays]);
    const expected = [...by]
      .filter(([, p]) => p.length >= 5)
      .map(([l, p]) => [l, med(p), p.length] as const)
      .sort((a, b) => b[1] - a[1] || b[2] - a[2] || a[0].localeCompare(b[0]))
      .slice(0, 5);
    expect(result(langs).ranking).toEqual(expected.map((e) => e[0]));
  });
});

describe("follower growth", () => {
  it('"which creators gained the most followers?": plays gained, and no follower history said', async () => {
    const growing = await ask("Which creators are growing fastest?");
    for (const question of [
      "Which creators gained the most followers?",
      "Which creators had the biggest follower growth?",
    ]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan, question).toMatchObject({ intent: "trending", metric: "growth" });
      expect(aggregateOf(answer).plan.ignored.join(" "), question).toContain(
        "followers gained (the corpus keeps each creator's latest follower count, not its history",
      );
      expect(result(answer).ranking, question).toEqual(result(growing).ranking);
    }
    // The largest by followers stays a followers ranking.
    expect((await plan("Who has the most followers?")).metric).toBe("followers");
  });
});

describe("a share within each group", () => {
  it('"what share of videos are ads each month?", "… in each region?", "which day has the highest share of ads?" (SQL)', async () => {
    const perGroup = (key: string) =>
      db
        .prepare(
          `SELECT ${key} AS k, count(*) AS n, sum(label_ad = 1) AS ads FROM videos WHERE ${key} IS NOT NULL GROUP BY k`,
        )
        .all() as { k: string | number; n: number; ads: number }[];
    const pctOf = (ads: number, n: number) => Math.round((ads / n) * 10000) / 100;
    const monthly = await ask("What share of videos are ads each month?");
    expect(aggregateOf(monthly).plan).toMatchObject({ intent: "breakdown", group_by: "month", filters: [] });
    expect((aggregateOf(monthly).plan as { share_of?: string }).share_of).toBe("ads");
    const months = perGroup("strftime('%Y-%m', created_at, 'unixepoch')")
      .sort((a, b) => String(a.k).localeCompare(String(b.k)))
      .slice(-12);
    expect(result(monthly).ranking).toEqual(months.map((m) => m.k));
    expect(result(monthly).values).toEqual(months.map((m) => pctOf(m.ads, m.n)));
    expect(monthly.summary).toMatch(/^The share of videos that are ads per publication month \(UTC\)/);
    const regions = await ask("What share of videos are ads in each region?");
    expect(aggregateOf(regions).plan).toMatchObject({ intent: "breakdown", group_by: "region" });
    const expected = perGroup("region")
      .map((r) => ({ ...r, share: pctOf(r.ads, r.n) }))
      .sort(
        (a, b) =>
          Number(b.n >= 5) - Number(a.n >= 5) ||
          b.share - a.share ||
          b.n - a.n ||
          String(a.k).localeCompare(String(b.k)),
      );
    expect(result(regions).ranking).toEqual(expected.map((r) => r.k));
    expect(result(regions).values).toEqual(expected.map((r) => r.share));
    const day = await ask("Which day of the week has the highest share of ads?");
    expect(aggregateOf(day).plan).toMatchObject({ group_by: "weekday" });
    expect(day.summary).toMatch(
      /^By the share of videos that are ads, the leading publication day is \w+day: /,
    );
  });
});

describe("what ads and organic videos use, side by side", () => {
  it('"which hook types do ads use compared to organic videos?", and by a measure (SQL)', async () => {
    const counts = (ad: number) =>
      db
        .prepare(
          "SELECT hook_type AS k, count(*) AS n FROM videos WHERE label_ad = ? AND label_hook = 1 AND hook_type IS NOT NULL GROUP BY k ORDER BY n DESC, k LIMIT 5",
        )
        .all(ad) as { k: string; n: number }[];
    const answer = await ask("Which hook types do ads use compared to organic videos?");
    expect(aggregateOf(answer).plan).toMatchObject({ intent: "compare", subject: "hook_types" });
    expect((aggregateOf(answer).plan as { uses_by?: string }).uses_by).toBe("ad");
    const [ads, organic] = [counts(1), counts(0)];
    expect(ads.length * organic.length).toBeGreaterThan(0);
    expect(result(answer).sides).toEqual([
      expect.objectContaining({ name: "ads", ranking: ads.map((r) => r.k), values: ads.map((r) => r.n) }),
      expect.objectContaining({
        name: "organic videos",
        ranking: organic.map((r) => r.k),
        values: organic.map((r) => r.n),
      }),
    ]);
    expect(answer.summary).toMatch(/^Ads' most used hook types \(of [\d,]+ videos\): /);
    const better = await ask("Which hook type works better for ads or organic?");
    const medians = (ad: number) => {
      const rows = db
        .prepare(
          "SELECT hook_type AS k, plays FROM videos WHERE label_ad = ? AND label_hook = 1 AND hook_type IS NOT NULL",
        )
        .all(ad) as { k: string; plays: number }[];
      const by = new Map<string, number[]>();
      for (const r of rows) by.set(r.k, [...(by.get(r.k) ?? []), r.plays]);
      return [...by]
        .filter(([, p]) => p.length >= 5)
        .map(([k, p]) => ({ k, v: med(p), n: p.length }))
        .sort((a, b) => b.v - a.v || b.n - a.n || a.k.localeCompare(b.k))
        .slice(0, 5);
    };
    expect(result(better).sides).toEqual([
      expect.objectContaining({ ranking: medians(1).map((r) => r.k), values: medians(1).map((r) => r.v) }),
      expect.objectContaining({ ranking: medians(0).map((r) => r.k), values: medians(0).map((r) => r.v) }),
    ]);
  });
});

describe("the asker's context, brand accounts, and what to avoid", () => {
  it("a forecast told is context, one asked is declined; 'brand accounts' are house accounts; 'avoid' ranks from the bottom", async () => {
    const told = await plan("I'm launching a skincare brand next month. Which hashtags should I use?");
    expect(told.intent).not.toBe("decline");
    expect(told.ignored).not.toContain("next");
    expect((await plan("Which hashtags will trend next month?")).intent).toBe("decline");
    expect(
      (await plan("Which brand accounts post about skincare?")) as unknown as Record<string, unknown>,
    ).toMatchObject({
      subject: "creators",
      creator_type: "house",
    });
    const avoid = await ask("Which hashtags should I avoid?");
    expect(aggregateOf(avoid).plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
      lowest: true,
      per_video: true,
    });
    const rows = db.prepare("SELECT hashtags, plays FROM videos").all() as {
      hashtags: string | null;
      plays: number;
    }[];
    const by = new Map<string, number[]>();
    for (const r of rows)
      for (const t of new Set((r.hashtags ?? "").split(" ").filter((x) => x !== "")))
        by.set(t, [...(by.get(t) ?? []), r.plays]);
    const bottom = [...by]
      .filter(([, p]) => p.length >= 5)
      .map(([t, p]) => [t, med(p)] as const)
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    expect(bottom.length).toBeGreaterThan(0);
    expect((result(avoid).values as number[])[0]).toBe(bottom[0]?.[1]);
    // "Views per ad": each advertiser's median per ad, not its total.
    expect(await plan("Which advertiser gets the most views per ad?")).toMatchObject({
      subject: "advertisers",
      filters: ["ad=yes"],
      per_video: true,
    });
  });
});

describe("counts over followers", () => {
  it('"which videos have the most views per follower?" is declined with what it can do instead', async () => {
    for (const question of [
      "Which videos have the most views per follower?",
      "Which creators get the most likes relative to followers?",
    ]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan.intent, question).toBe("decline");
      expect(answer.summary, question).toContain(
        "does not divide a video's counts by its creator's followers",
      );
    }
    expect((await plan("Which creators have the most followers?")).intent).toBe("rank");
  });
});

describe("quarters, periods' hashtags and a share of the views", () => {
  it('"each quarter" is a series; "compare hashtags in <month> and <month>" sets their hashtags side by side (SQL)', async () => {
    const quarters = await ask("How many videos were posted each quarter?");
    expect(aggregateOf(quarters).plan).toMatchObject({ intent: "breakdown", group_by: "quarter" });
    const rows = db
      .prepare(
        `SELECT strftime('%Y', created_at, 'unixepoch') || '-Q' || ((CAST(strftime('%m', created_at, 'unixepoch') AS INTEGER) + 2) / 3) AS q,
                count(*) AS n FROM videos GROUP BY q ORDER BY q`,
      )
      .all() as { q: string; n: number }[];
    expect(result(quarters).ranking).toEqual(rows.slice(-12).map((r) => r.q));
    expect(result(quarters).values).toEqual(rows.slice(-12).map((r) => r.n));
    const months = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m FROM videos GROUP BY m HAVING count(*) >= 20 ORDER BY m DESC LIMIT 2",
      )
      .pluck()
      .all() as string[];
    const label = monthLabel;
    const [late, early] = months as [string, string];
    const answer = await ask(`Compare hashtags in ${label(early)} and ${label(late)}`);
    expect(aggregateOf(answer).plan).toMatchObject({ intent: "compare", subject: "hashtags" });
    expect((aggregateOf(answer).plan as { uses_by?: string }).uses_by).toBe("period");
    const tags = (m: string) => {
      const counts = new Map<string, number>();
      for (const h of db
        .prepare("SELECT hashtags FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ?")
        .pluck()
        .all(m) as (string | null)[])
        for (const t of new Set((h ?? "").split(" ").filter((x) => x !== "")))
          counts.set(t, (counts.get(t) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
    };
    expect(result(answer).sides).toEqual([
      expect.objectContaining({ name: label(early), ranking: tags(early).map((t) => t[0]) }),
      expect.objectContaining({ name: label(late), ranking: tags(late).map((t) => t[0]) }),
    ]);
  });

  it('"this month vs last month" on a current corpus: the 30 days up to now and the 30 before (SQL)', async () => {
    const end = CORPUS_NOW + 1;
    const answer = await ask("Median views this month vs last month");
    const { plan: read, result: got } = aggregateOf(answer);
    expect(read).toMatchObject({ intent: "breakdown", group_by: "period", metric: "plays", ignored: [] });
    const views = (from: number, to: number) =>
      med(
        db
          .prepare("SELECT plays FROM videos WHERE created_at >= ? AND created_at < ?")
          .pluck()
          .all(from, to) as number[],
      );
    expect(
      Object.fromEntries((got.ranking as string[]).map((k, i) => [k, (got.values as number[])[i]])),
    ).toEqual({
      "the last 30 days": views(end - 30 * DAY, end),
      "the previous 30 days": views(end - 60 * DAY, end - 30 * DAY),
    });
    expect(sqlCount("created_at >= ? AND created_at < ?", end - 60 * DAY, end - 30 * DAY)).toBeGreaterThan(0);
    const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);
    expect(answer.caveats).toContain(
      `The previous 30 days: ${day(end - 60 * DAY)} to ${day(end - 30 * DAY - 1)}; the last 30 days: ${day(end - 30 * DAY)} to ${day(CORPUS_NOW)} (UTC, publication time), up to now.`,
    );
  });

  it('"what share of views do ads get?" weighs by views; "which hashtags do both @a and @b use?" is side by side (SQL)', async () => {
    const answer = await ask("What share of views do ads get?");
    expect((aggregateOf(answer).plan as { share_measure?: string }).share_measure).toBe("plays");
    const [adPlays, allPlays] = db
      .prepare("SELECT sum(CASE WHEN label_ad = 1 THEN plays ELSE 0 END), sum(plays) FROM videos")
      .raw()
      .get() as [number, number];
    expect(result(answer)).toMatchObject({
      part: adPlays,
      whole: allPlays,
      share_pct: Math.round((adPlays / allPlays) * 10000) / 100,
    });
    // The share of the videos stays the share of the videos.
    expect(result(await ask("What share of videos are ads?"))).toMatchObject({
      part: sqlCount("label_ad = 1"),
      whole: sqlCount("1"),
    });
    const both = await plan(`Which hashtags do both @${creator.handle} and @${other.handle} use?`);
    expect(both).toMatchObject({ intent: "compare", subject: "hashtags" });
  });
});
