import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unresolvedEvidence } from "../../../src/analyst/evidence.js";
import { LocalEngine } from "../../../src/analyst/local/engine.js";
import { fromVietnamese } from "../../../src/analyst/local/vietnamese.js";
import type { Answer, MethodStep } from "../../../src/domain/schemas/analyst-record.js";
import { buildTrendReports } from "../../../src/domain/trends/build.js";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { afterIngest } from "../../../src/ingest/pipeline.js";
import { ToolRegistry } from "../../../src/registry/invoke.js";
import type { ServiceDeps } from "../../../src/registry/types.js";
import { DAY, fixedClock } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { PHONE_PATTERN, PRICE_PATTERN } from "../../../src/store/facts.js";
import { createPool } from "../../../src/store/postgres/connection.js";
import { createPostgresStore } from "../../../src/store/postgres/index.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import type { Store } from "../../../src/store/types.js";
import { allTools } from "../../../src/tools/index.js";
import { tempDb } from "../../helpers/db.js";
import { postgresAvailability, seedFromSqlite, startPostgres } from "../../helpers/postgres.js";
import { aggregateOf, callTool, MONTH_NAMES, monthLabel, PRINCIPAL } from "./harness.js";

/**
 * The local analyst on a corpus shaped like a real scrape (an Apify export of Vietnamese hotel searches,
 * written here, not copied): collected more than a year before "now", places tagged run together (#dalat)
 * and spelled apart with diacritics in captions (Đà Lạt), region recorded for few videos. Questions are
 * phrased as users ask them; expected figures come from independent SQL or the registry's tools.
 */
const NOW = 1_790_000_000;
const SCRAPED = NOW - 400 * DAY; // the newest video of the scrape

let db: Db;
let dir: string;
let registry: ToolRegistry;

interface Item {
  caption: string;
  tags: string[];
  ageDays: number;
  plays: number;
  likes: number;
  ad?: boolean;
  region?: string;
  language?: string;
  /** Speech to text, as the export records it for some videos. */
  transcript?: string;
  /** No sound recorded (else one by position, below). */
  silent?: boolean;
}

function items(): Item[] {
  const out: Item[] = [];
  const add = (n: number, make: (k: number) => Item) => {
    for (let k = 0; k < n; k++) out.push(make(k));
  };
  add(8, (k) => ({
    caption: `Homestay xinh xắn giữa rừng thông, phòng số ${k} view đồi`,
    tags: ["dalat", "homestay", "review"],
    ageDays: k * 5,
    plays: 10_000 + k * 3_000,
    likes: 500 + k * 40,
    ad: k < 2,
    region: k < 2 ? "VN" : undefined,
    language: "vi",
  }));
  // Spelled apart only: the search finds these for "dalat" through its compound expansion.
  add(3, (k) => ({
    caption: `Cuối tuần ở Đà Lạt, khách sạn nhỏ mà xinh số ${k}`,
    tags: ["travel"],
    ageDays: 3 + k,
    plays: 4_000 + k * 100,
    likes: 90 + k,
    language: "vi",
  }));
  add(6, (k) => ({
    caption: `Khách sạn view biển Vũng Tàu giá tốt, phòng ${k}`,
    tags: ["vungtau", "hotel", "review"],
    ageDays: 2 + k * 7,
    plays: 20_000 + k * 5_000,
    likes: 800 + k * 90,
    ad: k % 3 === 0,
    language: "vi",
  }));
  add(6, (k) => ({
    caption: `The best resort in Da Nang, pool villa number ${k} with a sea view`,
    tags: ["danang", "resort", "travel"],
    ageDays: 1 + k * 6,
    plays: 50_000 + k * 10_000,
    likes: 3_000 + k * 250,
    ad: k === 0,
    region: k < 1 ? "VN" : undefined,
    language: "en",
  }));
  add(5, (k) => ({
    caption: `Hotel phố cổ Hội An đẹp như tranh, góc số ${k}`,
    tags: ["hoian", "hotel", "travel"],
    ageDays: 4 + k * 9,
    plays: 8_000 + k * 1_500,
    likes: 400 + k * 70,
    language: "vi",
  }));
  add(6, (k) => ({
    caption: `Resort nghỉ dưỡng ven biển, hồ bơi vô cực ${k}`,
    // Reach tags, as real captions carry them.
    // Five of them also tagged in the plural (#resorts), as real captions mix both.
    tags: ["resort", "staycation", "travel", "fyp", "xuhuong", ...(k < 5 ? ["resorts"] : [])],
    ageDays: 60 + k * 11,
    plays: 30_000 + k * 4_000,
    likes: 1_200 + k * 300,
    ad: k === 1,
    language: "vi",
  }));
  // A few plays with many likes: the highest engagement rates, which a rate ranking must not lead with.
  add(3, (k) => ({
    caption: `Góc nhỏ check-in cuối tuần số ${k}`,
    tags: ["checkin"],
    ageDays: 20 + k,
    plays: 120 + k * 10,
    likes: 90,
    language: "vi",
  }));
  // A place written apart whose first syllable is also a rarer tag of its own ("Ha Long": #ha).
  add(6, (k) => ({
    caption: `Du thuyền vịnh Hạ Long ngủ đêm ${k}`,
    tags: k === 0 ? ["halong", "ha"] : ["halong"],
    ageDays: 40 + k,
    plays: 6_000 + k * 500,
    likes: 200 + k,
    language: "vi",
  }));
  // A place and a word run together in one rarer tag: "Vung Tau hotel" reads as #vungtau and hotel.
  add(6, (k) => ({
    // Two booked through a brand that is no hashtag or account, named only in the caption (one asking).
    caption: `Phòng đôi giá tốt cuối tuần số ${k}${k < 2 ? ", đặt qua Traveloka" : ""}${k === 0 ? "?" : ""}`,
    tags: ["vungtauhotel"],
    ageDays: 30 + k,
    plays: 2_000 + k * 100,
    likes: 60 + k,
    language: "vi",
  }));
  // Glamping: four with a recorded transcript (their opening line is its first line), two without; emoji; the
  // last with no caption at all (nor hashtags).
  add(7, (k) => ({
    caption: k === 6 ? "" : `Glamping bên hồ Tuyền Lâm ✨ số ${k}${k < 2 ? " 🏕️" : ""}`,
    tags: k === 6 ? [] : ["glamping"],
    // Among the newest, so that no creator's first video moves; no sound, so that none trends.
    ageDays: k / 2,
    silent: true,
    plays: 15_000 + k * 2_000,
    likes: 700 + k * 30,
    language: "vi",
    ...(k < 4
      ? {
          transcript: `Cắm trại view hồ cực chill số ${k}\nlều glamping có máy lạnh\n${k === 0 ? "giá chỉ từ 500k" : "check in ngay"}`,
        }
      : {}),
  }));
  // A place whose first word is also an English word ("Can Tho"), tagged run together.
  add(5, (k) => ({
    caption: `Khách sạn bến Ninh Kiều số ${k}`,
    tags: ["cantho"],
    ageDays: 200 + k,
    silent: true,
    plays: 3_170 + k * 530,
    likes: 80 + k,
    language: "vi",
  }));
  return out;
}

/**
 * The search an Apify run would have found a video by (`searchHashtag.name`): the hotel search of its place, the
 * Đà Lạt videos tagged only #travel among them; "reviewhotel" for the rest.
 */
function searchOf(it: Item): string {
  const place = ["dalat", "vungtau", "danang", "hoian", "cantho", "halong"].find(
    (p) => it.tags.some((t) => t.startsWith(p)) || (p === "dalat" && it.caption.includes("Đà Lạt")),
  );
  return place ? `hotel${place}` : "reviewhotel";
}

/**
 * The scrape into `into`; `observedAt`: when it was collected (`crs import --observed-at`), else at import;
 * `searches`: each item names the search that found it, as an Apify export does.
 */
async function importScrape(into: Db, observedAt?: number, searches = false): Promise<void> {
  const file = join(dir, "apify.json");
  writeFileSync(
    file,
    JSON.stringify(
      items().map((it, i) => ({
        id: String(7_400_000_000_000_000_000n + BigInt(i)),
        text: `${it.caption} ${it.tags.map((t) => `#${t}`).join(" ")}`,
        textLanguage: it.language ?? "un",
        ...(it.region ? { locationCreated: it.region } : {}),
        createTime: SCRAPED - it.ageDays * DAY,
        isAd: it.ad ?? false,
        ...(searches ? { searchHashtag: { name: searchOf(it) } } : {}),
        ...(it.transcript ? { transcript: it.transcript } : {}),
        // Three sounds: "nhạc nền" on every third video, "Lofi chill" on every other one, none on the rest.
        ...(it.silent
          ? {}
          : i % 3 === 0
            ? {
                musicMeta: {
                  musicId: "7100000000000000001",
                  musicName: "nhạc nền - Stay",
                  musicAuthor: "Stay",
                },
              }
            : i % 2 === 0
              ? { musicMeta: { musicId: "7100000000000000002", musicName: "Lofi chill", musicAuthor: "DJ" } }
              : {}),
        hashtags: it.tags.map((name) => ({ name })),
        // Lengths cycle through 8, 22, 45, 90 and 240 s; every seventh video has none recorded.
        ...(i % 7 === 6 ? {} : { videoMeta: { duration: [8, 22, 45, 90, 240][i % 5] } }),
        authorMeta: {
          id: String(6_900_000 + (i % 9)),
          name: `stay${i % 9}`,
          nickName: `Stay ${i % 9}`,
          // 1,000 to 9,000 followers, by creator.
          fans: 1000 * (1 + (i % 9)),
        },
        playCount: it.plays,
        diggCount: it.likes,
        commentCount: Math.round(it.likes / 20),
        shareCount: Math.round(it.likes / 40),
        collectCount: Math.round(it.likes / 10),
      })),
    ),
  );
  const summary = await importFile(into, file, { format: "apify", now: NOW, observedAt });
  afterIngest(into, NOW, summary.videoIds);
  await buildTrendReports(createSqliteStore(into), NOW);
}

/** Apify items written to `name` in the fixture folder and imported into `into` (`collection`: all in it). */
async function importItems(into: Db, name: string, records: unknown[], collection?: string): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(records));
  const summary = await importFile(into, file, {
    format: "apify",
    now: NOW,
    ...(collection ? { collection } : {}),
  });
  afterIngest(into, NOW, summary.videoIds);
}

const registryOn = (store: Store) =>
  new ToolRegistry(allTools, {
    store,
    clock: fixedClock(NOW),
    secret: "test-secret-test-secret-test-secret",
    analyst: null,
  } as unknown as ServiceDeps);

/** The scrape with its searches, and `records` (Apify items) written to `name` beside it: a store over both. */
async function searchedScrape(
  name: string,
  records: unknown[],
): Promise<{ db: Db; on: { store: Store; registry: ToolRegistry } }> {
  const db = tempDb().db;
  await importScrape(db, undefined, true);
  await importItems(db, name, records);
  const store = createSqliteStore(db);
  return { db, on: { store, registry: registryOn(store) } };
}

/** One Apify item, by creator `author`, with its counts, found by `search`. */
const searchedItem = (
  id: bigint,
  text: string,
  author: { id: number; name: string; fans: number },
  over: { ageDays: number; plays: number; likes: number; comments: number; shares: number; saves: number },
  isAd: boolean,
  search: string,
) => ({
  id: String(id),
  text,
  createTime: SCRAPED - over.ageDays * DAY,
  authorMeta: { id: String(author.id), name: author.name, fans: author.fans },
  playCount: over.plays,
  diggCount: over.likes,
  commentCount: over.comments,
  shareCount: over.shares,
  collectCount: over.saves,
  isAd,
  searchHashtag: { name: search },
});

async function ask(
  question: string,
  on: { store: Store; registry: ToolRegistry } = { store: createSqliteStore(db), registry },
  context: string | null = null,
): Promise<Answer> {
  const engine = new LocalEngine({ store: on.store, clock: fixedClock(NOW) });
  const method: MethodStep[] = [];
  return engine.answer({
    question,
    context,
    principal: PRINCIPAL,
    signal: new AbortController().signal,
    method: () => [...method],
    callTool: async (tool, args) => {
      const out = await callTool(on.registry, tool, args);
      method.push({ tool, arguments: args });
      return out;
    },
  });
}

const ids = (out: { data: unknown }) => (out.data as { id: string }[]).map((v) => v.id);

/** Each creator's videos' plays, by uid (SQL). */
function playsByCreator(from: Db): Map<string, number[]> {
  const byCreator = new Map<string, number[]>();
  for (const r of from.prepare("SELECT author_uid AS uid, plays FROM videos").all() as {
    uid: string;
    plays: number;
  }[])
    byCreator.set(r.uid, [...(byCreator.get(r.uid) ?? []), r.plays]);
  return byCreator;
}

/** The figure an answer's groups give the group `key` (its place in `ranking`, its value in `values`). */
const groupValue = (result: Record<string, unknown>, key: string) =>
  (result.values as number[])[(result.ranking as string[]).indexOf(key)];

/** Every video service_search_videos finds for q (all pages), over the first scrape unless told. */
async function searchIds(q: string, over: ToolRegistry = registry): Promise<string[]> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const out = await callTool(over, "service_search_videos", {
      q,
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    for (const v of out.data as { id: string }[]) ids.add(v.id);
    cursor = (out.meta as unknown as { next_cursor: string | null }).next_cursor ?? undefined;
  } while (cursor);
  return [...ids];
}

/** SQL over the given videos only: `SELECT … FROM ${IN_IDS}` run with `idList(ids)`. */
const IN_IDS = "videos WHERE id IN (SELECT value FROM json_each(@ids))";
const idList = (ids: readonly string[]) => ({ ids: JSON.stringify(ids) });

/** The median of plain numbers (the expected figures are computed here, not with the analyst's code). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * An answer setting the videos (of `ids`) using the corpus's original sound beside the others, each with its
 * median views (SQL).
 */
async function expectOriginalSoundSides(answer: Answer, ids: readonly string[]): Promise<void> {
  const ORIGINAL = "7100000000000000001"; // "nhạc nền - Stay": Vietnamese for an original sound
  const plays = (where: string) =>
    db.prepare(`SELECT plays FROM ${IN_IDS} AND ${where}`).pluck().all(idList(ids)) as number[];
  const using = plays(`music_id = '${ORIGINAL}'`);
  const others = plays(`(music_id IS NULL OR music_id <> '${ORIGINAL}')`);
  expect(aggregateOf(answer).plan).toMatchObject({
    intent: "breakdown",
    group_by: "sound_use",
    metric: "plays",
  });
  expect(answer.findings.map((f) => f.statement).sort()).toEqual(
    [
      `videos using an original sound: ${median(using).toLocaleString("en-US")} median views per video over ${using.length} videos.`,
      `videos using other sounds or none recorded: ${median(others).toLocaleString("en-US")} median views per video over ${others.length} videos.`,
    ].sort(),
  );
}

/** Videos carrying `tag` among their hashtags (independent of the search's expansion). */
const tagged = (tag: string) =>
  db
    .prepare("SELECT count(*) FROM videos WHERE ' ' || hashtags || ' ' LIKE ?")
    .pluck()
    .get(`% ${tag} %`) as number;

const searchTotal = async (args: Record<string, unknown>) =>
  ((await callTool(registry, "service_search_videos", { ...args, limit: 1 })).meta as { total: number })
    .total;

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importScrape(db);
  registry = registryOn(createSqliteStore(db));
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("place names written apart link to the hashtag the corpus uses", () => {
  it("the join the corpus tags most, the shorter on a tie: 'Vung Tau hotel' is #vungtau and hotel, not #vungtauhotel", async () => {
    expect(tagged("vungtauhotel")).toBe(6);
    expect(tagged("vungtau")).toBe(6);
    const { plan, result } = aggregateOf(await ask("How many Vung Tau hotel videos are there?"));
    expect(plan.topics).toEqual(["vungtau", "hotel"]);
    expect(result.count).toBe(await searchTotal({ q: "vungtau hotel" }));
    // The search of the two words finds the run-together tag too.
    expect(result.count).toBe(tagged("vungtauhotel") + 6);
  });

  it.each([
    ["How many videos mention Da Nang?", "danang"],
    ["How many videos are about Đà Lạt?", "dalat"],
    ["how many videos about vung tau", "vungtau"],
    ["How many hotel videos are from Hoi An?", "hoian"],
  ])("%s → topic %s, counted as the search counts it", async (question, tag) => {
    const answer = await ask(question);
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("count");
    expect(plan.topics).toContain(tag);
    expect(plan.ignored).toEqual([]);
    const q = plan.topics.join(" ");
    expect(result.count).toBe(await searchTotal({ q }));
    expect(result.count).toBeGreaterThan(0);
  });

  it("counts the spelled-apart captions too, as service_search_videos does for the same q", async () => {
    const { result } = aggregateOf(await ask("How many videos mention Da Lat?"));
    // 8 tagged #dalat + 3 that only say "Đà Lạt" in the caption.
    expect(result.count).toBe(11);
  });

  it("keeps the other topic words of the question", async () => {
    const { plan } = aggregateOf(await ask("Which creators post the most about homestays in Da Lat?"));
    expect(plan.topics).toEqual(expect.arrayContaining(["homestay", "dalat"]));
    expect(plan.subject).toBe("creators");
    expect(plan.ignored).toEqual([]);
  });
});

describe("naturally phrased questions read as meant", () => {
  it("ads compared to organic videos: both groups, by median views", async () => {
    const answer = await ask("How do ads perform compared to organic videos?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("breakdown");
    expect(plan.metric).toBe("plays");
    expect(plan.filters).toEqual([]);
    const medianOf = (ad: number) => {
      const plays = (
        db.prepare("SELECT plays FROM videos WHERE label_ad = ? ORDER BY plays").all(ad) as {
          plays: number;
        }[]
      ).map((r) => r.plays);
      return median(plays);
    };
    const expected = [
      { key: "ads", value: medianOf(1) },
      { key: "organic", value: medianOf(0) },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
    expect(answer.summary).toMatch(
      /^By median views per video, the leading group among videos is (ads|organic)/,
    );
  });

  it("an average engagement rate is a measure, not a share", async () => {
    const { plan, result } = aggregateOf(await ask("What's the average engagement rate of resort videos?"));
    expect(plan.intent).toBe("measure");
    expect(plan.metric).toBe("engagement");
    expect(result.videos).toBe(await searchTotal({ q: "resort" }));
  });

  it("\"what's the engagement rate of …\" is a measure: the pooled rate, then the median video's", async () => {
    for (const question of [
      "What's the engagement rate of resort videos?",
      "How engaging are resort videos?",
    ]) {
      const answer = await ask(question);
      const { plan, result } = aggregateOf(answer);
      expect(plan.intent, question).toBe("measure");
      expect(plan.metric, question).toBe("engagement");
      const ids = await searchIds("resort");
      const rows = db
        .prepare(`SELECT plays, likes + comments + shares + saves AS n FROM ${IN_IDS}`)
        .all(idList(ids)) as { plays: number; n: number }[];
      const pooled = rows.reduce((s, r) => s + r.n, 0) / rows.reduce((s, r) => s + r.plays, 0);
      expect(result.videos).toBe(ids.length);
      expect(result.pooled).toBeCloseTo(pooled, 4);
      expect(result.median).toBeCloseTo(median(rows.map((r) => r.n / r.plays)), 4);
      expect(answer.summary).toMatch(
        /^The engagement rate of videos about "resort" is [\d.]+ % pooled over \d+ videos; the median video's is [\d.]+ %\.$/,
      );
    }
  });

  it('"what makes … go viral" splits the topic\'s videos by each recorded property (median views, SQL)', async () => {
    const answer = await ask("What makes a resort video go viral?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("drivers");
    const ids = await searchIds("resort");
    const rows = db.prepare(`SELECT plays, label_hook, label_ad FROM ${IN_IDS}`).all(idList(ids)) as {
      plays: number;
      label_hook: number;
      label_ad: number;
    }[];
    expect(result.videos).toBe(ids.length);
    expect(result.overall).toBe(median(rows.map((r) => r.plays)));
    // Six of the twelve carry a hook: the one split with two groups of five or more.
    const hooked = rows.filter((r) => r.label_hook === 1).map((r) => r.plays);
    const plain = rows.filter((r) => r.label_hook === 0).map((r) => r.plays);
    expect(result.splits).toEqual([
      {
        by: "hook",
        ranking: ["with a detected hook", "without a detected hook"],
        values: [median(hooked), median(plain)],
        videos: [hooked.length, plain.length],
        lift: median(hooked) / median(rows.map((r) => r.plays)),
      },
    ]);
    expect(answer.summary).toBe(
      `Among 12 videos about "resort" (50,000 median views per video), what went with more views: videos with a detected hook (75,000, 1.5× all). Associations in this corpus, not causes.`,
    );
    // The others are named with their group sizes.
    expect(answer.caveats.join(" ")).toMatch(
      /Not compared, for want of two groups of 5\+ videos: [^.]*format \(regular videos: 12\)/,
    );
    // The PostgreSQL copy gives the same answer (the last test of this file).
  });

  it("a ranking by engagement rate leaves out videos under the median plays, and says so", async () => {
    const answer = await ask("Which videos have the highest engagement rate?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", metric: "engagement" });
    const rows = db
      .prepare("SELECT id, plays, (likes + comments + shares + saves) * 1.0 / plays AS rate FROM videos")
      .all() as { id: string; plays: number; rate: number }[];
    const floor = median(rows.map((r) => r.plays));
    const kept = rows.filter((r) => r.plays >= floor);
    const expected = kept
      .sort((a, b) => b.rate - a.rate || b.id.localeCompare(a.id))
      .slice(0, 5)
      .map((r) => r.id);
    expect(result.ranking).toEqual(expected);
    // Without the floor the three check-in videos (about 75 % on 120-140 plays) would lead.
    const highest = [...rows].sort((a, b) => b.rate - a.rate)[0] as { plays: number };
    expect(highest.plays).toBeLessThan(200);
    expect(answer.caveats).toContain(
      `Ranked among the ${kept.length} videos with at least ${Math.ceil(floor).toLocaleString("en-US")} plays (the median of all ${rows.length}), so that a rate on a few plays cannot lead; ${rows.length - kept.length} left out.`,
    );
  });

  it("'the most liked videos', 'the 10 most shared videos' as a set: the tenth (or number) with the most of that count (SQL)", async () => {
    const all = db
      .prepare("SELECT id, likes, shares, comments, label_ad AS ad, duration_s, media_type FROM videos")
      .all() as {
      id: string;
      likes: number;
      shares: number;
      comments: number;
      ad: number;
      duration_s: number | null;
      media_type: string;
    }[];
    /** The videos with at least the n-th highest of the count (ties at the floor included). */
    const most = (count: "likes" | "shares" | "comments", n: number) => {
      const floor = [...all].sort((a, b) => b[count] - a[count])[n - 1]?.[count] ?? 0;
      return all.filter((v) => v[count] >= floor);
    };
    const liked = most("likes", Math.ceil(all.length / 10));
    const share = aggregateOf(await ask("How many of the most liked videos are ads?"));
    expect(share.plan).toMatchObject({
      intent: "share",
      viral: true,
      viral_by: "likes",
      metric: null,
      ignored: [],
    });
    expect(share.result).toMatchObject({ part: liked.filter((v) => v.ad === 1).length, whole: liked.length });
    const commented = most("comments", Math.ceil(all.length / 10)).filter(
      (v) => v.media_type === "video" && v.duration_s !== null,
    );
    const length = aggregateOf(await ask("What is the average length of the most commented videos?"));
    expect(length.plan).toMatchObject({ intent: "measure", metric: "duration", viral_by: "comments" });
    expect(length.result.median).toBe(median(commented.map((v) => v.duration_s as number)));
    const ten = most("shares", 10);
    const top = aggregateOf(await ask("How many of the 10 most shared videos are ads?"));
    expect(top.plan).toMatchObject({ intent: "share", top_played: 10, viral_by: "shares" });
    expect(top.result).toMatchObject({ part: ten.filter((v) => v.ad === 1).length, whole: ten.length });
    // Ranked themselves, the most shared videos are a ranking by shares, not a set.
    expect(aggregateOf(await ask("Show me the most shared videos")).plan).toMatchObject({
      intent: "rank",
      metric: "shares",
    });
  });

  it("'trending videos with the most shares': the leading trending videos ranked again by the count", async () => {
    const answer = await ask("Trending videos with the most shares");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "trending", metric: "shares", ignored: [] });
    const feed = (await callTool(registry, "service_list_feed", { feed: "trending", limit: 50 })).data as {
      id: string;
      share_count: number;
    }[];
    const expected = [...feed]
      .sort((a, b) => b.share_count - a.share_count || (a.id < b.id ? 1 : -1))
      .slice(0, 5)
      .map((v) => v.id);
    expect(result).toMatchObject({ ranking: expected, trending_pool: feed.length });
    expect(answer.caveats.join(" ")).toMatch(
      /Ranked by shares among the \d+ leading videos of the trending order/,
    );
    // With no count named, the trending order itself.
    const plain = aggregateOf(await ask("What is trending?"));
    expect(plain.result.ranking).toEqual(feed.slice(0, 5).map((v) => v.id));
  });

  it("one count over plays: 'share rate', 'saves relative to views', 'like-to-view ratio' (SQL)", async () => {
    const COUNT = { share_rate: "shares", save_rate: "saves", like_rate: "likes", comment_rate: "comments" };
    // The set's rate: pooled, then the median video's.
    const measured = await ask("What is the share rate of resort videos?");
    expect(aggregateOf(measured).plan).toMatchObject({
      intent: "measure",
      metric: "share_rate",
      ignored: [],
    });
    const resort = db
      .prepare(`SELECT plays, shares FROM ${IN_IDS}`)
      .all(idList(await searchIds("resort"))) as { plays: number; shares: number }[];
    const pooled = resort.reduce((n, r) => n + r.shares, 0) / resort.reduce((n, r) => n + r.plays, 0);
    // Rounded to 4 decimals in the result, as the engagement rate's.
    expect(aggregateOf(measured).result.pooled).toBeCloseTo(pooled, 4);
    expect(aggregateOf(measured).result.median).toBeCloseTo(median(resort.map((r) => r.shares / r.plays)), 4);
    expect(measured.caveats.join(" ")).toMatch(/Share rate: shares ÷ plays, pooled/);
    // Videos ranked by a rate, among those with the median plays or more (as the engagement rate).
    for (const [question, rate] of [
      ["Which videos have the most saves relative to views?", "save_rate"],
      ["Videos with the highest like-to-view ratio", "like_rate"],
      ["Top videos by comment rate", "comment_rate"],
    ] as const) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        metric: rate,
      });
      const rows = db.prepare(`SELECT id, plays, ${COUNT[rate]} * 1.0 / plays AS rate FROM videos`).all() as {
        id: string;
        plays: number;
        rate: number;
      }[];
      const floor = median(rows.map((r) => r.plays));
      const expected = rows
        .filter((r) => r.plays >= floor)
        .sort((a, b) => b.rate - a.rate || b.id.localeCompare(a.id))
        .slice(0, 5)
        .map((r) => r.id);
      expect(aggregateOf(answer).result.ranking, question).toEqual(expected);
    }
    // Groups compared on a pooled rate: ads against organic videos.
    const groups = aggregateOf(await ask("Do ads get a higher save rate than organic videos?"));
    expect(groups.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "save_rate" });
    const sides = db
      .prepare("SELECT label_ad, sum(saves) * 1.0 / sum(plays) AS rate FROM videos GROUP BY label_ad")
      .all() as { label_ad: number; rate: number }[];
    const expected = sides
      .sort((a, b) => b.rate - a.rate)
      .map((r) => [r.label_ad === 1 ? "ads" : "organic", r.rate] as const);
    expect(groups.result.ranking).toEqual(expected.map(([k]) => k));
    for (const [i, v] of (groups.result.values as number[]).entries())
      expect(v).toBeCloseTo(expected[i]?.[1] ?? -1, 4);
    // What went with a higher rate: the drivers, on the pooled rate.
    const drivers = await ask("What makes videos get a high share rate?");
    expect(aggregateOf(drivers).plan).toMatchObject({ intent: "drivers", metric: "share_rate" });
    expect(drivers.summary).toMatch(/share rate\), what went with a higher share rate: |does more than/);
    // A change between periods is of videos or views: the rate is said to be unused.
    const change = aggregateOf(
      await ask("Which hashtags grew their share rate the most from July 2025 to August 2025?"),
    );
    expect(change.plan.ignored).toEqual([
      "share rate (a change between two periods is measured in videos or views)",
    ]);
    // A ratio of two counts is one count over the other (stop 50); a ratio of other things is declined with
    // the rates it can give.
    expect(aggregateOf(await ask("What is the comment to like ratio of resort videos?")).plan).toMatchObject({
      intent: "measure",
      metric: "comments_per_like",
    });
    const other = await ask("What is the hashtag-to-word ratio of resort captions?");
    expect(other.summary).toMatch(
      /one count over plays \(like, comment, share or save rate\) and one count over another/,
    );
  });

  it("creators by engagement rate: only creators whose videos reach the median plays in all", async () => {
    const answer = await ask("Which creators have the highest engagement rate?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "creators", metric: "engagement" });
    const groups = db
      .prepare(
        "SELECT author_uid AS id, sum(plays) AS plays, sum(likes + comments + shares + saves) * 1.0 / sum(plays) AS rate FROM videos GROUP BY author_uid",
      )
      .all() as { id: string; plays: number; rate: number }[];
    const floor = median(groups.map((g) => g.plays));
    const expected = groups
      .filter((g) => g.plays >= floor)
      .sort((a, b) => b.rate - a.rate)
      .slice(0, 5);
    expect(result.ranking).toEqual(expected.map((g) => g.id));
    expect(result.values).toEqual(expected.map((g) => Math.round(g.rate * 1e4) / 1e4));
    expect(
      answer.caveats.some((c) => c.startsWith("Ranked among the ") && c.includes("plays over their videos")),
    ).toBe(true);
    // One video asked for in the singular: the first of the same ranking.
    const one = aggregateOf(await ask("Which video has the highest engagement rate?"));
    expect(one.plan).toMatchObject({ metric: "engagement", count: 1 });
    const five = aggregateOf(await ask("Which videos have the highest engagement rate?"));
    expect(one.result.ranking).toEqual((five.result.ranking as string[]).slice(0, 1));
    // "The highest average engagement rate" ranks them the same way (it measured all videos once).
    const average = aggregateOf(await ask("Which creators have the highest average engagement rate?"));
    expect(average.plan).toMatchObject({ intent: "rank", subject: "creators", metric: "engagement" });
    expect(average.result.ranking).toEqual(result.ranking);
  });

  it('"Vietnamese language videos" filters by language; the videos are ranked', async () => {
    const answer = await ask("Top 5 Vietnamese language videos by likes");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("rank");
    expect(plan.subject).toBe("videos");
    expect(plan.filters).toEqual(["language=vi"]);
    const top = db
      .prepare("SELECT id FROM videos WHERE language = 'vi' ORDER BY likes DESC, id DESC LIMIT 5")
      .pluck()
      .all();
    expect(result.ranking).toEqual(top);
    expect(answer.summary).toMatch(
      /^Top videos in language vi by likes: \d+ by @\S+ with [\d,]+ likes, then \d+/,
    );
  });

  it("the most used sounds are sounds, ranked by how many videos use them", async () => {
    const answer = await ask("Which sounds are most used?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("rank");
    expect(plan.subject).toBe("sounds");
    const expected = db
      .prepare(
        "SELECT music_id AS id, count(*) AS n FROM videos WHERE music_id IS NOT NULL GROUP BY music_id ORDER BY n DESC, music_id",
      )
      .all() as { id: string; n: number }[];
    expect(expected.length).toBe(2);
    expect(result.ranking).toEqual(expected.map((r) => r.id));
    expect(result.values).toEqual(expected.map((r) => r.n));
    expect(answer.summary).toMatch(
      /^"nhạc nền - Stay" \(sound 7100000000000000001\) leads by number of videos: \d+/,
    );
    // With no ranking word, sounds are still ranked (it was declined).
    const resort = aggregateOf(await ask("What sounds are resort videos using?"));
    expect(resort.plan).toMatchObject({ intent: "rank", subject: "sounds", topics: ["resort"] });
    const used = db
      .prepare(
        `SELECT music_id FROM ${IN_IDS} AND music_id IS NOT NULL GROUP BY music_id ORDER BY count(*) DESC, music_id`,
      )
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(resort.result.ranking).toEqual(used);
  });

  it('"hook examples for a resort video": videos with a detected hook, each with its opening line', async () => {
    const answer = await ask("Give me 3 hook examples for a resort video");
    const { plan, result } = aggregateOf(answer);
    expect(plan.filters).toContain("hook=yes");
    const hooked = db
      .prepare(
        `SELECT id, hook_text, (SELECT value FROM labels l WHERE l.video_id = videos.id AND l.label = 'hook') AS type
           FROM ${IN_IDS} AND label_hook = 1 ORDER BY plays DESC, id DESC LIMIT 3`,
      )
      .all(idList(await searchIds("resort"))) as { id: string; hook_text: string; type: string }[];
    expect(hooked.length).toBeGreaterThan(0);
    expect(result.ranking).toEqual(hooked.map((h) => h.id));
    answer.findings.forEach((f, i) => {
      const h = hooked[i] as (typeof hooked)[number];
      expect(f.statement).toMatch(new RegExp(` Hook \\(${h.type}\\): "`));
      expect(f.statement.endsWith(`"${h.hook_text.split("\n")[0]}"`), f.statement).toBe(true);
    });
  });

  it("'which creators post the most, and how do their views compare?': ranked by videos, each one's median views beside (SQL)", async () => {
    const answer = await ask("Which creators post the most, and how do their views compare?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "creators", metric: "videos" });
    expect(plan.understood).toContain("also measured: views (plays)");
    const byCreator = playsByCreator(db);
    const expected = [...byCreator]
      .map(([uid, xs]) => ({ uid, n: xs.length, m: median(xs) }))
      .sort((a, b) => b.n - a.n || a.uid.localeCompare(b.uid))
      .slice(0, 5);
    expect(result.ranking).toEqual(expected.map((e) => e.uid));
    expect(result.values).toEqual(expected.map((e) => e.n));
    expect(result.median_plays).toEqual(expected.map((e) => e.m));
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0).toLocaleString("en-US");
    expect(answer.findings[1]?.statement).toBe(
      `#2 @${db.prepare<[string], { handle: string }>("SELECT handle FROM creators WHERE uid = ?").get(expected[1]?.uid as string)?.handle}: ${expected[1]?.n} videos; median ${expected[1]?.m.toLocaleString("en-US")} views per video (${total(byCreator.get(expected[1]?.uid as string) ?? [])} in total).`,
    );
  });

  it('"highest average views per video": creators ranked by their median video, 5+ videos each (SQL)', async () => {
    const answer = await ask("Which creators have the highest average views per video?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "creators", metric: "plays", per_video: true });
    const byCreator = playsByCreator(db);
    const eligible = [...byCreator].filter(([, xs]) => xs.length >= 5);
    const expected = eligible
      .map(([uid, xs]) => ({ uid, m: median(xs), n: xs.length }))
      .sort((a, b) => b.m - a.m || b.n - a.n || a.uid.localeCompare(b.uid))
      .slice(0, 5);
    expect(result.ranking).toEqual(expected.map((e) => e.uid));
    expect(result.values).toEqual(expected.map((e) => e.m));
    expect(answer.caveats).toContain(
      `The median per video of each of the ${eligible.length} creators with at least 5 videos; ${byCreator.size - eligible.length} with fewer are left out (a median of one or two videos says little).`,
    );
    // Groups too small for a median: said so, not "no advertiser has any".
    const ads = await ask("Which advertisers get the most likes per video?");
    expect(ads.summary).toMatch(
      /^None of the \d+ advertisers of videos has 5 or more of them, too few for a median per video\./,
    );
  });

  it("creators asked for by region, on a scrape whose profiles record none: the answer says so", async () => {
    const answer = await ask("Top 10 creators by followers in Vietnam");
    expect(db.prepare("SELECT count(*) FROM creators WHERE region IS NOT NULL").pluck().get()).toBe(0);
    expect(answer.caveats.join(" ")).toMatch(
      /A creator's region is recorded for 0 of the \d+ creators read, and a creator without one never matches region VN\./,
    );
  });

  it('"is it worth running ads / making slideshows": the two groups compared on views', async () => {
    const ads = aggregateOf(await ask("Is it worth running ads for resorts?"));
    expect(ads.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays", ignored: [] });
    const slides = aggregateOf(await ask("Is it worth making slideshows for hotels?"));
    expect(slides.plan).toMatchObject({ intent: "breakdown", group_by: "media_type", metric: "plays" });
  });

  it('"show me recent hotel ads" lists the newest; "recent" beside a measure is still a ranking', async () => {
    const { plan, result } = aggregateOf(await ask("Show me recent hotel ads"));
    expect(plan.intent).toBe("newest");
    const newest = db
      .prepare(`SELECT id FROM ${IN_IDS} AND label_ad = 1 ORDER BY created_at DESC, id DESC LIMIT 5`)
      .pluck()
      .all(idList(await searchIds("hotel")));
    expect(result.ranking).toEqual(newest);
  });

  it('"recent" beside a measure: the 30 days up to the scrape\'s newest video (SQL); hashtags of recent videos are ranked', async () => {
    const answer = await ask("Which recent hotel videos got the most views?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", window_days: 30, ignored: [] });
    const since = SCRAPED - 30 * DAY;
    const top = db
      .prepare(`SELECT id FROM ${IN_IDS} AND created_at >= ? ORDER BY plays DESC, id DESC LIMIT 5`)
      .pluck()
      .all(idList(await searchIds("hotel")), since);
    expect(top.length).toBeGreaterThan(0);
    expect(result.ranking).toEqual(top);
    expect(answer.summary).toContain(
      `published in the 30 days up to ${new Date(SCRAPED * 1000).toISOString().slice(0, 10)}`,
    );
    const tags = aggregateOf(await ask("What hashtags are popular in recent hotel videos?"));
    expect(tags.plan).toMatchObject({ intent: "rank", group_by: "hashtag", window_days: 30 });
  });

  it("a total and an overview read as sentences (SQL)", async () => {
    const ids = await searchIds("resort");
    const plays = db.prepare(`SELECT sum(plays) FROM ${IN_IDS}`).pluck().get(idList(ids)) as number;
    const total = await ask("How many views do resort videos have in total?");
    expect(aggregateOf(total).result).toMatchObject({ count: ids.length, total: plays });
    expect(total.summary).toBe(
      `Videos about "resort" have ${plays.toLocaleString("en-US")} views in total (${ids.length} videos, latest snapshots).`,
    );
    // An overview of ads does not add that they are all ads.
    const ads = await ask("Summarize resort ads");
    expect(aggregateOf(ads).plan.intent).toBe("overview");
    expect(ads.summary).toMatch(/^\d+ ads about "resort"; median plays [\d,.]+\.$/);
  });

  it('"the best performing sound": the median per video of sounds on 5+ videos, else their total views (SQL)', async () => {
    const bySound = (ids: string[]) => {
      const rows = db
        .prepare(`SELECT music_id, plays FROM ${IN_IDS} AND music_id IS NOT NULL`)
        .all(idList(ids)) as { music_id: string; plays: number }[];
      const groups = new Map<string, number[]>();
      for (const r of rows) groups.set(r.music_id, [...(groups.get(r.music_id) ?? []), r.plays]);
      return [...groups];
    };
    const travel = aggregateOf(await ask("What is the best performing sound for travel videos?"));
    expect(travel.plan).toMatchObject({ intent: "rank", metric: "plays", per_video: true, ignored: [] });
    const eligible = bySound(await searchIds("travel"))
      .filter(([, xs]) => xs.length >= 5)
      .map(([id, xs]) => ({ id, m: median(xs), n: xs.length }))
      .sort((a, b) => b.m - a.m || b.n - a.n || a.id.localeCompare(b.id));
    expect(eligible.length).toBeGreaterThan(0);
    expect(travel.result.ranking).toEqual(eligible.map((e) => e.id));
    // Every sound of the Hoi An videos is on fewer than 5 of them: ranked by their total views, said so.
    const answer = await ask("What is the best performing sound for Hoi An videos?");
    const hoian = aggregateOf(answer);
    const totals = bySound(await searchIds("hoian"))
      .map(([id, xs]) => ({ id, sum: xs.reduce((a, b) => a + b, 0), n: xs.length }))
      .sort((a, b) => b.sum - a.sum || b.n - a.n || a.id.localeCompare(b.id));
    expect(totals.every((t) => t.n < 5)).toBe(true);
    expect(hoian.result.ranking).toEqual(totals.map((t) => t.id).slice(0, 5));
    expect(answer.caveats.join(" ")).toContain("too few for a median per video: ranked by the total views");
  });

  it("hook types of a set none of whose videos opens with a hook: said so, with how many there are (SQL)", async () => {
    const ids = await searchIds("vungtau hotel");
    const ads = db
      .prepare(`SELECT label_hook FROM ${IN_IDS} AND label_ad = 1`)
      .pluck()
      .all(idList(ids)) as number[];
    expect(ads.length).toBeGreaterThan(1);
    expect(ads.every((hook) => hook === 0)).toBe(true);
    const answer = await ask("What kind of hooks do Vung Tau hotel ads use?");
    expect(answer.summary).toBe(
      `None of the ${ads.length} ads about "vungtau hotel" opens with a detected hook, so there is no hook type to compare.`,
    );
  });

  it('"between 10,000 and 30,000 views": both ends, inclusive, in either order (SQL)', async () => {
    const expected = db
      .prepare("SELECT count(*) FROM videos WHERE plays BETWEEN 10000 AND 30000")
      .pluck()
      .get() as number;
    expect(expected).toBeGreaterThan(0);
    for (const question of [
      "How many videos have between 10,000 and 30,000 views?",
      "How many videos have between 30k and 10k views?",
      "How many videos have from 10 to 30 thousand views?",
    ]) {
      const answer = await ask(question);
      const { plan, result } = aggregateOf(answer);
      expect(plan, question).toMatchObject({
        intent: "count",
        filters: ["plays>=10000", "plays<=30000"],
        ignored: [],
      });
      expect(result.count, question).toBe(expected);
      expect(answer.summary).toBe(
        `There are ${expected} videos with at least 10,000 views and at most 30,000 views.`,
      );
    }
  });

  it("an advertiser's profile says how many of its videos are ads (SQL)", async () => {
    const [advertiser] = db
      .prepare(
        "SELECT a.id, a.name, count(v.id) AS videos, sum(v.label_ad) AS ads FROM advertisers a JOIN videos v ON v.advertiser_id = a.id GROUP BY a.id ORDER BY videos DESC, a.id LIMIT 1",
      )
      .all() as { id: string; name: string; videos: number; ads: number }[];
    expect(advertiser).toBeDefined();
    const answer = await ask(`Tell me about ${advertiser?.name}`);
    expect(aggregateOf(answer).plan.intent).toBe("profile");
    const ads = advertiser?.ads ?? 0;
    expect(answer.summary).toContain(
      `${advertiser?.videos} video${advertiser?.videos === 1 ? "" : "s"} (${ads === 0 ? "none of them an ad" : ads === 1 ? "1 of them an ad" : `${ads} of them ads`}) by `,
    );
  });

  it("one video counted reads in the singular", async () => {
    const answer = await ask("How many Da Nang ads are there?");
    expect(await searchTotal({ q: "danang", ad: "yes" })).toBe(1);
    expect(aggregateOf(answer).result.count).toBe(1);
    expect(answer.summary).toBe('There is 1 ad about "danang".');
  });

  it('"with a hook … than those without": the two groups on median views (SQL); "without a hook" alone filters', async () => {
    const answer = await ask("Do resort videos with a hook get more views than those without?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "hook",
      metric: "plays",
      filters: [],
      ignored: [],
    });
    const rows = db
      .prepare(`SELECT plays, label_hook FROM ${IN_IDS}`)
      .all(idList(await searchIds("resort"))) as {
      plays: number;
      label_hook: number;
    }[];
    const hooked = rows.filter((r) => r.label_hook === 1).map((r) => r.plays);
    const plain = rows.filter((r) => r.label_hook === 0).map((r) => r.plays);
    expect(hooked.length).toBeGreaterThan(0);
    expect(plain.length).toBeGreaterThan(0);
    const expected = [
      { key: "with a detected hook", value: median(hooked) },
      { key: "without a detected hook", value: median(plain) },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
    const without = aggregateOf(await ask("How many resort videos have no hook?"));
    expect(without.plan).toMatchObject({ intent: "count", filters: ["hook=no"], ignored: [] });
    expect(without.result.count).toBe(plain.length);
  });

  it('"what are people saying in the top hotel videos" quotes each video\'s caption', async () => {
    const answer = await ask("What are people saying in the top hotel videos?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", quotes: true, topics: ["hotel"], ignored: [] });
    const captions = db
      .prepare(`SELECT id, caption FROM ${IN_IDS}`)
      .all(idList(result.ranking as string[])) as {
      id: string;
      caption: string;
    }[];
    expect(captions.length).toBe(answer.findings.length);
    for (const { id, caption } of captions) {
      const finding = answer.findings.find((f) => f.statement.includes(id));
      expect(finding?.statement).toContain(`Caption: "${caption.replace(/\s+/g, " ").trim()}"`);
    }
    const withCaptions = aggregateOf(await ask("Show me the top 3 hotel videos with their captions"));
    expect(withCaptions.plan).toMatchObject({ intent: "rank", quotes: true, topics: ["hotel"], ignored: [] });
    expect(withCaptions.result.ranking).toEqual((result.ranking as string[]).slice(0, 3));
  });

  it('quoted words are text to find, a phrase when several; "now" or "new" inside them is no cue (search)', async () => {
    const phrase = await ask('Which videos say "sea view"?');
    const { plan, result } = aggregateOf(phrase);
    expect(plan).toMatchObject({ intent: "rank", topics: ['"sea view"'], ignored: [], window_days: null });
    expect(plan.understood).toContain(
      'text "sea view" (quoted; matched like q: the words together, in this order, in captions, hooks, transcripts and hashtags)',
    );
    const expected = ids(
      await callTool(registry, "service_search_videos", { q: '"sea view"', sort: "views", limit: 5 }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(result.ranking).toEqual(expected);
    // Fewer than the videos with both words anywhere: "view đồi" captions are not "sea view".
    expect(await searchTotal({ q: '"sea view"' })).toBeLessThan(await searchTotal({ q: "view" }));
    expect(phrase.summary).toMatch(/^Most viewed videos about "sea view": /);
    // "the phrase", "the word" naming the quoted text are read with it.
    const named = aggregateOf(await ask('How many videos use the phrase "sea view"?'));
    expect(named.plan).toMatchObject({ intent: "count", topics: ['"sea view"'], ignored: [] });
    expect(named.result.count).toBe(await searchTotal({ q: '"sea view"' }));
    // Cue words inside quotes: neither the newest videos nor a window.
    const cued = await ask("How many videos say 'new pool villa now'?");
    expect(aggregateOf(cued).plan).toMatchObject({
      intent: "count",
      topics: ['"new pool villa now"'],
      window_days: null,
    });
    expect(aggregateOf(cued).result.count).toBe(0);
    // A quoted handle stays a creator.
    const handle = db.prepare("SELECT handle FROM creators ORDER BY handle LIMIT 1").pluck().get() as string;
    expect(aggregateOf(await ask(`Tell me about "@${handle}"`)).plan).toMatchObject({
      intent: "profile",
      topics: [],
    });
  });

  it('"which videos mention villa": a word after a verb of saying is searched even when no hashtag (search)', async () => {
    expect(tagged("villa")).toBe(0);
    const answer = await ask("Which videos mention villa in the caption?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", topics: ["villa"], ignored: [] });
    expect(result.ranking).toEqual(
      ids(await callTool(registry, "service_search_videos", { q: "villa", sort: "views", limit: 5 })),
    );
    const count = aggregateOf(await ask("How many resort videos talk about villa?"));
    expect(count.plan.topics).toEqual(["resort", "villa"]);
    expect(count.result.count).toBe(await searchTotal({ q: "resort villa" }));
    // Right before the noun of the set ("villa videos") or after "videos about", the word is what they are about.
    for (const q of [
      "Which villa videos got the most views?",
      "Which videos about villa got the most views?",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ topics: ["villa"], ignored: [] });
      expect(result.ranking, q).toEqual(
        ids(await callTool(registry, "service_search_videos", { q: "villa", sort: "views", limit: 5 })),
      );
    }
    // "My videos": whose is not known; named, they are.
    const mine = await ask("Which of my videos did best?");
    expect(mine.summary).toMatch(/^I cannot answer this question: it does not know which account is yours/);
    expect(aggregateOf(await ask("Which of my videos did best, @stay1?")).plan.intent).not.toBe("decline");
    // "TikTok videos" are all videos.
    expect(aggregateOf(await ask("Which TikTok videos got the most views?")).plan.topics).toEqual([]);
  });

  it('"how many hashtags should I use", "how long should my caption be": bands by median views (SQL)', async () => {
    const bandOf = (x: number, bounds: number[]) => {
      const i = bounds.findIndex((b) => x < b);
      return i === -1 ? bounds.length : i;
    };
    const rows = db
      .prepare(`SELECT caption, hashtags, plays FROM ${IN_IDS}`)
      .all(idList(await searchIds("resort"))) as {
      caption: string;
      hashtags: string;
      plays: number;
    }[];
    const expectBands = (answer: Answer, keyOf: (r: (typeof rows)[number]) => number, labels: string[]) => {
      const groups = new Map<number, number[]>();
      for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r.plays]);
      const expected = [...groups]
        .map(([k, plays]) => ({ name: labels[k] as string, value: median(plays), size: plays.length }))
        .sort((a, b) => b.value - a.value || b.size - a.size);
      expect(answer.findings.map((f) => f.statement)).toEqual(
        expected.map(
          (g) =>
            `${g.name}: ${g.value.toLocaleString("en-US")} median views per video over ${g.size} video${g.size === 1 ? "" : "s"}.`,
        ),
      );
    };
    const tags = await ask("How many hashtags should I use on a resort video?");
    expect(aggregateOf(tags).plan).toMatchObject({
      intent: "breakdown",
      group_by: "hashtag_count",
      metric: "plays",
      ignored: [],
    });
    expectBands(
      tags,
      (r) => bandOf(r.hashtags.split(" ").filter(Boolean).length, [1, 3, 6, 11]),
      ["no hashtags", "1-2 hashtags", "3-5 hashtags", "6-10 hashtags", "11 or more hashtags"].map(
        (l) => `videos with ${l}`,
      ),
    );
    const caption = await ask("How long should the caption of a resort video be?");
    expect(aggregateOf(caption).plan).toMatchObject({
      intent: "breakdown",
      group_by: "caption_length",
      ignored: [],
    });
    expectBands(caption, (r) => bandOf([...r.caption].length, [50, 100, 150, 300]), [
      "captions under 50 characters",
      "captions of 50-100 characters",
      "captions of 100-150 characters",
      "captions of 150-300 characters",
      "captions of 300 characters or more",
    ]);
    // "The average number of hashtags": the median per video.
    const perVideo = await ask("How many hashtags do resort videos use on average?");
    expect(aggregateOf(perVideo).plan).toMatchObject({
      intent: "measure",
      metric: "hashtag_count",
      ignored: [],
    });
    expect(aggregateOf(perVideo).result.median).toBe(
      median(rows.map((r) => r.hashtags.split(" ").filter(Boolean).length)),
    );
    // "How many hashtags are used": the distinct tags of the set, not its videos.
    const distinct = new Set(rows.flatMap((r) => r.hashtags.split(" ").filter(Boolean)));
    const counted = await ask("How many hashtags are used in resort videos?");
    expect(aggregateOf(counted).result.count).toBe(distinct.size);
    expect(counted.summary).toBe(
      `There are ${distinct.size} hashtags used by the videos about "resort" (${rows.length} videos).`,
    );
  });

  it("hashtags by engagement rate: only those on 5+ videos, when some are", async () => {
    const answer = await ask("Which hashtags get the most engagement?");
    const { result } = aggregateOf(answer);
    const used = new Map<string, number>();
    for (const h of db.prepare("SELECT hashtags FROM videos").pluck().all() as string[])
      for (const t of h.split(" ").filter(Boolean)) used.set(t, (used.get(t) ?? 0) + 1);
    expect((result.ranking as string[]).length).toBeGreaterThan(0);
    for (const tag of result.ranking as string[]) expect(used.get(tag)).toBeGreaterThanOrEqual(5);
    const fewer = [...used.values()].filter((n) => n < 5).length;
    expect(answer.caveats.join(" ")).toContain(
      `; ${fewer} on fewer are left out (their rate is that of a video or two).`,
    );
  });

  it('"how often does @x post", "which creators post most often": publish times of their videos (SQL)', async () => {
    const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const timesOf = (uid: string, where = "1") =>
      db
        .prepare(`SELECT created_at FROM videos WHERE author_uid = ? AND ${where} ORDER BY created_at`)
        .pluck()
        .all(uid) as number[];
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay4'").pluck().get() as string;
    const t = timesOf(uid);
    const gaps = t.slice(1).map((x, i) => (x - (t[i] as number)) / DAY);
    const perWeek = ((t.length - 1) / (((t.at(-1) as number) - (t[0] as number)) / DAY)) * 7;
    const one = await ask("How often does @stay4 post?");
    expect(aggregateOf(one).plan).toMatchObject({ intent: "cadence", creators: [uid] });
    expect(aggregateOf(one).result.cadence).toEqual([
      {
        id: uid,
        videos: t.length,
        first: iso(t[0] as number),
        last: iso(t.at(-1) as number),
        per_week: Math.round(perWeek * 100) / 100,
        median_gap_days: Math.round(median(gaps) * 100) / 100,
      },
    ]);
    expect(one.summary).toMatch(
      new RegExp(
        `^@stay4 has ${t.length} videos published from ${iso(t[0] as number)} to ${iso(t.at(-1) as number)}: about `,
      ),
    );
    expect(one.caveats.join(" ")).toContain("a scrape holds what its searches found");
    // The creators with the most videos (then by uid), each with its own frequency.
    const most = await ask("Which creators post most often?");
    const { plan, result } = aggregateOf(most);
    expect(plan).toMatchObject({ intent: "cadence", subject: "creators", metric: "videos" });
    const expected = db
      .prepare("SELECT author_uid FROM videos GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5")
      .pluck()
      .all() as string[];
    expect(result.ranking).toEqual(expected);
    expect((result.cadence as { videos: number }[]).map((c) => c.videos)).toEqual(
      expected.map((u) => timesOf(u).length),
    );
    // "How often do … use a hook" is still a share.
    expect(aggregateOf(await ask("How often do resort videos use a hook?")).plan.intent).toBe("share");
    // Over a topic: the hotel videos of the creators with the most views on them.
    const topic = aggregateOf(await ask("How often do the top hotel creators post?"));
    const hotel = await searchIds("hotel");
    const byViews = db
      .prepare(
        `SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY sum(plays) DESC, count(*) DESC, author_uid LIMIT 5`,
      )
      .pluck()
      .all(idList(hotel)) as string[];
    expect(topic.plan).toMatchObject({ intent: "cadence", topics: ["hotel"], metric: "plays" });
    expect(topic.result.ranking).toEqual(byViews);
  });

  it('"viral resort videos": the most played tenth of the resort videos, labels then select among them (SQL)', async () => {
    const resort = db
      .prepare(
        `SELECT plays, label_ad AS ad, media_type AS media, duration_s AS d FROM ${IN_IDS} ORDER BY plays DESC`,
      )
      .all(idList(await searchIds("resort"))) as {
      plays: number;
      ad: number;
      media: string;
      d: number | null;
    }[];
    const floor = (resort[Math.ceil(resort.length / 10) - 1] as { plays: number }).plays;
    const viral = resort.filter((v) => v.plays > 0 && v.plays >= floor);
    expect(viral.length).toBeGreaterThan(0);
    expect(viral.length).toBeLessThan(resort.length);
    const length = await ask("What's the average video length of viral resort videos?");
    expect(aggregateOf(length).plan).toMatchObject({ intent: "measure", viral: true, ignored: [] });
    const lengths = viral.filter((v) => v.media === "video" && v.d !== null).map((v) => v.d as number);
    expect(aggregateOf(length).result.median).toBe(median(lengths));
    expect(length.caveats).toContain(
      `Viral: the most played 10 % of the ${resort.length} videos about "resort", those with ${floor.toLocaleString("en-US")} plays or more (ties at the floor included).`,
    );
    const ads = await ask("How many viral resort videos are ads?");
    expect(aggregateOf(ads).result.count).toBe(viral.filter((v) => v.ad === 1).length);
    expect(ads.summary).toMatch(/viral ads? about "resort"/);
    // "The most viral" and "go viral" keep their readings.
    expect(
      (aggregateOf(await ask("Which creator has the most viral videos?")).plan as { viral?: boolean }).viral,
    ).toBeUndefined();
    expect(aggregateOf(await ask("What makes resort videos go viral?")).plan.intent).toBe("drivers");
  });

  it('"the least viewed", "the 3 worst performing", "fewest likes": rankings from the bottom (SQL)', async () => {
    const resort = await searchIds("resort");
    const bottom = (order: string, n: number, where = "1") =>
      db
        .prepare(`SELECT id FROM ${IN_IDS} AND ${where} ORDER BY ${order} LIMIT ${n}`)
        .pluck()
        .all(idList(resort));
    const least = await ask("What are the least viewed resort videos?");
    expect(aggregateOf(least).plan).toMatchObject({
      intent: "rank",
      metric: "plays",
      lowest: true,
      ignored: [],
    });
    expect(aggregateOf(least).result.ranking).toEqual(bottom("plays, id", 5));
    expect(least.summary).toMatch(/^Lowest videos about "resort" by views: /);
    const worst = aggregateOf(await ask("Show me the 3 worst performing resort ads"));
    expect(worst.result.ranking).toEqual(bottom("plays, id", 3, "label_ad = 1"));
    const likes = aggregateOf(await ask("Which resort videos have the fewest likes?"));
    expect(likes.plan).toMatchObject({ metric: "likes", lowest: true });
    expect(likes.result.ranking).toEqual(bottom("likes, id", 5));
    // Hashtags from the bottom: the smallest totals first.
    const tags = aggregateOf(await ask("Which hashtags get the fewest views?"));
    const totals = new Map<string, number>();
    for (const r of db.prepare("SELECT hashtags, plays FROM videos").all() as {
      hashtags: string;
      plays: number;
    }[])
      for (const t of r.hashtags.split(" ").filter(Boolean)) totals.set(t, (totals.get(t) ?? 0) + r.plays);
    const lowestTotal = Math.min(...totals.values());
    expect(totals.get((tags.result.ranking as string[])[0] as string)).toBe(lowestTotal);
    // Creators over their videos from the bottom; the creator views list only the largest, so that is declined.
    const creators = aggregateOf(await ask("Which creators get the fewest views on resort videos?"));
    const bottomCreators = db
      .prepare(
        `SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY sum(plays), count(*), author_uid LIMIT 5`,
      )
      .pluck()
      .all(idList(resort));
    expect(creators.result.ranking).toEqual(bottomCreators);
    const followers = await ask("Which creators have the fewest followers?");
    expect(aggregateOf(followers).plan.intent).toBe("rank");
    expect(followers.summary).toMatch(/^I cannot answer this question: the creators views list the largest/);
    // "At least" stays a bound.
    expect(aggregateOf(await ask("Which resort videos have at least 40k views?")).plan).toMatchObject({
      filters: ["plays>=40000"],
    });
  });

  it("a set named with no question is listed, the most viewed first; a ratio of two counts other than plays is declined", async () => {
    const listed = aggregateOf(await ask("resort ads with at least 1,000 views"));
    expect(listed.plan).toMatchObject({
      intent: "rank",
      topics: ["resort"],
      filters: ["ad=yes", "plays>=1000"],
    });
    expect(listed.result.ranking).toEqual(
      ids(
        await callTool(registry, "service_search_videos", {
          q: "resort",
          ad: "yes",
          sort: "views",
          limit: 50,
        }),
      )
        .filter(
          (id) => (db.prepare("SELECT plays FROM videos WHERE id = ?").pluck().get(id) as number) >= 1000,
        )
        .slice(0, 5),
    );
    // One count over plays is a rate it gives, and so is one count over another (stop 50).
    const ratio = await ask("What's the like to view ratio for resort ads?");
    expect(aggregateOf(ratio).plan).toMatchObject({
      intent: "measure",
      metric: "like_rate",
      filters: ["ad=yes"],
    });
    const other = await ask("What's the comment to like ratio for resort ads?");
    expect(aggregateOf(other).plan).toMatchObject({
      intent: "measure",
      metric: "comments_per_like",
      filters: ["ad=yes"],
    });
  });

  it('"videos using the song Lofi chill", "an original sound": sounds by title; with and without (SQL)', async () => {
    const LOFI = "7100000000000000002";
    const ORIGINAL = "7100000000000000001"; // "nhạc nền - Stay": Vietnamese for an original sound
    const song = await ask("Which videos use the song Lofi chill?");
    expect(aggregateOf(song).plan).toMatchObject({
      intent: "rank",
      filters: [`sound=${LOFI}`],
      topics: [],
      ignored: [],
    });
    expect(aggregateOf(song).result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE music_id = ? ORDER BY plays DESC, id DESC LIMIT 5")
        .pluck()
        .all(LOFI),
    );
    expect(song.summary).toMatch(/^Top videos using "Lofi chill" by views: /);
    const share = await ask("What percentage of videos use an original sound?");
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const original = db
      .prepare("SELECT count(*) FROM videos WHERE music_id = ?")
      .pluck()
      .get(ORIGINAL) as number;
    expect(aggregateOf(share).result).toMatchObject({ part: original, whole: all });
    expect(share.caveats.join(" ")).toContain(
      'An original sound: a creator\'s own audio, titled "original sound", "sonido original"',
    );
    await expectOriginalSoundSides(
      await ask("Do resort videos with an original sound get more views than others?"),
      await searchIds("resort"),
    );
  });

  it('a sound\'s title quoted alone names it (""Lofi chill" - how many videos use it?"); two quoted are two groups (SQL)', async () => {
    const [LOFI, ORIGINAL] = ["7100000000000000002", "7100000000000000001"];
    const using = (id: string) =>
      db.prepare("SELECT plays FROM videos WHERE music_id = ?").pluck().all(id) as number[];
    const counted = aggregateOf(await ask('"Lofi chill" - how many videos use it?'));
    expect(counted.plan).toMatchObject({ intent: "count", filters: [`sound=${LOFI}`], topics: [] });
    expect(counted.result.count).toBe(using(LOFI).length);
    expect(using(LOFI).length).toBeGreaterThan(0);
    // Two titles compared: each sound's videos, not the first against the rest.
    const both = aggregateOf(await ask('"Lofi chill" vs "nhạc nền - Stay": which gets more views?'));
    expect(both.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", topics: [] });
    const expected = [
      { key: 'videos using "Lofi chill"', value: median(using(LOFI)) },
      { key: 'videos using "nhạc nền - Stay"', value: median(using(ORIGINAL)) },
    ].sort((a, b) => b.value - a.value);
    expect(both.result.ranking).toEqual(expected.map((g) => g.key));
    expect(both.result.values).toEqual(expected.map((g) => g.value));
    // "How did … perform?" gives an overview of the sound's videos.
    expect(aggregateOf(await ask('how did "Lofi chill" perform?')).plan).toMatchObject({
      intent: "overview",
      filters: [`sound=${LOFI}`],
    });
    // Words said or written stay text.
    expect(aggregateOf(await ask('captions with "lofi chill"')).plan).toMatchObject({
      filters: [],
      topics: ['"lofi chill"'],
    });
  });

  it("several sounds named are each a group (a video uses one); 'non-original sounds' leaves the original out (SQL)", async () => {
    const [LOFI, ORIGINAL] = ["7100000000000000002", "7100000000000000001"];
    const plays = (id: string) =>
      db.prepare("SELECT plays FROM videos WHERE music_id = ?").pluck().all(id) as number[];
    const counts = aggregateOf(
      await ask('How many videos used "Lofi chill" and how many used "nhạc nền - Stay"?'),
    );
    expect(counts.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", ignored: [] });
    expect(groupValue(counts.result, 'videos using "Lofi chill"')).toBe(plays(LOFI).length);
    expect(groupValue(counts.result, 'videos using "nhạc nền - Stay"')).toBe(plays(ORIGINAL).length);
    const each = aggregateOf(
      await ask('For "Lofi chill" and "nhạc nền - Stay", give the median plays for each sound.'),
    );
    expect(each.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", metric: "plays" });
    expect(groupValue(each.result, 'videos using "Lofi chill"')).toBe(median(plays(LOFI)));
    expect(groupValue(each.result, 'videos using "nhạc nền - Stay"')).toBe(median(plays(ORIGINAL)));
    // "Non-original sounds": the sounds ranked, the original one left out.
    const others = aggregateOf(await ask("Top 5 non-original sounds by number of videos"));
    expect(others.plan).toMatchObject({ intent: "rank", subject: "sounds", ignored: [] });
    expect((others.result.ranking as string[]).length).toBeGreaterThan(0);
    expect((others.result.ranking as string[]).join(" ")).not.toContain("nhạc nền");
    expect(others.result.ranking).toEqual([LOFI]);
  });

  it("artists named: 'songs by DJ', 'songs by DJ vs Stay', '\"Lofi chill\" by DJ'; one credited no sound of the title is said (SQL)", async () => {
    const [LOFI, ORIGINAL] = ["7100000000000000002", "7100000000000000001"];
    const plays = (id: string) =>
      db.prepare("SELECT plays FROM videos WHERE music_id = ?").pluck().all(id) as number[];
    const counted = aggregateOf(await ask("How many videos use songs by DJ?"));
    expect(counted.plan).toMatchObject({
      intent: "count",
      subject: "videos",
      filters: [`sound=${LOFI}`],
      topics: [],
      ignored: [],
    });
    expect(counted.plan.understood).toContain(
      'the sounds credited to DJ (from "DJ": sound 7100000000000000002)',
    );
    expect(counted.result.count).toBe(plays(LOFI).length);
    const sides = aggregateOf(await ask("Songs by DJ vs Stay: which get more views?"));
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", ignored: [] });
    expect(groupValue(sides.result, "videos using a sound by DJ")).toBe(median(plays(LOFI)));
    expect(groupValue(sides.result, "videos using a sound by Stay")).toBe(median(plays(ORIGINAL)));
    const titled = await ask('"Lofi chill" by DJ: how many videos?');
    expect(aggregateOf(titled).plan).toMatchObject({ filters: [`sound=${LOFI}`], topics: [], ignored: [] });
    expect(titled.summary).toContain('using "Lofi chill" by DJ');
    // An artist credited with no sound of that title: the title's sounds, and the artist said to be unused.
    const other = aggregateOf(await ask('"Lofi chill" (Stay): how many videos?'));
    expect(other.plan.filters).toEqual([`sound=${LOFI}`]);
    expect(other.plan.ignored).toEqual(['Stay (no sound titled "Lofi chill" is credited to Stay)']);
  });

  it("'traveloka vs pool', 'compare videos about X and videos about Y': names no hashtag carries, set against each other (search, SQL)", async () => {
    const playsOf = async (q: string) =>
      db
        .prepare(`SELECT plays FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds(q))) as number[];
    const [traveloka, pool] = [await playsOf("traveloka"), await playsOf("pool")];
    expect(traveloka.length * pool.length).toBeGreaterThan(0);
    for (const question of [
      "traveloka vs pool: which gets more views?",
      "Please compare videos about traveloka and videos about pool, which one is more popular?",
      // ("Brands" names what the names are, not advertisers to rank: none is linked.)
      "Brands: traveloka vs pool — which brand gets more views?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "topic", ignored: [] });
      expect(groupValue(result, "traveloka"), question).toBe(median(traveloka));
      expect(groupValue(result, "pool"), question).toBe(median(pool));
    }
    // Three names listed, each asked for: "side by side", "for each".
    const villa = await playsOf("villa");
    for (const question of [
      "traveloka, pool and villa: median views side by side",
      "traveloka, pool and villa: the median views of each one next to each other",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "topic" });
      expect(groupValue(result, "villa"), question).toBe(median(villa));
      expect(groupValue(result, "pool"), question).toBe(median(pool));
    }
    // Not a word naming where the text is ("captions with … vs captions with …"), nor a verb after "to".
    const captions = aggregateOf(
      await ask('captions with "pool" vs captions with "villa": which gets more views?'),
    );
    expect(captions.plan.topics).not.toContain("captions");
    // "1 millions views" is a bound on views, not on seconds.
    const millions = aggregateOf(await ask("how many videos with more than 0.02 millions views?"));
    expect(millions.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE plays > 20000").pluck().get() as number,
    );
  });

  it('"no music" is an original sound; "with music or without?" sets the two side by side (SQL)', async () => {
    const ORIGINAL = "7100000000000000001";
    const resort = await searchIds("resort");
    const none = await ask("Which resort videos have no music?");
    expect(aggregateOf(none).plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      filters: [`sound=${ORIGINAL}`],
      topics: ["resort"],
      ignored: [],
    });
    expect(aggregateOf(none).result.ranking).toEqual(
      db
        .prepare(`SELECT id FROM ${IN_IDS} AND music_id = @m ORDER BY plays DESC, id DESC LIMIT 5`)
        .pluck()
        .all({ ...idList(resort), m: ORIGINAL }),
    );
    expect(aggregateOf(none).plan.understood.join(" ")).toContain("no music read as an original sound");
    const count = await ask("How many resort videos have no background music?");
    expect(aggregateOf(count).result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND music_id = @m`)
        .pluck()
        .get({ ...idList(resort), m: ORIGINAL }),
    );
    await expectOriginalSoundSides(
      await ask("Which is better for resorts, videos with music or without?"),
      resort,
    );
    // "Without music" alone selects; it is no comparison.
    expect(aggregateOf(await ask("resort videos without music")).plan.intent).toBe("rank");
  });

  it('"mention prices" is a price stated, "mention giá" text to find, neither a measure declined; "how many … X or Y" counts either (search)', async () => {
    const price = await ask("Which videos mention prices?");
    expect(aggregateOf(price).plan).toMatchObject({ intent: "rank", topics: [], filters: ["price=yes"] });
    // A price asked for is still declined.
    expect(aggregateOf(await ask("What is the price of a hotel room?")).plan.intent).toBe("decline");
    const [pool, gia] = [await searchIds("pool"), await searchIds("gia")];
    expect(pool.length * gia.length).toBeGreaterThan(0);
    const both = pool.filter((id) => gia.includes(id)).length;
    const either = await ask("How many videos mention pool or giá?");
    expect(aggregateOf(either).plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ["pool", "gia"],
    });
    expect(either.summary).toMatch(
      new RegExp(
        `^There are ${pool.length + gia.length - both} videos about "pool" or "gia"${both > 0 ? ` \\(${both} about both\\)` : ""}\\. `,
      ),
    );
  });

  it('"what do people say in the first seconds of the top resort videos": their opening lines, no text "seconds"', async () => {
    for (const question of [
      "What do people say in the first seconds of the top resort videos?",
      "What do creators say in the first 3 seconds of resort videos?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        topics: ["resort"],
        count: 5,
      });
      expect((plan as { quotes?: boolean }).quotes, question).toBe(true);
      expect(result.ranking, question).toEqual(
        db
          .prepare(`SELECT id FROM ${IN_IDS} ORDER BY plays DESC, id DESC LIMIT 5`)
          .pluck()
          .all(idList(await searchIds("resort"))),
      );
    }
  });

  it('"creators who posted about both Da Lat and review": a video about each, not one about both (search, SQL)', async () => {
    const authors = async (q: string) =>
      new Set(
        db
          .prepare(`SELECT DISTINCT author_uid FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(q))) as string[],
      );
    const [dalat, review] = [await authors("dalat"), await authors("review")];
    const both = [...dalat].filter((uid) => review.has(uid)).sort();
    expect(both.length).toBeGreaterThan(0);
    const counted = await ask("How many creators have posted about both Da Lat and review?");
    expect(aggregateOf(counted).plan).toMatchObject({ intent: "count", subject: "creators", topics: [] });
    expect((aggregateOf(counted).plan as { each_topic?: string[] }).each_topic).toEqual(["dalat", "review"]);
    expect(aggregateOf(counted).result).toMatchObject({ count: both.length, creators: both });
    const ranked = await ask("Which creators have posted about both Da Lat and review?");
    const perCreator = db
      .prepare(
        "SELECT author_uid, count(*) AS n FROM videos WHERE author_uid IN (SELECT value FROM json_each(?)) GROUP BY author_uid ORDER BY n DESC, author_uid",
      )
      .all(JSON.stringify(both)) as { author_uid: string; n: number }[];
    expect(aggregateOf(ranked).result.ranking).toEqual(perCreator.slice(0, 5).map((c) => c.author_uid));
    expect(ranked.caveats.join(" ")).toContain("not necessarily one video about both");
    // Videos about both stay videos about both.
    expect(aggregateOf(await ask("videos about both dalat and review")).plan.topics).toEqual([
      "dalat",
      "review",
    ]);
  });

  it('"which advertisers (creators) posted in both <month> and <month>?": a video in each period (SQL)', async () => {
    const label = monthLabel;
    const inBoth = (column: string, x: string, y: string) =>
      db
        .prepare(
          `SELECT ${column} FROM videos WHERE ${column} IS NOT NULL AND strftime('%Y-%m', created_at, 'unixepoch') = ?
           INTERSECT SELECT ${column} FROM videos WHERE ${column} IS NOT NULL AND strftime('%Y-%m', created_at, 'unixepoch') = ? ORDER BY 1`,
        )
        .pluck()
        .all(x, y) as string[];
    const months = db
      .prepare("SELECT DISTINCT strftime('%Y-%m', created_at, 'unixepoch') FROM videos ORDER BY 1")
      .pluck()
      .all() as string[];
    // Two months some advertiser posted in.
    const pair = months
      .flatMap((x, i) => months.slice(i + 1).map((y) => [x, y] as const))
      .find(([x, y]) => inBoth("advertiser_id", x, y).length > 0);
    expect(pair).toBeDefined();
    const [x, y] = pair as readonly [string, string];
    const creators = await ask(`How many creators posted in both ${label(x)} and ${label(y)}?`);
    expect(aggregateOf(creators).plan).toMatchObject({
      intent: "count",
      subject: "creators",
      window_days: null,
    });
    expect((aggregateOf(creators).plan as { each_period?: string[] }).each_period).toEqual([
      label(x),
      label(y),
    ]);
    const authors = inBoth("author_uid", x, y);
    expect(aggregateOf(creators).result).toMatchObject({ count: authors.length, creators: authors });
    const advertisers = inBoth("advertiser_id", x, y);
    const counted = await ask(`How many advertisers posted in both ${label(x)} and ${label(y)}?`);
    expect(aggregateOf(counted).result).toMatchObject({ count: advertisers.length, advertisers });
    // "… in X but not in Y": those of X with none in Y (the way round that leaves some).
    const onlyIn = (a: string, b: string) =>
      db
        .prepare(
          `SELECT author_uid FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ?
           EXCEPT SELECT author_uid FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ? ORDER BY 1`,
        )
        .pluck()
        .all(a, b) as string[];
    const [kept, dropped] = onlyIn(x, y).length > 0 ? [x, y] : [y, x];
    const onlyFirst = onlyIn(kept, dropped);
    expect(onlyFirst.length).toBeGreaterThan(0);
    // Two languages: the creators with a video in each (SQL INTERSECT).
    const bilingual = db
      .prepare(
        "SELECT author_uid FROM videos WHERE language = 'en' INTERSECT SELECT author_uid FROM videos WHERE language = 'vi' ORDER BY 1",
      )
      .pluck()
      .all() as string[];
    expect(bilingual.length).toBeGreaterThan(0);
    const languages = aggregateOf(await ask("How many creators post in both English and Vietnamese?"));
    expect(languages.plan).toMatchObject({
      intent: "count",
      filters: [],
      ignored: [],
      each_code: { kind: "language", codes: ["en", "vi"] },
    });
    expect(languages.result).toMatchObject({ count: bilingual.length, creators: bilingual });
    const butNot = await ask(`How many creators posted in ${label(kept)} but not in ${label(dropped)}?`);
    expect((aggregateOf(butNot).plan as { each_period_except?: boolean }).each_period_except).toBe(true);
    expect(aggregateOf(butNot).result).toMatchObject({ count: onlyFirst.length, creators: onlyFirst });
    const ranked = await ask(`Which advertisers posted in both ${label(x)} and ${label(y)}?`);
    const perAdvertiser = db
      .prepare(
        "SELECT advertiser_id FROM videos WHERE advertiser_id IN (SELECT value FROM json_each(?)) GROUP BY advertiser_id ORDER BY count(*) DESC, advertiser_id LIMIT 5",
      )
      .pluck()
      .all(JSON.stringify(advertisers));
    expect(aggregateOf(ranked).result.ranking).toEqual(perAdvertiser);
    // One account's hashtags in two periods: its own videos of each, side by side (SQL).
    const [busy] = db
      .prepare(
        `SELECT c.handle, c.uid FROM creators c JOIN videos v ON v.author_uid = c.uid
         WHERE strftime('%Y-%m', v.created_at, 'unixepoch') IN (?, ?)
         GROUP BY c.uid HAVING count(DISTINCT strftime('%Y-%m', v.created_at, 'unixepoch')) = 2
         ORDER BY count(*) DESC, c.uid LIMIT 1`,
      )
      .all(x, y) as { handle: string; uid: string }[];
    if (!busy) throw new Error("no creator posted in both months");
    const own = aggregateOf(
      await ask(`Which hashtags does @${busy.handle} use most in ${label(x)} vs ${label(y)}?`),
    );
    expect(own.plan).toMatchObject({ intent: "compare", uses_by: "period", creators: [busy.uid] });
    const inMonth = (m: string) =>
      db
        .prepare(
          "SELECT count(*) FROM videos WHERE author_uid = ? AND strftime('%Y-%m', created_at, 'unixepoch') = ?",
        )
        .pluck()
        .get(busy.uid, m);
    expect((own.result.sides as { name: string; videos: number }[]).map((side) => side.videos)).toEqual([
      inMonth(x),
      inMonth(y),
    ]);
    // "In every month of <span>": each calendar month of it required of a creator (SQL: all its months).
    const [from, to] = [months.at(-3) as string, months.at(-1) as string];
    const steady = db
      .prepare(
        `SELECT author_uid FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') BETWEEN ? AND ?
         GROUP BY author_uid HAVING count(DISTINCT strftime('%Y-%m', created_at, 'unixepoch')) = ? ORDER BY 1`,
      )
      .pluck()
      .all(from, to, new Set(months.filter((m) => m >= from && m <= to)).size) as string[];
    expect(steady.length).toBeGreaterThan(0);
    const every = aggregateOf(
      await ask(`How many creators posted in every month from ${label(from)} to ${label(to)}?`),
    );
    expect(every.plan).toMatchObject({
      intent: "count",
      subject: "creators",
      window_days: null,
      ignored: [],
    });
    expect((every.plan as { each_period?: string[] }).each_period).toEqual(
      months.filter((m) => m >= from && m <= to).map(label),
    );
    expect(every.result).toMatchObject({ count: steady.length, creators: steady });
    expect(
      aggregateOf(await ask(`list the creators active in each month from ${label(from)} to ${label(to)}`))
        .plan,
    ).toMatchObject({ intent: "rank", each_period: months.filter((m) => m >= from && m <= to).map(label) });
    // "How many creators posted each month?" stays a count per month.
    expect(
      aggregateOf(await ask(`How many creators posted each month from ${label(from)} to ${label(to)}?`)).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "month" });
  });

  it('"which hashtags grew the most from <month> to <month>?": videos per hashtag in each, by the change (SQL)', async () => {
    const label = monthLabel;
    const months = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m FROM videos GROUP BY m ORDER BY m DESC LIMIT 2",
      )
      .pluck()
      .all() as string[];
    const [late, early] = months as [string, string];
    const tags = (m: string) => {
      const counts = new Map<string, number>();
      for (const h of db
        .prepare("SELECT hashtags FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ?")
        .pluck()
        .all(m) as string[])
        for (const t of new Set((h ?? "").split(" ").filter((x) => x !== "")))
          counts.set(t, (counts.get(t) ?? 0) + 1);
      return counts;
    };
    const [b, a] = [tags(early), tags(late)];
    const rows = [...new Set([...b.keys(), ...a.keys()])].map((k) => ({
      k,
      before: b.get(k) ?? 0,
      after: a.get(k) ?? 0,
    }));
    const rises = [...rows]
      .sort(
        (x, y) => y.after - y.before - (x.after - x.before) || y.after - x.after || x.k.localeCompare(y.k),
      )
      .slice(0, 5);
    const grew = await ask(`Which hashtags grew the most from ${label(early)} to ${label(late)}?`);
    expect(aggregateOf(grew).plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
      window_days: null,
      ignored: [],
    });
    expect((aggregateOf(grew).plan as { change_between?: string[] }).change_between).toEqual([
      label(early),
      label(late),
    ]);
    expect(aggregateOf(grew).result).toMatchObject({
      ranking: rises.map((r) => r.k),
      values: rises.map((r) => r.after - r.before),
      before: rises.map((r) => r.before),
      after: rises.map((r) => r.after),
    });
    const falls = [...rows]
      .sort(
        (x, y) => x.after - x.before - (y.after - y.before) || y.before - x.before || x.k.localeCompare(y.k),
      )
      .slice(0, 5);
    const fell = await ask(`Which hashtags declined the most between ${label(early)} and ${label(late)}?`);
    expect(aggregateOf(fell).result.ranking).toEqual(falls.map((r) => r.k));
    expect(fell.summary).toMatch(/ fell the most from /);
  });

  it('"how many new creators appeared in <month>?": a first video in the corpus then, not an import date (SQL)', async () => {
    const month = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m FROM videos GROUP BY m ORDER BY m DESC LIMIT 1 OFFSET 1",
      )
      .pluck()
      .get() as string;
    const label = monthLabel(month);
    const fresh = db
      .prepare(
        `SELECT author_uid FROM videos GROUP BY author_uid
         HAVING strftime('%Y-%m', min(created_at), 'unixepoch') = ? ORDER BY author_uid`,
      )
      .pluck()
      .all(month) as string[];
    expect(fresh.length).toBeGreaterThan(0);
    const counted = await ask(`How many new creators appeared in ${label}?`);
    expect((aggregateOf(counted).plan as { first_in_window?: boolean }).first_in_window).toBe(true);
    expect(aggregateOf(counted).result).toMatchObject({ count: fresh.length, creators: fresh });
    const ranked = await ask(`Which new creators appeared in ${label}?`);
    const expected = db
      .prepare(
        `SELECT author_uid FROM videos WHERE strftime('%Y-%m', created_at, 'unixepoch') = ?
           AND author_uid IN (SELECT value FROM json_each(?))
         GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5`,
      )
      .pluck()
      .all(month, JSON.stringify(fresh));
    expect(aggregateOf(ranked).result.ranking).toEqual(expected);
  });

  it('"what share of views do the top 3 creators get?", "how concentrated are views?" (SQL)', async () => {
    const sums = db
      .prepare(
        "SELECT author_uid AS k, sum(plays) AS p FROM videos GROUP BY author_uid ORDER BY p DESC, author_uid",
      )
      .all() as { k: string; p: number }[];
    const total = sums.reduce((x, r) => x + r.p, 0);
    const pctOf = (part: number) => Math.round((part / total) * 10000) / 100;
    const held = (n: number) => sums.slice(0, n).reduce((x, r) => x + r.p, 0);
    const three = await ask("What share of views do the top 3 creators get?");
    expect(aggregateOf(three).plan).toMatchObject({ intent: "measure", metric: "plays" });
    expect((aggregateOf(three).plan as { concentration?: unknown }).concentration).toEqual({
      of: "creator",
      top: 3,
      percent: false,
    });
    expect(aggregateOf(three).result).toMatchObject({
      top: 3,
      members: sums.length,
      part: held(3),
      whole: total,
      share_pct: pctOf(held(3)),
      ranking: sums.slice(0, 3).map((r) => r.k),
    });
    const profile = await ask("How concentrated are views among creators?");
    // How many of the largest it takes to reach half of all views.
    const half = sums.findIndex((_, i) => held(i + 1) * 2 >= total) + 1;
    expect(aggregateOf(profile).result).toMatchObject({
      members: sums.length,
      top1_pct: pctOf(held(1)),
      top10_pct: pctOf(held(10)),
      top1_percent_pct: pctOf(held(Math.ceil(sums.length / 100))),
      half_held_by: half,
    });
    const videos = db.prepare("SELECT plays FROM videos ORDER BY plays DESC").pluck().all() as number[];
    const tenth = Math.ceil(videos.length / 10);
    const top10pct = await ask("What percentage of views come from the top 10% of videos?");
    expect(aggregateOf(top10pct).result).toMatchObject({
      top: tenth,
      part: videos.slice(0, tenth).reduce((x, p) => x + p, 0),
    });
    // "Who are the top 10 creators?" stays a ranking.
    expect(aggregateOf(await ask("Who are the top 10 creators?")).plan.intent).toBe("rank");
    // "How few creators account for half of all plays?": the same profile; "the 3 most-viewed videos" are the top 3.
    expect(aggregateOf(await ask("How few creators account for half of all plays?")).result).toMatchObject({
      members: sums.length,
      half_held_by: half,
    });
    expect(
      aggregateOf(await ask("What fraction of all views falls on the 3 most-viewed videos?")).result,
    ).toMatchObject({ top: 3, part: videos.slice(0, 3).reduce((x, p) => x + p, 0) });
    // Statistics not computed: declined alone, said to be unused beside a breakdown (of followers: their tiers).
    const correlation = await ask("What's the Pearson correlation between likes and comments?");
    expect(aggregateOf(correlation).plan.intent).toBe("decline");
    expect(correlation.summary).toContain("not correlations, regressions, significance tests");
    const tiers = aggregateOf(await ask("Is there a real correlation between follower count and views?"));
    expect(tiers.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(tiers.plan.ignored).toContain(
      "correlation (not computed: the groups show how the measure moves across them)",
    );
    const beside = aggregateOf(
      await ask("Does save rate go up with video length? Give me the correlation and a breakdown."),
    );
    expect(beside.plan).toMatchObject({ intent: "breakdown", group_by: "length" });
    expect(beside.plan.ignored).toEqual([
      "correlation (not computed: the groups show how the measure moves across them)",
    ]);
    // One account's share: of all views, of all videos.
    const [lead] = sums as [{ k: string; p: number }];
    const handle = db.prepare("SELECT handle FROM creators WHERE uid = ?").pluck().get(lead.k) as string;
    const one = aggregateOf(await ask(`What share of all plays comes from @${handle}?`));
    expect(one.plan).toMatchObject({ intent: "share", creators: [] });
    expect(one.plan.understood).toContain(`the share of the videos by @${handle}`);
    expect(one.result).toMatchObject({ part: lead.p, whole: total, share_pct: pctOf(lead.p) });
    const count = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos ${where}`).pluck().get() as number;
    const byThemAnswer = await ask(`What share of the videos are by @${handle}?`);
    expect(byThemAnswer.summary).toMatch(
      new RegExp(`^\\d+ of [\\d,]+ videos (are|is) by @${handle.replace(/\./g, "\\.")}: `),
    );
    const byThem = aggregateOf(byThemAnswer);
    expect(byThem.result).toMatchObject({ part: count(`WHERE author_uid = '${lead.k}'`), whole: count("") });
  });

  it('"compare the hashtags of @a and @b": each one\'s most used, side by side, and those in common (SQL)', async () => {
    const uid = (handle: string) =>
      db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(handle) as string;
    const tagsOf = (handle: string) => {
      const counts = new Map<string, number>();
      for (const tags of db
        .prepare("SELECT hashtags FROM videos WHERE author_uid = ?")
        .pluck()
        .all(uid(handle)) as string[])
        for (const t of new Set((tags ?? "").split(" ").filter((x) => x !== "")))
          counts.set(t, (counts.get(t) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    };
    const [a, b] = [tagsOf("stay2"), tagsOf("stay4")];
    expect(a.length * b.length).toBeGreaterThan(0);
    const answer = await ask("Compare the hashtags of @stay2 and @stay4");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "compare", subject: "hashtags" });
    expect(result.sides).toEqual([
      expect.objectContaining({
        name: "@stay2",
        ranking: a.slice(0, 5).map((t) => t[0]),
        values: a.slice(0, 5).map((t) => t[1]),
      }),
      expect.objectContaining({
        name: "@stay4",
        ranking: b.slice(0, 5).map((t) => t[0]),
        values: b.slice(0, 5).map((t) => t[1]),
      }),
    ]);
    expect(result.shared).toEqual(a.map((t) => t[0]).filter((t) => b.some((x) => x[0] === t)));
    expect(answer.summary).toMatch(/^@stay2's most used hashtags \(of \d+ videos?\): #/);
    // "Differ" sets them side by side too; with no such cue, their hashtags are ranked over both.
    expect(aggregateOf(await ask("How do the hashtags of @stay2 and @stay4 differ?")).plan.intent).toBe(
      "compare",
    );
    expect(aggregateOf(await ask("Which hashtags do @stay2 and @stay4 use?")).plan.intent).toBe("rank");
  });

  it('"which creators posted more than N videos", "how many videos does the average creator post?" (SQL)', async () => {
    const perCreator = db
      .prepare("SELECT author_uid AS uid, count(*) AS n FROM videos GROUP BY author_uid ORDER BY n DESC, uid")
      .all() as { uid: string; n: number }[];
    const n = (perCreator[2] as { n: number }).n;
    const over = await ask(`Which creators posted more than ${n - 1} videos?`);
    const expected = perCreator.filter((c) => c.n > n - 1);
    expect(expected.length).toBeGreaterThan(1);
    expect(aggregateOf(over).result.ranking).toEqual(expected.slice(0, 5).map((c) => c.uid));
    expect(aggregateOf(over).result.values).toEqual(expected.slice(0, 5).map((c) => c.n));
    const listed = await ask(`Creators with at least ${n} videos`);
    expect(aggregateOf(listed).plan.intent).toBe("rank");
    expect(aggregateOf(listed).result.ranking).toEqual(
      perCreator
        .filter((c) => c.n >= n)
        .slice(0, 5)
        .map((c) => c.uid),
    );
    const average = await ask("How many videos does the average creator post?");
    const counts = perCreator.map((c) => c.n);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(aggregateOf(average).result).toMatchObject({
      median: median(counts),
      creators: counts.length,
      videos: total,
      metric: "videos",
    });
    expect(average.summary).toContain(`have a median of ${median(counts)} video`);
    const hotel = await searchIds("hotel");
    const hotelCounts = (
      db.prepare(`SELECT count(*) AS n FROM ${IN_IDS} GROUP BY author_uid`).all(idList(hotel)) as {
        n: number;
      }[]
    ).map((r) => r.n);
    const onHotels = await ask("On average, how many hotel videos does a creator post?");
    expect(aggregateOf(onHotels).result).toMatchObject({
      median: median(hotelCounts),
      creators: hotelCounts.length,
    });
  });

  it('"under 500 likes vs over 1,000 likes": two bounds no video meets together are two groups (SQL)', async () => {
    const plays = (where: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
    const [few, many] = [plays("likes < 500"), plays("likes > 1000")];
    expect(few.length * many.length).toBeGreaterThan(0);
    const answer = await ask("Median views of videos with under 500 likes vs over 1,000 likes");
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "plays",
      filters: ["likes<500", "likes>1000"],
    });
    expect(answer.findings.map((f) => f.statement).sort()).toEqual(
      [
        `under 500 likes: ${median(few).toLocaleString("en-US")} median views per video over ${few.length} videos.`,
        `over 1,000 likes: ${median(many).toLocaleString("en-US")} median views per video over ${many.length} videos.`,
      ].sort(),
    );
    // Bounds that overlap are one range, as before.
    expect(aggregateOf(await ask("How many videos have between 10k and 50k views?")).plan.intent).toBe(
      "count",
    );
  });

  it('bounds on two counts both hold; "creators who posted more than 3 travel videos" bounds each creator (SQL)', async () => {
    const two = await ask("Which videos got more than 20,000 views but fewer than 1,000 likes?");
    expect(aggregateOf(two).plan.filters).toEqual(["plays>20000", "likes<1000"]);
    expect(aggregateOf(two).result.ranking).toEqual(
      db
        .prepare(
          "SELECT id FROM videos WHERE plays > 20000 AND likes < 1000 ORDER BY plays DESC, id DESC LIMIT 5",
        )
        .pluck()
        .all(),
    );
    const share = await ask("What share of videos with more than 20,000 views have fewer than 1,000 likes?");
    expect(aggregateOf(share).result).toMatchObject({
      part: db.prepare("SELECT count(*) FROM videos WHERE plays > 20000 AND likes < 1000").pluck().get(),
      whole: db.prepare("SELECT count(*) FROM videos WHERE plays > 20000").pluck().get(),
    });
    const travel = await searchIds("travel");
    const perCreator = db
      .prepare(`SELECT author_uid AS uid, count(*) AS n, sum(plays) AS p FROM ${IN_IDS} GROUP BY author_uid`)
      .all(idList(travel)) as { uid: string; n: number; p: number }[];
    const counted = await ask("How many creators have posted more than 3 travel videos?");
    expect(aggregateOf(counted).plan).toMatchObject({ intent: "count", subject: "creators", ignored: [] });
    expect(aggregateOf(counted).result.count).toBe(perCreator.filter((c) => c.n > 3).length);
    const ranked = await ask("Which creators with at least 4 travel videos get the most views?");
    expect(aggregateOf(ranked).result.ranking).toEqual(
      perCreator
        .filter((c) => c.n >= 4)
        .sort((a, b) => b.p - a.p || b.n - a.n || a.uid.localeCompare(b.uid))
        .slice(0, 5)
        .map((c) => c.uid),
    );
    // About videos, the bound is said to be unused.
    expect(aggregateOf(await ask("Which videos have more than 3 travel videos?")).plan.ignored).toEqual([
      "more than 3 travel videos (a bound on how many videos each creator has: ask about creators)",
    ]);
  });

  it('"the split between ads and organic in resort videos" is the two groups', async () => {
    const { plan, result } = aggregateOf(
      await ask("What's the split between ads and organic in resort videos?"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", topics: ["resort"], ignored: [] });
    const ads = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND label_ad = 1`)
      .pluck()
      .get(idList(await searchIds("resort")));
    const all = (await searchIds("resort")).length;
    expect(result).toMatchObject({
      ranking: ["organic", "ads"],
      values: [all - (ads as number), ads],
      videos: all,
    });
  });

  it('"which hashtags does @x use" ranks them over its videos; "competitors" are declined (SQL)', async () => {
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    const { plan, result } = aggregateOf(await ask("Which hashtags does @stay2 use?"));
    expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", creators: [uid] });
    const counts = new Map<string, number>();
    for (const h of db
      .prepare("SELECT hashtags FROM videos WHERE author_uid = ?")
      .pluck()
      .all(uid) as string[])
      for (const t of new Set(h.split(" ").filter(Boolean))) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect(result.ranking).toEqual(
      [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 5)
        .map(([t]) => t),
    );
    // Two creators: the hashtags of their videos together, not a comparison of their views.
    const uids = ["stay2", "stay5"].map(
      (h) => db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(h) as string,
    );
    const both = aggregateOf(await ask("Which hashtags do @stay2 and @stay5 use?"));
    expect(both.plan).toMatchObject({ intent: "rank", subject: "hashtags", creators: uids });
    const together = new Map<string, number>();
    for (const h of db
      .prepare("SELECT hashtags FROM videos WHERE author_uid IN (?, ?)")
      .pluck()
      .all(...uids) as string[])
      for (const t of new Set(h.split(" ").filter(Boolean))) together.set(t, (together.get(t) ?? 0) + 1);
    expect(both.result.ranking).toEqual(
      [...together]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 5)
        .map(([t]) => t),
    );
    expect(aggregateOf(await ask("Who gets more views, @stay2 or @stay5?")).plan.intent).toBe("compare");
    const rivals = await ask("Who are @stay2's competitors?");
    expect(rivals.summary).toMatch(/^I cannot answer this question: it does not know who competes with whom/);
  });

  it('"the top creators" are the creators with the most followers; the question is asked of their videos (SQL)', async () => {
    const byFollowers = db
      .prepare(
        "SELECT uid, handle FROM creators WHERE followers IS NOT NULL ORDER BY followers DESC, uid LIMIT 3",
      )
      .all() as { uid: string; handle: string }[];
    const uids = byFollowers.map((c) => c.uid);
    const hashtagsOf = (rows: string[]) => {
      const counts = new Map<string, number>();
      for (const h of rows)
        for (const t of new Set(h.split(" ").filter(Boolean))) counts.set(t, (counts.get(t) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
    };
    const videosOf = (where: string, ...args: unknown[]) =>
      db
        .prepare(
          `SELECT hashtags FROM videos WHERE author_uid IN (${uids.map(() => "?").join(", ")}) ${where}`,
        )
        .pluck()
        .all(...uids, ...args) as string[];
    const answer = await ask("Which hashtags do the top 3 creators use?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
      creators: [],
      top_creators: 3,
      ignored: [],
    });
    expect(result.top_creators).toEqual(uids);
    expect(result.ranking).toEqual(hashtagsOf(videosOf("")).slice(0, 5));
    expect(answer.caveats).toContain(
      `The top 3 creators: the 3 with the most followers among the 9 creators of the videos (creators without a recorded count left out): ${byFollowers
        .map(
          (c) =>
            `@${c.handle} (${(db.prepare("SELECT followers FROM creators WHERE uid = ?").pluck().get(c.uid) as number).toLocaleString("en")})`,
        )
        .join(", ")}.`,
    );
    // With no number, ten; a count of their videos; "top 2 hashtags" stays the number of results.
    expect(aggregateOf(await ask("Which hashtags did the top creators use?")).plan.top_creators).toBe(10);
    const counted = aggregateOf(await ask("How many videos do the 3 biggest creators have?"));
    expect(counted.plan).toMatchObject({ intent: "count", top_creators: 3 });
    expect(counted.result.count).toBe(videosOf("").length);
    const two = aggregateOf(await ask("top 2 hashtags of the 3 biggest creators"));
    expect(two.plan).toMatchObject({ count: 2, top_creators: 3 });
    expect(two.result.ranking).toEqual(hashtagsOf(videosOf("")).slice(0, 2));
    // A possessive is the same set; a word between is a topic of their videos.
    const share = aggregateOf(await ask("How many of the top 3 creators' videos are ads?"));
    expect(share.plan).toMatchObject({ intent: "share", topics: [], top_creators: 3, ignored: [] });
    const homestay = aggregateOf(await ask("Which hashtags do the 3 biggest homestay creators use?"));
    expect(homestay.plan).toMatchObject({ topics: ["homestay"], top_creators: 3 });
    // A kind of question that takes no set: said, not dropped without a word.
    expect(
      aggregateOf(await ask("What hashtags are trending among the top creators?")).plan.ignored,
    ).toContain("the top creators (a set of creators: not for this kind of question)");
    // A ranking of creators is no set of them.
    expect(aggregateOf(await ask("Who are the top 3 creators?")).plan).toMatchObject({
      subject: "creators",
      count: 3,
    });
  });

  it('"is #resort growing?" is its videos per publication month; "report" is a question word', async () => {
    const growing = aggregateOf(await ask("Is #resort growing?"));
    expect(growing.plan).toMatchObject({ intent: "breakdown", group_by: "month", metric: null, ignored: [] });
    const declining = aggregateOf(await ask("Are resort videos declining?"));
    expect(declining.plan).toMatchObject({ intent: "breakdown", group_by: "month", ignored: [] });
    expect(aggregateOf(await ask("Show me the latest trend report")).plan).toMatchObject({
      intent: "trend_report",
      ignored: [],
    });
  });

  it('"what kind of content performs best for resorts" asks what went with more views', async () => {
    const { plan } = aggregateOf(await ask("What kind of content performs best for resorts?"));
    expect(plan).toMatchObject({ intent: "drivers", topics: ["resort"] });
    // A place before the sentence's full stop is still the place; "vids" are videos.
    expect(aggregateOf(await ask("I run a hotel in Hoi An. What should I post?")).plan).toMatchObject({
      intent: "drivers",
      topics: ["hotel", "hoian"],
      ignored: [],
    });
    // Common misspellings are read as meant, and said so.
    const typed = aggregateOf(await ask("wich resort vidoes got the most veiws?"));
    expect(typed.plan).toMatchObject({ intent: "rank", metric: "plays", topics: ["resort"], ignored: [] });
    expect(typed.plan.understood).toContain('read "veiws" as "views"');
    // Chat spellings: "r", "u", "pct" (short ones only in lower case, and never inside a handle or hashtag).
    const chat = aggregateOf(await ask("what pct of resort vids r ads"));
    expect(chat.plan).toMatchObject({ intent: "share", topics: ["resort"], ignored: [] });
    expect(chat.result).toEqual(aggregateOf(await ask("what percent of resort videos are ads")).result);
    expect(aggregateOf(await ask("Top R videos")).plan.understood).not.toContain('read "R" as "are"');
    expect(aggregateOf(await ask("top videos by @r.hotel")).plan.understood).not.toContain(
      'read "r" as "are"',
    );
    expect(aggregateOf(await ask("top resort vids")).plan).toMatchObject({
      intent: "rank",
      topics: ["resort"],
      ignored: [],
    });
    for (const q of ["What's working right now for resorts?", "What content should a new resort brand make?"])
      expect(aggregateOf(await ask(q)).plan, q).toMatchObject({
        intent: "drivers",
        subject: "videos",
        topics: ["resort"],
      });
  });

  it("a word the corpus does not know is named in the summary, not silently dropped; the set's own topic is searched", async () => {
    const answer = await ask("Which resort ads have the best ambience?");
    const { plan } = aggregateOf(answer);
    expect(plan.ignored).toEqual(["ambience"]);
    expect(answer.summary).toMatch(/ Not used \(not a name or hashtag in the corpus\): ambience\.$/);
    expect(answer.caveats.join(" ")).toContain("ignored (not used as filters): ambience.");
    // "Skincare ads" in a hotel scrape: none, said so (not the hotel ads instead).
    const skincare = await ask("Find me skincare ads from last week");
    expect(aggregateOf(skincare).plan).toMatchObject({ topics: ["skincare"], ignored: [] });
    expect(skincare.summary).toMatch(/^No (ads|videos)[^.]* about "skincare"/);
  });

  it("the hashtags that go with a tag leave the tag itself out", async () => {
    const { plan, result } = aggregateOf(await ask("Which hashtags go with #hotel most often?"));
    expect(plan.topics).toEqual(["hotel"]);
    const ranking = result.ranking as string[];
    expect(ranking).not.toContain("hotel");
    // #review is on the 6 Vũng Tàu hotel videos; #travel on the 5 Hội An ones (and on no other #hotel video).
    expect(ranking.slice(0, 2)).toEqual(["review", "vungtau"]);
  });

  it('"the most viral videos" ranks creators by the views of their videos', async () => {
    const answer = await ask("Which creator has the most viral videos?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.subject).toBe("creators");
    expect(plan.metric).toBe("plays");
    const expected = db
      .prepare(
        "SELECT author_uid FROM videos GROUP BY author_uid ORDER BY sum(plays) DESC, author_uid LIMIT 5",
      )
      .pluck()
      .all();
    expect(result.ranking).toEqual(expected);
    expect(answer.summary).toMatch(/leads by total views of their videos: [\d,]+/);
  });

  it('"Da Lat or Vung Tau hotel videos": the two places compared, the shared topic applied to both', async () => {
    const answer = await ask("Which gets more views, Da Lat or Vung Tau hotel videos?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("breakdown");
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["dalat", "vungtau"]);
    expect(plan.topics).toEqual(["hotel"]);
    const medianPlays = async (q: string) => {
      const plays = (await searchIds(q))
        .map((id) => db.prepare("SELECT plays FROM videos WHERE id = ?").pluck().get(id) as number)
        .sort((a, b) => a - b);
      return median(plays);
    };
    const expected = [
      { key: "dalat", value: await medianPlays("hotel dalat") },
      { key: "vungtau", value: await medianPlays("hotel vungtau") },
    ]
      .filter((g) => !Number.isNaN(g.value))
      .sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
    expect(answer.summary).toMatch(
      /^By median views per video, the leading topic among videos about "hotel" is/,
    );
    // No measure named: compared on views too; "are there more" counts videos.
    for (const q of [
      "Compare Da Lat and Vung Tau hotel videos",
      "Da Lat vs Vung Tau hotel videos",
      // The first of the topics written together is the one compared; "hotel" applies to both.
      "How do Da Lat hotel videos compare with Vung Tau?",
      "How do hotel videos in Da Lat compare to those in Vung Tau?",
    ]) {
      const same = aggregateOf(await ask(q));
      expect(same.plan, q).toMatchObject({
        compare_topics: ["dalat", "vungtau"],
        topics: ["hotel"],
        metric: "plays",
      });
      expect(same.result, q).toEqual(result);
    }
    const more = aggregateOf(await ask("Are there more Da Lat or Vung Tau hotel videos?"));
    expect(more.plan.metric).toBe("videos");
    expect(more.result).toMatchObject({ measure: "number of videos" });
    // Asked one after the other: "…; what about Vung Tau?", "…; same for Vung Tau".
    for (const q of [
      // (The name repeated on each side applies to both: "hotel in Da Lat vs hotel in Vung Tau".)
      "Hotel in Da Lat vs hotel in Vung Tau: which gets more views?",
      "Median views of Da Lat hotel videos; what about Vung Tau?",
      "Median views for Da Lat hotel videos; same for Vung Tau, and which is higher?",
    ]) {
      const chained = aggregateOf(await ask(q));
      expect(chained.plan, q).toMatchObject({ compare_topics: ["dalat", "vungtau"], topics: ["hotel"] });
      expect(chained.result, q).toEqual(result);
    }
  });

  it("a compared topic with none of the videos in question is said to have none, not dropped", async () => {
    const answer = await ask("How do Vung Tau hotel ads compare to those in Hoi An?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      compare_topics: ["vungtau", "hoian"],
      topics: ["hotel"],
      filters: ["ad=yes"],
    });
    expect(await searchTotal({ q: "hotel hoian", ad: "yes" })).toBe(0);
    expect(await searchTotal({ q: "hotel vungtau", ad: "yes" })).toBeGreaterThan(0);
    expect(result.ranking).toEqual(["vungtau"]);
    expect(answer.summary).toMatch(/ There are none about "hoian" to compare with\.$/);
  });

  it("hotel vs resort videos by engagement: the two topics compared", async () => {
    const { plan, result } = aggregateOf(await ask("Compare hotel and resort videos by engagement"));
    expect(plan.intent).toBe("breakdown");
    expect(plan.metric).toBe("engagement");
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["hotel", "resort"]);
    expect([...(result.ranking as string[])].sort()).toEqual(["hotel", "resort"]);
  });

  it('"do resort videos get more likes than hotel videos?": the two topics compared on likes', async () => {
    const { plan, result } = aggregateOf(await ask("Do resort videos get more likes than hotel videos?"));
    expect([plan.intent, plan.metric, plan.group_by]).toEqual(["breakdown", "likes", "topic"]);
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["resort", "hotel"]);
    const medianLikes = async (q: string) => {
      const ids = await searchIds(q);
      return median(db.prepare(`SELECT likes FROM ${IN_IDS}`).pluck().all(idList(ids)) as number[]);
    };
    const expected = [
      { key: "resort", value: await medianLikes("resort") },
      { key: "hotel", value: await medianLikes("hotel") },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
  });

  it('"homestay vs resort: which performs better?" compares by views', async () => {
    const { plan } = aggregateOf(await ask("homestay vs resort: which performs better?"));
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["homestay", "resort"]);
    expect(plan.metric).toBe("plays");
  });

  it("the best day of the week to post: publication weekdays (UTC) by median views", async () => {
    const answer = await ask("Which day of the week is best to post?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("breakdown");
    expect(plan.metric).toBe("plays");
    expect(plan.ignored).toEqual([]);
    const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const byDay = new Map<string, number[]>();
    for (const r of db.prepare("SELECT created_at, plays FROM videos").all() as {
      created_at: number;
      plays: number;
    }[]) {
      const day = days[new Date(r.created_at * 1000).getUTCDay()] as string;
      byDay.set(day, [...(byDay.get(day) ?? []), r.plays]);
    }
    const expected = [...byDay]
      .map(([day, plays]) => ({ day, value: median(plays), n: plays.length }))
      .sort((a, b) => b.value - a.value || b.n - a.n || a.day.localeCompare(b.day));
    expect(result.ranking).toEqual(expected.map((g) => g.day));
    expect(answer.caveats.join(" ")).toContain("Publication day and hour are in UTC");
  });

  it("a breakdown whose leader has under 5 videos heads with the best group of 5 or more", async () => {
    const answer = await ask("Which day of the week gets the best engagement for review videos?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ topics: ["review"], group_by: "weekday", metric: "engagement" });
    const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const ids = await searchIds("review");
    const byDay = new Map<string, { plays: number; n: number; videos: number }>();
    for (const r of db
      .prepare(`SELECT created_at, plays, likes + comments + shares + saves AS n FROM ${IN_IDS}`)
      .all(idList(ids)) as { created_at: number; plays: number; n: number }[]) {
      const day = days[new Date(r.created_at * 1000).getUTCDay()] as string;
      const g = byDay.get(day) ?? { plays: 0, n: 0, videos: 0 };
      byDay.set(day, { plays: g.plays + r.plays, n: g.n + r.n, videos: g.videos + 1 });
    }
    const expected = [...byDay]
      .map(([day, g]) => ({ day, rate: g.n / g.plays, videos: g.videos }))
      .sort((a, b) => b.rate - a.rate || b.videos - a.videos || a.day.localeCompare(b.day));
    expect(result.ranking).toEqual(expected.map((g) => g.day));
    const large = expected.find((g) => g.videos >= 5) as (typeof expected)[number];
    const above = expected.slice(0, expected.indexOf(large));
    // Four days rank above it: three are named, the rest counted.
    expect(above.length).toBe(4);
    const shown = (rate: number) => `${Math.round(rate * 1e4) / 100} %`;
    expect(answer.summary).toBe(
      `By engagement rate, the leading publication day among videos about "review" with at least 5 videos is ${large.day}: ${shown(large.rate)} engagement rate over ${large.videos} videos. Ahead of it on fewer videos, too few to tell: ${above
        .slice(0, 3)
        .map((g) => `${g.day} (${shown(g.rate)} over ${g.videos} video${g.videos === 1 ? "" : "s"})`)
        .join(", ")} and 1 more.`,
    );
  });

  it("a breakdown whose first groups are equal says they tie", async () => {
    const answer = await ask("On which day of the week are resort videos posted?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.group_by, plan.metric]).toEqual(["weekday", null]);
    const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const ids = await searchIds("resort");
    const counts = new Map<string, number>();
    for (const t of db.prepare(`SELECT created_at FROM ${IN_IDS}`).pluck().all(idList(ids)) as number[]) {
      const day = days[new Date(t * 1000).getUTCDay()] as string;
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const top = ranked[0]?.[1] as number;
    const tied = ranked.filter(([, n]) => n === top).map(([d]) => d);
    expect(tied.length).toBeGreaterThan(3);
    expect(result.ranking).toEqual(ranked.map(([d]) => d));
    const pct = Math.round((top / ids.length) * 10000) / 100;
    const next = ranked[tied.length] as [string, number];
    expect(answer.summary).toBe(
      `By number of videos, ${tied.slice(0, 3).join(", ")} and ${tied.length - 3} more tie as the leading publication day among videos about "resort": ${top} videos (${pct} %) each; next ${next[0]}: ${next[1]} video${next[1] === 1 ? "" : "s"} (${Math.round((next[1] / ids.length) * 10000) / 100} %).`,
    );
  });

  it('"summarize", "give me an overview": an overview even with a subject word or "give me"', async () => {
    for (const question of ["Summarize the resort market", "Give me an overview of resort videos"]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan.intent, question).toBe("overview");
      expect(result.count, question).toBe(await searchTotal({ q: "resort" }));
    }
  });

  it('"the top <topic> creators" ranks them by the views of those videos; "who posts the most" by count', async () => {
    const { plan, result } = aggregateOf(await ask("Who are the top resort creators?"));
    expect([plan.subject, plan.metric]).toEqual(["creators", "plays"]);
    const ids = await searchIds("resort");
    const byCreator = db
      .prepare(
        `SELECT author_uid AS uid, sum(plays) AS plays FROM ${IN_IDS}
         GROUP BY author_uid ORDER BY plays DESC, count(*) DESC, author_uid LIMIT 5`,
      )
      .all(idList(ids)) as { uid: string; plays: number }[];
    expect(result.ranking).toEqual(byCreator.map((r) => r.uid));
    expect(result.values).toEqual(byCreator.map((r) => r.plays));
    expect(aggregateOf(await ask("Which creators post the most about resorts?")).plan.metric).toBe("videos");
  });

  it('"more than 30,000 views", "at least 40k", "fewer than 200": bounds on counts, for counts, shares and rankings', async () => {
    const sqlCount = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get() as number;
    const over = aggregateOf(await ask("How many videos have more than 30,000 views?"));
    expect(over.plan.filters).toEqual(["plays>30000"]);
    expect(over.result.count).toBe(sqlCount("plays > 30000"));
    const few = await ask("How many videos have fewer than 200 views?");
    expect(aggregateOf(few).result.count).toBe(3);
    expect(few.summary).toBe("There are 3 videos with under 200 views.");
    const ids = await searchIds("resort");
    const shareAnswer = await ask("What share of resort videos have at least 40k views?");
    expect(shareAnswer.summary).toMatch(
      /^\d+ of \d+ videos about "resort" have at least 40,000 views: [\d.]+ %\.$/,
    );
    const share = aggregateOf(shareAnswer);
    expect(share.plan.filters).toEqual([]);
    expect(share.result).toMatchObject({
      part: db.prepare(`SELECT count(*) FROM ${IN_IDS} AND plays >= 40000`).pluck().get(idList(ids)),
      whole: ids.length,
    });
    const top = aggregateOf(await ask("Top 3 videos with more than 1,500 likes"));
    expect(top.result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE likes > 1500 ORDER BY plays DESC, id DESC LIMIT 3")
        .pluck()
        .all(),
    );
    for (const [q, value] of [
      ["How many videos have over 1.5 million views?", 1_500_000],
      ["How many videos have over 1.000.000 views?", 1_000_000],
      ["How many videos have more than 10k plays?", 10_000],
      ["How many videos have more than 99999999999999999999999 views?", Number.MAX_SAFE_INTEGER],
    ] as const)
      expect(aggregateOf(await ask(q)).plan.filters, q).toEqual([`plays>${value}`]);
  });

  it('"creators with over 5k followers", "under 3,000 followers": bounds on the creators of the answer', async () => {
    const followersOf = (uid: string) =>
      db.prepare("SELECT followers FROM creators WHERE uid = ?").pluck().get(uid) as number;
    const ids = await searchIds("resort");
    const rows = db.prepare(`SELECT author_uid AS uid, plays FROM ${IN_IDS}`).all(idList(ids)) as {
      uid: string;
      plays: number;
    }[];
    const authors = [...new Set(rows.map((r) => r.uid))];
    // The largest, within the bound: from the store, not the first pages of the creators tool.
    const large = aggregateOf(await ask("List creators with over 5k followers posting about resorts"));
    expect(large.plan.ignored).toEqual([]);
    expect(large.result.ranking).toEqual(
      authors
        .filter((uid) => followersOf(uid) > 5000)
        .sort((a, b) => followersOf(b) - followersOf(a) || (a < b ? -1 : 1))
        .slice(0, 5),
    );
    // A ranking by views keeps only the creators within the bound, and says so.
    const small = await ask("Which creators with under 3,000 followers get the most views on resort videos?");
    const within = authors.filter((uid) => followersOf(uid) < 3000);
    expect(within.length).toBeGreaterThan(0);
    expect(within.length).toBeLessThan(authors.length);
    const views = (uid: string) => rows.filter((r) => r.uid === uid).reduce((n, r) => n + r.plays, 0);
    expect(aggregateOf(small).result.ranking).toEqual(
      within.sort((a, b) => views(b) - views(a) || (a < b ? -1 : 1)).slice(0, 5),
    );
    expect(small.summary).toMatch(/^Among creators with under 3,000 followers, /);
    // Asked about videos, the bound is on their creators (a video has no followers; stop 51).
    const videos = aggregateOf(await ask("Which resort videos have over 5k followers?")).plan;
    expect(videos.ignored).toEqual([]);
    expect((videos as { author_followers?: unknown }).author_followers).toEqual({ op: "over", value: 5000 });
  });

  it("a breakdown with one group only says there is nothing to compare; a possessive is not a word", async () => {
    const answer = await ask("Are slideshows or videos better for resort videos?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.group_by, plan.metric]).toEqual(["media_type", "plays"]);
    const plays = db
      .prepare(`SELECT plays FROM ${IN_IDS}`)
      .pluck()
      .all(idList(await searchIds("resort"))) as number[];
    expect(result.ranking).toEqual(["video"]);
    expect(answer.summary).toBe(
      `All ${plays.length} videos about "resort" are in one format: video (${median(plays).toLocaleString("en-US")} median views per video); there is no other to compare it with.`,
    );
    const adv = db
      .prepare("SELECT a.name FROM advertisers a JOIN videos v ON v.advertiser_id = a.id LIMIT 1")
      .pluck()
      .get() as string;
    expect(aggregateOf(await ask(`How did ${adv}'s videos perform?`)).plan.ignored).toEqual([]);
  });

  it('a plural topic reads as the form the corpus tags more: "resorts" → #resort', async () => {
    expect(tagged("resorts")).toBeGreaterThanOrEqual(5);
    expect(tagged("resort")).toBeGreaterThan(tagged("resorts"));
    const { plan, result } = aggregateOf(await ask("How many videos mention resorts?"));
    expect(plan.topics).toEqual(["resort"]);
    expect(result.count).toBe(await searchTotal({ q: "resort" }));
    // Search folds the number itself: both forms find the same videos.
    expect(await searchTotal({ q: "resorts" })).toBe(await searchTotal({ q: "resort" }));
  });

  it("topics that match nothing together, though each does alone, are named with their counts", async () => {
    const answer = await ask("Which day of the week is best for resort videos about hotel?");
    const { plan } = aggregateOf(answer);
    expect(plan.topics).toEqual(["resort", "hotel"]);
    expect(await searchTotal({ q: "resort hotel" })).toBe(0);
    const resort = await searchTotal({ q: "resort" });
    const hotel = await searchTotal({ q: "hotel" });
    expect(resort).toBeGreaterThan(0);
    expect(answer.summary).toContain(
      `No video matches "resort" and "hotel" together (every topic of a question must match); alone: "resort" ${resort} videos, "hotel" ${hotel} videos. Ask about one at a time, or compare them ("resort or hotel videos: which gets more views?").`,
    );
    // The suggested question compares the two topics.
    expect(aggregateOf(await ask("resort or hotel videos: which gets more views?")).plan).toMatchObject({
      group_by: "topic",
      metric: "plays",
    });
    // (Listed with "and", "resort and hotel videos" are the videos about either, said so: stop 49.)
    const listed = aggregateOf(await ask("Which day of the week is best for resort and hotel videos?")).plan;
    expect(listed.topics).toEqual([]);
    expect(listed.understood).toContain(
      'videos about any of "resort", "hotel" (listed with "and": no video is about them all together)',
    );
    // Topics that do meet add nothing.
    expect((await ask("Which day of the week is best for resort videos in Da Nang?")).summary).not.toContain(
      "together",
    );
  });

  it('"what time should I post", "when do … post": publication hours; "should" reads as views', async () => {
    for (const [question, metric] of [
      ["What time should I post resort videos?", "plays"],
      ["When should I post hotel videos?", "plays"],
      ["When do hotel creators post?", null],
    ] as const) {
      const { plan } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "hour", metric });
    }
  });

  it('"each month", "over time": a series by publication month (UTC), oldest first, with the busiest', async () => {
    const ids = await searchIds("resort");
    const byMonth = new Map<string, number[]>();
    for (const r of db.prepare(`SELECT created_at, plays FROM ${IN_IDS}`).all(idList(ids)) as {
      created_at: number;
      plays: number;
    }[]) {
      const month = new Date(r.created_at * 1000).toISOString().slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), r.plays]);
    }
    const months = [...byMonth.keys()].sort();
    expect(months.length).toBeGreaterThan(2);
    const counts = months.map((m) => (byMonth.get(m) as number[]).length);
    const answer = await ask("How many resort videos were posted each month?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.intent, plan.group_by]).toEqual(["breakdown", "month"]);
    expect(result.ranking).toEqual(months);
    expect(result.values).toEqual(counts);
    const most = months.reduce((best, m, i) =>
      (counts[i] as number) >= (counts[months.indexOf(best)] as number) ? m : best,
    );
    expect(answer.summary).toBe(
      `Videos about "resort" per publication month (UTC): ${months.map((m, i) => `${m} ${counts[i]}`).join(", ")}. The most: ${most} (${counts[months.indexOf(most)]}).`,
    );
    const views = aggregateOf(await ask("How have views of resort videos changed over time?"));
    expect([views.plan.group_by, views.plan.metric, views.plan.ignored]).toEqual(["month", "plays", []]);
    expect(views.result.values).toEqual(months.map((m) => median(byMonth.get(m) as number[])));
  });

  it("the time of day: publication hours (UTC)", async () => {
    const { plan, result } = aggregateOf(await ask("What time of day do hotel videos get the most views?"));
    expect(plan.intent).toBe("breakdown");
    expect(plan.topics).toEqual(["hotel"]);
    for (const key of result.ranking as string[]) expect(key).toMatch(/^\d\d:00 UTC$/);
  });

  it('"longer videos" is not read as the hashtag #longervideos', async () => {
    const { plan } = aggregateOf(await ask("Do longer videos get more views?"));
    expect(plan.topics).toEqual([]);
  });

  /** Length bands of the question "how long should…", as a user would draw them. */
  const band = (s: number) =>
    s < 15 ? "under 15 s" : s < 30 ? "15-30 s" : s < 60 ? "30-60 s" : s < 180 ? "1-3 min" : "over 3 min";

  it("how long a hotel video should be: length bands by median views, videos without a length left out", async () => {
    const answer = await ask("How long should a hotel video be?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("breakdown");
    expect(plan.group_by).toBe("length");
    expect(plan.metric).toBe("plays");
    expect(plan.topics).toEqual(["hotel"]);
    expect(plan.ignored).toEqual([]);
    // "The best video length" is no single video: the same bands, and no "1 result".
    const best = aggregateOf(await ask("What's the best video length for hotel content?")).plan;
    expect(best).toMatchObject({ intent: "breakdown", group_by: "length", count: 5, topics: ["hotel"] });
    expect(best.understood.some((u) => /result/.test(u))).toBe(false);
    const rows = (await searchIds("hotel")).map(
      (id) =>
        db.prepare("SELECT duration_s, plays FROM videos WHERE id = ?").get(id) as {
          duration_s: number | null;
          plays: number;
        },
    );
    const groups = new Map<string, number[]>();
    for (const r of rows.filter((r) => r.duration_s !== null))
      groups.set(band(r.duration_s as number), [
        ...(groups.get(band(r.duration_s as number)) ?? []),
        r.plays,
      ]);
    const expected = [...groups]
      .map(([key, plays]) => ({ key, value: median(plays), n: plays.length }))
      .sort((a, b) => b.value - a.value || b.n - a.n || a.key.localeCompare(b.key));
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
    const missing = rows.filter((r) => r.duration_s === null).length;
    expect(missing).toBeGreaterThan(0);
    expect(answer.caveats.join(" ")).toContain(
      `${missing} of the ${rows.length} matching videos have no recorded duration or are slideshows, and are left out.`,
    );
  });

  it("how long resort videos are: the share of each length band; short/long words are not ignored", async () => {
    const answer = await ask("How long are resort videos?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.intent, plan.group_by, plan.metric]).toEqual(["breakdown", "length", null]);
    const lengths = (await searchIds("resort"))
      .map((id) => db.prepare("SELECT duration_s FROM videos WHERE id = ?").pluck().get(id) as number | null)
      .filter((d): d is number => d !== null);
    const counts = new Map<string, number>();
    for (const d of lengths) counts.set(band(d), (counts.get(band(d)) ?? 0) + 1);
    expect(result.values).toEqual([...counts.values()].sort((a, b) => b - a));
    const short = aggregateOf(await ask("Are short videos better than long ones?")).plan;
    expect([short.group_by, short.metric, short.ignored]).toEqual(["length", "plays", []]);
    // A question of another kind reports the length words it could not use.
    const creators = aggregateOf(await ask("Which creators post longer videos?")).plan;
    expect([creators.subject, creators.group_by, creators.ignored]).toEqual([
      "creators",
      undefined,
      ["longer"],
    ]);
    // "How long ago" asks no length question.
    expect(aggregateOf(await ask("How long ago was the newest hotel video posted?")).plan.group_by).not.toBe(
      "length",
    );
  });

  it('"how long … on average", "the typical length": the median recorded length, in seconds', async () => {
    for (const question of [
      "How long are resort videos on average?",
      "What's the typical length of a resort video?",
    ]) {
      const answer = await ask(question);
      const { plan, result } = aggregateOf(answer);
      expect([plan.intent, plan.metric, plan.ignored], question).toEqual(["measure", "duration", []]);
      const ids = await searchIds("resort");
      const lengths = ids
        .map(
          (id) => db.prepare("SELECT duration_s FROM videos WHERE id = ?").pluck().get(id) as number | null,
        )
        .filter((d): d is number => d !== null);
      expect(lengths.length).toBeLessThan(ids.length);
      const m = median(lengths);
      expect(result).toMatchObject({ median: m, videos: lengths.length, metric: "duration" });
      const shown =
        m < 60
          ? `${Math.round(m)} s`
          : `${Math.floor(m / 60)} min${Math.round(m) % 60 ? ` ${Math.round(m) % 60} s` : ""}`;
      expect(answer.summary, question).toBe(
        `The median length of videos about "resort" is ${shown} (${lengths.length} videos with a recorded length).`,
      );
      expect(answer.caveats).toContain(
        `Length: the duration the source recorded (duration_s). ${ids.length - lengths.length} of the ${ids.length} matching videos have no recorded duration or are slideshows, and are left out.`,
      );
    }
    // "viral" selects the most played tenth (see below), and says so.
    const viral = await ask("What's the typical length of a viral resort video?");
    expect(aggregateOf(viral).plan).toMatchObject({ metric: "duration", ignored: [], viral: true });
    expect(viral.summary).toMatch(/^The median length of viral videos about "resort" is /);
  });

  it("the hashtags that go with a topic leave reach tags (#fyp, #xuhuong) out and name them", async () => {
    const answer = await ask("What hashtags should I use for a resort video?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.subject, plan.topics]).toEqual(["hashtags", ["resort"]]);
    const counts = new Map<string, number>();
    for (const id of await searchIds("resort"))
      for (const tag of (
        db.prepare("SELECT hashtags FROM videos WHERE id = ?").pluck().get(id) as string
      ).split(" "))
        if (tag && tag !== "resort") counts.set(tag, (counts.get(tag) ?? 0) + 1);
    expect(counts.get("fyp")).toBe(6);
    const expected = [...counts]
      .filter(([tag]) => tag !== "fyp" && tag !== "xuhuong")
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5);
    expect(result.ranking).toEqual(expected.map(([tag]) => tag));
    expect(answer.caveats).toContain(
      "Left out as reach tags that go with any topic: #fyp (6 videos), #xuhuong (6 videos).",
    );
    // Without a topic they are counted like any other hashtag.
    expect(aggregateOf(await ask("What are the top 10 hashtags?")).result.ranking).toContain("fyp");
  });

  it("a ranking whose first places are equal says they tie instead of naming a leader", async () => {
    const answer = await ask("Which creator has the most resort videos?");
    const values = aggregateOf(answer).result.values as number[];
    const tied = values.filter((v) => v === values[0]).length;
    expect(tied).toBe(4);
    expect(answer.summary).toMatch(
      new RegExp(
        `^@\\w+, @\\w+, @\\w+ and 1 more tie by number of videos about "resort": ${values[0]} each, ahead of @\\w+ \\(${values[4]}\\)\\.$`,
      ),
    );
    // A single leader is still "leads".
    expect((await ask("Which hashtags are used the most?")).summary).toMatch(
      /^#travel leads by number of videos: 20, ahead of #review \(14\)\.$/,
    );
  });

  it('"which creators work with <advertiser>", "which brands has @x worked with": ranked over its videos', async () => {
    const adv = db
      .prepare(
        "SELECT a.id, a.name FROM advertisers a JOIN videos v ON v.advertiser_id = a.id GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1",
      )
      .get() as { id: string; name: string };
    const byCreator = await ask(`Which creators work with ${adv.name}?`);
    expect(aggregateOf(byCreator).plan).toMatchObject({ intent: "rank", subject: "creators" });
    expect(aggregateOf(byCreator).result.ranking).toEqual(
      db
        .prepare(
          "SELECT author_uid FROM videos WHERE advertiser_id = ? GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5",
        )
        .pluck()
        .all(adv.id),
    );
    const creator = db
      .prepare(
        "SELECT c.uid, c.handle FROM creators c JOIN videos v ON v.author_uid = c.uid WHERE v.advertiser_id IS NOT NULL GROUP BY c.uid ORDER BY count(*) DESC, c.uid LIMIT 1",
      )
      .get() as { uid: string; handle: string };
    const byBrand = await ask(`Which brands has @${creator.handle} worked with?`);
    expect(aggregateOf(byBrand).plan).toMatchObject({ intent: "rank", subject: "advertisers" });
    expect(aggregateOf(byBrand).result.ranking).toEqual(
      db
        .prepare(
          "SELECT advertiser_id FROM videos WHERE author_uid = ? AND advertiser_id IS NOT NULL GROUP BY advertiser_id ORDER BY count(*) DESC, advertiser_id LIMIT 5",
        )
        .pluck()
        .all(creator.uid),
    );
    // A profile still answers "tell me about": with its counts worded for one.
    const profile = await ask(`Tell me about ${adv.name}`);
    expect(aggregateOf(profile).plan.intent).toBe("profile");
    expect(profile.summary).not.toMatch(/\b1 (videos|creators)\b/);
  });

  it('"who are the biggest advertisers" ranks advertisers, not videos or creators', async () => {
    for (const question of ["Who are the biggest advertisers?", "Who advertises the most?"]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan.subject, question).toBe("advertisers");
      expect(answer.summary, question).toMatch(/^Largest advertisers/);
    }
    expect(aggregateOf(await ask("Who are the top creators?")).plan.subject).toBe("creators");
    // "Which creators advertise the most?": creators by their number of ads.
    const { plan, result } = aggregateOf(await ask("Which creators advertise the most?"));
    expect([plan.subject, plan.metric, plan.filters]).toEqual(["creators", "videos", ["ad=yes"]]);
    const expected = db
      .prepare(
        "SELECT author_uid FROM videos WHERE label_ad = 1 GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5",
      )
      .pluck()
      .all();
    expect(result.ranking).toEqual(expected);
  });

  it('"top 10" lists ten, "the 3 most viewed" three; five otherwise', async () => {
    const ten = await ask("Top 10 videos by views");
    expect(aggregateOf(ten).result.ranking).toEqual(
      db.prepare("SELECT id FROM videos ORDER BY plays DESC, id DESC LIMIT 10").pluck().all(),
    );
    expect(ten.findings).toHaveLength(10);
    const three = await ask("the 3 most viewed resort videos");
    expect((aggregateOf(three).result.ranking as string[]).length).toBe(3);
    const plain = await ask("most viewed resort videos");
    expect((aggregateOf(plain).result.ranking as string[]).length).toBe(5);
    expect(aggregateOf(await ask("Top 50 creators by followers")).plan.understood).toContain(
      '20 results (from "top 50")',
    );
  });

  it("a breakdown led by a group of a few videos says the group is too small", async () => {
    const answer = await ask("Which day of the week is best to post about Hoi An?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.topics).toEqual(["hoian"]);
    const leader = (result.ranking as string[])[0];
    expect(answer.caveats.some((c) => c.startsWith(`${leader} leads on `) && c.includes("too few"))).toBe(
      true,
    );
    // Ads (6 videos) and organic (28): both groups large enough.
    const large = await ask("How do ads perform compared to organic videos?");
    expect(large.caveats.some((c) => c.includes("too few"))).toBe(false);
  });

  it('"most followed" ranks by followers; "hire-ready" and "campaign" are not topics', async () => {
    const followed = aggregateOf(await ask("Who is the most followed creator posting about Da Nang?")).plan;
    expect(followed.metric).toBe("followers");
    expect(followed.ignored).toEqual([]);
    expect(
      aggregateOf(await ask("Which creators are hire-ready for a hotel campaign?")).plan.ignored,
    ).toEqual([]);
  });

  it("a ranking of regions says how many videos have a region at all", async () => {
    const answer = await ask("Which region has the most videos?");
    const { result } = aggregateOf(answer);
    expect(result.ranking).toEqual(["VN"]);
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const known = db.prepare("SELECT count(region) FROM videos").pluck().get() as number;
    expect(answer.caveats).toContain(
      `The region is known for ${known} of the ${all} videos (${Math.round((known / all) * 10000) / 100} %); the ranking counts only those.`,
    );
  });

  it("a share of a language reads as a sentence", async () => {
    const answer = await ask("What's the share of English videos among resort content?");
    expect(answer.summary).toMatch(/^\d+ of \d+ videos about "resort" are in language en: [\d.]+ %\.$/);
  });

  it('"both", "high" are question words', async () => {
    expect(aggregateOf(await ask("Which creators post about both Da Lat and Da Nang?")).plan.ignored).toEqual(
      [],
    );
    expect(
      aggregateOf(await ask("Give me 3 examples of hotel ads with high engagement")).plan.ignored,
    ).toEqual([]);
  });

  it('"advertise" and "examples" are question words, not topics', async () => {
    expect(aggregateOf(await ask("Which brands advertise the most?")).plan.ignored).toEqual([]);
    expect(aggregateOf(await ask("Give me examples of resort videos")).plan.ignored).toEqual([]);
  });

  it("a trend question with no matching report says so in a sentence", async () => {
    const answer = await ask("What trends are emerging in staycation content?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).toBe("trend_report");
    if ((result.reports as string[]).length === 0)
      expect(answer.summary).toMatch(
        /^No published trend report mentions "staycation" \(\d+ reports? exists?(: [a-z_]+ \d+(, [a-z_]+ \d+)*)?\)\.$/,
      );
    else expect(answer.summary).toMatch(/\(report [^)]+\)/);
  });

  it("a trend question about a kind with no report says what a report needs, and ranks the kind over the videos instead (SQL, stop 57)", async () => {
    const kinds = new Map<string, number>();
    for (const kind of db.prepare("SELECT kind FROM trend_reports").pluck().all() as string[])
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    expect(kinds.has("sound")).toBe(false);
    const answer = await ask("What sounds are trending?");
    expect(
      answer.summary.startsWith(
        `No trend report of kind sound is published (${[...kinds.values()].reduce((a, b) => a + b, 0)} reports exist: ${[
          ...kinds,
        ]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}); ranked over the videos instead: `,
      ),
    ).toBe(true);
    expect(answer.caveats).toContain(
      "A sound is reported when at least 3 videos used it in the report's 7-day window and it rose at least 1.2× on the 7 days before; none did.",
    );
    // The most used sound leads (SQL).
    const used = db
      .prepare(
        "SELECT music_id FROM videos WHERE music_id IS NOT NULL GROUP BY music_id ORDER BY count(*) DESC, music_id",
      )
      .pluck()
      .all() as string[];
    expect(String((aggregateOf(answer).result.ranking as unknown[])[0])).toContain(used[0] as string);
  });
});

describe("an advertiser named by the first words of its name", () => {
  it("links a unique prefix of 2+ words ('Oyster Bay Hotel'), not one made of topic words only", async () => {
    const { db: renamed, dir: renamedDir } = tempDb();
    try {
      await importScrape(renamed);
      // Ids are random per import: the two with the most videos, by name on a tie.
      const ids = renamed
        .prepare(
          "SELECT a.id FROM advertisers a JOIN videos v ON v.advertiser_id = a.id GROUP BY a.id ORDER BY count(*) DESC, a.name LIMIT 2",
        )
        .pluck()
        .all() as string[];
      expect(ids.length).toBe(2);
      const rename = renamed.prepare("UPDATE advertisers SET name = ? WHERE id = ?");
      rename.run("Oyster Bay Hotel Vung Tau", ids[0]);
      rename.run("Resort Hotel Da Nang", ids[1]);
      const store = createSqliteStore(renamed);
      const on = { store, registry: registryOn(store) };
      const linked = aggregateOf(await ask("Tell me about Oyster Bay Hotel", on)).plan;
      expect(linked.advertisers).toEqual([ids[0]]);
      expect(linked.understood).toContain(
        `advertiser Oyster Bay Hotel Vung Tau (id ${ids[0]}, from "oyster bay hotel")`,
      );
      // "resort hotel": two hashtags of the corpus, read as topics, though they begin an advertiser's name.
      const topical = aggregateOf(await ask("How many resort hotel videos are there?", on)).plan;
      expect(topical.advertisers).toEqual([]);
      expect(topical.topics).toEqual(["resort", "hotel"]);
      // Compared by their videos, a count of one in the singular.
      const compared = await ask("Compare Oyster Bay Hotel and Resort Hotel Da Nang", on);
      const videos = ids.map(
        (id) =>
          renamed.prepare("SELECT count(*) FROM videos WHERE advertiser_id = ?").pluck().get(id) as number,
      );
      expect(videos).toEqual([2, 1]);
      expect(compared.findings.map((f) => f.statement).sort()).toEqual([
        "Oyster Bay Hotel Vung Tau: 2 videos.",
        "Resort Hotel Da Nang: 1 video.",
      ]);
    } finally {
      renamed.close();
      rmSync(renamedDir, { recursive: true, force: true });
    }
  });
});

/** `fn` on a corpus of its own (imported like the shared one) with a handle's UID at hand; removed afterwards. */
async function onOwnCorpus(fn: (named: Db, uid: (handle: string) => string) => Promise<void>): Promise<void> {
  const { db: named, dir: namedDir } = tempDb();
  try {
    await importScrape(named);
    await fn(
      named,
      (handle) => named.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(handle) as string,
    );
  } finally {
    named.close();
    rmSync(namedDir, { recursive: true, force: true });
  }
}

describe("a creator named by a display name of several words", () => {
  it("links it unless the words run together are a topic of others' videos; a verified account always", () =>
    onOwnCorpus(async (named, uid) => {
      const rename = named.prepare(
        "UPDATE creators SET nickname = ?, verified = ?, followers = ? WHERE uid = ?",
      );
      rename.run("Lan Anh", 0, null, uid("stay1"));
      rename.run("Hoi An", 0, 5000, uid("stay2"));
      rename.run("Vung Tau", 1, 7000, uid("stay3"));
      rename.run("Q", 0, 4000, uid("stay4"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const planOf = async (q: string) => aggregateOf(await ask(q, on)).plan;
      // A single letter is no display name ("Q: …" in a pasted conversation).
      expect(await planOf("Q: which hotel videos got the most views?")).toMatchObject({
        creators: [],
        topics: ["hotel"],
      });
      // No topic "lananh": the creator; their engagement rate is a figure of their videos (SQL).
      const rate = await ask("What's the engagement rate of Lan Anh?", on);
      expect(aggregateOf(rate).plan).toMatchObject({
        intent: "measure",
        creators: [uid("stay1")],
        topics: [],
      });
      const [engaged, plays] = named
        .prepare("SELECT sum(likes + comments + shares + saves), sum(plays) FROM videos WHERE author_uid = ?")
        .raw()
        .get(uid("stay1")) as number[];
      const pooled = Math.round(((engaged as number) / (plays as number)) * 10000) / 100;
      expect(rate.summary).toMatch(
        new RegExp(`^The engagement rate of videos by @stay1 is ${pooled} % pooled`),
      );
      // "Hoi An" is #hoian, which other creators' videos carry too: still the topic.
      expect(await planOf("Which Hoi An videos got the most views?")).toMatchObject({
        topics: ["hoian"],
        creators: [],
      });
      // A verified account's name is the person, and the other reading is named.
      const verified = await planOf("Tell me about Vung Tau");
      expect(verified).toMatchObject({ intent: "profile", creators: [uid("stay3")], topics: [] });
      expect(verified.understood).toContain(
        `creator @stay3 (uid ${uid("stay3")}, by display name "Vung Tau"; for the videos about #vungtau, ask about "#vungtau")`,
      );
      // Followers not recorded for one of two creators: compared on views, or said not comparable.
      const compared = await ask("Compare Lan Anh and @stay3", on);
      expect(aggregateOf(compared).plan.metric).toBeNull();
      expect(aggregateOf(compared).result.metric).toBe("plays");
      expect(compared.caveats).toContain(
        "Followers are not recorded for @stay1, so they are compared on the views of their videos.",
      );
      const byFollowers = await ask("Who has more followers, Lan Anh or @stay3?", on);
      expect(byFollowers.summary).toBe(
        "Followers are not recorded for @stay1, so they cannot be compared on followers; ask which gets more views instead.",
      );
      expect(byFollowers.findings.map((f) => f.statement)).toContain("@stay1: followers not recorded.");
      expect(byFollowers.findings.map((f) => f.statement)).toContain("@stay3: 7,000 followers.");
    }));

  it('after "by" or "from" (and "the"), a name written in lower case; elsewhere lower-case words stay words', () =>
    onOwnCorpus(async (named, uid) => {
      const rename = named.prepare("UPDATE creators SET nickname = ? WHERE uid = ?");
      rename.run("Lan Anh", uid("stay1"));
      rename.run("The Pine Hill Homestay Da Lat", uid("stay5"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const videosOf = (handle: string) =>
        named.prepare("SELECT count(*) FROM videos WHERE author_uid = ?").pluck().get(uid(handle)) as number;
      const count = await ask("How many videos by lan anh are there?", on);
      expect(aggregateOf(count).plan).toMatchObject({ creators: [uid("stay1")], topics: [], ignored: [] });
      expect(count.summary).toBe(`@stay1 has ${videosOf("stay1")} videos in the corpus.`);
      // A name of six words, "the" its first: every word of it is the name, none a topic.
      const top = aggregateOf(await ask("top videos from the pine hill homestay da lat", on)).plan;
      expect(top).toMatchObject({ creators: [uid("stay5")], topics: [] });
      expect(top.understood).toContain(
        `creator @stay5 (uid ${uid("stay5")}, by display name "the pine hill homestay da lat")`,
      );
      // Without the cue, the same words in lower case are what the videos are about.
      expect(aggregateOf(await ask("How many lan anh videos are there?", on)).plan.creators).toEqual([]);
      expect(aggregateOf(await ask("top homestay da lat videos", on)).plan).toMatchObject({
        creators: [],
        topics: expect.arrayContaining(["homestay", "dalat"]),
      });
    }));
});

describe("an old scrape: windows end at its newest video, and the answer says so", () => {
  it('"this month" is the 30 days up to the newest video, not an empty window', async () => {
    const answer = await ask("Which hotel videos got the most views this month?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.window_days).toBe(30);
    const newest = db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number;
    expect(newest).toBe(SCRAPED);
    expect((plan as { window_ends_at?: string }).window_ends_at).toBe(new Date(SCRAPED * 1000).toISOString());
    const ranking = result.ranking as string[];
    expect(ranking.length).toBeGreaterThan(0);
    const since = SCRAPED - 30 * DAY;
    for (const id of ranking) {
      const created = db.prepare("SELECT created_at FROM videos WHERE id = ?").pluck().get(id) as number;
      expect(created).toBeGreaterThanOrEqual(since);
    }
    // Every hotel video of those 30 days that the search finds is a candidate: the top one is the most viewed.
    const best = db
      .prepare(
        `SELECT v.id FROM videos v WHERE v.created_at >= ? AND v.seq IN
           (SELECT rowid FROM videos_fts WHERE videos_fts MATCH '"hotel"') ORDER BY v.plays DESC, v.id DESC LIMIT 1`,
      )
      .pluck()
      .get(since);
    expect(ranking[0]).toBe(best);
    expect(answer.summary).toContain("in the 30 days up to 2025-");
    expect(answer.caveats.join(" ")).toMatch(/newest video was published on \d{4}-\d\d-\d\d.*not now/);
    expect(answer.caveats.join(" ")).not.toMatch(/Time windows end now/);
  });

  it("a creator or advertiser view keeps its own window, and the caveat says that instead", async () => {
    const answer = await ask("Which advertisers are new this week?");
    expect(aggregateOf(answer).result.ranking).toEqual([]);
    expect(answer.summary).toBe("There are no newest advertisers (first seen within 7 days).");
    const caveats = answer.caveats.join(" ");
    expect(caveats).toContain('A "new" view counts first sightings back from now');
    // Counted at import (no scrape time in the file): the growth windows end now.
    expect(caveats).toContain("Creator and advertiser growth windows end now");
    expect(caveats).not.toContain("the window ends at that video");
  });

  it("hire-ready creators: posted within 30 days of the newest video, at 5 % engagement or more", async () => {
    const newest = db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number;
    const expected = db
      .prepare(
        `SELECT author_uid FROM videos WHERE created_at >= ? GROUP BY author_uid
         HAVING sum(likes + comments + shares + saves) * 1.0 / sum(plays) >= 0.05
           AND author_uid NOT IN (SELECT uid FROM creators WHERE is_house = 1)
           AND author_uid NOT IN (SELECT author_uid FROM videos WHERE advertiser_id IS NOT NULL
                                  GROUP BY author_uid HAVING count(*) >= 2 AND count(DISTINCT advertiser_id) = 1)
         ORDER BY author_uid`,
      )
      .pluck()
      .all(newest - 30 * DAY);
    expect(expected.length).toBeGreaterThan(0);
    expect(db.prepare("SELECT uid FROM creators WHERE is_hire_ready = 1 ORDER BY uid").pluck().all()).toEqual(
      expected,
    );
  });

  it("counts observed when the scrape was collected: growth windows end at that observation", async () => {
    const { db: old, dir: oldDir } = tempDb();
    try {
      const observed = SCRAPED + DAY;
      await importScrape(old, observed);
      const store = createSqliteStore(old);
      const answer = await ask("Who are the trending creators this week?", {
        store,
        registry: registryOn(store),
      });
      const gains = old
        .prepare(
          "SELECT v.author_uid AS uid, sum(g.gain_7d) AS gain FROM engine_video_gains g JOIN videos v ON v.id = g.video_id GROUP BY v.author_uid ORDER BY gain DESC, uid DESC",
        )
        .all() as { uid: string; gain: number }[];
      // Counted then and never since: ending now, every 7-day gain would be 0.
      expect(gains.every((g) => g.gain > 0)).toBe(true);
      expect(aggregateOf(answer).result.ranking).toEqual(gains.slice(0, 5).map((g) => g.uid));
      expect(answer.caveats.join(" ")).toContain(
        `Nothing was observed after ${new Date(observed * 1000).toISOString().slice(0, 10)}, so creator and advertiser growth windows end at that last observation`,
      );
      // A video published 3 days before the scrape, counted a day after it: all its plays fall in the 7 days.
      const recent = old
        .prepare(
          "SELECT v.plays, g.gain_7d, g.gain_2d FROM videos v JOIN engine_video_gains g ON g.video_id = v.id WHERE v.created_at = ?",
        )
        .get(SCRAPED - 3 * DAY) as { plays: number; gain_7d: number; gain_2d: number };
      expect(recent.gain_7d).toBe(recent.plays);
      expect(recent.gain_2d).toBeLessThan(recent.plays);
      // The trending decay runs from that observation too: ending now, every score would be 0 and the
      // trending feed ordered by id.
      const scores = old
        .prepare("SELECT id FROM videos WHERE trending_score > 0 ORDER BY trending_score DESC, id DESC")
        .pluck()
        .all() as string[];
      expect(scores.length).toBe(old.prepare("SELECT count(*) FROM videos").pluck().get());
      const feed = await callTool(registryOn(store), "service_list_feed", { feed: "trending", limit: 10 });
      expect((feed.data as { id: string }[]).map((v) => v.id)).toEqual(scores.slice(0, 10));
      // "Right now" is no window ending now either: the caveat names the last observation.
      const rightNow = await ask("Which videos are trending right now?", {
        store,
        registry: registryOn(store),
      });
      expect(aggregateOf(rightNow).result.ranking).toEqual(scores.slice(0, 5));
      expect(rightNow.caveats).toContain(
        `"right now" reads as the shortest window a view offers; it does not restrict publication time. Nothing was observed after ${new Date(observed * 1000).toISOString().slice(0, 10)}, so growth and the trending order are measured up to that last observation (service://guide/metrics).`,
      );
      expect(rightNow.caveats.join(" ")).not.toMatch(/Time windows end now/);
    } finally {
      old.close();
      rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it("a count over a window uses the same end", async () => {
    const { result } = aggregateOf(await ask("How many resort videos were posted in the last 14 days?"));
    const expected = db
      .prepare(
        `SELECT count(*) FROM videos WHERE created_at >= ? AND seq IN
           (SELECT rowid FROM videos_fts WHERE videos_fts MATCH '"resort"')`,
      )
      .pluck()
      .get(SCRAPED - 14 * DAY);
    expect(result.count).toBe(expected);
    expect(result.count).toBeGreaterThan(0);
  });
});

describe("Vietnamese words written with accents, side by side, are one phrase", () => {
  it.each([
    ["How many videos mention hồ bơi?", '"ho boi"'],
    ["how many giá tốt videos are there", '"gia tot"'],
    ["How many videos say cuối tuần?", '"cuoi tuan"'],
  ])("%s → %s, counted as the search counts the phrase", async (question, phrase) => {
    const { plan, result } = aggregateOf(await ask(question));
    expect(plan.topics).toEqual([phrase]);
    expect(plan.ignored).toEqual([]);
    expect(result.count).toBe(await searchTotal({ q: phrase }));
    expect(result.count).toBeGreaterThan(0);
  });

  it("two phrases side by side are compared, each over the videos that have it", async () => {
    const answer = await ask("giá tốt vs hồ bơi: which gets more likes?");
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ['"gia tot"', '"ho boi"'],
    });
    const likes = (phrase: string) =>
      median(
        db.prepare("SELECT likes FROM videos WHERE caption LIKE ?").pluck().all(`%${phrase}%`) as number[],
      );
    const statements = answer.findings.map((f) => f.statement);
    expect(statements).toContain(
      `"gia tot": ${likes("giá tốt").toLocaleString("en-US")} median likes per video over 12 videos.`,
    );
    expect(statements).toContain(
      `"ho boi": ${likes("hồ bơi").toLocaleString("en-US")} median likes per video over 6 videos.`,
    );
  });

  it("'a pool (hồ bơi)': a word and its translation in brackets, the videos with either (search)", async () => {
    const { plan, result } = aggregateOf(await ask("How many videos mention a pool (hồ bơi)?"));
    expect(plan).toMatchObject({
      intent: "count",
      filters: ['any_q=pool|"ho boi"'],
      topics: [],
      ignored: [],
    });
    const either = new Set([...(await searchIds("pool")), ...(await searchIds('"ho boi"'))]);
    expect(either.size).toBeGreaterThan((await searchIds("pool")).length);
    expect(result.count).toBe(either.size);
  });

  it("'\"hồ bơi\" (pool) versus those that don't': either one against neither (search, SQL); two names in English stay both", async () => {
    const answer = aggregateOf(
      await ask('Captions that mention "hồ bơi" (pool) versus those that don\'t: any gap in median views?'),
    );
    expect(answer.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      bands: ['about "ho boi" or "pool"', 'about neither "ho boi" nor "pool"'],
    });
    const either = new Set([...(await searchIds("pool")), ...(await searchIds('"ho boi"'))]);
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const inside = median(plays.filter((v) => either.has(v.id)).map((v) => v.plays));
    const outside = median(plays.filter((v) => !either.has(v.id)).map((v) => v.plays));
    expect(groupValue(answer.result, 'about "ho boi" or "pool"')).toBe(inside);
    expect(groupValue(answer.result, 'about neither "ho boi" nor "pool"')).toBe(outside);
    // ("Hoi An (Da Nang)": a place and where it is, both.)
    expect(aggregateOf(await ask("How many videos about Hoi An (Da Nang)?")).plan).toMatchObject({
      topics: ["hoian", "danang"],
      filters: [],
    });
  });

  it("a place written with accents stays its hashtag, and words no video has together stay words", async () => {
    expect(aggregateOf(await ask("How many videos are about Đà Lạt?")).plan.topics).toEqual(["dalat"]);
    // (A capital starts a name: "ở Đà Lạt" is the place, though captions say "ở Đà Lạt".)
    expect(aggregateOf(await ask("How many videos were posted ở Đà Lạt?")).plan.topics).toEqual(["dalat"]);
    const apart = aggregateOf(await ask("How many videos mention phòng biển?")).plan;
    expect(apart.topics).not.toContain('"phong bien"');
  });
});

describe("a named month or year selects that calendar period", () => {
  const month = (at: number) => {
    const d = new Date(at * 1000);
    return {
      from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000,
      to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000,
      d,
    };
  };

  it('"in <Month> <year>": counts and rankings over that month (UTC)', async () => {
    const { from, to, d } = month(SCRAPED - 40 * DAY);
    const name = `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const inMonth = (sql: string) => db.prepare(sql).pluck().all(from, to) as string[];
    const count = await ask(`How many resort videos were published in ${name}?`);
    const { plan, result } = aggregateOf(count);
    expect(plan.window_days).toBe((to - from) / DAY);
    expect((plan as { window_from?: string }).window_from).toBe(new Date(from * 1000).toISOString());
    expect(result.count).toBe(
      inMonth(
        `SELECT id FROM videos WHERE created_at >= ? AND created_at < ? AND seq IN
           (SELECT rowid FROM videos_fts WHERE videos_fts MATCH '"resort"')`,
      ).length,
    );
    expect(count.summary).toContain(`published in ${name} (UTC)`);
    const top = await ask(`most viewed videos from ${name.toLowerCase()}`);
    const expected = inMonth(
      "SELECT id FROM videos WHERE created_at >= ? AND created_at < ? ORDER BY plays DESC, id DESC LIMIT 5",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(aggregateOf(top).result.ranking).toEqual(expected);
  });

  it('"in <year>" is that year; no corpus-recency note', async () => {
    const year = new Date(SCRAPED * 1000).getUTCFullYear();
    const answer = await ask(`How many hotel videos were posted in ${year}?`);
    const { result } = aggregateOf(answer);
    const expected = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= @from AND created_at < @to`)
      .pluck()
      .get({
        ...idList(await searchIds("hotel")),
        from: Date.UTC(year, 0, 1) / 1000,
        to: Date.UTC(year + 1, 0, 1) / 1000,
      });
    expect(result.count).toBe(expected);
    expect(answer.caveats.join(" ")).not.toMatch(/newest video was published|Time windows end now/);
  });
});

describe("quarters, spans, open ends and two periods side by side", () => {
  it("'compare June to July 2025 on views': two months side by side (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("compare June to July 2025 on views"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "plays", ignored: [] });
    expect(plan.periods?.map((p) => p.label)).toEqual(["June 2025", "July 2025"]);
    const month = (m: number) =>
      median(
        db
          .prepare("SELECT plays FROM videos WHERE created_at >= ? AND created_at < ?")
          .pluck()
          .all(Date.UTC(2025, m, 1) / 1000, Date.UTC(2025, m + 1, 1) / 1000) as number[],
      );
    expect(groupValue(result, "June 2025")).toBe(month(5));
    expect(groupValue(result, "July 2025")).toBe(month(6));
    // Without "compare" (or "vs"), one month to another is a span: "median views June to July 2025".
    const span = aggregateOf(await ask("median views June to July 2025"));
    expect(span.plan).toMatchObject({ intent: "measure", metric: "plays" });
    expect(span.plan.understood).toContain('window June to July 2025 (from "june to july 2025")');
    const both = db
      .prepare("SELECT plays FROM videos WHERE created_at >= ? AND created_at < ?")
      .pluck()
      .all(Date.UTC(2025, 5, 1) / 1000, Date.UTC(2025, 7, 1) / 1000) as number[];
    expect(span.result).toMatchObject({ median: median(both), videos: both.length });
  });

  it("dates written in figures: '6/1/2025 to 7/31/2025' (month first), '15/06/2025' and '2025/06/15' (day), '06/2025 vs 07/2025' (SQL)", async () => {
    const counted = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to) as number;
    const day = (m: number, d: number) => Date.UTC(2025, m, d) / 1000;
    const span = aggregateOf(await ask("How many videos between 6/1/2025 and 7/31/2025?"));
    expect(span.plan.understood).toContain(
      'window 1 June to 31 July 2025 (from "between 6/1/2025 and 7/31/2025")',
    );
    expect(span.result.count).toBe(counted(day(5, 1), day(7, 1)));
    expect(span.result.count).toBeGreaterThan(0);
    // A day over 12 written first settles the question's other dates: "1/6/2025" is 1 June here.
    const dayFirst = aggregateOf(await ask("How many videos from 1/6/2025 to 30/6/2025?"));
    expect(dayFirst.plan.understood).toContain(
      'window 1 to 30 June 2025 (from "from 1/6/2025 to 30/6/2025")',
    );
    expect(dayFirst.result.count).toBe(counted(day(5, 1), day(6, 1)));
    for (const written of ["15/06/2025", "2025/06/15", "15.06.2025", "6/15/25"])
      expect(aggregateOf(await ask(`videos posted on ${written}`)).plan.understood).toContain(
        `window 15 June 2025 (from "${written}")`,
      );
    // A day with no year takes the next one's; the figure both share is their month ("1/6 - 10/6/2025": June).
    expect(aggregateOf(await ask("How many videos from 15/6 to 20/7/2025?")).plan.understood).toContain(
      'window 15 June to 20 July 2025 (from "from 15/6 to 20/7/2025")',
    );
    expect(aggregateOf(await ask("How many videos from 1/6 - 10/6/2025?")).plan.understood).toContain(
      'window 1 to 10 June 2025 (from "from 1/6 - 10/6/2025")',
    );
    const months = aggregateOf(await ask("views 06/2025 vs 07/2025"));
    expect(months.plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "plays" });
    expect(months.plan.periods?.map((p) => p.label)).toEqual(["June 2025", "July 2025"]);
    // "2/30/2025" is no day, and said to be; its year is not read alone either.
    const impossible = aggregateOf(await ask("How many videos on 2/30/2025?")).plan;
    expect(impossible.ignored).toEqual(["2/30/2025 (no such day)"]);
    expect(impossible.understood.filter((u) => u.startsWith("window"))).toEqual([]);
  });

  it("'month-over-month … from March to June 2025', 'videos per month, March through June 2025': each month of the span (SQL)", async () => {
    const from = Date.UTC(2025, 2, 1) / 1000;
    const to = Date.UTC(2025, 6, 1) / 1000;
    const counts = db
      .prepare(
        `SELECT strftime('%Y-%m', created_at, 'unixepoch') AS month, count(*) AS n FROM videos
         WHERE created_at >= ? AND created_at < ? GROUP BY month ORDER BY month`,
      )
      .all(from, to) as { month: string; n: number }[];
    expect(counts.length).toBeGreaterThan(1);
    const series = counts.map((c) => `${c.month} ${c.n}`).join(", ");
    for (const question of [
      "Month-over-month change in upload volume from March to June 2025, please.",
      "how many videos per month from March through June 2025",
      "Month-to-month growth in the number of videos posted, March through June 2025.",
    ]) {
      const answer = await ask(question);
      const { plan } = aggregateOf(answer);
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "month" });
      // (The hyphenated words are read, not left over: "overmonth" once came from the question written twice.)
      expect(
        plan.ignored.filter((w) => /month/.test(w)),
        question,
      ).toEqual([]);
      expect(answer.summary, question).toContain(`per publication month (UTC): ${series}.`);
    }
    // "Growth in total likes": each month's total likes, not its number of videos.
    const likes = db
      .prepare(
        `SELECT strftime('%Y-%m', created_at, 'unixepoch') AS month, sum(likes) AS n FROM videos
         WHERE created_at >= ? AND created_at < ? GROUP BY month ORDER BY month`,
      )
      .all(from, to) as { month: string; n: number }[];
    const growth = await ask("Month-to-month growth in total likes from March to June 2025.");
    expect(aggregateOf(growth).plan).toMatchObject({ group_by: "month", metric: "likes" });
    expect(growth.summary).toContain(
      `per publication month (UTC): ${likes.map((c) => `${c.month} ${c.n.toLocaleString("en-US")}`).join(", ")}.`,
    );
  });

  const at = (t: number) => new Date(t * 1000);
  const utc = (y: number, m: number) => Date.UTC(y, m, 1) / 1000;
  const count = (from: number, to: number) =>
    db.prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?").pluck().get(from, to);

  it('"in Q<n> <year>" and "the first half of <year>" select those months (UTC)', async () => {
    const d = at(SCRAPED - 40 * DAY);
    const q = Math.floor(d.getUTCMonth() / 3);
    const [from, to] = [utc(d.getUTCFullYear(), q * 3), utc(d.getUTCFullYear(), q * 3 + 3)];
    const answer = await ask(`How many videos were posted in Q${q + 1} ${d.getUTCFullYear()}?`);
    const { plan, result } = aggregateOf(answer);
    expect(result.count).toBe(count(from, to));
    expect(result.count).toBeGreaterThan(0);
    expect(plan as Record<string, unknown>).toMatchObject({
      window_from: new Date(from * 1000).toISOString(),
      window_to: new Date(to * 1000).toISOString(),
    });
    expect(answer.summary).toContain(`published in Q${q + 1} ${d.getUTCFullYear()} (UTC)`);
    const h = d.getUTCMonth() < 6 ? 0 : 1;
    const half = await ask(
      `How many videos in the ${h === 0 ? "first" : "second"} half of ${d.getUTCFullYear()}?`,
    );
    expect(aggregateOf(half).result.count).toBe(
      count(utc(d.getUTCFullYear(), h * 6), utc(d.getUTCFullYear(), h * 6 + 6)),
    );
  });

  it('"since <Month> <year>" has no end; "before" and "after" are open too; "between … and …" is a span', async () => {
    const d = at(SCRAPED - 40 * DAY);
    const name = `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const from = utc(d.getUTCFullYear(), d.getUTCMonth());
    const next = utc(d.getUTCFullYear(), d.getUTCMonth() + 1);
    const since = await ask(`Top 5 videos since ${name}`);
    const { plan, result } = aggregateOf(since);
    expect((plan as Record<string, unknown>).window_from).toBe(new Date(from * 1000).toISOString());
    expect(plan).not.toHaveProperty("window_to");
    // Its length runs to now (the clock), not to the month's end.
    expect(plan.window_days).toBe(Math.ceil((NOW - from) / DAY));
    expect(result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE created_at >= ? ORDER BY plays DESC, id DESC LIMIT 5")
        .pluck()
        .all(from),
    );
    expect(since.summary).toContain(`published since ${name} (UTC)`);
    const before = await ask(`How many videos were posted before ${name}?`);
    expect(aggregateOf(before).result.count).toBe(count(0, from));
    expect(aggregateOf(before).plan.window_days).toBeNull();
    expect(before.summary).toContain(`published before ${name} (UTC)`);
    const after = await ask(`How many videos were posted after ${name}?`);
    expect(aggregateOf(after).result.count).toBe(count(next, Number.MAX_SAFE_INTEGER));
    const e = at(SCRAPED - 100 * DAY);
    const span = await ask(
      `How many videos between ${MONTH_NAMES[e.getUTCMonth()]} and ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}?`,
    );
    expect(aggregateOf(span).result.count).toBe(count(utc(e.getUTCFullYear(), e.getUTCMonth()), next));
    expect(span.summary).toMatch(/published from \w+ (\d{4} )?to \w+ \d{4} \(UTC\)/);
  });

  it("a month, day or quarter named without a year is the latest one up to the scrape's newest video, and says so (SQL)", async () => {
    const newest = at(SCRAPED);
    // The latest start of `month` (day `day`) that is not after the newest video.
    const latest = (month: number, day = 1) => {
      const y = newest.getUTCFullYear();
      return Date.UTC(y, month, day) / 1000 <= SCRAPED ? y : y - 1;
    };
    const d = at(SCRAPED - 40 * DAY);
    const m = d.getUTCMonth();
    const inMonth = await ask(`How many videos were posted in ${MONTH_NAMES[m]}?`);
    const y = latest(m);
    expect(aggregateOf(inMonth).result.count).toBe(count(utc(y, m), utc(y, m + 1)));
    expect(aggregateOf(inMonth).result.count).toBeGreaterThan(0);
    expect(inMonth.summary).toContain(`published in ${MONTH_NAMES[m]} ${y} (UTC)`);
    expect(inMonth.caveats.join(" ")).toContain(
      `No year was named in "in ${MONTH_NAMES[m]?.toLowerCase()}": read as ${MONTH_NAMES[m]} ${y}, the latest such dates up to the corpus's newest video (${new Date(SCRAPED * 1000).toISOString().slice(0, 10)}).`,
    );
    // A month after the newest video's is last year's.
    const later = (newest.getUTCMonth() + 2) % 12;
    const last = await ask(`How many videos were posted in ${MONTH_NAMES[later]}?`);
    expect(aggregateOf(last).plan.understood).toContain(
      `window ${MONTH_NAMES[later]} ${latest(later)} (from "in ${MONTH_NAMES[later]?.toLowerCase()}")`,
    );
    expect(latest(later)).toBe(newest.getUTCFullYear() - 1);
    // Over New Year: the November before the February.
    const winter = await ask("How many videos were posted between November and February?");
    const feb = latest(1);
    expect(aggregateOf(winter).result.count).toBe(count(utc(feb - 1, 10), utc(feb, 2)));
    expect(winter.summary).toContain(`published from November ${feb - 1} to February ${feb} (UTC)`);
    // Days, and a third of a month.
    const [a, b] = [at(SCRAPED - 50 * DAY), at(SCRAPED - 20 * DAY)];
    const days = await ask(
      `How many videos were posted between ${MONTH_NAMES[a.getUTCMonth()]?.slice(0, 3)} ${a.getUTCDate()} and ${MONTH_NAMES[b.getUTCMonth()]} ${b.getUTCDate()}?`,
    );
    const dayStart = (t: Date) => Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) / 1000;
    expect(aggregateOf(days).result.count).toBe(count(dayStart(a), dayStart(b) + DAY));
    const mid = await ask(`How many videos were posted in mid-${MONTH_NAMES[m]}?`);
    expect(aggregateOf(mid).result.count).toBe(count(Date.UTC(y, m, 11) / 1000, Date.UTC(y, m, 21) / 1000));
    expect(mid.summary).toContain(
      `published in mid-${MONTH_NAMES[m]} ${y} (11 to 20 ${MONTH_NAMES[m]}) (UTC)`,
    );
    // Two quarters side by side, each the latest begun.
    const quarters = aggregateOf(await ask("Median likes Q1 vs Q2"));
    expect(quarters.plan).toMatchObject({ intent: "breakdown", group_by: "period" });
    expect(quarters.plan.understood).toContain(
      `window Q1 ${latest(0)} and Q2 ${latest(3)} (from "q1 vs q2")`,
    );
    // A year named once is every such date's, and is read, not left over.
    const withYear = await ask(
      `How do videos from ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()} compare to ${MONTH_NAMES[a.getUTCMonth()]}?`,
    );
    expect(a.getUTCMonth()).not.toBe(d.getUTCMonth());
    expect(aggregateOf(withYear).plan).toMatchObject({ intent: "breakdown", group_by: "period" });
    expect(aggregateOf(withYear).plan.understood[0]).toContain(
      `${MONTH_NAMES[a.getUTCMonth()]} ${d.getUTCFullYear()}`,
    );
    expect(withYear.caveats.join(" ")).not.toContain("No year was named");
    // The year named first is the months' ("2025: did videos posted in June get more views than those posted in
    // July?"), set side by side by "than" between them.
    const apart = aggregateOf(
      await ask(
        `${d.getUTCFullYear()}: did videos posted in ${MONTH_NAMES[a.getUTCMonth()]} get more likes than those posted in ${MONTH_NAMES[d.getUTCMonth()]}?`,
      ),
    );
    expect(apart.plan).toMatchObject({ intent: "breakdown", group_by: "period", ignored: [] });
    expect([...(apart.result.ranking as string[])].sort()).toEqual(
      [a, d].map((t) => `${MONTH_NAMES[t.getUTCMonth()]} ${d.getUTCFullYear()}`).sort(),
    );
    const taken = await ask(
      `${d.getUTCFullYear()} between ${MONTH_NAMES[a.getUTCMonth()]} ${a.getUTCDate()} and ${MONTH_NAMES[b.getUTCMonth()]} ${b.getUTCDate()}: how many videos?`,
    );
    expect(aggregateOf(taken).plan.ignored).toEqual([]);
    // "May" as a verb is no month, nor a deck named for a quarter a period.
    expect(aggregateOf(await ask("Which hashtags may help hotel videos?")).plan.window_days).toBeNull();
    expect(aggregateOf(await ask("For our Q3 deck, which hashtags lead?")).plan.window_days).toBeNull();
  });

  it("days of a month ('1–10 Dec 2020', 'nov 23-29', 'between 3 and 10 May 2025') and short years ('Dec \\'24') are periods (SQL)", async () => {
    const d = at(SCRAPED - 40 * DAY);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    const name = MONTH_NAMES[m] as string;
    const days = (first: number, last: number) =>
      count(Date.UTC(y, m, first) / 1000, Date.UTC(y, m, last + 1) / 1000) as number;
    expect(days(1, 10) + days(11, 20)).toBeGreaterThan(0);
    for (const [question, first, last] of [
      [`How many videos were posted 1–10 ${name.slice(0, 3)} ${y}?`, 1, 10],
      [`How many videos were posted ${name} 11-20, ${y}?`, 11, 20],
      [`How many videos were posted between 3 and 12 ${name} ${y}?`, 3, 12],
      [`How many videos were posted ${name.toLowerCase()} 5 to 9?`, 5, 9],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(result.count, question).toBe(days(first, last));
      expect(plan.understood[0], question).toContain(`window ${first} to ${last} ${name} ${y}`);
    }
    // Two sets of days side by side.
    const pair = aggregateOf(await ask(`Median views 1–10 ${name} ${y} vs 11–20 ${name} ${y}`));
    expect(pair.plan).toMatchObject({ intent: "breakdown", group_by: "period" });
    expect([...(pair.result.ranking as string[])].sort()).toEqual([
      `1 to 10 ${name} ${y}`,
      `11 to 20 ${name} ${y}`,
    ]);
    // "q3 25" is Q3 2025, as hurried users write it.
    const q = Math.floor(m / 3);
    const quarter = aggregateOf(await ask(`how many videos q${q + 1} ${String(y).slice(2)}`));
    expect(quarter.result.count).toBe(count(utc(y, q * 3), utc(y, q * 3 + 3)));
    // "'24" is 2024; dates within a year named beside them are read, the year with them.
    const short = aggregateOf(await ask(`How many videos in ${name} '${String(y).slice(2)}?`));
    expect(short.result.count).toBe(count(utc(y, m), utc(y, m + 1)));
    const within = aggregateOf(
      await ask(`Week of ${y} (3 ${name.slice(0, 3)} – 9 ${name.slice(0, 3)}): how many videos?`),
    );
    expect(within.result.count).toBe(days(3, 9));
    expect(within.plan.ignored).toEqual([]);
  });

  it("'the first 12 days of <month>', 'the second half of …', 'the 3 months to …', 'the week after …', '… vs the 2 months before': those days (SQL)", async () => {
    const d = at(SCRAPED - 40 * DAY);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    const name = MONTH_NAMES[m] as string;
    const day = (n: number) => Date.UTC(y, m, n) / 1000;
    const end = utc(y, m + 1);
    for (const [question, from, to] of [
      [`How many videos were posted in the first 12 days of ${name} ${y}?`, day(1), day(13)],
      [`How many videos in the last 10 days of ${name} ${y}?`, end - 10 * DAY, end],
      [`How many videos in the second half of ${name} ${y}?`, day(16), end],
      [`How many videos in the first two weeks of ${name.toLowerCase()}?`, day(1), day(15)],
      [`How many videos were posted in the 3 months to ${name} ${y}?`, utc(y, m - 2), end],
      [`How many videos were posted the week after 10 ${name} ${y}?`, day(11), day(18)],
      [`How many videos were posted in the 20 days before 21 ${name} ${y}?`, day(1), day(21)],
      [`How many videos were posted the month before the start of ${name} ${y}?`, utc(y, m - 1), utc(y, m)],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(result.count, question).toBe(count(from, to));
      expect(plan.ignored, question).toEqual([]);
      expect(plan as Record<string, unknown>, question).toMatchObject({
        window_from: new Date(from * 1000).toISOString(),
        window_to: new Date(to * 1000).toISOString(),
      });
    }
    expect(count(day(1), day(13))).toBeGreaterThan(0);
    // ("Posted in the first two weeks" asks for no oldest videos.)
    const posted = aggregateOf(await ask(`Top videos posted in the first two weeks of ${name} ${y}`));
    expect(posted.plan).toMatchObject({ intent: "rank", subject: "videos" });
    expect(posted.plan).not.toHaveProperty("oldest");
    const first = await ask(`How many videos were posted in the first 12 days of ${name} ${y}?`);
    expect(first.summary).toContain(`published from 1 to 12 ${name} ${y} (UTC)`);
    const months = await ask(`How many videos were posted in the 3 months to ${name} ${y}?`);
    expect(months.summary).toContain(`published in the 3 months to ${name} ${y} (`);
    // A stretch before the calendar window read first, side by side with it.
    const likes = (from: number, to: number) =>
      median(
        db
          .prepare("SELECT likes FROM videos WHERE created_at >= ? AND created_at < ?")
          .pluck()
          .all(from, to) as number[],
      );
    const pair = aggregateOf(
      await ask(`Median likes in the 2 months to ${name} ${y} vs the 2 months before`),
    );
    expect(pair.plan).toMatchObject({ intent: "breakdown", group_by: "period", ignored: [] });
    const [later, earlier] = [
      (pair.result.ranking as string[]).find((k) => k.startsWith("the 2 months to")) as string,
      (pair.result.ranking as string[]).find((k) => k.startsWith("the 2 months before")) as string,
    ];
    expect(groupValue(pair.result, later)).toBe(likes(utc(y, m - 1), end));
    expect(groupValue(pair.result, earlier)).toBe(likes(utc(y, m - 3), utc(y, m - 1)));
    // Two ISO days joined by "..", as agents write a range.
    const iso = (t: Date) => t.toISOString().slice(0, 10);
    const range = aggregateOf(await ask(`How many videos ${iso(at(SCRAPED - 60 * DAY))}..${iso(d)}?`));
    const start = (t: number) => Math.floor(t / DAY) * DAY;
    expect(range.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(start(SCRAPED - 60 * DAY), start(SCRAPED - 40 * DAY) + DAY) as number,
    );
    expect(range.plan.ignored).toEqual([]);
    // Two spans set side by side, as weekly reports write them ("Jul 1 – Jul 10, 2025 vs Jul 11–20").
    const short = name.slice(0, 3);
    const weeks = aggregateOf(
      await ask(`Median likes ${short} 1 – ${short} 10, ${y} vs ${short} 11–20: which did better?`),
    );
    expect(weeks.plan).toMatchObject({ intent: "breakdown", group_by: "period", ignored: [] });
    expect(groupValue(weeks.result, `1 to 10 ${name} ${y}`)).toBe(likes(day(1), day(11)));
    expect(groupValue(weeks.result, `11 to 20 ${name} ${y}`)).toBe(likes(day(11), day(21)));
    // Three months listed, each a group: "uploads in May, June and July 2025".
    expect(m).toBeGreaterThanOrEqual(2);
    const listedMonths = [m - 2, m - 1, m].map((k) => MONTH_NAMES[k] as string);
    const listed = aggregateOf(
      await ask(`Uploads in ${listedMonths[0]}, ${listedMonths[1]} and ${listedMonths[2]} ${y}?`),
    );
    expect(listed.plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "videos" });
    for (const [k, month] of listedMonths.entries())
      expect(groupValue(listed.result, `${month} ${y}`), month).toBe(
        count(utc(y, m - 2 + k), utc(y, m - 1 + k)),
      );
    // "The busiest upload day": every day counted, the busiest of all named, not only of the days shown.
    const days = db
      .prepare(
        "SELECT date(created_at, 'unixepoch') AS d, count(*) AS n FROM videos GROUP BY d ORDER BY n DESC, d DESC",
      )
      .all() as { d: string; n: number }[];
    expect(days.length).toBeGreaterThan(31);
    const busiest = await ask("What was the busiest single upload day?");
    expect(aggregateOf(busiest).plan).toMatchObject({ intent: "breakdown", group_by: "day" });
    expect(busiest.summary).toContain(`The most of all ${days.length} days: ${days[0]?.d} (${days[0]?.n})`);
    const everyWeek = db
      .prepare(
        "SELECT date(created_at, 'unixepoch', 'weekday 0', '-6 days') AS w, count(*) AS n FROM videos GROUP BY w ORDER BY w",
      )
      .all() as { w: string; n: number }[];
    const quietest = [...everyWeek].sort((a, b) => a.n - b.n || a.w.localeCompare(b.w))[0] as {
      w: string;
      n: number;
    };
    // (The quietest week is not among the last 12 shown: the least of every week is named, not of those shown.)
    expect(everyWeek.findIndex((x) => x.w === quietest.w)).toBeLessThan(everyWeek.length - 12);
    const fewest = await ask("Which week had the fewest uploads?");
    expect(fewest.summary).toContain(
      `The least of all ${everyWeek.length} weeks: ${quietest.w} (${quietest.n}); the most`,
    );
    // "Which day in <month> had the most videos?": the days of that month, not the days of the week.
    const byDay = aggregateOf(await ask(`Which day in ${name} ${y} had the most videos?`));
    expect(byDay.plan).toMatchObject({ intent: "breakdown", group_by: "day" });
    expect(aggregateOf(await ask("Which day of the week gets the most views?")).plan.group_by).toBe(
      "weekday",
    );
    // "Did … go up or down between <year> and <span>?": the two periods side by side.
    const upDown = aggregateOf(
      await ask(
        `Did median likes go up or down between ${MONTH_NAMES[m - 1]} ${y} and ${short} 1 – ${short} 10, ${y}?`,
      ),
    );
    expect(upDown.plan).toMatchObject({ intent: "breakdown", group_by: "period" });
    expect(groupValue(upDown.result, `${MONTH_NAMES[m - 1]} ${y}`)).toBe(likes(utc(y, m - 1), utc(y, m)));
    expect(groupValue(upDown.result, `1 to 10 ${name} ${y}`)).toBe(likes(day(1), day(11)));
    // ("How many videos went up between …": posted, no change asked.)
    const wentUp = aggregateOf(
      await ask(`How many videos went up between ${MONTH_NAMES[m - 1]} and ${name} ${y}?`),
    );
    expect(wentUp.plan).toMatchObject({ intent: "count" });
    expect(wentUp.result.count).toBe(count(utc(y, m - 1), utc(y, m + 1)));
    // (Words between them are read apart: "posted by verified accounts, compared with …" keeps the accounts.)
    const apartWords = aggregateOf(
      await ask(`How many ${name} ${y} videos came from verified creators, compared with ${name} ${y - 1}?`),
    );
    expect(apartWords.plan.understood.join(" ")).toContain("verified");
    // The scrape's last two weeks are the last 14 days, read whole.
    const scrape = aggregateOf(await ask("How many videos were posted in the last two weeks of the scrape?"));
    expect(scrape.plan.ignored).toEqual([]);
    expect(scrape.plan.understood[0]).toContain(
      'window 14 days (from "in the last two weeks of the scrape")',
    );
  });

  it("'<year> videos with …', 'of the <year> videos', '≥ 20k views', '>= 20k', 'save-rate': read as written (SQL)", async () => {
    const y = at(SCRAPED).getUTCFullYear();
    const inYear = (where: string) =>
      db
        .prepare(`SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ? AND ${where}`)
        .pluck()
        .get(utc(y, 0), utc(y + 1, 0)) as number;
    for (const question of [
      `${y} videos with ≥ 20k views: how many are there?`,
      `How many of the ${y} videos have >= 20,000 views?`,
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan.understood, question).toContain(`window ${y} (from "${y}")`);
      expect(plan.ignored, question).toEqual([]);
      expect(result.count ?? result.part, question).toBe(inYear("plays >= 20000"));
    }
    // "20 seconds or less", "20k views or more", "… and up": at most and at least.
    const count = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get() as number;
    for (const [question, where] of [
      ["How many videos run 30 seconds or less?", "duration_s <= 30 AND media_type = 'video'"],
      ["How many videos have 20k views or more?", "plays >= 20000"],
      ["How many videos got 500 likes and up?", "likes >= 500"],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan.ignored, question).toEqual([]);
      expect(result.count, question).toBe(count(where));
    }
    // ("Under 10 seconds or longer than 100 seconds": "10 seconds or longer" is not read out of it.)
    const ends = aggregateOf(await ask("How many videos run under 10 seconds or longer than 100 seconds?"));
    expect(ends.plan.understood).toContain('shorter than 10 s (from "under 10 seconds")');
    expect(ends.plan.understood).toContain('longer than 100 s (from "longer than 100 seconds")');
    // A list of fields each video listed is to show, as agents write it: no topics, no creator ranking.
    for (const question of [
      "Return the videos that mention resort, with id, author, searched place, plays and saves, sorted by plays.",
      "Top 3 resort videos by likes: id, author, plays, creation date.",
      "List the resort videos with over 10k views (id, author, saves, plays, creation date).",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        topics: ["resort"],
        ignored: [],
      });
      expect(
        plan.understood.some((u) => u.includes("the fields each video listed shows")),
        question,
      ).toBe(true);
      expect((result.ranking as string[]).length, question).toBeGreaterThan(0);
    }
    // One account against everyone else, on the measure named (topics named apply to both).
    const stay1 = db.prepare("SELECT uid FROM creators WHERE handle = 'stay1'").pluck().get() as string;
    const vsRest = aggregateOf(
      await ask("How does @stay1 compare with every other creator on median likes?"),
    );
    expect(vsRest.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "likes",
      creators: [],
      bands: ["by @stay1", "not by @stay1"],
      ignored: [],
    });
    const likesWhere = (where: string) =>
      median(db.prepare(`SELECT likes FROM videos WHERE ${where}`).pluck().all(stay1) as number[]);
    expect(groupValue(vsRest.result, "by @stay1")).toBe(likesWhere("author_uid = ?"));
    expect(groupValue(vsRest.result, "not by @stay1")).toBe(likesWhere("author_uid != ?"));
    // The search that found each video is not recorded: asked first, declined; asked after something else, said.
    const bySearch = await ask("Which searched place had the lowest median saves?");
    expect(bySearch.summary).toMatch(
      /^I cannot answer this question: the corpus does not record the search that found each video/,
    );
    const partly = aggregateOf(
      await ask("How many videos mention resort, and which searched place uses it most?"),
    );
    expect(partly.plan).toMatchObject({ intent: "count", topics: ["resort"] });
    expect(partly.plan.ignored).toEqual([
      expect.stringMatching(/^which searched place \(not recorded: the search that found each video/),
    ]);
    // Topics listed and asked of "separately": each one's videos, side by side.
    expect(aggregateOf(await ask("#resort and #homestay separately: median views")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      ignored: [],
    });
    // "… is the bigger follower count winning on views?": compared on views.
    expect(
      aggregateOf(await ask("@stay1 vs @stay3: is the bigger follower count winning on views?")).plan,
    ).toMatchObject({ intent: "compare", metric: "plays" });
    // "Posted at least 3 times": that many videos of an account's.
    const times = aggregateOf(await ask("Which creators posted at least 3 times?"));
    expect(times.plan.understood).toContain(
      'creators with at least 3 of the videos in question (from "at least 3 videos")',
    );
    expect(times.plan.ignored).toEqual([]);
    const rate = aggregateOf(await ask("What's the median save-rate of hotel videos?"));
    expect(rate.plan).toMatchObject({ metric: "save_rate", ignored: [] });
  });

  it('"more views in <month> than in <month>?": each period a group, by median views (SQL)', async () => {
    const [a, b] = [at(SCRAPED - 10 * DAY), at(SCRAPED - 40 * DAY)];
    expect(a.getUTCMonth()).not.toBe(b.getUTCMonth());
    const label = (d: Date) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const answer = await ask(`Did hotel videos get more views in ${label(a)} than in ${label(b)}?`);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "plays" });
    const hotel = await searchIds("hotel");
    const medianIn = (d: Date) =>
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS} AND created_at >= @from AND created_at < @to`)
          .pluck()
          .all({
            ...idList(hotel),
            from: utc(d.getUTCFullYear(), d.getUTCMonth()),
            to: utc(d.getUTCFullYear(), d.getUTCMonth() + 1),
          }) as number[],
      );
    const expected = [
      [label(a), medianIn(a)],
      [label(b), medianIn(b)],
    ].sort((x, y) => (y[1] as number) - (x[1] as number));
    expect(result.ranking).toEqual(expected.map((x) => x[0]));
    expect(result.values).toEqual(expected.map((x) => x[1]));
    expect(answer.summary).toContain(`the leading period among videos about "hotel"`);
    // A period with no video is said, not dropped.
    const empty = await ask(`hotel videos in ${label(a)} vs ${label(b).replace(/\d{4}$/, "2011")}`);
    expect(empty.summary).toContain(
      `There are none published in ${label(b).replace(/\d{4}$/, "2011")} to compare with.`,
    );
  });

  it('"each year": the videos per publication year, in order (SQL)', async () => {
    const answer = await ask("How many videos were posted each year?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.group_by).toBe("year");
    const rows = db
      .prepare(
        "SELECT strftime('%Y', created_at, 'unixepoch') AS y, count(*) AS n FROM videos GROUP BY y ORDER BY y",
      )
      .raw()
      .all() as [string, number][];
    expect(result.ranking).toEqual(rows.map((r) => r[0]));
    expect(result.values).toEqual(rows.map((r) => r[1]));
    expect(answer.summary).toMatch(/^Videos per publication year \(UTC\): /);
  });
});

describe("a year the corpus does not reach", () => {
  it('"in 1899", "in 2150": nothing selected, and the caveat gives the span of the corpus (SQL)', async () => {
    const [oldest, newest] = db
      .prepare("SELECT min(created_at), max(created_at) FROM videos")
      .raw()
      .get() as number[];
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    for (const year of [1899, 2150]) {
      const answer = await ask(`What are the top hotel videos from ${year}?`);
      expect((aggregateOf(answer).plan as { window_from?: string }).window_from).toBe(
        new Date(Date.UTC(year, 0, 1)).toISOString(),
      );
      expect(answer.summary).toBe(`No videos about "hotel" published in ${year} (UTC).`);
      expect(answer.caveats).toContain(
        `${year} selects videos by their publish time (UTC). The corpus holds no video published then: its videos were published from ${day(oldest as number)} to ${day(newest as number)}.`,
      );
    }
    // A count is no year: "from 2000 views".
    expect(aggregateOf(await ask("Which hotel videos went from 2000 views up?")).plan.window_days).toBeNull();
  });
});

describe("a region filter on videos that mostly have no region", () => {
  it("says how many of the videos have a region at all", async () => {
    const answer = await ask("Which videos about Da Nang in Vietnam got the most views?");
    const { plan } = aggregateOf(answer);
    expect(plan.filters).toEqual(["region=VN"]);
    expect(plan.topics).toEqual(["danang"]);
    const total = await searchTotal({ q: "danang" });
    const known = await searchTotal({ q: "danang", region: "VN" });
    expect(known).toBe(1);
    const ids = await searchIds("danang");
    const withLanguage = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND language IS NOT NULL`)
      .pluck()
      .get(idList(ids)) as number;
    expect(withLanguage).toBeGreaterThan(known);
    const note = answer.caveats.find((c) => c.startsWith("The region is known for"));
    expect(note).toBe(
      `The region is known for ${known} of the ${total} videos about "danang" (${Math.round((known / total) * 10000) / 100} %): a video without one never matches region VN, so these figures cover only the videos whose region is recorded. To cover the rest, ask without the region, or by language, which ${withLanguage} of them record.`,
    );
  });

  it("says nothing when the region is recorded for the videos in question", async () => {
    const answer = await ask("How many ads from Vietnam are about homestays?");
    const { plan } = aggregateOf(answer);
    expect(plan.filters).toEqual(expect.arrayContaining(["region=VN"]));
    // The two #homestay ads both carry region VN.
    expect(answer.caveats.some((c) => c.startsWith("The region is known for"))).toBe(false);
  });
});

describe("two languages or regions named are compared, not the first alone", () => {
  const byLanguage = (code: string) =>
    db.prepare("SELECT plays FROM videos WHERE language = ?").pluck().all(code) as number[];

  it('"Vietnamese vs English videos": both languages on median views (SQL), whichever the wording', async () => {
    for (const question of [
      "Compare views of Vietnamese vs English videos",
      "Do videos in English get more views than in Vietnamese?",
      "Vietnamese or English videos: which get more views?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "language", filters: [] });
      expect([...(plan.compare_codes as string[])].sort(), question).toEqual(["en", "vi"]);
      const expected = [
        { key: "en", value: median(byLanguage("en")) },
        { key: "vi", value: median(byLanguage("vi")) },
      ].sort((a, b) => b.value - a.value);
      expect(result.ranking, question).toEqual(expected.map((g) => g.key));
      expect(result.values, question).toEqual(expected.map((g) => g.value));
      expect(result.videos, question).toBe(byLanguage("en").length + byLanguage("vi").length);
      // The first language named is no filter of the answer.
      expect(plan.understood, question).not.toContainEqual(expect.stringMatching(/^language /));
    }
  });

  it("a count asked compares sizes; a language without videos is said to have none", async () => {
    const count = await ask("Are there more videos in Vietnamese or in Korean?");
    const { plan, result } = aggregateOf(count);
    expect([plan.metric, plan.compare_codes]).toEqual(["videos", ["vi", "ko"]]);
    expect(result.ranking).toEqual(["vi"]);
    expect(result.values).toEqual([byLanguage("vi").length]);
    expect(count.summary).toMatch(/There are none in language ko to compare with\./);
    // The videos without a recorded language are in neither group, and the caveat says how many have one.
    const known = db
      .prepare("SELECT count(*) FROM videos WHERE language IS NOT NULL")
      .pluck()
      .get() as number;
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    expect(count.caveats.join(" ")).toContain(
      known === all ? `which all ${all} videos have` : `which ${known} of the ${all} videos have`,
    );
  });

  it("two regions on a measure are compared; on a share, declined rather than answered for one", async () => {
    const { plan } = aggregateOf(
      await ask("Do resort videos in VN get more likes than in the United States?"),
    );
    expect(plan).toMatchObject({ group_by: "region", compare_codes: ["VN", "US"], metric: "likes" });
    const share = aggregateOf(await ask("What share of ads are in Vietnam compared to the United States?"));
    expect(share.plan.intent).toBe("decline");
    expect(String(share.result.declined)).toMatch(/several regions \(VN, US\)/);
  });
});

describe("more questions read as meant", () => {
  it('"which hotels advertise the most": advertisers by their ads about the topic (SQL)', async () => {
    const { plan, result } = aggregateOf(await ask("Which resorts advertise the most on TikTok?"));
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "advertisers",
      metric: "videos",
      filters: ["ad=yes"],
      topics: ["resort"],
    });
    const expected = db
      .prepare(
        `SELECT advertiser_id FROM ${IN_IDS} AND label_ad = 1 AND advertiser_id IS NOT NULL
         GROUP BY advertiser_id ORDER BY count(*) DESC, advertiser_id`,
      )
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(result.ranking).toEqual(expected.slice(0, 5));
    // Words naming them at length ("which Da Lat homestay resorts advertise"), and without "the most".
    const described = aggregateOf(await ask("Which Da Lat homestay resorts advertise on TikTok?")).plan;
    expect(described).toMatchObject({ subject: "advertisers", filters: ["ad=yes"] });
    expect(described.topics).toEqual(expect.arrayContaining(["dalat", "homestay", "resort"]));
    // "Which videos advertise …" stays about videos.
    expect(aggregateOf(await ask("Which videos advertise resorts?")).plan.subject).toBe("videos");
  });

  it('"is TikTok good for …": an overview of those videos, the judgement said to be out of reach', async () => {
    const answer = await ask("Is TikTok good for resort marketing?");
    const { plan } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "overview", topics: ["resort"] });
    expect(plan.understood).toContain(
      "an overview of the videos in question (whether it is good is a judgement the corpus cannot make)",
    );
    const count = db
      .prepare(`SELECT count(*) FROM ${IN_IDS}`)
      .pluck()
      .get(idList(await searchIds("resort")));
    expect(answer.summary).toMatch(new RegExp(`^${count} videos about "resort"; median plays `));
  });

  it('"most used", "most common" count videos, also among viral videos (SQL)', async () => {
    const viral = aggregateOf(await ask("What sounds are most used in viral videos?"));
    expect(viral.plan).toMatchObject({ subject: "sounds", metric: "videos", viral: true });
    const lengths = aggregateOf(await ask("What's the most common video length?"));
    expect(lengths.plan).toMatchObject({ intent: "breakdown", group_by: "length", metric: "videos" });
    const bands = db
      .prepare(
        `SELECT CASE WHEN duration_s < 15 THEN 'under 15 s' WHEN duration_s < 30 THEN '15-30 s'
                WHEN duration_s < 60 THEN '30-60 s' WHEN duration_s < 180 THEN '1-3 min' ELSE 'over 3 min' END AS band,
                count(*) AS n
         FROM videos WHERE media_type = 'video' AND duration_s IS NOT NULL GROUP BY band ORDER BY n DESC, band`,
      )
      .all() as { band: string; n: number }[];
    expect(lengths.result.ranking).toEqual(bands.map((b) => b.band));
    expect(lengths.result.values).toEqual(bands.map((b) => b.n));
  });

  it('"is it better to post on weekends?": Saturday and Sunday (UTC) against the other days (SQL)', async () => {
    for (const question of [
      "Is it better to post on weekends?",
      "Do weekday or weekend posts get more views?",
      // Days abbreviated: the same two groups.
      "videos posted on sat or sun vs mon-fri: median views",
      "do posts on sat/sun get more views than mon to fri?",
      "mon-fri vs sat-sun: median views",
    ]) {
      const answer = await ask(question);
      const { plan, result } = aggregateOf(answer);
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "weekend", metric: "plays" });
      expect(plan.ignored, question).toEqual([]);
      expect(plan.topics, question).toEqual([]);
      const plays = (weekend: boolean) =>
        db
          .prepare(
            `SELECT plays FROM videos WHERE CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) ${weekend ? "IN" : "NOT IN"} (0, 6)`,
          )
          .pluck()
          .all() as number[];
      // Equal medians: the larger group first.
      const expected = [
        { key: "weekends (Saturday, Sunday)", value: median(plays(true)), size: plays(true).length },
        { key: "weekdays (Monday to Friday)", value: median(plays(false)), size: plays(false).length },
      ].sort((a, b) => b.value - a.value || b.size - a.size);
      expect(result.ranking, question).toEqual(expected.map((g) => g.key));
      expect(result.values, question).toEqual(expected.map((g) => g.value));
      expect(answer.caveats.join(" "), question).toMatch(/in UTC/);
    }
    // A sentence's closing dot leaves the measure read ("comments." is comments); "each caption language" is
    // the language recorded.
    const closing = aggregateOf(await ask("For each caption language, the median number of comments."));
    expect(closing.plan).toMatchObject({
      intent: "breakdown",
      group_by: "language",
      metric: "comments",
      ignored: [],
    });
    // "For each language with at least N videos": only the groups with that many (SQL).
    const sizes = db
      .prepare("SELECT language, count(*) AS n FROM videos WHERE language IS NOT NULL GROUP BY language")
      .all() as { language: string; n: number }[];
    const floor = [...new Set(sizes.map((g) => g.n))].sort((a, b) => a - b)[1] ?? 1;
    const bounded = aggregateOf(
      await ask(`For each language with at least ${floor} videos, the median comments`),
    );
    expect(bounded.plan).toMatchObject({ group_by: "language", metric: "comments", ignored: [] });
    expect(new Set(bounded.result.ranking as string[])).toEqual(
      new Set(sizes.filter((g) => g.n >= floor).map((g) => g.language)),
    );
    expect(sizes.some((g) => g.n < floor)).toBe(true);
    // "Which languages have at least N videos?", "how many …": those languages, counted and named (stop 66).
    const least = ([...sizes].sort((a, b) => b.n - a.n)[1] as { n: number }).n;
    const which = await ask(`which languages have at least ${least} videos?`);
    const kept = sizes
      .filter((g) => g.n >= least)
      .sort((a, b) => b.n - a.n || (a.language < b.language ? -1 : 1));
    expect(kept.length).toBeGreaterThan(1);
    expect(aggregateOf(which).plan).toMatchObject({ intent: "breakdown", group_by: "language", ignored: [] });
    expect(aggregateOf(which).result.ranking).toEqual(kept.map((g) => g.language));
    expect(aggregateOf(which).result.values).toEqual(kept.map((g) => g.n));
    const howMany = await ask(`how many languages have at least ${least} videos?`);
    expect(howMany.summary).toMatch(
      new RegExp(
        `^${kept.length} languages have at least ${least} videos: ${kept.map((g) => `${g.language} \\(${g.n}\\)`).join(" and ")}\\. By number of videos`,
      ),
    );
    expect((await ask(`how many languages have at least ${floor} videos?`)).summary).toMatch(
      new RegExp(
        `^One language has at least ${floor} videos: \\w+ \\(\\d+ videos\\); the other${sizes.length === 2 ? " has" : ` ${sizes.length - 1} have`} fewer\\.$`,
      ),
    );
    // A count after "per" is a rate's base, not another measure.
    expect(
      aggregateOf(await ask("weekends vs weekdays: median comments per 1,000 views")).plan,
    ).not.toHaveProperty("also_measured");
    // A second count named: each group on it too, said after the first (in the first's order).
    const also = await ask("weekends vs weekdays: median views and median shares");
    const { plan, result } = aggregateOf(also);
    expect(plan).toMatchObject({
      group_by: "weekend",
      metric: "plays",
      also_measured: ["shares"],
      ignored: [],
    });
    const shares = (weekend: boolean) =>
      median(
        db
          .prepare(
            `SELECT shares FROM videos WHERE CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) ${weekend ? "IN" : "NOT IN"} (0, 6)`,
          )
          .pluck()
          .all() as number[],
      );
    const byKey = {
      "weekends (Saturday, Sunday)": shares(true),
      "weekdays (Monday to Friday)": shares(false),
    };
    const ranking = result.ranking as (keyof typeof byKey)[];
    expect((result.also as Record<string, number[]>).shares).toEqual(ranking.map((k) => byKey[k]));
    expect(also.summary).toContain(
      `Median shares per video: ${ranking.map((k) => `${k} ${byKey[k].toLocaleString("en-US")}`).join(", ")}.`,
    );
    // The set is searched once, not once per count.
    expect(also.method.filter((m) => m.tool === "service_search_videos")).toHaveLength(1);
  });
});

describe("three accounts compared", () => {
  it("'compare @stay1, @stay2 and @stay3 on views' names all three; 'which is the weakest' the last first (SQL)", async () => {
    const total = (handle: string) =>
      db
        .prepare(
          "SELECT sum(v.plays) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle = ?",
        )
        .pluck()
        .get(handle) as number;
    const sorted = ["stay1", "stay2", "stay3"]
      .map((h) => ({ name: `@${h}`, value: total(h) }))
      .sort((a, b) => b.value - a.value);
    const shown = (v: number) => v.toLocaleString("en-US");
    const [a, b, c] = sorted as [(typeof sorted)[0], (typeof sorted)[0], (typeof sorted)[0]];
    expect((await ask("Compare @stay1, @stay2 and @stay3 on views.")).summary).toBe(
      `${a.name} is ahead on views: ${shown(a.value)} vs ${shown(b.value)} for ${b.name} and ${shown(c.value)} for ${c.name}.`,
    );
    // One with none of the videos in question is said to have none, not compared on 0.
    const handles = db
      .prepare(
        `SELECT c.handle, sum(v.hashtags LIKE '%cantho%') AS n FROM creators c JOIN videos v ON v.author_uid = c.uid
         GROUP BY c.handle ORDER BY n DESC, c.handle`,
      )
      .all() as { handle: string; n: number }[];
    const withSome = handles.find((h) => h.n > 0)?.handle as string;
    const without = handles.find((h) => h.n === 0)?.handle as string;
    const cantho = db
      .prepare(
        "SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle = ? AND v.hashtags LIKE '%cantho%'",
      )
      .pluck()
      .all(withSome) as number[];
    const one = await ask(
      `Accounts like @${withSome} and @${without}: median views of their Can Tho videos?`,
    );
    expect(aggregateOf(one).plan).toMatchObject({ intent: "compare", metric: "plays" });
    expect(one.summary).toBe(
      `@${withSome}: ${shown(median(cantho))} median views per video (over their videos about "cantho"). @${without} has no videos about "cantho".`,
    );
    const weakest = await ask("Of @stay1, @stay2 and @stay3, which account is the weakest on views?");
    expect(aggregateOf(weakest).plan).toMatchObject({ intent: "compare", lowest: true });
    expect(weakest.summary).toBe(
      `${c.name} is behind on views: ${shown(c.value)} vs ${shown(b.value)} for ${b.name} and ${shown(a.value)} for ${a.name}.`,
    );
  });
});

describe("two hashtags named, their videos compared", () => {
  it("'#dalat vs #vungtau: which tag gets more likes?', '… side by side': each tag's videos (search, SQL); 'top hashtags in …' stays what each uses", async () => {
    const likes = db.prepare("SELECT id, likes FROM videos").all() as { id: string; likes: number }[];
    const medianOf = async (q: string) => {
      const ids = new Set(await searchIds(q));
      return median(likes.filter((v) => ids.has(v.id)).map((v) => v.likes));
    };
    for (const question of [
      "#dalat vs #vungtau: which tag gets more likes?",
      "Put #dalat and #vungtau side by side on median likes.",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        subject: "videos",
        group_by: "topic",
        metric: "likes",
        compare_topics: ["dalat", "vungtau"],
      });
      expect(groupValue(result, "dalat"), question).toBe(await medianOf("dalat"));
      expect(groupValue(result, "vungtau"), question).toBe(await medianOf("vungtau"));
    }
    expect(aggregateOf(await ask("top hashtags in #dalat vs #vungtau videos")).plan).toMatchObject({
      intent: "compare",
      subject: "hashtags",
    });
  });
});

describe("the worst month, day or video: the lowest named", () => {
  it("'which month was the worst for median views?': the months in order, the least and the most named (SQL)", async () => {
    const answer = await ask("Which month was the worst for median views?");
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "breakdown",
      group_by: "month",
      metric: "plays",
    });
    const rows = db
      .prepare("SELECT strftime('%Y-%m', created_at, 'unixepoch') AS month, plays FROM videos")
      .all() as { month: string; plays: number }[];
    const months = [...new Set(rows.map((r) => r.month))].map((month) => ({
      month,
      value: median(rows.filter((r) => r.month === month).map((r) => r.plays)),
    }));
    const least = [...months].sort((a, b) => a.value - b.value || a.month.localeCompare(b.month))[0];
    const most = [...months].sort((a, b) => b.value - a.value || b.month.localeCompare(a.month))[0];
    expect(answer.summary).toContain(
      `The least: ${least?.month} (${least?.value.toLocaleString("en-US")}); the most: ${most?.month} (${most?.value.toLocaleString("en-US")}).`,
    );
  });

  it("'which weekday is worst for views?': the lowest day beside the highest (SQL)", async () => {
    const answer = await ask("Which weekday is worst for views?");
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      metric: "plays",
    });
    const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const rows = db
      .prepare("SELECT CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) AS day, plays FROM videos")
      .all() as { day: number; plays: number }[];
    const days = DAYS.map((name, day) => {
      const plays = rows.filter((r) => r.day === day).map((r) => r.plays);
      return { name, size: plays.length, value: plays.length > 0 ? median(plays) : 0 };
    }).filter((d) => d.size >= 5);
    // Monday and Wednesday tie at the bottom (8,000 each).
    const low = Math.min(...days.map((d) => d.value));
    const tied = days.filter((d) => d.value === low).map((d) => d.name);
    const highest = [...days].sort((a, b) => b.value - a.value)[0];
    expect(tied).toEqual(["Monday", "Wednesday"]);
    expect(answer.summary).toMatch(
      new RegExp(
        `^By median views per video, Monday and Wednesday tie as the lowest publication day among videos: ${low.toLocaleString("en-US")} median views per video each; the highest ${highest?.name}: `,
      ),
    );
  });

  it("'bottom 3 creators by median views, counting only those with at least 5 videos': from the bottom, each one's median (SQL)", async () => {
    const answer = aggregateOf(
      await ask("Bottom 3 creators by median views, counting only those with at least 5 videos."),
    );
    expect(answer.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "plays",
      per_video: true,
      lowest: true,
      count: 3,
    });
    const rows = db.prepare("SELECT author_uid AS uid, plays FROM videos").all() as {
      uid: string;
      plays: number;
    }[];
    const medians = [...new Set(rows.map((r) => r.uid))]
      .map((uid) => ({ uid, plays: rows.filter((r) => r.uid === uid).map((r) => r.plays) }))
      .filter((c) => c.plays.length >= 5)
      .map((c) => ({ uid: c.uid, value: median(c.plays) }))
      .sort((a, b) => a.value - b.value);
    expect(answer.result.values).toEqual(medians.slice(0, 3).map((c) => c.value));
  });

  it("'what's @x's worst video?': that account's least viewed", async () => {
    const answer = aggregateOf(await ask("What's @stay2's worst-performing video?"));
    expect(answer.plan).toMatchObject({ intent: "rank", subject: "videos", metric: "plays", count: 1 });
    const least = db
      .prepare(
        "SELECT min(v.plays) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle = 'stay2'",
      )
      .pluck()
      .get() as number;
    const [id] = answer.result.ranking as string[];
    expect(db.prepare("SELECT plays FROM videos WHERE id = ?").pluck().get(id)).toBe(least);
  });
});

describe("questions of a marketer, read as meant", () => {
  it('"how many ads did <brand> run" counts its videos labelled as ads; one creator is "1 creator"', async () => {
    const [adv] = db
      .prepare(
        "SELECT a.id, a.name FROM advertisers a JOIN videos v ON v.advertiser_id = a.id GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1",
      )
      .all() as { id: string; name: string }[];
    if (!adv) throw new Error("the scrape has no advertiser");
    const ads = db
      .prepare("SELECT count(*) FROM videos WHERE advertiser_id = ? AND label_ad = 1")
      .pluck()
      .get(adv.id) as number;
    const { plan, result } = aggregateOf(await ask(`How many ads did ${adv.name} run?`));
    expect([plan.intent, plan.filters, plan.advertisers]).toEqual(["count", ["ad=yes"], [adv.id]]);
    expect(result.count).toBe(ads);
    // "Ad-flagged", "flagged as ads": the videos labelled as ads.
    const labelled = db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number;
    for (const question of ["How many ad-flagged videos are there?", "how many videos are flagged as ads?"]) {
      const flagged = aggregateOf(await ask(question));
      expect(flagged.plan, question).toMatchObject({
        intent: "count",
        filters: ["ad=yes"],
        topics: [],
        ignored: [],
      });
      expect(flagged.result.count, question).toBe(labelled);
    }
    const all = await ask(`How many videos has ${adv.name} posted?`);
    const creators = db
      .prepare("SELECT count(DISTINCT author_uid) FROM videos WHERE advertiser_id = ?")
      .pluck()
      .get(adv.id) as number;
    expect(all.summary).toMatch(new RegExp(`by ${creators} creator${creators === 1 ? "" : "s"}\\.$`));
  });

  it('"Ha Long Bay" is #halong, not the rarer #ha and two unknown words', async () => {
    const { plan } = aggregateOf(await ask("What are the top 3 videos about Ha Long Bay?"));
    expect(plan.topics).toEqual(["halong"]);
    expect(plan.ignored).toEqual(["bay"]);
  });

  it('"which hotel in Da Lat has the most videos" counts them per account (SQL); a typical trending video\'s hashtags', async () => {
    const { plan, result } = aggregateOf(await ask("Which hotel in Da Lat has the most videos?"));
    expect([plan.intent, plan.subject, plan.metric, plan.topics]).toEqual([
      "rank",
      "creators",
      "videos",
      ["hotel", "dalat"],
    ]);
    const expected = db
      .prepare(
        `SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5`,
      )
      .pluck()
      .all(idList(await searchIds("hotel dalat")));
    expect(result.ranking).toEqual(expected);
    const tags = aggregateOf(await ask("How many hashtags does a typical trending video use?"));
    expect([tags.plan.intent, tags.plan.metric]).toEqual(["measure", "hashtag_count"]);
    expect(tags.plan.ignored).toEqual(["trending (an order, not a set: every video in question is counted)"]);
  });

  it('"the longest videos", "the shortest hotel video": ranked by recorded length (SQL); "are there any" counts', async () => {
    const byLength = (order: "DESC" | "ASC", extra = "") =>
      db
        .prepare(
          `SELECT id FROM videos WHERE media_type = 'video' AND duration_s IS NOT NULL ${extra}
           ORDER BY duration_s ${order}, id ${order} LIMIT 5`,
        )
        .pluck()
        .all();
    const longest = aggregateOf(await ask("Which videos have the longest duration?"));
    expect([longest.plan.intent, longest.plan.metric]).toEqual(["rank", "duration"]);
    expect(longest.result.ranking).toEqual(byLength("DESC"));
    // One asked for, in the singular, its creator named.
    const shortest = await ask("What is the shortest video?");
    expect(aggregateOf(shortest).result.ranking).toEqual(byLength("ASC").slice(0, 1));
    expect(shortest.summary).toMatch(/^The shortest video: \d+ by @\S+ \(\d+ s\)\.$/);
    expect(aggregateOf(await ask("What are the shortest videos?")).result.ranking).toEqual(byLength("ASC"));
    const slideshows = aggregateOf(await ask("Are there any slideshows?"));
    expect([slideshows.plan.intent, slideshows.plan.filters]).toEqual(["count", ["media_type=slideshow"]]);
    expect(slideshows.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE media_type = 'slideshow'").pluck().get(),
    );
  });

  it('"how many views did the top video get", "the most viewed resort video": that one video, not a total (SQL)', async () => {
    const top = db.prepare("SELECT id FROM videos ORDER BY plays DESC, id DESC LIMIT 1").pluck().all();
    // "Who posted …?" names the one video's creator; "who posted the most videos?" ranks creators.
    const [topId, topAuthor] = db
      .prepare(
        "SELECT v.id, c.handle FROM videos v JOIN creators c ON c.uid = v.author_uid ORDER BY v.likes DESC, v.id DESC LIMIT 1",
      )
      .raw()
      .get() as [string, string];
    const who = await ask("Who made the most liked video?");
    expect(aggregateOf(who).plan).toMatchObject({ intent: "rank", subject: "videos", count: 1, ignored: [] });
    expect(who.summary).toMatch(
      new RegExp(`^The top video by likes: ${topId} by @${topAuthor.replace(/\./g, "\\.")} with`),
    );
    expect(aggregateOf(await ask("Who posted the most videos?")).plan.subject).toBe("creators");
    const views = aggregateOf(await ask("How many views did the top video get?"));
    expect([views.plan.intent, views.plan.count, views.result.ranking]).toEqual(["rank", 1, top]);
    const likes = aggregateOf(await ask("How many likes does the most viewed resort video have?"));
    expect([likes.plan.intent, likes.plan.metric, likes.plan.count]).toEqual(["rank", "plays", 1]);
    const resort = db
      .prepare(`SELECT id FROM ${IN_IDS} ORDER BY plays DESC, id DESC LIMIT 1`)
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(likes.result.ranking).toEqual(resort);
  });

  it('"videos with more than 4 hashtags", "no hashtags": a bound on how many tags each carries (SQL)', async () => {
    const tags = "(length(hashtags) - length(replace(hashtags, ' ', '')) + 1)";
    const many = aggregateOf(await ask("How many videos have more than 4 hashtags?"));
    expect([many.plan.intent, many.plan.subject, many.plan.filters]).toEqual([
      "count",
      "videos",
      ["hashtags>4"],
    ]);
    expect(many.result.count).toBe(
      db.prepare(`SELECT count(*) FROM videos WHERE hashtags <> '' AND ${tags} > 4`).pluck().get(),
    );
    const none = await ask("How many videos have no hashtags?");
    expect(aggregateOf(none).plan.filters).toEqual(["hashtags<1"]);
    expect(aggregateOf(none).result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE coalesce(hashtags, '') = ''").pluck().get(),
    );
    const ranked = aggregateOf(await ask("Which resort videos with at least 5 hashtags got the most views?"));
    expect(ranked.plan.subject).toBe("videos");
    const expected = db
      .prepare(`SELECT id FROM ${IN_IDS} AND ${tags} >= 5 ORDER BY plays DESC, id DESC LIMIT 5`)
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(ranked.result.ranking).toEqual(expected);
  });

  it('"videos per language" ranks the languages by their videos; "how many languages" counts them (SQL)', async () => {
    const { plan, result } = aggregateOf(await ask("How many videos are there per language?"));
    expect([plan.intent, plan.subject, plan.metric]).toEqual(["rank", "languages", "videos"]);
    const expected = db
      .prepare(
        "SELECT language FROM videos WHERE language IS NOT NULL GROUP BY language ORDER BY count(*) DESC, language LIMIT 5",
      )
      .pluck()
      .all();
    expect(result.ranking).toEqual(expected);
    const count = await ask("How many languages are in the corpus?");
    expect(aggregateOf(count).plan.intent).toBe("count");
    expect(aggregateOf(count).result.count).toBe(
      db.prepare("SELECT count(DISTINCT language) FROM videos").pluck().get(),
    );
    const regions = await ask("How many countries do the videos come from?");
    expect(aggregateOf(regions).result.count).toBe(
      db.prepare("SELECT count(DISTINCT region) FROM videos").pluck().get(),
    );
    // Few of the scrape's videos record a region: the count says how many do.
    expect(regions.caveats.join(" ")).toMatch(
      /The region is known for \d+ of the \d+ videos .*the count covers only those/,
    );
  });

  it('"how many of the top 10 videos are ads?": the 10 most played, ties at the floor included (SQL)', async () => {
    const floor = db
      .prepare("SELECT plays FROM videos ORDER BY plays DESC LIMIT 1 OFFSET 9")
      .pluck()
      .get() as number;
    const top = db.prepare("SELECT label_ad FROM videos WHERE plays >= ?").pluck().all(floor) as number[];
    const answer = await ask("How many of the top 10 videos are ads?");
    const { plan, result } = aggregateOf(answer);
    expect([plan.intent, plan.top_played]).toEqual(["share", 10]);
    expect([result.part, result.whole]).toEqual([top.filter((x) => x === 1).length, top.length]);
    expect(answer.caveats.join(" ")).toContain(`Top 10: the 10 most played of the`);
    // "Top 10 videos" alone is a ranking of ten.
    expect(aggregateOf(await ask("Top 10 videos")).plan).toMatchObject({ intent: "rank", count: 10 });
  });

  it('a sentence before the question may mention sales; "three" is a count; "I\'m launching" is no topic', async () => {
    const sells = aggregateOf(
      await ask("We sell travel packages to Da Nang. What kind of videos perform best there?"),
    );
    expect(sells.plan).toMatchObject({ intent: "drivers", topics: ["travel", "danang"] });
    // Asked for, a measure the corpus lacks is still declined; mentioned before a question that cannot be
    // read otherwise, it is the reason given.
    expect(aggregateOf(await ask("How much revenue do resort videos make?")).plan.intent).toBe("decline");
    const budget = aggregateOf(await ask("My budget is small. Should I run ads or work with creators?"));
    expect(String(budget.result.declined)).toMatch(/not ad spend$/);
    const three = aggregateOf(await ask("Give me three hook examples for a resort video"));
    expect([three.plan.count, three.plan.ignored]).toEqual([3, []]);
    const launching = aggregateOf(
      await ask("I'm launching a resort in Da Nang. Which creators should I work with?"),
    );
    expect(launching.plan.ignored).toEqual([]);
  });

  it('"videos over 60 seconds", "shorter than 15 seconds", "longer than 2 minutes": bounds on recorded length (SQL)', async () => {
    const length = (where: string) =>
      db
        .prepare(`SELECT count(*) FROM videos WHERE media_type = 'video' AND duration_s ${where}`)
        .pluck()
        .get() as number;
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const share = await ask("What percentage of videos are over 60 seconds?");
    expect([aggregateOf(share).result.part, aggregateOf(share).result.whole]).toEqual([length("> 60"), all]);
    expect(share.summary).toMatch(/ videos are longer than 60 s: /);
    const short = aggregateOf(await ask("How many videos are shorter than 15 seconds?"));
    expect([short.plan.intent, short.plan.filters, short.result.count]).toEqual([
      "count",
      ["seconds<15"],
      length("< 15"),
    ]);
    const long = aggregateOf(await ask("Which videos longer than 2 minutes got the most views?"));
    expect(long.plan.filters).toEqual(["seconds>120"]);
    expect(long.result.ranking).toEqual(
      db
        .prepare(
          "SELECT id FROM videos WHERE media_type = 'video' AND duration_s > 120 ORDER BY plays DESC, id DESC LIMIT 5",
        )
        .pluck()
        .all(),
    );
  });

  it('"the best times to post" are publication hours; "what do resort creators post about" ranks hashtags', async () => {
    expect(aggregateOf(await ask("What are the best times to post resort videos?")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "hour",
      count: 5,
    });
    const about = aggregateOf(await ask("What do Vietnamese resort videos talk about?"));
    expect(about.plan).toMatchObject({ intent: "rank", subject: "hashtags", topics: ["resort"] });
  });

  it('"how engaged is the audience on …" is the engagement measure; "what was posted in <month>" lists that month', async () => {
    expect(aggregateOf(await ask("How engaged is the audience on resort videos?")).plan).toMatchObject({
      intent: "measure",
      metric: "engagement",
      topics: ["resort"],
    });
    const newest = db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number;
    const month = new Date(newest * 1000);
    const name = month.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    const from = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1) / 1000;
    const to = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) / 1000;
    const { plan, result } = aggregateOf(await ask(`What was posted in ${name} ${month.getUTCFullYear()}?`));
    expect(plan.intent).toBe("rank");
    const expected = db
      .prepare(
        "SELECT id FROM videos WHERE created_at >= ? AND created_at < ? ORDER BY plays DESC, id DESC LIMIT 5",
      )
      .pluck()
      .all(from, to);
    expect(result.ranking).toEqual(expected);
  });

  it('"what should a new homestay post", "an overview of the corpus", "which creators use #x the most"', async () => {
    expect(aggregateOf(await ask("What should a new homestay post on TikTok?")).plan).toMatchObject({
      intent: "drivers",
      topics: ["homestay"],
    });
    const overview = aggregateOf(await ask("Give me an overview of the corpus"));
    expect(overview.plan.intent).toBe("overview");
    const { plan, result } = aggregateOf(await ask("Which creators use the #resort hashtag the most?"));
    expect([plan.intent, plan.subject, plan.topics]).toEqual(["rank", "creators", ["resort"]]);
    const expected = db
      .prepare(
        `SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 5`,
      )
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(result.ranking).toEqual(expected);
    expect(aggregateOf(await ask("How many unique creators posted about resorts?")).plan.ignored).toEqual([]);
  });
});

describe.skipIf(!postgresAvailability().available)("the same answers from the PostgreSQL store", () => {
  it("every question of this file gets the same answer from the corpus copied to PostgreSQL", async () => {
    const server = await startPostgres("scraped");
    const pool = createPool(server.url, { max: 4 });
    try {
      await seedFromSqlite(db, pool);
      const store = createPostgresStore(pool);
      const pg = { store, registry: registryOn(store) };
      const [top] = db
        .prepare("SELECT id FROM videos ORDER BY plays DESC, id LIMIT 1")
        .pluck()
        .all() as string[];
      const topHandle = db
        .prepare(
          "SELECT c.handle FROM videos v JOIN creators c ON c.uid = v.author_uid ORDER BY v.plays DESC, v.id LIMIT 1",
        )
        .pluck()
        .get() as string;
      const questions = [
        `Tell me about video ${top}`,
        `What share of all plays comes from @${topHandle}?`,
        `Find videos similar to ${top}`,
        "How many videos mention Da Nang?",
        "How many videos about vungtao?",
        "how many da lta homestay videos",
        "How many videos mention hồ bơi?",
        "giá tốt vs hồ bơi: which gets more likes?",
        "How many videos mention a pool (hồ bơi)?",
        'Captions that mention "hồ bơi" (pool) versus those that don\'t: any gap in median views?',
        "Month-over-month change in upload volume from March to June 2025, please.",
        "compare June to July 2025 on views",
        "How many videos were posted between November and February?",
        "Median likes Q1 vs Q2",
        "Top 5 videos from mid-July",
        "How many videos in the first two weeks of July 2025?",
        "Median likes in the 2 months to July 2025 vs the 2 months before",
        "Top 5 videos the week after 10 July",
        'How many videos used "Lofi chill" and how many used "nhạc nền - Stay"?',
        "Top 5 non-original sounds by number of videos",
        "traveloka vs pool: which gets more views?",
        "Songs by DJ vs Stay: which get more views?",
        "@stay1 vs @stay2 on checkin content: median likes?",
        'User asks: "how many resort videos are there?" Answer in one line.',
        "How many videos for Vung Tau and Da Nang combined?",
        '"Lofi chill" by DJ: how many videos?',
        "Are ads more likely to hit 20k views than organic videos?",
        "Which hour gives the best chance of reaching 20k views?",
        "median video length for verified vs non-verified creators",
        "How few creators account for half of all plays?",
        "What fraction of all views falls on the 3 most-viewed videos?",
        "Return the videos that mention resort, with id, author, searched place, plays and saves, sorted by plays.",
        "How many videos have 20k views or more?",
        "How many likes does a resort video need to land in the top quarter?",
        "#resort videos vs non-resort videos: median likes",
        "top 3 instead of top 5",
        "@stay1 vs everyone else: median views",
        "Which weekday is worst for views?",
        "Which month was the worst for median views?",
        "Creators with 6k+ followers vs creators under 3k followers: median views per video?",
        "night posts vs daytime posts: median views",
        "does #review help vung tau videos get views?",
        "What's @stay2's most-shared video, and which sound did it use?",
        "Which @stay2 video got the most views, and when was it posted?",
        "Bottom 3 creators by median views, counting only those with at least 5 videos.",
        "🏖️ best resort video?",
        "Which creators post the most about homestays in Da Lat?",
        "How do ads perform compared to organic videos?",
        "What's the average engagement rate of resort videos?",
        "What's the engagement rate of resort videos?",
        "Which videos have the highest engagement rate?",
        "Which creators have the highest engagement rate?",
        "Which day of the week gets the best engagement for review videos?",
        "When should I post hotel videos?",
        "How long are resort videos on average?",
        "How many videos have more than 30,000 views?",
        "What share of resort videos have at least 40k views?",
        "Top 3 videos with more than 1,500 likes",
        "How many videos have more than 99999999999999999999999 views?",
        "List creators with over 5k followers posting about resorts",
        "Which creators with under 3,000 followers get the most views on resort videos?",
        "Top 5 Vietnamese language videos by likes",
        "Which sounds are most used?",
        "Which hashtags do the top 3 creators use?",
        "How many of the top 3 creators' videos are ads?",
        "Which hotel videos got the most views this month?",
        "How many resort videos were posted in the last 14 days?",
        "Which videos about Da Nang in Vietnam got the most views?",
        "Which gets more views, Da Lat or Vung Tau hotel videos?",
        "Which day of the week is best to post?",
        "Which hashtags go with #hotel most often?",
        "Find me skincare ads from last week",
        "Which creator has the most viral videos?",
        "Which region has the most videos?",
        "How many hotel videos were posted in 2024?",
        "How long should a hotel video be?",
        "Who are the biggest advertisers?",
        "What makes a resort video go viral?",
        "What drives engagement on hotel videos?",
        "Which creators should I partner with for a resort campaign?",
        "Which recent hotel videos got the most views?",
        "Do resort videos with a hook get more views than those without?",
        "How many resort videos have no hook?",
        "What are people saying in the top hotel videos?",
        "What is the best performing sound for travel videos?",
        "What is the best performing sound for Hoi An videos?",
        "What kind of hooks do Vung Tau hotel ads use?",
        "How many videos have between 10,000 and 30,000 views?",
        "How many creators post about Da Lat?",
        "Which brands work with the most creators?",
        "Which hashtags are most used?",
        "Which videos have the highest engagement rate?",
        "Which hire-ready creators with over 1k followers post about hotels?",
        "How many Vung Tau hotel videos are there?",
        "Which creators have the highest average views per video?",
        "Give me 3 hook examples for a resort video",
        'Which videos say "sea view"?',
        "How many resort videos talk about villa?",
        "What are the top hotel videos from 1899?",
        "How many hashtags should I use on a resort video?",
        "How long should the caption of a resort video be?",
        "How many hashtags are used in resort videos?",
        "How many hashtags do resort videos use on average?",
        "Which hashtags get the most engagement?",
        "How often does @stay4 post?",
        "Which creators post most often?",
        "How often do the top hotel creators post?",
        "What's the average video length of viral resort videos?",
        "How many viral resort videos are ads?",
        "What are the least viewed resort videos?",
        "Which hashtags get the fewest views?",
        "resort ads with at least 1,000 views",
        "Which videos use the song Lofi chill?",
        "What percentage of videos use an original sound?",
        "Do resort videos with an original sound get more views than others?",
        "Which videos got more than 20,000 views but fewer than 1,000 likes?",
        "How many creators have posted more than 3 travel videos?",
        "Which creators with at least 4 travel videos get the most views?",
        "Which of @stay2's videos did best?",
        "Which @stay2 videos got the fewest views?",
        "What's the average follower count of resort creators?",
        "What does @stay2 post about?",
        "How do Vung Tau hotel ads compare to those in Hoi An?",
        "Compare views of Vietnamese vs English videos",
        "Are there more videos in Vietnamese or in Korean?",
        "Is it better to post on weekends?",
        "Which resorts advertise the most on TikTok?",
        "What's the most common video length?",
        "How many creators are verified?",
        "How many hire-ready creators post about resorts?",
        "How many videos have more than 4 hashtags?",
        "How many of the top 10 videos are ads?",
        "How many videos were posted each year?",
        "How many videos were posted in Q3 2025?",
        "Top 5 videos since June 2025",
        "Did hotel videos get more views in August 2025 than in July 2025?",
        "Which videos have more likes than comments?",
        "What share of videos are ads each month?",
        "How many creators have posted about both Da Lat and review?",
        "Which creators have posted about both Da Lat and review?",
        "Median views of videos with under 500 likes vs over 1,000 likes",
        "How many videos does the average creator post?",
        "Which resort videos have no music?",
        "Which creators posted more than 3 videos?",
        "How many videos mention pool or giá?",
        "Which hashtags grew the most from July 2025 to August 2025?",
        "How many advertisers posted in both July 2025 and August 2025?",
        "Compare the hashtags of @stay2 and @stay4",
        "What share of videos are ads in each region?",
        "How many videos were posted each quarter?",
        "What share of views do ads get?",
        "How concentrated are views among creators?",
        "How many new creators appeared in August 2025?",
        "Which videos have more likes than comments?",
        "Which hook types do ads use compared to organic videos?",
        "How many videos have a transcript?",
        "Do videos with a transcript get more views?",
        "Show glamping videos without a transcript",
        "Do hooks help?",
        "What are the 20 most common words in glamping transcripts?",
        "Which phrases do glamping videos use in their transcripts?",
        "Which emojis are used most in captions?",
        "What words do the top resort videos use in their captions?",
        "Which resort videos went viral from creators with fewer than 3k followers?",
        "What share of ads come from creators with over 7k followers?",
        "What is the share rate of resort videos?",
        "Trending videos with the most shares",
        "How many of the most liked videos are ads?",
        "How many of the 10 most shared videos are ads?",
        "How many creators post in both English and Vietnamese?",
        "Which creators post the most on weekends?",
        "What share of resort videos mention pool?",
        "average comments per video for creators with over 6k followers",
        "What hashtags does the top resort video use?",
        "How many videos have no caption?",
        "Which videos have the most saves relative to views?",
        "Do ads get a higher save rate than organic videos?",
        "Which creators have the highest share rate?",
        "How many videos use 🏕️?",
        "Do videos with ✨ get more views?",
        "What percentage of glamping videos have ✨ in the caption?",
        "How did the number of resort videos change from July 2025 to August 2025?",
        "Which month had the most total views?",
        "How many of the top 20 percent of resort videos are ads?",
        "Give me the median views, likes and comments for resort videos",
        "Average video length by hook type",
        "How many creators never post ads?",
        "Which creators post only ads about #review?",
        "How do ads perform?",
        "What's the median views per language?",
        "How many videos have pool in the caption?",
        "Who made the most liked video?",
        "Average engagement rate of videos with and without hashtags",
        "What percentage of resort creators have under 5k followers?",
        "Which sounds are used by the most creators?",
        "What are the most common opening lines of resort videos?",
        "How many creators post both ads and organic videos?",
        "give me resort hooks",
        "Show me the hooks of the top 3 resort videos",
        "What's the engagement rate trend over time?",
        "What share of resort videos were posted in August 2025?",
        "What share of hotel videos are about Vung Tau?",
        "How many videos were posted between 2025-07-01 and 2025-08-15?",
        "How many videos were posted per week in August 2025?",
        "How many videos per day between 2025-08-01 and 2025-08-10?",
        "What share of videos in August 2025 are ads each week?",
        "Do Da Lat review videos get more views than Vung Tau ones?",
        "Top creators by number of viral videos",
        "What is the third most liked video?",
        "How many videos were posted this week compared to last week?",
        "Which creators posted first about Da Lat?",
        "Show me the 3 oldest videos",
        "Is Traveloka in here? what are their top videos",
        "How many videos have 20k+ views?",
        "Who are the most followed creators that have never posted an ad?",
        "How many videos have a like rate over 5%?",
        "What share of ads have an engagement rate of at least 3%?",
        "How many creators only ever posted one video?",
        "List 5 Can Tho videos with their view counts",
        "Which gets more views: Da Lat, Vung Tau or Da Nang videos?",
        "What's the 90th percentile of views of resort videos?",
        "How do Saturday posts compare to Tuesday posts?",
        "top hashtags in Da Lat vs Vung Tau videos",
        "Which hashtags grew the most this month vs last month?",
        "How many creators have between 3k and 6k followers?",
        "How many videos are between 10 and 60 seconds long and have between 5k and 30k views?",
        "How many videos have a like rate between 3% and 5%?",
        "What are the top 2 videos for each month?",
        "top 2 creators by views for each of Da Lat, Vung Tau and resort",
        "top 3 most-liked videos for each day of the week",
        "How many videos have no region?",
        "best video per creator for the 3 creators who posted the most",
        "How many homestay videos are not about Da Lat?",
        "Which hour of the day do most videos go out, in Vietnam time?",
        "compare 0-1, 2-3 and 4+ hashtags on median views",
        "How many nano influencers are there?",
        "Which languages do videos without a region use?",
        "top 3 videos tagged #dalat or #vungtau by views",
        "the most liked review videos about Da Lat or Vung Tau",
        "How many videos mention Da Lat, Vung Tau or homestay?",
        "How many videos were posted between 9pm and 2am Vietnam time?",
        "Do videos posted in the evening get more views than morning posts?",
        "Between 6pm and 10pm, which hour has the highest median views?",
        "Da Lat or Vung Tau videos posted on weekends - top 3 by views",
        "median likes in 2023 vs 2024 vs 2025",
        "top 3 videos where the caption is under 50 characters, ranked by views",
        "How many videos use exactly one hashtag?",
        "How do accounts under 3k, 3k-6k and over 6k followers compare on views?",
        "Best day of the week to post for each language?",
        "Top 3 Da Lat videos by views, leaving out @stay2",
        "How many different creators posted each month?",
        "compare accounts with 1-5 videos, 6 videos and 7+ videos on median views",
        "Vung Tau videos before vs after 1 August 2025: median views",
        "Q1 vs Q3 uploads in 2025",
        "weekends vs weekdays: median views and median shares",
        "Which creators posted in every month of Q3 2025?",
        "Which hashtags does @stay2 use most in July 2025 vs August 2025?",
        '"Lofi chill" - how many videos use it?',
        "do resort videos get more views than those that don't?",
        '"Lofi chill" vs "nhạc nền - Stay": which gets more views?',
        "videos posted on sat or sun vs mon-fri: median views",
        "How many videos are there, excluding ads?",
        "How does resort content compare to all other videos on median views?",
        "do ads get more views than the rest?",
        "median views, 2025 only",
        "Median views per duration band",
        "top sounds excluding original sounds",
        "For every creator with 4 or more videos, what are their median views?",
        "What are the 3 best videos by @stay2 and how many views did each get?",
        "Top hashtags other than #dalat, #homestay and #review",
        "Compare @stay2 and @stay4 on median views and saves.",
        "do videos under 15s get more views?",
        "resort vids per yr, quick count",
        "By hashtag count (none, 1-3, 4+), what are the median views?",
        "Captions with emoji versus captions without: any difference in likes?",
        "how many videos have no emoji?",
        "Top 5 videos by views, leaving out @stay2 and @stay4",
        "How many videos, not counting any video tagged #dalat or #resort?",
        "Sunday posts vs every other day of the week: which get more views?",
        "15–30 second clips against 30–60 second clips: which gets more views?",
        "How many videos were posted in summer 2025?",
        "How many videos between 6/1/2025 and 7/31/2025?",
        "Show the distribution of plays: how many videos fall under 20k, 20k-40k and above 40k?",
        "What share of Vung Tau vs Da Nang videos are ads?",
        "What share of videos were ads in June 2025 vs July 2025?",
        "Video nào có nhiều lượt xem nhất?",
        "Có bao nhiêu video về Đà Lạt dài hơn 1 phút?",
        "What are the median views of videos with no hashtags compared with videos that have hashtags?",
        "Which videos use a DJ song, and how many views did each get?",
        "count(videos) where isSponsored = true",
        "Which artists are used most?",
        "How many different music authors appear?",
        // Prices read from the text (stop 64): the glamping transcript that states one.
        "What's the median quoted price of glamping videos?",
        "the cheapest glamping price",
        "top glamping videos with the price each one quotes",
        // Bounds on the prices (stop 65): the videos within, those within against the others (ids, exclude_ids).
        "glamping videos with prices under 600k",
        "do glamping stays under 600k get more likes than the rest?",
        "how many videos quote a price over 1 triệu?",
      ];
      for (const question of questions)
        expect(await ask(question, pg), question).toEqual(await ask(question));
    } finally {
      await pool.end();
      await server.dispose();
    }
  }, 60_000);
});

describe("transcripts: whether the source recorded one", () => {
  /** Each video's plays, and whether it has a recorded (non-blank) transcript (SQL). */
  const rows = () =>
    db
      .prepare(
        "SELECT id, plays, CASE WHEN trim(coalesce(transcript, '')) <> '' THEN 1 ELSE 0 END AS has FROM videos",
      )
      .all() as { id: string; plays: number; has: number }[];

  it("counted, shared out and used as a filter", async () => {
    const all = rows();
    const transcribed = all.filter((r) => r.has === 1);
    expect(transcribed.length).toBe(4);
    const counted = aggregateOf(await ask("How many videos have a transcript?"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["transcript=yes"], ignored: [] });
    expect(counted.plan.quotes).toBeUndefined();
    expect(counted.result.count).toBe(transcribed.length);
    const share = await ask("What percentage of videos have a transcript?");
    expect(aggregateOf(share).plan).toMatchObject({ intent: "share", ignored: [] });
    expect(aggregateOf(share).result).toMatchObject({ part: transcribed.length, whole: all.length });
    const pct = Math.round((transcribed.length / all.length) * 10000) / 100;
    expect(share.summary).toBe(
      `${transcribed.length} of ${all.length} videos have a recorded transcript: ${pct} %.`,
    );
    // Without one: the glamping videos whose source recorded none, most played first.
    const glamping = await searchIds("glamping");
    const without = all
      .filter((r) => r.has === 0 && glamping.includes(r.id))
      .sort((a, b) => b.plays - a.plays || (a.id < b.id ? 1 : -1));
    const listed = aggregateOf(await ask("Show glamping videos without a transcript"));
    expect(listed.plan).toMatchObject({ intent: "rank", filters: ["transcript=no"], topics: ["glamping"] });
    expect(listed.result.ranking).toEqual(without.map((r) => r.id));
  });

  it("'no caption', 'have a caption': a caption written or none (SQL)", async () => {
    const blank = db
      .prepare("SELECT count(*) FROM videos WHERE trim(coalesce(caption, '')) = ''")
      .pluck()
      .get() as number;
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    expect(blank).toBe(1);
    const counted = aggregateOf(await ask("How many videos have no caption?"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["caption=no"], ignored: [] });
    expect(counted.result.count).toBe(blank);
    const share = aggregateOf(await ask("What share of videos have a caption?"));
    expect(share.result).toMatchObject({ part: all - blank, whole: all });
    // "With their captions" still quotes them.
    expect(aggregateOf(await ask("Show me the top 3 resort videos with their captions")).plan).toMatchObject({
      quotes: true,
      filters: [],
    });
  });

  it.each([
    "Do videos with a transcript get more views?",
    "Do videos with a voiceover perform better than those without?",
    "Do voiceovers help?",
  ])("%s: the two groups on median views (SQL)", async (question) => {
    const answer = await ask(question);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "transcript", metric: "plays", ignored: [] });
    const all = rows();
    const expected = [
      {
        key: "with a recorded transcript",
        value: median(all.filter((r) => r.has === 1).map((r) => r.plays)),
      },
      {
        key: "without a recorded transcript",
        value: median(all.filter((r) => r.has === 0).map((r) => r.plays)),
      },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
    expect(answer.caveats.join(" ")).toMatch(/a video without one may still have speech/);
  });

  it("'on weekends', 'on Sundays': those days only (UTC, SQL); 'is it better to post on weekends?' compares", async () => {
    const weekend = "strftime('%w', created_at, 'unixepoch') IN ('0', '6')";
    const ranked = aggregateOf(await ask("Which creators post the most on weekends?"));
    expect(ranked.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      filters: ["weekday=0|6"],
      ignored: [],
    });
    const expected = db
      .prepare(
        `SELECT author_uid AS id, count(*) AS n FROM videos WHERE ${weekend} GROUP BY author_uid ORDER BY n DESC, author_uid LIMIT 5`,
      )
      .all() as { id: string; n: number }[];
    expect(ranked.result.values).toEqual(expected.map((r) => r.n));
    const sundays = db
      .prepare("SELECT count(*) FROM videos WHERE strftime('%w', created_at, 'unixepoch') = '0'")
      .pluck()
      .get() as number;
    const counted = aggregateOf(await ask("How many videos were posted on Sundays?"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["weekday=0"] });
    expect(counted.result.count).toBe(sundays);
    // "Sunday uploads", "top 10 weekend videos": the days before what was posted.
    expect(aggregateOf(await ask("how many videos were posted on a sat or sun?")).plan.filters).toEqual([
      "weekday=0|6",
    ]);
    const before = aggregateOf(await ask("how many sunday uploads are there?"));
    expect(before.plan).toMatchObject({ intent: "count", filters: ["weekday=0"], ignored: [] });
    expect(before.result.count).toBe(sundays);
    expect(aggregateOf(await ask("top 10 weekend videos by views")).plan).toMatchObject({
      intent: "rank",
      filters: ["weekday=0|6"],
    });
    // Abbreviated ("on sun"): the same day; "sun" elsewhere is a word ("sun and beach").
    const abbreviated = aggregateOf(await ask("how many videos were posted on sun?"));
    expect(abbreviated.plan).toMatchObject({ filters: ["weekday=0"], ignored: [] });
    expect(abbreviated.plan.understood).toContain('read "sun" as "sundays"');
    expect(abbreviated.result.count).toBe(sundays);
    expect(aggregateOf(await ask("sun and beach resort videos")).plan.filters).toEqual([]);
    // Two days abbreviated and compared: those two days side by side ("sat or sun" asked alone too).
    for (const [question, days] of [
      ["tue vs thu: which day gets better median views?", [2, 4]],
      ["sat or sun: which is better?", [6, 0]],
      ["are weds uploads worse than fri uploads?", [3, 5]],
      ["fri vs sat vs sun posts: median views for each", [5, 6, 0]],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ group_by: "weekday", filters: [`weekday=${days.join("|")}`] });
      expect(plan.ignored, question).toEqual([]);
      expect((result.ranking as string[]).length, question).toBe(days.length);
    }
    for (const question of [
      "Is it better to post on weekends?",
      "Is engagement higher on weekends for resort videos?",
    ])
      expect(aggregateOf(await ask(question)).plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "weekend",
        filters: [],
      });
  });

  it("'which creators post the longest videos?', '… the most hashtags per video?': each one's median per video (SQL)", async () => {
    const rows = db
      .prepare("SELECT author_uid AS id, duration_s AS d, media_type AS m, hashtags AS h FROM videos")
      .all() as { id: string; d: number | null; m: string; h: string }[];
    const by = new Map<string, typeof rows>();
    for (const r of rows) by.set(r.id, [...(by.get(r.id) ?? []), r]);
    // Creators with 5 videos or more, each one's median (lengths: regular videos with a recorded one).
    const medians = (value: (r: (typeof rows)[number]) => number | null) =>
      [...by]
        .filter(([, vs]) => vs.length >= 5)
        .map(([id, vs]) => [id, median(vs.map(value).filter((x): x is number => x !== null))] as const)
        .sort((a, b) => b[1] - a[1]);
    const longest = aggregateOf(await ask("Which creators post the longest videos?"));
    expect(longest.plan).toMatchObject({ intent: "rank", metric: "duration", per_video: true, ignored: [] });
    const lengths = medians((r) => (r.m === "video" ? r.d : null));
    expect((longest.result.values as number[])[0]).toBe(lengths[0]?.[1]);
    const shortest = aggregateOf(await ask("Which creators post the shortest videos?"));
    expect(shortest.plan).toMatchObject({ metric: "duration", lowest: true });
    expect((shortest.result.values as number[])[0]).toBe(lengths[lengths.length - 1]?.[1]);
    const tags = aggregateOf(await ask("Which creators use the most hashtags per video?"));
    expect(tags.plan).toMatchObject({ intent: "rank", metric: "hashtag_count", per_video: true });
    const counts = medians((r) => (r.h === "" ? 0 : r.h.split(" ").length));
    expect((tags.result.values as number[])[0]).toBe(counts[0]?.[1]);
  });

  it("'the median length of ads vs organic': the groups on their median recorded length (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("What's the median video length of ads vs organic?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "duration", ignored: [] });
    const lengths = (ad: number) =>
      db
        .prepare(
          "SELECT duration_s FROM videos WHERE label_ad = ? AND media_type = 'video' AND duration_s IS NOT NULL",
        )
        .pluck()
        .all(ad) as number[];
    const expected = [
      { key: "ads", value: median(lengths(1)) },
      { key: "organic", value: median(lengths(0)) },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(expected.map((g) => g.key));
    expect(result.values).toEqual(expected.map((g) => g.value));
  });

  it('"do hooks help?", "does the hook matter for resort videos?": with a hook against without, on views', async () => {
    const long = await ask("Do resort videos with a hook get more views than those without?");
    for (const question of [
      "Does the hook matter for resort videos?",
      "Do resort videos with a hook get more views?",
    ]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan, question).toMatchObject({
        group_by: "hook",
        metric: "plays",
        ignored: [],
      });
      expect(aggregateOf(answer).result, question).toEqual(aggregateOf(long).result);
    }
    const overall = aggregateOf(await ask("Do hooks help?"));
    expect(overall.plan).toMatchObject({
      intent: "breakdown",
      group_by: "hook",
      metric: "plays",
      ignored: [],
    });
    const hooks = db.prepare("SELECT plays, label_hook FROM videos").all() as {
      plays: number;
      label_hook: number;
    }[];
    expect([...(overall.result.values as number[])].sort()).toEqual(
      [
        median(hooks.filter((r) => r.label_hook === 1).map((r) => r.plays)),
        median(hooks.filter((r) => r.label_hook === 0).map((r) => r.plays)),
      ].sort(),
    );
    // A hook type named stays a breakdown of the types.
    expect(aggregateOf(await ask("Do question hooks work better?")).plan.group_by).toBe("hook_type");
  });
});

describe("the words, phrases and emoji the videos use", () => {
  /** How many of the `field` texts of `ids` hold `item` as whole words, lower-cased, line breaks as spaces (SQL). */
  const holding = (field: "caption" | "transcript", item: string, ids: readonly string[]) =>
    db
      .prepare(
        `SELECT count(*) FROM ${IN_IDS} AND ' ' || lower(replace(coalesce(${field}, ''), char(10), ' ')) || ' ' LIKE @like`,
      )
      .pluck()
      .get({ ...idList(ids), like: `% ${item} %` }) as number;

  it("the words of transcripts, each counted once per video that says it (SQL)", async () => {
    const answer = await ask("What are the 20 most common words in glamping transcripts?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "words", topics: ["glamping"], ignored: [] });
    expect(plan.words).toEqual({ field: "transcript", kind: "words" });
    const glamping = await searchIds("glamping");
    const transcribed = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND trim(coalesce(transcript, '')) <> ''`)
      .pluck()
      .get(idList(glamping)) as number;
    expect(result).toMatchObject({ field: "transcript", videos: glamping.length, counted: transcribed });
    const ranking = result.ranking as { text: string; videos: number }[];
    // 7 words of the first line ("số" kept, its digit not), 4 of the second ("có" a function word), "giá" and
    // "500k" of one third line, "check" and "ngay" of the others.
    expect(ranking.length).toBe(15);
    // "chill" and "glamping" are in every transcript (4: too few to join "máy lạnh" into one word).
    expect(ranking.map((w) => w.text)).toEqual(expect.arrayContaining(["chill", "glamping", "máy", "lạnh"]));
    for (const w of ranking) expect(w.videos, w.text).toBe(holding("transcript", w.text, glamping));
    expect(ranking[0]?.videos).toBe(transcribed);
    // Evidence: the most played video saying the first word.
    const first = db
      .prepare(
        `SELECT id FROM ${IN_IDS} AND trim(coalesce(transcript, '')) <> '' ORDER BY plays DESC, id DESC LIMIT 1`,
      )
      .pluck()
      .get(idList(glamping));
    expect(answer.findings[0]?.evidence[0]).toMatchObject({ type: "video", id: first });
    expect(answer.caveats.join(" ")).toMatch(/once per video/);
  });

  it("phrases: runs of two or three words on 2+ videos, each count checked (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Which phrases do glamping videos use in their transcripts?"),
    );
    expect(plan.words).toEqual({ field: "transcript", kind: "phrases" });
    const ranking = result.ranking as { text: string; videos: number }[];
    expect(ranking.map((w) => w.text)).toEqual(expect.arrayContaining(["máy lạnh", "hồ cực chill"]));
    const glamping = await searchIds("glamping");
    for (const w of ranking) {
      expect(w.text.split(" ").length, w.text).toBeGreaterThanOrEqual(2);
      expect(w.videos, w.text).toBe(holding("transcript", w.text, glamping));
      expect(w.videos).toBeGreaterThanOrEqual(2);
    }
  });

  it("emoji of captions, by videos using each (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("Which emojis are used most in captions?"));
    expect(plan).toMatchObject({ intent: "words", ignored: [] });
    expect(plan.words).toEqual({ field: "caption", kind: "emojis" });
    const using = (emoji: string) =>
      db.prepare("SELECT count(*) FROM videos WHERE instr(caption, ?) > 0").pluck().get(emoji) as number;
    expect(result.ranking).toEqual([
      { text: "✨", videos: using("✨"), share_pct: expect.any(Number) },
      { text: "🏕", videos: using("🏕"), share_pct: expect.any(Number) },
    ]);
    expect(using("✨")).toBe(6);
  });

  it('"the top resort videos": the words of the most played tenth, said; none to count is said too', async () => {
    const { plan, result } = aggregateOf(
      await ask("What words do the top resort videos use in their captions?"),
    );
    expect(plan).toMatchObject({ intent: "words", viral: true, topics: ["resort"] });
    const resort = await searchIds("resort");
    const floor = Math.ceil(resort.length / 10);
    expect(result.videos).toBe(floor);
    const none = await ask("Most common words in transcripts of resort videos");
    expect(none.summary).toBe(
      `None of the ${resort.length} videos about "resort" has a recorded transcript to count words in.`,
    );
  });
});

describe("terse and indirect phrasings of what is already answered", () => {
  it("'what share of hotel videos mention sea?': the videos saying it among the set (search totals)", async () => {
    const share = await ask("What share of resort videos mention pool?");
    expect(aggregateOf(share).plan).toMatchObject({ intent: "share", topics: ["resort"], ignored: [] });
    const part = await searchTotal({ q: "resort pool" });
    const whole = await searchTotal({ q: "resort" });
    expect(part).toBeGreaterThan(0);
    expect(aggregateOf(share).result).toMatchObject({ part, whole });
    expect(share.summary).toMatch(
      new RegExp(`^${part} of ${whole} videos about "resort" mentions? "pool": `),
    );
    // A measure's word after a verb of saying is text too ("view", not views).
    const view = aggregateOf(await ask("What percentage of resort videos mention view?"));
    expect(view.plan).toMatchObject({ intent: "share", metric: null, ignored: [] });
    expect(view.result).toMatchObject({ part: await searchTotal({ q: "resort view" }), whole });
    // Per year: the same target within each group.
    const yearly = aggregateOf(await ask("What percentage of videos mention pool each year?"));
    expect(yearly.plan).toMatchObject({
      intent: "breakdown",
      group_by: "year",
      share_of: 'videos mentioning "pool"',
    });
  });

  it("a followers bound in a measure keeps the videos of those creators (SQL)", async () => {
    const answer = aggregateOf(await ask("average comments per video for creators with over 6k followers"));
    expect(answer.plan).toMatchObject({
      intent: "measure",
      subject: "videos",
      author_followers: { op: "over", value: 6000 },
    });
    const comments = db
      .prepare(
        "SELECT v.comments FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers > 6000",
      )
      .pluck()
      .all() as number[];
    expect(answer.result).toMatchObject({ median: median(comments), videos: comments.length });
  });

  it("'what hashtags (sound, hook) does the top resort video use?': that video's own; 'the top resort videos' a set", async () => {
    const top = db
      .prepare(`SELECT id, hashtags, music_id FROM ${IN_IDS} ORDER BY plays DESC, id DESC LIMIT 1`)
      .get(idList(await searchIds("resort"))) as { id: string; hashtags: string; music_id: string | null };
    const tags = await ask("What hashtags does the top resort video use?");
    expect(aggregateOf(tags).plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      uses_shown: "hashtags",
      count: 1,
    });
    expect(aggregateOf(tags).result.ranking).toEqual([top.id]);
    expect(tags.summary).toContain(
      ` Hashtags: ${top.hashtags
        .split(" ")
        .map((t) => `#${t}`)
        .join(" ")}.`,
    );
    const sound = await ask("What sound does the most viewed resort video use?");
    expect(aggregateOf(sound).plan).toMatchObject({ uses_shown: "sounds", metric: "plays" });
    expect(sound.summary).toContain(top.music_id ? `(sound ${top.music_id}).` : "No sound recorded.");
    // Plural: the hashtags most used by the most played tenth of them.
    const set = aggregateOf(await ask("What hashtags do the top resort videos use?"));
    expect(set.plan).toMatchObject({ intent: "rank", subject: "hashtags", viral: true });
    expect(aggregateOf(await ask("What are the top hashtags for resort videos?")).plan.viral).toBeUndefined();
    // "Work best for resort videos" is no set of the best videos.
    expect(aggregateOf(await ask("What hooks work best for resort videos?")).plan.viral).toBeUndefined();
  });

  it("'@x's most-shared video, and which sound did it use?', 'which @x video got the most likes…': that video's own", async () => {
    const handle = "stay2";
    const topBy = (column: string) =>
      db
        .prepare(
          `SELECT v.id, v.music_id, v.music_title FROM videos v JOIN creators c ON c.uid = v.author_uid
           WHERE c.handle = ? ORDER BY v.${column} DESC, v.id DESC LIMIT 1`,
        )
        .get(handle) as { id: string; music_id: string | null; music_title: string | null };
    for (const [question, column] of [
      [`What's @${handle}'s most-shared video, and which sound did it use?`, "shares"],
      [`Which @${handle} video got the most likes, and what sound did it use?`, "likes"],
      [`Which @${handle} video did best on saves, and what sound did it use?`, "saves"],
    ] as const) {
      const answer = await ask(question);
      const top = topBy(column);
      expect(aggregateOf(answer).plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        metric: column,
        uses_shown: "sounds",
        count: 1,
      });
      expect(aggregateOf(answer).result.ranking, question).toEqual([top.id]);
      expect(answer.summary, question).toMatch(
        new RegExp(
          top.music_id
            ? `Sound: "${top.music_title}" \\(sound ${top.music_id}\\)\\.$`
            : "No sound recorded\\.$",
        ),
      );
    }
  });

  it("'which @x video got the most views, and when was it posted?': that video's publication day (SQL)", async () => {
    const top = db
      .prepare(
        `SELECT v.id, v.created_at FROM videos v JOIN creators c ON c.uid = v.author_uid
         WHERE c.handle = 'stay2' ORDER BY v.plays DESC, v.id DESC LIMIT 1`,
      )
      .get() as { id: string; created_at: number };
    const answer = await ask("Which @stay2 video got the most views, and when was it posted?");
    expect(aggregateOf(answer).plan).toMatchObject({
      intent: "rank",
      uses_shown: "date",
      count: 1,
      ignored: [],
    });
    expect(aggregateOf(answer).result.ranking).toEqual([top.id]);
    expect(answer.summary).toMatch(
      new RegExp(`Published on ${new Date(top.created_at * 1000).toISOString().slice(0, 10)} \\(UTC\\)\\.$`),
    );
  });

  it("'min 10 videos', 'with a transcript vs without', 'emoji usage', 'best posting hour', 'creators under 3k followers'", async () => {
    const min = aggregateOf(await ask("creators with highest engagement rate min 5 videos"));
    expect(min.plan.understood).toContain(
      'creators with at least 5 of the videos in question (from "min 5 videos")',
    );
    expect(min.plan.ignored).toEqual([]);
    const vs = aggregateOf(await ask("like rate of videos with a transcript vs without"));
    expect(vs.plan).toMatchObject({
      intent: "breakdown",
      group_by: "transcript",
      metric: "like_rate",
      ignored: [],
    });
    const emoji = aggregateOf(await ask("emoji usage in viral videos"));
    expect(emoji.plan).toMatchObject({
      intent: "words",
      viral: true,
      words: { field: "caption", kind: "emojis" },
    });
    const hour = aggregateOf(await ask("best posting hour for resort videos"));
    expect(hour.plan).toMatchObject({ intent: "breakdown", group_by: "hour", metric: "plays" });
    const small = aggregateOf(await ask("Which videos from creators under 3k followers got the most views?"));
    expect(small.plan).toMatchObject({ subject: "videos", author_followers: { op: "under", value: 3000 } });
  });
});

describe("a follow-up question is about the set its context names", () => {
  const askIn = (context: string, question: string) =>
    ask(question, { store: createSqliteStore(db), registry }, context);
  const uid = (handle: string) =>
    db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(handle) as string;

  it("'Which ones got the most views?' after 'Vung Tau hotel ads' answers as the question asked in full", async () => {
    const full = aggregateOf(await ask("Which Vung Tau hotel ads got the most views?"));
    const followUp = aggregateOf(
      await askIn("We were looking at Vung Tau hotel ads.", "Which ones got the most views?"),
    );
    expect(followUp.plan).toMatchObject({
      intent: "rank",
      topics: full.plan.topics,
      filters: full.plan.filters,
    });
    expect(full.plan.filters).toContain("ad=yes");
    expect(followUp.result.ranking).toEqual(full.result.ranking);
    expect((followUp.result.ranking as string[]).length).toBeGreaterThan(0);
    expect(followUp.plan.understood).toContain(
      'from the context ("We were looking at Vung Tau hotel ads."): topic "vungtau", topic "hotel", ads',
    );
    // "How many of them are ads?": the question's own label is the share asked; the context gives the set.
    const share = aggregateOf(await askIn("Resort videos in Da Nang", "How many of them are ads?"));
    const shareFull = aggregateOf(await ask("What share of resort videos in Da Nang are ads?"));
    expect(share.plan).toMatchObject({ intent: "share", topics: shareFull.plan.topics });
    expect(share.result).toEqual(shareFull.result);
  });

  it("'What should I post?' reads the asker's own sentence; 'how often do we post?' the account it names", async () => {
    const post = aggregateOf(await askIn("I run a homestay in Da Lat.", "What should I post?"));
    expect(post.plan.intent).toBe("drivers");
    expect(post.plan.topics).toEqual(
      aggregateOf(await ask("What works for homestay videos in Da Lat?")).plan.topics,
    );
    // The sentence about the asker wins over a later one naming someone else.
    const cadence = aggregateOf(
      await askIn(
        "The user manages @stay4. Earlier answer: the most viewed Vung Tau hotel videos were by @stay2.",
        "How often do we post?",
      ),
    );
    expect(cadence.plan).toMatchObject({ intent: "cadence", creators: [uid("stay4")], topics: [] });
  });

  it("a pasted answer names its set in quotes, its examples 'by @x'; a pasted question comes first", async () => {
    const id = (db.prepare("SELECT id FROM videos LIMIT 1").pluck().get() as string).padEnd(19, "0");
    const pasted = aggregateOf(
      await askIn(
        `Most viewed ads about "vungtau hotel": ${id} by @stay2 (30,000 plays), then ${id} (20,000 plays).`,
        "Which ones got the most likes?",
      ),
    );
    const full = aggregateOf(await ask("Which Vung Tau hotel ads got the most likes?"));
    expect(pasted.plan).toMatchObject({ creators: [], topics: ["vungtau", "hotel"], filters: ["ad=yes"] });
    expect(pasted.result.ranking).toEqual(full.result.ranking);
    const qa = aggregateOf(
      await askIn(
        `Q: Which resort videos got the most views? A: Most viewed videos about "resort": ${id} by @stay3 (9,000 plays).`,
        "How many of them are ads?",
      ),
    );
    expect(qa.plan).toMatchObject({ intent: "share", creators: [], topics: ["resort"] });
  });

  it("a question with a set of its own keeps it; a region the context names is no filter on a named creator", async () => {
    const own = aggregateOf(await askIn("Vung Tau hotel ads", "Which resort videos got the most views?"));
    expect(own.plan).toMatchObject({ topics: ["resort"], filters: [] });
    const named = aggregateOf(await askIn("Hotel videos in Vietnam", "How many videos has @stay1 posted?"));
    expect(named.plan).toMatchObject({ creators: [uid("stay1")], filters: [], topics: [] });
    // Without a creator, the region still fills in (as before).
    const region = aggregateOf(await askIn("Hotel videos in Vietnam", "What are the top resort videos?"));
    expect(region.plan.filters).toContain("region=VN");
    // A context naming no set changes nothing.
    const plain = aggregateOf(await ask("Which ones got the most views?"));
    expect(aggregateOf(await askIn("Thanks, that helps.", "Which ones got the most views?")).plan).toEqual(
      plain.plan,
    );
  });

  it("a follow-up asked with no context says so: declined when it reads as nothing alone, else answered with a caveat", async () => {
    for (const question of ["same but by saves", "what about last month?", "who posted those?"]) {
      const alone = await ask(question);
      expect(aggregateOf(alone).plan, question).toMatchObject({
        intent: "decline",
        follow_up_without_context: true,
      });
      expect(alone.summary, question).toContain(
        "it reads as a follow-up to an earlier question, and no context was given (the analyst keeps no conversation)",
      );
    }
    const partly = await ask("top 3 instead of top 5");
    expect(aggregateOf(partly).plan).toMatchObject({
      intent: "rank",
      count: 3,
      follow_up_without_context: true,
    });
    expect(partly.caveats.join(" ")).toContain(
      "This reads as a follow-up to an earlier question, but no context was given",
    );
    // A question pointing back within itself is no follow-up; with context, one is read as before.
    for (const question of [
      "How many captions mention resort, and what share of those are ads?",
      "Which resort videos got the most views, and who posted them?",
    ])
      expect(aggregateOf(await ask(question)).plan, question).not.toHaveProperty("follow_up_without_context");
    const carried = aggregateOf(
      await askIn("Q: Which resort videos got the most views?", "and how many of them are ads?"),
    );
    expect(carried.plan).toMatchObject({ intent: "share", topics: ["resort"] });
    expect(carried.plan).not.toHaveProperty("follow_up_without_context");
  });
});

describe("followers of a set's creators, and of one creator", () => {
  it("'the average follower count of resort creators' is the median of its creators' followers (SQL)", async () => {
    const resort = await searchIds("resort");
    const followers = db
      .prepare(
        `SELECT c.followers FROM creators c WHERE c.uid IN (SELECT author_uid FROM ${IN_IDS}) AND c.followers IS NOT NULL`,
      )
      .pluck()
      .all(idList(resort)) as number[];
    const answer = await ask("What's the average follower count of resort creators?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "measure", metric: "followers", topics: ["resort"] });
    expect(result).toEqual({ median: median(followers), creators: followers.length, metric: "followers" });
    expect(answer.summary).toBe(
      `The median follower count of the ${followers.length} creators of videos about "resort" is ${median(followers).toLocaleString("en-US")}.`,
    );
    // Cited: the creators nearest the median.
    for (const e of answer.findings[0]?.evidence ?? []) expect(e.type).toBe("creator");
    // "How many followers does @x have?" is its profile, not a count of its videos.
    const one = aggregateOf(await ask("How many followers does @stay3 have?"));
    expect(one.plan.intent).toBe("profile");
  });

  /** The videos (of `ids`, else all) whose creator's follower count passes `where` (SQL), most played first. */
  const byFollowers = (where: string, ids?: readonly string[]) =>
    db
      .prepare(
        `SELECT v.id, v.label_ad AS ad, v.hashtags FROM videos v JOIN creators c ON c.uid = v.author_uid
         WHERE c.followers ${where} ${ids ? "AND v.id IN (SELECT value FROM json_each(@ids))" : ""}
         ORDER BY v.plays DESC, v.id DESC`,
      )
      .all(ids ? idList(ids) : {}) as { id: string; ad: number; hashtags: string }[];

  it("'videos from creators with under 3k followers': the videos of those creators, not the creators", async () => {
    const resort = await searchIds("resort");
    const small = byFollowers("< 3000", resort);
    expect(small.length).toBeGreaterThan(0);
    const ranked = aggregateOf(
      await ask("Which resort videos went viral from creators with fewer than 3k followers?"),
    );
    expect(ranked.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      author_followers: { op: "under", value: 3000 },
      ignored: [],
    });
    expect(ranked.result.ranking).toEqual(small.slice(0, 5).map((v) => v.id));
    const counted = aggregateOf(
      await ask("How many videos are from accounts with less than 4000 followers?"),
    );
    expect(counted.plan).toMatchObject({ intent: "count", subject: "videos" });
    expect(counted.result.count).toBe(byFollowers("< 4000").length);
  });

  it("what the videos of creators within a bound use, and their share of a set (SQL)", async () => {
    const big = byFollowers("> 7000");
    const uses = new Map<string, number>();
    for (const v of big) for (const t of v.hashtags.split(" ")) if (t) uses.set(t, (uses.get(t) ?? 0) + 1);
    const top = [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const tags = aggregateOf(await ask("Which hashtags do creators with over 7k followers use?"));
    expect(tags.plan).toMatchObject({ subject: "hashtags", author_followers: { op: "over", value: 7000 } });
    expect((tags.result.ranking as string[])[0]).toBe(top[0]?.[0]);
    expect((tags.result.values as number[])[0]).toBe(top[0]?.[1]);
    // "What share of ads come from …": the ads by those creators among all ads.
    const ads = db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number;
    const bigAds = big.filter((v) => v.ad === 1).length;
    const share = await ask("What share of ads come from creators with over 7k followers?");
    expect(aggregateOf(share).plan).toMatchObject({
      intent: "share",
      share_of_authors: true,
      filters: ["ad=yes"],
    });
    expect(aggregateOf(share).result).toMatchObject({ part: bigAds, whole: ads });
    // The other way round: the share of their videos that are ads.
    const other = aggregateOf(await ask("What share of videos by creators with over 7k followers are ads?"));
    expect(other.result).toMatchObject({ part: bigAds, whole: big.length });
  });
});

describe("videos named by id or URL", () => {
  const top = () =>
    db
      .prepare("SELECT id, plays, likes, label_ad, author_uid FROM videos ORDER BY plays DESC, id LIMIT 2")
      .all() as {
      id: string;
      plays: number;
      likes: number;
      label_ad: number;
      author_uid: string;
    }[];

  it("'tell me about video <id>' and 'is <id> an ad?' read its record (counts, labels, hook, length, hashtags)", async () => {
    const [v] = top() as [ReturnType<typeof top>[number]];
    const about = await ask(`Tell me about video ${v.id}.`);
    const { plan, result } = aggregateOf(about);
    expect(plan).toMatchObject({ intent: "video", videos: [v.id], ignored: [] });
    expect(result.videos).toEqual([v.id]);
    expect(about.summary).toMatch(
      new RegExp(
        `^Video ${v.id} by @\\S+: ${v.plays.toLocaleString("en-US")} plays, ${v.likes.toLocaleString("en-US")} likes`,
      ),
    );
    expect(about.findings[0]?.statement).toMatch(/ Ad: (yes|no) \(confidence /);
    expect(about.findings[0]?.evidence[0]).toMatchObject({
      type: "video",
      id: v.id,
      figures: { plays: v.plays },
    });
    const ad = await ask(`Is ${v.id} an ad?`);
    expect(ad.summary).toMatch(
      new RegExp(`^Video ${v.id} by @\\S+ is ${v.label_ad === 1 ? "" : "not "}labelled an ad \\(confidence `),
    );
    // Every count and the length, in the summary too; those asked for are read, not left over.
    const record = db
      .prepare("SELECT comments, shares, saves, duration_s, media_type FROM videos WHERE id = ?")
      .get(v.id) as {
      comments: number;
      shares: number;
      saves: number;
      duration_s: number | null;
      media_type: string;
    };
    const asked = await ask(
      `Tell me about video ${v.id}: who posted it, views, saves, length and the sound.`,
    );
    expect(aggregateOf(asked).plan.ignored).toEqual([]);
    expect(asked.summary).toContain(
      `${record.comments.toLocaleString("en-US")} comments, ${record.shares.toLocaleString("en-US")} shares, ${record.saves.toLocaleString("en-US")} saves, ${record.media_type === "slideshow" ? "a slideshow" : record.duration_s ? `${record.duration_s} s long` : "length not recorded"}, published `,
    );
    // A TikTok URL names the video; its @handle is no creator filter.
    const url = aggregateOf(
      await ask(`How many views does https://www.tiktok.com/@someone/video/${v.id}?lang=en have?`),
    );
    expect(url.plan).toMatchObject({ intent: "video", videos: [v.id], creators: [] });
    // An id the corpus does not hold is declined, not answered about something else.
    expect((await ask("Tell me about video 1234567890123456789")).summary).toMatch(
      /^I cannot answer this question: no video in the corpus has the id 1234567890123456789/,
    );
  });

  it("'videos similar to <id>' lists what service_find_similar_hooks finds; two ids give both records", async () => {
    const [v, w] = top() as [ReturnType<typeof top>[number], ReturnType<typeof top>[number]];
    const similar = aggregateOf(await ask(`Find videos similar to ${v.id}`));
    expect(similar.plan).toMatchObject({ intent: "video", similar: true, ignored: [] });
    const tool = await callTool(registry, "service_find_similar_hooks", { id: v.id, limit: 5 });
    expect(similar.result.ranking).toEqual((tool.data as { video: { id: string } }[]).map((i) => i.video.id));
    const both = aggregateOf(await ask(`Compare ${v.id} and ${w.id}`));
    expect(both.result.videos).toEqual([v.id, w.id]);
  });
});

describe("'which advertisers are new?'", () => {
  it("asks for the newest, as 'which are the newest advertisers?'", async () => {
    const isNew = aggregateOf(await ask("Which advertisers are new?"));
    expect(isNew.plan).toMatchObject({ intent: "newest", subject: "advertisers" });
    expect(isNew.result).toEqual(aggregateOf(await ask("Which are the newest advertisers?")).result);
  });
});

describe("what one named account posts about", () => {
  it("'what does @stay2 post about' ranks the hashtags of its videos, as 'which hashtags does @stay2 use'", async () => {
    const about = aggregateOf(await ask("What does @stay2 post about?"));
    const tags = aggregateOf(await ask("Which hashtags does @stay2 use?"));
    expect(about.plan).toMatchObject({ intent: "rank", subject: "hashtags" });
    expect(about.result).toEqual(tags.result);
  });
});

describe("one named account's videos, ranked", () => {
  it("'Which of @stay2's videos did best?', 'the top videos by @stay2' rank its videos (SQL); 'tell me about' stays a profile", async () => {
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    const expected = db
      .prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY plays DESC, id LIMIT 5")
      .pluck()
      .all(uid);
    for (const q of ["Which of @stay2's videos did best?", "What are the top videos by @stay2?"]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "rank", subject: "videos", creators: [uid] });
      expect(result.ranking, q).toEqual(expected);
    }
    const least = aggregateOf(await ask("Which @stay2 videos got the fewest views?"));
    expect(least.result.ranking).toEqual(
      db.prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY plays, id LIMIT 5").pluck().all(uid),
    );
    // One video asked for: the first of them.
    expect(aggregateOf(await ask("What is @stay2's best video?")).result.ranking).toEqual(
      expected.slice(0, 1),
    );
    expect(aggregateOf(await ask("Tell me about @stay2's videos")).plan.intent).toBe("profile");
    expect(aggregateOf(await ask("Who is @stay2?")).plan.intent).toBe("profile");
  });
});

describe("an emoji named in a question: looked for in the caption as written", () => {
  /** Each video's id, plays and whether its caption holds `emoji` (SQL). */
  const rows = (emoji: string) =>
    db.prepare("SELECT id, plays, instr(caption, ?) > 0 AS has FROM videos").all(emoji) as {
      id: string;
      plays: number;
      has: number;
    }[];

  it("a filter of a ranking, a count and a share; skin tone and emoji-style marks are left off (SQL)", async () => {
    const sparkle = rows("✨").filter((r) => r.has === 1);
    expect(sparkle.length).toBe(6);
    const listed = aggregateOf(await ask("Show me videos with ✨ in the caption"));
    expect(listed.plan).toMatchObject({ intent: "rank", filters: ["caption_contains=✨"], ignored: [] });
    expect([...(listed.result.ranking as string[])].sort()).toEqual(
      sparkle
        .sort((a, b) => b.plays - a.plays)
        .slice(0, 5)
        .map((r) => r.id)
        .sort(),
    );
    // Written with the emoji-style mark (U+FE0F): the captions' "🏕️" and a bare "🏕" alike.
    const camp = aggregateOf(await ask("How many videos use 🏕️?"));
    expect(camp.plan).toMatchObject({ intent: "count", filters: ["caption_contains=🏕"], ignored: [] });
    expect(camp.result.count).toBe(rows("🏕").filter((r) => r.has === 1).length);
    expect(camp.result.count).toBe(2);
    const glamping = await searchIds("glamping");
    const share = await ask("What percentage of glamping videos have ✨ in the caption?");
    expect(aggregateOf(share).plan).toMatchObject({ intent: "share", ignored: [] });
    const part = sparkle.filter((r) => glamping.includes(r.id)).length;
    expect(aggregateOf(share).result).toMatchObject({ part, whole: glamping.length });
    expect(share.summary).toMatch(
      new RegExp(`^${part} of ${glamping.length} videos about "glamping" have "✨" in the caption`),
    );
  });

  it("'do videos with ✨ get more views?': with it against without, on median views (SQL)", async () => {
    const answer = await ask("Do videos with ✨ get more views?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "emoji", metric: "plays", ignored: [] });
    const all = rows("✨");
    const sides = [
      { key: 'with "✨" in the caption', value: median(all.filter((r) => r.has === 1).map((r) => r.plays)) },
      {
        key: 'without "✨" in the caption',
        value: median(all.filter((r) => r.has === 0).map((r) => r.plays)),
      },
    ].sort((a, b) => b.value - a.value);
    expect(result.ranking).toEqual(sides.map((s) => s.key));
    expect(result.values).toEqual(sides.map((s) => s.value));
    expect(result.videos).toBe(all.length);
    const spelled = aggregateOf(await ask("captions with ✨ vs those without: which get more views?"));
    expect(spelled.result).toEqual(result);
    expect(
      aggregateOf(await ask("Do captions with ✨ get more views than captions that don't?")).result,
    ).toEqual(result);
    // A question mark, named: looked for as written.
    const marked = aggregateOf(await ask("how many captions have a question mark?"));
    expect(marked.plan).toMatchObject({ intent: "count", filters: ["caption_contains=?"], ignored: [] });
    expect(marked.result.count).toBe(rows("?").filter((r) => r.has === 1).length);
    expect(marked.result.count).toBeGreaterThan(0);
    // Emoji in general: the captions with any emoji against those without (the store's ranges of them).
    const general = aggregateOf(await ask("Do emojis in captions help?"));
    expect(general.plan).toMatchObject({
      intent: "breakdown",
      group_by: "emoji",
      metric: "plays",
      filters: ["caption_emoji=yes"],
      ignored: [],
    });
    const anyEmoji = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2300}-\u{23FF}\u{2B00}-\u{2BFF}]/u;
    const plays = db.prepare("SELECT caption, plays FROM videos").all() as {
      caption: string | null;
      plays: number;
    }[];
    const emojiSides = [
      {
        key: "with emoji in the caption",
        value: median(plays.filter((v) => anyEmoji.test(v.caption ?? "")).map((v) => v.plays)),
      },
      {
        key: "without emoji in the caption",
        value: median(plays.filter((v) => !anyEmoji.test(v.caption ?? "")).map((v) => v.plays)),
      },
    ].sort((a, b) => b.value - a.value);
    expect(general.result.ranking).toEqual(emojiSides.map((s) => s.key));
    expect(general.result.values).toEqual(emojiSides.map((s) => s.value));
    // "How often do … videos put emoji in the caption?": their share; "top videos with an emoji in the caption".
    const often = aggregateOf(await ask("How often do videos put emoji in the caption?"));
    expect(often.plan).toMatchObject({ intent: "share", ignored: [] });
    expect(often.result).toMatchObject({
      part: plays.filter((v) => anyEmoji.test(v.caption ?? "")).length,
      whole: plays.length,
    });
    expect(aggregateOf(await ask("how many videos have no emoji?")).result.count).toBe(
      plays.filter((v) => !anyEmoji.test(v.caption ?? "")).length,
    );
  });
});

describe("a change between two periods, totals, and what videos 'look like'", () => {
  /** Each month's (UTC) videos of `ids`, with their total plays (SQL). */
  const months = (ids: readonly string[]) =>
    db
      .prepare(
        `SELECT strftime('%Y-%m', created_at, 'unixepoch') AS month, count(*) AS videos, sum(plays) AS plays
         FROM ${IN_IDS} GROUP BY 1`,
      )
      .all(idList(ids)) as { month: string; videos: number; plays: number }[];

  it("'how did resort videos change from July 2025 to August 2025?': the two months side by side (SQL)", async () => {
    const resort = await searchIds("resort");
    const byMonth = new Map(months(resort).map((m) => [m.month, m]));
    const counted = aggregateOf(
      await ask("How did the number of resort videos change from July 2025 to August 2025?"),
    );
    expect(counted.plan).toMatchObject({
      intent: "breakdown",
      group_by: "period",
      metric: "videos",
      ignored: [],
    });
    const sizes = Object.fromEntries(
      (counted.result.ranking as string[]).map((k, i) => [k, (counted.result.values as number[])[i]]),
    );
    expect(sizes).toEqual({
      "July 2025": byMonth.get("2025-07")?.videos ?? 0,
      "August 2025": byMonth.get("2025-08")?.videos ?? 0,
    });
    expect(Object.values(sizes).every((n) => (n as number) > 0)).toBe(true);
    // No measure named: views, as "resort videos in July 2025 vs August 2025" reads them.
    const how = aggregateOf(await ask("How did resort videos change from July 2025 to August 2025?"));
    expect(how.plan).toMatchObject({ group_by: "period", metric: "plays" });
    expect(how.result).toEqual(aggregateOf(await ask("resort videos in July 2025 vs August 2025")).result);
    // A ranking by the change stays one.
    expect(
      aggregateOf(await ask("Which hashtags grew the most from July 2025 to August 2025?")).plan
        .change_between,
    ).toEqual(["July 2025", "August 2025"]);
  });

  it("'Q1 vs Q3 uploads in 2025': two quarters of the year named apart, compared on their number of videos (SQL)", async () => {
    const between = (from: string, to: string) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= unixepoch(?) AND created_at < unixepoch(?)")
        .pluck()
        .get(from, to) as number;
    const answer = await ask("Q1 vs Q3 uploads in 2025");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "videos", ignored: [] });
    expect(plan.understood).toContain('"uploads" read as the number of videos');
    const sizes = Object.fromEntries(
      (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
    );
    expect(sizes).toEqual({
      "Q1 2025": between("2025-01-01", "2025-04-01"),
      "Q3 2025": between("2025-07-01", "2025-10-01"),
    });
    expect(Object.values(sizes).every((n) => (n as number) > 0)).toBe(true);
    // Two months and the year after a comma; a measure named is kept.
    const months = aggregateOf(await ask("july or august median likes, 2025"));
    expect(months.plan).toMatchObject({ group_by: "period", metric: "likes", ignored: [] });
    expect(new Set(months.result.ranking as string[])).toEqual(new Set(["July 2025", "August 2025"]));
  });

  it("'this week vs last week': the latest 7 days of an old scrape and the 7 before, side by side (SQL)", async () => {
    // The scrape's newest video is long before now: both windows end at it (it included).
    const end = (db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number) + 1;
    const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);
    const between = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to);
    const answer = await ask("How many videos were posted this week compared to last week?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "videos", ignored: [] });
    const later = `the 7 days to ${day(end - 1)}`;
    expect(
      Object.fromEntries((result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]])),
    ).toEqual({
      [later]: between(end - 7 * DAY, end),
      "the 7 days before": between(end - 14 * DAY, end - 7 * DAY),
    });
    expect(between(end - 7 * DAY, end)).toBeGreaterThan(0);
    expect(answer.caveats).toContain(
      `The 7 days before: ${day(end - 14 * DAY)} to ${day(end - 7 * DAY - 1)}; ${later}: ${day(end - 7 * DAY)} to ${day(end - 1)} (UTC, publication time), up to the corpus's newest video: nothing was published after ${day(end - 1)}.`,
    );
    // "This month vs last month" for hashtags: each window's own, side by side.
    const tags = aggregateOf(await ask("Top hashtags this month vs last month"));
    expect(tags.plan).toMatchObject({ intent: "compare", subject: "hashtags", ignored: [] });
    expect(((tags.plan as { periods?: { label: string }[] }).periods ?? []).map((p) => p.label)).toEqual([
      "the 30 days before",
      `the 30 days to ${day(end - 1)}`,
    ]);
    // "Trending" with two windows named: each window's own sounds side by side, not the trend reports.
    expect(aggregateOf(await ask("sounds trending this month vs last month")).plan).toMatchObject({
      intent: "compare",
      subject: "sounds",
      uses_by: "period",
    });
    // A ranking by the change between them.
    const grew = aggregateOf(await ask("Which hashtags grew the most this month vs last month?"));
    expect(grew.plan.change_between).toEqual(["the 30 days before", `the 30 days to ${day(end - 1)}`]);
    const tally = (from: number, to: number) =>
      new Map(
        (
          db
            .prepare(
              `SELECT t.value AS tag, count(DISTINCT v.id) AS n FROM videos v, json_each('["' || replace(v.hashtags, ' ', '","') || '"]') t
               WHERE v.created_at >= ? AND v.created_at < ? AND t.value != '' GROUP BY t.value`,
            )
            .all(from, to) as { tag: string; n: number }[]
        ).map((r) => [r.tag, r.n]),
      );
    const before = tally(end - 60 * DAY, end - 30 * DAY);
    const after = tally(end - 30 * DAY, end);
    const rise = Math.max(...[...after].map(([tag, n]) => n - (before.get(tag) ?? 0)));
    const first = (grew.result.ranking as string[])[0] as string;
    expect((after.get(first) ?? 0) - (before.get(first) ?? 0)).toBe(rise);
  });

  it("'which month had the most total views?': each month's sum, not its median (SQL)", async () => {
    const all = db.prepare("SELECT id FROM videos").pluck().all() as string[];
    const answer = await ask("Which month had the most total views?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "month",
      metric: "plays",
      totals: true,
      ignored: [],
    });
    const expected = months(all).sort((a, b) => a.month.localeCompare(b.month));
    expect(result.measure).toBe("total views");
    const got = Object.fromEntries(
      (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(got).toEqual(Object.fromEntries(expected.map((m) => [m.month, m.plays])));
    // Without "total", the median per video stays the reading.
    expect(aggregateOf(await ask("Which month had the most views?")).plan.totals).toBeUndefined();
  });

  it("'what do resort ads look like?' lists examples, as 'show me resort ads'", async () => {
    const looks = aggregateOf(await ask("What do resort ads look like?"));
    expect(looks.plan).toMatchObject({ intent: "rank", subject: "videos", ignored: [] });
    expect(looks.result).toEqual(aggregateOf(await ask("Show me resort ads")).result);
  });
});

describe("a question not in English, or mostly unread", () => {
  it("is declined with how to ask, not answered from the few words read; Vietnamese names still work", async () => {
    // (A question in Vietnamese with its words that ask is read in English: below.)
    for (const question of [
      // (Its words are a phrase the captions have, "giá tốt cuối tuần": still a question in Vietnamese.)
      "giá tốt cuối tuần nào?",
      "¿Qué videos tienen más vistas?",
      "最も再生された動画は？",
    ]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan.intent, question).toBe("decline");
      expect(answer.summary, question).toMatch(
        /reads questions written in English, and this one seems to be in another language/,
      );
    }
    const french = await ask("Quels sont les hashtags les plus utilisés ?");
    expect(aggregateOf(french).plan.intent).toBe("decline");
    expect(french.summary).toMatch(/most of its words could not be read/);
    // A topic written in Vietnamese, inside an English question or in keywords, is read; keywords are a search
    // (words written with accents side by side, a phrase the captions have).
    expect(aggregateOf(await ask("Top videos about Đà Lạt")).plan).toMatchObject({
      intent: "rank",
      topics: ["dalat"],
    });
    expect(aggregateOf(await ask("khách sạn đà lạt")).plan).toMatchObject({
      intent: "rank",
      topics: ['"khach san"', "dalat"],
      ignored: [],
    });
  });
});

describe("the top N %, several counts measured at once, ratios of two sets, length by hook type", () => {
  it("'how many of the top 20 % of resort videos are ads?': the most played fifth of them (SQL)", async () => {
    const resort = await searchIds("resort");
    const plays = db
      .prepare(`SELECT plays FROM ${IN_IDS} ORDER BY plays DESC`)
      .pluck()
      .all(idList(resort)) as number[];
    const floor = plays[Math.ceil(resort.length * 0.2) - 1] as number;
    const answer = aggregateOf(await ask("How many of the top 20 percent of resort videos are ads?"));
    expect(answer.plan).toMatchObject({ intent: "share", viral: true, ignored: [] });
    expect((answer.plan as { viral_percent?: number }).viral_percent).toBe(20);
    const [part, whole] = ["AND label_ad = 1", ""].map(
      (and) =>
        db
          .prepare(`SELECT count(*) FROM ${IN_IDS} AND plays >= @floor ${and}`)
          .pluck()
          .get({ ...idList(resort), floor }) as number,
    );
    expect(answer.result).toMatchObject({ part, whole, viral_floor: floor, viral_of: resort.length });
    // "The top 10 %" is the viral tenth; a number before "%" is no count of results.
    const tenth = aggregateOf(await ask("What hashtags do the top 10% of resort videos use?"));
    expect(tenth.plan).toMatchObject({ intent: "rank", subject: "hashtags", viral: true, count: 5 });
    expect((tenth.plan as { viral_percent?: number }).viral_percent).toBeUndefined();
  });

  it("'the median views, likes and comments of resort videos': each count's median (SQL); one measure elsewhere, said", async () => {
    const resort = await searchIds("resort");
    const column = (c: string) =>
      db.prepare(`SELECT ${c} FROM ${IN_IDS}`).pluck().all(idList(resort)) as number[];
    const answer = await ask("Give me the median views, likes and comments for resort videos");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "measure", metric: "plays", ignored: [] });
    expect((plan as { also_measured?: string[] }).also_measured).toEqual(["likes", "comments"]);
    expect(result).toMatchObject({
      median: median(column("plays")),
      also: { likes: median(column("likes")), comments: median(column("comments")) },
    });
    expect(answer.findings.length).toBe(3);
    const ranked = aggregateOf(await ask("Which resort videos have the most views and likes?"));
    expect(ranked.plan.ignored).toEqual(["likes (one measure at a time: views (plays) read)"]);
  });

  it("'the ratio of ads to organic videos' is their split (SQL); 'co-occur' reads as 'go with'", async () => {
    const ratio = aggregateOf(await ask("What's the ratio of ads to organic videos?"));
    expect(ratio.plan).toMatchObject({ intent: "breakdown", group_by: "ad", ignored: [] });
    const ads = db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number;
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const sizes = Object.fromEntries(
      (ratio.result.ranking as string[]).map((k, i) => [k, (ratio.result.values as number[])[i]]),
    );
    expect(sizes).toEqual({ ads, organic: all - ads });
    // Two counts' ratio is one over the other (stop 50).
    expect(aggregateOf(await ask("What is the ratio of comments to likes?")).plan).toMatchObject({
      intent: "measure",
      metric: "comments_per_like",
    });
    const together = aggregateOf(await ask("Which hashtags co-occur with #dalat?"));
    expect(together.plan).toMatchObject({ subject: "hashtags", topics: ["dalat"], ignored: [] });
    expect(together.result).toEqual(aggregateOf(await ask("Which hashtags go with #dalat?")).result);
  });

  it("'average video length by hook type': each type's median recorded length (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("Average video length by hook type"));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "hook_type",
      metric: "duration",
      ignored: [],
    });
    const rows = db
      .prepare("SELECT hook_type, duration_s FROM videos WHERE label_hook = 1 AND duration_s IS NOT NULL")
      .all() as { hook_type: string; duration_s: number }[];
    const got = Object.fromEntries(
      (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
    );
    expect(Object.keys(got).length).toBeGreaterThan(0);
    for (const [type, value] of Object.entries(got))
      expect(value, type).toBe(median(rows.filter((r) => r.hook_type === type).map((r) => r.duration_s)));
  });
});

describe("accounts posting only ads or none, and more ways of asking", () => {
  it("'which creators post only ads?', 'how many creators never post ads?': their videos' ad labels (SQL)", async () => {
    // Within a topic's videos: a creator whose videos about it are all ads (none is).
    const creatorsWhere = (ids: readonly string[], having: string) =>
      db
        .prepare(`SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid HAVING ${having} ORDER BY author_uid`)
        .pluck()
        .all(idList(ids)) as string[];
    let topic = "";
    let only: string[] = [];
    let never: string[] = [];
    for (const t of ["vungtau", "dalat", "resort", "hotel", "review", "glamping", "homestay"]) {
      const ids = await searchIds(t);
      [only, never] = [
        creatorsWhere(ids, "sum(label_ad) = count(*)"),
        creatorsWhere(ids, "sum(label_ad) = 0"),
      ];
      topic = t;
      if (only.length > 0 && never.length > 0) break;
    }
    expect(only.length).toBeGreaterThan(0);
    expect(never.length).toBeGreaterThan(0);
    const counted = aggregateOf(await ask(`How many creators only post ads about #${topic}?`));
    expect(counted.plan).toMatchObject({ intent: "count", subject: "creators", filters: [], ignored: [] });
    expect((counted.plan as { ads_only?: string }).ads_only).toBe("only");
    expect([...(counted.result.creators as string[])].sort()).toEqual(only);
    const none = aggregateOf(await ask(`How many creators never post ads about #${topic}?`));
    expect((none.plan as { ads_only?: string }).ads_only).toBe("never");
    expect(none.plan.topics).toEqual([topic]);
    expect(none.result.count).toBe(never.length);
    // Ranked: those accounts, over their videos.
    const ranked = aggregateOf(await ask(`Which creators post only ads about #${topic}?`));
    expect(ranked.plan.intent).toBe("rank");
    for (const uid of ranked.result.ranking as string[]) expect(only).toContain(uid);
    // Of videos, "only ads" is the ad filter.
    expect(aggregateOf(await ask("Show me only ads about resorts")).plan.filters).toEqual(["ad=yes"]);
  });

  it("'the most followed creators that have never posted an ad': by followers, within those accounts (SQL)", async () => {
    const never = db
      .prepare(
        `SELECT c.uid FROM creators c JOIN videos v ON v.author_uid = c.uid WHERE c.followers IS NOT NULL
         GROUP BY c.uid HAVING sum(v.label_ad) = 0 ORDER BY c.followers DESC, c.uid LIMIT 5`,
      )
      .pluck()
      .all() as string[];
    const withAds = db
      .prepare("SELECT DISTINCT author_uid FROM videos WHERE label_ad = 1")
      .pluck()
      .all() as string[];
    expect(withAds.length).toBeGreaterThan(0);
    for (const question of [
      "Who are the most followed creators that have never posted an ad?",
      "Which creators with no ads have the most followers?",
      "which creators never ran a single ad? rank them by followers",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        subject: "creators",
        metric: "followers",
        ignored: [],
        topics: [],
      });
      expect((plan as { ads_only?: string }).ads_only, question).toBe("never");
      expect(result.ranking, question).toEqual(never);
    }
    // "Ads that don't have a hook": the filter, not every ad.
    const hookless = aggregateOf(await ask("Show me ads that don't have a hook at all"));
    expect(hookless.plan.filters).toEqual(["ad=yes", "hook=no"]);
    expect(hookless.result.ranking).toEqual(
      db
        .prepare(
          "SELECT id FROM videos WHERE label_ad = 1 AND label_hook = 0 ORDER BY plays DESC, id DESC LIMIT 5",
        )
        .pluck()
        .all(),
    );
  });

  it("'how do ads perform?', 'how do slideshows perform?': against the rest, on views", async () => {
    const ads = aggregateOf(await ask("How do ads perform?"));
    expect(ads.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays", ignored: [] });
    expect(ads.result).toEqual(
      aggregateOf(await ask("How do ads perform compared to organic videos?")).result,
    );
    const formats = aggregateOf(await ask("How do slideshows perform?"));
    expect(formats.plan).toMatchObject({ intent: "breakdown", group_by: "media_type", metric: "plays" });
  });

  it("'the median engagement rate per region' is a breakdown by region (SQL); 'when are ads posted?' by hour", async () => {
    const { plan, result } = aggregateOf(await ask("What's the median views per language?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "language", metric: "plays", ignored: [] });
    const rows = db.prepare("SELECT language, plays FROM videos WHERE language IS NOT NULL").all() as {
      language: string;
      plays: number;
    }[];
    const got = Object.fromEntries(
      (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
    );
    expect(Object.keys(got).sort()).toEqual([...new Set(rows.map((r) => r.language))].sort());
    for (const [language, value] of Object.entries(got))
      expect(value, language).toBe(median(rows.filter((r) => r.language === language).map((r) => r.plays)));
    const when = aggregateOf(await ask("When are resort ads posted?"));
    expect(when.plan).toMatchObject({ intent: "breakdown", group_by: "hour", filters: ["ad=yes"] });
    // One video's time is its record, not the hours of all.
    expect(aggregateOf(await ask("When was the most viewed video posted?")).plan).toMatchObject({
      intent: "rank",
      count: 1,
    });
  });

  it("'with a price in the caption' finds the word; 'numbered lists' is the hook type", async () => {
    const inCaption = aggregateOf(await ask("How many videos have pool in the caption?"));
    expect(inCaption.plan).toMatchObject({ intent: "count", topics: ["pool"], ignored: [] });
    expect(inCaption.plan.quotes).toBeUndefined();
    expect(inCaption.result.count).toBe((await searchIds("pool")).length);
    const lists = aggregateOf(await ask("Are question hooks better than numbered lists?"));
    expect(lists.plan).toMatchObject({
      group_by: "hook_type",
      compare_codes: ["question", "numbered_list"],
      ignored: [],
    });
  });
});

describe("groups with and without a count, shares of creators, creators per sound, opening lines", () => {
  it("'engagement of videos with and without hashtags': one or more against none (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Average engagement rate of videos with and without hashtags"),
    );
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "engagement",
      filters: ["hashtags>=1", "hashtags<1"],
      ignored: [],
    });
    const rate = (where: string) =>
      db
        .prepare(
          `SELECT sum(likes + comments + shares + saves) * 1.0 / sum(plays) FROM videos WHERE ${where}`,
        )
        .pluck()
        .get() as number;
    const got = Object.fromEntries(
      (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
    );
    expect(got["at least one hashtag"]).toBeCloseTo(rate("hashtags <> ''"), 3);
    expect(got["no hashtags"]).toBeCloseTo(rate("hashtags = ''"), 3);
  });

  it("'what percentage of resort creators have under 5k followers?': those creators among the set's (SQL)", async () => {
    const resort = await searchIds("resort");
    const followers = db
      .prepare(`SELECT c.followers FROM creators c WHERE c.uid IN (SELECT author_uid FROM ${IN_IDS})`)
      .pluck()
      .all(idList(resort)) as (number | null)[];
    const part = followers.filter((f) => f !== null && f < 5000).length;
    expect(part).toBeGreaterThan(0);
    const answer = await ask("What percentage of resort creators have under 5k followers?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "share", topics: ["resort"], ignored: [] });
    expect((plan as { share_of_creators?: boolean }).share_of_creators).toBe(true);
    expect(result).toMatchObject({ part, whole: followers.length });
    expect(answer.summary).toMatch(
      new RegExp(
        `^${part} of the ${followers.length} creators of videos about "resort" have under 5,000 followers`,
      ),
    );
  });

  it("'which sounds are used by the most creators?': ranked by distinct creators (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("Which sounds are used by the most creators?"));
    expect(plan).toMatchObject({ intent: "rank", subject: "sounds", ignored: [] });
    expect((plan as { by_creators?: boolean }).by_creators).toBe(true);
    const top = db
      .prepare(
        "SELECT music_id, count(DISTINCT author_uid) AS n FROM videos WHERE music_id IS NOT NULL GROUP BY music_id ORDER BY n DESC",
      )
      .all() as { music_id: string; n: number }[];
    const first = (result.ranking as string[])[0];
    expect(top.find((r) => r.music_id === first)?.n).toBe(top[0]?.n);
  });

  it("'the most common opening lines' are their phrases; words between the cue and the noun stay the set's", async () => {
    const lines = aggregateOf(await ask("What are the most common opening lines of resort videos?"));
    expect(lines.plan).toMatchObject({ intent: "words", topics: ["resort"], ignored: [] });
    expect(lines.plan.words).toEqual({ field: "hook", kind: "phrases" });
    const keywords = aggregateOf(await ask("top resort keywords"));
    expect(keywords.plan).toMatchObject({ intent: "words", topics: ["resort"] });
    expect(keywords.result.videos).toBe((await searchIds("resort")).length);
    // A second relative window of another length is said to be unused, not dropped.
    const windows = aggregateOf(await ask("Top hashtags in the last 7 days vs the last 30 days"));
    expect(windows.plan.ignored).toEqual([
      'the last 30 days (one time window at a time: "in the last 7 days" read; to set two side by side, name two of one length, "this month vs last month", or calendar periods, "March vs April 2025")',
    ]);
    // "Longer than a minute" is a bound of 60 s.
    const minute = aggregateOf(await ask("What share of videos are longer than a minute?"));
    expect(minute.plan).toMatchObject({ intent: "share", ignored: [] });
    expect(minute.result.part).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE duration_s > 60 AND media_type = 'video'").pluck().get(),
    );
  });
});

describe("more phrasings: 'usually post about', a rate's trend, '% of', both ads and organic, hooks asked for", () => {
  it("reads each as meant (SQL where a figure is given)", async () => {
    const about = aggregateOf(await ask("What does @stay2 usually post about?"));
    expect(about.plan).toMatchObject({ intent: "rank", subject: "hashtags", ignored: [] });
    expect(about.result).toEqual(aggregateOf(await ask("What does @stay2 post about?")).result);
    const trend = aggregateOf(await ask("What's the engagement rate trend over time?"));
    expect(trend.plan).toMatchObject({ intent: "breakdown", group_by: "month", metric: "engagement" });
    const share = aggregateOf(await ask("what % of videos have more than 30k views"));
    expect(share.plan).toMatchObject({ intent: "share", ignored: [] });
    expect(share.result).toMatchObject({
      part: db.prepare("SELECT count(*) FROM videos WHERE plays > 30000").pluck().get(),
      whole: db.prepare("SELECT count(*) FROM videos").pluck().get(),
    });
    // Creators with an ad and an organic video (SQL).
    const both = db
      .prepare(
        "SELECT author_uid FROM videos GROUP BY author_uid HAVING sum(label_ad) > 0 AND sum(label_ad) < count(*) ORDER BY author_uid",
      )
      .pluck()
      .all() as string[];
    expect(both.length).toBeGreaterThan(0);
    const counted = aggregateOf(await ask("How many creators post both ads and organic videos?"));
    expect(counted.plan).toMatchObject({ intent: "count", subject: "creators", filters: [] });
    expect((counted.plan as { ads_only?: string }).ads_only).toBe("both");
    expect([...(counted.result.creators as string[])].sort()).toEqual(both);
    // Hooks asked for: videos with a detected hook, each one's opening line shown.
    const hooks = await ask("give me resort hooks");
    expect(aggregateOf(hooks).plan).toMatchObject({
      intent: "rank",
      filters: ["hook=yes"],
      topics: ["resort"],
    });
    const resortHooked = db
      .prepare(`SELECT id FROM ${IN_IDS} AND label_hook = 1 ORDER BY plays DESC, id DESC LIMIT 5`)
      .pluck()
      .all(idList(await searchIds("resort")));
    expect(aggregateOf(hooks).result.ranking).toEqual(resortHooked);
    const ofTop = aggregateOf(await ask("Show me the hooks of the top 3 resort videos"));
    expect(ofTop.plan).toMatchObject({
      intent: "rank",
      uses_shown: "hook_types",
      top_played: 3,
      ignored: [],
    });
    // "Low views" is no bound: said.
    expect(
      aggregateOf(await ask("Which resort videos have a high engagement rate but low views?")).plan.ignored,
    ).toEqual(['low views (name a bound: "under 10k views")']);
  });
});

describe("dates written as agents write them", () => {
  it("a capitalised name the captions have is text to find; one they never write stays unused (SQL)", async () => {
    const named = await searchIds("traveloka");
    expect(named.length).toBe(2);
    const top = aggregateOf(await ask("Is Traveloka in here? what are their top videos"));
    expect(top.plan).toMatchObject({ intent: "rank", topics: ["traveloka"], ignored: [] });
    expect([...(top.result.ranking as string[])].sort()).toEqual([...named].sort());
    // "Did Traveloka run any ads?": whether there are any, counted (a short question is no title case).
    const any = aggregateOf(await ask("Did Traveloka run any ads here?"));
    expect(any.plan).toMatchObject({
      intent: "count",
      topics: ["traveloka"],
      filters: ["ad=yes"],
      ignored: [],
    });
    expect(any.result.count).toBe(0);
    // Asked about its ads: none of those two is an ad, and the answer says so rather than answer for every ad.
    const ads = await ask("Did Traveloka run any ads? How many views did they get in total?");
    expect(aggregateOf(ads).plan).toMatchObject({ topics: ["traveloka"], filters: ["ad=yes"] });
    expect(aggregateOf(ads).result).toMatchObject({ count: 0, total: 0 });
    // A name no video writes ("the Kaggle set"), a month, and the end of a name read as a hashtag stay unused
    // ("set", a word for the collection, asks nothing).
    expect(aggregateOf(await ask("How many videos come from the Kaggle set?")).plan).toMatchObject({
      topics: [],
      ignored: ["kaggle"],
    });
    expect(aggregateOf(await ask("How many hotel videos will there be by December?")).plan.topics).toEqual([
      "hotel",
    ]);
    // The first word of a question is no name, and a question in title case names nothing by its capitals.
    expect(aggregateOf(await ask("Traveloka videos")).plan.topics).toEqual(["traveloka"]);
    expect(aggregateOf(await ask("How Many Views Did Traveloka Get")).plan.topics).toEqual([]);
    // At most five names are looked up in one question (each is a search): the sixth stays unused.
    const many = aggregateOf(
      await ask(
        "what about Zzqa and Zzqb and Zzqc and Zzqd and Zzqe and then also the brand Traveloka in these hotel videos everyone keeps talking about",
      ),
    );
    expect(many.plan.topics).not.toContain("traveloka");
    expect(many.plan.ignored).toContain("traveloka");
  });

  it("'a like rate over 5%', 'likes above 10% of views': a bound on a rate, of videos with plays (SQL)", async () => {
    const sql = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos WHERE plays > 0 AND ${where}`).pluck().get() as number;
    const counted = aggregateOf(await ask("How many videos have a like rate over 5%?"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["like_rate>0.05"], ignored: [] });
    const over = sql("CAST(likes AS REAL) / plays > 0.05");
    expect(counted.result.count).toBe(over);
    expect(over).toBeGreaterThan(0);
    expect(over).toBeLessThan(sql("1"));
    // Said as a share of views; several bounds hold together.
    const said = aggregateOf(await ask("which vids have likes above 5% of views and at least 10k views"));
    expect(said.plan.filters).toEqual(["like_rate>0.05", "plays>=10000"]);
    expect(said.plan.intent).toBe("rank");
    // A share of a set with a rate at least a value ("at least" includes it).
    const share = aggregateOf(await ask("What share of ads have an engagement rate of at least 3%?"));
    expect(share.plan).toMatchObject({ intent: "share", filters: ["ad=yes"], ignored: [] });
    expect(share.result).toMatchObject({
      part: sql("label_ad = 1 AND CAST(likes + comments + shares + saves AS REAL) / plays >= 0.03"),
      whole: db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get(),
    });
    // Ranked by the rate, every one within the bound.
    const ranked = aggregateOf(await ask("Which videos have an engagement rate below 2%?"));
    expect(ranked.plan).toMatchObject({ metric: "engagement", filters: ["engagement<0.02"] });
    for (const id of ranked.result.ranking as string[])
      expect(
        db
          .prepare("SELECT CAST(likes + comments + shares + saves AS REAL) / plays FROM videos WHERE id = ?")
          .pluck()
          .get(id),
      ).toBeLessThan(0.02);
  });

  it("'Can Tho' is #cantho though 'can' is a word; 'only ever posted one video', '10+ videos' bound creators (SQL)", async () => {
    const place = aggregateOf(await ask("List 5 Can Tho videos with their view counts"));
    expect(place.plan).toMatchObject({ topics: ["cantho"], ignored: [] });
    expect([...(place.result.ranking as string[])].sort()).toEqual([...(await searchIds("cantho"))].sort());
    // "Can" as the verb is no place; in lower case the name is one before what is found there ("can tho hotels").
    expect(aggregateOf(await ask("What can hotel videos teach us?")).plan.topics).toEqual(["hotel"]);
    expect(aggregateOf(await ask("list 5 can tho videos with their view counts")).result).toEqual(
      place.result,
    );
    expect(aggregateOf(await ask("what can i post about hotels")).plan.topics).toEqual(["hotel"]);
    // A sentence may open with the name; "Can I …" and "Can hotel videos …" open a question.
    expect(aggregateOf(await ask("Can Tho videos by hour of day: median views")).plan).toMatchObject({
      topics: ["cantho"],
      group_by: "hour",
    });
    expect(aggregateOf(await ask("Can I see the top Vung Tau videos?")).plan.topics).toEqual(["vungtau"]);
    const perCreator = (having: string) =>
      db
        .prepare(`SELECT count(*) FROM (SELECT author_uid FROM videos GROUP BY author_uid HAVING ${having})`)
        .pluck()
        .get();
    const one = aggregateOf(await ask("How many creators only ever posted one video?"));
    expect(one.plan).toMatchObject({ intent: "count", subject: "creators", ignored: [] });
    expect(one.result.count).toBe(perCreator("count(*) = 1"));
    const ten = aggregateOf(await ask("How many creators have 3+ videos?"));
    expect(ten.result.count).toBe(perCreator("count(*) >= 3"));
    expect(ten.result.count).toBeGreaterThan(0);
  });

  it("three topics or more, 'A, B or C', 'A vs B vs C': each one's videos side by side (SQL)", async () => {
    const medianOf = async (tag: string) =>
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(tag))) as number[],
      );
    for (const question of [
      "Which gets more views: Da Lat, Vung Tau or Da Nang videos?",
      "dalat vs vungtau vs danang videos by median views",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "topic",
        compare_topics: ["dalat", "vungtau", "danang"],
        topics: [],
        ignored: [],
      });
      const values = Object.fromEntries(
        (result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]),
      );
      expect(values, question).toEqual({
        dalat: await medianOf("dalat"),
        vungtau: await medianOf("vungtau"),
        danang: await medianOf("danang"),
      });
    }
  });

  it("two periods read apart with a comparison asked ('… in August 2025, and how that compares to July 2025'): side by side (SQL)", async () => {
    const resort = await searchIds("resort");
    const { plan, result } = aggregateOf(
      await ask("total likes of resort videos posted in August 2025 and how that compares to July 2025"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "likes", ignored: [] });
    expect(((plan as { periods?: { label: string }[] }).periods ?? []).map((p) => p.label)).toEqual([
      "August 2025",
      "July 2025",
    ]);
    const sums = Object.fromEntries(
      (
        db
          .prepare(
            `SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m, sum(likes) AS n FROM ${IN_IDS} GROUP BY m`,
          )
          .all(idList(resort)) as { m: string; n: number }[]
      ).map((r) => [r.m, r.n]),
    );
    expect(
      Object.fromEntries((result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]])),
    ).toEqual({ "August 2025": sums["2025-08"], "July 2025": sums["2025-07"] });
    // With no comparison asked, the second is still said to be unused.
    expect(
      aggregateOf(await ask("resort videos in August 2025 with over 1k likes in July 2025")).plan.ignored,
    ).toHaveLength(1);
  });

  it("'the top 5 resort videos with their hooks': the videos, each one's hook quoted (SQL)", async () => {
    const answer = await ask("top 5 resort videos with their hooks");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", filters: ["hook=yes"], ignored: [] });
    const ranked = result.ranking as string[];
    expect(ranked.length).toBeGreaterThan(0);
    for (const [i, id] of ranked.entries()) {
      const hook = db.prepare("SELECT hook_text FROM videos WHERE id = ?").pluck().get(id) as string;
      expect(answer.findings[i]?.statement).toContain(`"${hook.slice(0, 40)}`);
    }
    // Of a feed too: the breakout feed's videos, not hook types.
    expect(
      aggregateOf(await ask("Show the top 5 breakout resort videos with their hooks")).plan,
    ).toMatchObject({
      intent: "breakout",
      subject: "videos",
    });
  });

  it("'the 5 most commented videos from creators with under 1,000 followers', 'between 1 and 3 minutes long' (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Show me the 3 most commented videos from creators with under 100,000 followers"),
    );
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", metric: "comments", ignored: [] });
    expect((plan as { author_followers?: unknown }).author_followers).toEqual({
      op: "under",
      value: 100_000,
    });
    expect(result.ranking).toEqual(
      db
        .prepare(
          `SELECT v.id FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers < 100000
           ORDER BY v.comments DESC, v.id DESC LIMIT 3`,
        )
        .pluck()
        .all(),
    );
    // A range of lengths, in minutes or seconds ("long" after it is no length breakdown).
    const lengths = aggregateOf(await ask("how many videos are between 1 and 3 minutes long?"));
    expect(lengths.plan).toMatchObject({
      intent: "count",
      filters: ["seconds>=60", "seconds<=180"],
      ignored: [],
    });
    expect(lengths.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE media_type = 'video' AND duration_s BETWEEN 60 AND 180")
        .pluck()
        .get(),
    );
    // The possessive of a plural is the noun: "creators' videos".
    expect(aggregateOf(await ask("Which creators' videos get more shares than saves?")).plan).toMatchObject({
      subject: "creators",
      topics: [],
    });
  });

  it("'the 90th percentile of views', 'p75 likes': the value at that rank, lowest first (SQL)", async () => {
    const resort = await searchIds("resort");
    const nearestRank = (column: string, p: number) => {
      const xs = (db.prepare(`SELECT ${column} FROM ${IN_IDS}`).pluck().all(idList(resort)) as number[]).sort(
        (a, b) => a - b,
      );
      return xs[Math.ceil((p / 100) * xs.length) - 1];
    };
    const views = aggregateOf(await ask("What's the 90th percentile of views of resort videos?"));
    expect(views.plan).toMatchObject({ intent: "measure", metric: "plays", topics: ["resort"], ignored: [] });
    expect((views.plan as { percentile?: number }).percentile).toBe(90);
    expect(views.result).toMatchObject({
      percentile: 90,
      value: nearestRank("plays", 90),
      videos: resort.length,
    });
    const likes = aggregateOf(await ask("p75 likes of resort videos"));
    expect(likes.result).toMatchObject({ percentile: 75, value: nearestRank("likes", 75) });
    expect(likes.plan.understood).not.toContain(
      "no question asked: the matching videos are listed, the most viewed first",
    );
    // The bar for a top part: "need to land in the top quarter", "the cutoff for the top 10 %".
    for (const [question, p, column] of [
      ["How many likes does a resort video need to land in the top quarter?", 75, "likes"],
      ["Top 10% of resort videos by views: where's the cutoff?", 90, "plays"],
    ] as const) {
      const bar = aggregateOf(await ask(question));
      expect(bar.plan, question).toMatchObject({ intent: "measure", percentile: p, ignored: [] });
      expect(bar.result, question).toMatchObject({ percentile: p, value: nearestRank(column, p) });
    }
    // "What hook types do the top 5 % of resort videos use?" stays the most played 5 %.
    expect(
      (
        aggregateOf(await ask("What hook types do the top 5% of resort videos use?")).plan as {
          percentile?: number;
        }
      ).percentile,
    ).toBeUndefined();
    // Over a breakdown it is said to be unused, not dropped.
    expect(aggregateOf(await ask("90th percentile of views by month")).plan.ignored).toEqual([
      "the 90th percentile (measured over one set of videos: ask without a breakdown)",
    ]);
  });

  it("two days named and compared, quoted phrases to choose among, 'the 30 days before that' (SQL)", async () => {
    // "Saturday posts compared to Tuesday posts": those two days, each a group, on views.
    const days = aggregateOf(await ask("How do Saturday posts compare to Tuesday posts?"));
    expect(days.plan).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      metric: "plays",
      filters: ["weekday=6|2"],
      ignored: [],
    });
    const onDay = (d: number) =>
      median(
        db
          .prepare(
            "SELECT plays FROM videos WHERE CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) = ?",
          )
          .pluck()
          .all(d) as number[],
      );
    expect(
      Object.fromEntries(
        (days.result.ranking as string[]).map((k, i) => [k, (days.result.values as number[])[i]]),
      ),
    ).toEqual({ Saturday: onDay(6), Tuesday: onDay(2) });
    // Quoted phrases to choose among are compared, not counted as the captions' phrases.
    const phrases = aggregateOf(
      await ask('Which caption phrase gets the most views: "pool villa", "view biển" or "hồ bơi"?'),
    );
    expect(phrases.plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ['"pool villa"', '"view bien"', '"ho boi"'],
    });
    // "The 30 days before that": the window before, of the same length.
    const before = aggregateOf(await ask("how many videos in the past 30 days vs the 30 days before that"));
    expect(before.plan).toMatchObject({ group_by: "period", ignored: [] });
    const end = (db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number) + 1;
    const between = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to);
    expect((before.result.values as number[]).reduce((a, b) => a + b, 0)).toBe(between(end - 60 * DAY, end));
  });

  it("'top hashtags in Da Lat vs Vung Tau videos': each topic's own, side by side (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("top hashtags in Da Lat vs Vung Tau videos"));
    expect(plan).toMatchObject({
      intent: "compare",
      subject: "hashtags",
      compare_topics: ["dalat", "vungtau"],
      topics: [],
      ignored: [],
    });
    expect((plan as { uses_by?: string }).uses_by).toBe("topic");
    const used = async (tag: string) => {
      const counts = new Map<string, number>();
      for (const h of db
        .prepare(`SELECT hashtags FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds(tag))) as string[])
        for (const t of new Set(h.split(" ").filter((x) => x !== "")))
          counts.set(t, (counts.get(t) ?? 0) + 1);
      return counts;
    };
    const sides = result.sides as { name: string; videos: number; ranking: string[]; values: number[] }[];
    expect(sides.map((s) => s.name)).toEqual(['"dalat" videos', '"vungtau" videos']);
    for (const [i, tag] of ["dalat", "vungtau"].entries()) {
      const counts = await used(tag);
      const side = sides[i] as (typeof sides)[number];
      expect(side.videos).toBe((await searchIds(tag)).length);
      for (const [k, key] of side.ranking.entries()) expect(counts.get(key), key).toBe(side.values[k]);
      expect(side.values[0]).toBe(Math.max(...counts.values()));
    }
  });

  it("'1M+ views', '100k+ likes': at least that many (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("How many videos have 20k+ views?"));
    expect(plan).toMatchObject({ intent: "count", filters: ["plays>=20000"], ignored: [] });
    expect(result.count).toBe(db.prepare("SELECT count(*) FROM videos WHERE plays >= 20000").pluck().get());
    // "Weekly" beside a period is the series, not a second window.
    const weekly = aggregateOf(await ask("weekly video count for #dalat in 2025"));
    expect(weekly.plan).toMatchObject({
      intent: "breakdown",
      group_by: "week",
      topics: ["dalat"],
      ignored: [],
    });
  });

  it("a week of a month is a period: days 1 to 7, …, its last 7 days (SQL)", async () => {
    const between = (from: string, to: string) =>
      db
        .prepare(
          "SELECT count(*) FROM videos WHERE created_at >= strftime('%s', ?) AND created_at < strftime('%s', ?)",
        )
        .pluck()
        .get(from, to);
    const first = aggregateOf(await ask("How many videos were posted in the first week of August 2025?"));
    expect(first.plan).toMatchObject({
      intent: "count",
      window_from: "2025-08-01T00:00:00.000Z",
      window_to: "2025-08-08T00:00:00.000Z",
      ignored: [],
    });
    expect(first.result.count).toBe(between("2025-08-01", "2025-08-08"));
    expect(first.result.count).toBeGreaterThan(0);
    const last = aggregateOf(await ask("How many videos were posted during the last week of July 2025?"));
    expect(last.plan).toMatchObject({
      window_from: "2025-07-25T00:00:00.000Z",
      window_to: "2025-08-01T00:00:00.000Z",
    });
    expect(last.result.count).toBe(between("2025-07-25", "2025-08-01"));
    // Two weeks side by side.
    const both = aggregateOf(
      await ask("Compare the first week of August 2025 vs the 2nd week of August 2025"),
    );
    expect(both.plan).toMatchObject({ group_by: "period", ignored: [] });
    expect(both.result.ranking).toEqual(
      expect.arrayContaining(["the first week of August 2025", "the second week of August 2025"]),
    );
  });

  it("ISO days and months are calendar periods (SQL); an impossible day is no period, and said", async () => {
    const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
    const count = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to) as number;
    const span = aggregateOf(await ask("How many videos were posted between 2025-07-01 and 2025-08-15?"));
    expect(span.plan).toMatchObject({ intent: "count", ignored: [] });
    expect(span.result.count).toBe(count(at("2025-07-01"), at("2025-08-16")));
    const month = aggregateOf(await ask("How many videos in 2025-08?"));
    expect(month.result.count).toBe(count(at("2025-08-01"), at("2025-09-01")));
    const since = await ask("How many videos were published since 2025-08-01?");
    expect(aggregateOf(since).result.count).toBe(count(at("2025-08-01"), Number.MAX_SAFE_INTEGER));
    expect(since.summary).toMatch(/published since 2025-08-01 \(UTC\)/);
    const [day] = db
      .prepare("SELECT date(created_at, 'unixepoch') FROM videos ORDER BY plays DESC LIMIT 1")
      .pluck()
      .all() as string[];
    const one = await ask(`How many videos were posted on ${day}?`);
    expect(aggregateOf(one).result.count).toBe(count(at(day as string), at(day as string) + 86_400));
    expect(one.summary).toMatch(new RegExp(`published on ${day} \\(UTC\\)`));
    const impossible = aggregateOf(await ask("How many videos were posted on 2025-02-30?"));
    expect(impossible.plan.window_days).toBeNull();
    expect(impossible.plan.ignored).toEqual(["20250230"]);
  });
});

describe("shares of a window and of a topic named after the verb", () => {
  it("'what share of resort videos were posted in August 2025?', '… are about Da Lat?' (SQL, search totals)", async () => {
    const resort = await searchIds("resort");
    const inAugust = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= @from AND created_at < @to`)
      .pluck()
      .get({
        ...idList(resort),
        from: Date.UTC(2025, 7, 1) / 1000,
        to: Date.UTC(2025, 8, 1) / 1000,
      }) as number;
    expect(inAugust).toBeGreaterThan(0);
    const answer = await ask("What share of resort videos were posted in August 2025?");
    expect(aggregateOf(answer).plan).toMatchObject({ intent: "share", topics: ["resort"], ignored: [] });
    expect((aggregateOf(answer).plan as { share_of_window?: boolean }).share_of_window).toBe(true);
    expect(aggregateOf(answer).result).toMatchObject({ part: inAugust, whole: resort.length });
    expect(answer.summary).toMatch(
      new RegExp(
        `^${inAugust} of ${resort.length} videos about "resort" were published in August 2025 \\(UTC\\)`,
      ),
    );
    // A window before the verb is the set's: "what share of videos in August 2025 are ads?" stays a share of ads.
    const ads = aggregateOf(await ask("What share of videos in August 2025 are ads?"));
    expect((ads.plan as { share_of_window?: boolean }).share_of_window).toBeUndefined();
    expect(ads.result.part).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE label_ad = 1 AND created_at >= ? AND created_at < ?")
        .pluck()
        .get(Date.UTC(2025, 7, 1) / 1000, Date.UTC(2025, 8, 1) / 1000),
    );
    const about = aggregateOf(await ask("What share of hotel videos are about Vung Tau?"));
    expect(about.result).toMatchObject({
      part: await searchTotal({ q: "hotel vungtau" }),
      whole: await searchTotal({ q: "hotel" }),
    });
  });
});

describe("series by day and by week", () => {
  const inAugust = "created_at >= @from AND created_at < @to";
  const august = { from: Date.UTC(2025, 7, 1) / 1000, to: Date.UTC(2025, 8, 1) / 1000 };
  const seriesOf = (result: Record<string, unknown>) =>
    Object.fromEntries((result.ranking as string[]).map((k, i) => [k, (result.values as number[])[i]]));

  it("'how many videos were posted per week in August 2025?': each Monday-to-Sunday week's videos (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("How many videos were posted per week in August 2025?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "week", ignored: [] });
    const weeks = db
      .prepare(
        `SELECT date(created_at, 'unixepoch', 'weekday 0', '-6 days') AS monday, count(*) AS n FROM videos
         WHERE ${inAugust} GROUP BY monday`,
      )
      .all(august) as { monday: string; n: number }[];
    expect(weeks.length).toBeGreaterThan(1);
    expect(seriesOf(result)).toEqual(Object.fromEntries(weeks.map((w) => [w.monday, w.n])));
  });

  it("'videos per day between 2025-08-01 and 2025-08-10', 'what share are ads each week?' (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("How many videos per day between 2025-08-01 and 2025-08-10?"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "day", ignored: [] });
    const days = db
      .prepare(
        `SELECT date(created_at, 'unixepoch') AS day, count(*) AS n FROM videos
         WHERE created_at >= ? AND created_at < ? GROUP BY day`,
      )
      .all(Date.UTC(2025, 7, 1) / 1000, Date.UTC(2025, 7, 11) / 1000) as { day: string; n: number }[];
    expect(seriesOf(result)).toEqual(Object.fromEntries(days.map((d) => [d.day, d.n])));
    const share = aggregateOf(await ask("What share of videos in August 2025 are ads each week?"));
    expect(share.plan).toMatchObject({ group_by: "week", share_of: "ads" });
    // An account's pace stays its cadence.
    expect(aggregateOf(await ask("How many videos a week does @stay2 post?")).plan.intent).toBe("cadence");
  });
});

describe("a comparative between topics written together, and accounts by their viral videos", () => {
  it("'do Da Lat homestay videos get more views than Vung Tau ones?' compares the places, the shared topic on both", async () => {
    const { plan } = aggregateOf(await ask("Do Da Lat review videos get more views than Vung Tau ones?"));
    expect(plan).toMatchObject({ group_by: "topic", topics: ["review"] });
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["dalat", "vungtau"]);
  });

  it("'the second most viewed video', 'the third most liked': that place of the ranking, named (SQL)", async () => {
    const byCount = (column: string) =>
      db.prepare(`SELECT id FROM videos ORDER BY ${column} DESC, id DESC LIMIT 3`).pluck().all() as string[];
    const viewed = await ask("What is the second most viewed video?");
    expect(aggregateOf(viewed).plan).toMatchObject({ intent: "rank", count: 2, ignored: [] });
    expect(aggregateOf(viewed).result.ranking).toEqual(byCount("plays").slice(0, 2));
    expect(viewed.summary).toMatch(new RegExp(`^The second most viewed video: ${byCount("plays")[1]} by @`));
    const liked = await ask("What is the third most liked video?");
    expect(aggregateOf(liked).result.ranking).toEqual(byCount("likes"));
    expect(liked.summary).toMatch(new RegExp(`^The third video by likes: ${byCount("likes")[2]} by @`));
  });

  it("'key insights about resort videos' is an overview; 'which creators are most consistent?' their cadence", async () => {
    const insights = aggregateOf(await ask("What are the key insights about resort videos?"));
    expect(insights.plan).toMatchObject({ intent: "overview", topics: ["resort"], ignored: [] });
    expect(insights.result.count).toBe((await searchIds("resort")).length);
    expect(aggregateOf(await ask("Which creators are most consistent?")).plan).toMatchObject({
      intent: "cadence",
      ignored: [],
    });
    const captions = await ask("Which videos have the longest captions?");
    expect(aggregateOf(captions).plan.intent).toBe("decline");
    expect(captions.summary).toMatch(/not by caption length; caption lengths are compared in bands/);
  });

  it("'what's the oldest video?', 'who posted first about Da Lat?': oldest first by publication time (SQL)", async () => {
    const oldest = (where = "1", n = 5) =>
      db
        .prepare(
          `SELECT id, author_uid, created_at FROM videos WHERE ${where} ORDER BY created_at, id LIMIT ?`,
        )
        .all(n) as {
        id: string;
        author_uid: string;
        created_at: number;
      }[];
    const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);
    const handle = (uid: string) => db.prepare("SELECT handle FROM creators WHERE uid = ?").pluck().get(uid);
    for (const question of ["What's the oldest video?", "When was the first video posted?"]) {
      const answer = await ask(question);
      const { plan, result } = aggregateOf(answer);
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        count: 1,
        topics: [],
        ignored: [],
      });
      expect((plan as { oldest?: boolean }).oldest, question).toBe(true);
      const [first] = oldest();
      expect(result.ranking, question).toEqual([first?.id]);
      expect(answer.summary, question).toContain(
        `The oldest video: ${first?.id} by @${handle(first?.author_uid ?? "")}, published ${day(first?.created_at ?? 0)} (UTC)`,
      );
    }
    // Several, a place in the order, a creator's first, and a topic's.
    expect(aggregateOf(await ask("Show me the 3 oldest videos")).result.ranking).toEqual(
      oldest("1", 3).map((v) => v.id),
    );
    const second = aggregateOf(await ask("What is the second oldest video?"));
    expect(second.result.ranking).toEqual(oldest("1", 2).map((v) => v.id));
    expect(second.plan.ignored).toEqual([]);
    const [stay] = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().all() as string[];
    expect(aggregateOf(await ask("What was @stay2's first video?")).result.ranking).toEqual(
      oldest(`author_uid = '${stay}'`, 1).map((v) => v.id),
    );
    const dalat = await searchIds("dalat");
    const dalatOldest = db
      .prepare(`SELECT id, author_uid FROM ${IN_IDS} ORDER BY created_at, id`)
      .all(idList(dalat)) as { id: string; author_uid: string }[];
    expect(aggregateOf(await ask("What was the first video about Da Lat?")).result.ranking).toEqual([
      dalatOldest[0]?.id,
    ]);
    // Who posted first: the creators of the oldest videos, each once.
    const who = aggregateOf(await ask("Which creators posted first about Da Lat?"));
    expect(who.plan).toMatchObject({ intent: "rank", subject: "creators", topics: ["dalat"], ignored: [] });
    const creators = [...new Set(dalatOldest.map((v) => v.author_uid))];
    expect(who.result.ranking).toEqual(creators.slice(0, 5));
    expect(creators.length).toBeGreaterThan(1);
    const one = await ask("Who was the first to post about Da Lat?");
    expect(aggregateOf(one).result.ranking).toEqual(creators.slice(0, 1));
    expect(one.summary).toMatch(
      new RegExp(`^@${handle(creators[0] ?? "")} posted the oldest video about "dalat"`),
    );
    // Other subjects are declined; "earliest breakouts" stays the breakout feed; "their first video in 2025" is
    // new creators in a period.
    const tags = await ask("What are the oldest hashtags?");
    expect(aggregateOf(tags).plan.intent).toBe("decline");
    expect(tags.summary).toMatch(
      /the oldest videos and the creators who posted first, not the oldest hashtags/,
    );
    expect(aggregateOf(await ask("Show me the earliest breakouts")).plan.intent).toBe("breakout");
    const fresh = aggregateOf(await ask("Which creators posted their first video in 2025?")).plan;
    expect(fresh).toMatchObject({ intent: "rank", count: 5 });
    expect((fresh as { first_in_window?: boolean }).first_in_window).toBe(true);
  });

  it("'top creators by number of viral videos': how many of the most played tenth are each one's (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("Top creators by number of viral videos"));
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "videos",
      viral: true,
      ignored: [],
    });
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const floor = db
      .prepare("SELECT plays FROM videos ORDER BY plays DESC LIMIT 1 OFFSET ?")
      .pluck()
      .get(Math.ceil(all / 10) - 1) as number;
    const counts = db
      .prepare("SELECT author_uid, count(*) AS n FROM videos WHERE plays >= ? GROUP BY author_uid")
      .all(floor) as { author_uid: string; n: number }[];
    const most = Math.max(...counts.map((c) => c.n));
    // The first has the most of them (ties broken by the analyst's own order).
    expect(counts.find((c) => c.author_uid === (result.ranking as string[])[0])?.n).toBe(most);
  });
});

describe("ranges, and rankings within each group", () => {
  const count = (sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...params) as number;

  it("'between 3k and 6k followers', '4-7 videos', two ranges in one question, 'a like rate between 3% and 5%' (SQL)", async () => {
    const followers = aggregateOf(await ask("How many creators have between 3k and 6k followers?"));
    expect(followers.plan).toMatchObject({ intent: "count", subject: "creators", ignored: [] });
    expect(followers.result.count).toBe(
      count(
        "SELECT count(DISTINCT v.author_uid) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers BETWEEN 3000 AND 6000",
      ),
    );
    const videos = aggregateOf(await ask("How many creators posted 4-7 videos?"));
    expect(videos.plan).toMatchObject({ intent: "count", subject: "creators", topics: [], ignored: [] });
    expect(videos.result.count).toBe(
      count(
        "SELECT count(*) FROM (SELECT author_uid FROM videos GROUP BY author_uid HAVING count(*) BETWEEN 4 AND 7)",
      ),
    );
    const both = aggregateOf(
      await ask("How many videos are between 10 and 60 seconds long and have between 5k and 30k views?"),
    );
    expect(both.plan).toMatchObject({
      intent: "count",
      filters: ["seconds>=10", "seconds<=60", "plays>=5000", "plays<=30000"],
      ignored: [],
    });
    expect(both.result.count).toBe(
      count(
        "SELECT count(*) FROM videos WHERE media_type = 'video' AND duration_s BETWEEN 10 AND 60 AND plays BETWEEN 5000 AND 30000",
      ),
    );
    const rate = aggregateOf(await ask("How many videos have a like rate between 3% and 5%?"));
    expect(rate.plan).toMatchObject({ intent: "count", filters: ["like_rate>=0.03", "like_rate<=0.05"] });
    expect(rate.result.count).toBe(
      count("SELECT count(*) FROM videos WHERE plays > 0 AND likes * 1.0 / plays BETWEEN 0.03 AND 0.05"),
    );
    // "Passed 20k views", "shorter than 20s"; "show me 3-5 videos" is how many to list, not the hashtag #35.
    const passed = aggregateOf(await ask("how many videos passed 20k views?"));
    expect(passed.plan).toMatchObject({ filters: ["plays>20000"], ignored: [] });
    expect(passed.result.count).toBe(count("SELECT count(*) FROM videos WHERE plays > 20000"));
    const short = aggregateOf(await ask("how many videos are shorter than 20s?"));
    expect(short.plan).toMatchObject({ intent: "count", filters: ["seconds<20"], ignored: [] });
    const listed = aggregateOf(await ask("show me 3-5 resort videos"));
    expect(listed.plan).toMatchObject({ intent: "rank", topics: ["resort"], count: 5, ignored: [] });
  });

  it("'the top 2 videos for each month', 'the 3 most-liked for each day of the week': each group's own ranking (SQL)", async () => {
    const months = aggregateOf(await ask("What are the top 2 videos for each month?"));
    expect(months.plan).toMatchObject({ intent: "rank", subject: "videos", group_by: "month", count: 2 });
    const keys = db
      .prepare("SELECT DISTINCT strftime('%Y-%m', created_at, 'unixepoch') FROM videos ORDER BY 1")
      .pluck()
      .all() as string[];
    const top = (where: string, by: string, n: number, ...params: unknown[]) =>
      db
        .prepare(`SELECT id FROM videos WHERE ${where} ORDER BY ${by} DESC, id DESC LIMIT ${n}`)
        .pluck()
        .all(...params);
    const groups = months.result.groups as { group: string; ranking: string[] }[];
    // The latest twelve months, oldest first, each named.
    expect(groups.map((g) => g.group)).toEqual(
      keys.slice(-12).map((k) => `${MONTH_NAMES[Number(k.slice(5)) - 1]} ${k.slice(0, 4)}`),
    );
    expect(groups.map((g) => g.ranking)).toEqual(
      keys.slice(-12).map((k) => top("strftime('%Y-%m', created_at, 'unixepoch') = ?", "plays", 2, k)),
    );
    const days = aggregateOf(await ask("top 3 most-liked videos for each day of the week"));
    expect(days.plan).toMatchObject({ intent: "rank", metric: "likes", group_by: "weekday", topics: [] });
    const weekdays = db
      .prepare(
        "SELECT DISTINCT CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) FROM videos ORDER BY 1",
      )
      .pluck()
      .all() as number[];
    expect((days.result.groups as { ranking: string[] }[]).map((g) => g.ranking)).toEqual(
      weekdays.map((d) => top("CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) = ?", "likes", 3, d)),
    );
  });

  it("'top 2 creators by views for each of Da Lat, Vung Tau and resort': each topic ranked as asked alone", async () => {
    const each = aggregateOf(await ask("top 2 creators by views for each of Da Lat, Vung Tau and resort"));
    expect(each.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      compare_topics: ["dalat", "vungtau", "resort"],
      count: 2,
      ignored: [],
    });
    const groups = each.result.groups as { group: string; ranking: string[] }[];
    expect(groups.map((g) => g.group)).toEqual(['"dalat"', '"vungtau"', '"resort"']);
    // Each topic's creators by the total views of their videos about it (SQL over the search's videos).
    for (const [i, topic] of ["dalat", "vungtau", "resort"].entries()) {
      const totals = db
        .prepare(
          `SELECT author_uid, sum(plays) AS total FROM ${IN_IDS} GROUP BY author_uid ORDER BY total DESC`,
        )
        .all(idList(await searchIds(topic))) as { author_uid: string; total: number }[];
      expect(groups[i]?.ranking[0]).toBe(totals[0]?.author_uid);
      expect(groups[i]?.ranking).toHaveLength(Math.min(2, totals.length));
    }
    // One in each for a noun in the singular; the videos, not the hook types, for "top 2 videos per hook type".
    const one = aggregateOf(await ask("Which creator got the most views each month?"));
    expect(one.plan).toMatchObject({ intent: "rank", subject: "creators", group_by: "month", count: 1 });
    const hooks = aggregateOf(await ask("top 2 videos per hook type"));
    expect(hooks.plan).toMatchObject({ intent: "rank", subject: "videos", group_by: "hook_type", count: 2 });
  });

  it("'the best video per creator for the 3 creators who posted the most': those accounts, one video each (SQL)", async () => {
    const each = aggregateOf(await ask("best video per creator for the 3 creators who posted the most"));
    expect(each.plan).toMatchObject({ intent: "rank", subject: "videos", count: 1, ignored: [] });
    const busiest = db
      .prepare("SELECT author_uid FROM videos GROUP BY author_uid ORDER BY count(*) DESC, author_uid LIMIT 3")
      .pluck()
      .all() as string[];
    const handle = (uid: string) => db.prepare("SELECT handle FROM creators WHERE uid = ?").pluck().get(uid);
    const groups = each.result.groups as { group: string; ranking: string[] }[];
    expect(groups.map((g) => g.group)).toEqual(busiest.map((uid) => `@${handle(uid)}`));
    expect(groups.map((g) => g.ranking)).toEqual(
      busiest.map((uid) =>
        db
          .prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY plays DESC, id DESC LIMIT 1")
          .pluck()
          .all(uid),
      ),
    );
    // "Each of the 3 biggest creators": three groups, and the singular "top video" one in each.
    const biggest = aggregateOf(await ask("top resort video for each of the 3 biggest creators"));
    expect(biggest.plan).toMatchObject({ intent: "rank", subject: "videos", topics: ["resort"], count: 1 });
    expect(biggest.result.groups).toHaveLength(3);
  });
});

describe("days written out, and codes the source did not record", () => {
  const count = (sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...params) as number;
  /** "7 March 2025" for a Unix time (UTC). */
  const written = (t: number) => {
    const d = new Date(t * 1000);
    return `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };

  it("'on 7 March 2025', 'the week of 7 March 2025', 'between 1 March and 20 April 2025' are periods (SQL)", async () => {
    const newest = count("SELECT max(created_at) FROM videos");
    const day = Math.floor(newest / DAY) * DAY;
    const one = aggregateOf(await ask(`How many videos were posted on ${written(day)}?`));
    expect(one.plan).toMatchObject({ intent: "count", window_days: 1, ignored: [] });
    expect(one.result.count).toBe(
      count("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?", day, day + DAY),
    );
    // The week holding it, Monday to Sunday (as weeks are grouped).
    const monday = day - ((new Date(day * 1000).getUTCDay() + 6) % 7) * DAY;
    const week = aggregateOf(await ask(`How many videos were posted in the week of ${written(day)}?`));
    expect(week.plan).toMatchObject({ window_from: new Date(monday * 1000).toISOString(), window_days: 7 });
    expect(week.result.count).toBe(
      count("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?", monday, monday + 7 * DAY),
    );
    // A span of days, the first without its year; "top 10 <month> <year> videos" stays ten of that month.
    const from = day - 20 * DAY;
    const [a, b] = [written(from), written(day)];
    const span = aggregateOf(await ask(`How many videos between ${a.replace(/ \d{4}$/, "")} and ${b}?`));
    expect(span.plan).toMatchObject({ intent: "count", window_from: new Date(from * 1000).toISOString() });
    expect(span.result.count).toBe(
      count("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?", from, day + DAY),
    );
    const month = b.replace(/^\d+ /, "");
    expect(aggregateOf(await ask(`top 10 ${month} videos`)).plan).toMatchObject({
      count: 10,
      window_days: expect.any(Number),
    });
    expect(
      (aggregateOf(await ask(`top 10 ${month} videos`)).plan as { window_days: number }).window_days,
    ).toBeGreaterThan(27);
  });

  it("'videos with no region', 'missing a language': the videos the source recorded none for (SQL)", async () => {
    const none = aggregateOf(await ask("How many videos have no region?"));
    expect(none.plan).toMatchObject({
      intent: "count",
      subject: "videos",
      filters: ["region=none"],
      ignored: [],
    });
    expect(none.result.count).toBe(count("SELECT count(*) FROM videos WHERE region IS NULL"));
    const share = aggregateOf(await ask("What share of videos are missing a language?"));
    expect(share.plan).toMatchObject({ intent: "share", subject: "videos", ignored: [] });
    expect(share.result.part).toBe(count("SELECT count(*) FROM videos WHERE language IS NULL"));
    expect(share.result.whole).toBe(count("SELECT count(*) FROM videos"));
    const languages = aggregateOf(await ask("Which languages do videos without a region use?"));
    expect(languages.plan).toMatchObject({ subject: "languages", filters: ["region=none"] });
    expect(languages.result.ranking).toEqual(
      db
        .prepare(
          "SELECT language FROM videos WHERE region IS NULL AND language IS NOT NULL GROUP BY language ORDER BY count(*) DESC, language LIMIT 5",
        )
        .pluck()
        .all(),
    );
  });
});

describe("two accounts compared on followers", () => {
  it("their followers, whichever of their videos the question names (not how many of them it holds) (SQL)", async () => {
    // (No measure named: their followers. "Who is doing better?" asks for their videos' views, below.)
    const answer = await ask("@stay1 vs @stay2, both Da Lat homestays: how do they compare?");
    const { plan } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "compare", topics: ["dalat", "homestay"] });
    const followers = (handle: string) =>
      db.prepare("SELECT followers FROM creators WHERE handle = ?").pluck().get(handle) as number;
    const [one, two] = [followers("stay1"), followers("stay2")];
    expect(one).not.toBe(two);
    const [ahead, behind] = one > two ? ["stay1", "stay2"] : ["stay2", "stay1"];
    const fmt = (n: number) => n.toLocaleString("en-US");
    // Each one's median video beside (stop 70), over the videos in question.
    expect(answer.summary).toMatch(
      new RegExp(
        `^@${ahead} is ahead on followers: ${fmt(Math.max(one, two))} vs ${fmt(Math.min(one, two))} for @${behind}\\. By median views per video of their videos about "dalat homestay": @stay[12] [\\d,.]+, @stay[12] [\\d,.]+\\.$`,
      ),
    );
    for (const f of answer.findings.slice(-2))
      expect(f.statement).toMatch(
        /^@stay[12]: [\d,]+ followers; \d+ videos?, a median of [\d,.]+ views per video\.$/,
      );
  });
});

describe("a topic ruled out", () => {
  it("'homestay videos not about Da Lat', 'excluding #vungtau': those the search for it does not find (search totals)", async () => {
    const [homestay, dalat, vungtau] = await Promise.all([
      searchIds("homestay"),
      searchIds("dalat"),
      searchIds("vungtau"),
    ]);
    const not = (all: string[], ...out: string[][]) => all.filter((id) => !out.some((o) => o.includes(id)));
    const one = aggregateOf(await ask("How many homestay videos are not about Da Lat?"));
    expect(one.plan).toMatchObject({
      intent: "count",
      topics: ["homestay"],
      filters: ["not_q=dalat"],
      ignored: [],
    });
    expect(one.result.count).toBe(not(homestay, dalat).length);
    expect(not(homestay, dalat).length).toBeLessThan(homestay.length);
    const all = aggregateOf(await ask("top 3 videos excluding #dalat and excluding #vungtau"));
    expect(all.plan).toMatchObject({ intent: "rank", topics: [], filters: ["not_q=dalat", "not_q=vungtau"] });
    const every = db.prepare("SELECT id FROM videos ORDER BY plays DESC, id DESC").pluck().all() as string[];
    expect(all.result.ranking).toEqual(not(every, dalat, vungtau).slice(0, 3));
    // "Not ads" stays organic videos.
    expect(aggregateOf(await ask("how many videos are not ads?")).plan).toMatchObject({ filters: ["ad=no"] });
  });
});

describe("a topic against the rest", () => {
  it("'do resort videos get more views than those that don't?', 'resort videos vs the rest': the two sides (search, SQL)", async () => {
    const resort = new Set(await searchIds("resort"));
    const all = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const expected = [
      { key: 'about "resort"', value: median(all.filter((v) => resort.has(v.id)).map((v) => v.plays)) },
      { key: 'not about "resort"', value: median(all.filter((v) => !resort.has(v.id)).map((v) => v.plays)) },
    ].sort((a, b) => b.value - a.value);
    expect(resort.size).toBeGreaterThan(0);
    for (const question of [
      "do resort videos get more views than those that don't?",
      "resort videos vs the rest: median views",
      "do resort videos get more views than the ones that dont mention it?",
      "Do resort videos beat the rest? videos mentioning resort vs everything else, median views",
      // (Real questions' other ways of naming the rest.)
      "How do videos tagged #resort compare with videos without it on median views?",
      "Does tagging #resort actually help compared with not using it? median views",
      "How does resort content compare to all other videos on median views?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        topics: [],
        ignored: [],
      });
      expect(result.ranking, question).toEqual(expected.map((g) => g.key));
      expect(result.values, question).toEqual(expected.map((g) => g.value));
    }
    // A topic after "other" is of both sides.
    const within = aggregateOf(await ask("do Da Lat videos get more likes than other resort videos?"));
    expect(within.plan).toMatchObject({ group_by: "bounds", topics: ["resort"], metric: "likes" });
    expect(
      aggregateOf(await ask("Do Da Lat videos outperform the other resort videos on likes?")).result,
    ).toEqual(within.result);
    // A topic that scopes the question is of both sides; "viral … vs the rest" is not read as a topic's rest.
    expect(
      aggregateOf(await ask("Within Da Lat, do resort videos outperform the ones without?")).plan,
    ).toMatchObject({
      group_by: "bounds",
      topics: ["dalat"],
      bands: ['about "resort"', 'not about "resort"'],
    });
    for (const question of [
      "What is the engagement rate of viral resort videos vs the rest?",
      // (A union's rest is not read: its side would be a union, not the topics together.)
      "resort or homestay videos vs the rest: median views",
    ])
      expect(aggregateOf(await ask(question)).plan.group_by, question).not.toBe("bounds");
  });
});

describe("topics joined by 'or': the videos about any of them", () => {
  it("'the top 3 videos tagged #dalat or #vungtau', 'the most liked review videos about Da Lat or Vung Tau': a union, ranked (search results)", async () => {
    const [dalat, vungtau, review] = await Promise.all([
      searchIds("dalat"),
      searchIds("vungtau"),
      searchIds("review"),
    ]);
    const either = new Set([...dalat, ...vungtau]);
    // Neither topic holds the other: the union is larger than each.
    expect(either.size).toBeGreaterThan(Math.max(dalat.length, vungtau.length));
    const played = db.prepare("SELECT id FROM videos ORDER BY plays DESC, id DESC").pluck().all() as string[];
    const top = aggregateOf(await ask("top 3 videos tagged #dalat or #vungtau by views"));
    expect(top.plan).toMatchObject({
      intent: "rank",
      topics: [],
      filters: ["any_q=dalat|vungtau"],
      ignored: [],
    });
    expect(top.plan.understood).toContain('videos about any of "dalat", "vungtau" (from "or")');
    expect(top.result.ranking).toEqual(played.filter((id) => either.has(id)).slice(0, 3));
    // A topic beside the union applies to every video: review videos about either place.
    const liked = db.prepare("SELECT id FROM videos ORDER BY likes DESC, id DESC").pluck().all() as string[];
    const reviews = aggregateOf(await ask("the most liked review videos about Da Lat or Vung Tau"));
    expect(reviews.plan).toMatchObject({
      intent: "rank",
      topics: ["review"],
      filters: ["any_q=dalat|vungtau"],
    });
    const both = liked.filter((id) => either.has(id) && review.includes(id));
    expect(both.length).toBeGreaterThan(0);
    expect(reviews.result.ranking).toEqual(both.slice(0, 5));
    // A count of either stays a breakdown of each, with those about any of them first.
    const count = await ask("How many videos mention Da Lat, Vung Tau or homestay?");
    const homestay = await searchIds("homestay");
    const any = new Set([...either, ...homestay]);
    expect(aggregateOf(count).plan).toMatchObject({
      intent: "breakdown",
      compare_topics: ["dalat", "vungtau", "homestay"],
    });
    expect(count.summary).toMatch(
      new RegExp(`^There are ${any.size} videos about "dalat", "vungtau" or "homestay"\\.`),
    );
    // "Which gets more likes, Da Lat or Vung Tau?" still compares the two.
    expect(aggregateOf(await ask("which gets more likes, Da Lat or Vung Tau videos?")).plan).toMatchObject({
      intent: "breakdown",
      compare_topics: ["dalat", "vungtau"],
    });
  });
});

describe("what a question asks twice, or names without a unit", () => {
  it("a second count asked apart, a range with no count, 'the top 10%' per year are said, not misread", async () => {
    const two = aggregateOf(
      await ask("How many videos are missing a region? and how many are missing a language?"),
    );
    expect(two.plan).toMatchObject({ intent: "count", filters: ["region=none"] });
    expect(two.plan.ignored).toEqual(["missing a language (one count at a time: ask again for it)"]);
    const bands = aggregateOf(await ask("How many creators have 2-3 or 4-7 videos?"));
    expect(bands.plan.topics).toEqual([]);
    expect(bands.plan.ignored).toContain("2-3 (a range of numbers with no count it bounds)");
    // "The top 10% of videos for each year" is a set per year, not a ranking within each.
    const viral = aggregateOf(await ask("What views do the top 10% of videos reach, for each year?"));
    expect(viral.plan).toMatchObject({ intent: "breakdown", group_by: "year", viral: true });
  });
});

describe("hours of the day in a time zone named", () => {
  it("'which hour do most videos go out, in Vietnam time?': the hours shifted to UTC+7, counted as in UTC (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Which hour of the day do most videos go out, in Vietnam time?"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "hour", utc_offset_hours: 7, ignored: [] });
    const rows = db
      .prepare(
        `SELECT (CAST(strftime('%H', created_at, 'unixepoch') AS INTEGER) + 7) % 24 AS h, count(*) AS n
         FROM videos GROUP BY h ORDER BY n DESC, h`,
      )
      .all() as { h: number; n: number }[];
    const first = (result.ranking as string[])[0] as string;
    expect(first).toMatch(/^\d\d:00 \(UTC\+7\)$/);
    // The first hour named has the most videos (ties in the analyst's own order).
    expect(rows.find((r) => r.h === Number(first.slice(0, 2)))?.n).toBe(rows[0]?.n);
    // Elsewhere a time zone is said to be unused: days stay UTC.
    expect(
      aggregateOf(await ask("How many videos were posted on Sundays in Vietnam time?")).plan.ignored,
    ).toEqual(["in vietnam time (only hours of the day are read in a time zone; days and dates are UTC)"]);
  });
});

describe("questions read as users phrase them (real scraped questions)", () => {
  it("days beside another comparison stay a filter; three periods with 'vs'; 'share count' is shares; '@x top 3 by likes'", async () => {
    // "Da Lat or Vung Tau … on weekends, top 3": the days filter a ranking of the videos about either.
    const weekend = aggregateOf(await ask("Da Lat or Vung Tau videos posted on weekends - top 3 by views"));
    expect(weekend.plan).toMatchObject({
      intent: "rank",
      filters: ["weekday=0|6", "any_q=dalat|vungtau"],
    });
    const either = new Set([...(await searchIds("dalat")), ...(await searchIds("vungtau"))]);
    const onWeekends = db
      .prepare(
        "SELECT id FROM videos WHERE CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) IN (0, 6) ORDER BY plays DESC, id DESC",
      )
      .pluck()
      .all() as string[];
    expect(onWeekends.filter((id) => either.has(id)).length).toBeGreaterThan(0);
    expect(weekend.result.ranking).toEqual(onWeekends.filter((id) => either.has(id)).slice(0, 3));
    // "Weekends or weekdays?" still compares the days.
    expect(aggregateOf(await ask("hotel videos: weekends or weekdays?")).plan).toMatchObject({
      group_by: "weekend",
    });
    const years = aggregateOf(await ask("median likes in 2023 vs 2024 vs 2025"));
    expect(years.plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "likes" });
    expect(years.plan.periods?.map((p) => p.label)).toEqual(["2023", "2024", "2025"]);
    const uploads = aggregateOf(await ask("How do 2024 uploads compare with 2025 uploads on median likes?"));
    expect(uploads.plan.periods?.map((p) => p.label)).toEqual(["2024", "2025"]);
    // "Which 2025 Da Lat videos …": the year before what is asked about is a window ("top 2000 videos" is not).
    const year = aggregateOf(await ask("Which 2025 Da Lat videos have the most views?"));
    expect(year.plan).toMatchObject({ intent: "rank", topics: ["dalat"], window_days: 365 });
    // "Before vs after 1 August 2025": the two sides of the day, each a group (SQL).
    const sides = aggregateOf(await ask("Vung Tau videos before vs after 1 August 2025: median views"));
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "period", topics: ["vungtau"] });
    expect(sides.plan.periods?.map((p) => p.label)).toEqual([
      "before 1 August 2025",
      "from 1 August 2025 on",
    ]);
    const august = Date.UTC(2025, 7, 1) / 1000;
    const vungtau = new Set(await searchIds("vungtau"));
    const sidePlays = (where: string) =>
      (db.prepare(`SELECT id, plays FROM videos WHERE ${where}`).all() as { id: string; plays: number }[])
        .filter((r) => vungtau.has(r.id))
        .map((r) => r.plays);
    const [early, late] = [sidePlays(`created_at < ${august}`), sidePlays(`created_at >= ${august}`)];
    expect(early.length * late.length).toBeGreaterThan(0);
    const sideRanking = sides.result.ranking as string[];
    expect((sides.result.values as number[])[sideRanking.indexOf("before 1 August 2025")]).toBe(
      median([...early]),
    );
    expect((sides.result.values as number[])[sideRanking.indexOf("from 1 August 2025 on")]).toBe(
      median([...late]),
    );
    const highest = aggregateOf(await ask("which videos have the highest share count?"));
    expect(highest.plan).toMatchObject({ intent: "rank", metric: "shares" });
    const avg = aggregateOf(await ask("whats the avg share count for vids with more than 20k views"));
    expect(avg.plan).toMatchObject({ intent: "measure", metric: "shares", filters: ["plays>20000"] });
    const mine = aggregateOf(await ask("@stay2 top 3 by likes"));
    expect(mine.plan).toMatchObject({ intent: "rank", subject: "videos", metric: "likes", count: 3 });
    const liked = db
      .prepare(
        "SELECT v.id FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle = 'stay2' ORDER BY v.likes DESC, v.id DESC",
      )
      .pluck()
      .all() as string[];
    expect(mine.result.ranking).toEqual(liked.slice(0, 3));
    const counting = aggregateOf(
      await ask("top 3 videos by like rate, only counting videos with at least 5k views"),
    );
    expect(counting.plan).toMatchObject({ topics: [], filters: ["plays>=5000"] });
    // "exactly one hashtag", "3 or more hashtags", "2 or fewer tags": bounds on the count (SQL).
    const tags =
      "(CASE WHEN hashtags = '' THEN 0 ELSE length(hashtags) - length(replace(hashtags, ' ', '')) + 1 END)";
    const tagged = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get() as number;
    const one = await ask("How many videos use exactly one hashtag?");
    expect(aggregateOf(one).plan).toMatchObject({ intent: "count", filters: ["hashtags>=1", "hashtags<=1"] });
    expect(one.summary).toMatch(/ with exactly 1 hashtag\.$/);
    expect(aggregateOf(one).result.count).toBe(tagged(`${tags} = 1`));
    const more = aggregateOf(await ask("How many videos have 3 or more hashtags?"));
    expect(more.plan.filters).toEqual(["hashtags>=3"]);
    expect(more.result.count).toBe(tagged(`${tags} >= 3`));
    const fewer = aggregateOf(await ask("How many videos have 2 or fewer tags?"));
    expect(fewer.plan.filters).toEqual(["hashtags<=2"]);
    expect(fewer.result.count).toBe(tagged(`${tags} <= 2`));
    expect(tagged(`${tags} = 1`) * tagged(`${tags} >= 3`)).toBeGreaterThan(0);
    // "Captions under 50 characters": a bound on the caption's characters (code points, hashtags included).
    const chars = "length(coalesce(caption, ''))";
    const short = aggregateOf(
      await ask("top 3 videos where the caption is under 50 characters, ranked by views"),
    );
    expect(short.plan).toMatchObject({ intent: "rank", filters: ["characters<50"], ignored: [] });
    const under = db
      .prepare(`SELECT id FROM videos WHERE ${chars} < 50 ORDER BY plays DESC, id DESC`)
      .pluck()
      .all() as string[];
    expect(under.length).toBeGreaterThan(0);
    expect(short.result.ranking).toEqual(under.slice(0, 3));
    const long = aggregateOf(await ask("how many videos have captions over 50 characters?"));
    expect(long.plan).toMatchObject({ intent: "count", filters: ["characters>50"], ignored: [] });
    expect(long.result.count).toBe(tagged(`${chars} > 50`));
    expect(long.result.count).toBeGreaterThan(0);
    const apart = aggregateOf(
      await ask("median views of captions under 50 characters vs over 50 characters"),
    );
    expect(apart.plan).toMatchObject({ intent: "breakdown", group_by: "bounds" });
    // "How long should my caption be?" stays the caption length bands.
    expect(aggregateOf(await ask("How long should my caption be?")).plan).toMatchObject({
      group_by: "caption_length",
    });
    // Typed as users type: "more then 5k veiws" is a bound; a budget hotel is no ad spend; the comments' text,
    // and an audience's age and gender, are not recorded.
    const typed = aggregateOf(await ask("hoi an vids with more then 5k veiws?"));
    expect(typed.plan).toMatchObject({ topics: ["hoian"], filters: ["plays>5000"] });
    expect(typed.plan.understood).toContain('read "then" as "than"');
    expect(
      aggregateOf(await ask("I run a budget hotel in Vung Tau. Which hotel videos did best?")).plan.intent,
    ).not.toBe("decline");
    expect(
      String(
        aggregateOf(await ask("Show me the comments under @stay2's videos - what are people saying?")).result
          .declined,
      ),
    ).toMatch(/not comment text$/);
    // ("The median comments on ads" counts them.)
    expect(aggregateOf(await ask("What's the median number of comments on ads?")).plan).toMatchObject({
      intent: "measure",
      metric: "comments",
    });
    expect(
      String(aggregateOf(await ask("What share of @stay2's audience is women aged 18-24?")).result.declined),
    ).toMatch(/not audience demographics$/);
    // "… by accounts under 5k followers: top 3 by views": whose videos, not a ranking within each account.
    const whose = aggregateOf(await ask("Da Lat uploads by accounts under 5k followers: top 3 by views"));
    expect(whose.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      author_followers: { op: "under", value: 5000 },
    });
    expect(whose.plan.group_by).toBeUndefined();
    // "Sorted by shares" ranks the videos about either tag; "more than 5k views" compares nothing.
    const sorted = aggregateOf(
      await ask("#dalat or #vungtau videos, organic only, more than 5k views, sorted by shares"),
    );
    expect(sorted.plan).toMatchObject({ intent: "rank", metric: "shares" });
    expect(sorted.plan.filters).toContain("any_q=dalat|vungtau");
    // "Got past 5k views", "cleared 5k views": over.
    expect(aggregateOf(await ask("how many Da Lat videos got past 5k views?")).plan.filters).toEqual([
      "plays>5000",
    ]);
    // "What does @x post?": the hashtags of its videos.
    expect(aggregateOf(await ask("what does @stay2 post?")).plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
    });
    // "Leaving out @stay2": the videos of every other creator.
    const others = aggregateOf(await ask("Top 3 Da Lat videos by views, leaving out @stay2"));
    expect(others.plan).toMatchObject({ intent: "rank", topics: ["dalat"], creators: [], ignored: [] });
    expect(others.plan.filters).toHaveLength(1);
    expect(others.plan.filters[0]).toMatch(/^not_author=/);
    const dalatIds = new Set(await searchIds("dalat"));
    const notStay2 = db
      .prepare(
        "SELECT v.id FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle <> 'stay2' ORDER BY v.plays DESC, v.id DESC",
      )
      .pluck()
      .all() as string[];
    expect(others.result.ranking).toEqual(notStay2.filter((id) => dalatIds.has(id)).slice(0, 3));
    const byStay2 = db
      .prepare(
        "SELECT count(*) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.handle = 'stay2'",
      )
      .pluck()
      .get() as number;
    expect(aggregateOf(await ask("How many videos are not by @stay2?")).result.count).toBe(
      (db.prepare("SELECT count(*) FROM videos").pluck().get() as number) - byStay2,
    );
    // "Skipping accounts that have under 3k followers": the others.
    const skipping = aggregateOf(
      await ask("Da Lat videos, skipping accounts that have under 3k followers: top 3 by views"),
    );
    expect(skipping.plan).toMatchObject({
      intent: "rank",
      author_followers: { op: "at least", value: 3000 },
    });
    // Bands of length with "60s+", grouped "by duration": the videos of each, on the views named.
    const lengths = aggregateOf(
      await ask(
        "Da Lat videos grouped by duration (under 15s, 15-60s, 60s+): count and median views per group",
      ),
    );
    expect(lengths.plan).toMatchObject({
      group_by: "bounds",
      metric: "plays",
      bands: ["under 15s", "15-60s", "60s+"],
    });
    // A field to show is no grouping: "top 3 by saves, with creator and length".
    expect(
      aggregateOf(await ask("Da Lat videos - top 3 by saves, with creator and length")).plan,
    ).toMatchObject({
      intent: "rank",
      metric: "saves",
    });
    // "… show each creator's follower count": a field, not a count asked.
    expect(
      aggregateOf(
        await ask(
          "Which Da Lat videos have Vietnamese captions? Sort them by views and show each creator's follower count.",
        ),
      ).plan,
    ).toMatchObject({ intent: "rank", metric: "plays" });
    // Not recorded: viewers' devices, a follower count's history.
    expect(
      String(
        aggregateOf(await ask("Da Lat videos: what is the split of viewers on iPhone vs Android?")).result
          .declined,
      ),
    ).toMatch(/not viewers' devices$/);
    expect(
      String(aggregateOf(await ask("What's @stay2's follower count month by month?")).result.declined),
    ).toMatch(/not follower counts over time/);
    expect(
      String(aggregateOf(await ask("How did @stay2's follower count grow month by month?")).result.declined),
    ).toMatch(/not follower counts over time/);
    // Where the viewers are, and what the videos converted into.
    for (const question of [
      "what % of viewers are from outside vietnam",
      "where are the viewers of Da Lat videos from?",
      "Which countries are the viewers of Da Lat videos from?",
    ])
      expect(String(aggregateOf(await ask(question)).result.declined), question).toMatch(
        /not where viewers are/,
      );
    // Viewers as people, and a hotel's occupancy.
    expect(
      String(
        aggregateOf(await ask("How many viewers of the Da Lat videos were repeat viewers?")).result.declined,
      ),
    ).toMatch(/not unique or repeat viewers/);
    expect(
      String(
        aggregateOf(await ask("Did Da Lat hotel occupancy go up after the videos went viral?")).result
          .declined,
      ),
    ).toMatch(/not bookings$/);
    expect(
      String(
        aggregateOf(await ask("Which of these videos converted best into room nights?")).result.declined,
      ),
    ).toMatch(/not conversions$/);
    expect(
      aggregateOf(await ask("how many videos are from VN creators with viewers in mind")).plan.intent,
    ).not.toBe("decline");
    // "How did #dalat perform?", "how did the song Lofi chill by Some Artist do?": an overview of the set.
    const how = aggregateOf(await ask("how did #dalat perform?"));
    expect(how.plan).toMatchObject({ intent: "overview", topics: ["dalat"] });
    const song = await ask("How did the song Lofi chill by Chill Beats Studio perform?");
    expect(aggregateOf(song).plan).toMatchObject({ intent: "overview", topics: [], ignored: [] });
    expect(aggregateOf(song).plan.filters[0]).toMatch(/^sound=/);
    // "Show me all of @x's videos": as many as a ranking lists, each one of theirs.
    const everyOne = aggregateOf(await ask("show me all of @stay2's videos"));
    expect(everyOne.plan).toMatchObject({ intent: "rank", count: 20 });
    expect((everyOne.result.ranking as string[]).length).toBe(Math.min(20, liked.length));
    // Examples listed ("e.g. …", in brackets): the videos about any of them.
    const examples = aggregateOf(
      await ask('How many captions name a place to stay (e.g. "homestay", "resort")?'),
    );
    expect(examples.plan).toMatchObject({ intent: "count", filters: ["any_q=homestay|resort"] });
    const stays = new Set([...(await searchIds("homestay")), ...(await searchIds("resort"))]);
    expect(examples.result.count).toBe(stays.size);
    // "Like" before a quoted example is "such as": no measure of likes.
    const such = aggregateOf(await ask('How many captions name a stay like "homestay"?'));
    expect(such.plan).toMatchObject({ intent: "count", topics: ["homestay"] });
    expect(such.plan.metric).not.toBe("likes");
    expect(such.result.count).toBe((await searchIds("homestay")).length);
    // A click-through rate is not recorded: said so.
    expect(
      String(aggregateOf(await ask("What is the click-through rate of resort ads?")).result.declined),
    ).toMatch(/not clicks$/);
    // "List every video …, with creator and view count": videos, shown with their creators.
    const listed = aggregateOf(
      await ask("List every video whose caption mentions Da Lat or Vung Tau, with creator and view count"),
    );
    expect(listed.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      filters: ["any_q=dalat|vungtau"],
    });
    const shown = aggregateOf(await ask("Da Lat or Vung Tau homestays: show me the 3 most liked"));
    expect(shown.plan).toMatchObject({ intent: "rank", metric: "likes", filters: ["any_q=dalat|vungtau"] });
  });

  it("what the scrape did not keep (messages, unfollows, other platforms, ratings, resolution, pins, effects, bios, searches, deletions, LIVE, contracts) is declined with the reason", async () => {
    for (const [question, lacking] of [
      ["How many DMs did @stay2 get after posting its videos?", "direct messages"],
      ["How many people unfollowed @stay2 after its videos went up?", "unfollows"],
      ["Which Da Lat videos were cross-posted to YouTube Shorts?", "other platforms"],
      ["Which Hoi An hotel has the best TripAdvisor rating?", "hotel ratings or review scores"],
      ["How many videos were shot in 720p, and do they pull more views?", "video resolution"],
      ["Videos with a location pin vs videos without one: median views?", "location pins"],
      ["Which effect stickers turn up in the resort videos?", "effects and stickers"],
      ["How many creators put a hotline in their profile bio?", "profile bios"],
      ["Which Da Lat hotel got the most DM booking inquiries from TikTok?", "direct messages"],
      ["How many Da Lat videos were reported or taken down by TikTok?", "moderation"],
      ["What share of viewers watched the resort videos all the way to the end?", "watch time"],
      ["How many followers did creators gain in the week after posting an ad?", "follower counts over time"],
      ["How did the same hotels' Instagram Reels do compared with their TikToks?", "other platforms"],
      ["How many of @stay2's followers actually live in Hanoi?", "where viewers are"],
      [
        "What share of the people watching resort videos were on Wi-Fi rather than mobile data?",
        "viewers' devices",
      ],
      ['How many people searched "homestay" on TikTok in 2025?', "how often people search TikTok"],
      [
        "Which of the resort videos were later deleted or made private?",
        "what happened to videos after the scrape",
      ],
      [
        "How many viewers watched the resort videos with the sound on?",
        "whether viewers watched with the sound on",
      ],
      ["How many TikTok LIVE sessions did the resort accounts run?", "LIVE sessions"],
      ["Which creators have exclusive agency contracts with a hotel group?", "contracts or agency deals"],
      ["What's the average session length of people who watched the resort videos?", "watch time"],
    ] as const)
      expect(String(aggregateOf(await ask(question)).result.declined), question).toMatch(
        new RegExp(`not ${lacking}`),
      );
    // ("Which videos mention a contract?", "top videos about live music": text and topics to find.)
    expect(aggregateOf(await ask("Which videos mention a contract?")).plan.intent).not.toBe("decline");
    expect(aggregateOf(await ask("top videos about live music")).plan.intent).not.toBe("decline");
    // ("Which videos mention TripAdvisor?": text to find.)
    expect(aggregateOf(await ask("Which videos mention TripAdvisor?")).plan.intent).not.toBe("decline");
    // ("Creators with over 5k followers based in Vietnam" are where the creators are.)
    expect(
      aggregateOf(await ask("Which creators with over 5k followers are based in Vietnam?")).plan.intent,
    ).not.toBe("decline");
    // ("From January to the end of March" is a window, not watch time.)
    expect(
      aggregateOf(await ask("How many videos were posted from January to the end of March 2025?")).plan
        .intent,
    ).not.toBe("decline");
  });
});

describe("distinct creators per period", () => {
  it("'how many creators posted each month?': each month's distinct creators, not its videos (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("How many different creators posted each month?"));
    expect(plan).toMatchObject({ intent: "breakdown", subject: "creators", group_by: "month" });
    const rows = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m, count(DISTINCT author_uid) AS n, count(*) AS v FROM videos GROUP BY m ORDER BY m",
      )
      .all() as { m: string; n: number; v: number }[];
    // Some month has more videos than creators: the two counts differ.
    expect(rows.some((r) => r.v > r.n)).toBe(true);
    const ranking = result.ranking as string[];
    const values = result.values as number[];
    for (const r of rows.slice(-12)) expect(values[ranking.indexOf(r.m)], r.m).toBe(r.n);
  });
});

describe("a breakdown repeated within each group", () => {
  it("'best day of the week to post for each language': each language's own breakdown (as asked of it alone)", async () => {
    const { plan, result } = aggregateOf(await ask("Best day of the week to post for each language?"));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      within_each: "language",
      ignored: [],
    });
    const groups = result.groups as { group: string; ranking: string[]; values: number[] }[];
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const vi = groups.find((g) => g.group === "vi");
    const alone = aggregateOf(await ask("Best day of the week to post for Vietnamese videos?"));
    expect(alone.plan).toMatchObject({ group_by: "weekday", filters: ["language=vi"] });
    expect(vi?.ranking).toEqual(alone.result.ranking);
    expect(vi?.values).toEqual(alone.result.values);
    // "… for each language that has at least 2 videos": "least 2 videos" names no ranking of videos.
    expect(
      aggregateOf(await ask("Best day of the week for each language that has at least 2 videos?")).plan,
    ).toMatchObject({ intent: "breakdown", within_each: "language" });
    // A ranking within each group stays one.
    expect(aggregateOf(await ask("top 2 videos for each language")).plan).toMatchObject({
      intent: "rank",
      group_by: "language",
    });
  });
});

describe("bands of followers, each a group", () => {
  it("'creators with 6k+ followers vs creators under 3k followers': two bands, the second after 'vs creators' (SQL)", async () => {
    const plays = (where: string) =>
      db
        .prepare(`SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE ${where}`)
        .pluck()
        .all() as number[];
    for (const question of [
      "Creators with 6k+ followers vs creators under 3k followers: median views per video?",
      "creators with 6k+ followers vs those with under 3k: median views",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        metric: "plays",
        bands: ["6k+ followers", "under 3k followers"],
        ignored: [],
      });
      expect(groupValue(result, "6k+ followers"), question).toBe(median(plays("c.followers >= 6000")));
      expect(groupValue(result, "under 3k followers"), question).toBe(median(plays("c.followers < 3000")));
    }
  });

  it("'how do accounts under 3k, 3k-6k and over 6k followers compare on views?': the videos of each band's creators (SQL)", async () => {
    const answer = await ask("How do accounts under 3k, 3k-6k and over 6k followers compare on views?");
    const { plan, result } = aggregateOf(answer);
    const caveats = answer.caveats;
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "plays",
      bands: ["under 3k followers", "3k-6k followers", "over 6k followers"],
      ignored: [],
    });
    const plays = (where: string) =>
      db
        .prepare(`SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE ${where}`)
        .pluck()
        .all() as number[];
    const expected: [string, number[]][] = [
      ["under 3k followers", plays("c.followers < 3000")],
      ["3k-6k followers", plays("c.followers BETWEEN 3000 AND 6000")],
      ["over 6k followers", plays("c.followers > 6000")],
    ];
    expect(expected.filter(([, xs]) => xs.length > 0).length).toBeGreaterThanOrEqual(2);
    const ranking = result.ranking as string[];
    expect([...ranking].sort()).toEqual(
      expected
        .filter(([, xs]) => xs.length > 0)
        .map(([l]) => l)
        .sort(),
    );
    for (const [label, xs] of expected)
      if (xs.length > 0) expect(groupValue(result, label)).toBe(median([...xs]));
    expect(caveats.join(" ")).toMatch(/the videos of the creators with that many followers/);
    // Bands of how many videos each account has: "1 video, 2-4 videos and 5+ videos" (SQL).
    const perAccount = aggregateOf(
      await ask("compare accounts with 1-5 videos, 6 videos and 7+ videos on median views"),
    );
    expect(perAccount.plan).toMatchObject({
      group_by: "bounds",
      metric: "plays",
      bands: ["1-5 videos", "6 videos", "7+ videos"],
      ignored: [],
    });
    const byCount = (having: string) =>
      db
        .prepare(
          `SELECT plays FROM videos WHERE author_uid IN (SELECT author_uid FROM videos GROUP BY author_uid HAVING ${having})`,
        )
        .pluck()
        .all() as number[];
    const accountBands: [string, number[]][] = [
      ["1-5 videos", byCount("count(*) BETWEEN 1 AND 5")],
      ["6 videos", byCount("count(*) = 6")],
      ["7+ videos", byCount("count(*) >= 7")],
    ];
    expect(accountBands.filter(([, xs]) => xs.length > 0).length).toBeGreaterThanOrEqual(2);
    const accountRanking = perAccount.result.ranking as string[];
    for (const [label, xs] of accountBands)
      if (xs.length > 0)
        expect((perAccount.result.values as number[])[accountRanking.indexOf(label)], label).toBe(
          median([...xs]),
        );
    // "Creators with just 1 video vs creators with 5 or more": two bands compared.
    expect(
      aggregateOf(await ask("creators with just 6 videos vs creators with 7 or more: median views?")).plan,
    ).toMatchObject({ group_by: "bounds", bands: ["6 videos", "7+ videos"] });
    // "Between 3k and 6k followers" stays one bound, and two bands are groups only when compared.
    expect(aggregateOf(await ask("How many creators have between 3k and 6k followers?")).plan).toMatchObject({
      intent: "count",
      subject: "creators",
    });
    expect(
      aggregateOf(await ask("median views of creators under 3k followers vs over 6k followers")).plan,
    ).toMatchObject({ group_by: "bounds", bands: ["under 3k followers", "over 6k followers"] });
  });
});

describe("hours of the day as a filter, or side by side", () => {
  it("'posted between 9pm and 2am Vietnam time', 'evening vs morning posts', 'between 6pm and 10pm, which hour': hours shifted to UTC (SQL)", async () => {
    const hour = "CAST(strftime('%H', created_at, 'unixepoch') AS INTEGER)";
    const count = aggregateOf(await ask("How many videos were posted between 9pm and 2am Vietnam time?"));
    expect(count.plan).toMatchObject({
      intent: "count",
      filters: ["hour_utc=14|15|16|17|18"],
      ignored: [],
    });
    expect(count.plan.understood).toContain('published 21:00-02:00 UTC+7 (from "between 9pm and 2am")');
    const inSpan = db
      .prepare(`SELECT count(*) FROM videos WHERE (${hour} + 7) % 24 IN (21, 22, 23, 0, 1)`)
      .pluck()
      .get() as number;
    expect(inSpan).toBeGreaterThan(0);
    expect(count.result.count).toBe(inSpan);
    // Two parts of the day after a verb of posting, compared: each a group (UTC, as no zone is named).
    const parts = aggregateOf(
      await ask("Do videos posted in the evening get more views than morning posts?"),
    );
    expect(parts.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "plays",
      bands: ["18:00-24:00 UTC (evening)", "06:00-12:00 UTC (morning)"],
      ignored: [],
    });
    const plays = (hours: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${hour} IN (${hours})`).pluck().all() as number[];
    const expected: [string, number[]][] = [
      ["18:00-24:00 UTC (evening)", plays("18, 19, 20, 21, 22, 23")],
      ["06:00-12:00 UTC (morning)", plays("6, 7, 8, 9, 10, 11")],
    ];
    const ranking = parts.result.ranking as string[];
    for (const [label, xs] of expected)
      if (xs.length > 0) expect(groupValue(parts.result, label)).toBe(median([...xs]));
    expect(ranking.length).toBe(expected.filter(([, xs]) => xs.length > 0).length);
    // A span with the hours compared: the groups are the hours within it.
    const within = aggregateOf(await ask("Between 6pm and 10pm, which hour has the highest median views?"));
    expect(within.plan).toMatchObject({ group_by: "hour", filters: ["hour_utc=18|19|20|21"] });
    for (const key of within.result.ranking as string[])
      expect(["18", "19", "20", "21"]).toContain(key.slice(0, 2));
    // "5-8am VN time": a zone, not region VN.
    expect(aggregateOf(await ask("How many videos went out between 5-8am VN time?")).plan).toMatchObject({
      filters: ["hour_utc=0|22|23"],
    });
    // "Is 7-8pm the busiest hour?": one hour among all compared, said so.
    const busiest = aggregateOf(await ask("Is 7-8pm Vietnam time the busiest upload hour?"));
    expect(busiest.plan).toMatchObject({ group_by: "hour", utc_offset_hours: 7, filters: [] });
    expect(busiest.plan.ignored).toContain(
      "7-8pm (the hours of the day are compared: each one is among them)",
    );
  });
});

describe("bands of one count listed in the question", () => {
  it("'compare 0-1, 2-3 and 4+ hashtags on median views', 'under 15s, 15-60s and over 60s': each band a group (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("compare 0-1, 2-3 and 4+ hashtags on median views"));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "plays",
      bands: ["0-1 hashtags", "2-3 hashtags", "4+ hashtags"],
      ignored: [],
    });
    const tags =
      "(CASE WHEN hashtags = '' THEN 0 ELSE length(hashtags) - length(replace(hashtags, ' ', '')) + 1 END)";
    const plays = (where: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
    const expected = [
      ["0-1 hashtags", plays(`${tags} BETWEEN 0 AND 1`)],
      ["2-3 hashtags", plays(`${tags} BETWEEN 2 AND 3`)],
      ["4+ hashtags", plays(`${tags} >= 4`)],
    ] as const;
    const ranking = result.ranking as string[];
    const values = result.values as number[];
    expect([...ranking].sort()).toEqual(
      expected
        .filter(([, xs]) => xs.length > 0)
        .map(([label]) => label)
        .sort(),
    );
    for (const [label, xs] of expected)
      if (xs.length > 0) expect(values[ranking.indexOf(label)]).toBe(median([...xs]));
    // A distribution counts the videos of each band.
    const counted = aggregateOf(await ask("distribution of hashtags per video (0-1, 2-3, 4+)"));
    expect(counted.plan).toMatchObject({ group_by: "bounds", metric: null, bands: expect.any(Array) });
    expect(
      (counted.result.values as number[])[(counted.result.ranking as string[]).indexOf("4+ hashtags")],
    ).toBe(expected[2][1].length);
    // The unit on each band, "no hashtags" and "4 or more": the same groups.
    const each = aggregateOf(await ask("No hashtags vs 1 hashtag vs 2 or more: median views"));
    expect(each.plan).toMatchObject({
      group_by: "bounds",
      bands: ["0 hashtags", "1 hashtag", "2+ hashtags"],
      ignored: [],
    });
    const byBand = new Map(
      (
        [
          ["0 hashtags", plays(`${tags} = 0`)],
          ["1 hashtag", plays(`${tags} = 1`)],
          ["2+ hashtags", plays(`${tags} >= 2`)],
        ] as [string, number[]][]
      ).filter(([, xs]) => xs.length > 0),
    );
    expect(new Set(each.result.ranking as string[])).toEqual(new Set(byBand.keys()));
    for (const [label, xs] of byBand)
      expect((each.result.values as number[])[(each.result.ranking as string[]).indexOf(label)]).toBe(
        median([...xs]),
      );
    const lengths = aggregateOf(await ask("How do videos under 15s, 15-60s and over 60s compare on views?"));
    expect(lengths.plan).toMatchObject({ group_by: "bounds", bands: ["under 15s", "15-60s", "over 60s"] });
  });
});

describe("creator tiers by followers", () => {
  it("'nano influencers' are creators with 1,000 to 9,999 followers; two tiers named are compared (SQL)", async () => {
    const nano = aggregateOf(await ask("How many nano influencers are there?"));
    expect(nano.plan).toMatchObject({ intent: "count", subject: "creators", ignored: [] });
    expect(nano.result.count).toBe(
      db
        .prepare(
          "SELECT count(DISTINCT v.author_uid) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers BETWEEN 1000 AND 9999",
        )
        .pluck()
        .get(),
    );
    const theirs = aggregateOf(await ask("What are the median views of videos from micro creators?"));
    expect((theirs.plan as { author_followers?: unknown }).author_followers).toEqual({
      op: "between",
      value: 10_000,
      to: 99_999,
    });
    // (Two tiers named are compared since stop 51.)
    const both = aggregateOf(await ask("micro influencers vs macro influencers: median views"));
    expect(both.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", ignored: [] });
    expect(both.plan.understood).toContain(
      'groups: the videos of creators by tier of followers: micro (between 10,000 and 99,999 followers), macro (between 100,000 and 999,999 followers) (from "micro influencers", "macro influencers")',
    );
  });
});

describe("real questions' phrasings (exclusions, the rest, labels, tone)", () => {
  it("'excluding ads', 'ads excluded', 'without ads' are the organic videos (SQL)", async () => {
    const organic = db.prepare("SELECT count(*) FROM videos WHERE label_ad = 0").pluck().get() as number;
    expect(organic).toBeGreaterThan(0);
    for (const question of [
      "How many videos are there, excluding ads?",
      "How many videos, ads excluded?",
      "how many videos without ads",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", filters: ["ad=no"], topics: [], ignored: [] });
      expect(result.count, question).toBe(organic);
    }
  });

  it("'than the rest', 'everything else': the ads against the others (SQL; a topic's: 'a topic against the rest')", async () => {
    const all = db.prepare("SELECT id, plays, label_ad FROM videos").all() as {
      id: string;
      plays: number;
      label_ad: number;
    }[];
    const ads = [
      { key: "ads", value: median(all.filter((v) => v.label_ad === 1).map((v) => v.plays)) },
      { key: "organic", value: median(all.filter((v) => v.label_ad !== 1).map((v) => v.plays)) },
    ].sort((a, b) => b.value - a.value);
    for (const question of [
      "do ads get more views than the rest?",
      "How do sponsored videos compare to everything else on median views?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "ad",
        metric: "plays",
        ignored: [],
      });
      expect(result.ranking, question).toEqual(ads.map((g) => g.key));
      expect(result.values, question).toEqual(ads.map((g) => g.value));
    }
  });

  it("a year set off as a label ('…, 2024 only', 'X 2024:', '… 2024 plz') is the window; 'top 2024 videos' is not (SQL)", async () => {
    const year = new Date(SCRAPED * 1000).getUTCFullYear();
    const plays = db
      .prepare("SELECT plays FROM videos WHERE strftime('%Y', created_at, 'unixepoch') = ?")
      .pluck()
      .all(String(year)) as number[];
    expect(plays.length).toBeGreaterThan(0);
    for (const question of [
      `median views, ${year} only`,
      `videos ${year}: median views`,
      `med views ${year} plz`,
      `median views for all videos, ${year}`,
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "measure", metric: "plays", ignored: [] });
      expect(plan.understood, question).toContain(`window ${year} (from "${year}")`);
      expect(result.median, question).toBe(median([...plays]));
    }
    expect(aggregateOf(await ask(`top ${year} videos`)).plan.understood.join(" ")).not.toContain("window");
  });

  it("'the 2020 trending set' names the collection: its videos of the year, ranked as asked (SQL)", async () => {
    const year = new Date(SCRAPED * 1000).getUTCFullYear();
    const { plan, result } = aggregateOf(
      await ask(`Which hashtags are used most in the ${year} trending set?`),
    );
    expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", ignored: [] });
    expect(plan.understood).toContain(`read "trending" as "the collection's name"`);
    expect(plan.understood).toContain(`window ${year} (from "in the ${year}")`);
    const tags = new Map<string, number>();
    for (const h of db
      .prepare("SELECT hashtags FROM videos WHERE strftime('%Y', created_at, 'unixepoch') = ?")
      .pluck()
      .all(String(year)) as string[])
      for (const t of new Set(h.split(" ").filter(Boolean))) tags.set(t, (tags.get(t) ?? 0) + 1);
    const most = Math.max(...tags.values());
    expect((result.values as number[])[0]).toBe(most);
  });

  it("'does #review help Vung Tau videos get views?', '… tagged #review — does that tag help?': the tag against the rest (search, SQL)", async () => {
    const place = new Set(await searchIds("vungtau"));
    const tagged = new Set(await searchIds("vungtau review"));
    expect(tagged.size).toBeGreaterThan(0);
    expect(tagged.size).toBeLessThan(place.size);
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const about = median(plays.filter((v) => tagged.has(v.id)).map((v) => v.plays));
    const others = median(plays.filter((v) => place.has(v.id) && !tagged.has(v.id)).map((v) => v.plays));
    for (const question of [
      "does #review help vung tau videos get views?",
      "Vung Tau videos tagged #review — does that tag actually help views?",
      // (Against "the ones without it", still the hashtag's, the place of both.)
      "Does tagging #review help Vung Tau videos get more views than the ones without it?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        topics: ["vungtau"],
        bands: ['about "review"', 'not about "review"'],
      });
      expect(groupValue(result, 'about "review"'), question).toBe(about);
      expect(groupValue(result, 'not about "review"'), question).toBe(others);
    }
  });

  it("emoji closing or opening a question are its tone; after 'with' or 'have' they are looked for (SQL)", async () => {
    const emoji = "🔥";
    const withIt = db.prepare("SELECT count(*) FROM videos WHERE instr(caption, ?) > 0").pluck().get(emoji);
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get();
    expect(aggregateOf(await ask(`how many videos are there? ${emoji}${emoji}`)).result.count).toBe(all);
    expect(aggregateOf(await ask(`how many videos have ${emoji}?`)).result.count).toBe(withIt);
    // Opening the question before what it asks, too ("🔥 which …", "🏖️ best …"); before a word it names, looked for.
    expect(aggregateOf(await ask(`${emoji} how many videos are there?`)).result.count).toBe(all);
    const best = aggregateOf(await ask("🏖️ best resort video?")).plan;
    expect(best.filters).toEqual([]);
    expect(best.topics).toEqual(["resort"]);
    expect(aggregateOf(await ask(`${emoji} captions: how many are there?`)).result.count).toBe(withIt);
  });

  it("'✨ vs 🏕: which gets more likes?': the videos with each emoji, side by side (SQL)", async () => {
    const likes = (emoji: string) =>
      median(
        db.prepare("SELECT likes FROM videos WHERE instr(caption, ?) > 0").pluck().all(emoji) as number[],
      );
    const [a, b] = ["✨", "🏕"];
    // ("Which emoji goes with more likes?": the two named, not the emoji their captions use.)
    const words = aggregateOf(await ask(`${a} vs ${b} in the caption: which emoji goes with more likes?`));
    expect(words.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "likes" });
    const { plan, result } = aggregateOf(await ask(`${a} vs ${b}: which gets more likes?`));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "likes",
      filters: [],
      bands: [`videos with "${a}" in the caption`, `videos with "${b}" in the caption`],
    });
    expect(groupValue(result, `videos with "${a}" in the caption`)).toBe(likes(a));
    expect(groupValue(result, `videos with "${b}" in the caption`)).toBe(likes(b));
  });

  it("'per duration band' and 'busiest month' are groups; 'monthly' with month groups reads every month (SQL)", async () => {
    const bands = aggregateOf(await ask("Median views per duration band"));
    expect(bands.plan).toMatchObject({
      intent: "breakdown",
      group_by: "length",
      metric: "plays",
      ignored: [],
    });
    const busiest = aggregateOf(await ask("What's the busiest month for posting in this data?"));
    expect(busiest.plan).toMatchObject({ intent: "breakdown", group_by: "month", metric: null, ignored: [] });
    const months = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m, count(*) AS n FROM videos GROUP BY m ORDER BY n DESC, m DESC",
      )
      .all() as { m: string; n: number }[];
    const monthly = aggregateOf(await ask("Monthly posting and median views"));
    expect(monthly.plan).toMatchObject({ group_by: "month", metric: "plays", window_days: null });
    expect((monthly.result.ranking as string[]).length).toBe(Math.min(12, months.length));
    expect(busiest.result.values as number[]).toContain(months[0]?.n);
  });
});

describe("the videos of verified creators", () => {
  it("'how many of the videos come from verified accounts?', per month, 'verified vs non-verified': their videos (SQL)", () =>
    onOwnCorpus(async (named, uid) => {
      named.prepare("UPDATE creators SET verified = 1 WHERE uid IN (?, ?)").run(uid("stay1"), uid("stay3"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const verifiedWhere = "author_uid IN (SELECT uid FROM creators WHERE verified = 1)";
      const count = (where: string) =>
        named.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get() as number;
      const part = count(verifiedWhere);
      const whole = count("1 = 1");
      expect(part).toBeGreaterThan(0);
      expect(part).toBeLessThan(whole);
      const share = aggregateOf(await ask("How many of the videos come from verified accounts?", on));
      expect(share.plan).toMatchObject({
        intent: "share",
        subject: "videos",
        author_verified: true,
        ignored: [],
      });
      expect(share.result).toMatchObject({ part, whole });
      const months = aggregateOf(await ask("Per month, how many videos came from verified accounts?", on));
      expect(months.plan).toMatchObject({ intent: "breakdown", group_by: "month" });
      const perMonth = named
        .prepare(
          `SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m, count(*) AS n FROM videos WHERE ${verifiedWhere} GROUP BY m ORDER BY m`,
        )
        .all() as { m: string; n: number }[];
      expect(
        Object.fromEntries(
          (months.result.ranking as string[]).map((k, i) => [k, (months.result.values as number[])[i]]),
        ),
      ).toEqual(Object.fromEntries(perMonth.slice(-12).map((r) => [r.m, r.n])));
      const plays = (where: string) =>
        named.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
      const sides = [
        { key: "verified creators", value: median(plays(verifiedWhere)) },
        { key: "non-verified creators", value: median(plays(`NOT ${verifiedWhere}`)) },
      ].sort((a, b) => b.value - a.value);
      for (const question of [
        "Verified creators versus non-verified: how do their median views compare?",
        "verified or not: which gets more views?",
        "Does a verified badge do anything for views, or do non-verified creators keep pace?",
      ]) {
        const { plan, result } = aggregateOf(await ask(question, on));
        expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "bounds", ignored: [] });
        expect(result.ranking, question).toEqual(sides.map((s) => s.key));
        expect(result.values, question).toEqual(sides.map((s) => s.value));
      }
      // Their median length, when the length is asked of them.
      const seconds = (where: string) =>
        median(
          named
            .prepare(
              `SELECT duration_s FROM videos WHERE duration_s IS NOT NULL AND media_type = 'video' AND ${where}`,
            )
            .pluck()
            .all() as number[],
        );
      const lengthAnswer = await ask("median video length for verified vs non-verified creators", on);
      const length = aggregateOf(lengthAnswer);
      expect(length.plan).toMatchObject({ group_by: "bounds", metric: "duration", ignored: [] });
      // (No video is of both: no caveat counts one "in both groups".)
      expect(lengthAnswer.caveats.join(" ")).not.toMatch(/in both groups/);
      expect(groupValue(length.result, "verified creators")).toBe(seconds(verifiedWhere));
      expect(groupValue(length.result, "non-verified creators")).toBe(seconds(`NOT ${verifiedWhere}`));
      // So of two bounds on views set side by side.
      const lengthByViews = aggregateOf(
        await ask("How long are videos with over 20k views vs under 5k views?", on),
      );
      expect(lengthByViews.plan).toMatchObject({ group_by: "bounds", metric: "duration" });
      expect(groupValue(lengthByViews.result, "over 20,000 views")).toBe(seconds("plays > 20000"));
      expect(groupValue(lengthByViews.result, "under 5,000 views")).toBe(seconds("plays < 5000"));
      // The share of a set of videos by them: "… longer than 60 seconds, and what share of them come from
      // verified accounts?"
      const long = count("duration_s > 60");
      const longVerified = count(`duration_s > 60 AND ${verifiedWhere}`);
      expect(
        aggregateOf(
          await ask(
            "How many videos run longer than 60 seconds, and what share of them come from verified accounts?",
            on,
          ),
        ).result,
      ).toMatchObject({ part: longVerified, whole: long });
      // Verified creators left out: the others' videos ("not counting verified accounts", "non-verified").
      const others = aggregateOf(await ask("how many videos come from non-verified creators?", on));
      expect(others.plan).toMatchObject({ intent: "count", subject: "videos", author_verified: false });
      expect(others.result.count).toBe(whole - part);
      const ranked = aggregateOf(
        await ask("Top 10 most viewed videos, not counting ads or verified accounts.", on),
      );
      expect(ranked.plan).toMatchObject({ filters: ["ad=no"], author_verified: false });
      expect(ranked.result.ranking).toEqual(
        named
          .prepare(
            `SELECT id FROM videos WHERE label_ad = 0 AND NOT ${verifiedWhere} ORDER BY plays DESC, id DESC LIMIT 10`,
          )
          .pluck()
          .all(),
      );
      // "Top 5 videos from verified accounts by likes", "top 3 videos by views from verified creators": videos,
      // from the top or the bottom ("worst 5").
      const likesOf = (order: string) =>
        named
          .prepare(
            `SELECT id FROM videos WHERE ${verifiedWhere} ORDER BY likes ${order}, id ${order} LIMIT 5`,
          )
          .pluck()
          .all() as string[];
      for (const [question, order] of [
        ["Top 5 videos from verified accounts by likes.", "DESC"],
        ["Worst 5 videos from verified accounts by likes.", "ASC"],
      ] as const) {
        const top = aggregateOf(await ask(question, on));
        expect(top.plan, question).toMatchObject({
          intent: "rank",
          subject: "videos",
          metric: "likes",
          author_verified: true,
        });
        expect(new Set(top.result.ranking as string[]), question).toEqual(new Set(likesOf(order)));
      }
      const byViews = aggregateOf(await ask("Top 3 videos by views from verified creators", on));
      expect(byViews.plan).toMatchObject({ intent: "rank", subject: "videos", author_verified: true });
      // A list or count of creators stays one of creators.
      expect(aggregateOf(await ask("How many creators are verified?", on)).plan).toMatchObject({
        intent: "count",
        subject: "creators",
      });
      expect(aggregateOf(await ask("Which verified creators post the most videos?", on)).plan).toMatchObject({
        intent: "rank",
        subject: "creators",
      });
    }));
});

describe("real questions' rankings and recent windows", () => {
  it("'the 3 best videos by @x and how many views did each get?', '@x's best-performing video': its videos ranked (SQL)", async () => {
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    const top = db
      .prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY plays DESC, id DESC")
      .pluck()
      .all(uid) as string[];
    expect(top.length).toBeGreaterThan(3);
    const three = aggregateOf(
      await ask("What are the 3 best videos by @stay2 and how many views did each get?"),
    );
    expect(three.plan).toMatchObject({ intent: "rank", subject: "videos", metric: "plays", count: 3 });
    expect(three.result.ranking).toEqual(top.slice(0, 3));
    const one = aggregateOf(await ask("What's @stay2's best-performing video and how long is it?"));
    expect(one.plan).toMatchObject({ intent: "rank", subject: "videos", count: 1 });
    expect(one.result.ranking).toEqual(top.slice(0, 1));
    // A profile asked stays one.
    expect(aggregateOf(await ask("Tell me about @stay2")).plan.intent).toBe("profile");
  });

  it("'for every creator with 4 or more videos, what are their median views?': the creators ranked by it (SQL)", async () => {
    const rows = db.prepare("SELECT author_uid AS uid, plays FROM videos").all() as {
      uid: string;
      plays: number;
    }[];
    const byCreator = new Map<string, number[]>();
    for (const r of rows) byCreator.set(r.uid, [...(byCreator.get(r.uid) ?? []), r.plays]);
    const kept = [...byCreator].filter(([, xs]) => xs.length >= Math.max(4, 5));
    expect(kept.length).toBeGreaterThan(1);
    const best = Math.max(...kept.map(([, xs]) => median([...xs])));
    for (const question of [
      "For every creator with 4 or more videos, what are their median views?",
      "median views for each creator with at least 4 videos",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "creators",
        metric: "plays",
        ignored: [],
      });
      expect(plan.understood, question).toContainEqual(
        expect.stringMatching(/^creators with at least 4 of the videos/),
      );
      expect((result.values as number[])[0], question).toBe(best);
    }
  });

  it("'what's working for hotel accounts lately?': what went with more views among the videos of the last 30 days", async () => {
    const { plan } = aggregateOf(await ask("What's working for resort accounts lately?"));
    expect(plan).toMatchObject({ intent: "drivers", subject: "videos", window_days: 30, ignored: [] });
    expect(plan.understood).toContain('window 30 days (from "lately")');
  });
});

describe("sounds left out", () => {
  it("'top sounds excluding original sounds', 'ignoring \"nhạc nền - Stay\"': the videos using none of them (SQL)", async () => {
    const [LOFI, ORIGINAL] = ["7100000000000000002", "7100000000000000001"];
    const lofi = db.prepare("SELECT count(*) FROM videos WHERE music_id = ?").pluck().get(LOFI) as number;
    const rest = db
      .prepare("SELECT count(*) FROM videos WHERE music_id IS NULL OR music_id <> ?")
      .pluck()
      .get(ORIGINAL) as number;
    expect(lofi).toBeGreaterThan(0);
    for (const question of [
      "top sounds excluding original sounds",
      "Which sounds are used most, leaving out original sound?",
      'most used sounds, ignoring "nhạc nền - Stay"',
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "rank", subject: "sounds", ignored: [] });
      expect(plan.filters[0], question).toMatch(/^sound!=/);
      expect(result.ranking, question).toEqual([LOFI]);
      expect(result.values, question).toEqual([lofi]);
    }
    // A count of the others, and "with or without" stays two groups.
    expect(aggregateOf(await ask("how many videos are there, excluding original sounds?")).result.count).toBe(
      rest,
    );
    expect(
      aggregateOf(await ask("with or without original sound: which gets more views?")).plan.group_by,
    ).toBe("sound_use");
  });
});

describe("two creators compared per video", () => {
  it("'compare @a and @b on median views and saves', '… who gets more views per video?': each one's median video, and the second count (SQL)", async () => {
    const uid = (h: string) =>
      db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(h) as string;
    const of = (h: string, column: "plays" | "saves") =>
      median(db.prepare(`SELECT ${column} FROM videos WHERE author_uid = ?`).pluck().all(uid(h)) as number[]);
    const sides = ["stay2", "stay4"]
      .map((h) => ({ id: uid(h), name: `@${h}`, plays: of(h, "plays"), saves: of(h, "saves") }))
      .sort((a, b) => b.plays - a.plays || a.id.localeCompare(b.id));
    const both = await ask("Compare @stay2 and @stay4 on median views and saves.");
    const { plan, result } = aggregateOf(both);
    expect(plan).toMatchObject({ intent: "compare", metric: "plays", also_measured: ["saves"], ignored: [] });
    expect(result.ranking).toEqual(sides.map((s) => s.id));
    expect(result.values).toEqual(sides.map((s) => s.plays));
    expect(result.also).toEqual({ saves: sides.map((s) => s.saves) });
    expect(both.summary).toContain(
      `Median saves per video: ${sides.map((s) => `${s.name} ${s.saves.toLocaleString("en-US")}`).join(", ")}.`,
    );
    const perVideo = aggregateOf(await ask("@stay2 vs @stay4: who gets more views per video?"));
    expect(perVideo.result.values).toEqual(sides.map((s) => s.plays));
    // Without "median" or "per video", their total views, as before.
    const total = (h: string) =>
      db.prepare("SELECT sum(plays) FROM videos WHERE author_uid = ?").pluck().get(uid(h)) as number;
    expect(
      new Set(aggregateOf(await ask("@stay2 vs @stay4: who gets more views?")).result.values as number[]),
    ).toEqual(new Set([total("stay2"), total("stay4")]));
  });
});

describe("verbs and short words of real questions", () => {
  it("'which earns more saves per view?', 'should we pay for ads or stay organic?', 'getting decent engagement?', 'eng vs viet captions'", async () => {
    expect(
      aggregateOf(await ask("#homestay vs #resort tagged videos: which earns more saves per view?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "save_rate" });
    const ads = aggregateOf(await ask("Should we pay for ads or stay organic for a Da Lat resort?"));
    expect(ads.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays" });
    const decent = aggregateOf(await ask("Is #resort content getting decent engagement?"));
    expect(decent.plan).toMatchObject({
      intent: "measure",
      metric: "engagement",
      topics: ["resort"],
      ignored: [],
    });
    const languages = aggregateOf(await ask("eng captions vs viet captions, engagemnt?"));
    expect(languages.plan).toMatchObject({ intent: "breakdown", group_by: "language", metric: "engagement" });
    expect(languages.plan.understood).toEqual(
      expect.arrayContaining(['read "eng" as "english"', 'read "viet" as "vietnamese"']),
    );
    const byLanguage = db
      .prepare("SELECT language, count(*) AS n FROM videos WHERE language IN ('en', 'vi') GROUP BY language")
      .all() as { language: string; n: number }[];
    expect([...(languages.result.ranking as string[])].sort()).toEqual(
      byLanguage.map((r) => r.language).sort(),
    );
  });
});

describe("bounds on length against the others", () => {
  it("'do videos under 15s get more views?', 'short vids <15s do better or nah?', 'under 15s versus long ones over 60s' (SQL)", async () => {
    const plays = (where: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
    const sides = [
      { key: "shorter than 15 s", value: median(plays("duration_s < 15")) },
      { key: "15 s or longer", value: median(plays("duration_s >= 15")) },
    ].sort((a, b) => b.value - a.value);
    for (const question of ["do videos under 15s get more views?", "short vids <15s do better or nah?"]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        filters: [],
        ignored: [],
      });
      expect(result.ranking, question).toEqual(sides.map((s) => s.key));
      expect(result.values, question).toEqual(sides.map((s) => s.value));
    }
    const apart = aggregateOf(
      await ask("Short clips under 15s versus long ones over 60s: which gets more views?"),
    );
    expect(apart.plan).toMatchObject({ group_by: "bounds", filters: ["seconds<15", "seconds>60"] });
    expect(new Set(apart.result.values as number[])).toEqual(
      new Set([median(plays("duration_s < 15")), median(plays("duration_s > 60"))]),
    );
    // "By hashtag count (none, 1-3, 4+)": "none" is the band 0.
    const tags =
      "(CASE WHEN hashtags = '' THEN 0 ELSE length(hashtags) - length(replace(hashtags, ' ', '')) + 1 END)";
    const banded = aggregateOf(await ask("By hashtag count (none, 1-3, 4+), what are the median views?"));
    expect(banded.plan).toMatchObject({
      group_by: "bounds",
      bands: ["0 hashtags", "1-3 hashtags", "4+ hashtags"],
      ignored: [],
    });
    const ranking = banded.result.ranking as string[];
    const values = banded.result.values as number[];
    const four = plays(`${tags} >= 4`);
    if (four.length > 0) expect(values[ranking.indexOf("4+ hashtags")]).toBe(median([...four]));
  });
});

describe("two-part questions read by their second part", () => {
  it("'is there anything on X, and how do those videos perform?', '% with English captions and how do they perform against the Vietnamese ones', 'next month's content plan'", async () => {
    const overview = aggregateOf(
      await ask("Is there anything on resort videos, and how do those videos perform?"),
    );
    expect(overview.plan).toMatchObject({ intent: "overview", topics: ["resort"] });
    const languages = aggregateOf(
      await ask(
        "What % of videos have English captions, and how do they perform against the Vietnamese ones?",
      ),
    );
    expect(languages.plan).toMatchObject({ intent: "breakdown", group_by: "language", metric: "plays" });
    const plan = aggregateOf(
      await ask("Draft next month's content plan for a Da Lat homestay, based on the top performers."),
    );
    expect(plan.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      topics: ["dalat", "homestay"],
      ignored: [],
    });
    expect(aggregateOf(await ask("What will trend next month?")).plan.intent).toBe("decline");
  });
});

describe("more phrasings of real questions", () => {
  it("groups, exclusions and windows as written: 'with vs without a transcript', 'leaving out anything from @x', 'original-sound', 'who wins', '2024 vs 2025 views', 'per yr' (SQL)", async () => {
    expect(
      aggregateOf(await ask("With vs without a transcript — how do share rates compare?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "transcript", metric: "share_rate" });
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    const left = aggregateOf(await ask("Top 5 videos by views, leaving out anything from @stay2"));
    expect(left.plan.filters).toEqual([`not_author=${uid}`]);
    const others = db
      .prepare("SELECT id FROM videos WHERE author_uid <> ? ORDER BY plays DESC, id DESC LIMIT 5")
      .pluck()
      .all(uid) as string[];
    expect(left.result.ranking).toEqual(others);
    expect(
      aggregateOf(await ask("Which sounds show up most, not counting original-sound variants?")).plan
        .filters[0],
    ).toBe("sound!=7100000000000000001");
    expect(aggregateOf(await ask("dalat vs vungtau who wins on shares")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      subject: "videos",
    });
    const [a, b] = [2024, 2025];
    expect(aggregateOf(await ask(`resort ${a} vs ${b} views... better or worse?`)).plan).toMatchObject({
      group_by: "period",
      metric: "plays",
    });
    const perYear = aggregateOf(await ask("resort vids per yr, quick count"));
    expect(perYear.plan).toMatchObject({ intent: "breakdown", group_by: "year" });
    expect(perYear.plan.understood).toContain('read "yr" as "year"');
    // "Do clips under 15 seconds get more shares than longer ones?": the bound and the others.
    expect(
      aggregateOf(
        await ask("In the trending set, do clips under 15 seconds get more shares than longer ones?"),
      ).plan,
    ).toMatchObject({ group_by: "bounds", bands: ["shorter than 15 s", "15 s or longer"] });
  });

  it("'Ha Long videos' are no length; 'break out by year' is a breakdown; 'the share posted in 2024'; 'the 2020 data'; 'by number of hashtags'; 'English-caption videos' (SQL)", async () => {
    expect(
      aggregateOf(await ask("How many Ha Long videos are there, and what share are ads?")).plan.group_by,
    ).not.toBe("length");
    const byYear = aggregateOf(await ask("For English-caption videos, how do views break out by year?"));
    expect(byYear.plan).toMatchObject({
      intent: "breakdown",
      group_by: "year",
      filters: ["language=en"],
      topics: [],
      ignored: [],
    });
    const year = new Date(SCRAPED * 1000).getUTCFullYear();
    const inYear = db
      .prepare("SELECT count(*) FROM videos WHERE strftime('%Y', created_at, 'unixepoch') = ?")
      .pluck()
      .get(String(year)) as number;
    const all = db.prepare("SELECT count(*) FROM videos").pluck().get() as number;
    const share = aggregateOf(await ask(`Total videos, and the share posted in ${year}.`));
    expect(share.result).toMatchObject({ part: inYear, whole: all });
    const months = aggregateOf(
      await ask(`Break the ${year} data down by month posted: count and median likes.`),
    );
    expect(months.plan.understood).toContain(`window ${year} (from "the ${year}")`);
    expect(aggregateOf(await ask("break median views down by number of hashtags used")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "hashtag_count",
      metric: "plays",
    });
    // Declined: where viewers live, how long they watch.
    expect(
      String(
        aggregateOf(await ask("Which provinces do the viewers of Da Lat videos live in?")).result.declined,
      ),
    ).toMatch(/not where viewers are/);
    expect(
      String(
        aggregateOf(
          await ask("How many seconds do people actually watch of the Da Lat videos before swiping away?"),
        ).result.declined,
      ),
    ).toMatch(/not watch time/);
  });
});

describe("hashtags left out of a ranking, and casual spellings", () => {
  it("'top hashtags other than #dalat, #homestay and #review': those tags left out of the ranking, not their videos (SQL)", async () => {
    const counts = new Map<string, number>();
    for (const h of db.prepare("SELECT hashtags FROM videos").pluck().all() as string[])
      for (const t of new Set(h.split(" ").filter(Boolean))) counts.set(t, (counts.get(t) ?? 0) + 1);
    const leftOut = ["dalat", "homestay", "review"];
    const expected = [...counts]
      .filter(([t]) => !leftOut.includes(t))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const question of [
      "Top hashtags other than #dalat, #homestay and #review",
      "most used hashtags, ignoring #dalat and #homestay and #review",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "hashtags",
        filters: [],
        topics: [],
        ignored: [],
      });
      expect(plan.understood, question).toContain(
        "hashtags left out of the ranking: #dalat, #homestay, #review",
      );
      expect(plan.tags_left_out, question).toEqual(leftOut);
      expect((result.values as number[])[0], question).toBe(expected[0]?.[1]);
      for (const t of leftOut) expect(result.ranking as string[], question).not.toContain(t);
    }
  });

  it("'weekend posts against weekday posts', 'w/ transcripts', 'wkends', 'hr', 'eng vs viet', 'do ads even get more views??', a profile asked with 'how often'", async () => {
    expect(
      aggregateOf(await ask("resort only: weekend posts against weekday posts on views")).plan,
    ).toMatchObject({
      group_by: "weekend",
      filters: [],
    });
    const transcribed = db
      .prepare("SELECT count(*) FROM videos WHERE transcript <> ''")
      .pluck()
      .get() as number;
    const withTranscripts = aggregateOf(await ask("how many vids w/ transcripts?"));
    expect(withTranscripts.plan).toMatchObject({ intent: "count", filters: ["transcript=yes"] });
    expect(withTranscripts.result.count).toBe(transcribed);
    // Chat spellings: "w", "mny", "acct", "postd", "n", "folowers".
    const hurried = aggregateOf(await ask("resort vids w transcript how mny"));
    expect(hurried.plan).toMatchObject({ intent: "count", filters: ["transcript=yes"], topics: ["resort"] });
    expect(hurried.plan.ignored).toEqual([]);
    const acct = aggregateOf(await ask("which acct postd the most resort vids"));
    expect(acct.plan).toMatchObject({ intent: "rank", subject: "creators", ignored: [] });
    expect(aggregateOf(await ask("ads about resort how many n r they any good")).plan.ignored).toEqual([]);
    // "Most share": the count of shares, written in the singular.
    expect(aggregateOf(await ask("Which month the resort video have most share?")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "month",
      metric: "shares",
    });
    const weekends = aggregateOf(await ask("med views for vids posted on wkends"));
    expect(weekends.plan).toMatchObject({ intent: "measure", filters: ["weekday=0|6"], ignored: [] });
    expect(aggregateOf(await ask("best hr to post resort vids?")).plan.group_by).toBe("hour");
    expect(aggregateOf(await ask("eng vs viet captions, which does better on views")).plan).toMatchObject({
      group_by: "language",
      compare_codes: ["en", "vi"],
    });
    expect(aggregateOf(await ask("resort vids - do ads even get more views?? 🤷")).plan).toMatchObject({
      group_by: "ad",
      metric: "plays",
    });
    expect(
      aggregateOf(
        await ask(
          "Give me a creator profile of @stay2: where they post about, how often, and what performs.",
        ),
      ).plan.intent,
    ).toBe("profile");
    expect(
      String(
        aggregateOf(await ask("Are the comments on resort videos mostly positive or negative?")).result
          .declined,
      ),
    ).toMatch(/not sentiment$/);
  });
});

describe("seasons of a year", () => {
  it("'summer 2024 (Jun–Aug) against winter 2024–25 (Dec–Feb)', 'in summer 2024': those months (SQL)", async () => {
    const year = new Date(SCRAPED * 1000).getUTCFullYear();
    const count = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to) as number;
    const summer = [Date.UTC(year, 5, 1) / 1000, Date.UTC(year, 8, 1) / 1000] as const;
    const one = aggregateOf(await ask(`How many videos were posted in summer ${year}?`));
    expect(one.plan.understood).toContain(
      `window summer ${year} (June to August) (from "in summer ${year}")`,
    );
    expect(one.result.count).toBe(count(...summer));
    expect(one.plan.ignored).toEqual([]);
    const two = aggregateOf(
      await ask(`Spring ${year} (Mar–May) against summer ${year} (Jun–Aug): how many videos in each?`),
    );
    expect(two.plan).toMatchObject({ group_by: "period", ignored: [] });
    const spring = [Date.UTC(year, 2, 1) / 1000, Date.UTC(year, 5, 1) / 1000] as const;
    const byKey = new Map(
      (two.result.ranking as string[]).map((k, i) => [k, (two.result.values as number[])[i]]),
    );
    expect(byKey.get(`spring ${year} (March to May)`) ?? 0).toBe(count(...spring));
    expect(byKey.get(`summer ${year} (June to August)`) ?? 0).toBe(count(...summer));
    // "Winter 2024-25": December to February.
    const winter = aggregateOf(await ask(`how many videos in winter ${year - 1}-${String(year).slice(2)}?`));
    expect(winter.result.count).toBe(count(Date.UTC(year - 1, 11, 1) / 1000, Date.UTC(year, 2, 1) / 1000));
    // "Summer videos" is a topic, not a period.
    expect(aggregateOf(await ask("summer videos")).plan.understood.join(" ")).not.toContain("window");
  });
});

describe("hours, days and no hashtags against the rest", () => {
  it("'Sunday posts vs the rest', 'posted after 6pm vs everything else', 'no hashtags … compared with tagged ones' (SQL)", async () => {
    const rows = db.prepare("SELECT created_at, plays, hashtags FROM videos").all() as {
      created_at: number;
      plays: number;
      hashtags: string;
    }[];
    const sides = (inside: (r: (typeof rows)[number]) => boolean, a: string, b: string) =>
      [
        { key: a, value: median(rows.filter(inside).map((r) => r.plays)) },
        { key: b, value: median(rows.filter((r) => !inside(r)).map((r) => r.plays)) },
      ].sort((x, y) => y.value - x.value);
    const sunday = sides(
      (r) => new Date(r.created_at * 1000).getUTCDay() === 0,
      "published on Sundays (UTC)",
      "published on days other than Sundays (UTC)",
    );
    const days = aggregateOf(await ask("Sunday posts vs the rest: median views"));
    expect(days.plan).toMatchObject({ group_by: "bounds", filters: [], ignored: [] });
    expect(days.result.ranking).toEqual(sunday.map((s) => s.key));
    expect(days.result.values).toEqual(sunday.map((s) => s.value));
    const evening = sides(
      (r) => new Date(r.created_at * 1000).getUTCHours() >= 18,
      "published 18:00-24:00 UTC",
      "published outside 18:00-24:00 UTC",
    );
    const hours = aggregateOf(await ask("videos posted after 6pm UTC vs everything else: median views"));
    expect(hours.plan).toMatchObject({
      group_by: "bounds",
      bands: ["published 18:00-24:00 UTC", "published outside 18:00-24:00 UTC"],
      ignored: [],
    });
    // (The fixture's videos all go up at one hour of the day: a group without videos is not listed.)
    const listed = evening.filter((s) => !Number.isNaN(s.value) && s.value !== undefined);
    for (const [i, key] of (hours.result.ranking as string[]).entries())
      expect((hours.result.values as number[])[i]).toBe(listed.find((s) => s.key === key)?.value);
    // "Daytime posts" against night ones, after "vs" or "beat": the others, no topic.
    for (const [question, band] of [
      ["night posts vs daytime posts: median views", "published 00:00-06:00 UTC (night)"],
      ["do videos posted after 6pm UTC beat daytime ones on views?", "published 18:00-24:00 UTC"],
      [
        "How many videos were posted after 6pm UTC, and how do their median views compare with daytime posts?",
        "published 18:00-24:00 UTC",
      ],
    ] as const)
      expect(aggregateOf(await ask(question)).plan, question).toMatchObject({
        group_by: "bounds",
        metric: "plays",
        bands: [band, band.replace("published ", "published outside ")],
        topics: [],
        ignored: [],
      });
    const untagged = sides((r) => r.hashtags === "", "no hashtags", "at least one hashtag");
    const tags = aggregateOf(
      await ask("How many videos carry no hashtags, and how do their median views compare with tagged ones?"),
    );
    expect(tags.plan).toMatchObject({ group_by: "bounds", metric: "plays" });
    expect(tags.result.values).toEqual(untagged.map((s) => s.value));
  });
});

describe("trending sounds read from sound reports only", () => {
  it("'which sounds are blowing up on resort videos?' names no hashtag report", async () => {
    const answer = await ask("which sounds are blowing up on resort videos 🔥🔥");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "trending", subject: "sounds", filters: [] });
    const reports = (result.reports ?? []) as { kind?: string }[];
    for (const r of reports) expect(r.kind).toBe("sound");
    expect(answer.summary).not.toMatch(/^Hashtag /);
    expect(answer.summary).toMatch(/kind sound|^Sound /);
  });
});

describe("a bound on each creator's videos is no bound on hashtags", () => {
  it("'3 or fewer hashtags vs videos with 10 or more' bounds no creator's videos; '3 or fewer videos' does", async () => {
    const tags = aggregateOf(
      await ask("Videos with 3 or fewer hashtags vs videos with 10 or more: which do better?"),
    );
    expect(tags.plan.group_by).toBe("hashtag_count");
    expect((tags.result.ranking as string[]).length).toBeGreaterThan(0);
    expect(tags.plan.understood.join(" ")).not.toMatch(/of the videos in question/);
    const few = aggregateOf(await ask("how many creators posted 3 or fewer videos?"));
    const counts = db.prepare("SELECT count(*) FROM videos GROUP BY author_uid").pluck().all() as number[];
    expect(few.result.count).toBe(counts.filter((n) => n <= 3).length);
  });
});

describe("two ranges of one count set against each other", () => {
  it("'15–30 second clips against 30–60 second clips', '10k-50k views vs 100k-1m views': two groups (SQL)", async () => {
    const plays = (where: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
    const lengths = aggregateOf(
      await ask("15–30 second clips against 30–60 second clips: which gets more views?"),
    );
    expect(lengths.plan).toMatchObject({
      group_by: "bounds",
      bands: ["15-30 s", "30-60 s"],
      filters: [],
      ignored: [],
    });
    const expected = new Map(
      [
        ["15-30 s", plays("duration_s BETWEEN 15 AND 30")],
        ["30-60 s", plays("duration_s BETWEEN 30 AND 60")],
      ]
        .filter(([, xs]) => (xs as number[]).length > 0)
        .map(([k, xs]) => [k as string, median([...(xs as number[])])]),
    );
    expect(
      new Map(
        (lengths.result.ranking as string[]).map((k, i) => [k, (lengths.result.values as number[])[i]]),
      ),
    ).toEqual(expected);
    expect(aggregateOf(await ask("videos between 15 and 30 seconds long")).plan.filters).toEqual([
      "seconds>=15",
      "seconds<=30",
    ]);
    // The unit written onto the number, as in "15–30s clips", and "10-20 s long".
    const joined = aggregateOf(await ask("15–30s clips against 30–60s clips: which gets more views?"));
    expect(joined.plan).toMatchObject({ group_by: "bounds", bands: ["15-30 s", "30-60 s"], ignored: [] });
    expect(joined.result).toEqual(lengths.result);
    expect(aggregateOf(await ask("how many videos are 10-20 s long?")).plan.filters).toEqual([
      "seconds>=10",
      "seconds<=20",
    ]);
    // Ranges listed are groups, one each: "median views by length (0–20s, 21–40s, 41–60s)".
    const listed = aggregateOf(await ask("Median views by length bucket (0–20s, 21–40s, up to 41–60s)"));
    expect(listed.plan).toMatchObject({
      group_by: "bounds",
      bands: ["0-20 s", "21-40 s", "41-60 s"],
      filters: [],
    });
    for (const [band, where] of [
      ["0-20 s", "duration_s BETWEEN 0 AND 20"],
      ["21-40 s", "duration_s BETWEEN 21 AND 40"],
      ["41-60 s", "duration_s BETWEEN 41 AND 60"],
    ] as const)
      expect(groupValue(listed.result, band), band).toBe(median(plays(where)));
  });

  it("a question relayed in quotes is the question ('User asks: \"…\"'); an advertiser named for a place is no place (search, SQL)", async () => {
    const resort = (await searchIds("resort")).length;
    for (const question of [
      'User asks: "how many resort videos are there?" Answer in one line.',
      'Someone asked me "how many resort videos are there?"',
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", topics: ["resort"] });
      expect(result.count, question).toBe(resort);
    }
    // "Did paid ads outperform organic videos?": the two groups on views.
    const outperform = aggregateOf(await ask("Did paid ads outperform organic videos?"));
    expect(outperform.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays" });
    // "Uploads in the last 30 days" counts them; "everyone says …" is no caption's text.
    const uploads = aggregateOf(
      await ask("Is anyone in Da Lat still posting? Uploads in the last 90 days of the data."),
    );
    expect(uploads.plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    const says = aggregateOf(await ask("Everyone says post at 7pm. Which resort videos get the most views?"));
    expect(says.plan.topics).toEqual(["resort"]);
    // Places compared, the least bad asked for: the places side by side.
    const least = aggregateOf(await ask("Da Lat vs Vung Tau: which is the least bad on views?"));
    expect(least.plan).toMatchObject({ intent: "breakdown", group_by: "topic" });
    // "Paid ads" are the ads flagged, not a payment the corpus lacks.
    const paid = aggregateOf(
      await ask("Is it true that a third of these videos are paid ads? What is the real share?"),
    );
    expect(paid.plan).toMatchObject({ intent: "share", filters: [] });
    expect(paid.result.part).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number,
    );
    // A quoted sound's title written as a question stays the sound.
    const titled = aggregateOf(await ask('"Where is the lofi chill?" vs "Lofi chill"'));
    expect(titled.plan.topics).not.toContain('"where is the lofi chill"');
    // "Vũng Tàu ở đâu", an account's name, starts with a place written apart (#vungtau): the place is read.
    const now = Math.floor(Date.now() / 1000);
    db.prepare(
      "INSERT INTO advertisers (id, name, focus, first_seen, created_at, updated_at) VALUES ('adv-place', 'Vũng Tàu ở đâu', 'other', ?, ?, ?)",
    ).run(now, now, now);
    try {
      const place = aggregateOf(await ask("How many videos about Vũng Tàu are there?"));
      expect(place.plan).toMatchObject({ intent: "count", topics: ["vungtau"], advertisers: [] });
      expect(place.result.count).toBe((await searchIds("vungtau")).length);
    } finally {
      db.prepare("DELETE FROM advertisers WHERE id = 'adv-place'").run();
    }
  });

  it("'@a vs @b on <topic> content' where neither has a video about it: the topic describes the accounts, all their videos compared (search, SQL)", async () => {
    const tagged = new Set(
      db
        .prepare(`SELECT author_uid FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds("checkin"))) as string[],
    );
    expect(tagged.size).toBeGreaterThan(0);
    const [a, b] = (
      db.prepare("SELECT uid, handle FROM creators ORDER BY handle").all() as {
        uid: string;
        handle: string;
      }[]
    ).filter((c) => !tagged.has(c.uid));
    expect(a && b).toBeTruthy();
    const { plan } = aggregateOf(
      await ask(`@${a?.handle} vs @${b?.handle} on checkin content: median likes?`),
    );
    expect(plan).toMatchObject({ intent: "compare", topics: [], metric: "likes" });
    expect(plan.ignored).toEqual([
      `"checkin" (no video of @${a?.handle}, @${b?.handle} is about it: read as describing the accounts, and all their videos compared)`,
    ]);
    // ("Same brand, two cities: @a (…) vs @b (…)": "brand" names the accounts.)
    const brand = aggregateOf(
      await ask(`Same brand, two cities: @${a?.handle} (checkin) vs @${b?.handle}. Median likes?`),
    );
    expect(brand.plan).toMatchObject({ intent: "compare", topics: [] });
    const answer = await ask(`@${a?.handle} vs @${b?.handle} on checkin content: median likes?`);
    const likesOf = (uid: string) =>
      median(db.prepare("SELECT likes FROM videos WHERE author_uid = ?").pluck().all(uid) as number[]);
    const [hi, lo] = [a, b].sort(
      (x, y) => likesOf((y as { uid: string }).uid) - likesOf((x as { uid: string }).uid),
    );
    expect(answer.summary).toContain(
      `@${hi?.handle} is ahead on median likes per video: ${likesOf(hi?.uid as string).toLocaleString("en-US")} vs ${likesOf(lo?.uid as string).toLocaleString("en-US")} for @${lo?.handle}.`,
    );
  });

  it("places listed and taken together ('X and Y combined', 'the X and Y searches') are the videos about either; 'my three videos' names no topic (search, SQL)", async () => {
    const either = new Set([...(await searchIds("vungtau")), ...(await searchIds("danang"))]);
    expect(either.size).toBeGreaterThan(0);
    for (const question of [
      "How many videos for Vung Tau and Da Nang combined?",
      "How many videos are there in the Vung Tau and Da Nang searches?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", topics: [], ignored: [] });
      expect(plan.filters, question).toEqual(["any_q=vungtau|danang"]);
      expect(result.count, question).toBe(either.size);
    }
    const mine = aggregateOf(await ask("How did @stay1's three videos and my 276k video do?"));
    expect(mine.plan.topics).toEqual([]);
  });
});

describe("lists left out and the others, as written", () => {
  it("'leaving out @a and @b', 'excluding ads and anything from @x', 'leaving out ads and original sounds', 'not counting any video tagged #a or #b' (SQL)", async () => {
    const uid = (h: string) =>
      db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(h) as string;
    const [two, four] = [uid("stay2"), uid("stay4")];
    const both = aggregateOf(await ask("Top 5 videos by views, leaving out @stay2 and @stay4"));
    expect(both.plan.filters).toEqual([`not_author=${two}`, `not_author=${four}`]);
    expect(both.result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE author_uid NOT IN (?, ?) ORDER BY plays DESC, id DESC LIMIT 5")
        .pluck()
        .all(two, four),
    );
    const organic = aggregateOf(await ask("Top 5 videos by views, excluding ads and anything from @stay2"));
    expect([...organic.plan.filters].sort()).toEqual(["ad=no", `not_author=${two}`].sort());
    const sounds = aggregateOf(await ask("Leaving out ads and original sounds, which sounds are used most?"));
    expect([...sounds.plan.filters].sort()).toEqual(["ad=no", "sound!=7100000000000000001"].sort());
    const tags = aggregateOf(await ask("How many videos, not counting any video tagged #dalat or #resort?"));
    expect(tags.plan.filters).toEqual(["not_q=dalat", "not_q=resort"]);
    const searched = new Set([...(await searchIds("dalat")), ...(await searchIds("resort"))]);
    expect(tags.result.count).toBe(
      (db.prepare("SELECT id FROM videos").pluck().all() as string[]).filter((id) => !searched.has(id))
        .length,
    );
  });

  it("'against all the other … videos', 'vs every other day of the week', 'captions with emoji … than the others', '#trending' is a hashtag, 'and who posted them'", async () => {
    expect(
      aggregateOf(
        await ask("How does #resort content stack up against all the other videos on median views?"),
      ).plan,
    ).toMatchObject({
      group_by: "bounds",
      bands: ['about "resort"', 'not about "resort"'],
    });
    expect(
      aggregateOf(await ask("Sunday posts vs every other day of the week: which get more views?")).plan,
    ).toMatchObject({
      group_by: "bounds",
      bands: ["published on Sundays (UTC)", "published on days other than Sundays (UTC)"],
    });
    expect(
      aggregateOf(await ask("do captions with emoji pull more views than the others?")).plan,
    ).toMatchObject({
      group_by: "emoji",
    });
    expect(
      aggregateOf(await ask("Top 10 hashtags by median views, excluding #xuhuong and #trending")).plan,
    ).toMatchObject({
      intent: "rank",
      subject: "hashtags",
    });
    expect(aggregateOf(await ask("top 3 resort videos by likes and who posted them")).plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      count: 3,
    });
  });

  it("'are ads more likely to hit 20k views than organic videos?', 'which hour gives the best chance of reaching 20k views?': each group's share within the bound (SQL)", async () => {
    const share = (where: string) => {
      const [part, whole] = [
        db.prepare(`SELECT count(*) FROM videos WHERE ${where} AND plays >= 20000`).pluck().get() as number,
        db.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get() as number,
      ];
      return Math.round((part / whole) * 10000) / 100;
    };
    const ads = aggregateOf(await ask("Are ads more likely to hit 20k views than organic videos?"));
    expect(ads.plan).toMatchObject({ intent: "breakdown", group_by: "ad", filters: [], ignored: [] });
    expect(ads.plan.understood).toContain(
      'the share of the videos with at least 20,000 views within each group (from "hit 20k views")',
    );
    expect(groupValue(ads.result, "ads")).toBe(share("label_ad = 1"));
    expect(groupValue(ads.result, "organic")).toBe(share("label_ad = 0"));
    const weekend = aggregateOf(
      await ask("Are weekend posts more likely to reach 20k plays than weekday posts?"),
    );
    expect(groupValue(weekend.result, "weekends (Saturday, Sunday)")).toBe(
      share("CAST(strftime('%w', created_at, 'unixepoch') AS INTEGER) IN (0, 6)"),
    );
    const hours = aggregateOf(await ask("Which hour gives the best chance of reaching 20k views?"));
    expect(hours.plan).toMatchObject({ group_by: "hour", metric: null });
    const [first] = hours.result.ranking as string[];
    const hour = Number(first?.slice(0, 2));
    expect(groupValue(hours.result, first as string)).toBe(
      share(`CAST(strftime('%H', created_at, 'unixepoch') AS INTEGER) = ${hour}`),
    );
  });

  it("'#resort videos vs non-resort videos', 'than non-resort ones': the others; 'non-ads' stays organic", async () => {
    const sides = aggregateOf(await ask("Do #resort videos get more likes than non-resort videos?"));
    expect(sides.plan).toMatchObject({
      group_by: "bounds",
      metric: "likes",
      bands: ['about "resort"', 'not about "resort"'],
    });
    expect(sides.plan.ignored).toEqual([]);
    const resort = await searchIds("resort");
    const likes = db.prepare("SELECT id, likes FROM videos").all() as { id: string; likes: number }[];
    const medianOf = (keep: (id: string) => boolean) =>
      median(likes.filter((v) => keep(v.id)).map((v) => v.likes));
    expect(groupValue(sides.result, 'about "resort"')).toBe(medianOf((id) => resort.includes(id)));
    expect(groupValue(sides.result, 'not about "resort"')).toBe(medianOf((id) => !resort.includes(id)));
    expect(
      aggregateOf(await ask("resort videos compared with non-resort ones on median views")).plan,
    ).toMatchObject({
      bands: ['about "resort"', 'not about "resort"'],
    });
    expect(aggregateOf(await ask("ads vs non-ads: median views")).plan).toMatchObject({ group_by: "ad" });
  });
});

describe("ads against 'normal posts'", () => {
  it("'resort ads vs normal posts, who wins on comments' is ads against organic; 'normal videos' alone filters nothing", async () => {
    expect(aggregateOf(await ask("resort ads vs normal posts, who wins on comments lol")).plan).toMatchObject(
      {
        intent: "breakdown",
        group_by: "ad",
        metric: "comments",
        topics: ["resort"],
      },
    );
    expect(aggregateOf(await ask("top 5 normal videos")).plan.filters).toEqual([]);
  });
});

describe("phrasings met on the real scrape's questions (stop 48)", () => {
  it("'Da Lat-search videos' is the place; 'in June 2025 and in July 2025' are two periods side by side; 'in year 2025' is the year (SQL)", async () => {
    const place = aggregateOf(await ask("Median plays for Da Lat-search videos?"));
    expect(place.plan).toMatchObject({ intent: "measure", metric: "plays", topics: ["dalat"], ignored: [] });
    expect(place.plan.understood).toContain(
      "a search read as the videos about what it names (the search that collected each video is not recorded)",
    );
    const dalat = await searchIds("dalat");
    const plays = db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    expect(place.result).toMatchObject({ median: median(plays), videos: plays.length });
    const inMonth = (m: number) =>
      db
        .prepare("SELECT likes FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .all(Date.UTC(2025, m, 1) / 1000, Date.UTC(2025, m + 1, 1) / 1000) as number[];
    const months = aggregateOf(
      await ask("What is the average likes per video in June 2025 and in July 2025?"),
    );
    expect(months.plan).toMatchObject({ intent: "breakdown", group_by: "period", metric: "likes" });
    expect(months.plan.periods?.map((p) => p.label)).toEqual(["June 2025", "July 2025"]);
    expect(groupValue(months.result, "June 2025")).toBe(median(inMonth(5)));
    expect(groupValue(months.result, "July 2025")).toBe(median(inMonth(6)));
    const year = aggregateOf(await ask("How many videos in year 2025?"));
    expect(year.plan.understood).toContain('window 2025 (from "in 2025")');
    expect(year.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(Date.UTC(2025, 0, 1) / 1000, Date.UTC(2026, 0, 1) / 1000),
    );
    // "Both" still asks for each period of one account.
    expect(aggregateOf(await ask("creators who posted in both 2024 and in 2025")).plan.understood).toContain(
      'creators with videos in each of 2024 and 2025 (from "both")',
    );
  });

  it("the exports' field names: 'playCount', 'collectCount', 'isSponsored = true', 'isAd == false', 'musicOriginal = false' (SQL)", async () => {
    const counted = aggregateOf(await ask("count(videos) where isSponsored = true"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["ad=yes"], ignored: [] });
    expect(counted.plan.understood).toContain('read "isSponsored = true" as "ads"');
    expect(counted.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number,
    );
    const organic = aggregateOf(await ask("median playCount where isAd == false"));
    expect(organic.plan).toMatchObject({
      intent: "measure",
      metric: "plays",
      filters: ["ad=no"],
      ignored: [],
    });
    expect(organic.result.median).toBe(
      median(db.prepare("SELECT plays FROM videos WHERE label_ad = 0").pluck().all() as number[]),
    );
    expect(aggregateOf(await ask("top 5 videos by collectCount")).plan).toMatchObject({
      intent: "rank",
      metric: "saves",
      ignored: [],
    });
    // A flag named as a field to show is no filter.
    expect(
      aggregateOf(await ask("List the top 3 dalat videos; for each give its id, plays and isAd value.")).plan
        .filters,
    ).toEqual([]);
    const sounds = aggregateOf(await ask("top 3 sounds by video count where musicOriginal = false"));
    expect(sounds.plan).toMatchObject({
      intent: "rank",
      subject: "sounds",
      filters: ["sound!=7100000000000000001"],
    });
  });

  it("a question relayed 'word for word' or as 'exactly what the user typed' is the question; quarters' months said again in brackets are read with them", async () => {
    for (const lead of ["From my user, word for word:", "Passing along exactly what the user typed:"]) {
      const { plan } = aggregateOf(await ask(`${lead} "top 3 dalat videos by likes, with handle and plays"`));
      expect(plan, lead).toMatchObject({
        intent: "rank",
        subject: "videos",
        metric: "likes",
        topics: ["dalat"],
      });
      expect(plan.understood).toContain('3 results (from "top 3")');
    }
    const quarters = aggregateOf(
      await ask("Did resort videos get more plays in Q2 2025 (Apr–Jun) or Q3 2025 (Jul–Sep)?"),
    );
    expect(quarters.plan).toMatchObject({ intent: "breakdown", group_by: "period", ignored: [] });
    expect(quarters.plan.periods?.map((p) => p.label)).toEqual(["Q2 2025", "Q3 2025"]);
    // "… and who posted the best one in each": the places compared, each one's top video naming its creator.
    expect(
      aggregateOf(
        await ask(
          "compare hotel vids in Vung Tau vs Hoi An - views, likes, and who posted the best one in each",
        ),
      ).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", subject: "videos" });
  });

  it("'videos that use a DJ song, and how many views did each get?' lists those videos; 'top 3 hashtags beside #resort, with how many videos each' ranks (SQL)", async () => {
    const LOFI = "7100000000000000002"; // "Lofi chill" by DJ
    const song = aggregateOf(await ask("Which videos use a DJ song, and how many views did each get?"));
    expect(song.plan).toMatchObject({ intent: "rank", subject: "videos", filters: [`sound=${LOFI}`] });
    expect(song.plan.understood).toContain(
      'the sounds credited to DJ (from "DJ song": sound 7100000000000000002)',
    );
    expect(song.result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE music_id = ? ORDER BY plays DESC, id DESC LIMIT 5")
        .pluck()
        .all(LOFI),
    );
    const tags = aggregateOf(
      await ask("Top 3 hashtags that appear beside #resort, with how many videos each"),
    );
    expect(tags.plan).toMatchObject({ intent: "rank", subject: "hashtags", topics: ["resort"] });
    // "Which day of the week did … get posted most often?": the days, not an account's pace.
    expect(
      aggregateOf(await ask("Which day of the week did Da Lat videos get posted most often?")).plan,
    ).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      subject: "videos",
    });
  });
});

describe("phrasings met on the real scrape's questions, continued (stop 48)", () => {
  it("'excluding anything flagged as an ad' is organic; 'my English not so good' filters no language; 'which five creators' lists five", async () => {
    const organic = aggregateOf(
      await ask("Top 5 creators by total plays, excluding anything flagged as an ad."),
    ).plan;
    expect(organic).toMatchObject({ intent: "rank", subject: "creators", filters: ["ad=no"], ignored: [] });
    const english = aggregateOf(
      await ask(
        "My English not so good. Which account post most video about Da Lat and how many like they get?",
      ),
    ).plan;
    expect(english.filters).toEqual([]);
    expect(english.topics).toEqual(["dalat"]);
    const five = aggregateOf(await ask("Which five creators had the highest total plays?")).plan;
    expect(five).toMatchObject({ intent: "rank", subject: "creators", ignored: [] });
    expect(five.understood).toContain('5 results (from "which five")');
    // Videos asked for by number stay videos beside accounts named as a filter.
    expect(
      aggregateOf(
        await ask("Name the three videos with the most likes among accounts that are not verified."),
      ).plan,
    ).toMatchObject({ intent: "rank", subject: "videos", metric: "likes" });
  });

  it("'no hashtags … compared with videos that have hashtags' and 'more than 3 hashtags … their median plays versus 1 or fewer' set the sides on the measure named (SQL)", async () => {
    const tags = db.prepare("SELECT plays, hashtags FROM videos").all() as {
      plays: number;
      hashtags: string;
    }[];
    const count = (h: string) => h.split(" ").filter(Boolean).length;
    const playsWhere = (keep: (n: number) => boolean) =>
      median(tags.filter((v) => keep(count(v.hashtags))).map((v) => v.plays));
    const none = aggregateOf(
      await ask(
        "What are the median views of videos with no hashtags compared with videos that have hashtags?",
      ),
    );
    expect(none.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(groupValue(none.result, "no hashtags")).toBe(playsWhere((n) => n === 0));
    expect(groupValue(none.result, "at least one hashtag")).toBe(playsWhere((n) => n >= 1));
    const apart = aggregateOf(
      await ask(
        "Percentage of videos with more than 3 hashtags, and their median plays versus videos with 1 or fewer hashtags.",
      ),
    );
    expect(apart.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(groupValue(apart.result, "over 3 hashtags")).toBe(playsWhere((n) => n > 3));
    expect(groupValue(apart.result, "at most 1 hashtag")).toBe(playsWhere((n) => n <= 1));
  });

  it("a claim relayed ('a travel blog says …', 'is it accurate to say …') names no text to find and no topic of its source", async () => {
    const blog = aggregateOf(
      await ask(
        "A travel blog says resort videos pass 20k views. How many resort videos have over 20k views?",
      ),
    );
    expect(blog.plan).toMatchObject({ intent: "count", topics: ["resort"], filters: ["plays>20000"] });
    expect(blog.result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND plays > 20000`)
        .pluck()
        .get(idList(await searchIds("resort"))) as number,
    );
    const accurate = aggregateOf(
      await ask("Is it accurate to say resort videos get more likes than Da Lat videos?"),
    ).plan;
    expect(accurate).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      metric: "likes",
      compare_topics: ["resort", "dalat"],
      // (The words of a fact-check ask nothing of the corpus: stop 52.)
      ignored: [],
    });
  });
});

describe("bands and slices written as a distribution (stop 48)", () => {
  it("'the distribution of plays: under 20k, 20k-40k and above 40k' counts the videos in each band; '100-1k likes' is 100 to 1,000 (SQL)", async () => {
    const plays = db.prepare("SELECT plays FROM videos").pluck().all() as number[];
    const { plan, result } = aggregateOf(
      await ask("Show the distribution of plays: how many videos fall under 20k, 20k-40k and above 40k?"),
    );
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: null,
      bands: ["under 20k views", "20k-40k views", "above 40k views"],
    });
    expect(groupValue(result, "under 20k views")).toBe(plays.filter((p) => p < 20_000).length);
    expect(groupValue(result, "20k-40k views")).toBe(plays.filter((p) => p >= 20_000 && p <= 40_000).length);
    expect(groupValue(result, "above 40k views")).toBe(plays.filter((p) => p > 40_000).length);
    const range = aggregateOf(await ask("How many videos have 100-1k likes?"));
    expect(range.plan.filters).toEqual(["likes>=100", "likes<=1000"]);
    expect(range.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE likes BETWEEN 100 AND 1000").pluck().get() as number,
    );
  });

  it("'the first two months of 2025', 'the last 6 weeks of 2025' are slices of the year (SQL)", async () => {
    const counted = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to) as number;
    const months = aggregateOf(await ask("How many videos in the first seven months of 2025?"));
    expect(months.plan.understood).toContain(
      'window the first 7 months of 2025 (1 January to 31 July 2025) (from "in the first seven months of 2025")',
    );
    expect(months.result.count).toBe(counted(Date.UTC(2025, 0, 1) / 1000, Date.UTC(2025, 7, 1) / 1000));
    expect(months.result.count).toBeGreaterThan(0);
    const weeks = aggregateOf(await ask("How many videos in the last 20 weeks of 2025?"));
    const end = Date.UTC(2026, 0, 1) / 1000;
    expect(weeks.result.count).toBe(counted(end - 140 * DAY, end));
  });
});

describe("more phrasings met on the real scrape's questions (stop 48)", () => {
  it("'the highest save counts' ranks by saves; 'which months have the highest share of ads' is each month's share; 'has @x ever run an ad?' counts (SQL)", async () => {
    const saves = aggregateOf(await ask("Which 3 videos have the highest save counts?"));
    expect(saves.plan).toMatchObject({ intent: "rank", metric: "saves", ignored: [] });
    expect(saves.result.ranking).toEqual(
      db.prepare("SELECT id FROM videos ORDER BY saves DESC, id DESC LIMIT 3").pluck().all(),
    );
    const months = aggregateOf(await ask("Which calendar months have the highest share of ads?")).plan;
    expect(months).toMatchObject({ intent: "breakdown", group_by: "month" });
    expect(months.understood).toContain("the share of ads within each group");
    const ever = aggregateOf(await ask("Has @stay1 ever run an ad?"));
    expect(ever.plan).toMatchObject({ intent: "count", filters: ["ad=yes"] });
    expect(ever.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE label_ad = 1 AND author_uid = '6900001'")
        .pluck()
        .get() as number,
    );
    expect(aggregateOf(await ask("what's hot in Da Lat?")).plan).toMatchObject({
      intent: "trending",
      topics: ["dalat"],
    });
  });

  it("'which of Vung Tau, Hoi An and Da Nang …', '#resort-tagged videos vs #travel-tagged videos', '#resort-tagged videos … than untagged ones' compare", async () => {
    // ("… those three cities' resort videos": the places named, not #cities; "resort" applies to each.)
    expect(
      aggregateOf(
        await ask(
          "We have resorts in Vung Tau, Hoi An and Da Nang. Which of those three cities' resort videos get the best median views?",
        ),
      ).plan,
    ).toMatchObject({ compare_topics: ["vungtau", "hoian", "danang"], topics: ["resort"] });
    expect(
      aggregateOf(await ask("Which of Vung Tau, Hoi An and Da Nang gets the best median views?")).plan,
    ).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ["vungtau", "hoian", "danang"],
    });
    expect(
      aggregateOf(await ask("Median likes: #resort-tagged videos vs #travel-tagged videos?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", compare_topics: ["resort", "travel"] });
    const rest = aggregateOf(await ask("Do #resort-tagged videos get more comments than untagged ones?"));
    expect(rest.plan).toMatchObject({
      group_by: "bounds",
      metric: "comments",
      bands: ['about "resort"', 'not about "resort"'],
    });
  });
});

describe("groups, weeks and accounts as the real scrape's questions name them (stop 48)", () => {
  it("'quarterly ad share' groups by quarter; 'the week of 2025-06-02' is that Monday-to-Sunday week (SQL)", async () => {
    const quarterly = aggregateOf(await ask("Quarterly ad share from Q1 2025 to Q3 2025.")).plan;
    expect(quarterly).toMatchObject({ intent: "breakdown", group_by: "quarter", topics: [], ignored: [] });
    const week = aggregateOf(await ask("How many videos in the week of 2025-06-04?"));
    expect(week.plan.understood).toContain(
      'window the week of 4 June 2025 (from "in the week of 2025-06-04")',
    );
    expect(week.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(Date.UTC(2025, 5, 2) / 1000, Date.UTC(2025, 5, 9) / 1000) as number,
    );
  });

  it("'@a vs @b: who's doing better?' compares their views; 'do my X videos or my Y videos perform better?' compares the topics of that account", async () => {
    const better = aggregateOf(await ask("@stay1 vs @stay2: who's doing better?")).plan;
    expect(better).toMatchObject({ intent: "compare", metric: "plays" });
    const mine = aggregateOf(
      await ask("I'm @stay1. Do my Da Lat videos or my resort videos perform better?"),
    ).plan;
    expect(mine).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      metric: "plays",
      compare_topics: ["dalat", "resort"],
      creators: ["6900001"],
    });
  });
});

describe("questions written in Vietnamese (stop 48)", () => {
  it("the words that ask are read in English, and said so; names, places and dates stay as written (SQL)", async () => {
    const top = aggregateOf(await ask("Video nào có nhiều lượt xem nhất?"));
    expect(top.plan).toMatchObject({ intent: "rank", subject: "videos", metric: "plays", ignored: [] });
    expect(top.plan.understood).toContain(
      'read "Video nào có nhiều lượt xem nhất?" as "which Video most views?"',
    );
    expect((top.result.ranking as string[])[0]).toBe(
      db.prepare("SELECT id FROM videos ORDER BY plays DESC, id DESC LIMIT 1").pluck().get(),
    );
    const long = aggregateOf(await ask("Có bao nhiêu video về Đà Lạt dài hơn 1 phút?"));
    expect(long.plan).toMatchObject({ intent: "count", topics: ["dalat"], filters: ["seconds>60"] });
    expect(long.result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND duration_s > 60 AND media_type = 'video'`)
        .pluck()
        .get(idList(await searchIds("dalat"))) as number,
    );
    expect(
      aggregateOf(await ask("Video quảng cáo hay video thường nhận được nhiều bình luận hơn?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "comments" });
    const months = aggregateOf(await ask("Tháng nào trong năm 2025 có nhiều video được đăng nhất?")).plan;
    expect(months).toMatchObject({ intent: "breakdown", group_by: "month" });
    expect(months.understood).toContain('window 2025 (from "in 2025")');
    // Day first, as Vietnamese writes dates: "từ 1/6/2025 đến 3/6/2025" is 1 to 3 June.
    const june = aggregateOf(await ask("Từ 1/6/2025 đến 3/6/2025 có bao nhiêu video về resort?"));
    expect(june.plan.understood).toContain(
      'window 1 to 3 June 2025 (from "from 1 june 2025 to 3 june 2025")',
    );
    // "31/2/2025" is no day, and said to be.
    expect(aggregateOf(await ask("Có bao nhiêu video ngày 31/2/2025?")).plan.ignored).toEqual([
      "31 february 2025 (no such day)",
    ]);
  });
});

describe("a share asked of each topic or period compared (stop 48)", () => {
  it("'what share of Vung Tau vs Da Nang videos are ads?', '… in June 2025 vs July 2025?': each group's share, not its views (SQL)", async () => {
    const shareIn = (ids: string[]) => {
      const ads = db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND label_ad = 1`)
        .pluck()
        .get(idList(ids)) as number;
      return Math.round((ads / ids.length) * 10000) / 100;
    };
    const topics = aggregateOf(await ask("What share of Vung Tau vs Da Nang videos are ads?"));
    expect(topics.plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      metric: null,
      compare_topics: ["vungtau", "danang"],
      filters: [],
    });
    expect(topics.plan.understood).toContain("the share of ads within each group");
    expect(groupValue(topics.result, "vungtau")).toBe(shareIn(await searchIds("vungtau")));
    expect(groupValue(topics.result, "danang")).toBe(shareIn(await searchIds("danang")));
    const periods = aggregateOf(await ask("What share of videos were ads in June 2025 vs July 2025?"));
    expect(periods.plan).toMatchObject({ group_by: "period", metric: null, filters: [] });
    const inMonth = (m: number) =>
      db
        .prepare("SELECT id FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .all(Date.UTC(2025, m, 1) / 1000, Date.UTC(2025, m + 1, 1) / 1000) as string[];
    expect(groupValue(periods.result, "June 2025")).toBe(shareIn(inMonth(5)));
    expect(groupValue(periods.result, "July 2025")).toBe(shareIn(inMonth(6)));
  });
});

describe("the sounds' artists as groups (stop 48)", () => {
  it("'which artists are used most?', 'how many different music authors appear?', 'top 5 musicAuthor by video count': each credited artist, original sounds left out (SQL)", async () => {
    const LOFI = "7100000000000000002"; // "Lofi chill", credited to DJ
    const ORIGINAL = "7100000000000000001"; // "nhạc nền - Stay": an original sound, credited to its poster
    const used = aggregateOf(await ask("Which artists are used most?"));
    expect(used.plan).toMatchObject({
      intent: "rank",
      subject: "sounds",
      by_artist: true,
      filters: [`sound!=${ORIGINAL}`],
      ignored: [],
    });
    expect(used.plan.understood).toContain(
      "original sounds left out (each is credited to the creator who posted it)",
    );
    expect(used.result).toMatchObject({
      ranking: ["DJ"],
      values: [db.prepare("SELECT count(*) FROM videos WHERE music_id = ?").pluck().get(LOFI)],
    });
    const counted = aggregateOf(await ask("How many different music authors appear?"));
    expect(counted.plan).toMatchObject({ intent: "count", by_artist: true });
    expect(counted.result.count).toBe(1);
    expect(aggregateOf(await ask("top 5 musicAuthor by video count")).plan).toMatchObject({
      intent: "rank",
      by_artist: true,
    });
    // An artist named is the videos using their sounds, as before.
    expect(aggregateOf(await ask("How many videos use songs by DJ?")).plan.by_artist).toBeUndefined();
  });
});

describe("the third batch of real-scrape phrasings (stop 48)", () => {
  it("field names with tests ('createTimeISO >= 2025-06-01', 'group by isAd', \"input = 'dalat'\"), 'likes per 1,000 plays', '#travel vs #resort … for each tag', 'how many videos have both #a and #b'", async () => {
    const since = aggregateOf(await ask("count(videos) where createTimeISO >= 2025-06-01"));
    expect(since.plan.understood).toContain('read "createTimeISO >=" as "since"');
    expect(since.result.count).toBe(
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ?")
        .pluck()
        .get(Date.UTC(2025, 5, 1) / 1000) as number,
    );
    expect(aggregateOf(await ask("median playCount grouped by isAd")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "ad",
      metric: "plays",
    });
    expect(aggregateOf(await ask("input = 'dalat': top 3 videos by diggCount")).plan).toMatchObject({
      intent: "rank",
      metric: "likes",
      topics: ["dalat"],
    });
    expect(aggregateOf(await ask("@stay1 vs @stay2 on likes per 1,000 plays")).plan).toMatchObject({
      intent: "compare",
      metric: "like_rate",
    });
    expect(
      aggregateOf(await ask("#travel vs #resort: count of videos and median likes for each tag")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "likes" });
    const both = aggregateOf(await ask("how many video have both #resort and #travel hashtag?"));
    expect(both.plan).toMatchObject({ intent: "count", subject: "videos", topics: ["resort", "travel"] });
  });

  it("bands named by their unit before the list ('by play band: under 20k, 20k–40k, over 40k') are counted; ambiguous figures read month first are said", async () => {
    const plays = db.prepare("SELECT plays FROM videos").pluck().all() as number[];
    const band = aggregateOf(await ask("Videos by play band: under 20k, 20k–40k, over 40k."));
    expect(band.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: null });
    expect(groupValue(band.result, "under 20k views")).toBe(plays.filter((p) => p < 20_000).length);
    const month = aggregateOf(await ask("How many videos from 06/01/2025 to 07/05/2025?")).plan;
    expect(month.understood).toContain(
      '"06/01/2025" read month first (1 June 2025); for the other reading write 2025-01-06',
    );
  });

  it("Vietnamese: 'có mấy video', 'nhạc của DJ', 'cuối tuần … ngày thường'", async () => {
    expect(aggregateOf(await ask("Kênh @stay1 có mấy video về resort?")).plan).toMatchObject({
      intent: "count",
      topics: ["resort"],
    });
    expect(aggregateOf(await ask("Có bao nhiêu video dùng nhạc của DJ?")).plan).toMatchObject({
      intent: "count",
      filters: ["sound=7100000000000000002"],
    });
    expect(
      aggregateOf(await ask("Video về Đà Lạt đăng vào cuối tuần có nhiều lượt xem hơn ngày thường không?"))
        .plan,
    ).toMatchObject({ intent: "breakdown", group_by: "weekend", metric: "plays", topics: ["dalat"] });
  });
});

describe("artists joined by 'or', flags excluded by 'rows where', comparatives with a rate (stop 48)", () => {
  it("'songs by DJ or Stay' is either one's sounds; 'excluding rows where musicOriginal = true' leaves original sounds out; '#resort videos get more comments per play than #travel videos' compares", async () => {
    const either = aggregateOf(await ask("How many videos use songs by DJ or Stay?"));
    expect(either.plan.understood).toContain('the sounds of any of them (from "or"): DJ, Stay');
    expect(either.result.count).toBe(
      db
        .prepare(
          "SELECT count(*) FROM videos WHERE music_id IN ('7100000000000000001', '7100000000000000002')",
        )
        .pluck()
        .get() as number,
    );
    expect(
      aggregateOf(await ask("top 5 sounds by sum(playCount), excluding rows where musicOriginal = true")).plan
        .filters,
    ).toEqual(["sound!=7100000000000000001"]);
    expect(
      aggregateOf(await ask("Do #resort videos get more comments per play than #travel videos?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "comment_rate" });
  });
});

describe("readings kept right after the before/after run on the real questions (stop 48)", () => {
  it("'Kaggle trending videos' names the collection, no topic; fields after ': return' are shown; 'good share' is the shares; 'no save counts' is no bound", async () => {
    expect(
      aggregateOf(await ask("What do the top 20 Kaggle trending videos by plays have in common?")).plan
        .topics,
    ).toEqual([]);
    const fields = aggregateOf(
      await ask(
        "Rows about 'dalat': return id, authorMeta/name, playCount, diggCount, sorted by playCount desc.",
      ),
    ).plan;
    expect(fields).toMatchObject({ intent: "rank", subject: "videos", metric: "plays" });
    expect(
      aggregateOf(await ask('which video say "resort" or "dalat" in caption, and it have good share or not?'))
        .plan,
    ).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "shares" });
    expect(
      aggregateOf(await ask("The file has no save counts. What are the top 3 videos by likes?")).plan.filters,
    ).toEqual([]);
  });
});

describe("a last round from the real questions (stop 48)", () => {
  it("quoted sounds joined by 'or' are either; a period named inside another is the narrower; 'what percentage came from the X search' per month; 'the X videos vs the Y videos'; \"how's X?\"; a quoted title in another script asks in English (SQL)", async () => {
    const either = aggregateOf(await ask('How many videos use "Lofi chill" or "nhạc nền - Stay"?'));
    expect(either.plan.filters).toEqual(["sound=7100000000000000002|7100000000000000001"]);
    expect(either.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE music_id IS NOT NULL").pluck().get() as number,
    );
    expect(
      aggregateOf(
        await ask("In 2025: top 3 creators by total plays, but only counting videos posted in June 2025."),
      ).plan.understood,
    ).toContain('window June 2025 (from "in june 2025")');
    const monthly = aggregateOf(
      await ask("Per month in 2025, what percentage of all uploads came from the Da Lat search?"),
    ).plan;
    expect(monthly).toMatchObject({ intent: "breakdown", group_by: "month" });
    expect(monthly.understood).toContain('the share of videos mentioning "dalat" within each group');
    expect(
      aggregateOf(await ask("What share of the Vung Tau videos vs the Da Nang videos are ads?")).plan,
    ).toMatchObject({ group_by: "topic", compare_topics: ["vungtau", "danang"] });
    expect(aggregateOf(await ask("how's Da Lat?")).plan).toMatchObject({
      intent: "overview",
      topics: ["dalat"],
    });
    expect(aggregateOf(await ask('Does "Lofi chill（剪辑版）" appear on any ad?')).plan.intent).not.toBe(
      "decline",
    );
  });
});

describe("one account's hashtags with a median asked (stop 48)", () => {
  it("'@stay1: median views, and which hashtags does it use?': too few videos for a median per tag, so the tags' total views, said so (SQL)", async () => {
    const answer = await ask("@stay1: median views, and which hashtags does it use?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", metric: "plays" });
    expect(
      answer.caveats.some((c) => c.includes("too few for a median per video: ranked by the total views")),
    ).toBe(true);
    const rows = db.prepare("SELECT hashtags, plays FROM videos WHERE author_uid = '6900001'").all() as {
      hashtags: string;
      plays: number;
    }[];
    const totals = new Map<string, number>();
    for (const r of rows)
      for (const t of new Set(r.hashtags.split(" ").filter(Boolean)))
        totals.set(t, (totals.get(t) ?? 0) + r.plays);
    const best = Math.max(...totals.values());
    expect((result.values as number[])[0]).toBe(best);
  });
});

describe("lists and orders as the last batch writes them (stop 48)", () => {
  it("'which hashtag has the highest median plays: #resort, #travel, #review or #hotel?' compares all four; 'ranked highest to lowest' is the usual order; Vietnamese 'tìm kiếm', 'tốt nhất'", async () => {
    expect(
      aggregateOf(
        await ask("Which hashtag has the highest median plays: #resort, #travel, #review or #hotel?"),
      ).plan,
    ).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ["resort", "travel", "review", "hotel"],
    });
    expect(
      aggregateOf(await ask("Top 3 creators by total plays, ranked highest to lowest.")).plan,
    ).toMatchObject({
      intent: "rank",
      subject: "creators",
      ignored: [],
    });
    expect(
      aggregateOf(await ask("Top 3 creators by total plays, ranked highest to lowest.")).plan.lowest,
    ).toBeUndefined();
    expect(aggregateOf(await ask("Có bao nhiêu video quảng cáo trong tìm kiếm Đà Lạt?")).plan).toMatchObject({
      intent: "count",
      topics: ["dalat"],
      filters: ["ad=yes"],
    });
  });
});

describe("a field asked of each video listed (stop 48)", () => {
  it("'top 3 dalat videos by shares, and tell me whether each one is an ad' lists them all, ads or not; 'mỗi tháng … vượt 100 nghìn lượt xem' is each month over 100k views", async () => {
    expect(
      aggregateOf(await ask("Top 3 dalat videos by shares, and tell me whether each one is an ad.")).plan,
    ).toMatchObject({ intent: "rank", metric: "shares", filters: [], topics: ["dalat"] });
    expect(
      aggregateOf(await ask("Mỗi tháng trong năm 2025 có bao nhiêu video vượt 10 nghìn lượt xem?")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "month", filters: ["plays>10000"] });
  });
});

describe("holidays named as times (stop 49)", () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;
  const between = (from: number, to: number) =>
    db.prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?").pluck().get(from, to);
  it("'during Tết 2025' is the week around Lunar New Year's Day, said; 'New Year 2025', 'Christmas 2024' are their days, no topic and no newest (SQL)", async () => {
    const tet = aggregateOf(await ask("How many videos were posted during Tết 2025?"));
    expect(tet.plan).toMatchObject({ intent: "count", topics: [] });
    expect(tet.plan.understood).toEqual(
      expect.arrayContaining([
        `"tết 2025" read as the week around Lunar New Year's Day (29 January 2025); name the days to choose others`,
        'window 26 January to 1 February 2025 (from "tết 2025")',
      ]),
    );
    expect(tet.result.count).toBe(between(day(2025, 1, 26), day(2025, 2, 2)));
    expect(tet.result.count).toBeGreaterThan(0);
    // ("New Year 2025" asks for no newest videos, and its year is no "year 2025".)
    const newYear = aggregateOf(await ask("How many videos were posted over New Year 2025?"));
    expect(newYear.plan.understood).toContain(
      'window 31 December 2024 to 1 January 2025 (from "new year 2025")',
    );
    expect(newYear.result.count).toBe(between(day(2024, 12, 31), day(2025, 1, 2)));
    expect(aggregateOf(await ask("Top videos posted over New Year 2025")).plan).toMatchObject({
      intent: "rank",
    });
    const christmas = aggregateOf(await ask("Top 5 videos around Christmas 2024 by views"));
    expect(christmas.plan).toMatchObject({ intent: "rank", topics: [] });
    expect(christmas.plan.understood).toContain('window 24 to 26 December 2024 (from "christmas 2024")');
    // A holiday without a year takes the one the question names; two years, each side by side.
    const holiday = aggregateOf(await ask("Videos over the 30/4 weekend in 2025: how many?"));
    expect(holiday.plan).toMatchObject({ intent: "count" });
    expect(holiday.plan).not.toHaveProperty("group_by");
    expect(holiday.result.count).toBe(between(day(2025, 4, 30), day(2025, 5, 2)));
    const years = aggregateOf(await ask("30/4–1/5 in 2024 vs 2025: how many videos went up?"));
    expect(years.plan).toMatchObject({ intent: "breakdown", group_by: "period" });
    expect(years.plan.understood).toContain(
      "groups: the periods named (30 April to 1 May 2024, 30 April to 1 May 2025), by publication time (UTC), side by side",
    );
  });
  it("a holiday beside the days written out names them ('Tết week (Jan 27 – Feb 2, 2025)'); 'Tết videos' and 'captions mentioning Christmas' stay words to find", async () => {
    const week = aggregateOf(
      await ask("Tết week (Jan 27 – Feb 2, 2025) vs the week after (Feb 3–9): uploads and median plays"),
    );
    expect(week.plan).toMatchObject({ intent: "breakdown", group_by: "period", topics: [], ignored: [] });
    expect(week.plan.understood).toContain(
      "groups: the periods named (27 January to 2 February 2025, 3 to 9 February 2025), by publication time (UTC), side by side",
    );
    const stretch = aggregateOf(await ask("The 30 April–4 May 2025 holiday stretch: median views?"));
    expect(stretch.plan).toMatchObject({ intent: "measure", topics: [], ignored: [] });
    const topic = aggregateOf(await ask("How many dalat videos mention Christmas in 2025?"));
    expect(topic.plan.topics).toEqual(["dalat", "christmas"]);
    expect(topic.plan.understood).toContain('window 2025 (from "in 2025")');
    expect(topic.plan.understood.some((u) => u.includes("read as Christmas"))).toBe(false);
  });
});

describe("rivals named, names listed after a colon, who is asking (stop 49)", () => {
  it("'which competitor gets more likes: Traveloka or Ninh Kiều?' compares the names; 'who are Traveloka's competitors?' declines; a revenue manager's request is no revenue asked; 'which accounts post, how often' ranks them", async () => {
    const names = aggregateOf(await ask("Which gets more likes, Traveloka or Ninh Kiều?"));
    expect(names.plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      metric: "likes",
      ignored: [],
    });
    expect(names.plan.compare_topics).toEqual(["traveloka", '"ninh kieu"']);
    const rivals = aggregateOf(
      await ask("Which competitor gets the most likes per video: Traveloka, Tuyền Lâm or Ninh Kiều?"),
    );
    expect(rivals.plan).toMatchObject({ intent: "breakdown", group_by: "topic", ignored: [] });
    expect(rivals.plan.compare_topics).toEqual(["traveloka", '"tuyen lam"', '"ninh kieu"']);
    expect(rivals.plan.understood).toContain(
      "competitors read as the accounts named, or posting on what is named (the corpus does not record who competes with whom)",
    );
    expect(aggregateOf(await ask("Who are Traveloka's competitors?")).plan).toMatchObject({
      intent: "decline",
    });
    const relayed = aggregateOf(await ask("From our revenue manager: how many Vung Tau videos are there?"));
    expect(relayed.plan).toMatchObject({ intent: "count", topics: ["vungtau"] });
    expect(relayed.result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS}`)
        .pluck()
        .get(idList(await searchIds("vungtau"))) as number,
    );
    expect(
      aggregateOf(
        await ask("Which accounts post about glamping, how often, and who has the best median views?"),
      ).plan,
    ).toMatchObject({ intent: "rank", subject: "creators", topics: ["glamping"] });
  });
});

describe("quotes inside a relayed question, what a verb of saying reaches, places listed with 'and' (stop 49)", () => {
  it("'exactly as she said it: \"top 3 videos mentioning 'view đồi' by likes, and which place each is in\"' finds the phrase, and no more words; 'Vung Tau and Da Nang videos' that never meet are either (SQL)", async () => {
    const relayed = aggregateOf(
      await ask(
        `Request from the manager, exactly as she said it: "Top 3 videos mentioning 'view đồi' by likes, and which place each one is in."`,
      ),
    );
    expect(relayed.plan).toMatchObject({ intent: "rank", metric: "likes", topics: ['"view doi"'] });
    const top = db
      .prepare(`SELECT id FROM ${IN_IDS} ORDER BY likes DESC, id DESC LIMIT 3`)
      .pluck()
      .all(idList(await searchIds('"view doi"'))) as string[];
    expect((relayed.result.ranking as string[]).slice(0, 3)).toEqual(top);
    const places = aggregateOf(await ask("How many Vung Tau and Da Nang videos are there?"));
    expect(places.plan.understood).toContain(
      'videos about any of "vungtau", "danang" (listed with "and": no video is about them all together)',
    );
    const [vungtau, danang] = [await searchIds("vungtau"), await searchIds("danang")];
    expect(places.result.count).toBe(new Set([...vungtau, ...danang]).size);
  });
});

describe("dates and claims as journalists write them (stop 49)", () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;
  const between = (from: number, to: number) =>
    db.prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?").pluck().get(from, to);
  it("'between Mon 3 March and Sun 9 March 2025', 'from the 1st to the 15th of April 2025', '1–20/2/2025', 'the 30/4 long weekend 2025 (30/4 to 4/5)', 'the summer holidays of 2025' are those days (SQL)", async () => {
    const cases: [string, number, number][] = [
      [
        "Between Mon 3 March and Sun 9 March 2025, how many videos were posted?",
        day(2025, 3, 3),
        day(2025, 3, 10),
      ],
      [
        "From the 1st to the 15th of April 2025, how many videos were posted?",
        day(2025, 4, 1),
        day(2025, 4, 16),
      ],
      ["How many videos were posted 1–20/2/2025?", day(2025, 2, 1), day(2025, 2, 21)],
      [
        "The 30/4 long weekend 2025 (30/4 to 4/5): how many videos were posted?",
        day(2025, 4, 30),
        day(2025, 5, 5),
      ],
      ["How many videos were posted in the summer holidays of 2025?", day(2025, 6, 1), day(2025, 9, 1)],
    ];
    for (const [question, from, to] of cases) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", topics: [], ignored: [] });
      expect(plan, question).not.toHaveProperty("group_by");
      expect(result.count, question).toBe(between(from, to));
    }
    expect(between(day(2025, 6, 1), day(2025, 9, 1))).toBeGreaterThan(0);
  });
  it("a claim quoted is read as words of the question, not a phrase to find; ', with dates and plays' names what to show; 'the three most-played new videos' ranks (SQL)", async () => {
    const said = await ask(
      'A travel blog claims "most dalat videos are ads". What share of dalat videos are ads?',
    );
    const claim = aggregateOf(said);
    expect(claim.plan).toMatchObject({ intent: "share", topics: ["dalat"] });
    const ids = await searchIds("dalat");
    const ads = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND label_ad = 1`)
      .pluck()
      .get(idList(ids)) as number;
    expect(said.summary).toContain(`${ads} of ${ids.length} videos about "dalat" are ads`);
    const shown = aggregateOf(await ask("Show three videos that mention glamping, with dates and plays."));
    expect(shown.plan).toMatchObject({ intent: "rank", topics: ["glamping"] });
    const ranked = aggregateOf(await ask("What were the three most-played new videos in July 2025?"));
    expect(ranked.plan).toMatchObject({ intent: "rank", metric: "plays" });
    const top = db
      .prepare(
        "SELECT id FROM videos WHERE created_at >= ? AND created_at < ? ORDER BY plays DESC, id DESC LIMIT 3",
      )
      .pluck()
      .all(day(2025, 7, 1), day(2025, 8, 1)) as string[];
    expect((ranked.result.ranking as string[]).slice(0, 3)).toEqual(top);
  });
});

describe("an ad strategist's words (stop 49)", () => {
  it("'paid vs organic', 'paid vs unpaid posts', 'paid creatives' are the ads and the others; 'earn the most saves', 'as a selling point', 'a house sound on most uploads' ask no earnings, sales or sound-on (SQL)", async () => {
    const sides = aggregateOf(await ask("Paid vs organic: how many of each, and what are the median plays?"));
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays" });
    const plays = (ad: number) =>
      median(db.prepare("SELECT plays FROM videos WHERE label_ad = ?").pluck().all(ad) as number[]);
    expect(groupValue(sides.result, "ads")).toBe(plays(1));
    expect(aggregateOf(await ask("Median likes on paid vs unpaid posts?")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "ad",
      metric: "likes",
    });
    expect(aggregateOf(await ask("Are paid creatives longer than organic ones?")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "ad",
    });
    expect(aggregateOf(await ask("Which sounds earn the most saves?")).plan).toMatchObject({
      intent: "rank",
      subject: "sounds",
      metric: "saves",
    });
    expect(aggregateOf(await ask('Which ads mention "view đồi" as a selling point?')).plan).toMatchObject({
      topics: ['"view doi"'],
      ignored: [],
    });
    expect(
      aggregateOf(await ask("Which accounts use one house sound on most of their uploads?")).plan.intent,
    ).not.toBe("decline");
  });
});

describe("what a holiday without a year, a capitalised place and a second 'what about' mean (stop 49)", () => {
  it("'around Christmas' with no year asks of every year; 'the run-up to Christmas' is no window of the holiday; 'CẦN THƠ', 'VNĐ' hold no region; 'mention glamping; what about homestay' compares both", async () => {
    const around = aggregateOf(await ask("How many videos were posted around Christmas?")).plan;
    expect(around.understood.some((u) => u.startsWith("window"))).toBe(false);
    const runUp = aggregateOf(
      await ask(
        "Weekly uploads from October to December 2024: was there a spike in the run-up to Christmas?",
      ),
    ).plan;
    expect(runUp.understood).toContain(
      'window October to December 2024 (from "from october to december 2024")',
    );
    const city = aggregateOf(await ask("How many videos about BẾN NINH KIỀU, CẦN THƠ are there?")).plan;
    expect(city.filters).toEqual([]);
    // ("VNĐ", the currency, is no region VN.)
    const price = aggregateOf(await ask("How many glamping videos give a price in VNĐ?")).plan;
    expect(price.understood.some((u) => u.startsWith("region"))).toBe(false);
    const again = aggregateOf(
      await ask(
        "How many videos mention glamping; what about homestay; and which gets more likes per video?",
      ),
    ).plan;
    expect(again).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "likes" });
    expect(again.compare_topics).toEqual(["glamping", "homestay"]);
  });
});

describe("topics written with a suffix, and a search set against a place (stop 49)", () => {
  it("'resort-related videos', 'Dalat-tagged videos vs Vungtau-tagged videos', 'the Da Lat search versus Vung Tau' read their topics (SQL)", async () => {
    const related = aggregateOf(await ask("Which month of 2025 had the most resort-related videos?")).plan;
    expect(related).toMatchObject({ intent: "breakdown", group_by: "month", topics: ["resort"] });
    const tagged = aggregateOf(await ask("Dalat-tagged videos vs Vungtau-tagged videos: median likes")).plan;
    expect(tagged).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "likes" });
    expect(tagged.compare_topics).toEqual(["dalat", "vungtau"]);
    const searched = aggregateOf(await ask("Median likes for the Da Lat search versus Vung Tau?"));
    expect(searched.plan).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "likes" });
    const likes = async (tag: string) =>
      median(
        db
          .prepare(`SELECT likes FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(tag))) as number[],
      );
    expect(groupValue(searched.result, "dalat")).toBe(await likes("dalat"));
    expect(groupValue(searched.result, "vungtau")).toBe(await likes("vungtau"));
  });
});

describe("the export's field names in table phrasing (stop 49)", () => {
  it("'rows where playCount > diggCount: n' counts; 'isAd=true rows: id, playCount ORDER BY playCount desc' ranks the ads by plays (SQL)", async () => {
    const counted = await ask("rows where playCount > diggCount: n");
    expect(aggregateOf(counted).plan).toMatchObject({ intent: "count" });
    expect(aggregateOf(counted).result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE plays > likes").pluck().get() as number,
    );
    const ordered = aggregateOf(await ask("isAd=true rows: id, playCount ORDER BY playCount desc"));
    expect(ordered.plan).toMatchObject({ intent: "rank", subject: "videos", metric: "plays" });
    const top = db
      .prepare("SELECT id FROM videos WHERE label_ad = 1 ORDER BY plays DESC, id DESC")
      .pluck()
      .all() as string[];
    expect(ordered.result.ranking as string[]).toEqual(
      top.slice(0, (ordered.result.ranking as string[]).length),
    );
  });
});

describe("who uses a sound named, and 'accs' (stop 49)", () => {
  it("'is \"nhạc nền - Stay\" used by one account or spread across accounts?' ranks the accounts by their videos with it; 'accs' are accounts (SQL)", async () => {
    const users = aggregateOf(
      await ask('Is "nhạc nền - Stay" used by one account or spread across accounts?'),
    );
    expect(users.plan).toMatchObject({ intent: "rank", subject: "creators", metric: "videos" });
    const top = db
      .prepare(
        "SELECT count(*) FROM videos WHERE music_id = '7100000000000000001' GROUP BY author_uid ORDER BY 1 DESC LIMIT 1",
      )
      .pluck()
      .get() as number;
    expect(groupValue(users.result, (users.result.ranking as string[])[0] as string)).toBe(top);
    expect(aggregateOf(await ask("which accs post the most vids?")).plan.understood).toContain(
      'read "accs" as "accounts"',
    );
    // ("Sort by likes instead", with no earlier question, is still a follow-up: "sort by" ranks only what is named.)
    expect(aggregateOf(await ask("sort by likes instead")).plan).toMatchObject({
      intent: "decline",
      follow_up_without_context: true,
    });
  });
});

describe("a share asked of each group with nothing named to share (stop 49)", () => {
  it("'share of uploads by month in 2025' is each month's part of the videos (SQL)", async () => {
    const answer = await ask("Share of uploads by month in 2025?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "month" });
    expect(plan.understood).toContain("each group's share of the videos");
    const months = db
      .prepare(
        "SELECT strftime('%Y-%m', created_at, 'unixepoch') AS m, count(*) AS n FROM videos WHERE created_at >= ? AND created_at < ? GROUP BY m",
      )
      .all(Date.UTC(2025, 0, 1) / 1000, Date.UTC(2026, 0, 1) / 1000) as { m: string; n: number }[];
    const total = months.reduce((sum, x) => sum + x.n, 0);
    for (const { m, n } of months) expect(groupValue(result, m), m).toBe(n);
    const top = months.reduce((a, b) => (b.n > a.n ? b : a));
    expect(answer.summary).toContain(`${Math.round((top.n / total) * 10000) / 100} %`);
  });
});

describe("phone-typed and Vietnamese phrasings from the last batch (stop 49)", () => {
  it("'… is it like 200' counts, no likes; 'Đà Lạt hay Vũng Tàu được lưu nhiều hơn?' compares saves; 'video quảng cáo với video không quảng cáo' is ads and organic; 'nhạc nền hot nhất' ranks sounds", async () => {
    const count = aggregateOf(await ask("dalat how many vids lol is it like 200")).plan;
    expect(count).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(count).not.toHaveProperty("metric", "likes");
    const saves = aggregateOf(await ask("Đà Lạt hay Vũng Tàu được lưu nhiều hơn?")).plan;
    expect(saves).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "saves" });
    expect(saves.compare_topics).toEqual(["dalat", "vungtau"]);
    expect(
      aggregateOf(await ask("so sánh lượt lưu của video quảng cáo với video không quảng cáo")).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "saves" });
    expect(aggregateOf(await ask("top 3 nhạc nền hot nhất tháng 7/2025")).plan).toMatchObject({
      intent: "rank",
      subject: "sounds",
    });
  });
});

describe("one count over another: 'saves per like', 'the comments-to-likes ratio' (stop 50)", () => {
  const ratioSql = (count: string, per: string) =>
    `CASE WHEN ${per} = 0 THEN 0.0 ELSE ${count} * 1.0 / ${per} END`;

  it("ranks videos by saves per like among those with the median plays or more, and says how it divides (SQL)", async () => {
    const answer = await ask("Which 5 videos have the highest saves-to-likes ratio?");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", metric: "saves_per_like" });
    expect(plan.understood).toContain("metric saves per like (saves ÷ likes)");
    const rows = db.prepare(`SELECT id, plays, ${ratioSql("saves", "likes")} AS r FROM videos`).all() as {
      id: string;
      plays: number;
      r: number;
    }[];
    const floor = median(rows.map((r) => r.plays));
    const expected = rows
      .filter((r) => r.plays > 0 && r.plays >= floor)
      .sort((a, b) => b.r - a.r || b.id.localeCompare(a.id))
      .slice(0, 5)
      .map((r) => r.id);
    expect(result.ranking).toEqual(expected);
    expect(answer.caveats.join(" ")).toContain("Saves per like per video: saves ÷ likes.");
  });

  it("'comments per like, ads vs organic' pools each side's comments over its likes; 'shares per 100 likes of resort videos' is measured (SQL)", async () => {
    const sides = aggregateOf(await ask("Comments per like: ads vs organic?"));
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "comments_per_like" });
    const pooled = db
      .prepare("SELECT label_ad, sum(comments) * 1.0 / sum(likes) AS r FROM videos GROUP BY label_ad")
      .all() as { label_ad: number; r: number }[];
    for (const { label_ad, r } of pooled)
      expect(groupValue(sides.result, label_ad === 1 ? "ads" : "organic")).toBeCloseTo(r, 4);
    const measured = await ask("What are the shares per 100 likes of resort videos?");
    expect(aggregateOf(measured).plan).toMatchObject({ intent: "measure", metric: "shares_per_like" });
    const ids = await searchIds("resort");
    const [shares, likes] = db
      .prepare(`SELECT sum(shares), sum(likes) FROM ${IN_IDS}`)
      .raw()
      .get(idList(ids)) as [number, number];
    expect(aggregateOf(measured).result.pooled).toBeCloseTo(shares / likes, 4);
    expect(measured.caveats.join(" ")).toContain("pooled over the videos (each weighs by its likes)");
  });

  it("a ratio with the same count twice, or of counts to followers, is not read as one", async () => {
    expect(aggregateOf(await ask("Which videos have the most likes per like?")).plan.metric).not.toMatch(
      /_per_/,
    );
    expect(aggregateOf(await ask("Which videos have the most likes per follower?")).plan.intent).toBe(
      "decline",
    );
  });
});

describe("hashtags listed after a measure's 'for' (stop 50)", () => {
  it("'comments-to-likes ratio for #dalat, #vungtau and #danang' gives each hashtag's; 'compare the median views of #a, #b and #c' compares all three", async () => {
    for (const [question, metric] of [
      ["Comments-to-likes ratio for #dalat, #vungtau and #danang", "comments_per_like"],
      ["Compare the median views of #dalat, #vungtau and #danang.", "plays"],
    ] as const) {
      const { plan } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "topic", metric, topics: [] });
      expect(plan.compare_topics, question).toEqual(["dalat", "vungtau", "danang"]);
    }
    const { result } = aggregateOf(await ask("Comments-to-likes ratio for #dalat, #vungtau and #danang"));
    for (const tag of ["dalat", "vungtau", "danang"]) {
      const [comments, likes] = db
        .prepare(`SELECT sum(comments), sum(likes) FROM ${IN_IDS}`)
        .raw()
        .get(idList(await searchIds(tag))) as [number, number];
      expect(groupValue(result, tag), tag).toBeCloseTo(comments / likes, 4);
    }
    // (Hashtags listed with no measure are still the videos carrying them all.)
    expect(
      aggregateOf(await ask("Which videos are tagged #dalat, #homestay and #review?")).plan,
    ).toMatchObject({
      intent: "rank",
      topics: ["dalat", "homestay", "review"],
    });
  });
});

describe("Vietnamese typed without accents (stop 50)", () => {
  it("reads as the same question with its accents: the ranking, the count and the bound 'it nhat 3 video' (SQL)", async () => {
    const plain = aggregateOf(await ask("video nao co nhieu luot xem nhat o da lat")).plan;
    const accented = aggregateOf(await ask("Video nào có nhiều lượt xem nhất ở Đà Lạt")).plan;
    expect(plain).toMatchObject({ intent: "rank", subject: "videos", metric: "plays", topics: ["dalat"] });
    for (const key of ["intent", "subject", "metric", "topics", "filters"] as const)
      expect(plain[key], key).toEqual(accented[key]);
    expect(plain.understood).toContain(
      'read "video nao co nhieu luot xem nhat o da lat" as "which video most views in da lat"',
    );
    const count = aggregateOf(await ask("thang 3/2025 co bao nhieu video ve da lat"));
    expect(count.plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    const march = db
      .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= ? AND created_at < ?`)
      .pluck()
      .get({ ...idList(await searchIds("dalat")) }, Date.UTC(2025, 2, 1) / 1000, Date.UTC(2025, 3, 1) / 1000);
    expect(count.result.count).toBe(march);
    // "Ít nhất 3 video": at least three videos each, not the fewest.
    const bound = aggregateOf(
      await ask("account nao co engagement rate cao nhat o da lat, it nhat 3 video"),
    ).plan;
    expect(bound).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "engagement",
      topics: ["dalat"],
    });
    expect(bound.understood.join(" ")).toMatch(/at least 3 of the videos/);
    // One unmistakable phrase is enough: "bao nhieu" (how many).
    expect(aggregateOf(await ask("#dalat co tat ca bao nhieu video")).plan).toMatchObject({
      intent: "count",
      topics: ["dalat"],
    });
  });

  it("English questions naming places written without accents are left as written", async () => {
    for (const question of [
      "Which videos mention Da Nang or Ha Long?",
      "How many videos about Vung Tau were posted in 2025?",
      "Top hotels in Ho Chi Minh city by views",
    ]) {
      const { plan } = aggregateOf(await ask(question));
      expect(
        plan.understood.some((u) => u.startsWith(`read "${question}"`)),
        question,
      ).toBe(false);
    }
  });
});

describe("two spans of months named without a year, set side by side (stop 50)", () => {
  it("'compare November–February with June–August' is the latest June–August begun by the newest video and the winter before it (SQL)", async () => {
    const newest = db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number;
    const y = new Date(newest * 1000).getUTCFullYear();
    const summer = Date.UTC(y, 5, 1) / 1000 <= newest ? y : y - 1;
    const count = (from: number, to: number) =>
      db
        .prepare("SELECT count(*) FROM videos WHERE created_at >= ? AND created_at < ?")
        .pluck()
        .get(from, to) as number;
    for (const question of [
      "How many videos: November–February vs June–August?",
      "Compare the number of videos in November–February with June–August.",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "period", metric: "videos" });
      const winter = `November ${summer - 1} to February ${summer}`;
      const months = `June to August ${summer}`;
      expect(result.ranking, question).toEqual(expect.arrayContaining([winter, months]));
      expect(groupValue(result, winter)).toBe(
        count(Date.UTC(summer - 1, 10, 1) / 1000, Date.UTC(summer, 2, 1) / 1000),
      );
      expect(groupValue(result, months)).toBe(
        count(Date.UTC(summer, 5, 1) / 1000, Date.UTC(summer, 8, 1) / 1000),
      );
    }
    // A question declined says the months as they would have been placed, not in a placeholder year.
    const declined = await ask("What prices did videos quote from November to February?");
    expect(aggregateOf(declined).plan.intent).toBe("decline");
    expect(declined.summary).not.toMatch(/219\d/);
  });
});

describe("'earn' after a count or rate, and '(budget)' glossing a search (stop 50)", () => {
  it("'for every 1,000 plays, how many shares do ads earn compared with organic ones?' is the share rate of each; '(budget)' asks about no spend (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask(
        "For every 1,000 plays, how many shares do ad-flagged videos earn compared with organic ones?",
      ),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "share_rate" });
    const rates = db
      .prepare("SELECT label_ad, sum(shares) * 1.0 / sum(plays) AS r FROM videos GROUP BY label_ad")
      .all() as { label_ad: number; r: number }[];
    for (const { label_ad, r } of rates)
      expect(groupValue(result, label_ad === 1 ? "ads" : "organic")).toBeCloseTo(r, 4);
    expect(
      aggregateOf(await ask("In the resort (budget) search, which videos get the most views?")).plan,
    ).toMatchObject({ intent: "rank", metric: "plays", topics: ["resort"] });
    // (Earnings themselves are still not recorded.)
    expect(aggregateOf(await ask("How much did resorts earn from TikTok?")).plan.intent).toBe("decline");
  });
});

describe("sounds listed with 'and' (stop 50)", () => {
  it("'list the videos using songs by DJ and Stay' is either one's sounds (a video uses one sound); 'music: \"Lofi chill\"' names the sound once (SQL)", async () => {
    const listed = aggregateOf(await ask("List the top videos using songs by DJ and Stay"));
    expect(listed.plan).toMatchObject({ intent: "rank", subject: "videos" });
    expect(listed.plan.understood).toContain("the sounds of any of them (a video uses one sound): DJ, Stay");
    const top = db
      .prepare(
        "SELECT id FROM videos WHERE music_id IN ('7100000000000000001', '7100000000000000002') ORDER BY plays DESC, id DESC LIMIT 5",
      )
      .pluck()
      .all() as string[];
    expect(listed.result.ranking).toEqual(top);
    // (Counted, each sound is a group of its own, as before.)
    expect(aggregateOf(await ask("How many videos use songs by DJ and Stay?")).plan).toMatchObject({
      intent: "breakdown",
      group_by: "sound_use",
    });
    const once = aggregateOf(await ask('Chill music: "Lofi chill" (DJ). How many videos use it?')).plan;
    expect(once.filters).toEqual(["sound=7100000000000000002"]);
  });
});

describe("where the words are said, and a word naming the examples in brackets (stop 50)", () => {
  it("'in the voiceover', 'in the script' name where to look, not words to find; 'promotions (sale, combo)' finds the examples (SQL)", async () => {
    for (const question of [
      'Which videos say "resort" in the voiceover?',
      'Which videos mention "resort" in the script?',
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "rank", topics: ["resort"] });
      const top = db
        .prepare(`SELECT id FROM ${IN_IDS} ORDER BY plays DESC, id DESC LIMIT 5`)
        .pluck()
        .all(idList(await searchIds("resort"))) as string[];
      expect(result.ranking, question).toEqual(top);
    }
    const { plan, result } = aggregateOf(await ask("How many videos mention lodging (homestay, resort)?"));
    expect(plan).toMatchObject({ intent: "count", topics: [] });
    expect(plan.understood).toContain(
      '"lodging" read as what the examples in brackets are, not as words to find',
    );
    const either = new Set([...(await searchIds("homestay")), ...(await searchIds("resort"))]);
    expect(result.count).toBe(either.size);
  });
});

describe("an agent's relayed and SQL-shaped requests (stop 50)", () => {
  it("'Relay from the user: \"…\"' reads the quote; \"createTimeISO >= '2025-01-01'\" is a date; '; fields id, authorMeta/name, …' lists videos (SQL)", async () => {
    for (const question of [
      'Relay from the user: "Which 3 resort videos have the most likes?" Return id and likes only.',
      'Relaying: "Which 3 resort videos have the most likes?"',
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({
        intent: "rank",
        subject: "videos",
        metric: "likes",
        topics: ["resort"],
      });
      const top = db
        .prepare(`SELECT id FROM ${IN_IDS} ORDER BY likes DESC, id DESC LIMIT 3`)
        .pluck()
        .all(idList(await searchIds("resort"))) as string[];
      expect(result.ranking, question).toEqual(top);
    }
    const since = Date.UTC(2025, 0, 1) / 1000;
    const { plan, result } = aggregateOf(
      await ask(
        "top 5 rows by likes where createTimeISO >= '2025-01-01'; fields id, authorMeta/name, diggCount, playCount",
      ),
    );
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", metric: "likes", topics: [] });
    expect(result.ranking).toEqual(
      db
        .prepare("SELECT id FROM videos WHERE created_at >= ? ORDER BY likes DESC, id DESC LIMIT 5")
        .pluck()
        .all(since),
    );
  });
});

describe("an account manager typing fast (stop 50)", () => {
  it("'engmt', 'commnets', 'vid counts', 'mom views … jan→apr', a place in lower case opening the question, and an emoji between clauses (SQL)", async () => {
    expect(aggregateOf(await ask("whats the avg engmt rate for resort vids")).plan).toMatchObject({
      intent: "measure",
      metric: "engagement",
      topics: ["resort"],
    });
    expect(aggregateOf(await ask("resort top 5 by commnets")).plan).toMatchObject({
      intent: "rank",
      metric: "comments",
    });
    const counts = aggregateOf(await ask("2024 vs 2025 vid counts")).plan;
    expect(counts).toMatchObject({ intent: "breakdown", group_by: "period", metric: "videos" });
    const monthly = aggregateOf(await ask("mom views for resort vids jan→apr 2025")).plan;
    expect(monthly).toMatchObject({ intent: "breakdown", group_by: "month", metric: "plays" });
    expect(monthly.understood).toContain('window January to April 2025 (from "jan to apr 2025")');
    // "can tho top 5 accts": the place, though "can" is also a word that asks.
    const place = aggregateOf(await ask("can tho top 5 accts by total views"));
    expect(place.plan).toMatchObject({ intent: "rank", subject: "creators", topics: ["cantho"] });
    // An emoji between two clauses is the question's tone, not a caption to find.
    const tone = aggregateOf(await ask("resort vids how many 👀 someone said 20??"));
    expect(tone.plan.filters).toEqual([]);
    expect(tone.result.count).toBe((await searchIds("resort")).length);
  });

  it("'top 5 not 10' and 'median not avg' with nothing named are follow-ups, declined without context", async () => {
    for (const question of ["wait top 5 not 10 pls, and only 2025 ones", "ok now median not avg pls"])
      expect(aggregateOf(await ask(question)).plan, question).toMatchObject({
        intent: "decline",
        follow_up_without_context: true,
      });
    expect(aggregateOf(await ask("top 5 resort videos, median not average views")).plan.intent).not.toBe(
      "decline",
    );
  });
});

describe("ratios as a finance lead words them (stop 50)", () => {
  it("'for every 100 likes, how many saves', 'the ratio of total saves to total shares', 'likes-per-play' (SQL)", async () => {
    const [saves, likes, shares, plays] = db
      .prepare("SELECT sum(saves), sum(likes), sum(shares), sum(plays) FROM videos")
      .raw()
      .get() as [number, number, number, number];
    const perLike = aggregateOf(
      await ask("Across all videos, for every 100 likes how many saves do we get?"),
    );
    expect(perLike.plan).toMatchObject({ intent: "measure", metric: "saves_per_like" });
    expect(perLike.result.pooled).toBeCloseTo(saves / likes, 4);
    const perShare = aggregateOf(
      await ask("What is the ratio of total saves to total shares across all videos?"),
    );
    expect(perShare.plan).toMatchObject({ intent: "measure", metric: "saves_per_share" });
    expect(perShare.result.pooled).toBeCloseTo(saves / shares, 4);
    const rate = aggregateOf(await ask("What is the average likes-per-play of all videos?"));
    expect(rate.plan).toMatchObject({ intent: "measure", metric: "like_rate" });
    expect(rate.result.pooled).toBeCloseTo(likes / plays, 4);
  });
});

describe("one account and a measure, nothing else asked (stop 50)", () => {
  it("'@stay2 engmt' is that account's engagement rate; 'last 6 mo' is six months (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("@stay2 engmt"));
    expect(plan).toMatchObject({ intent: "measure", metric: "engagement" });
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    const [interactions, plays] = db
      .prepare("SELECT sum(likes + comments + shares + saves), sum(plays) FROM videos WHERE author_uid = ?")
      .raw()
      .get(uid) as [number, number];
    expect(result.pooled).toBeCloseTo(interactions / plays, 4);
    expect(aggregateOf(await ask("@stay2 engmt last 6 mo")).plan).toMatchObject({
      intent: "measure",
      window_days: 180,
    });
  });
});

describe("the share of the videos themselves the leading accounts hold, and a rate defined in brackets (stop 50)", () => {
  it("'what share of all videos do the top 3 creators account for?' counts each creator's videos (SQL)", async () => {
    const answer = await ask("What share of all videos do the top 3 creators account for?");
    const { plan } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "measure", metric: "videos" });
    expect(plan.understood).toContain("concentration: the share of the videos held by the top 3 creators");
    const counts = db
      .prepare("SELECT count(*) FROM videos GROUP BY author_uid ORDER BY 1 DESC")
      .pluck()
      .all() as number[];
    const total = counts.reduce((a, b) => a + b, 0);
    const top = (counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0);
    expect(answer.summary).toContain(
      `hold ${Math.round((top / total) * 10000) / 100} % of the videos: ${top} of ${total}.`,
    );
  });

  it("'the engagement rate (likes, comments, shares and saves divided by plays)' is the engagement rate, not the save rate", async () => {
    const { plan } = aggregateOf(
      await ask(
        "Compare the engagement rate (likes, comments, shares and saves divided by plays) of ads with organic videos.",
      ),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "engagement" });
  });
});

describe("names listed after a colon, and a name repeated with two places (stop 50)", () => {
  it("'place roster: Da Lat, Vung Tau, Da Nang. Count + median views each.' gives each one's (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Place roster: Da Lat, Vung Tau, Da Nang. Count + median views each."),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", topics: [] });
    expect(plan.compare_topics).toEqual(["dalat", "vungtau", "danang"]);
    expect(plan.understood).toContain("the names listed after the colon, each one's videos");
    for (const place of ["dalat", "vungtau", "danang"]) {
      const plays = db
        .prepare(`SELECT plays FROM ${IN_IDS} ORDER BY plays`)
        .pluck()
        .all(idList(await searchIds(place))) as number[];
      expect(groupValue(result, place), place).toBe(median(plays));
    }
  });

  it("'resort Da Lat vs resort Vung Tau' compares the two places, the name applying to both", async () => {
    const { plan } = aggregateOf(await ask("Resort Da Lat vs resort Vung Tau: which gets more views?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", topics: ["resort"] });
    expect(plan.compare_topics).toEqual(["dalat", "vungtau"]);
  });
});

describe("a performance marketer's benchmarks (stop 50)", () => {
  it("'clear 100k plays' is over 100k; 'Da Lat's median' is Da Lat; 'I keep hearing' respells nothing; '\"typical\"' is no text to find (SQL)", async () => {
    const cleared = aggregateOf(await ask("How many resort videos clear 20k plays?"));
    expect(cleared.plan).toMatchObject({ intent: "count", topics: ["resort"], filters: ["plays>20000"] });
    expect(cleared.result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND plays > 20000`)
        .pluck()
        .get(idList(await searchIds("resort"))),
    );
    expect(aggregateOf(await ask("Is Da Lat's median above 10k plays?")).plan.topics).toEqual(["dalat"]);
    const heard = aggregateOf(
      await ask("I keep hearing the typical resort video does about 20k plays. Is that the median?"),
    );
    expect(heard.plan).toMatchObject({ intent: "measure", metric: "plays", topics: ["resort"] });
    const typical = aggregateOf(await ask('What\'s "typical" for a resort video? Median likes please.'));
    expect(typical.plan).toMatchObject({ intent: "measure", metric: "likes", topics: ["resort"] });
  });
});

describe("a date without a year, placed by the videos named (stop 50)", () => {
  it("'how many Can Tho videos were posted in <month>?' takes the latest such month up to their newest video, not the corpus's (SQL)", async () => {
    const ids = await searchIds("cantho");
    const last = db.prepare(`SELECT max(created_at) FROM ${IN_IDS}`).pluck().get(idList(ids)) as number;
    // Two months after the newest Can Tho video: last year's, for the corpus's newest is later.
    const at = new Date(last * 1000);
    const m = (at.getUTCMonth() + 2) % 12;
    const y =
      Date.UTC(at.getUTCFullYear(), m, 1) / 1000 > last ? at.getUTCFullYear() - 1 : at.getUTCFullYear();
    const newest = db.prepare("SELECT max(created_at) FROM videos").pluck().get() as number;
    expect(Date.UTC(y + 1, m, 1) / 1000).toBeLessThanOrEqual(newest);
    const answer = await ask(`How many Can Tho videos were posted in ${MONTH_NAMES[m]}?`);
    expect(answer.caveats.join(" ")).toContain(
      `read as ${MONTH_NAMES[m]} ${y}, the latest such dates up to the newest of the videos named`,
    );
    expect(aggregateOf(answer).result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= @from AND created_at < @to`)
        .pluck()
        .get({ ...idList(ids), from: Date.UTC(y, m, 1) / 1000, to: Date.UTC(y, m + 1, 1) / 1000 }),
    );
  });
});

describe("'trending' in a calendar period named (stop 50)", () => {
  it("'in <month year>, which trending resort videos got the most views?' ranks that month's videos, the trending order being of now (SQL)", async () => {
    const ids = await searchIds("resort");
    const last = db.prepare(`SELECT max(created_at) FROM ${IN_IDS}`).pluck().get(idList(ids)) as number;
    const at = new Date(last * 1000);
    const [y, m] = [at.getUTCFullYear(), at.getUTCMonth()];
    const { plan, result } = aggregateOf(
      await ask(`In ${MONTH_NAMES[m]} ${y}, which trending resort videos got the most views?`),
    );
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", topics: ["resort"] });
    const top = db
      .prepare(
        `SELECT id FROM ${IN_IDS} AND created_at >= @from AND created_at < @to ORDER BY plays DESC, id DESC LIMIT 5`,
      )
      .pluck()
      .all({ ...idList(ids), from: Date.UTC(y, m, 1) / 1000, to: Date.UTC(y, m + 1, 1) / 1000 });
    expect(result.ranking).toEqual(top);
    // ("What's trending in resort videos right now?" is still the trending order.)
    expect(aggregateOf(await ask("What's trending in resort videos right now?")).plan.intent).toBe(
      "trending",
    );
  });
});

describe("a breakdown by time asked of places side by side (stop 50)", () => {
  it("'day-of-week upload pattern for Da Lat vs Vung Tau' is each place's own breakdown (as asked of it alone)", async () => {
    const { plan, result } = aggregateOf(await ask("Day-of-week upload pattern for Da Lat vs Vung Tau."));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      within_each: "topic",
      topics: [],
    });
    expect(plan.compare_topics).toEqual(["dalat", "vungtau"]);
    const groups = result.groups as { group: string; ranking: string[]; values: number[] }[];
    for (const place of ["dalat", "vungtau"]) {
      const alone = aggregateOf(await ask(`Day-of-week upload pattern for ${place} videos.`));
      expect(alone.plan).toMatchObject({ group_by: "weekday", topics: [place] });
      const mine = groups.find((g) => g.group === `"${place}"`);
      expect(mine?.ranking, place).toEqual(alone.result.ranking);
      expect(mine?.values, place).toEqual(alone.result.values);
    }
  });
});

describe("two parts of the day set side by side (stop 50)", () => {
  it("'do afternoon or evening posts get more views?' and 'what time of day are … posted, morning or night?' compare the parts named (SQL)", async () => {
    // (Every video of this corpus went up at the same time of day, in the afternoon.)
    const hourOf = "CAST(strftime('%H', created_at, 'unixepoch') AS INTEGER)";
    const afternoon = db
      .prepare(`SELECT plays FROM videos WHERE ${hourOf} >= 12 AND ${hourOf} < 18`)
      .pluck()
      .all() as number[];
    expect(afternoon.length).toBeGreaterThan(0);
    const { plan, result } = aggregateOf(await ask("Do afternoon or evening posts get more views?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(plan.understood).toContain(
      'groups: published 12:00-18:00 UTC (afternoon), 18:00-24:00 UTC (evening) (from "afternoon", "evening posts")',
    );
    expect(groupValue(result, "12:00-18:00 UTC (afternoon)")).toBe(median(afternoon));
    const parts = aggregateOf(
      await ask("What time of day are resort videos usually posted, morning or night?"),
    ).plan;
    expect(parts).toMatchObject({ intent: "breakdown", group_by: "bounds", topics: ["resort"], filters: [] });
    expect(parts.understood.join(" ")).toContain("(morning), 00:00-06:00 UTC (night)");
  });
});

describe("an account's trending videos (stop 50)", () => {
  it("'@stay2 has three trending videos: which sound came out on top?' ranks the sounds of its videos, no trending order or report", async () => {
    const { plan } = aggregateOf(await ask("@stay2 has three trending videos: which sound came out on top?"));
    expect(plan).toMatchObject({ intent: "rank", subject: "sounds" });
    expect(plan.understood.some((u) => u.startsWith("creator @stay2"))).toBe(true);
    // ("Which sounds are trending among resort videos?" is still the trend reports.)
    expect(aggregateOf(await ask("Which sounds are trending among resort videos?")).plan.intent).toBe(
      "trend_report",
    );
  });
});

describe("a small hotel owner's plain questions (stop 50)", () => {
  it("'how long should my videos be? …' is advice from the videos named; 'only travel please, not the resort channels' leaves #resort out (SQL)", async () => {
    const advice = aggregateOf(
      await ask("How long should my videos be? How long are the best Da Lat videos?"),
    ).plan;
    expect(advice).toMatchObject({ intent: "breakdown", group_by: "length", topics: ["dalat"] });
    expect(aggregateOf(await ask("Which of my videos did best?")).plan.intent).toBe("decline");
    const { plan, result } = aggregateOf(
      await ask(
        "Which hashtags do the travel accounts use most? Only travel please, not the resort channels.",
      ),
    );
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
      topics: ["travel"],
      filters: ["not_q=resort"],
    });
    const travelIds = new Set(await searchIds("travel"));
    const resortIds = new Set(await searchIds("resort"));
    const kept = [...travelIds].filter((id) => !resortIds.has(id));
    expect((result.ranking as string[]).length).toBeGreaterThan(0);
    const tags = new Map<string, number>();
    for (const h of db.prepare(`SELECT hashtags FROM ${IN_IDS}`).pluck().all(idList(kept)) as string[])
      for (const t of new Set(h.split(" ").filter(Boolean))) tags.set(t, (tags.get(t) ?? 0) + 1);
    // (Each tag ranked counts only the travel videos not about resort.)
    for (const tag of result.ranking as string[]) expect(groupValue(result, tag), tag).toBe(tags.get(tag));
  });
});

describe("a name of two words listed after a colon (stop 50)", () => {
  it("'place roster: Da Lat Resort, Vung Tau, Da Nang' lists three places, 'Resort' a word of the first name", async () => {
    const { plan } = aggregateOf(
      await ask("Place roster: Da Lat Resort, Vung Tau, Da Nang. Count + median views each."),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", topics: [] });
    expect(plan.compare_topics).toEqual(["dalat", "vungtau", "danang"]);
  });
});

describe("a ratio asked in Vietnamese (stop 50)", () => {
  it("'so sanh ti le binh luan / chia se giua da lat va vung tau' compares comments per share of the two places (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("so sanh ti le binh luan / chia se giua da lat va vung tau"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "comments_per_share" });
    for (const place of ["dalat", "vungtau"]) {
      const [comments, shares] = db
        .prepare(`SELECT sum(comments), sum(shares) FROM ${IN_IDS}`)
        .raw()
        .get(idList(await searchIds(place))) as [number, number];
      expect(groupValue(result, place), place).toBeCloseTo(comments / shares, 4);
    }
  });
});

describe("ratios written as SQL or with 'trên' (stop 50)", () => {
  it("'sum(collectCount)/sum(diggCount) of resort videos' and 'tỷ lệ bình luận trên chia sẻ của video quảng cáo so với video thường' (SQL)", async () => {
    const sql = aggregateOf(await ask("what is sum(collectCount)/sum(diggCount) of resort videos?"));
    expect(sql.plan).toMatchObject({ intent: "measure", metric: "saves_per_like", topics: ["resort"] });
    const [saves, likes] = db
      .prepare(`SELECT sum(saves), sum(likes) FROM ${IN_IDS}`)
      .raw()
      .get(idList(await searchIds("resort"))) as [number, number];
    expect(sql.result.pooled).toBeCloseTo(saves / likes, 4);
    const vi = aggregateOf(
      await ask("Tỷ lệ bình luận trên chia sẻ của video quảng cáo so với video thường chênh nhau bao nhiêu?"),
    );
    expect(vi.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "comments_per_share" });
  });
});

describe("a span of months in Vietnamese (stop 50)", () => {
  it("'từ tháng 1 đến tháng 5 năm 2025' and 'tu thang 1 den thang 5 nam 2025' are January to May 2025", async () => {
    for (const question of [
      "Từ tháng 1 đến tháng 5 năm 2025 có bao nhiêu video về Đà Lạt?",
      "tu thang 1 den thang 5 nam 2025 co bao nhieu video ve da lat",
    ]) {
      const { plan } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", topics: ["dalat"] });
      expect(plan.understood, question).toContain(
        'window January to May 2025 (from "from 1/2025 to 5/2025")',
      );
    }
  });
});

describe("an account and a bound, nothing else asked (stop 50)", () => {
  it("'@stay2 has a few trending videos and none of them topped 20,000 plays. Accurate?' counts its videos past the bound (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("@stay2 has a few trending videos and none of them topped 20,000 plays. Accurate?"),
    );
    expect(plan).toMatchObject({ intent: "count", filters: ["plays>20000"] });
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay2'").pluck().get() as string;
    expect(result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE author_uid = ? AND plays > 20000").pluck().get(uid),
    );
  });
});

describe("a hashtag written with '#' that few videos carry (stop 51)", () => {
  it("'#checkin' (on 3 videos' hashtags) is the topic, and a '#' word found only in captions is text to find (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("How many #checkin videos are there?"));
    expect(plan).toMatchObject({ intent: "count", topics: ["checkin"] });
    // (The search also finds the tag spelled apart, "check-in", as a topic does.)
    expect(result.count).toBe((await searchIds("checkin")).length);
    expect(
      db.prepare("SELECT count(*) FROM videos WHERE ' ' || hashtags || ' ' LIKE '% checkin %'").pluck().get(),
    ).toBe(3);
    // ("#sponsored", which no video's text has: the platform's label, as "sponsored" is.)
    const label = aggregateOf(await ask("How many #sponsored videos are there?"));
    expect(label.plan).toMatchObject({ intent: "count", filters: ["ad=yes"], topics: [] });
    const caption = aggregateOf(await ask("How many #Góc videos are there?"));
    expect(caption.plan).toMatchObject({ intent: "count", topics: ["goc"] });
    expect(caption.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE caption LIKE '%Góc%'").pluck().get(),
    );
  });
});

describe("tiers of creators by followers, side by side (stop 51)", () => {
  /** The plays of the videos whose creator's recorded followers pass `where` (SQL over creators). */
  const playsWhere = (where: string) =>
    db
      .prepare(
        `SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers IS NOT NULL AND ${where}`,
      )
      .pluck()
      .all() as number[];
  const creatorsWhere = (where: string) =>
    db
      .prepare(
        `SELECT count(DISTINCT c.uid) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers IS NOT NULL AND ${where}`,
      )
      .pluck()
      .get() as number;

  it("'median plays by follower tier' compares every tier; the tiers with no creators are said to be empty (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("Median plays by follower tier?"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(plan.understood).toContain(
      'groups: the videos of creators by tier of followers: under 1,000 followers, nano (between 1,000 and 9,999 followers), micro (between 10,000 and 99,999 followers), macro (between 100,000 and 999,999 followers), mega (at least 1,000,000 followers) (from "by follower tier")',
    );
    // Every creator of the corpus has 1,000 to 9,000 followers: all are nano.
    expect(groupValue(result, "nano (between 1,000 and 9,999 followers)")).toBe(
      median(playsWhere("c.followers BETWEEN 1000 AND 9999")),
    );
    expect(result.creators).toEqual([creatorsWhere("c.followers BETWEEN 1000 AND 9999")]);
  });

  it("tiers named with the bounds the question gives them are those bands, with each one's creators (SQL)", async () => {
    const answer = await ask(
      "Split the creators into follower tiers (nano under 3k, micro 3k-6k, macro 6k+): median plays and how many accounts in each?",
    );
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    const expected = [
      ["nano (under 3,000 followers)", "c.followers < 3000"],
      ["micro (between 3,000 and 6,000 followers)", "c.followers BETWEEN 3000 AND 6000"],
      ["macro (at least 6,000 followers)", "c.followers >= 6000"],
    ] as const;
    for (const [key, where] of expected) {
      expect(groupValue(result, key), key).toBe(median(playsWhere(where)));
      expect((result.creators as number[])[(result.ranking as string[]).indexOf(key)], key).toBe(
        creatorsWhere(where),
      );
    }
    // Two tiers set against each other are compared too ("nano vs macro"), each as FOLLOWER_TIERS bounds it.
    const two = aggregateOf(await ask("Nano vs macro creators: which get more likes?"));
    expect(two.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "likes" });
    expect(two.plan.ignored).toEqual([]);
  });
});

describe("an agent's filters written with the export's field names (stop 51)", () => {
  it("'authorMeta/fans < 3000 and playCount >= 20000' bound the creators' followers and the plays (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("How many videos match: authorMeta/fans < 3000 and playCount >= 20000?"),
    );
    expect(plan).toMatchObject({ intent: "count", filters: ["plays>=20000"] });
    expect((plan as { author_followers?: unknown }).author_followers).toEqual({ op: "under", value: 3000 });
    expect(result.count).toBeGreaterThan(0);
    expect(result.count).toBe(
      db
        .prepare(
          "SELECT count(*) FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers < 3000 AND v.plays >= 20000",
        )
        .pluck()
        .get(),
    );
    // ("playCount>=20000 and isAd=true": the bound is on plays, not on how many ads each creator has.)
    const ads = aggregateOf(await ask("how many videos with playCount>=20000 and isAd=true"));
    expect(ads.plan).toMatchObject({ intent: "count", filters: ["ad=yes", "plays>=20000"], ignored: [] });
    expect(ads.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1 AND plays >= 20000").pluck().get(),
    );
  });

  it("'createTimeISO within 2025-Q3' is the third quarter of 2025 (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("filters: input=dalat, createTimeISO within 2025-Q3. Need: how many videos?"),
    );
    expect(plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(plan.understood).toContain('window Q3 2025 (from "q3 2025")');
    // ("per input: min(createTimeISO)": a function's argument, no search term.)
    expect(aggregateOf(await ask("per input: min(createTimeISO), count(*)")).plan.topics).toEqual([]);
    expect(result.count).toBeGreaterThan(0);
    const [from, to] = [Date.UTC(2025, 6, 1) / 1000, Date.UTC(2025, 9, 1) / 1000];
    expect(result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= ${from} AND created_at < ${to}`)
        .pluck()
        .get(idList(await searchIds("dalat"))),
    );
  });
});

describe("a question dictated to a voice assistant (stop 51)", () => {
  it("'at sign stay one', 'hashtag da lat', 'twenty twenty five' and 'top three no wait top two' are read as typed (SQL)", async () => {
    const one = aggregateOf(await ask("um so at sign stay one how many videos do they have"));
    expect(one.plan.understood[0]).toBe(
      'read "um so at sign stay one how many videos do they have" as "so @stay1 how many videos do they have"',
    );
    expect(one.plan).toMatchObject({ intent: "count" });
    const uid = db.prepare("SELECT uid FROM creators WHERE handle = 'stay1'").pluck().get() as string;
    expect(one.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE author_uid = ?").pluck().get(uid),
    );
    const year = aggregateOf(
      await ask("how many videos with hashtag da lat were posted in twenty twenty five"),
    );
    expect(year.plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(year.plan.understood).toContain('window 2025 (from "in 2025")');
    const [from, to] = [Date.UTC(2025, 0, 1) / 1000, Date.UTC(2026, 0, 1) / 1000];
    expect(year.result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND created_at >= ${from} AND created_at < ${to}`)
        .pluck()
        .get(idList(await searchIds("dalat"))),
    );
    const top = await ask("okay show me the top three no wait top two most viewed videos");
    expect(aggregateOf(top).plan).toMatchObject({ intent: "rank", count: 2, metric: "plays" });
  });
});

describe("a question that code-switches between Vietnamese and English (stop 51)", () => {
  it("'mà', 'mình đang tính': words of grammar and of the asker, not caption words to find (SQL)", async () => {
    // ("mà" is in captions here, "nhỏ mà xinh": before, the videos holding it were the set.)
    const { plan, result } = aggregateOf(
      await ask("Đà Lạt: video nào nhiều view nhất mà mình đang tính book?"),
    );
    expect(plan).toMatchObject({ intent: "rank", metric: "plays", topics: ["dalat"] });
    const top = db
      .prepare(`SELECT id FROM ${IN_IDS} ORDER BY plays DESC, id LIMIT 1`)
      .pluck()
      .get(idList(await searchIds("dalat")));
    expect((result.ranking as string[])[0]).toBe(top);
  });
});

describe("a monthly report's wording (stop 51)", () => {
  it("'MoM %', 'QoQ', 'KPIs', 'once ads are excluded' are read; 'my mom' and 'wow' set no window (SQL)", async () => {
    const mom = aggregateOf(await ask("Dalat uploads by month Jun–Aug 2025 with MoM %")).plan;
    expect(mom).toMatchObject({ intent: "breakdown", group_by: "month", topics: ["dalat"], ignored: [] });
    const kpi = aggregateOf(await ask("Quarterly KPIs for @stay1: posts and median views")).plan;
    expect(kpi).toMatchObject({ group_by: "quarter", topics: [], ignored: [] });
    const organic = aggregateOf(
      await ask("Once ads are excluded, what is the median plays of Vũng Tàu videos?"),
    );
    expect(organic.plan).toMatchObject({ intent: "measure", filters: ["ad=no"], topics: ["vungtau"] });
    const plays = db
      .prepare(`SELECT plays FROM ${IN_IDS} AND label_ad = 0`)
      .pluck()
      .all(idList(await searchIds("vungtau"))) as number[];
    expect(organic.result.median).toBe(median(plays));
    for (const question of [
      "my mom loves Vũng Tàu videos, which one is the most viewed?",
      "wow, which Vũng Tàu video is the most viewed?",
    ]) {
      const { plan } = aggregateOf(await ask(question));
      expect(
        plan.understood.some((u) => u.startsWith("window")),
        question,
      ).toBe(false);
      expect(plan, question).toMatchObject({ intent: "rank", metric: "plays" });
    }
  });

  it("'per city', 'which destination' with no place named are declined: no field records a video's city", async () => {
    for (const question of [
      "Engagement rate per city for 2025, ranked high to low",
      "Which destination had the most videos over 20k plays?",
    ]) {
      const answer = await ask(question);
      expect(aggregateOf(answer).plan.intent, question).toBe("decline");
      expect(answer.summary, question).toContain(
        "the corpus does not record the city or province of each video",
      );
    }
    // (A place named is compared as asked.)
    const named = aggregateOf(await ask("Which city gets more views, Đà Lạt or Vũng Tàu?")).plan;
    expect(named).toMatchObject({ intent: "breakdown", group_by: "topic" });
  });
});

describe("'do X videos work?' asked by a newcomer (stop 51)", () => {
  it("'Do glamping videos work?', 'is #glamping actually helping?': the videos about it against the others (SQL)", async () => {
    const about = new Set(await searchIds("glamping"));
    const all = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    for (const question of ["Do glamping videos work?", "Is #glamping actually helping anything?"]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
      expect(groupValue(result, 'about "glamping"'), question).toBe(
        median(all.filter((v) => about.has(v.id)).map((v) => v.plays)),
      );
      expect(groupValue(result, 'not about "glamping"'), question).toBe(
        median(all.filter((v) => !about.has(v.id)).map((v) => v.plays)),
      );
    }
    // ("How did #glamping perform?" is an overview, as before.)
    expect(aggregateOf(await ask("How did #glamping perform?")).plan.intent).toBe("overview");
  });
});

describe("creators by how many videos each has, and a tier shown per creator (stop 51)", () => {
  it("'single-video creators vs multi-video creators' are the bands 1 and 2+; 'follower tier' as a field groups nothing (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Single-video creators vs multi-video creators: median plays for both groups."),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    const rows = db
      .prepare(
        "SELECT v.plays AS plays, (SELECT count(*) FROM videos w WHERE w.author_uid = v.author_uid) AS n FROM videos v",
      )
      .all() as { plays: number; n: number }[];
    expect(plan.understood).toContain(
      'groups: the videos of creators with 1 video, 2+ videos of those in question (from "1 video vs creators with 2+ videos")',
    );
    // (Every creator here has two videos or more: the one-video band is empty, and said to be.)
    expect(rows.filter((r) => r.n === 1)).toEqual([]);
    expect(groupValue(result, "2+ videos")).toBe(median(rows.filter((r) => r.n >= 2).map((r) => r.plays)));
    const listed = aggregateOf(
      await ask("Everyone who used the sound Lofi chill: handle, follower tier, plays"),
    ).plan;
    expect(listed.group_by ?? null).not.toBe("bounds");
  });
});

describe("'is posting at X bad?': one time named, judged against the others (stop 51)", () => {
  it("'Is it better to post on Sundays?', 'is posting at 2pm bad?': the time named against the rest (SQL)", async () => {
    const plays = (where: string) =>
      db.prepare(`SELECT plays FROM videos WHERE ${where}`).pluck().all() as number[];
    const sunday = aggregateOf(await ask("Is it better to post on Sundays?"));
    expect(sunday.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    const day = "strftime('%w', created_at, 'unixepoch')";
    expect(groupValue(sunday.result, "published on Sundays (UTC)")).toBe(median(plays(`${day} = '0'`)));
    expect(groupValue(sunday.result, "published on days other than Sundays (UTC)")).toBe(
      median(plays(`${day} <> '0'`)),
    );
    // (Every video here went up between 14:00 and 15:00 UTC: the other side is empty, and said to be.)
    const hour = aggregateOf(await ask("is posting at 2pm bad?"));
    expect(hour.plan.understood).toContain('published 14:00-15:00 UTC (from "at 2pm")');
    expect(hour.plan).toMatchObject({ intent: "breakdown", group_by: "bounds" });
    expect(groupValue(hour.result, "published 14:00-15:00 UTC")).toBe(
      median(plays("strftime('%H', created_at, 'unixepoch') = '14'")),
    );
  });
});

describe("licensed music, the sounds that are no original sound (stop 51)", () => {
  it("'top licensed tracks' ranks the sounds other than original ones; 'licensed-music videos vs original-sound ones' sets them side by side (SQL)", async () => {
    const answer = await ask("top licensed tracks by number of videos");
    const top = { ...aggregateOf(answer), summary: answer.summary };
    expect(top.plan).toMatchObject({ intent: "rank", subject: "sounds" });
    expect(top.plan.understood).toContain(
      'the videos not using an original sound (left out from "excluding")',
    );
    // (Here "Lofi chill" is the one sound not titled as an original sound.)
    expect(top.summary).toContain("Lofi chill");
    expect(top.summary).not.toContain("nhạc nền - Stay");
    const sides = aggregateOf(
      await ask("Do licensed-music videos run shorter than original-sound ones? Median duration for each."),
    );
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", metric: "duration" });
  });
});

describe("captions that mention another account (stop 51)", () => {
  it("'@mention another account', 'tag other creators': the '@' looked for in captions, no handle '@mention'", async () => {
    const tagged = aggregateOf(await ask("do captions that tag other creators get more likes?")).plan;
    expect(tagged).toMatchObject({ intent: "breakdown", group_by: "emoji", metric: "likes" });
    expect(tagged.understood).toContain('videos with "@" in the caption (from "tag other creators")');
    const answer = await ask("How many videos @mention another account?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.intent).not.toBe("decline");
    expect(plan.understood).toContain('videos with "@" in the caption (from "at-mention another account")');
    expect(result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE instr(caption, '@') > 0").pluck().get(),
    );
  });
});

describe("a search term few videos carry as a tag (stop 51)", () => {
  it("'the #hotelvungtau search', 'input=hotelvungtau' are the Vũng Tàu videos, #vungtau (SQL)", async () => {
    for (const question of [
      "How many videos are in the #hotelvungtau search?",
      "input=hotelvungtau: how many videos?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question));
      expect(plan, question).toMatchObject({ intent: "count", topics: ["vungtau"] });
      expect(plan.understood, question).toContain(
        'the search "hotelvungtau" read as what it names after "hotel", #vungtau (few videos carry #hotelvungtau)',
      );
      expect(result.count, question).toBe((await searchIds("vungtau")).length);
    }
  });
});

describe("two searches set side by side (stop 51)", () => {
  it("'the #hotelvungtau search vs the #dalat search' compares Vũng Tàu with Đà Lạt; 'per input: count …' names no search (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Median views in the #hotelvungtau search vs the #dalat search?"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "plays" });
    for (const topic of ["vungtau", "dalat"]) {
      const plays = db
        .prepare(`SELECT plays FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds(topic))) as number[];
      expect(groupValue(result, topic), topic).toBe(median(plays));
    }
    // (A guard: "input:" heading a list of what to give is no search term.)
    expect(aggregateOf(await ask("per input: count in 2025-Q3")).plan.topics).toEqual([]);
  });
});

describe("figures as they are typed (stop 52)", () => {
  it("'over 5k' on videos is views, on accounts followers; '2.5mil', '10 lakh', '1,6 Mio.', '5.000 followers' are read (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const over = aggregateOf(await ask("how many dalat vids over 5k"));
    expect(over.plan.understood).toContain('read "over 5k" as "over 5k views"');
    expect(over.result.count).toBe(
      db.prepare(`SELECT count(*) FROM ${IN_IDS} AND plays > 5000`).pluck().get(idList(dalat)),
    );
    const accounts = aggregateOf(await ask("dalat accounts over 5k")).plan;
    expect(accounts.understood).toContain('read "over 5k" as "over 5k followers"');
    expect(aggregateOf(await ask("dalat videos over 2.5mil")).plan.understood).toEqual(
      expect.arrayContaining(['read "2.5mil" as "2.5m"', 'over 2,500,000 views (from "over 2.5m views")']),
    );
    expect(aggregateOf(await ask("how many videos crossed 10 lakh views")).plan.understood).toEqual(
      expect.arrayContaining([
        'read "10 lakh" as "1,000,000"',
        'over 1,000,000 views (from "crossed 1,000,000 views")',
      ]),
    );
    expect(aggregateOf(await ask("videos with more than 1,6 Mio. plays")).plan.understood).toContain(
      'read "1,6 Mio." as "1.6m"',
    );
    const european = aggregateOf(
      await ask("what share of dalat videos come from accounts with less than 5.000 followers?"),
    );
    expect(european.plan.understood).toContain(
      'videos by creators with under 5,000 followers (from "accounts with less than 5.000 followers")',
    );
    // (A figure no later than the point keeps it where it is named and unused: "4.8m", not "48m".)
    expect(aggregateOf(await ask("the dalat vid w/ 4.8mil, which sound?")).plan.ignored).toContain("4.8m");
  });

  it("a bare figure ending a band list names the list's unit; after a measure ('median views above 350k') and after 'never' it is left alone", async () => {
    const bands = aggregateOf(await ask("how many videos sit under 1k, 1k–10k, 10k–100k and over 100k?"))
      .plan as ReturnType<typeof aggregateOf>["plan"] & { bands?: string[] };
    expect(bands).toMatchObject({ intent: "breakdown", group_by: "bounds" });
    // (The last band's count, named nowhere, is read as views, as the list's unit: each band a group, none a filter.)
    expect(bands.bands).toEqual(["under 1k views", "1k–10k views", "10k–100k views", "over 100k views"]);
    expect(bands.understood.filter((u) => / as "[^"]+ views"$/.test(u))).toEqual([
      'read "over 100k" as "over 100k views"',
    ]);
    for (const question of [
      "is the median views above 350k for dalat?",
      "@dalat.homestay never hit 1M, true? whats their best one",
    ])
      expect(
        aggregateOf(await ask(question)).plan.understood.filter((u) => / as "[^"]+ views"$/.test(u)),
        question,
      ).toEqual([]);
  });

  it("'eng rate', 'avg eng' are the engagement rate; 'eng captions' stay English", async () => {
    expect(aggregateOf(await ask("dalat vids eng rate")).plan).toMatchObject({ metric: "engagement" });
    expect(aggregateOf(await ask("dalat vids avg eng")).plan).toMatchObject({ metric: "engagement" });
    expect(aggregateOf(await ask("eng captions vs viet captions: median views")).plan).toMatchObject({
      group_by: "language",
    });
  });
});

describe("claims, labels and a dashboard's words (stop 52)", () => {
  it("a claim quoted is read as the question's words, its stated values filtering nothing; a caption quoted stays text", async () => {
    const claim = aggregateOf(
      await ask(
        'Claim: "dalat videos get 10x more views on a Sunday." True? Median plays by weekday for dalat.',
      ),
    ).plan;
    expect(claim).toMatchObject({
      intent: "breakdown",
      group_by: "weekday",
      metric: "plays",
      topics: ["dalat"],
    });
    expect(claim.understood).toContain(
      'a claim quoted ("dalat videos get 10x more views on a Sunday."), read as the question\'s words: a value it states is what the answer checks, not a filter',
    );
    expect(claim.ignored).toEqual([]);
    // (Words of a quote with no word of a claim in it are a caption's, looked for as written.)
    const caption = aggregateOf(await ask('"giá tốt mà đẹp quá nha" — how many videos say that?')).plan;
    expect(caption.topics).toEqual(['"gia tot ma dep qua nha"']);
  });

  it("'KPI tile \"Ad share\"', 'limit 3', 'line chart', 'fact check', 'true?' ask nothing of the corpus", async () => {
    const tile = aggregateOf(await ask('KPI tile "Ad share" for dalat videos')).plan;
    expect(tile.topics).toEqual(["dalat"]);
    expect(tile.ignored).toEqual([]);
    const limited = aggregateOf(await ask("Top sounds table for dalat, limit 3, sorted by plays")).plan;
    expect(limited.understood).toEqual(
      expect.arrayContaining(['read "limit" as "top"', '3 results (from "top 3")']),
    );
    for (const question of [
      "Widget: line chart, weekly count of dalat videos in 2025",
      "fact check pls: dalat has more videos than hoian. true?",
    ])
      expect(aggregateOf(await ask(question)).plan.ignored, question).toEqual([]);
  });
});

describe("several percentiles at once (stop 52)", () => {
  /** The plan's percentiles, when several are asked. */
  const percentilesOf = async (question: string) =>
    (aggregateOf(await ask(question)).plan as { percentiles?: number[] }).percentiles;
  /** The value at percentile p by nearest rank (0: the lowest, 100: the highest), computed here. */
  const nearestRank = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.max(1, Math.ceil((p / 100) * s.length)) - 1] as number;
  };

  it("'p10, p25, p50, p75 and p90', 'min, median and max', 'IQR' of a set of videos (SQL)", async () => {
    const plays = db
      .prepare(`SELECT plays FROM ${IN_IDS}`)
      .pluck()
      .all(idList(await searchIds("dalat"))) as number[];
    const listed = aggregateOf(await ask("p10, p25, p50, p75 and p90 of views of dalat videos"));
    expect(listed.plan).toMatchObject({ intent: "measure", percentiles: [10, 25, 50, 75, 90] });
    expect(listed.result.percentiles).toEqual(
      [10, 25, 50, 75, 90].map((p) => ({
        percentile: p,
        value: p === 50 ? median(plays) : nearestRank(plays, p),
      })),
    );
    expect(listed.result.iqr).toBe(nearestRank(plays, 75) - nearestRank(plays, 25));
    const range = aggregateOf(await ask("min, median and max plays of dalat videos"));
    expect(range.result.percentiles).toEqual([
      { percentile: 0, value: Math.min(...plays) },
      { percentile: 50, value: median(plays) },
      { percentile: 100, value: Math.max(...plays) },
    ]);
    expect(await percentilesOf("what is the IQR of plays for dalat videos?")).toEqual([25, 75]);
  });

  it("over a breakdown they are said to be unused; 'min and max' of no count is no percentile", async () => {
    const monthly = aggregateOf(await ask("quartiles of views of dalat videos by month")).plan;
    expect((monthly as { percentiles?: number[] }).percentiles).toBeUndefined();
    expect(monthly.ignored).toContain(
      "p25, the median, p75 (measured over one set of videos: ask without a breakdown)",
    );
    expect(await percentilesOf("min and max createTimeISO of dalat videos")).toBeUndefined();
  });
});

describe("an agency's comparisons (stop 52)", () => {
  const uid = (handle: string) =>
    db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(handle) as string;

  it("'share of voice in #dalat: @stay1 vs @stay2' gives each one's share of everyone's views and videos there (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const answer = await ask("Share of voice in #dalat: @stay1 vs @stay2, share of posts and of plays");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "compare", metric: "plays", share_of_whole: true });
    const total = db.prepare(`SELECT sum(plays) FROM ${IN_IDS}`).pluck().get(idList(dalat)) as number;
    const of = (handle: string) =>
      db
        .prepare(`SELECT sum(plays) AS plays, count(*) AS n FROM ${IN_IDS} AND author_uid = @uid`)
        .get({ ...idList(dalat), uid: uid(handle) }) as { plays: number; n: number };
    const percent = (part: number, whole: number) => Math.round((part / whole) * 10000) / 100;
    expect(result.whole).toEqual({ plays: total, videos: dalat.length });
    expect(result.shares).toEqual(
      (result.names as string[]).map((name) => percent(of(name.slice(1)).plays, total)),
    );
    for (const handle of ["stay1", "stay2"])
      expect(answer.summary).toContain(
        `@${handle} ${percent(of(handle).plays, total)} % (${percent(of(handle).n, dalat.length)} % of the videos)`,
      );
    // No count named, it is their views.
    expect(aggregateOf(await ask("share of voice in #dalat: @stay1 vs @stay2")).plan).toMatchObject({
      metric: "plays",
      share_of_whole: true,
    });
    // With no account named, it is how the views divide among all the creators.
    expect(
      (aggregateOf(await ask("share of voice in #dalat")).plan as { concentration?: unknown }).concentration,
    ).toMatchObject({ of: "creator" });
  });

  it("'#dalat (120 videos) vs #hoian (n=40)': counts said in passing in brackets leave the comparison whole", async () => {
    const { plan } = aggregateOf(await ask("#dalat (120 videos) vs #hoian (n=40): median views for each"));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "topic",
      compare_topics: ["dalat", "hoian"],
    });
    expect(plan.understood.filter((u) => u.startsWith("read "))).toEqual([]);
  });
});

describe("requests worded as an office writes them (stop 52)", () => {
  it("'kindly share median views' asks to give them; 'for my report' names no trend report", async () => {
    const kindly = aggregateOf(
      await ask(
        "Do #dalat videos get more reach than videos without #dalat? Kindly share median views both side",
      ),
    ).plan;
    expect(kindly).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(kindly.understood).toContain('read "Kindly share" as "Kindly give"');
    const report = aggregateOf(await ask("what share of dalat videos are ads, for my monthly report?")).plan;
    expect(report).toMatchObject({ intent: "share", subject: "videos", topics: ["dalat"] });
  });
});

describe("a statistician's shorthand (stop 52)", () => {
  it("'do the top 20% of creators account for 80% of plays?' and 'the top decile of creators' are the views they hold (SQL)", async () => {
    const byCreator = db
      .prepare("SELECT sum(plays) AS plays FROM videos GROUP BY author_uid ORDER BY plays DESC")
      .pluck()
      .all() as number[];
    const total = byCreator.reduce((a, b) => a + b, 0);
    for (const [question, top] of [
      ["Pareto check: do the top 20% of creators by total plays account for 80% of plays?", 20],
      ["what share of plays do the top decile of creators get?", 10],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(question));
      expect((plan as { concentration?: unknown }).concentration, question).toEqual({
        of: "creator",
        top,
        percent: true,
      });
      const n = Math.ceil((byCreator.length * top) / 100);
      expect(result, question).toMatchObject({
        top: n,
        part: byCreator.slice(0, n).reduce((a, b) => a + b, 0),
        whole: total,
      });
    }
  });

  it("'collectCount = 0' is the videos with no saves (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("How many dalat videos have collectCount = 0?"));
    expect(plan.understood).toContain('read "saves = 0" as "no saves"');
    expect(result.count).toBe(
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND saves = 0`)
        .pluck()
        .get(idList(await searchIds("dalat"))),
    );
  });
});

describe("a window to now, and a figure per follower among others (stop 52)", () => {
  it("'since June 2025 until now', 'from July 2025 to date' are windows since then", async () => {
    for (const [question, label] of [
      ["how many dalat videos since June 2025 until now?", "since June 2025"],
      ["how many dalat videos from July 2025 to date?", "since July 2025"],
    ] as const) {
      const { plan } = aggregateOf(await ask(question));
      expect(
        plan.understood.find((u) => u.startsWith("window ")),
        question,
      ).toMatch(new RegExp(`^window ${label} `));
      expect(plan.ignored, question).toEqual([]);
    }
  });

  it("'@stay1, @stay2: followers, videos and plays per follower' answers the rest, the per-follower figure unused", async () => {
    const { plan } = aggregateOf(
      await ask("@stay1 vs @stay2: followers, number of videos and plays per follower"),
    );
    expect(plan.intent).toBe("compare");
    expect(plan.ignored).toEqual([
      "plays per follower (a video's counts are not divided by its creator's followers: the other figures are compared)",
    ]);
    // (Asked alone, it is declined as before.)
    expect(aggregateOf(await ask("which videos have the most views per follower?")).plan.intent).toBe(
      "decline",
    );
  });
});

describe("a median said in passing (stop 52)", () => {
  it("'the median is under 3k plays, so where does the top quartile start?' is the 75th percentile of all of them (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("The median for Da Lat is under 3k plays, so where does the top quartile start?"),
    );
    expect(plan).toMatchObject({ intent: "measure", topics: ["dalat"], filters: [] });
    expect(plan.ignored).toContain(
      "under 3k plays (a median stated, not a bound: the answer gives the figure)",
    );
    const plays = (
      db
        .prepare(`SELECT plays FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds("dalat"))) as number[]
    ).sort((a, b) => a - b);
    expect(result).toMatchObject({ percentile: 75, value: plays[Math.ceil(0.75 * plays.length) - 1] });
  });
});

describe("a set against the videos without it (stop 52)", () => {
  it("'do #dalat videos get more views than videos without #dalat?' sets the two sides, the 'without' no filter on both (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("do #dalat videos get more views than videos without #dalat?"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", filters: [] });
    const dalat = await searchIds("dalat");
    const inside = db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    const outside = db
      .prepare("SELECT plays FROM videos WHERE id NOT IN (SELECT value FROM json_each(@ids))")
      .pluck()
      .all(idList(dalat)) as number[];
    expect(groupValue(result, 'about "dalat"')).toBe(median(inside));
    expect(groupValue(result, 'not about "dalat"')).toBe(median(outside));
  });
});

describe("the words of a claim (stop 52)", () => {
  it("a claim's hashtags and places are read, its other words not taken for topics ('#dalat template videos flop')", async () => {
    const { plan } = aggregateOf(
      await ask(
        'Claim: "#dalat template videos flop." True? Median plays for #dalat videos vs everything else',
      ),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays", topics: [] });
    expect(plan.understood).toContain(
      'groups: the videos about "dalat", and the others (from "vs everything else")',
    );
    expect(plan.ignored).toEqual(["template", "flop"]);
  });
});

describe("percentiles of length (stop 52)", () => {
  it("'quartiles of video length', 'p90 of duration' measure the recorded length, not length groups (SQL)", async () => {
    const lengths = (
      db
        .prepare(`SELECT duration_s FROM ${IN_IDS} AND media_type = 'video' AND duration_s IS NOT NULL`)
        .pluck()
        .all(idList(await searchIds("dalat"))) as number[]
    ).sort((a, b) => a - b);
    const at = (p: number) => lengths[Math.ceil((p / 100) * lengths.length) - 1] as number;
    const quartiles = aggregateOf(await ask("quartiles of video length for dalat videos"));
    expect(quartiles.plan).toMatchObject({ intent: "measure", metric: "duration" });
    expect(quartiles.plan.group_by ?? null).toBeNull();
    expect(quartiles.result.percentiles).toEqual([
      { percentile: 25, value: at(25) },
      { percentile: 50, value: median(lengths) },
      { percentile: 75, value: at(75) },
    ]);
    expect(aggregateOf(await ask("p90 of duration of dalat videos")).result).toMatchObject({
      percentile: 90,
      value: at(90),
    });
  });
});

describe("the top creators of a topic (stop 52)", () => {
  it("'what share of plays do the top 3 dalat creators get?' keeps the topic: the share within its videos (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("what share of plays do the top 3 dalat creators get?"));
    expect(plan).toMatchObject({ intent: "measure", topics: ["dalat"] });
    const byCreator = db
      .prepare(`SELECT sum(plays) FROM ${IN_IDS} GROUP BY author_uid ORDER BY 1 DESC`)
      .pluck()
      .all(idList(await searchIds("dalat"))) as number[];
    expect(result).toMatchObject({
      top: 3,
      part: byCreator.slice(0, 3).reduce((a, b) => a + b, 0),
      whole: byCreator.reduce((a, b) => a + b, 0),
    });
    // A share of voice is the accounts', though videos are named first.
    expect(
      (
        aggregateOf(await ask("share of voice inside #dalat — % of videos and % of plays for each account"))
          .plan as {
          concentration?: unknown;
        }
      ).concentration,
    ).toMatchObject({ of: "creator" });
  });
});

describe("a learner's English (stop 52)", () => {
  it("'How much videos about Da Lat is posted in 2025 year and how much in 2024?' counts each year side by side (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("How much videos about Da Lat is posted in 2025 year and how much in 2024?"),
    );
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "period",
      metric: "videos",
      topics: ["dalat"],
    });
    const dalat = await searchIds("dalat");
    const inYear = (year: string) =>
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND strftime('%Y', created_at, 'unixepoch') = @year`)
        .pluck()
        .get({ ...idList(dalat), year }) as number;
    expect(groupValue(result, "2025")).toBe(inYear("2025"));
    expect(groupValue(result, "2024") ?? 0).toBe(inYear("2024"));
  });
});

describe("a chat message relayed as it was typed (stop 53)", () => {
  it("'@crs-bot', '@here', 'cc @minh', 'asking for @lan' and ':fire:' name no creator: the question is answered (SQL)", async () => {
    const dalat = (await searchIds("dalat")).length;
    for (const q of [
      "@crs-bot hey :wave: how many dalat videos are there? thx! (cc @minh)",
      "hey bot, asking for @lan: how many dalat videos are there",
      "@here sorry for the spam :fire::fire: how many dalat videos are there? @crs-bot",
      "hey @crs-bot, @trang wants to know: how many dalat videos are there",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "count", topics: ["dalat"] });
      expect(result.count, q).toBe(dalat);
      expect(
        plan.ignored.filter((w: string) => w.startsWith("@")),
        q,
      ).not.toHaveLength(0);
      expect(plan.ignored.join(" "), q).not.toMatch(/\b(?:wave|fire)\b/);
    }
    // A handle asked about is still one: no such creator is said so.
    for (const q of ["top videos by @nobody_such_handle", "@nobody_such_handle: how many videos?"])
      expect(aggregateOf(await ask(q)).plan.intent, q).toBe("decline");
  });
});

describe("an executive's shorthand (stop 53)", () => {
  it("'bottom line:' ranks nothing from the bottom; 'TL;DR', 'ballpark', 'in one sentence', 'yes or no' are tone (SQL)", async () => {
    const { plan, result } = aggregateOf(
      await ask("bottom line - who's the #1 creator by total plays among dalat videos"),
    );
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "plays",
      topics: ["dalat"],
      ignored: [],
    });
    expect((plan as { lowest?: boolean }).lowest ?? false).toBe(false);
    const top = db
      .prepare(`SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY sum(plays) DESC LIMIT 1`)
      .pluck()
      .get(idList(await searchIds("dalat"))) as string;
    expect((result.ranking as string[])[0]).toBe(top);
    const short = aggregateOf(
      await ask("TL;DR, ballpark: how many dalat videos? in one sentence, yes or no is fine"),
    );
    expect(short.plan).toMatchObject({ intent: "count", topics: ["dalat"], ignored: [] });
    // ("No. 1" inside quotes is the quote's: a title, a caption.)
    expect(JSON.stringify(aggregateOf(await ask('how many videos mention "the no. 1 stay"')).plan)).toMatch(
      /no 1 stay/,
    );
    const single = aggregateOf(await ask("the single best weekday for dalat videos by median plays"));
    expect(single.plan).toMatchObject({ intent: "breakdown", group_by: "weekday", ignored: [] });
  });

  it("'is dalat outperforming vungtau?', 'did … beat …?' compare the two; 'with the tag vs without' is the tag against the rest (SQL)", async () => {
    const medianOf = async (q: string) =>
      median(
        (await searchIds(q)).map(
          (id) => db.prepare("SELECT plays FROM videos WHERE id = ?").pluck().get(id) as number,
        ),
      );
    for (const q of [
      "yes or no — is Da Lat outperforming Vung Tau on median plays?",
      "did Da Lat beat Vung Tau on median plays?",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({
        intent: "breakdown",
        group_by: "topic",
        compare_topics: ["dalat", "vungtau"],
      });
      expect(groupValue(result, "dalat"), q).toBe(await medianOf("dalat"));
      expect(groupValue(result, "vungtau"), q).toBe(await medianOf("vungtau"));
    }
    // "Beats" in a name stays the name's.
    expect(
      aggregateOf(await ask("How did the song Lofi chill by Chill Beats Studio perform?")).plan.intent,
    ).toBe("overview");
    const tagged = new Set(await searchIds("dalat"));
    const all = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    for (const q of [
      "is #dalat worth using? median plays with the tag vs without",
      "median plays of #dalat videos, with vs without it",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "breakdown", metric: "plays" });
      expect(
        [...(result.values as number[])].sort((a, b) => a - b),
        q,
      ).toEqual(
        [
          median(all.filter((v) => tagged.has(v.id)).map((v) => v.plays)),
          median(all.filter((v) => !tagged.has(v.id)).map((v) => v.plays)),
        ].sort((a, b) => a - b),
      );
    }
  });
});

describe("an analyst's SQL words (stop 53)", () => {
  it("'by year 2024-2025' is a breakdown by year; isAd = 'true' is the ads; bare tags after 'excluding' are left out of a hashtag ranking (SQL)", async () => {
    const byYear = aggregateOf(await ask("median plays by year 2024-2025"));
    expect(byYear.plan).toMatchObject({ intent: "breakdown", group_by: "year", metric: "plays" });
    expect(groupValue(byYear.result, "2025")).toBe(
      median(db.prepare("SELECT plays FROM videos").pluck().all() as number[]),
    );
    const ads = aggregateOf(await ask("count(*) where isAd = 'true'"));
    expect(ads.plan).toMatchObject({ intent: "count", filters: ["ad=yes"], topics: [] });
    expect(ads.result.count).toBe(db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get());
    const tags = aggregateOf(await ask("top 10 hashtags (excl. dalat, hotel)"));
    expect(tags.plan).toMatchObject({ intent: "rank", subject: "hashtags", topics: [], filters: [] });
    expect(tags.result.ranking).not.toContain("#dalat");
    expect(tags.result.ranking).not.toContain("#hotel");
    expect((tags.result.ranking as string[]).length).toBeGreaterThan(0);
  });
});

describe("asked again in a chat, and a tag against its absence (stop 53)", () => {
  it("'+1 to what Huy asked but for …' reads what follows; '#dalat vs no #dalat' is the tag against the rest (SQL)", async () => {
    const again = aggregateOf(await ask("+1 to what Huy asked but for dalat - how many videos?"));
    expect(again.plan).toMatchObject({ intent: "count", topics: ["dalat"], ignored: [] });
    expect(again.result.count).toBe((await searchIds("dalat")).length);
    const tagged = new Set(await searchIds("dalat"));
    const all = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const expected = [
      median(all.filter((v) => tagged.has(v.id)).map((v) => v.plays)),
      median(all.filter((v) => !tagged.has(v.id)).map((v) => v.plays)),
    ].sort((a, b) => a - b);
    for (const q of ["#dalat vs no #dalat: median plays", "#dalat vs non-#dalat videos, median plays"]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "breakdown", metric: "plays", topics: [] });
      expect(
        [...(result.values as number[])].sort((a, b) => a - b),
        q,
      ).toEqual(expected);
    }
  });
});

describe("a small business owner's and a creator's phrasing (stop 53)", () => {
  it("'my friend says 20 seconds is the magic number' finds no text; 'than ones without' is no topic; length bucketed 'like 0-15, 15-30, 30-60, 60+' is seconds (SQL)", async () => {
    const said = aggregateOf(
      await ask("my friend says 20 seconds is the magic number. how many dalat videos are there?"),
    );
    expect(said.plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(said.result.count).toBe((await searchIds("dalat")).length);
    const without = aggregateOf(
      await ask("Do dalat videos with hotel in the caption get more views than ones without?"),
    );
    expect(without.plan.topics).not.toContain("without");
    expect(JSON.stringify(without.plan.filters)).not.toContain("without");
    const { plan, result } = aggregateOf(
      await ask("sweet spot video length? like bucket it 0-15, 15-30, 30-60, 60+"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds" });
    expect(plan).toMatchObject({ metric: "plays" });
    expect((plan as { bands?: string[] }).bands).toEqual(["0-15s", "15-30s", "30-60s", "60s+"]);
    const lengths = db
      .prepare("SELECT duration_s AS d, plays FROM videos WHERE duration_s IS NOT NULL")
      .all() as {
      d: number;
      plays: number;
    }[];
    const inBand = (lo: number, hi: number) =>
      lengths.filter((v) => v.d >= lo && v.d < hi).map((v) => v.plays);
    const expected = new Map([
      ["0-15s", inBand(0, 15)],
      ["15-30s", inBand(15, 30)],
      ["30-60s", inBand(30, 60)],
      ["60s+", inBand(60, Number.POSITIVE_INFINITY)],
    ]);
    expect((result.ranking as string[]).length).toBeGreaterThan(1);
    for (const band of result.ranking as string[])
      expect(groupValue(result, band), band).toBe(median(expected.get(band) ?? []));
  });

  it("'is Da Lat better than Vung Tau or Hoi An?' compares all three; 'my own voiceover (original sound) or a trending song' the sounds; 'p50, p90, p99 of plays' alone (SQL)", async () => {
    const three = aggregateOf(await ask("is Da Lat better than Vung Tau or Hoi An for views?"));
    expect((three.plan as { compare_topics?: string[] }).compare_topics).toEqual([
      "dalat",
      "vungtau",
      "hoian",
    ]);
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    for (const topic of ["dalat", "vungtau", "hoian"]) {
      const ids = new Set(await searchIds(topic));
      expect(groupValue(three.result, topic), topic).toBe(
        median(plays.filter((v) => ids.has(v.id)).map((v) => v.plays)),
      );
    }
    await expectOriginalSoundSides(
      await ask("should i use my own voiceover (original sound) or a trending song, median plays for each"),
      plays.map((v) => v.id),
    );
    const { plan, result } = aggregateOf(await ask("p50, p90, p99 of plays"));
    expect(plan).toMatchObject({ intent: "measure", metric: "plays" });
    const sorted = plays.map((v) => v.plays).sort((a, b) => a - b);
    const rank = (p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
    expect(result.percentiles).toEqual([
      { percentile: 50, value: median(sorted) },
      { percentile: 90, value: rank(90) },
      { percentile: 99, value: rank(99) },
    ]);
  });
});

describe("an agent's request sent as data (stop 53)", () => {
  it("a JSON object, a function call and 'key=value; …' fields are read as the question their fields ask (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const json = aggregateOf(
      await ask(
        '{"task":"rank","entity":"creators","metric":"playCount","filter":{"hashtag":"dalat"},"limit":3}',
      ),
    );
    expect(json.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "plays",
      topics: ["dalat"],
      count: 3,
      ignored: [],
    });
    expect(json.plan.understood[0]).toMatch(
      /^read "\{"task":"rank".*" as "rank top 3 creators, by playCount, #dalat"$/,
    );
    expect((json.result.ranking as string[]).slice(0, 3)).toEqual(
      db
        .prepare(
          `SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid ORDER BY sum(plays) DESC, author_uid LIMIT 3`,
        )
        .pluck()
        .all(idList(dalat)),
    );
    const call = aggregateOf(await ask('get_top_videos(topic="Da Lat", n=2, sort="likes")'));
    expect(call.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      metric: "likes",
      topics: ["dalat"],
      count: 2,
    });
    expect(call.result.ranking).toEqual(
      db.prepare(`SELECT id FROM ${IN_IDS} ORDER BY likes DESC, id DESC LIMIT 2`).pluck().all(idList(dalat)),
    );
    const fields = aggregateOf(await ask("metric=median(playCount); group_by=month; where=hashtag:dalat"));
    expect(fields.plan).toMatchObject({
      intent: "breakdown",
      group_by: "month",
      metric: "plays",
      topics: ["dalat"],
    });
    const july = db
      .prepare(`SELECT plays FROM ${IN_IDS} AND strftime('%Y-%m', created_at, 'unixepoch') = '2025-07'`)
      .pluck()
      .all(idList(dalat)) as number[];
    expect(july.length).toBeGreaterThan(0);
    expect(groupValue(fields.result, "2025-07")).toBe(median(july));
    // Prose with a colon stays prose.
    expect(aggregateOf(await ask("note: how many dalat videos are there?")).plan).toMatchObject({
      intent: "count",
      topics: ["dalat"],
    });
  });
});

describe("a newcomer's plain words (stop 53)", () => {
  it("'a normal number of likes' is the median; 'is there anything about X' counts them; 'did any of the X pay for ads' lists their ads; caption-length buckets stay characters (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const likes = db.prepare(`SELECT likes FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    for (const q of [
      "whats a normal number of likes for a dalat video",
      "how many likes does a dalat video get normaly",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "measure", metric: "likes", topics: ["dalat"] });
      expect(result.median, q).toBe(median(likes));
    }
    const anything = aggregateOf(await ask("is there anything about dalat in here at all"));
    expect(anything.plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(anything.result.count).toBe(dalat.length);
    const paid = aggregateOf(await ask("did any of the dalat hotels pay for ads"));
    expect(paid.plan.intent).not.toBe("decline");
    expect(paid.plan.filters).toContain("ad=yes");
    const captions = aggregateOf(
      await ask(
        "caption length sweet spot? bucket captions by character count (0-50, 50-100, 100-200, 200+)",
      ),
    );
    expect((captions.plan as { bands?: string[] }).bands?.every((b) => /caption characters$/.test(b))).toBe(
      true,
    );
  });
});

describe("rankings by count, and percentiles set side by side (stop 53)", () => {
  it("'top 3 hashtags by count' ranks them by videos; 'do the quartiles differ between …' is declined, not pooled; a tag against the rest, asked of accounts, keeps the tag (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("top 3 hashtags by count"));
    expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", metric: "videos", count: 3 });
    const tags = db.prepare("SELECT hashtags FROM videos").pluck().all() as string[];
    const uses = new Map<string, number>();
    for (const list of tags)
      for (const tag of new Set(
        String(list ?? "")
          .split(/\s+/)
          .filter(Boolean),
      ))
        uses.set(tag, (uses.get(tag) ?? 0) + 1);
    const most = Math.max(...uses.values());
    expect(groupValue(result, (result.ranking as string[])[0] as string)).toBe(most);
    expect(
      aggregateOf(await ask("do the quartiles of plays differ between dalat and vungtau videos?")).plan
        .intent,
    ).not.toBe("measure");
    const accounts = aggregateOf(
      await ask(
        "#dalat median plays with vs without it, and is the difference driven by a handful of accounts?",
      ),
    );
    expect(accounts.plan.topics).toContain("dalat");
  });
});

describe("two length bands set against each other (stop 53)", () => {
  it("'under 15s vs 30-60s', '15-30s vs 60s+', 'under 15 seconds vs 30-60 seconds' compare the two bands (SQL)", async () => {
    const rows = db
      .prepare("SELECT duration_s AS d, plays FROM videos WHERE duration_s IS NOT NULL")
      .all() as {
      d: number;
      plays: number;
    }[];
    const plays = (keep: (d: number) => boolean) => median(rows.filter((r) => keep(r.d)).map((r) => r.plays));
    for (const [q, expected] of [
      [
        "videos under 15s vs 30-60s: median plays",
        { "under 15s": plays((d) => d < 15), "30-60s": plays((d) => d >= 30 && d < 60) },
      ],
      [
        "under 15 seconds vs 30-60 seconds: median plays",
        { "under 15s": plays((d) => d < 15), "30-60s": plays((d) => d >= 30 && d < 60) },
      ],
      [
        "15-30s vs 60s+ median plays",
        { "15-30s": plays((d) => d >= 15 && d < 30), "60s+": plays((d) => d >= 60) },
      ],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
      for (const [band, value] of Object.entries(expected))
        expect(groupValue(result, band), `${q}: ${band}`).toBe(value);
    }
  });
});

describe("a spreadsheet's words (stop 53)", () => {
  it("'COUNTIF of videos where plays > 1000' counts them; 'AVERAGEIFS of plays where isAd = TRUE vs FALSE' sets ads against organic (SQL)", async () => {
    const counted = aggregateOf(await ask("COUNTIF of videos where plays > 1000"));
    expect(counted.plan).toMatchObject({ intent: "count", filters: ["plays>1000"] });
    expect(counted.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE plays > 1000").pluck().get(),
    );
    const { plan, result } = aggregateOf(await ask("AVERAGEIFS of plays where isAd = TRUE vs FALSE"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays" });
    const side = (ad: number) =>
      median(db.prepare("SELECT plays FROM videos WHERE label_ad = ?").pluck().all(ad) as number[]);
    expect(groupValue(result, "ads")).toBe(side(1));
    expect(groupValue(result, "organic")).toBe(side(0));
  });
});

describe("a journalist's two-clause questions (stop 53)", () => {
  it("'… mention X anywhere in the caption, and if there are a fair number, could you …' finds X alone", async () => {
    const { plan } = aggregateOf(
      await ask(
        "How many videos mention dalat anywhere in the caption, and if there are a fair number, could you give me three with their captions?",
      ),
    );
    expect(plan.intent).toBe("count");
    expect([...plan.topics, ...plan.filters].join(" ")).not.toMatch(/\b(anywhere|if|fair|could)\b/);
    expect([...plan.topics, ...plan.filters].join(" ")).toMatch(/dalat/);
  });
});

describe("budget as a kind of place (stop 53)", () => {
  it("'resort videos versus budget ones', 'luxury vs budget' ask nothing of ad spend; 'our ad budget' still does", async () => {
    for (const q of ["median plays of resort videos versus budget ones", "luxury vs budget: median plays"]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan.intent, q).not.toBe("decline");
      expect(String(result.declined ?? ""), q).not.toMatch(/ad spend/);
    }
    expect(String(aggregateOf(await ask("what's our ad budget for tiktok")).result.declined)).toMatch(
      /not ad spend$/,
    );
  });
});

describe("where two things are compared (stop 53)", () => {
  it("'in dalat, hotel vs resort: median plays' compares the two within Da Lat; 'Da Lat, Vung Tau or Hoi An' stays three (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("in dalat, hotel vs resort: median plays"));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", topics: ["dalat"] });
    expect((plan as { compare_topics?: string[] }).compare_topics).toEqual(["hotel", "resort"]);
    const dalat = new Set(await searchIds("dalat"));
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    for (const topic of ["hotel", "resort"]) {
      const ids = new Set(await searchIds(topic));
      const values = plays.filter((v) => dalat.has(v.id) && ids.has(v.id)).map((v) => v.plays);
      if (values.length > 0) expect(groupValue(result, topic), topic).toBe(median(values));
    }
    expect(
      (
        aggregateOf(await ask("Da Lat, Vung Tau or Hoi An: which gets more views")).plan as {
          compare_topics?: string[];
        }
      ).compare_topics,
    ).toEqual(["dalat", "vungtau", "hoian"]);
  });
});

describe("a total asked for (stop 53)", () => {
  it("'total plays of dalat videos', 'just give me the number - total plays across all dalat videos', 'give me the total likes of resort ads' are sums (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const sum = db.prepare(`SELECT sum(plays) FROM ${IN_IDS}`).pluck().get(idList(dalat)) as number;
    for (const q of [
      "total plays of dalat videos",
      "just give me the number - total plays across all dalat videos",
      "what are the total plays across all dalat videos",
    ]) {
      const answer = await ask(q);
      expect(aggregateOf(answer).plan, q).toMatchObject({
        intent: "count",
        metric: "plays",
        topics: ["dalat"],
      });
      expect(answer.summary, q).toContain(`${sum.toLocaleString("en-US")} views in total`);
    }
    const likes = aggregateOf(await ask("give me the total likes of resort ads"));
    expect(likes.plan).toMatchObject({ intent: "count", metric: "likes", filters: ["ad=yes"] });
    // A ranking by the total stays one.
    expect(aggregateOf(await ask("top 3 dalat videos by total plays")).plan.intent).toBe("rank");
  });
});

describe("comparisons asked many ways (stop 53)", () => {
  it("'is Da Lat ahead of Vung Tau?', 'Da Lat relative to Vung Tau', 'how does #dalat stack up to #vungtau', 'dalat > vungtau' compare the two (SQL)", async () => {
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const medianOf = async (topic: string) => {
      const ids = new Set(await searchIds(topic));
      return median(plays.filter((v) => ids.has(v.id)).map((v) => v.plays));
    };
    for (const q of [
      "Is Da Lat ahead of Vung Tau on median plays?",
      "Da Lat relative to Vung Tau: median plays",
      "How does #dalat stack up to #vungtau on median plays?",
      "dalat > vungtau on median plays?",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "plays" });
      expect((plan as { compare_topics?: string[] }).compare_topics, q).toEqual(["dalat", "vungtau"]);
      expect(groupValue(result, "dalat"), q).toBe(await medianOf("dalat"));
    }
    // "Relative to followers" still divides by followers (declined), and "plays > 1000" is a bound.
    expect(aggregateOf(await ask("likes relative to followers for dalat creators")).plan.intent).toBe(
      "decline",
    );
    expect(aggregateOf(await ask("dalat videos with plays > 1000")).plan.filters).toContain("plays>1000");
  });
});

describe("a performance marketer's shorthand (stop 53)", () => {
  it("'ER%' is the engagement rate; 'saves:likes' saves per like; 'everything but Da Lat' leaves Da Lat out; 'excluding the top 1%' finds no text 'top'", async () => {
    expect(aggregateOf(await ask("median ER% of dalat videos")).plan).toMatchObject({
      intent: "measure",
      metric: "engagement",
      topics: ["dalat"],
    });
    expect(aggregateOf(await ask("saves:likes for dalat vs vungtau")).plan).toMatchObject({
      metric: "saves_per_like",
      group_by: "topic",
    });
    // (A sentence's colon is none: "… 468k plays: shares per 1,000 plays".)
    expect(
      aggregateOf(await ask("the dalat ad with 468k plays: shares per 1,000 plays, and where does it rank?"))
        .plan.metric,
    ).toBe("share_rate");
    const rest = aggregateOf(await ask("everything but Da Lat: how many videos?"));
    expect(rest.plan).toMatchObject({ intent: "count", filters: ["not_q=dalat"] });
    const dalat = new Set(await searchIds("dalat"));
    const all = db.prepare("SELECT id FROM videos").pluck().all() as string[];
    expect(rest.result.count).toBe(all.filter((id) => !dalat.has(id)).length);
    expect(
      aggregateOf(await ask("median plays of dalat videos excluding the top 1% of videos")).plan.filters,
    ).not.toContain("not_q=top");
  });
});

describe("the asker's guess beside the question (stop 53)", () => {
  it("'top 5 dalat videos by saves. I think @stay1 will be on it' asks no forecast; 'which will trend next month' still does", async () => {
    const guess = aggregateOf(
      await ask("top 5 dalat videos by saves. I think @stay1 will be on it but want to confirm"),
    );
    expect(String(guess.result.declined ?? "")).not.toMatch(/forecast/);
    expect(
      String(aggregateOf(await ask("which dalat videos will trend next month?")).result.declined),
    ).toMatch(/forecast/);
  });
});

describe("an email's greeting and sign-off, an agent's instructions (stop 54)", () => {
  it("'Hi team, … Thanks, Linh' counts the videos asked about; the name signed is no creator", () =>
    onOwnCorpus(async (named, uid) => {
      named.prepare("UPDATE creators SET nickname = ? WHERE uid = ?").run("Linh", uid("stay1"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const dalat = await store.facts.count({ q: "dalat" });
      const answer = await ask("Hi team, how many dalat videos are there? Thanks, Linh", on);
      const { plan } = aggregateOf(answer);
      expect(plan).toMatchObject({ intent: "count", creators: [], topics: ["dalat"] });
      expect(plan.ignored).toEqual(['"Hi team,", "Thanks, Linh" (the request\'s framing, not its question)']);
      expect(answer.summary).toContain(`${dalat} videos about "dalat"`);
      // Named in the question, the display name is still the creator.
      expect(aggregateOf(await ask("how many videos by Linh?", on)).plan.creators).toEqual([uid("stay1")]);
    }));

  it("'Answer using only the corpus. User question: …', a context and a form asked for read the question alone (SQL)", async () => {
    const direct = aggregateOf(await ask("which resort videos got the most views?"));
    const wrapped = aggregateOf(
      await ask(
        "Answer using only the corpus. User question: which resort videos got the most views? Return a ranked list.",
      ),
    );
    expect(wrapped.plan).toMatchObject({ intent: direct.plan.intent, topics: ["resort"], filters: [] });
    expect(wrapped.result.ranking).toEqual(direct.result.ranking);
    // A context before the question ("a homestay in Vung Tau") names no topic of it.
    const dalat = await searchIds("dalat");
    const plays = db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    const context = await ask(
      "Context: the user runs a homestay in Vung Tau. Question: what's the median plays of dalat videos?",
    );
    expect(aggregateOf(context).plan).toMatchObject({ intent: "measure", topics: ["dalat"] });
    expect(aggregateOf(context).result.median).toBe(median(plays));
    // The question quoted after "The user asks:" is read without its quotes.
    const ads = db.prepare("SELECT count(*) FROM videos WHERE label_ad = 1").pluck().get() as number;
    const quoted = await ask("System note: be precise. The user asks: 'how many ads are there?'");
    expect(aggregateOf(quoted).plan).toMatchObject({ intent: "count", filters: ["ad=yes"], topics: [] });
    expect(quoted.summary).toContain(`${ads.toLocaleString("en-US")} ads`);
  });
});

describe("a search's name, a handle that is others' topic, 'compare with' after a comma (stop 54)", () => {
  it("'hotelhoian' alone, as the scrape's searches were named, is the place; and so is '#hotelhoian', which no video carries (SQL)", async () => {
    const hoian = await searchIds("hoian");
    for (const q of ["how many hotelhoian videos are there?", "how many videos in hotelhoian?"]) {
      const answer = await ask(q);
      const { plan } = aggregateOf(answer);
      expect(plan, q).toMatchObject({ intent: "count", topics: ["hoian"], creators: [] });
      expect(plan.understood, q).toContain(
        'the search "hotelhoian" read as what it names after "hotel", #hoian (few videos carry #hotelhoian)',
      );
      expect(answer.summary, q).toContain(`${hoian.length} videos about "hoian"`);
    }
    // Written as a tag that no video carries, it is the search too (a tag videos carry is the tag: stop 55).
    const tagged = aggregateOf(await ask("how many #hotelhoian videos are there?")).plan;
    expect(tagged.topics).toEqual(["hoian"]);
    expect(tagged.understood.join(" ")).toMatch(/the search "hotelhoian"/);
  });

  it("a handle written without '@' that others' videos carry as a tag is the topic; '@' names the account", () =>
    onOwnCorpus(async (named, uid) => {
      named.prepare("UPDATE creators SET handle = ? WHERE uid = ?").run("vungtau", uid("stay1"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const own = named
        .prepare("SELECT count(*) FROM videos WHERE author_uid = ?")
        .pluck()
        .get(uid("vungtau")) as number;
      const compared = aggregateOf(await ask("median plays of vungtau vs dalat videos", on)).plan;
      expect(compared).toMatchObject({ creators: [], compare_topics: ["vungtau", "dalat"] });
      expect(compared.understood).toContain(
        `"vungtau" read as the topic, not as @vungtau (most videos about it are others'; for the account, write "@vungtau")`,
      );
      const account = await ask("how many videos does @vungtau have?", on);
      expect(aggregateOf(account).plan.creators).toEqual([uid("vungtau")]);
      expect(account.summary).toBe(`@vungtau has ${own} videos in the corpus.`);
      // A handle that is a search's name ("hoteldanang": #danang) is the search, as "hotelluxury" is.
      named.prepare("UPDATE creators SET handle = ? WHERE uid = ?").run("hoteldanang", uid("stay2"));
      const search = aggregateOf(await ask("median plays of hoteldanang", on)).plan;
      expect(search).toMatchObject({ creators: [], topics: ["danang"] });
    }));

  it("'median plays of dalat videos, compare with hoian' sets the two side by side (SQL)", async () => {
    const answer = await ask("median plays of dalat videos, compare with hoian");
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ group_by: "topic", compare_topics: ["dalat", "hoian"], topics: [] });
    for (const tag of ["dalat", "hoian"]) {
      const plays = db
        .prepare(`SELECT plays FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds(tag))) as number[];
      expect(groupValue(result, tag)).toBe(median(plays));
    }
  });
});

describe("a bound set by the verb that reaches it, and whether any reach it (stop 54)", () => {
  it("'how many dalat videos cross 20k' counts those over 20,000 views; 'did any … hit 30k?' counts them (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const over = (op: string, bound: number) =>
      db
        .prepare(`SELECT count(*) FROM ${IN_IDS} AND plays ${op} ${bound}`)
        .pluck()
        .get(idList(dalat)) as number;
    for (const q of ["how many dalat videos cross 20k", "how many dalat videos break 20k views?"]) {
      const answer = await ask(q);
      expect(aggregateOf(answer).plan, q).toMatchObject({ intent: "count", filters: ["plays>20000"] });
      expect(answer.summary, q).toContain(`There are ${over(">", 20_000)} videos about "dalat"`);
    }
    const any = await ask("did any dalat video hit 30k?");
    expect(aggregateOf(any).plan).toMatchObject({ intent: "count", filters: ["plays>=30000"] });
    expect(any.summary).toContain(`${over(">=", 30_000)} video`);
    // (Within an email's greeting and sign-off too.)
    expect(aggregateOf(await ask("Hi team, did any dalat video hit 30k? Thanks")).plan.intent).toBe("count");
    // What happened, said before the question, is no bound on it; nor a figure rarely reached.
    expect(
      aggregateOf(await ask("my dalat video hit 30k. how do the other dalat videos do?")).plan.filters,
    ).toEqual([]);
    expect(
      aggregateOf(await ask("dalat videos rarely pass 20,000 plays. what share are under 20,000 plays?")).plan
        .filters,
    ).not.toContain("plays>20000");
    // "Did any hotels get fined by regulators?" asks what the corpus cannot see: still no count.
    expect(aggregateOf(await ask("did any dalat hotels get fined by regulators?")).plan.intent).not.toBe(
      "count",
    );
  });
});

describe("Vietnamese typed on a phone: shorthand and its figures (stop 54)", () => {
  it("'dalat co bn video', 'view tb cua video dalat la bn', 'video dalat tren 20 nghin view' (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const count = await ask("dalat co bn video");
    expect(aggregateOf(count).plan).toMatchObject({ intent: "count", topics: ["dalat"] });
    expect(count.summary).toContain(`${dalat.length} videos about "dalat"`);
    const plays = db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    const typical = aggregateOf(await ask("view tb cua video dalat la bn"));
    expect(typical.plan).toMatchObject({ intent: "measure", metric: "plays", topics: ["dalat"] });
    expect(typical.result.median).toBe(median(plays));
    // "20 nghin" is 20k; "1tr5" 1.5 million.
    expect(aggregateOf(await ask("co bn video dalat tren 20 nghin view")).plan.filters).toEqual([
      "plays>20000",
    ]);
    expect(aggregateOf(await ask("dalat videos over 1tr5 views")).plan.filters).toEqual(["plays>1500000"]);
  });
});

describe("two sides of a 'vs' written with more words than a topic (stop 54)", () => {
  it("'captions naming glamping vs captions naming halong' compares the two; 'travel: resort stuff vs hotel stuff' within travel (SQL)", async () => {
    const medianOf = async (q: string) =>
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(q))) as number[],
      );
    const named = aggregateOf(
      await ask("captions naming glamping vs captions naming halong: which gets more views?"),
    );
    expect(named.plan).toMatchObject({
      group_by: "topic",
      compare_topics: ["glamping", "halong"],
      topics: [],
    });
    expect(groupValue(named.result, "glamping")).toBe(await medianOf("glamping"));
    expect(groupValue(named.result, "halong")).toBe(await medianOf("halong"));
    const within = aggregateOf(await ask("travel: resort stuff vs hotel stuff, median plays"));
    expect(within.plan).toMatchObject({ compare_topics: ["resort", "hotel"], topics: ["travel"] });
    expect(groupValue(within.result, "resort")).toBe(await medianOf("travel resort"));
    // One topic on each side is compared; the others are said to be left out, never all ANDed.
    const two = aggregateOf(await ask("vungtau hotel pics vs dalat homestay pics, median plays"));
    expect(two.plan).toMatchObject({ compare_topics: ["vungtau", "dalat"], topics: [] });
    expect(two.plan.ignored).toContain(
      'hotel (one topic on each side of "vs" is compared: "vungtau" and "dalat")',
    );
    // A set against its whole or its absence is read as before.
    const whole = aggregateOf(await ask("median plays of resort videos vs the rest of travel")).plan;
    expect(whole.compare_topics ?? []).toEqual([]);
    expect(whole.ignored.join(" ")).not.toMatch(/one topic on each side/);
  });
});

describe("figures written in words, powers of ten and figures (stop 54)", () => {
  it("'half a million+', 'a quarter of a million', 'seven-figure', '1e5', '1tr5 … trở lên' are bounds; a median's figure is none", async () => {
    const filtersOf = async (q: string) => aggregateOf(await ask(q)).plan.filters;
    expect(await filtersOf("dalat videos with half a million+ views")).toEqual(["plays>=500000"]);
    expect(await filtersOf("dalat videos over a quarter of a million views")).toEqual(["plays>250000"]);
    expect(await filtersOf("how many creators have at least one seven-figure video")).toEqual([
      "plays>=1000000",
    ]);
    expect(await filtersOf("how many vids beat 1e5?")).toEqual(["plays>100000"]);
    expect(await filtersOf("1tr5 view trở lên ở dalat có mấy video")).toEqual(["plays>=1500000"]);
    // A bound followed by a comma and another ask is still one; a figure stated of a percentile is none, nor a
    // second band set against the first, and a figure is never the hashtag #100k.
    expect(await filtersOf("dalat vs vungtau: % over 20k, median likes")).toEqual(["plays>20000"]);
    const stated = aggregateOf(
      await ask("dalat's p90 is just under 30k. how many dalat videos cross 20k?"),
    ).plan;
    expect(stated.filters).toEqual(["plays>20000"]);
    expect(stated.topics).toEqual(["dalat"]);
    expect(await filtersOf("dalat videos over 20k vs the ones under 15k: median likes")).toEqual([
      "plays>20000",
    ]);
  });
});

describe("a message of several asks (stop 54)", () => {
  it("'Da Lat check: 1) how many videos 2) median plays 3) top creator' counts them and lists the other asks (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const answer = await ask("dalat check: 1) how many videos 2) median plays 3) top creator by saves");
    const { plan } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "count", topics: ["dalat"], filters: [] });
    expect(plan.ignored).toEqual([
      '"median plays", "top creator by saves" (the message\'s other asks: one is answered at a time; ask each on its own)',
    ]);
    expect(answer.summary).toContain(`${dalat.length} videos about "dalat"`);
  });
});

describe("the creators of topics compared (stop 55)", () => {
  it("'how many creators post about dalat vs vungtau', 'which has more creators', 'median followers of creators in … vs …' each topic's creators (SQL)", async () => {
    const creatorsOf = async (q: string) =>
      db
        .prepare(`SELECT DISTINCT author_uid FROM ${IN_IDS}`)
        .pluck()
        .all(idList(await searchIds(q))) as string[];
    const [dalat, vungtau] = [await creatorsOf("dalat"), await creatorsOf("vungtau")];
    for (const q of [
      "how many creators post about dalat vs vungtau",
      "which has more creators, dalat or vungtau?",
    ]) {
      const answer = await ask(q);
      expect(aggregateOf(answer).plan, q).toMatchObject({
        intent: "count",
        subject: "creators",
        topics: [],
        compare_topics: ["dalat", "vungtau"],
      });
      expect(answer.summary, q).toContain(
        `"dalat": There are ${dalat.length} creators with at least one of the videos about "dalat"`,
      );
      expect(answer.summary, q).toContain(
        `"vungtau": There are ${vungtau.length} creators with at least one of the videos about "vungtau"`,
      );
    }
    const followers = (uids: string[]) =>
      median(
        uids.map(
          (uid) => db.prepare("SELECT followers FROM creators WHERE uid = ?").pluck().get(uid) as number,
        ),
      );
    const measured = await ask("median follower count of creators in the dalat search vs the vungtau search");
    expect(aggregateOf(measured).plan).toMatchObject({ intent: "measure", metric: "followers", topics: [] });
    expect(measured.summary).toContain(
      `The median follower count of the ${dalat.length} creators of videos about "dalat" is ${followers(dalat).toLocaleString("en-US")}`,
    );
    expect(measured.summary).toContain(
      `The median follower count of the ${vungtau.length} creators of videos about "vungtau" is ${followers(vungtau).toLocaleString("en-US")}`,
    );
    // A ranking of creators: within each topic.
    const ranked = await ask("top creators in dalat vs vungtau");
    expect(aggregateOf(ranked).plan).toMatchObject({ intent: "rank", compare_topics: ["dalat", "vungtau"] });
    expect(ranked.summary).toMatch(/^Ranked within each topic: the creators by views/);
  });
});

describe("topics compared on their length (stop 55)", () => {
  it("'how long are dalat videos vs vungtau videos' compares the median lengths; 'median plays by length for each' breaks each down (SQL)", async () => {
    const lengthOf = async (q: string) =>
      median(
        db
          .prepare(`SELECT duration_s FROM ${IN_IDS} AND duration_s IS NOT NULL AND media_type = 'video'`)
          .pluck()
          .all(idList(await searchIds(q))) as number[],
      );
    for (const q of [
      "how long are dalat videos vs vungtau videos",
      "average duration of #dalat vs #vungtau videos",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({
        intent: "breakdown",
        group_by: "topic",
        metric: "duration",
        compare_topics: ["dalat", "vungtau"],
      });
      expect(groupValue(result, "dalat"), q).toBe(await lengthOf("dalat"));
      expect(groupValue(result, "vungtau"), q).toBe(await lengthOf("vungtau"));
    }
    const banded = await ask("dalat vs vungtau videos: median plays by length bucket for each");
    expect(aggregateOf(banded).plan).toMatchObject({
      group_by: "length",
      metric: "plays",
      compare_topics: ["dalat", "vungtau"],
    });
    expect(banded.summary).toMatch(/^Within each topic — "dalat": .*; "vungtau": /);
  });
});

describe("a search's name written as a tag no video carries (stop 55)", () => {
  it("'#hoteldalat vs #hotelhalong searches' and '#hoteldalat' alone are the places searched (SQL)", async () => {
    const compared = aggregateOf(await ask("median plays of the #hoteldalat vs #hotelhalong searches"));
    expect(compared.plan).toMatchObject({ group_by: "topic", compare_topics: ["dalat", "halong"] });
    const plays = async (q: string) =>
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(q))) as number[],
      );
    expect(groupValue(compared.result, "halong")).toBe(await plays("halong"));
    const alone = aggregateOf(await ask("median plays of #hoteldalat"));
    expect(alone.plan).toMatchObject({ topics: ["dalat"], ignored: [] });
    expect(alone.result.median).toBe(await plays("dalat"));
    // A tag the videos carry is the tag.
    expect(aggregateOf(await ask("median plays of #vungtauhotel")).plan.topics).toEqual(["vungtauhotel"]);
  });
});

describe("formal Vietnamese (stop 55)", () => {
  it("'Cho tôi biết …', 'Hãy liệt kê …', 'số lượng', 'gắn thẻ', 'chú thích', 'đạt trên', 'từ … trở lên' are read, not searched for (SQL)", async () => {
    const dalat = await searchIds("dalat");
    const plays = db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[];
    const measured = aggregateOf(await ask("Cho tôi biết trung vị lượt xem của các video gắn thẻ #dalat."));
    expect(measured.plan).toMatchObject({
      intent: "measure",
      metric: "plays",
      topics: ["dalat"],
      ignored: [],
    });
    expect(measured.result.median).toBe(median(plays));
    const listed = aggregateOf(
      await ask("Hãy liệt kê các video có chú thích nhắc đến Đà Lạt đạt trên 20.000 lượt xem."),
    );
    expect(listed.plan).toMatchObject({ topics: ["dalat"], filters: ["plays>20000"], ignored: [] });
    const compared = aggregateOf(
      await ask("So sánh số lượng video và trung vị lượt thích giữa nhóm từ khóa #dalat và #vungtau."),
    );
    expect(compared.plan).toMatchObject({
      group_by: "topic",
      compare_topics: ["dalat", "vungtau"],
      topics: [],
    });
    // What the corpus cannot see is declined, not searched for as words.
    expect(
      aggregateOf(await ask("Cho tôi biết công suất phòng trung bình của các khách sạn tại Đà Lạt.")).plan
        .intent,
    ).toBe("decline");
    // "Từ 3 video trở lên": at least 3.
    const prolific = db
      .prepare(`SELECT author_uid FROM ${IN_IDS} GROUP BY author_uid HAVING count(*) >= 3`)
      .pluck()
      .all(idList(dalat)) as string[];
    const many = await ask("Những nhà sáng tạo nào đã đăng từ 3 video trở lên về Đà Lạt?");
    expect(aggregateOf(many).plan).toMatchObject({ subject: "creators", topics: ["dalat"], ignored: [] });
    expect(aggregateOf(many).result.ranking).toHaveLength(prolific.length);
  });
});

describe("captions named as where the words are (stop 55)", () => {
  it("'videos whose captions mention homestay', 'mention homestay in the caption' search the words, leaving nothing unread (SQL)", async () => {
    const homestay = await searchIds("homestay");
    for (const q of [
      "how many videos whose captions mention homestay",
      "how many videos mention homestay in the caption",
    ]) {
      const answer = await ask(q);
      expect(aggregateOf(answer).plan, q).toMatchObject({
        intent: "count",
        topics: ["homestay"],
        ignored: [],
      });
      expect(answer.summary, q).toContain(`There are ${homestay.length} videos about "homestay"`);
    }
  });
});

describe("each video cited carries its link (stop 55)", () => {
  it("'top 3 dalat videos by views, with links', 'send me the link', 'link + plays': every video cited gives its link, and the asking words are read", () =>
    onOwnCorpus(async (named) => {
      const link = (id: string) => `https://www.tiktok.com/@stay/video/${id}`;
      const dalat = new Set(await searchIds("dalat"));
      // (Links recorded for the Đà Lạt videos only: a video without one is cited without it.)
      const set = named.prepare("UPDATE videos SET url = ? WHERE id = ?");
      for (const id of dalat) set.run(link(id), id);
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      for (const q of [
        "top 3 dalat videos by views, with links",
        "which dalat video has the most views? send me the link",
        "top dalat video by views. link + plays",
      ]) {
        const answer = await ask(q, on);
        expect(aggregateOf(answer).plan.ignored, q).toEqual([]);
        const cited = answer.findings.flatMap((f) => f.evidence).filter((e) => e.type === "video");
        expect(cited.length, q).toBeGreaterThan(0);
        for (const e of cited) expect(e.figures.url, q).toBe(link(e.id));
      }
      const unlinked = (await ask("top 3 vungtau videos by views", on)).findings
        .flatMap((f) => f.evidence)
        .filter((e) => e.type === "video" && !dalat.has(e.id));
      expect(unlinked.length).toBeGreaterThan(0);
      for (const e of unlinked) expect(e.figures).not.toHaveProperty("url");
      // A link in a bio is no request for links.
      expect(
        aggregateOf(await ask("how many dalat captions mention link in bio", on)).plan.understood.join(" "),
      ).not.toMatch(/each video's link/);
    }));
});

describe("groups of places the question defines (stop 55)", () => {
  it("'coast = vungtau, danang, halong / highlands = dalat', 'vungtau + danang against dalat + hoian': each group the videos about any of its places (SQL)", async () => {
    const playsOfAny = async (qs: string[]) => {
      const ids = new Set<string>();
      for (const q of qs) for (const id of await searchIds(q)) ids.add(id);
      return median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList([...ids])) as number[],
      );
    };
    const defined = aggregateOf(
      await ask("coast vs highlands, median plays? coast = Vung Tau, Da Nang, Ha Long / highlands = Da Lat"),
    );
    expect(defined.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", topics: [], ignored: [] });
    expect(groupValue(defined.result, "coast (vungtau, danang, halong)")).toBe(
      await playsOfAny(["vungtau", "danang", "halong"]),
    );
    expect(groupValue(defined.result, "highlands (dalat)")).toBe(await playsOfAny(["dalat"]));
    const added = aggregateOf(
      await ask("beach vs hills: Vung Tau + Da Nang against Da Lat + Hoi An, median plays"),
    );
    expect(added.plan).toMatchObject({ group_by: "bounds", topics: [] });
    expect(groupValue(added.result, "beach (vungtau, danang)")).toBe(await playsOfAny(["vungtau", "danang"]));
    expect(groupValue(added.result, "hills (dalat, hoian)")).toBe(await playsOfAny(["dalat", "hoian"]));
    // An agent's filter written with "=" is no group.
    expect(aggregateOf(await ask("hashtag = dalat: median plays")).plan.group_by).not.toBe("bounds");
  });
});

describe("slips of the keyboard and of the voice (stop 55)", () => {
  it("'meidan', 'non ads', 'so yeah', 'in vung tau no wait da lat', 'no wait make it over 20 thousand' are read as meant", async () => {
    const ads = aggregateOf(await ask("whats the meidan plays of ads vs non ads")).plan;
    expect(ads).toMatchObject({
      intent: "breakdown",
      group_by: "ad",
      metric: "plays",
      topics: [],
      ignored: [],
    });
    const yeah = aggregateOf(await ask("so yeah how many dalat videos are there")).plan;
    expect(yeah).toMatchObject({ intent: "count", topics: ["dalat"], ignored: [] });
    const place = aggregateOf(await ask("um in vung tau no wait da lat what's the most viewed video")).plan;
    expect(place).toMatchObject({ intent: "rank", topics: ["dalat"], ignored: [] });
    const bound = aggregateOf(
      await ask("what percentage of videos have over 10 thousand plays no wait make it over 20 thousand"),
    ).plan;
    expect(bound.ignored).toEqual([]);
    expect(bound.understood).toContain('over 20,000 views (from "over 20 thousand plays")');
    // "Actually" is no correction of a place: "a hotel actually in Vietnam" keeps the hotel.
    expect(
      aggregateOf(await ask("what's the most commented video about a homestay actually in dalat?")).plan
        .topics,
    ).toEqual(["homestay", "dalat"]);
  });
});

describe("asides after the question (stop 56)", () => {
  it("'…? we're thinking about a homestay post', '…? mình định mở homestay ở Vũng Tàu': why it is asked, no topics (search)", async () => {
    const dalat = await searchIds("dalat");
    for (const q of [
      "How many Da Lat videos are there? we're thinking about a homestay post with a pool",
      "How many Da Lat videos are there? someone told me resort videos get pushed more",
      "Có bao nhiêu video Đà Lạt? mình định mở homestay ở Vũng Tàu",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "count", topics: ["dalat"] });
      expect(plan.ignored.join(" "), q).toMatch(/the request's framing, not its question/);
      expect(result.count, q).toBe(dalat.length);
    }
    // A sentence after the question that asks something is kept.
    const kept = aggregateOf(
      await ask("Which Da Lat video has the most views? I'm curious how many of them are ads"),
    ).plan;
    expect(kept.ignored.join(" ")).not.toMatch(/framing/);
  });
});

describe("words set apart by a slash (stop 56)", () => {
  it("'vungtau/danang videos', '\"rừng thông\" / \"hồ bơi\"': the videos about any of them (search); not what is left out", async () => {
    const either = new Set([...(await searchIds("vungtau")), ...(await searchIds("danang"))]);
    const { plan, result } = aggregateOf(await ask("How many vungtau/danang videos are there?"));
    expect(plan).toMatchObject({ intent: "count", filters: ["any_q=vungtau|danang"], topics: [] });
    expect(plan.understood).toContain('videos about any of "vungtau", "danang" (from "/")');
    expect(result.count).toBe(either.size);
    const words = new Set([...(await searchIds('"rung thong"')), ...(await searchIds('"ho boi"'))]);
    const spaced = aggregateOf(await ask('how many captions mention "rừng thông" / "hồ bơi"?'));
    expect(spaced.plan).toMatchObject({ intent: "count", topics: [] });
    expect(spaced.result.count).toBe(words.size);
    expect(words.size).toBeGreaterThan((await searchIds('"ho boi"')).length);
    // ("not vungtau / danang": left out, not a union.)
    expect(aggregateOf(await ask("how many videos are not vungtau / danang?")).plan.filters).not.toContain(
      "any_q=vungtau|danang",
    );
  });
});

describe("is a hashtag worth it (stop 56)", () => {
  it("'is it worth using #fyp on resort videos?': resort videos with the tag against the others (search, SQL)", async () => {
    const resort = new Set(await searchIds("resort"));
    const fyp = new Set(await searchIds("fyp"));
    const plays = (keep: (id: string) => boolean) =>
      median(
        (db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[])
          .filter((v) => resort.has(v.id) && keep(v.id))
          .map((v) => v.plays),
      );
    for (const q of ["is it worth using #fyp on resort videos?", "resort videos: is #fyp worth it?"]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "breakdown", group_by: "bounds", topics: ["resort"] });
      expect(groupValue(result, 'about "fyp"'), q).toBe(plays((id) => fyp.has(id)));
      expect(groupValue(result, 'not about "fyp"'), q).toBe(plays((id) => !fyp.has(id)));
    }
    // "A correlation between the number of hashtags and views": the groups by number of hashtags.
    expect(
      aggregateOf(await ask("Is there a correlation between the number of hashtags and views?")).plan
        .group_by,
    ).toBe("hashtag_count");
  });
});

describe("prices written as examples (stop 56)", () => {
  it("'captions that put the price in (like \"giá tốt\" or \"300k\") vs the ones that don't': the examples against the rest (search, SQL); a price's figure is still not recorded", async () => {
    const either = new Set([...(await searchIds('"gia tot"')), ...(await searchIds("300k"))]);
    expect(either.size).toBeGreaterThan(0);
    const plays = db.prepare("SELECT id, plays FROM videos").all() as { id: string; plays: number }[];
    const { plan, result } = aggregateOf(
      await ask(
        'Do videos that put the price right in the caption (like "giá tốt" or "300k") get more views than ones that don\'t mention price?',
      ),
    );
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      bands: ['about "gia tot" or "300k"', 'about neither "gia tot" nor "300k"'],
      topics: [],
    });
    expect(groupValue(result, 'about "gia tot" or "300k"')).toBe(
      median(plays.filter((v) => either.has(v.id)).map((v) => v.plays)),
    );
    expect(groupValue(result, 'about neither "gia tot" nor "300k"')).toBe(
      median(plays.filter((v) => !either.has(v.id)).map((v) => v.plays)),
    );
    const listed = aggregateOf(
      await ask('captions with a price pattern (e.g. "giá tốt", "300k"): top 5 by plays'),
    );
    expect(listed.plan).toMatchObject({ intent: "rank", filters: ['any_q="gia tot"|300k'] });
    // A price's figure is read from the text (stop 64); the example quoted is one of the prices read.
    const figure = aggregateOf(
      await ask('what is the median quoted price per night in captions like "300k"?'),
    ).plan;
    expect(figure).toMatchObject({
      intent: "measure",
      price_figure: { of: "median", night: true },
      topics: [],
    });
    expect(figure.understood).toContain('"300k": an example of the prices read, not a word to find');
    // With no example quoted, a price stated is read from the text (the stop-63 tests check it against SQL).
    expect(aggregateOf(await ask("how many captions put a price in?")).plan).toMatchObject({
      intent: "count",
      filters: ["price=yes"],
    });
  });
});

describe("topics compared on a measure and their median length (stop 56)", () => {
  it("'compare vungtau vs danang: median plays, median duration': each topic's median plays, not one median length (search)", async () => {
    const plays = async (q: string) =>
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList(await searchIds(q))) as number[],
      );
    const { plan, result } = aggregateOf(
      await ask("compare vungtau vs danang: median plays, median duration"),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "topic", metric: "plays" });
    expect(groupValue(result, "vungtau")).toBe(await plays("vungtau"));
    expect(groupValue(result, "danang")).toBe(await plays("danang"));
  });
});

describe("a cause asked after the question, and 'cho em hỏi' (stop 56)", () => {
  it("'median plays of Da Lat videos? and why is the top one so big?' answers the first, the why said unanswered (SQL); 'cho mình hỏi' asks politely", async () => {
    const dalat = await searchIds("dalat");
    const { plan, result } = aggregateOf(
      await ask(
        "What are the median plays of Da Lat videos? and why is the top one so big, should I drop it?",
      ),
    );
    expect(plan).toMatchObject({ intent: "measure", metric: "plays", topics: ["dalat"] });
    expect(plan.ignored.join(" ")).toMatch(/why is not answered: causes are not in the corpus/);
    expect(result.median).toBe(
      median(db.prepare(`SELECT plays FROM ${IN_IDS}`).pluck().all(idList(dalat)) as number[]),
    );
    // A question that asks why first is still declined.
    expect(
      aggregateOf(await ask("Why is the top Da Lat video so big? what are its plays?")).plan.intent,
    ).toBe("decline");
    for (const q of [
      "cho minh hoi video dalat nao nhieu view nhat",
      "Cho em hỏi, video Đà Lạt nào nhiều view nhất?",
    ]) {
      const asked = aggregateOf(await ask(q)).plan;
      expect(asked, q).toMatchObject({ intent: "rank", topics: ["dalat"] });
      expect(asked.ignored.join(" "), q).not.toMatch(/\bh(?:ỏ|o)i\b/);
    }
  });
});

describe("'are there … videos', a comparative of several words, a handle ending in '_' (stop 56)", () => {
  it("'are there glamping videos?' counts them (search); 'does #a have a higher share/like ratio than #b?' compares the two; 'stay_' is the account; 'more likely to be ads' is the share of ads", () =>
    onOwnCorpus(async (named, uid) => {
      named.prepare("UPDATE creators SET handle = 'stay_' WHERE uid = ?").run(uid("stay1"));
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const glamping = await searchIds("glamping");
      expect(glamping.length).toBeGreaterThan(0);
      for (const q of ["Are there glamping videos?", "are there videos about glamping?"]) {
        const { plan, result } = aggregateOf(await ask(q, on));
        expect(plan.intent, q).toBe("count");
        expect(result.count, q).toBe(glamping.length);
      }
      // ("Are there more Da Lat videos than Vung Tau videos?" still compares.)
      expect(
        aggregateOf(await ask("are there more dalat videos than vungtau videos?", on)).plan,
      ).toMatchObject({
        intent: "breakdown",
        group_by: "topic",
      });
      const compared = aggregateOf(
        await ask("does #dalat have a higher share/like ratio than #vungtau? one of my hypotheses", on),
      );
      expect(compared.plan).toMatchObject({ intent: "breakdown", group_by: "topic" });
      expect(compared.plan.understood).toContain("metric shares per like (shares ÷ likes)");
      expect(compared.result.ranking).toEqual(expect.arrayContaining(["dalat", "vungtau"]));
      const profile = aggregateOf(await ask("what's the follower count of stay_?", on)).plan;
      expect(profile).toMatchObject({
        intent: "profile",
        creators: [uid("stay_")],
      });
      const share = aggregateOf(await ask("are resort vids more likely to be ads than hotel vids?", on)).plan;
      expect(share).toMatchObject({ intent: "breakdown", group_by: "topic" });
      expect(share.understood).toContain("the share of ads within each group");
    }));
});

describe("a view of videos about any of several words (stop 57)", () => {
  it("'trending videos tagged #cantho or #halong' searches each word in the trending order and merges them, past the 1,000 leading videos", () =>
    onOwnCorpus(async (named) => {
      // 1,050 newer, far more played videos about something else lead the trending order.
      await importItems(
        named,
        "filler.json",
        Array.from({ length: 1050 }, (_, i) => ({
          id: String(7_500_000_000_000_000_000n + BigInt(i)),
          text: `Filler clip ${i} #filler`,
          textLanguage: "en",
          createTime: SCRAPED - DAY,
          hashtags: [{ name: "filler" }],
          authorMeta: { id: "6999999", name: "filler", nickName: "Filler", fans: 10 },
          playCount: 50_000_000 + i,
          diggCount: 10,
          commentCount: 1,
          shareCount: 1,
          collectCount: 1,
        })),
      );
      const store = createSqliteStore(named);
      const on = { store, registry: registryOn(store) };
      const found = async (q: string) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const out = await callTool(on.registry, "service_search_videos", {
            q,
            limit: 50,
            ...(cursor ? { cursor } : {}),
          });
          ids.push(...(out.data as { id: string }[]).map((v) => v.id));
          cursor = (out.meta as unknown as { next_cursor: string | null }).next_cursor ?? undefined;
        } while (cursor);
        return ids;
      };
      const either = [...new Set([...(await found("cantho")), ...(await found("halong"))])];
      expect(either.length).toBeGreaterThan(0);
      const inOrder = (by: string) =>
        named
          .prepare(
            `SELECT id FROM videos WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ${by} DESC, id DESC`,
          )
          .pluck()
          .all(JSON.stringify(either)) as string[];
      const leading = named
        .prepare("SELECT id FROM videos ORDER BY trending_score DESC, id DESC LIMIT 1000")
        .pluck()
        .all() as string[];
      expect(leading.filter((id) => either.includes(id))).toEqual([]);
      const trending = aggregateOf(await ask("trending videos tagged #cantho or #halong", on));
      expect(trending.plan).toMatchObject({ intent: "trending", filters: ["any_q=cantho|halong"] });
      expect(trending.result.ranking).toEqual(inOrder("trending_score").slice(0, trending.plan.count));
      const newest = aggregateOf(await ask("newest cantho or halong videos", on));
      expect(newest.plan.intent).toBe("newest");
      expect(newest.result.ranking).toEqual(inOrder("created_at").slice(0, newest.plan.count));
    }));
});

describe("a count asked again of a second topic, a title before 'by' and its artist (stop 57)", () => {
  it("'how many videos about Da Lat, how many about Vung Tau?' counts each, side by side (search)", async () => {
    const [dalat, vungtau] = [await searchIds("dalat"), await searchIds("vungtau")];
    for (const q of [
      "how many videos about Da Lat, how many about Vung Tau?",
      "How many Da Lat videos and how many Vung Tau videos?",
    ]) {
      const both = aggregateOf(await ask(q));
      expect(both.plan, q).toMatchObject({ intent: "breakdown", group_by: "topic", topics: [] });
      expect(groupValue(both.result, "dalat"), q).toBe(dalat.length);
      expect(groupValue(both.result, "vungtau"), q).toBe(vungtau.length);
    }
    // ("… and how many of them mention Vung Tau?" asks within the first.)
    expect(
      aggregateOf(await ask("how many Da Lat videos, and how many of them mention Vung Tau?")).plan.group_by,
    ).not.toBe("topic");
  });

  it("'Lofi Chill by DJ' unquoted is that sound of that artist (SQL); a name read only in part is no artist", async () => {
    const LOFI = "7100000000000000002";
    const used = aggregateOf(await ask("how many videos use Lofi Chill by DJ?"));
    expect(used.plan).toMatchObject({ intent: "count", topics: [], ignored: [] });
    expect(used.plan.understood).toContain(`the sound "Lofi Chill" by DJ (sound ${LOFI})`);
    expect(used.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE music_id = ?").pluck().get(LOFI) as number,
    );
    // ("Stay" is an artist; "Stay Home" is not: no sound is read.)
    const other = aggregateOf(await ask("how many videos use Holiday Mood by Stay Home?")).plan;
    expect(JSON.stringify(other.filters)).not.toMatch(/sound/);
  });
});

describe("asides after the question that doubt, plan or judge (stop 57)", () => {
  it("'I don't want …', 'Before I …', '… would be funny', 'asking bc …', 'I want to say \"…\"' are framing; the question is answered (search)", async () => {
    const dalat = await searchIds("dalat");
    for (const [q, aside] of [
      ['How many Da Lat videos are there? I don\'t want a "trend" built on old clips.', "I don't want"],
      ["How many Da Lat videos are there? Before I approve another pool video.", "Before I approve"],
      ["How many Da Lat videos are there? Zero would be funny given the hype.", "Zero would be funny"],
      ["How many Da Lat videos are there? asking bc of a client pitch", "asking bc"],
      [
        'How many Da Lat videos are there? I want to say "the average Da Lat hotel is on TikTok".',
        "I want to say",
      ],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan, q).toMatchObject({ intent: "count", topics: ["dalat"] });
      expect(plan.ignored.join(" "), q).toContain(aside);
      expect(result.count, q).toBe(dalat.length);
    }
  });
});

describe("Vietnamese typed without accents: the asker's words (stop 57)", () => {
  it("reads 'cai', 'vay', 'chau', 'chu hoi ty', 'co chu' as the asker's words, not topics; places stay places", async () => {
    const rank = aggregateOf(await ask("cai video dalat nao nhieu luot xem nhat vay chau")).plan;
    expect(rank).toMatchObject({ intent: "rank", metric: "plays", topics: ["dalat"], ignored: [] });
    const both = aggregateOf(await ask("chu hoi ty: co bn video ve da lat, bn video ve vung tau trong nay"));
    expect(both.plan).toMatchObject({ intent: "breakdown", group_by: "topic", ignored: [] });
    expect(groupValue(both.result, "dalat")).toBe((await searchIds("dalat")).length);
    const phrase = aggregateOf(await ask('co bn video co chu "rừng thông" vay'));
    expect(phrase.plan).toMatchObject({ intent: "count", topics: ['"rung thong"'], ignored: [] });
    expect(phrase.result.count).toBe((await searchIds('"rừng thông"')).length);
    // ("khong bi gan co quang cao": not flagged as an ad.)
    const organic = aggregateOf(await ask("video nao co chu homestay ma khong bi gan co quang cao")).plan;
    expect(organic).toMatchObject({ topics: ["homestay"], ignored: [] });
    expect(organic.filters).toContain("ad=no");
    // ("Ha noi", "Buon Ma Thuot", "Ninh Kieu": places, not the words "nói", "mà", "kiểu".)
    for (const [q, place] of [
      ["ty le video quang cao o ha noi la bao nhieu", "ha noi"],
      ["buon ma thuot co bao nhieu video", "buon ma thuot"],
      ["ninh kieu co bao nhieu video", "ninh kieu"],
    ] as const)
      expect(aggregateOf(await ask(q)).plan.understood[0], q).toMatch(
        new RegExp(`^read ".*" as ".*\\b${place}\\b.*"$`),
      );
  });
});

describe("a flag written after 'flagged' (stop 57)", () => {
  it("'videos flagged isAd=true vs non-ad videos' are the ads against the rest, no word 'flagged' searched", async () => {
    const plan = aggregateOf(
      await ask("median plays for videos flagged isAd=true vs. all non-ad videos"),
    ).plan;
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", topics: [] });
    expect(plan.understood).toContain('read "flagged isAd=true" as "ads"');
  });
});

describe("Vietnamese as a talent scout writes it; '> 5k fans'; a handle said before 'verified' (stop 57)", () => {
  it("reads 'bao nhiêu fans, post đều ko', 'ai ổn hơn để ký', 'kênh nào có > 5k fans, ai?' and 'at sign stay one verified'", async () => {
    const uid = (handle: string) =>
      db.prepare("SELECT uid FROM creators WHERE handle = ?").pluck().get(handle) as string;
    const profile = aggregateOf(await ask("@stay1 bao nhiêu fans, post đều ko?")).plan;
    expect(profile).toMatchObject({ intent: "profile", creators: [uid("stay1")], ignored: [] });
    const pair = aggregateOf(await ask("@stay1 vs @stay2 ai ổn hơn để ký")).plan;
    expect(pair).toMatchObject({ intent: "compare", creators: [uid("stay1"), uid("stay2")], ignored: [] });
    const scouted = aggregateOf(await ask("kênh nào có > 5k fans, post về dalat, ai?")).plan;
    expect(scouted).toMatchObject({ subject: "creators", topics: ["dalat"], ignored: [] });
    expect(scouted.understood).toContain('creators with over 5,000 followers (from "over 5k fans")');
    const said = aggregateOf(
      await ask("okay so is at sign stay one verified and how many followers do they have"),
    ).plan;
    expect(said).toMatchObject({ intent: "profile", creators: [uid("stay1")] });
  });
});

describe("three or more topics listed with commas alone (stop 57)", () => {
  it("are the videos about any of them (search); compared when a comparison is asked", async () => {
    const ids = new Set([
      ...(await searchIds("dalat")),
      ...(await searchIds("vungtau")),
      ...(await searchIds("hoian")),
    ]);
    const { plan, result } = aggregateOf(await ask("median plays of videos about Da Lat, Vung Tau, Hoi An"));
    expect(plan).toMatchObject({ intent: "measure", topics: [], filters: ["any_q=dalat|vungtau|hoian"] });
    expect(result.median).toBe(
      median(
        db
          .prepare(`SELECT plays FROM ${IN_IDS}`)
          .pluck()
          .all(idList([...ids])) as number[],
      ),
    );
    const compared = aggregateOf(
      await ask("Da Lat, Vung Tau, Hoi An — which one's videos get the most views?"),
    ).plan;
    expect(compared).toMatchObject({ intent: "breakdown", group_by: "topic" });
  });
});

describe("a title written right after 'use' (stop 57)", () => {
  it("'how many videos use Lofi chill?' is that sound, unquoted (SQL)", async () => {
    const LOFI = "7100000000000000002";
    const used = aggregateOf(await ask("how many videos use Lofi chill?"));
    expect(used.plan).toMatchObject({ intent: "count", topics: [], ignored: [] });
    expect(used.plan.understood).toContain(`the sound "Lofi chill" (sound ${LOFI})`);
    expect(used.result.count).toBe(
      db.prepare("SELECT count(*) FROM videos WHERE music_id = ?").pluck().get(LOFI) as number,
    );
  });
});

describe("formal Vietnamese, a teenager's shorthand (stop 58)", () => {
  it("drops 'Kính nhờ anh/chị', 'Xin cảm ơn' and a purpose after the question; counts as SQL does", async () => {
    const formal = aggregateOf(
      await ask(
        "Kính nhờ anh/chị cho tôi biết có bao nhiêu video về Đà Lạt, để bộ phận content tham khảo cách viết hook. Xin cảm ơn.",
      ),
    );
    expect(formal.plan).toMatchObject({ intent: "count", topics: ["dalat"], ignored: [] });
    expect(formal.result.count).toBe((await searchIds("dalat")).length);
    const wanted = aggregateOf(
      await ask("Tôi muốn biết trung vị lượt xem của các video về Vũng Tàu trong toàn bộ kho dữ liệu."),
    ).plan;
    expect(wanted).toMatchObject({ intent: "measure", metric: "plays", topics: ["vungtau"], ignored: [] });
    const left = aggregateOf(
      await ask("Nhờ liệt kê 3 video về homestay có lượt xem cao nhất (đã loại Đà Lạt)"),
    ).plan;
    expect(left).toMatchObject({ intent: "rank", topics: ["homestay"], ignored: [] });
    expect(left.understood.join(" ")).toMatch(/dalat/);
  });

  it("reads 'clip … nào … z mn ơi', 'đc bn view', 'nhiều share nhất'; a handle stays as written", async () => {
    const teen = aggregateOf(await ask("clip đà lạt nào nhiều view nhất z mn ơi")).plan;
    expect(teen).toMatchObject({ intent: "rank", metric: "plays", topics: ["dalat"], ignored: [] });
    const total = aggregateOf(await ask("clip của stay1 đc bn view z")).plan;
    expect(total).toMatchObject({ metric: "plays", ignored: [] });
    const shared = aggregateOf(await ask("top 3 video vũng tàu nhiều share nhất")).plan;
    expect(shared).toMatchObject({ intent: "rank", metric: "shares", topics: ["vungtau"], ignored: [] });
    expect(fromVietnamese("co clip nao cua @nhung_nigg ve dalat ko")).toContain("@nhung_nigg");
  });
});

describe("whom a question is asked for, 'I'd like to know', 'the most loved', 'budget (#x)', '# of' (stop 58)", () => {
  it("leaves out 'I have a couple who love …' and 'For a couple who want …,' before the question (SQL)", async () => {
    const count = aggregateOf(
      await ask("I have a couple who love homestays and sunsets — how many videos about Vung Tau are there?"),
    );
    expect(count.plan).toMatchObject({ intent: "count", topics: ["vungtau"] });
    expect(count.plan.ignored.join(" ")).toMatch(/I have a couple who love homestays and sunsets/);
    expect(count.result.count).toBe((await searchIds("vungtau")).length);
    const rank = aggregateOf(
      await ask("For a couple who want a quiet resort, which Da Lat videos have the most saves?"),
    ).plan;
    expect(rank).toMatchObject({ intent: "rank", metric: "saves", topics: ["dalat"] });
    // (Not when it asks: "I have a client who wants to know how many …".)
    const asked = aggregateOf(
      await ask("I have a client who wants to know how many videos mention dalat"),
    ).plan;
    expect(asked).toMatchObject({ intent: "count", topics: ["dalat"] });
  });

  it("'I'd like to know' asks for no likes; 'the most loved' are the most liked; 'budget (#x)' is no ad spend", async () => {
    const known = aggregateOf(await ask("I'd like to know how many videos mention dalat"));
    expect(known.plan).toMatchObject({ intent: "count", topics: ["dalat"], ignored: [] });
    expect(known.plan.understood).not.toContain("metric likes");
    expect(known.result.count).toBe((await searchIds("dalat")).length);
    const loved = aggregateOf(await ask("which Da Lat videos are the most loved?")).plan;
    expect(loved).toMatchObject({ intent: "rank", metric: "likes", topics: ["dalat"] });
    const budget = aggregateOf(
      await ask("Pls compare budget (#dalat) vs luxury (#vungtau) on median plays."),
    ).plan;
    expect(budget).toMatchObject({ intent: "breakdown", group_by: "topic" });
  });

  it("'the top 5 hashtags with # of videos using each' ranks hashtags; a slide's title after it asks nothing", async () => {
    const plan = aggregateOf(
      await ask('Pls pull the top 5 hashtags with # of videos using each. Slide title will be "How we tag".'),
    ).plan;
    expect(plan).toMatchObject({ intent: "rank", group_by: "hashtag", topics: [] });
    expect(plan.ignored.join(" ")).toMatch(/Slide title will be/);
  });
});

describe("the trending collection's videos are no trend report (stop 58)", () => {
  it("'which song is used most across the trending TikToks?', 'trending vids with zero hashtags vs ones with hashtags'", async () => {
    const song = aggregateOf(await ask("which song is used most often across the trending TikToks?")).plan;
    // (The sounds of the trending view's videos, not the sounds a trend report says are rising.)
    expect(song).toMatchObject({ intent: "trending", subject: "sounds" });
    const tagged = aggregateOf(
      await ask("trending vids with zero hashtags vs ones with hashtags, median plays + median shares"),
    ).plan;
    expect(tagged).toMatchObject({ intent: "breakdown", group_by: "bounds" });
  });
});

describe("a capitalised name that is no hashtag, left out; Vietnamese 'hay' and 'tóm tắt' (stop 58)", () => {
  it("'#vungtauhotel videos excluding Traveloka' leaves out the videos naming it (SQL); 'đã loại Traveloka' too", async () => {
    const all = await searchIds("vungtauhotel");
    const named = new Set(await searchIds("traveloka"));
    const { plan, result } = aggregateOf(
      await ask("how many #vungtauhotel videos are there, excluding Traveloka?"),
    );
    expect(plan).toMatchObject({ intent: "count", topics: ["vungtauhotel"], filters: ["not_q=traveloka"] });
    expect(named.size).toBe(2);
    expect(result.count).toBe(all.filter((id) => !named.has(id)).length);
    const vi = aggregateOf(await ask("có bao nhiêu video #vungtauhotel (đã loại Traveloka)?")).plan;
    expect(vi).toMatchObject({ intent: "count", topics: ["vungtauhotel"], filters: ["not_q=traveloka"] });
    // (A name that starts like a month or a day is still a name: "Decameron", "Sunwing".)
    for (const name of ["Decameron", "Sunwing"])
      expect(
        aggregateOf(await ask(`how many #vungtauhotel videos are there, excluding ${name}?`)).plan.filters,
      ).toContain(`not_q=${name.toLowerCase()}`);
    // (Lower case, a word of the question: "excluding it from …" leaves out no word "it".)
    const it_ = aggregateOf(
      await ask("median plays of #vungtauhotel videos, or should I be excluding it from Vung Tau?"),
    ).plan;
    expect(it_.filters).not.toContain("not_q=it");
  });

  it("'hay' and 'tóm tắt' are no topics", async () => {
    const plan = aggregateOf(await ask("có bao nhiêu video về Đà Lạt, khen hay chê, tóm tắt giúp mình")).plan;
    expect(plan.topics).not.toContain("hay");
    expect(plan.ignored).not.toContain("tóm");
    expect(JSON.stringify(plan.topics)).not.toMatch(/tat|hay/);
  });
});

describe("a concentration over sounds cites videos (stop 58)", () => {
  it("'the top 2 sounds' share of the videos' plays' cites each sound's leading video, an id the store has", async () => {
    const answer = await ask("what share of the plays do the top 2 sounds hold?");
    const { plan } = aggregateOf(answer);
    expect(plan.understood.join(" ")).toMatch(/concentration: the share of .* held by the top 2 sounds/);
    const cited = answer.findings.flatMap((f) => f.evidence);
    expect(cited.length).toBeGreaterThan(0);
    expect(await unresolvedEvidence(createSqliteStore(db), answer)).toEqual([]);
    for (const e of cited) {
      expect(e.type).toBe("video");
      const music = db.prepare("SELECT music_id FROM videos WHERE id = ?").pluck().get(e.id) as string;
      expect(["7100000000000000001", "7100000000000000002"]).toContain(music);
    }
  });
});

describe("a concentration names sounds by title (stop 59)", () => {
  it("'the top 2 sounds' share' names each sound by its title and id, not by the id alone", async () => {
    const answer = await ask("what share of the plays do the top 2 sounds hold?");
    const titled = db
      .prepare("SELECT DISTINCT music_id AS id, music_title AS title FROM videos WHERE music_id IN (?, ?)")
      .all("7100000000000000001", "7100000000000000002") as { id: string; title: string }[];
    expect(titled.length).toBe(2);
    for (const s of titled) expect(answer.summary).toContain(`"${s.title}" (sound ${s.id})`);
    expect(answer.summary).not.toMatch(/(^|[^(])sound 71/);
  });
});

describe("ad-ops shorthand 'paid' is the ads (stop 59)", () => {
  it("'median plays paid (isAd) vs organic', 'top paid vid', 'running paid in #vungtau', 'paid 2023 vs paid 2024' ask of the ads; 'what CPM they paid', 'get paid' still ask of payments (SQL)", async () => {
    const sides = aggregateOf(await ask("median plays paid (isAd) vs organic pls"));
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "plays" });
    const plays = (ad: number) =>
      median(db.prepare("SELECT plays FROM videos WHERE label_ad = ?").pluck().all(ad) as number[]);
    expect(groupValue(sides.result, "ads")).toBe(plays(1));
    expect(groupValue(sides.result, "organic")).toBe(plays(0));
    const top = aggregateOf(await ask("top paid vid in #vungtau?"));
    expect(top.plan.filters).toContain("ad=yes");
    const [first] = db
      .prepare(
        "SELECT id FROM videos WHERE label_ad = 1 AND (' ' || hashtags || ' ') LIKE '% vungtau %' ORDER BY plays DESC, id",
      )
      .pluck()
      .all() as string[];
    expect(first).toBeDefined();
    expect((top.result.ranking as string[])[0]).toBe(first);
    const running = aggregateOf(await ask("Which hotels are actually running paid in #vungtau?"));
    expect(running.plan.filters).toContain("ad=yes");
    const years = aggregateOf(await ask("paid 2023 vs paid 2024 median plays"));
    expect(years.plan.understood.filter((u) => u === 'read "paid" as "ads"')).toHaveLength(1);
    expect(years.plan.filters).toContain("ad=yes");
    for (const q of ["what CPM they paid on the top video", "How much did @stay1 get paid for the video?"]) {
      const plan = aggregateOf(await ask(q)).plan;
      expect(plan.intent).toBe("decline");
      expect(plan.filters).not.toContain("ad=yes");
    }
  });
});

describe("whom videos are for, 'trước năm', a report's name and an opening 'may' (stop 59)", () => {
  it("'Korean people know …', 'Korean tourists' name no language; 'popular with Korean tourists' and 'how many tourists actually book' are declined (not recorded); 'in Korean' is still the language", async () => {
    const people = aggregateOf(
      await ask("How many Da Nang videos mention the beach? Korean people know the beach very well"),
    ).plan;
    expect(people.filters.some((f) => f.startsWith("language="))).toBe(false);
    expect(people.understood.join(" ")).not.toContain("language ko");
    const popular = aggregateOf(await ask("which Da Nang hotel is most popular with Korean tourists?"));
    expect(popular.plan.intent).toBe("decline");
    expect(String(popular.result.declined)).toMatch(/not audience demographics$/);
    const book = aggregateOf(
      await ask("Is there data how many Korean tourist actually book hotel after watching these video?"),
    );
    expect(book.plan.intent).toBe("decline");
    expect(String(book.result.declined)).toMatch(/not bookings$/);
    expect(aggregateOf(await ask("how many videos are in Korean?")).plan.understood).toContain(
      'language ko (from "korean")',
    );
  });

  it("'đăng trước năm Y' is before Y, 'từ năm Y' since Y, not the year itself (SQL)", async () => {
    // (The corpus's videos fall in one year: before it none, since it all; read as the year, both were all.)
    const y = Number(
      db.prepare("SELECT strftime('%Y', min(created_at), 'unixepoch') FROM videos").pluck().get() as string,
    );
    const start = Date.UTC(y, 0, 1) / 1000;
    const n = (where: string) =>
      db.prepare(`SELECT count(*) FROM videos WHERE ${where}`).pluck().get(start) as number;
    const before = aggregateOf(await ask(`Có bao nhiêu video được đăng trước năm ${y}?`));
    expect(before.plan.understood).toContain(`window before ${y} (from "before ${y}")`);
    expect(before.result.count).toBe(n("created_at < ?"));
    const since = aggregateOf(await ask(`có bao nhiêu video đăng từ năm ${y}`));
    expect(since.plan.understood).toContain(`window since ${y} (from "since ${y}")`);
    expect(since.result.count).toBe(n("created_at >= ?"));
    expect(n("created_at >= ?")).toBeGreaterThan(0);
  });

  it("'for my weekly report' is no window or grouping by week; 'may homestay …' opening a message is no month", async () => {
    const report = aggregateOf(
      await ask("có bao nhiêu video gắn hashtag #vungtau vậy mn, em cần số để bỏ vô weekly report"),
    );
    expect(report.plan).toMatchObject({ intent: "count", window_days: null });
    expect(report.plan).not.toHaveProperty("group_by");
    expect(report.result.count).toBe((await searchIds("vungtau")).length);
    const may = aggregateOf(await ask("may homestay da lat nao viral nhat")).plan;
    expect(may.understood.some((u) => u.startsWith("window"))).toBe(false);
    expect(fromVietnamese("bai nhac nao dc may khach san homestay dung nhieu nhat")).not.toContain(
      "mấy khách sạn",
    );
  });
});

describe("Vietnamese words of layout, asides and degree (stop 59)", () => {
  it("'sắp xếp theo năm tăng dần', '(không phân biệt chữ hoa, chữ thường)', 'trend theo tháng', 'biến động thế nào', 'càng nhiều view càng tốt', 'Hi anh chị', 'thực sự', 'bạn ấy', 'cộng tổng view lại' are read, not searched (SQL)", async () => {
    const byYear = aggregateOf(
      await ask('Trong các video có chữ "review": số video và median lượt xem, sắp xếp theo năm tăng dần.'),
    ).plan;
    expect(byYear).toMatchObject({ intent: "breakdown", group_by: "year", topics: ["review"] });
    const tags = aggregateOf(
      await ask(
        "Liệt kê 5 hashtag phổ biến nhất (không phân biệt chữ hoa, chữ thường) kèm số video mỗi hashtag.",
      ),
    ).plan;
    expect(tags).toMatchObject({ intent: "rank", subject: "hashtags", topics: [] });
    const monthly = aggregateOf(
      await ask("Em muốn xem trend theo tháng của số video #dalat, tháng nào đăng nhiều nhất"),
    );
    expect(monthly.plan).toMatchObject({ intent: "breakdown", group_by: "month", topics: ["dalat"] });
    const ads = aggregateOf(
      await ask("Số video quảng cáo theo năm biến động thế nào? Năm nào nhiều quảng cáo nhất?"),
    );
    expect(ads.plan).toMatchObject({ intent: "breakdown", group_by: "year", topics: [] });
    expect(ads.plan.filters).toContain("ad=yes");
    const most = aggregateOf(
      await ask('cho em 3 ví dụ clip có chữ "review" trong caption nha, càng nhiều view càng tốt'),
    );
    expect(most.plan).toMatchObject({ intent: "rank", metric: "plays", topics: ["review"] });
    const ids = await searchIds("review");
    const plays = db
      .prepare(`SELECT id FROM ${IN_IDS} ORDER BY plays DESC, id DESC LIMIT 3`)
      .pluck()
      .all(idList(ids));
    expect((most.result.ranking as string[]).slice(0, 3)).toEqual(plays);
    expect(
      fromVietnamese("Hi anh chị, median views của #dalat so với #vungtau chênh nhau nhiu vậy ạ?"),
    ).not.toMatch(/anh chị/);
    expect(fromVietnamese("có bao nhiêu video thực sự nói về Đà Lạt")).not.toMatch(/thực sự/);
    expect(fromVietnamese("clip của bạn ấy được bao nhiêu view")).not.toMatch(/bạn ấy/);
    expect(fromVietnamese("Four Points Ha Giang dc bn video nhac toi, cong tong view lai giup e")).toContain(
      "total views",
    );
  });
});

describe("tags left out in brackets or beside 'trending' (stop 59)", () => {
  it("'hashtags excluding generic ones (fyp, xuhuong, trending)' and 'hashtag but except fyp, trending, viral (too general)' rank the other tags; 'trending' there is a tag, no trend report", async () => {
    for (const [q, left] of [
      [
        "10 most common hashtags excluding generic ones (fyp, xuhuong, viral, trending)",
        "#fyp, #xuhuong, #viral, #trending",
      ],
      [
        "top 5 hashtag but except fyp, xuhuong, trending, viral (too general)",
        "#fyp, #xuhuong, #trending, #viral",
      ],
    ] as const) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", topics: [] });
      expect(plan.understood).toContain(`hashtags left out of the ranking: ${left}`);
      const ranking = result.ranking as string[];
      expect(ranking.length).toBeGreaterThan(0);
      for (const tag of ["fyp", "xuhuong", "trending", "viral"]) expect(ranking).not.toContain(tag);
    }
  });
});

describe("'trending tháng 12/2020' names the set, '12/2020' is no number of results (stop 59)", () => {
  it("Vietnamese 'bộ trending tháng 12/2020 … bài nhạc nào nhiều nhất' ranks sounds over the videos (no trend report); 'which 12/2020 songs', 'thang 4/2025 … nhieu nhat' list the usual number, not 12 or 4", async () => {
    const set = aggregateOf(
      await ask("Trong bộ trending tháng 12/2020, bài nhạc nào được xài nhiều nhất vậy mn?"),
    ).plan;
    expect(set).toMatchObject({ intent: "rank", subject: "sounds" });
    expect(set.understood).toContain(`read "trending" as "the collection's name"`);
    expect(set.understood.some((u) => u.startsWith("window December 2020"))).toBe(true);
    for (const q of ["which 12/2025 songs are used most?", "thang 4/2025 kenh nao dang nhieu video nhat"]) {
      const plan = aggregateOf(await ask(q)).plan;
      expect(plan.understood.some((u) => / results? \(from "which \d+"\)/.test(u))).toBe(false);
      expect(plan.understood.some((u) => u.startsWith("window"))).toBe(true);
    }
  });
});

describe("'A + B combined' is either one (stop 59)", () => {
  it("'how many videos for dalat + vungtau combined' counts the videos about either, as 'dalat and vungtau combined' does (search)", async () => {
    const either = new Set([...(await searchIds("dalat")), ...(await searchIds("vungtau"))]);
    for (const q of [
      "how many videos for dalat + vungtau combined",
      "how many videos for dalat and vungtau combined",
    ]) {
      const { plan, result } = aggregateOf(await ask(q));
      expect(plan.topics).toEqual([]);
      expect(plan.understood).toContain('videos about any of "dalat", "vungtau" (from "combined")');
      expect(result.count).toBe(either.size);
    }
  });
});

describe("a ratio asked with no ranking is measured (stop 59)", () => {
  it("'ti le like/view trung binh cua #dalat la bn', 'tỉ lệ save/view của clip homestay là bao nhiêu %', 'save/view ratio of #vungtau videos' measure the rate; 'ratio outliers' still lists videos", async () => {
    for (const [q, metric] of [
      ["ti le like/view trung binh cua #dalat la bn", "like_rate"],
      ["tỉ lệ save/view của clip #homestay là bao nhiêu %", "save_rate"],
      ["save/view ratio of #vungtau videos", "save_rate"],
    ] as const) {
      const { plan } = aggregateOf(await ask(q));
      expect(plan).toMatchObject({ intent: "measure", metric });
    }
    const outliers = aggregateOf(
      await ask("likes-to-comments ratio outliers: videos with more than 500 likes per comment"),
    ).plan;
    expect(outliers.intent).toBe("rank");
  });
});

describe("the searches that found the videos, as imported (stop 61)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  beforeAll(async () => {
    searched = tempDb().db;
    await importScrape(searched, undefined, true);
    const store = createSqliteStore(searched);
    on = { store, registry: registryOn(store) };
  });
  afterAll(() => searched.close());
  const inSearch = (name: string, column = "id") =>
    searched
      .prepare(
        `SELECT ${column} FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = ?)`,
      )
      .pluck()
      .all(name) as number[];

  it("'the Cần Thơ search', 'the hotel dalat search', 'input=hotelhoian' are the videos that search found, those not tagged so too (SQL)", async () => {
    for (const [q, name] of [
      ["How did the Cần Thơ search do by month?", "hotelcantho"],
      ["how many videos did the hotel dalat search find?", "hoteldalat"],
      ["how many videos for input=hotelhoian", "hotelhoian"],
    ] as const) {
      const { plan } = aggregateOf(await ask(q, on));
      expect(plan.topics).toEqual([]);
      expect(plan.filters).toEqual([`collection=${name}`]);
      expect(plan.understood.some((u) => u.startsWith(`collection "${name}"`))).toBe(true);
    }
    const dalat = aggregateOf(await ask("how many videos did the hotel dalat search find?", on));
    // The Đà Lạt videos tagged only #travel among them.
    expect(dalat.result.count).toBe(inSearch("hoteldalat").length);
    expect(dalat.result.count).toBe(11);
  });

  it("'which search had the lowest median saves?', 'Da Lat vs Vung Tau searches: median views' set each search's videos side by side, with the caveat (SQL)", async () => {
    const all = await ask("Which search had the lowest median saves?", on);
    const each = aggregateOf(all);
    expect(each.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "saves" });
    const names = searched
      .prepare("SELECT DISTINCT collection FROM video_collections ORDER BY 1")
      .pluck()
      .all() as string[];
    expect([...(each.result.ranking as string[])].sort()).toEqual(names);
    for (const name of names) expect(groupValue(each.result, name)).toBe(median(inSearch(name, "saves")));
    expect(all.caveats.some((c) => c.startsWith("Each group is the videos one search found"))).toBe(true);
    const two = aggregateOf(await ask("the Da Lat vs Vung Tau searches: median views", on));
    expect(two.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "plays" });
    expect([...(two.result.ranking as string[])].sort()).toEqual(["hoteldalat", "hotelvungtau"]);
    expect(groupValue(two.result, "hotelvungtau")).toBe(median(inSearch("hotelvungtau", "plays")));
    // An account's videos, by search.
    const account = aggregateOf(await ask("@stay0: break its median views down by search", on));
    expect(account.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "plays" });
    const own = searched
      .prepare(
        "SELECT DISTINCT c.collection FROM video_collections c JOIN videos v ON v.id = c.video_id JOIN creators a ON a.uid = v.author_uid WHERE a.handle = 'stay0' ORDER BY 1",
      )
      .pluck()
      .all();
    expect([...(account.result.ranking as string[])].sort()).toEqual(own);
  });

  it("'top 2 videos per search' ranks within each search (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("top 2 videos per search", on));
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", group_by: "collection", count: 2 });
    const groups = result.groups as { group: string; ranking: string[] }[];
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) {
      const name = g.group.replaceAll('"', "");
      const top = searched
        .prepare(
          "SELECT id FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = ?) ORDER BY plays DESC, id DESC LIMIT 2",
        )
        .pluck()
        .all(name);
      expect(g.ranking).toEqual(top);
    }
  });

  it("with no searches recorded, 'which searched place …' is declined saying how to import them, and a search named is read as its place", async () => {
    const declined = await ask("Which searched place had the lowest median saves?");
    expect(declined.summary).toMatch(/does not record the search that found each video.*--collection NAME/);
    const place = aggregateOf(await ask("how many videos did the Vung Tau search find?")).plan;
    expect(place.topics).toEqual(["vungtau"]);
    // With searches recorded, one no search is named after is read as its place likewise, said so.
    const unnamed = aggregateOf(await ask("how many videos did the Ha Long search find?", on)).plan;
    expect(unnamed.filters).toEqual(["collection=hotelhalong"]);
    const none = aggregateOf(await ask("how many videos did the glamping search find?", on)).plan;
    expect(none.topics).toEqual(["glamping"]);
    expect(none.understood).toContain(
      "a search read as the videos about what it names (none of the 7 searches imported is named so)",
    );
  });
});

describe("every search of a word's, imports side by side, counts a source lacks (stop 62)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  /** The trending set's videos: published about 400 days before the scrape's newest, in one collection. */
  const TRENDING_AT = SCRAPED - 400 * DAY;
  beforeAll(async () => {
    searched = tempDb().db;
    await importScrape(searched, undefined, true);
    // A second import, every video in one collection, whose source records no saves (as the Kaggle trending set).
    await importItems(
      searched,
      "trending.json",
      Array.from({ length: 24 }, (_, i) => ({
        id: String(6_900_000_000_000_000_000n + BigInt(i)),
        text: `dance challenge number ${i} #fyp`,
        createTime: TRENDING_AT + i * 3600,
        // Two videos per creator; no follower counts, as the Kaggle export records none.
        authorMeta: {
          id: String(5_000_000 + (i % 12)),
          name: `dancer${i % 12}`,
          nickName: `Dancer ${i % 12}`,
        },
        playCount: 100_000 + i * 1_000,
        diggCount: 9_000 + i,
        commentCount: 100,
        shareCount: 50,
        hashtags: [{ name: "fyp" }],
      })),
      "trending-dec2020",
    );
    // A search named for a district ("hotelquan1": Quận 1, District 1), three videos.
    await importItems(
      searched,
      "quan1.json",
      Array.from({ length: 3 }, (_, i) => ({
        id: String(6_800_000_000_000_000_000n + BigInt(i)),
        text: `Khách sạn trung tâm Sài Gòn số ${i}`,
        createTime: SCRAPED - (10 + i) * DAY,
        authorMeta: { id: String(4_000_000 + i), name: `q1hotel${i}`, nickName: `Q1 ${i}`, fans: 2_000 },
        playCount: 5_000 + i * 500,
        diggCount: 300,
        commentCount: 10,
        shareCount: 5,
        collectCount: 20 + i,
        searchHashtag: { name: "hotelquan1" },
      })),
    );
    const store = createSqliteStore(searched);
    on = { store, registry: registryOn(store) };
  });
  afterAll(() => searched.close());
  const column = (sql: string, ...args: unknown[]) =>
    searched
      .prepare(sql)
      .pluck()
      .all(...args) as number[];
  const HOTEL_SEARCHES = "SELECT DISTINCT collection FROM video_collections WHERE collection LIKE '%hotel%'";
  /** The creators of the videos any of the searches `names` found (SQL). */
  const creatorsFoundBy = (names: string[]) =>
    new Set(
      column(
        `SELECT DISTINCT author_uid FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection IN (${names.map(() => "?").join(", ")}))`,
        ...names,
      ).map(String),
    );
  /** The hashtags of each video the search `name` found, as stored (space-separated, "" for none). */
  const tagsFound = (name: string) =>
    searched
      .prepare(
        "SELECT hashtags FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = ?)",
      )
      .pluck()
      .all(name) as string[];

  it("'which trending video has the highest like-to-view ratio?', 'among trending videos, which got the most likes?': the set's videos ranked (SQL; stop 68)", async () => {
    const IN_SET = "id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')";
    const rated = aggregateOf(await ask("Which trending video has the highest like-to-view ratio?", on));
    expect(rated.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      metric: "like_rate",
      filters: ["collection=trending-dec2020"],
    });
    const inSet = new Set(column(`SELECT id FROM videos WHERE ${IN_SET}`).map(String));
    const ranked = rated.result.ranking as string[];
    expect(ranked.length).toBeGreaterThan(0);
    for (const id of ranked) expect(inSet.has(id)).toBe(true);
    // The first: the highest rate of those ranked (likes ÷ plays, SQL).
    const rate = (id: string) =>
      searched.prepare("SELECT 1.0 * likes / plays FROM videos WHERE id = ?").pluck().get(id) as number;
    expect(Math.max(...ranked.map(rate))).toBe(rate(ranked[0] as string));
    const liked = aggregateOf(await ask("among trending videos, which got the most likes?", on));
    expect(liked.plan).toMatchObject({
      intent: "rank",
      metric: "likes",
      filters: ["collection=trending-dec2020"],
    });
    expect(liked.result.ranking).toEqual(
      column(`SELECT id FROM videos WHERE ${IN_SET} ORDER BY likes DESC, id DESC LIMIT 5`).map(String),
    );
    // A list of the leading trending videos is still the trending feed.
    expect(aggregateOf(await ask("top trending videos", on)).plan.intent).toBe("trending");
  });

  it("'how many creators posted in both X and Y?': the accounts with a video found by each search, not by either (SQL; stop 68)", async () => {
    // The two searches sharing the most accounts.
    const pair = searched
      .prepare(
        `SELECT a.collection AS x, b.collection AS y, count(DISTINCT va.author_uid) AS n
           FROM video_collections a JOIN videos va ON va.id = a.video_id
           JOIN videos vb ON vb.author_uid = va.author_uid JOIN video_collections b ON b.video_id = vb.id
          WHERE a.collection < b.collection GROUP BY x, y ORDER BY n DESC, x, y LIMIT 1`,
      )
      .get() as { x: string; y: string; n: number };
    expect(pair.n).toBeGreaterThan(0);
    const authors = (name: string) =>
      new Set(
        column(
          "SELECT DISTINCT v.author_uid FROM videos v JOIN video_collections c ON c.video_id = v.id WHERE c.collection = ?",
          name,
        ).map(String),
      );
    const [xs, ys] = [authors(pair.x), authors(pair.y)];
    expect(xs.size + ys.size).toBeGreaterThan(pair.n);
    const counted = aggregateOf(await ask(`How many creators posted in both ${pair.x} and ${pair.y}?`, on));
    expect(counted.plan).toMatchObject({
      intent: "count",
      subject: "creators",
      each_code: { kind: "collection", codes: [pair.x, pair.y] },
      filters: [],
    });
    expect(counted.result.count).toBe(pair.n);
    const ranked = aggregateOf(await ask(`Which creators posted in both ${pair.x} and ${pair.y}?`, on));
    for (const uid of ranked.result.ranking as string[]) expect(xs.has(uid) && ys.has(uid)).toBe(true);
    // None in both: said so, with each side's count (the trending set's dancers post in no hotel search).
    const none = await ask(`Which creators posted in both the trending set and ${pair.x}?`, on);
    expect(aggregateOf(none).result.ranking).toEqual([]);
    expect(none.summary).toBe(
      `No creator has videos in both the search "trending-dec2020" and the search "${pair.x}": 12 have one found by the search "trending-dec2020", ${xs.size} have one found by the search "${pair.x}".`,
    );
  });

  it("'the average number of hashtags per video in each search': each search's median (SQL; stop 68)", async () => {
    const { plan, result } = aggregateOf(
      await ask("What's the average number of hashtags per video in each search?", on),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "hashtag_count" });
    expect(plan.ignored ?? []).toEqual([]);
    const names = column("SELECT DISTINCT collection FROM video_collections ORDER BY collection").map(String);
    expect([...(result.ranking as string[])].sort()).toEqual(names);
    for (const name of names) {
      expect(groupValue(result, name)).toBe(
        median(tagsFound(name).map((h) => (h === "" ? 0 : h.split(" ").length))),
      );
    }
  });

  it("'what's the share of ads among videos over 10k plays?': the ads' share of those videos, not those videos' share of the ads (SQL; stop 68)", async () => {
    const { plan, result } = aggregateOf(
      await ask("What's the share of ads among videos over 10k plays?", on),
    );
    expect(plan).toMatchObject({ intent: "share", filters: ["plays>10000"] });
    expect(result).toMatchObject({
      part: column("SELECT count(*) FROM videos WHERE plays > 10000 AND label_ad = 1")[0],
      whole: column("SELECT count(*) FROM videos WHERE plays > 10000")[0],
    });
  });

  it("'which creators post the most about X, and how many followers do they have?': ranked by videos, each one's followers beside (SQL; stop 68)", async () => {
    const answer = await ask(
      "Which creators post the most about homestays, and how many followers do they have?",
      on,
    );
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "creators", metric: "videos" });
    expect(plan.understood).toContain("also measured: followers");
    const ranked = result.ranking as string[];
    expect(ranked.length).toBeGreaterThan(0);
    ranked.forEach((uid, i) => {
      const followers = column("SELECT followers FROM creators WHERE uid = ?", uid)[0];
      const finding = answer.findings[i];
      if (followers !== null && followers !== undefined)
        expect(finding?.statement).toContain(`; ${followers.toLocaleString("en-US")} followers.`);
      expect(finding?.evidence[0]?.figures?.followers ?? null).toBe(followers ?? null);
    });
  });

  it("'which sounds are used by more than N different creators?', 'how many hashtags are used by at least N accounts?': a bound on each one's creators (SQL; stop 69)", async () => {
    const creatorsOf = (by: string) =>
      new Map(
        (
          searched
            .prepare(`SELECT ${by} AS k, count(DISTINCT author_uid) AS n FROM videos GROUP BY ${by}`)
            .all() as { k: string | null; n: number }[]
        )
          .filter((r) => r.k !== null)
          .map((r) => [String(r.k), r.n]),
      );
    const sounds = creatorsOf("music_id");
    const most = Math.max(...sounds.values());
    expect(most).toBeGreaterThan(1);
    const answer = await ask(`Which sounds are used by more than ${most - 1} different creators?`, on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      intent: "rank",
      subject: "sounds",
      group_creators: { op: "over", value: most - 1 },
    });
    expect(plan.ignored ?? []).toEqual([]);
    const kept = [...sounds].filter(([, n]) => n > most - 1).map(([k]) => k);
    expect(result.ranking).toHaveLength(Math.min(5, kept.length));
    for (const key of result.ranking as string[]) expect(kept).toContain(key);
    for (const key of result.ranking as string[]) expect(groupValue(result, key)).toBe(most);
    // None that many: said, with the most any has.
    const none = await ask(`Which sounds are used by more than ${most} different creators?`, on);
    expect(none.summary).toBe(
      `No sound has videos by over ${most} creators: the most is ${most}, among ${sounds.size} sounds.`,
    );
    // Counted: the tags of videos by at least 2 accounts (a video is in the group of each of its tags).
    const tagCreators = new Map<string, Set<string>>();
    for (const r of searched.prepare("SELECT hashtags, author_uid FROM videos").all() as {
      hashtags: string;
      author_uid: string;
    }[])
      for (const tag of r.hashtags.split(" ").filter(Boolean))
        tagCreators.set(tag, (tagCreators.get(tag) ?? new Set()).add(r.author_uid));
    const counted = aggregateOf(await ask("How many hashtags are used by at least 2 accounts?", on));
    expect(counted.plan).toMatchObject({ intent: "count", group_creators: { op: "at least", value: 2 } });
    expect(counted.result.count).toBe([...tagCreators.values()].filter((c) => c.size >= 2).length);
  });

  it("'which creators have median views over N?', 'how many creators have median views above N?': a bound on each one's median video, of 5 or more (SQL; stop 69)", async () => {
    const byCreator = playsByCreator(searched);
    const medians = [...byCreator]
      .filter(([, plays]) => plays.length >= 5)
      .map(([uid, plays]) => [uid, median(plays) as number] as const);
    expect(medians.length).toBeGreaterThan(1);
    const sorted = medians.map(([, m]) => m).sort((a, b) => a - b);
    // A bound between the lowest and the highest median: some kept, some not.
    const bound = Math.floor(((sorted[0] as number) + (sorted.at(-1) as number)) / 2);
    const kept = medians.filter(([, m]) => m > bound).map(([uid]) => uid);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(medians.length);
    const ranked = aggregateOf(await ask(`Which creators have median views over ${bound}?`, on));
    expect(ranked.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "plays",
      group_median: { metric: "plays", op: "over", value: bound },
    });
    expect(ranked.plan.ignored ?? []).toEqual([]);
    expect(ranked.result.ranking).toHaveLength(Math.min(5, kept.length));
    for (const uid of ranked.result.ranking as string[]) expect(kept).toContain(uid);
    // "A median of over N views" is the same bound, no filter on the videos.
    const worded = aggregateOf(await ask(`Which creators have a median of over ${bound} views?`, on));
    expect(worded.plan.filters).toEqual([]);
    expect(worded.result.ranking).toEqual(ranked.result.ranking);
    const counted = aggregateOf(await ask(`How many creators have median views above ${bound}?`, on));
    expect(counted.plan).toMatchObject({ intent: "count", group_median: { op: "over", value: bound } });
    expect(counted.result.count).toBe(kept.length);
    // None within the bound: said, with the lowest median.
    const none = await ask(`Which creators have median views under ${sorted[0]}?`, on);
    expect(none.summary).toBe(
      `None of the ${medians.length} creators with 5 or more videos has a median of under ${(sorted[0] as number).toLocaleString("en-US")} views per video: the lowest is ${(sorted[0] as number).toLocaleString("en-US")}.`,
    );
  });

  it("'do videos with a question in the caption get more comments?': those with '?' beside the others (SQL); 'the median likes of the videos by the top creator' is that creator's median (stop 69)", async () => {
    const { plan, result } = aggregateOf(
      await ask("Do videos with a question in the caption get more comments?", on),
    );
    expect(plan).toMatchObject({ intent: "breakdown", metric: "comments", filters: ["caption_contains=?"] });
    const asking = column("SELECT comments FROM videos WHERE instr(caption, '?') > 0");
    expect(asking.length).toBeGreaterThan(0);
    expect(groupValue(result, 'with "?" in the caption')).toBe(median(asking));
    expect(groupValue(result, 'without "?" in the caption')).toBe(
      median(column("SELECT comments FROM videos WHERE instr(caption, '?') = 0")),
    );
    const asked = aggregateOf(await ask("What share of captions ask a question?", on));
    expect(asked.result).toMatchObject({ part: asking.length });
    const top = aggregateOf(await ask("What are the median likes of the videos by the top creator?", on));
    expect(top.plan).toMatchObject({ intent: "measure", metric: "likes", top_creators: 1 });
    const biggest = column(
      "SELECT uid FROM creators WHERE followers IS NOT NULL ORDER BY followers DESC LIMIT 1",
    )[0];
    expect(top.result.median).toBe(median(column("SELECT likes FROM videos WHERE author_uid = ?", biggest)));
  });

  it("'in both the trending set and a hotel search': every search holding 'hotel' one side (SQL); 'hashtags per caption in each searched city': the searches named for places (SQL; stop 69)", async () => {
    const family = column(`${HOTEL_SEARCHES} ORDER BY 1`).map(String);
    expect(family.length).toBeGreaterThan(2);
    const hotel = creatorsFoundBy(family);
    const trending = creatorsFoundBy(["trending-dec2020"]);
    const counted = aggregateOf(
      await ask("How many creators are in both the trending set and a hotel search?", on),
    );
    expect(counted.plan).toMatchObject({ intent: "count", subject: "creators" });
    expect(counted.plan.each_code).toMatchObject({ kind: "collection" });
    expect(counted.plan.each_code?.sets).toContainEqual(family);
    expect(counted.plan.filters).toEqual([]);
    expect(counted.result.count).toBe([...hotel].filter((uid) => trending.has(uid)).length);
    expect(counted.result.each).toEqual(expect.arrayContaining([hotel.size, trending.size]));
    const places = family.filter((n) => n !== "reviewhotel");
    const { plan, result } = aggregateOf(
      await ask("What's the median number of hashtags per caption in each searched city?", on),
    );
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "hashtag_count" });
    expect(plan.ignored).toEqual([]);
    expect([...(result.ranking as string[])].sort()).toEqual(places);
    for (const name of places) {
      expect(groupValue(result, name)).toBe(
        median(tagsFound(name).map((h) => (h === "" ? 0 : h.split(" ").length))),
      );
    }
  });

  it("'what is the top hashtag in each search?', 'for each city search, which creator has the most saves?': ranked within each search (SQL; stop 69)", async () => {
    const { plan, result } = aggregateOf(await ask("What is the top hashtag in each search?", on));
    expect(plan).toMatchObject({ intent: "rank", subject: "hashtags", group_by: "collection", count: 1 });
    expect(plan.ignored).toEqual([]);
    const groups = result.groups as { group: string; ranking: string[] }[];
    const names = column("SELECT DISTINCT collection FROM video_collections").map(String);
    expect(groups.map((g) => g.group.replaceAll('"', "")).sort()).toEqual([...names].sort());
    for (const g of groups) {
      const uses = new Map<string, number>();
      for (const tags of tagsFound(g.group.replaceAll('"', "")))
        for (const tag of tags.split(" ").filter(Boolean)) uses.set(tag, (uses.get(tag) ?? 0) + 1);
      // (A search whose videos carry no tag has none to rank.)
      expect(g.ranking).toHaveLength(Math.min(1, uses.size));
      if (uses.size === 0) continue;
      const most = Math.max(...uses.values());
      expect(uses.get(g.ranking[0] as string)).toBe(most);
    }
    // Searches named for places only, where "city search" says so.
    const saves = aggregateOf(await ask("For each city search, which creator has the most total saves?", on));
    expect(saves.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      group_by: "collection",
      count: 1,
    });
    const places = (saves.result.groups as { group: string }[]).map((g) => g.group.replaceAll('"', ""));
    expect(places).not.toContain("trending-dec2020");
    expect(places).not.toContain("reviewhotel");
    expect(places.length).toBeGreaterThan(1);
  });

  it("'which creators have the highest share of ads?', 'for each creator, what percent of videos are ads?', '… a phone number in almost every caption': each account's own share, ranked (SQL; stop 69)", async () => {
    const shares = (
      searched
        .prepare(
          "SELECT author_uid AS uid, count(*) AS n, sum(label_ad) AS ads FROM videos GROUP BY author_uid HAVING count(*) >= 5",
        )
        .all() as { uid: string; n: number; ads: number }[]
    ).map((r) => ({ ...r, share: Math.round((r.ads / r.n) * 10000) / 100 }));
    expect(shares.length).toBeGreaterThan(1);
    expect(shares.some((r) => r.ads > 0)).toBe(true);
    for (const question of [
      "Which creators have the highest share of ads?",
      "For each creator, what percent of videos are ads?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question, on));
      expect(plan).toMatchObject({ intent: "share", subject: "creators", share_each: true });
      expect([...(result.ranking as string[])].sort()).toEqual(shares.map((r) => r.uid).sort());
      (result.ranking as string[]).forEach((uid, i) => {
        expect((result.values as number[])[i]).toBe(shares.find((r) => r.uid === uid)?.share);
      });
      expect((result.values as number[])[0]).toBe(Math.max(...shares.map((r) => r.share)));
    }
    const lowest = aggregateOf(await ask("Which creators have the lowest share of ads?", on));
    expect((lowest.result.values as number[])[0]).toBe(Math.min(...shares.map((r) => r.share)));
    // Accounts under a bound on followers: ranked over their videos.
    const fans = shares
      .map((r) => column("SELECT followers FROM creators WHERE uid = ?", r.uid)[0])
      .filter((n): n is number => typeof n === "number")
      .sort((a, b) => a - b);
    expect(fans.length).toBeGreaterThan(0);
    // (A bound some of them are over.)
    const bound = (fans[Math.floor(fans.length / 2)] as number) - 1;
    const followed = new Set(column("SELECT uid FROM creators WHERE followers > ?", bound).map(String));
    const within = aggregateOf(
      await ask(`Which creators with over ${bound} followers have the highest share of ads?`, on),
    );
    expect(within.plan).toMatchObject({ intent: "share", subject: "creators", share_each: true });
    expect((within.result.ranking as string[]).length).toBeGreaterThan(0);
    expect([...(within.result.ranking as string[])].sort()).toEqual(
      shares
        .filter((r) => followed.has(r.uid))
        .map((r) => r.uid)
        .sort(),
    );
    // One share of all the videos is still one figure.
    expect(aggregateOf(await ask("What share of videos are ads?", on)).plan.share_each).toBeUndefined();
    const phone = aggregateOf(
      await ask("Which hotel accounts put a phone number in almost every caption?", on),
    );
    expect(phone.plan).toMatchObject({
      intent: "share",
      subject: "creators",
      share_each: true,
      topics: ["hotel"],
    });
    expect(phone.plan.filters).toEqual([]);
    expect(phone.plan.ignored).toEqual([]);
  });

  it("'what percentage of creators have posted more than one video?', 'what share of creators are verified?': a share of the creators, not of their videos (SQL; stop 70)", async () => {
    const perCreator = new Map(
      (
        searched.prepare("SELECT author_uid AS uid, count(*) AS n FROM videos GROUP BY author_uid").all() as {
          uid: string;
          n: number;
        }[]
      ).map((r) => [String(r.uid), r.n]),
    );
    const several = [...perCreator.values()].filter((n) => n > 1).length;
    expect(several).toBeGreaterThan(0);
    expect(several).toBeLessThan(perCreator.size);
    const posted = aggregateOf(await ask("What percentage of creators have posted more than one video?", on));
    expect(posted.plan).toMatchObject({ intent: "share", subject: "creators" });
    expect(posted.result).toMatchObject({ part: several, whole: perCreator.size });
    const counted = aggregateOf(await ask("How many creators have posted more than one video?", on));
    expect(counted.result.count).toBe(several);
    // The badge, given to one creator with several videos for this test.
    const uid = [...perCreator].find(([, n]) => n > 1)?.[0] as string;
    searched.prepare("UPDATE creators SET verified = 1 WHERE uid = ?").run(uid);
    try {
      const badge = aggregateOf(await ask("What share of creators are verified?", on));
      expect(badge.plan).toMatchObject({ intent: "share", share_of_creators: true, author_verified: true });
      expect(badge.result).toMatchObject({ part: 1, whole: perCreator.size });
      const ofThem = aggregateOf(
        await ask("What percent of verified creators have more than one video?", on),
      );
      expect(ofThem.plan).toMatchObject({ intent: "share", subject: "creators", creator_type: "verified" });
      expect(ofThem.result).toMatchObject({ part: 1, whole: 1 });
    } finally {
      searched.prepare("UPDATE creators SET verified = 0 WHERE uid = ?").run(uid);
    }
  });

  it("'sounds used by 3 or more creators, and each one's median plays': each such sound's median video, however few its videos (SQL; stop 70)", async () => {
    const sounds = searched
      .prepare(
        "SELECT music_id AS id, count(DISTINCT author_uid) AS creators FROM videos WHERE music_id IS NOT NULL GROUP BY music_id",
      )
      .all() as { id: string; creators: number }[];
    const kept = sounds.filter((s) => s.creators >= 3).map((s) => String(s.id));
    expect(kept.length).toBeGreaterThan(0);
    for (const question of [
      "Sounds used by 3 or more creators, and each one's median plays",
      "What's the median plays of sounds used by 3+ creators?",
    ]) {
      const { plan, result } = aggregateOf(await ask(question, on));
      expect(plan).toMatchObject({
        intent: "rank",
        subject: "sounds",
        metric: "plays",
        per_video: true,
        group_creators: { op: "at least", value: 3 },
      });
      expect([...(result.ranking as string[])].sort()).toEqual([...kept].sort().slice(0, 5));
      for (const id of result.ranking as string[])
        expect(groupValue(result, id)).toBe(
          median(column("SELECT plays FROM videos WHERE music_id = ?", id)),
        );
    }
  });

  it("'both the Da Lat search and the Vung Tau or District 1 searches': one side pools the searches listed with 'or' (SQL; stop 70)", async () => {
    const dalat = creatorsFoundBy(["hoteldalat"]);
    const either = creatorsFoundBy(["hotelvungtau", "hotelquan1"]);
    const both = [...dalat].filter((uid) => either.has(uid));
    const { plan, result } = aggregateOf(
      await ask(
        "How many creators show up in both the Da Lat search and the Vung Tau or District 1 searches?",
        on,
      ),
    );
    expect(plan).toMatchObject({
      intent: "count",
      subject: "creators",
      topics: [],
      each_code: { kind: "collection", sets: [["hoteldalat"], ["hotelvungtau", "hotelquan1"]] },
    });
    expect(result.count).toBe(both.length);
  });

  it("'do videos without hashtags get fewer views?', 'the average number of hashtags in ads vs non-ads': those without beside the others, each group's median number (SQL; stop 70)", async () => {
    const bare = aggregateOf(await ask("Do videos without hashtags get fewer views?", on));
    expect(bare.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "plays",
      bands: ["no hashtags", "at least one hashtag"],
    });
    expect(column("SELECT count(*) FROM videos WHERE hashtags = ''")[0]).toBeGreaterThan(0);
    expect(groupValue(bare.result, "no hashtags")).toBe(
      median(column("SELECT plays FROM videos WHERE hashtags = ''")),
    );
    expect(groupValue(bare.result, "at least one hashtag")).toBe(
      median(column("SELECT plays FROM videos WHERE hashtags <> ''")),
    );
    const tagged = await ask("What's the average number of hashtags in ads vs non-ads?", on);
    const { plan, result } = aggregateOf(tagged);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "ad", metric: "hashtag_count" });
    const counts = (ad: number) =>
      (searched.prepare("SELECT hashtags FROM videos WHERE label_ad = ?").pluck().all(ad) as string[]).map(
        (tags) => tags.split(" ").filter(Boolean).length,
      );
    expect(groupValue(result, "ads")).toBe(median(counts(1)));
    expect(groupValue(result, "organic")).toBe(median(counts(0)));
    expect(tagged.summary).toMatch(/: a median of [\d.]+ hashtags? per video over /);
  });

  it("'videos from small creators', 'do bigger creators get more likes?', 'the best days to post', 'which days had the most uploads?', 'posted in 3 or more searches' (SQL; stop 70)", async () => {
    const small = aggregateOf(await ask("Show me videos from small creators that got over 10k views", on));
    expect(small.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      author_followers: { op: "under", value: 10_000 },
    });
    expect((small.result.ranking as string[]).length).toBeGreaterThan(0);
    for (const id of small.result.ranking as string[]) {
      const [followers] = column(
        "SELECT c.followers FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE v.id = ?",
        id,
      );
      expect(followers).toBeLessThan(10_000);
      expect(column("SELECT plays FROM videos WHERE id = ?", id)[0]).toBeGreaterThan(10_000);
    }
    const bigger = await ask("Do bigger creators get more likes?", on);
    expect(aggregateOf(bigger).plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "likes",
    });
    expect(aggregateOf(bigger).plan.bands).toHaveLength(5);
    expect(
      bigger.caveats.filter((c) => /^Each group is the videos of the creators it names\./.test(c)),
    ).toHaveLength(1);
    const among = aggregateOf(await ask("Which videos have the best engagement among small creators?", on));
    expect(among.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      author_followers: { op: "under", value: 10_000 },
    });
    // "Nên đăng video vào giờ nào?": when to post, on views.
    const hour = aggregateOf(await ask("Nên đăng video vào giờ nào?", on));
    expect(hour.plan).toMatchObject({ intent: "breakdown", group_by: "hour", metric: "plays" });
    expect(hour.plan.ignored).toEqual([]);
    const days = aggregateOf(await ask("What are the best days to post hotel content?", on));
    expect(days.plan).toMatchObject({ intent: "breakdown", group_by: "weekday", metric: "plays" });
    const busiest = aggregateOf(await ask("Which days had the most uploads?", on));
    expect(busiest.plan).toMatchObject({ intent: "breakdown", group_by: "day", subject: "videos" });
    const searchesOf = searched
      .prepare(
        "SELECT v.author_uid AS uid, count(DISTINCT vc.collection) AS n FROM videos v JOIN video_collections vc ON vc.video_id = v.id GROUP BY v.author_uid",
      )
      .all() as { uid: string; n: number }[];
    const across = aggregateOf(
      await ask("How many creators have posted in 2 or more different searches?", on),
    );
    expect(across.plan).toMatchObject({ intent: "count", in_searches: 2 });
    expect(across.result.count).toBe(searchesOf.filter((r) => r.n >= 2).length);
    // "City searches": of those named for places only.
    const cities = aggregateOf(
      await ask("How many creators have posted in 2 or more different city searches?", on),
    );
    expect(cities.plan).toMatchObject({ intent: "count", in_searches: 2 });
    const places = (cities.plan.filters[0] as string).replace(/^collection=/, "").split("|");
    expect(places).not.toContain("reviewhotel");
    expect(places).not.toContain("trending-dec2020");
    const inPlaces = searched
      .prepare(
        `SELECT v.author_uid AS uid, count(DISTINCT vc.collection) AS n FROM videos v JOIN video_collections vc ON vc.video_id = v.id WHERE vc.collection IN (${places.map(() => "?").join(", ")}) GROUP BY v.author_uid`,
      )
      .all(...places) as { uid: string; n: number }[];
    expect(cities.result.count).toBe(inPlaces.filter((r) => r.n >= 2).length);
  });

  it("'which videos mention a discount or promo code?': a code named by its kind is one phrase, either one listed; 'a X or a Y' is either one (stop 70)", async () => {
    const code = aggregateOf(await ask("Which videos mention a discount or promo code?", on));
    expect(code.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      filters: ['any_q=discount|"promo code"'],
    });
    expect(code.plan.understood).toContain(
      'text "promo code" (a code named by its kind, read as one phrase; matched like q: the words together, in this order, in captions, hooks, transcripts and hashtags)',
    );
    const article = aggregateOf(await ask("Which videos mention a discount or a voucher?", on));
    expect(article.plan).toMatchObject({ intent: "rank", filters: ["any_q=discount|voucher"] });
  });

  it("'what share of videos have a detected hook?' (SQL), 'some strong opening lines', 'emoji in viral captions', 'the trend in the number of videos per month', 'a phone number and a price' (stop 70)", async () => {
    const hooked = aggregateOf(await ask("What share of videos have a detected hook?", on));
    expect(hooked.plan).toMatchObject({ intent: "share", subject: "videos" });
    expect(hooked.plan.ignored ?? []).toEqual([]);
    const [withHook] = column("SELECT count(*) FROM videos WHERE label_hook = 1");
    expect(withHook).toBeGreaterThan(0);
    expect(hooked.result).toMatchObject({ part: withHook, whole: column("SELECT count(*) FROM videos")[0] });
    const lines = aggregateOf(await ask("What are some strong opening lines from Da Lat videos?", on));
    expect(lines.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      quotes: true,
      filters: ["hook=yes"],
    });
    const emoji = aggregateOf(await ask("Which emoji appear most in viral captions?", on));
    expect(emoji.plan).toMatchObject({ intent: "words", viral: true });
    const monthly = aggregateOf(
      await ask("What's the trend in the number of hotel videos posted per month?", on),
    );
    expect(monthly.plan).toMatchObject({ intent: "breakdown", group_by: "month" });
    const both = aggregateOf(await ask("Which videos mention a phone number and a price?", on));
    expect(both.plan).toMatchObject({ intent: "rank", subject: "videos" });
    expect([...both.plan.filters].sort()).toEqual(["phone=yes", "price=yes"]);
  });

  it("'is there a relationship between followers and views?', 'hashtag count and views', 'ads vs organic in each search' (SQL; stop 71)", async () => {
    // How two measures go together, followers one: the tiers of followers side by side, on the other.
    for (const question of [
      "Is there a relationship between followers and views?",
      "Does follower count correlate with views?",
    ]) {
      const related = aggregateOf(await ask(question, on));
      expect(related.plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        metric: "plays",
      });
      expect(related.plan.bands, question).toHaveLength(5);
      expect(related.plan.ignored, question).toEqual([]);
      const plays = column(
        "SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers >= 1000 AND c.followers <= 9999",
      );
      expect(groupValue(related.result, "nano (between 1,000 and 9,999 followers)"), question).toBe(
        median(plays),
      );
    }
    // ("Across creators with 2+ videos": each tier's creators with that many.)
    const bounded = aggregateOf(
      await ask("Across creators with 2+ videos, is there a relationship between followers and views?", on),
    );
    expect(bounded.plan).toMatchObject({ group_by: "bounds" });
    expect(bounded.plan.understood).toContain(
      'creators with at least 2 of the videos in question (from "2+ videos")',
    );
    const nanoTwice = column(
      "SELECT v.plays FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers BETWEEN 1000 AND 9999 AND v.author_uid IN (SELECT author_uid FROM videos GROUP BY author_uid HAVING count(*) >= 2)",
    );
    expect(nanoTwice.length).toBeGreaterThan(0);
    expect(groupValue(bounded.result, "nano (between 1,000 and 9,999 followers)")).toBe(median(nanoTwice));
    // (A source with no follower counts, the trending set's: said so, not "no videos".)
    const unrecorded = await ask(
      "the correlation between followers and plays for the trending 2020 videos?",
      on,
    );
    expect(unrecorded.summary).toMatch(
      /^No follower count is recorded for any of the \d+ creators of the videos in the collection "trending-dec2020"/,
    );
    const tags = aggregateOf(await ask("Relationship between hashtag count and views", on));
    expect(tags.plan).toMatchObject({
      intent: "breakdown",
      group_by: "hashtag_count",
      metric: "plays",
      ignored: [],
    });
    const hours = aggregateOf(await ask("Is there a relationship between posting time and views?", on));
    expect(hours.plan).toMatchObject({ intent: "breakdown", group_by: "hour", metric: "plays", ignored: [] });
    // Ads against organic within each search: each search's own two groups.
    const within = aggregateOf(await ask("Median views of ads vs organic videos in each search", on));
    expect(within.plan).toMatchObject({
      intent: "breakdown",
      group_by: "ad",
      metric: "plays",
      within_each: "collection",
      ignored: [],
    });
    const groups = within.result.groups as { group: string; ranking: string[]; values: number[] }[];
    expect(groups.length).toBeGreaterThanOrEqual(2);
    expect(groups.some((g) => g.ranking.includes("ads") && g.ranking.includes("organic"))).toBe(true);
    for (const g of groups)
      for (const [k, side] of g.ranking.entries()) {
        const plays = column(
          `SELECT plays FROM videos WHERE coalesce(label_ad, 0) = ${side === "ads" ? 1 : 0} AND id IN (SELECT video_id FROM video_collections WHERE collection = ?)`,
          g.group.replace(/^"|"$/g, ""),
        );
        expect(g.values[k], `${g.group} ${side}`).toBe(median(plays));
      }
  });

  it("'median likes of trending videos', 'what fraction of videos have the fyp or dance hashtags': the trending collection's figure; either topic's share (stop 66)", async () => {
    const likes = await ask("median likes of trending videos", on);
    const { plan, result } = aggregateOf(likes);
    expect(plan).toMatchObject({
      intent: "measure",
      metric: "likes",
      filters: ["collection=trending-dec2020"],
    });
    expect(plan.understood).toContain(`read "trending" as "trending-dec2020, the collection's name"`);
    expect(result.median).toBe(
      median(
        column(
          "SELECT likes FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')",
        ),
      ),
    );
    expect((await ask("how many trending videos are there?", on)).summary).toMatch(/^There are 24 videos /);
    // A list of trending videos is still the trending feed.
    expect(aggregateOf(await ask("show me trending videos", on)).plan.intent).toBe("trending");
    // What trending videos use: the set's hashtags, counted over its videos (SQL); "what is trending" is the reports.
    const tags = aggregateOf(await ask("what hashtags do trending videos use most?", on));
    expect(tags.plan).toMatchObject({
      intent: "rank",
      subject: "hashtags",
      filters: ["collection=trending-dec2020"],
    });
    const tagged = new Map<string, number>();
    for (const tagsOf of column(
      "SELECT hashtags FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')",
    ))
      for (const tag of String(tagsOf ?? "")
        .split(" ")
        .filter(Boolean))
        tagged.set(tag, (tagged.get(tag) ?? 0) + 1);
    const most = Math.max(...tagged.values());
    expect((tags.result.values as number[])[0]).toBe(most);
    expect(tagged.get((tags.result.ranking as string[])[0] as string)).toBe(most);
    expect(aggregateOf(await ask("which hashtags are trending?", on)).plan.intent).toBe("trend_report");
    // "What percent of the trending set uses hashtags at all?": those with one or more (SQL; stop 67).
    const anyTag = aggregateOf(await ask("what percent of the trending set uses hashtags at all?", on));
    expect(anyTag.plan).toMatchObject({ intent: "share", filters: ["collection=trending-dec2020"] });
    expect(anyTag.result).toMatchObject({
      part: column(
        "SELECT count(*) FROM videos WHERE coalesce(hashtags, '') <> '' AND id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')",
      )[0],
      whole: 24,
    });
    // "… have the fyp or dance hashtags": the videos about either, among all.
    const either = aggregateOf(await ask("what fraction of videos have the fyp or dance hashtags?", on));
    expect(either.plan).toMatchObject({ intent: "share" });
    const found = new Set([
      ...(await searchIds("fyp", on.registry)),
      ...(await searchIds("dance", on.registry)),
    ]);
    expect(either.result).toMatchObject({
      part: found.size,
      whole: column("SELECT count(*) FROM videos")[0],
    });
  });

  it("'videos from small creators (under 5k followers) with over 10k views', 'the most English-language videos', 'do creators with under 10k followers break out?' (stop 66)", async () => {
    // The bound in brackets after "creators": the videos of creators within it, the most viewed first (SQL).
    const small = aggregateOf(
      await ask("find videos from small creators (under 5k followers) with over 10k views", on),
    );
    expect(small.plan).toMatchObject({ intent: "rank", subject: "videos", ignored: [] });
    const expected = column(
      "SELECT v.id FROM videos v JOIN creators c ON c.uid = v.author_uid WHERE c.followers < 5000 AND v.plays > 10000 ORDER BY v.plays DESC, v.id DESC LIMIT 5",
    ) as unknown as string[];
    expect(expected.length).toBeGreaterThan(0);
    expect(small.result.ranking).toEqual(expected);
    // "Do ads get more saves in Đà Lạt than in Vũng Tàu?": the two places side by side, among ads.
    for (const [question, filter] of [
      ["do ads get more saves in Đà Lạt than in Vũng Tàu?", "ad=yes"],
      ["do videos quoting prices get more saves in Đà Lạt than in Vũng Tàu?", "price=yes"],
    ] as const)
      expect(aggregateOf(await ask(question, on)).plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "topic",
        filters: [filter],
        metric: "saves",
      });
    // "What percentage of the trending set is from VN?": none records a region, and the answer says so.
    const region = (
      column("SELECT region FROM videos WHERE region IS NOT NULL LIMIT 1") as unknown as string[]
    )[0];
    const us = await ask(`what percentage of the trending set is from ${region}?`, on);
    expect(us.summary).toBe(
      `0 of 24 videos in the collection "trending-dec2020" are in region ${region}: 0 %. None of them records a region, so this says nothing of where they are from.`,
    );
    expect(aggregateOf(us).result).toMatchObject({ part: 0, whole: 24, recorded: 0 });
    // "Median saves for videos with more than 10k views vs fewer than 5k": the second band's count is the first's.
    const bands = aggregateOf(
      await ask("median saves for videos with more than 10k views vs fewer than 5k", on),
    );
    expect(bands.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      filters: ["plays>10000", "plays<5000"],
    });
    expect(bands.plan.understood).toContain('read "fewer than 5k" as "fewer than 5k views"');
    // "What's the average number of videos per creator?": each creator's videos, measured over them (SQL).
    const perCreator = await ask("what's the average number of videos per creator?", on);
    expect(aggregateOf(perCreator).plan).toMatchObject({
      intent: "measure",
      subject: "creators",
      metric: "videos",
    });
    const [authors, total] = [
      column("SELECT count(DISTINCT author_uid) FROM videos")[0] as number,
      column("SELECT count(*) FROM videos")[0] as number,
    ];
    expect(perCreator.summary).toMatch(
      new RegExp(
        `^The ${authors.toLocaleString("en-US")} creators of videos have a median of \\d+ videos? each \\(mean [\\d.]+; ${total.toLocaleString("en-US")} videos in all\\)\\.$`,
      ),
    );
    // "How many videos per creator on average?": the same measure (stop 67).
    expect(aggregateOf(await ask("how many videos per creator on average?", on)).plan).toMatchObject({
      intent: "measure",
      subject: "creators",
      metric: "videos",
    });
    // "How many trending videos have an original sound vs a licensed one?": the two sides counted (stop 67).
    const sides = aggregateOf(
      await ask("how many videos in the trending set have an original sound vs a licensed one?", on),
    );
    expect(sides.plan).toMatchObject({ intent: "breakdown", group_by: "sound_use", metric: "videos" });
    expect((sides.result.values as number[]).reduce((a, b) => a + b, 0)).toBe(24);
    // "Which city search has the most creators?": the searches named for places, each one's creators (stop 67).
    const cities = aggregateOf(await ask("which city search has the most creators?", on));
    expect(cities.plan).toMatchObject({ intent: "breakdown", group_by: "collection", subject: "creators" });
    expect(cities.plan.filters[0]).toMatch(/^collection=hotel/);
    expect(cities.result.ranking as string[]).not.toContain("trending-dec2020");
    expect(cities.result.ranking as string[]).not.toContain("reviewhotel");
    // "Dropping searches with fewer than N videos": those with at least N; "flagging" them is said to be unused (SQL).
    const sizes = (
      searched
        .prepare("SELECT collection AS name, count(*) AS n FROM video_collections GROUP BY collection")
        .all() as {
        name: string;
        n: number;
      }[]
    ).sort((a, b) => b.n - a.n);
    const floor = (sizes[2] as { n: number }).n;
    expect(sizes.filter((g) => g.n < floor).length).toBeGreaterThan(0);
    const dropped = aggregateOf(
      await ask(`rank searches by median views, dropping searches with fewer than ${floor} videos`, on),
    );
    expect(dropped.plan).toMatchObject({ intent: "breakdown", group_by: "collection", ignored: [] });
    expect([...(dropped.result.ranking as string[])].sort()).toEqual(
      sizes
        .filter((g) => g.n >= floor)
        .map((g) => g.name)
        .sort(),
    );
    // "Rank the destination searches …": those named for places ("hotelhoian"), not "reviewhotel" or the trending
    // set (stop 67).
    const places = sizes
      .map((g) => g.name)
      .filter((n) => /^hotel(?:dalat|vungtau|danang|hoian|cantho|halong|quan1)$/.test(n))
      .sort();
    expect(places.length).toBeLessThan(sizes.length);
    const destinations = aggregateOf(await ask("rank the destination searches by median views", on));
    expect(destinations.plan).toMatchObject({
      intent: "breakdown",
      group_by: "collection",
      filters: [`collection=${places.join("|")}`],
      ignored: [],
    });
    expect([...(destinations.result.ranking as string[])].sort()).toEqual(places);
    const flagged = aggregateOf(
      await ask(`median views by search, flagging the searches with fewer than ${floor} videos`, on),
    );
    expect(flagged.result.ranking as string[]).toHaveLength(sizes.length);
    expect(flagged.plan.ignored[0]).toMatch(
      /^fewer than \d+ videos \(groups are not flagged or left out by their number of videos/,
    );
    // "Which hashtags do the top 3 most viewed videos use?": those three, each with its hashtags (SQL).
    const tags = aggregateOf(await ask("which hashtags do the top 3 most viewed videos use?", on));
    expect(tags.plan).toMatchObject({
      intent: "rank",
      subject: "videos",
      uses_shown: "hashtags",
      top_played: 3,
    });
    expect(tags.result.ranking).toEqual(
      column("SELECT id FROM videos ORDER BY plays DESC, id DESC LIMIT 3") as unknown as string[],
    );
    // "The most English-language videos": how many, by search.
    expect(
      aggregateOf(await ask("which search has the most English-language videos?", on)).plan,
    ).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    // A bound on followers with breakouts: the breakout videos of the creators within it (none here has a
    // breakout above 1M followers, and the answer says so once).
    const big = await ask("do creators with over 1M followers ever break out?", on);
    expect(aggregateOf(big).plan).toMatchObject({ intent: "breakout", subject: "creators" });
    expect(big.caveats.join(" ")).toMatch(
      /^.*Creators with over 1,000,000 followers \(the latest count the source recorded\): \d+ of the /,
    );
  });

  it("'which hotel search has the highest share of ads?': each search whose name holds the word, its share of ads (SQL)", async () => {
    const answer = await ask("which hotel search has the highest share of ads?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection" });
    const names = column(`${HOTEL_SEARCHES} ORDER BY 1`) as unknown as string[];
    expect(names.length).toBe(8);
    expect(plan.understood).toContain(`groups: each of the 8 collections whose name holds "hotel"`);
    expect([...(result.ranking as string[])].sort()).toEqual(names);
    for (const name of names) {
      const [ads, all] = [
        column(
          "SELECT count(*) FROM videos WHERE label_ad = 1 AND id IN (SELECT video_id FROM video_collections WHERE collection = ?)",
          name,
        )[0] as number,
        column("SELECT count(*) FROM video_collections WHERE collection = ?", name)[0] as number,
      ];
      expect(groupValue(result, name)).toBeCloseTo((100 * ads) / all, 2);
    }
    expect(answer.summary).toMatch(/^By the share of .* that are ads, the leading search is /);
    // "Which hotel searches have the most ads?": their number, by search; the trending set is no group.
    const most = aggregateOf(await ask("which hotel searches have the most ads?", on));
    expect(most.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    expect(most.result.ranking as string[]).not.toContain("trending-dec2020");
  });

  it("'which search had the lowest median saves?' leaves out a search whose source records none, and says so (SQL)", async () => {
    const answer = await ask("Which search had the lowest median saves?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "saves" });
    expect(
      column(
        "SELECT max(saves) FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')",
      ),
    ).toEqual([0]);
    expect(result.ranking as string[]).not.toContain("trending-dec2020");
    expect((result.ranking as string[]).length).toBe(8);
    expect(answer.caveats).toContain(
      "Left out: trending-dec2020 (24 videos): every one of its videos records 0 saves, which most likely means its source records no such count, not that none were made.",
    );
    // Its views are recorded: on views it is a group like the others.
    const views = aggregateOf(await ask("Which search had the highest median views?", on));
    expect(views.result.ranking as string[]).toContain("trending-dec2020");
  });

  it("'the hotel searches vs the trending set: median views' sets the two imports side by side, each pooled (SQL)", async () => {
    const answer = await ask("the hotel searches vs the trending set: median views", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "plays" });
    expect(plan.filters).toEqual([]);
    const hotel = column(
      `SELECT plays FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection IN (${HOTEL_SEARCHES}))`,
    );
    const trending = column(
      "SELECT plays FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020')",
    );
    expect(groupValue(result, 'the 8 "hotel" searches')).toBe(median(hotel));
    expect(groupValue(result, "trending-dec2020")).toBe(median(trending));
    expect(
      answer.caveats.some((c) => c.startsWith("Each group is the videos its searches found, as imported")),
    ).toBe(true);
    // The hotel videos (a topic) against the set, likewise; a ranking of the two is declined, saying what is answered.
    const topic = aggregateOf(await ask("compare the hotel videos vs the trending set on median views", on));
    expect(topic.plan).toMatchObject({ intent: "breakdown", group_by: "bounds" });
    expect(groupValue(topic.result, 'the 8 "hotel" searches')).toBe(median(hotel));
    const ranked = await ask("top 5 videos of the hotel videos vs the trending set", on);
    expect(ranked.summary).toContain(
      "the two are set side by side on one measure ('the trending-dec2020 set vs the hotel searches: median views')",
    );
    // Narrowed on one side only ("Da Nang hotel videos"): declined, not answered for Da Nang videos of both.
    const narrowed = await ask("Da Nang hotel videos vs the trending set: median views", on);
    expect(narrowed.summary).toContain("narrowed in a way that may hold for one side only");
  });

  it("'the Vietnam hotel scrape': the place describes the searches, no filter on the region a few videos record", async () => {
    const { plan, result } = aggregateOf(await ask("how many videos are in the Vietnam hotel scrape?", on));
    expect(plan.filters).toEqual([
      `collection=${(column(`${HOTEL_SEARCHES} ORDER BY 1`) as unknown as string[]).join("|")}`,
    ]);
    expect(plan.understood).toContain(
      '"vietnam" read as describing the searches named after it, not as a filter on region VN',
    );
    expect(result.count).toBe(
      column(
        `SELECT count(DISTINCT video_id) FROM video_collections WHERE collection IN (${HOTEL_SEARCHES})`,
      )[0],
    );
  });

  it("'do videos that mention pool get more saves?' sets them against the others (SQL); a label no video has is said to be absent", async () => {
    const { plan, result } = aggregateOf(await ask("do videos that mention pool get more saves?", on));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "saves" });
    const pool = await searchIds("pool");
    expect(pool.length).toBeGreaterThan(0);
    expect(groupValue(result, 'about "pool"')).toBe(
      median(searched.prepare(`SELECT saves FROM ${IN_IDS}`).pluck().all(idList(pool)) as number[]),
    );
    expect(column("SELECT count(*) FROM videos WHERE media_type = 'slideshow'")).toEqual([0]);
    const all = column("SELECT count(*) FROM videos")[0] as number;
    const none = await ask("show me slideshows that did well", on);
    expect(none.summary).toBe(
      `No slideshows. The corpus holds no slideshows at all (0 of its ${all} videos).`,
    );
  });

  it("'the median video length in each search', 'which search has the longest videos?' (SQL); 'the District 1 search' is Quận 1's", async () => {
    for (const q of [
      "what is the median video length in each search?",
      "which search has the longest videos?",
    ]) {
      const { plan, result } = aggregateOf(await ask(q, on));
      expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "duration" });
      expect(groupValue(result, "hotelvungtau")).toBe(
        median(
          column(
            "SELECT duration_s FROM videos WHERE duration_s IS NOT NULL AND id IN (SELECT video_id FROM video_collections WHERE collection = 'hotelvungtau')",
          ),
        ),
      );
    }
    const district = aggregateOf(await ask("how many videos did the District 1 search find?", on));
    expect(district.plan.filters).toEqual(["collection=hotelquan1"]);
    expect(district.plan.understood).toContain('read "District 1" as "Quận 1"');
    expect(district.result.count).toBe(3);
  });

  it("'which search has the most creators?' counts each one's distinct creators (SQL); a set whose source records no followers says so", async () => {
    const answer = await ask("which search has the most creators?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({
      intent: "breakdown",
      subject: "creators",
      group_by: "collection",
      metric: null,
    });
    const creatorsOf = (name: string) =>
      column(
        "SELECT count(DISTINCT author_uid) FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = ?)",
        name,
      )[0];
    for (const name of result.ranking as string[]) expect(groupValue(result, name)).toBe(creatorsOf(name));
    expect(answer.summary).toMatch(
      /^By number of distinct creators, the leading search among videos is \S+: \d+ creators? of \d+ videos?/,
    );
    const none = await ask("who are the biggest creators in the trending set by followers?", on);
    expect(none.summary).toBe(
      'No follower count is recorded for any of the 12 creators of the videos in the collection "trending-dec2020": their source records none, so they cannot be ranked by followers. Rank them by the views of their videos instead ("the creators with the most views in …").',
    );
  });

  it("follow-ups: 'what about likes?' asks the earlier question again of likes (SQL); 'top 3 videos there?' is of the search named before", async () => {
    const again = await ask("what about likes?", on, "the Da Lat vs Vung Tau searches: median views");
    const { plan, result } = aggregateOf(again);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "likes" });
    expect(plan.understood[0]).toBe(
      'a follow-up: the earlier question ("the Da Lat vs Vung Tau searches: median views") asked again of likes',
    );
    expect(groupValue(result, "hoteldalat")).toBe(
      median(
        column(
          "SELECT likes FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'hoteldalat')",
        ),
      ),
    );
    const there = aggregateOf(
      await ask("top 3 videos there?", on, "give me an overview of the hotelvungtau search"),
    );
    expect(there.plan.filters).toEqual(["collection=hotelvungtau"]);
    expect(there.result.ranking).toEqual(
      column(
        "SELECT id FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'hotelvungtau') ORDER BY plays DESC, id DESC LIMIT 3",
      ),
    );
  });

  it("with no searches recorded, 'which hotel search has the highest share of ads?' is declined saying so", async () => {
    const declined = await ask("which hotel search has the highest share of ads?");
    expect(declined.summary).toMatch(/does not record the search that found each video/);
  });

  it("an overview of a search cites that search's most played videos (SQL)", async () => {
    const answer = await ask("give me an overview of the hotelvungtau search", on);
    const top = searched
      .prepare(
        "SELECT id FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'hotelvungtau') ORDER BY plays DESC, id DESC LIMIT 3",
      )
      .pluck()
      .all();
    expect(answer.findings[0]?.evidence.map((e) => e.id)).toEqual(top);
  });

  it("a period no trend report covers: said, and the most used hashtags of its videos instead (SQL)", async () => {
    const month = new Date(TRENDING_AT * 1000).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const answer = await ask(`which hashtags were trending in ${month}?`, on);
    expect(answer.summary).toMatch(
      new RegExp(
        `^No published trend report covers ${month} \\(\\d+ reports? exists?: .*, of the days \\d{4}-\\d\\d-\\d\\d to \\d{4}-\\d\\d-\\d\\d\\); ranked over the videos published then instead: #fyp leads`,
      ),
    );
    const { plan } = aggregateOf(answer);
    expect(plan.filters).not.toContain("collection=trending-dec2020");
  });
});

describe("accounts across searches, a district's number, prices stated (stop 63)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  beforeAll(async () => {
    // A search named for a district ("hotelquan1"), its captions tagged #quan1; its first creator found by a
    // second search too.
    ({ db: searched, on } = await searchedScrape(
      "quan1.json",
      Array.from({ length: 6 }, (_, i) =>
        searchedItem(
          6_800_000_000_000_000_000n + BigInt(i),
          // Two state a price; one a count that is none.
          `Khách sạn Quận 1 số ${i} ${["chỉ 350k/đêm", "", "giá 1.200.000đ", "10k views rồi", "", ""][i]} #quan1 #khachsan`,
          { id: 4_000_000 + (i % 3), name: `q1hotel${i % 3}`, fans: 2_000 },
          { ageDays: 10 + i, plays: 5_000 + i * 500, likes: 300, comments: 10, shares: 5, saves: 20 + i },
          // (The first, stating a price, an ad.)
          i === 0,
          // (The last found by a search named for no place, "hotelgiare": cheap hotels.)
          i === 4 ? "hotelvungtau" : i === 5 ? "hotelgiare" : "hotelquan1",
        ),
      ),
    ));
  });
  afterAll(() => searched.close());
  /** Each creator's number of distinct searches, from SQL. */
  const searchesOf = () =>
    new Map(
      (
        searched
          .prepare(
            "SELECT v.author_uid AS uid, count(DISTINCT c.collection) AS n FROM videos v JOIN video_collections c ON c.video_id = v.id GROUP BY v.author_uid",
          )
          .all() as { uid: string; n: number }[]
      ).map((r) => [r.uid, r.n]),
    );

  it("'which creators appear in more than one search?' ranks the accounts by how many searches found them (SQL)", async () => {
    const answer = await ask("which creators appear in more than one search?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "creators", in_searches: 2 });
    expect(plan.ignored ?? []).toEqual([]);
    const counts = searchesOf();
    const many = [...counts].filter(([, n]) => n >= 2);
    expect(many.map(([uid]) => uid)).toContain("4000001");
    expect(result.count).toBe(many.length);
    const ranking = result.ranking as string[];
    expect(ranking.length).toBe(Math.min(5, many.length));
    expect(result.values).toEqual(ranking.map((uid) => counts.get(uid)));
    expect(result.values).toEqual([...(result.values as number[])].sort((a, b) => b - a));
    expect(Math.max(...many.map(([, n]) => n))).toBe((result.values as number[])[0]);
    // Each finding names the searches that found the account.
    const first = ranking[0] as string;
    const names = searched
      .prepare(
        "SELECT DISTINCT c.collection FROM videos v JOIN video_collections c ON c.video_id = v.id WHERE v.author_uid = ?",
      )
      .pluck()
      .all(first) as string[];
    expect(answer.findings[0]?.evidence.map((e) => e.id)).toEqual([first]);
    expect(answer.findings[0]?.statement).toMatch(new RegExp(`^@\\S+: ${names.length} searches \\(`));
    for (const name of names) expect(answer.findings[0]?.statement).toContain(`${name} `);
  });

  it("'how many creators show up in at least 3 searches?' counts them (SQL); a measure named ranks them by it", async () => {
    const counted = aggregateOf(await ask("how many creators show up in at least 3 searches?", on));
    expect(counted.plan).toMatchObject({ intent: "count", in_searches: 3 });
    expect(counted.result.count).toBe([...searchesOf()].filter(([, n]) => n >= 3).length);
    const ranked = aggregateOf(await ask("top creators that appear in more than one search by views", on));
    expect(ranked.plan).toMatchObject({ intent: "rank", metric: "plays", in_searches: 2 });
    const many = new Set([...searchesOf()].filter(([, n]) => n >= 2).map(([uid]) => uid));
    expect((ranked.result.ranking as string[]).every((uid) => many.has(uid))).toBe(true);
    // "The most videos" names no search: no reading of searches.
    const videos = aggregateOf(await ask("which creators are in the most videos?", on));
    expect((videos.plan as { in_searches?: number }).in_searches).toBeUndefined();
  });

  it("'Quận 1 search: …' opening the question is the district's search; unaccented 'quan 1' is #quan1 (SQL)", async () => {
    const search = aggregateOf(await ask("Quận 1 search: top videos by saves", on));
    expect(search.plan.filters).toEqual(["collection=hotelquan1"]);
    expect(search.result.ranking).toEqual(
      searched
        .prepare(
          "SELECT id FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = 'hotelquan1') ORDER BY saves DESC, id DESC",
        )
        .pluck()
        .all(),
    );
    const topic = aggregateOf(await ask("quan 1 hotels: which videos got the most saves?", on));
    expect(topic.plan.topics).toContain("quan1");
    expect(topic.plan.ignored ?? []).not.toContain("quan");
  });

  /** The videos whose caption, opening line or transcript states a price (PRICE_PATTERN), from SQL. */
  const pricedIds = () => {
    const price = new RegExp(PRICE_PATTERN);
    return (
      searched.prepare("SELECT id, caption, hook_text, transcript FROM videos").all() as {
        id: string;
        caption: string | null;
        hook_text: string | null;
        transcript: string | null;
      }[]
    )
      .filter((v) => price.test([v.caption ?? "", v.hook_text ?? "", v.transcript ?? ""].join("\n")))
      .map((v) => v.id);
  };

  it("'how many videos mention a price?' counts the videos stating one in their text, not the word (SQL)", async () => {
    const priced = pricedIds();
    expect(priced).toContain("6800000000000000000");
    expect(priced).toContain("6800000000000000002");
    expect(priced).not.toContain("6800000000000000003");
    const answer = await ask("how many videos mention a price in VND?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "count", filters: ["price=yes"], topics: [] });
    expect(result.count).toBe(priced.length);
    expect(answer.caveats.some((c) => c.startsWith("A price: a figure with a currency"))).toBe(true);
    const none = aggregateOf(await ask("top Quận 1 videos without a price", on));
    expect(none.plan.filters).toEqual(["price=no"]);
    expect(none.result.ranking as string[]).not.toContain("6800000000000000000");
    expect(none.result.ranking as string[]).toContain("6800000000000000003");
  });

  it("'do videos that mention a price get more saves?' sets them against the others (SQL); a share of ads (SQL)", async () => {
    const priced = new Set(pricedIds());
    const { plan, result } = aggregateOf(await ask("do videos that mention a price get more saves?", on));
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "price", metric: "saves" });
    const saves = searched.prepare("SELECT id, saves FROM videos").all() as { id: string; saves: number }[];
    expect(groupValue(result, "with a price stated")).toBe(
      median(saves.filter((v) => priced.has(v.id)).map((v) => v.saves)),
    );
    expect(groupValue(result, "with no price stated")).toBe(
      median(saves.filter((v) => !priced.has(v.id)).map((v) => v.saves)),
    );
    const share = await ask("what share of ads state a price?", on);
    const ads = searched.prepare("SELECT id FROM videos WHERE label_ad = 1").pluck().all() as string[];
    expect(ads.filter((id) => priced.has(id)).length).toBeGreaterThan(0);
    expect(share.summary).toBe(
      `${ads.filter((id) => priced.has(id)).length} of ${ads.length} ads ${ads.filter((id) => priced.has(id)).length === 1 ? "states" : "state"} a price: ${Math.round((10_000 * ads.filter((id) => priced.has(id)).length) / ads.length) / 100} %.`,
    );
  });

  it("follow-ups naming a place, a window or both: the earlier question asked again of them, as if asked whole", async () => {
    const context = "Q: top 5 Da Lat videos by views. A: The most viewed videos about dalat: …";
    for (const [followUp, whole] of [
      ["what about Vung Tau?", "top 5 Vung Tau videos by views"],
      ["what about likes for Vung Tau?", "top 5 Vung Tau videos by likes"],
      ["and Vung Tau in 2025?", "top 5 Vung Tau videos by views in 2025"],
      ["what about likes in 2025?", "top 5 Da Lat videos by likes in 2025"],
    ] as const) {
      const asked = aggregateOf(await ask(followUp, on, context));
      const direct = aggregateOf(await ask(whole, on));
      expect(asked.plan.understood[0], followUp).toMatch(
        /^a follow-up: the earlier question \("top 5 Da Lat videos by views\."\) asked again of /,
      );
      expect({ ...asked.plan, understood: asked.plan.understood.slice(1) }, followUp).toEqual(direct.plan);
      expect(asked.result.ranking, followUp).toEqual(direct.result.ranking);
      expect((direct.result.ranking as string[]).length, whole).toBeGreaterThan(0);
    }
    // The earlier question's own window gives way to the one named now.
    const replaced = aggregateOf(
      await ask("what about likes in 2024?", on, "Which Da Lat videos from 2023 got the most views?"),
    );
    expect(replaced.plan).toMatchObject({ metric: "likes", topics: ["dalat"], window_days: 366 });
    expect(replaced.plan.understood).toContain('window 2024 (from "in 2024")');
    // Alone, it is still a follow-up with nothing to follow.
    expect(aggregateOf(await ask("what about likes in 2024?", on)).plan.intent).toBe("decline");
  });

  it("'which city has the most ads?', 'median views per city': each search named for a place, the others left out and said (SQL)", async () => {
    const names = searched
      .prepare("SELECT DISTINCT collection FROM video_collections ORDER BY 1")
      .pluck()
      .all() as string[];
    const places = names.filter((n) => !["hotelgiare", "reviewhotel"].includes(n));
    expect(names).toContain("hotelgiare");
    const counted = aggregateOf(await ask("which city has the most ads?", on));
    expect(counted.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    expect(counted.plan.understood).toContain(
      `groups: each search named for a place, for "which city" (the corpus records no city of its own): ${places.length} collections, ${places.join(", ")}; left out as naming no place: hotelgiare, reviewhotel`,
    );
    for (const name of counted.result.ranking as string[]) expect(places).toContain(name);
    const views = aggregateOf(await ask("median views per city", on));
    expect(views.plan).toMatchObject({ group_by: "collection", metric: "plays" });
    expect([...(views.result.ranking as string[])].sort()).toEqual(places);
    for (const name of places)
      expect(groupValue(views.result, name)).toBe(
        median(
          searched
            .prepare(
              "SELECT plays FROM videos WHERE id IN (SELECT video_id FROM video_collections WHERE collection = ?)",
            )
            .pluck()
            .all(name) as number[],
        ),
      );
  });
});

describe("a topic between 'the most' and the videos, cities of one kind, prices as written (stop 64)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  beforeAll(async () => {
    // Two more searches named for places (Huế, Sa Pa), some of their videos ads; prices written as people write
    // them ("1tr5", "2 củ"), and what is none ("2N1Đ", "10 Củ Chi").
    ({ db: searched, on } = await searchedScrape(
      "hue-sapa.json",
      Array.from({ length: 8 }, (_, i) =>
        searchedItem(
          6_900_000_000_000_000_000n + BigInt(i),
          `${i < 4 ? "Hotel Huế" : "Khách sạn Sa Pa"} số ${i} ${["villa nguyên căn 1tr5/đêm", "phòng 2 củ mốt một đêm", "Combo 2N1Đ", "tại 10 Củ Chi", "chỉ từ 350k/đêm", "giá 1.200.000đ, phòng VIP 2 triệu", "only $70 a night", ""][i]} #${i < 4 ? "hue" : "sapa"} #hotel #travel`,
          { id: 4_100_000 + (i % 2), name: `hs${i % 2}`, fans: 3_000 },
          { ageDays: 5 + i, plays: 2_000 + i * 300, likes: 100, comments: 3, shares: 2, saves: 10 + i },
          i % 2 === 0,
          i < 4 ? "hotelhue" : "hotelsapa",
        ),
      ),
    ));
  });
  afterAll(() => searched.close());

  it("'which city has the most hotel ads?': ads counted in each search named for a place, 'hotel' what they searched for (SQL)", async () => {
    const answer = await ask("which city has the most hotel ads?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos", topics: [] });
    expect(plan.ignored ?? []).toEqual([]);
    expect(plan.understood).toContain('"hotel": what each of those searches was for');
    const ads = new Map(
      (
        searched
          .prepare(
            "SELECT c.collection AS name, count(*) AS n FROM video_collections c JOIN videos v ON v.id = c.video_id WHERE v.label_ad = 1 AND c.collection <> 'reviewhotel' GROUP BY c.collection",
          )
          .all() as { name: string; n: number }[]
      ).map((r) => [r.name, r.n]),
    );
    expect(ads.get("hotelhue")).toBe(2);
    for (const name of result.ranking as string[]) {
      expect(name).not.toBe("reviewhotel");
      expect(groupValue(result, name)).toBe(ads.get(name));
    }
    expect(answer.summary).toContain("collections named for places");
    // A topic naming no place of the searches stays a topic of each.
    const villas = aggregateOf(await ask("which city has the most villa videos?", on));
    expect(villas.plan).toMatchObject({ group_by: "collection", metric: "videos", topics: ["villa"] });
  });

  it("'which search has the most hotel ads?', 'creators with the most Hội An videos' count the videos; 'the most popular ads' are views", async () => {
    const searchAds = aggregateOf(await ask("which search has the most hotel ads?", on)).plan;
    expect(searchAds).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    const creators = aggregateOf(await ask("which creators have the most Hội An videos?", on)).plan;
    expect(creators).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "videos",
      topics: ["hoian"],
    });
    const popular = aggregateOf(await ask("which search has the most popular ads?", on)).plan;
    expect(popular.metric).toBe("plays");
    // "Most hotel videos are …": most of them, no count asked.
    const most = aggregateOf(await ask("do most hotel videos use a sound?", on)).plan;
    expect(most.metric).not.toBe("videos");
  });

  it("'which search query (searchHashtag) surfaced the most ads?' counts each search's ads (SQL); 'which search surfaced it' does not", async () => {
    const { plan, result } = aggregateOf(
      await ask(
        "Which search query (searchHashtag) surfaced the most ad-flagged videos? Please rank all queries by number of ads.",
        on,
      ),
    );
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "collection",
      metric: "videos",
      filters: ["ad=yes"],
    });
    const hue = searched
      .prepare(
        "SELECT count(*) FROM video_collections c JOIN videos v ON v.id = c.video_id WHERE v.label_ad = 1 AND c.collection = 'hotelhue'",
      )
      .pluck()
      .get() as number;
    expect(groupValue(result, "hotelhue")).toBe(hue);
    // Said without the ranking spelt out: the ads are counted all the same.
    const short = aggregateOf(await ask("which search surfaced the most ad-flagged videos?", on));
    expect(short.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    expect(groupValue(short.result, "hotelhue")).toBe(hue);
    const one = aggregateOf(
      await ask("Who posted the most viewed hotel video, and which search surfaced it?", on),
    ).plan;
    expect(one.intent).not.toBe("breakdown");
  });

  it("prices as written: '1tr5' and '2 củ' are prices, '2N1Đ' (a stay's length) and '10 Củ Chi' (a street) are not (SQL)", async () => {
    const priced = aggregateOf(await ask("how many Huế videos mention a price?", on));
    expect(priced.plan).toMatchObject({ intent: "count", filters: ["price=yes"] });
    const texts = searched
      .prepare("SELECT id, caption FROM videos WHERE id LIKE '69000000000000000%' ORDER BY id")
      .all() as { id: string; caption: string }[];
    const price = new RegExp(PRICE_PATTERN);
    expect(texts.map((t) => price.test(t.caption))).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(priced.result.count).toBe(2);
  });

  it("'the median quoted price of Huế videos', 'the most expensive price per night': amounts read from the text (1tr5, 2 củ mốt)", async () => {
    const answer = await ask("what's the median quoted price of Huế videos?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "measure", price_figure: { of: "median", night: false } });
    expect(result).toMatchObject({ median: 1_800_000, count: 2, min: 1_500_000, max: 2_100_000 });
    expect(answer.summary).toContain("1,800,000 đồng");
    expect(answer.caveats.some((c) => c.startsWith("A video's price: read from its caption"))).toBe(true);
    const high = aggregateOf(await ask("most expensive price per night in Huế videos", on));
    expect(high.plan).toMatchObject({ intent: "rank", price_figure: { of: "highest", night: true } });
    expect(high.result.values).toEqual([2_100_000, 1_500_000]);
  });

  it("'can u tell me the cheapest hotel in Sa Pa', 'which hotel in Sa Pa has the cheapest price?': the videos by the lowest price they state in đồng; a price in dollars is left out", async () => {
    const { plan, result } = aggregateOf(await ask("can u tell me the cheapest hotel in Sa Pa", on));
    expect(plan).toMatchObject({ intent: "rank", price_figure: { of: "lowest" } });
    expect(result.ranking).toEqual(["6900000000000000004", "6900000000000000005"]);
    expect(result.values).toEqual([350_000, 1_200_000]);
    const which = aggregateOf(await ask("which hotel in Sa Pa has the cheapest price?", on));
    expect(which.plan.understood).toContain('"hotel": what is priced, not a word to find');
    expect(which.result.ranking).toEqual(result.ranking);
    // A price said in a transcript ("giá chỉ từ 500k"), as the PostgreSQL parity test asks it too.
    expect(aggregateOf(await ask("the cheapest glamping price")).result.values).toEqual([500_000]);
    // "Which airline has the cheapest flights?": no price of a stay.
    const flights = aggregateOf(await ask("which airline has the cheapest flights to Sa Pa?", on)).plan;
    expect(flights.price_figure).toBeUndefined();
  });

  it("'Huế vs Sa Pa: median price' sets each one's median side by side; 'with the price each one quotes' shows each video's", async () => {
    const { plan, result } = aggregateOf(await ask("Huế vs Sa Pa: median price", on));
    expect(plan).toMatchObject({ intent: "measure", price_figure: { of: "median" } });
    expect(result.values).toEqual([1_800_000, 775_000]);
    // "Which is cheaper, Huế or Sa Pa?": the same medians, the cheapest first.
    const cheaper = aggregateOf(await ask("which is cheaper, Huế or Sa Pa?", on));
    expect(cheaper.plan).toMatchObject({ intent: "measure", price_figure: { of: "lowest" } });
    expect(cheaper.result.values).toEqual([775_000, 1_800_000]);
    // "Which city has the cheapest hotels?": each search named for a place, by its median, the cheapest first.
    const citiesAnswer = await ask("which city has the cheapest hotels?", on);
    const cities = aggregateOf(citiesAnswer);
    // (Each with fewer than 5 videos stating a price: said, and ranked among themselves.)
    expect(citiesAnswer.caveats).toContainEqual(
      expect.stringMatching(
        /^Searches with fewer than 5 videos stating a price come after the others, .*: hotelsapa \(\d\), hotelhue \(\d\)\.$/,
      ),
    );
    expect(cities.plan).toMatchObject({
      intent: "measure",
      price_figure: { of: "lowest", each_search: true },
    });
    expect((cities.result.ranking as string[]).slice(0, 2)).toEqual(["hotelsapa", "hotelhue"]);
    expect((cities.result.values as (number | null)[]).slice(0, 3)).toEqual([775_000, 1_800_000, null]);
    expect(cities.result.ranking as string[]).not.toContain("reviewhotel");
    // "… the most expensive hotels according to the videos": the same medians, the dearest first (stop 66).
    const dearest = aggregateOf(
      await ask("which city has the most expensive hotels according to the videos?", on),
    );
    expect(dearest.plan).toMatchObject({
      intent: "measure",
      price_figure: { of: "highest", each_search: true },
    });
    expect((dearest.result.ranking as string[]).slice(0, 2)).toEqual(["hotelhue", "hotelsapa"]);
    // Each video listed states one (those that state none are not listed); one in dollars is shown as written.
    const listed = await ask("top Sa Pa videos with the price each one quotes", on);
    expect(aggregateOf(listed).plan).toMatchObject({
      intent: "rank",
      uses_shown: "price",
      filters: ["price=yes"],
    });
    const statements = listed.findings.map((f) => f.statement).join("\n");
    expect(statements).toContain('Price stated: "350k/đêm".');
    expect(statements).toContain('Price stated: "1.200.000đ", "2 triệu".');
    expect(statements).toContain('Price stated: "$70 a night".');
    expect(statements).not.toContain("No price stated.");
  });
});

describe("phone numbers in captions: 'captions with a phone number', 'a hotline or Zalo number', 'vs those without' (stop 67)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  const ID = (i: number) => String(6_900_000_000_000_000_300n + BigInt(i));
  // Captions as Vietnamese hotels give numbers: dotted, spaced, a 1900 hotline; and figures that are none (a price,
  // a date, a count), and a Zalo named without its number.
  const CAPTIONS = [
    "Hotline đặt phòng 0907.097.677",
    "Zalo: 0908 220 613 để được giá tốt",
    "Liên hệ 0276 3 822 999 nhé",
    "tổng đài 1900 1870",
    "nhắn Zalo mình để ở bio nha",
    "phòng 1.686.000đ một đêm",
    "khai trương ngày 02.05.2025",
    "đạt 10.500.000 lượt xem",
  ];
  const PHONED = [0, 1, 2, 3];
  const PHONE = new RegExp(PHONE_PATTERN);
  beforeAll(async () => {
    ({ db: searched, on } = await searchedScrape(
      "sapa-phones.json",
      CAPTIONS.map((words, i) =>
        searchedItem(
          6_900_000_000_000_000_300n + BigInt(i),
          `Sa Pa ${words} #sapa #hotel`,
          // (The first account far ahead of every other on followers.)
          { id: 4_300_000 + (i % 2), name: `sp${i % 2}`, fans: i % 2 === 0 ? 90_000_000 : 2_000 },
          {
            ageDays: 3 + i,
            plays: 10_000 + i * 1_000,
            likes: 300,
            comments: PHONED.includes(i) ? 2 : 40,
            shares: 4,
            saves: 20,
          },
          false,
          "hotelsapa",
        ),
      ),
    ));
  });
  afterAll(() => searched.close());

  it("'how many captions give a phone number? Top 5 of those by plays.': the count, with its most played as examples (SQL)", async () => {
    const all = searched
      .prepare<[], { id: string; caption: string | null }>("SELECT id, caption FROM videos")
      .all();
    // (The scrape beside them gives none.)
    expect(
      all
        .filter((v) => PHONE.test(v.caption ?? ""))
        .map((v) => v.id)
        .sort(),
    ).toEqual(PHONED.map(ID).sort());
    const answer = await ask(
      "How many captions carry a full 10-digit Vietnamese phone number? Top 5 of those by plays.",
      on,
    );
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "count", metric: null, filters: ["phone=yes"] });
    expect(result.count).toBe(PHONED.length);
    expect(answer.summary).toBe("There are 4 videos that give a phone number in the caption.");
    // (Four in all: the five asked for are every one, the most played first.)
    expect(answer.findings[0]?.evidence.map((e) => e.id)).toEqual([ID(3), ID(2), ID(1), ID(0)]);
    const none = aggregateOf(await ask("how many Sa Pa videos have no phone number in the caption?", on));
    expect(none.plan.filters).toEqual(["phone=no"]);
    expect(none.result.count).toBe(CAPTIONS.length - PHONED.length);
  });

  it("'a phone number or zalo' is the numbers given (said so); 'vs those without' sets them beside the rest", async () => {
    const listed = aggregateOf(
      await ask("show me Sa Pa videos where the caption mentions a phone number or zalo", on),
    );
    expect(listed.plan).toMatchObject({ intent: "rank", filters: ["phone=yes"], topics: ["sapa"] });
    expect(listed.plan.understood.join("\n")).toContain(
      "a caption naming one without its number is not counted",
    );
    expect([...(listed.result.ranking as string[])].sort()).toEqual(PHONED.map(ID).sort());
    const rest = aggregateOf(
      await ask(
        "Do Sa Pa captions with a hotline or Zalo number get more comments than captions without one?",
        on,
      ),
    );
    expect(rest.plan).toMatchObject({ intent: "breakdown", group_by: "phone", metric: "comments" });
    expect(rest.result.ranking).toEqual([
      "without a phone number in the caption",
      "with a phone number in the caption",
    ]);
    expect(rest.result.values).toEqual([40, 2]);
  });

  it("'with vs without a phone number', 'quote a price and give a hotline': the groups; both filters", async () => {
    const groups = aggregateOf(
      await ask("median comments for Sa Pa captions with vs without a phone number", on),
    );
    expect(groups.plan).toMatchObject({ intent: "breakdown", group_by: "phone", metric: "comments" });
    expect(groups.result.values).toEqual([40, 2]);
    const both = aggregateOf(await ask("how many Sa Pa captions quote a price and give a hotline?", on));
    expect(both.plan.filters).toEqual(["price=yes", "phone=yes"]);
    expect(both.result.count).toBe(0);
    // "… with a price vs … with a phone number": each its own group, not the videos with both; how many are in
    // both is said (none here, as counted above; stop 69).
    const sidesAnswer = await ask(
      "compare median comments: Sa Pa videos with a price vs Sa Pa videos with a phone number",
      on,
    );
    expect(sidesAnswer.caveats).toContain("No video is in both groups.");
    const sides = aggregateOf(sidesAnswer);
    expect(sides.plan).toMatchObject({
      intent: "breakdown",
      group_by: "bounds",
      metric: "comments",
      bands: ["videos stating a price", "videos with a phone number in the caption"],
    });
    expect(sides.result.ranking).toEqual([
      "videos stating a price",
      "videos with a phone number in the caption",
    ]);
    expect(sides.result.values).toEqual([40, 2]);
  });

  it("'the top 3 videos of the creator with the most followers': that creator's videos, not a ranking by followers (SQL)", async () => {
    const top = searched
      .prepare<[], { uid: string }>("SELECT uid FROM creators ORDER BY followers DESC LIMIT 1")
      .get();
    const theirs = searched
      .prepare<[string], { id: string }>(
        "SELECT id FROM videos WHERE author_uid = ? ORDER BY plays DESC, id DESC LIMIT 3",
      )
      .all(top?.uid as string)
      .map((v) => v.id);
    const answer = await ask("what are the top 3 videos of the creator with the most followers?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", subject: "videos", metric: null });
    expect(plan.understood).toContain(
      'the videos of the creator with the most followers (from "the creator with the most followers")',
    );
    expect(result.ranking).toEqual(theirs);
    expect(answer.summary).toMatch(/^Most viewed videos by the creator with the most followers: /);
    // "The 3 most viewed videos of the biggest creator": the same set, though "creator" is the last noun.
    const biggest = aggregateOf(
      await ask("what are the 3 most viewed videos of the biggest creator in the dataset?", on),
    );
    expect(biggest.plan).toMatchObject({ intent: "rank", subject: "videos", top_creators: 1 });
    expect(biggest.result.ranking).toEqual(theirs);
  });
});

describe("bounds on the prices videos state: 'rooms under 500k a night', 'between 400k and 2 triệu' (stop 65)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  const ID = (i: number) => String(6_900_000_000_000_000_100n + BigInt(i));
  beforeAll(async () => {
    // Bảo Lộc stays priced as people write prices: for a night or not, in slang, one a count ("500k views"), one in
    // dollars, one with none.
    ({ db: searched, on } = await searchedScrape(
      "dalat-prices.json",
      [
        "phòng chỉ 350k/đêm",
        "villa nguyên căn 1tr5/đêm",
        "homestay 250k, phòng VIP 900k",
        "phòng 2 củ mốt một đêm",
        "đạt 500k views rồi",
        "khách sạn 450k/đêm view đồi",
        "săn mây sáng sớm",
        "only $25 a night",
        "nhà nghỉ 99k/2h",
      ].map((words, i) =>
        searchedItem(
          6_900_000_000_000_000_100n + BigInt(i),
          `Bảo Lộc ${words} #baoloc #hotel`,
          { id: 4_200_000 + (i % 3), name: `dl${i % 3}`, fans: 5_000 },
          {
            ageDays: 3 + i,
            plays: 10_000 + i * 1_000,
            likes: 300,
            comments: 9,
            shares: 4,
            saves: 20 + i * 10,
          },
          i % 2 === 1,
          "hotelbaoloc",
        ),
      ),
    ));
  });
  afterAll(() => searched.close());

  it("'Bao Loc hotels under 500k a night': the videos stating a price for a night under it, each with its prices", async () => {
    const answer = await ask("Bao Loc hotels under 500k a night", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", uses_shown: "price", filters: ["price_vnd<500000/night"] });
    expect(plan.understood).toContain('"hotel": what is priced, not a word to find');
    // (250k is not said to be for a night; 2 củ mốt is over.)
    expect(result.ranking).toEqual([ID(5), ID(0)]);
    expect(answer.findings.map((f) => f.statement).join("\n")).toContain('Price stated: "450k/đêm".');
    expect(answer.caveats).toContain(
      "Under 500,000 đồng a night: the videos stating at least one price in đồng in that range (for a night: said to be for one), whatever else they state.",
    );
  });

  it("'median saves by price range', 'which price ranges get the most views?': the videos stating a price in each range, side by side; three ranges written likewise (stop 70)", async () => {
    const answer = await ask("median saves of Bảo Lộc videos by price range", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "breakdown", group_by: "bounds", metric: "saves" });
    expect(plan.bands).toEqual([
      "under 300,000 đồng",
      "from 300,000 to 499,999 đồng",
      "from 500,000 to 999,999 đồng",
      "from 1,000,000 to 1,999,999 đồng",
      "at least 2,000,000 đồng",
    ]);
    // Saves are 20 + 10 × i: 350k/đêm (0) and 450k/đêm (5); 250k and 900k (2) in two ranges; 1tr5 (1); 2 củ mốt (3);
    // 99k/2h (8) is for some hours.
    const saves = (...ids: number[]) => median(ids.map((i) => 20 + 10 * i));
    expect(groupValue(result, "under 300,000 đồng")).toBe(saves(2));
    expect(groupValue(result, "from 300,000 to 499,999 đồng")).toBe(saves(0, 5));
    expect(groupValue(result, "from 500,000 to 999,999 đồng")).toBe(saves(2));
    expect(groupValue(result, "from 1,000,000 to 1,999,999 đồng")).toBe(saves(1));
    expect(groupValue(result, "at least 2,000,000 đồng")).toBe(saves(3));
    expect(answer.caveats).toContain(
      "Each group is the videos stating at least one price in đồng in its range: a video stating prices in two ranges counts in each. It shows which range did well, not that the price caused it.",
    );
    const written = aggregateOf(
      await ask("Bảo Lộc prices under 400k vs 400k to 1 triệu vs over 1 triệu: which gets more saves?", on),
    );
    expect(written.plan).toMatchObject({ intent: "breakdown", group_by: "bounds", filters: [] });
    expect(written.plan.bands).toHaveLength(3);
    expect(groupValue(written.result, "over 1,000,000 đồng")).toBe(saves(1, 3));
  });

  it("counts, Vietnamese and ranges: any price a video states within the bound; '500k views' and '$25' are no such price", async () => {
    const count = async (q: string) => aggregateOf(await ask(q, on)).result.count;
    expect(await count("how many Bảo Lộc videos quote prices under 500k?")).toBe(3);
    // (1tr5 is not under 1tr5; the 250k of the homestay is.)
    expect(await count("how many videos: phòng dưới 1tr5 ở Bảo Lộc")).toBe(3);
    expect(await count("how many Bảo Lộc rooms between 400k and 2 triệu?")).toBe(3);
    expect(await count("how many Bảo Lộc stays over 2 triệu?")).toBe(1);
    // A bound said with a count's unit and no word of prices is on views.
    const views = aggregateOf(await ask("hotel videos under 500k", on)).plan;
    expect(views.filters).toEqual(["plays<500000"]);
    // One in dollars is said to be left out.
    const dollars = aggregateOf(await ask("Bao Loc hotels under $30 a night", on)).plan;
    expect(dollars.filters).toEqual([]);
    expect(dollars.ignored).toContain(
      '"under $30 a night" (a price in another currency: prices are read in đồng, "under 500k")',
    );
    // A price told beside the question is no bound ("was selling rooms from 550k. How did it do?").
    const told = aggregateOf(
      await ask("@dl0 was selling rooms from 550k last week. How did their videos do?", on),
    ).plan;
    expect(told.filters).not.toContainEqual(expect.stringMatching(/^price_vnd/));
  });

  it("'the most common price in Bảo Lộc': the amounts by how many videos state them (each its lowest), ties the cheaper first (stop 67)", async () => {
    const answer = await ask("what's the most common price in Bảo Lộc videos?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ intent: "rank", price_figure: { of: "common" } });
    // (Each video's lowest in đồng: 250k of "250k, phòng VIP 900k"; not "500k views", "$25" or the 99k of two hours.)
    expect(result.ranking).toEqual(["250000", "350000", "450000", "1500000", "2100000"]);
    expect(result.values).toEqual([1, 1, 1, 1, 1]);
    expect(answer.summary).toBe(
      'The price stated most often by videos about "baoloc" (each video\'s lowest) is 250,000 đồng: 1 of the 5 videos stating a price in đồng; then 350,000 đồng (1 video). No amount is stated by more than one video.',
    );
    expect(answer.findings[0]?.statement).toBe('#1 250,000 đồng: 1 video, as "250k".');
    expect(answer.findings[0]?.evidence[0]).toMatchObject({ type: "video", id: ID(2) });
  });

  it("'do rooms under 500k get more saves than the rest?', 'under 500k vs over 1 triệu': the groups side by side", async () => {
    const rest = aggregateOf(await ask("do Bảo Lộc rooms under 500k get more saves than the rest?", on));
    expect(rest.plan).toMatchObject({ intent: "breakdown", group_by: "price", metric: "saves" });
    // Within it: 350k (saves 20), 250k (40), 450k (70); the others: the six left (30, 50, 60, 80, 90, and 100 for
    // the 99k of two hours, no night's price).
    expect(rest.result.ranking).toEqual(["all the others", "with a price under 500,000 đồng stated"]);
    expect(rest.result.values).toEqual([70, 40]);
    const apart = aggregateOf(await ask("how many Bảo Lộc videos: prices under 500k vs over 1 triệu", on));
    expect(apart.plan).toMatchObject({ intent: "breakdown", group_by: "price" });
    expect(apart.result.ranking).toEqual([
      "with a price under 500,000 đồng stated",
      "with a price over 1,000,000 đồng stated",
    ]);
    expect(apart.result.values).toEqual([3, 2]);
  });

  it("follow-ups naming a label: 'median saves of Bảo Lộc videos' — 'what about ads?', 'and organic ones?' ask it again of them", async () => {
    const context =
      "Q: median saves of Bảo Lộc videos\nA: The median saves per video of videos about baoloc is 55.";
    const ads = await ask("what about ads?", on, context);
    const { plan, result } = aggregateOf(ads);
    expect(plan).toMatchObject({
      intent: "measure",
      metric: "saves",
      topics: ["baoloc"],
      filters: ["ad=yes"],
    });
    expect(plan.understood[0]).toBe(
      'a follow-up: the earlier question ("median saves of Bảo Lộc videos") asked again of ads',
    );
    // The ads are the odd ones (saves 30, 50, 70, 90).
    expect(result).toMatchObject({ median: 60, videos: 4 });
    const organic = aggregateOf(
      await ask("and organic ones?", on, "Q: top 5 ads about Bảo Lộc by saves"),
    ).plan;
    expect(organic).toMatchObject({ intent: "rank", metric: "saves", filters: ["ad=no"] });
  });

  it("'which sound shows up in the most searches?', 'how many sounds are in more than 2 searches?': each sound's searches (SQL)", async () => {
    const bySql = searched
      .prepare(
        "SELECT v.music_id AS id, count(DISTINCT c.collection) AS n FROM videos v JOIN video_collections c ON c.video_id = v.id WHERE v.music_id IS NOT NULL GROUP BY v.music_id HAVING n >= 2 ORDER BY n DESC",
      )
      .all() as { id: string; n: number }[];
    expect(bySql.length).toBeGreaterThan(0);
    const answer = await ask("which sound shows up in the most searches?", on);
    const { plan, result } = aggregateOf(answer);
    expect(plan).toMatchObject({ subject: "sounds", in_searches: 2 });
    expect(plan.ignored).toEqual([]);
    expect(result.values).toEqual(bySql.map((r) => r.n).slice(0, 5));
    expect(new Map(bySql.map((r) => [r.id, r.n])).get((result.ranking as string[])[0] as string)).toBe(
      bySql[0]?.n,
    );
    expect(answer.summary).toContain(`in the most searches: ${bySql[0]?.n} of the`);
    const counted = aggregateOf(await ask("how many sounds are in more than 2 searches?", on));
    expect(counted.result).toMatchObject({ count: bySql.filter((r) => r.n >= 3).length, in_searches: 3 });
  });

  it("prices for some hours ('99k/2h') count only where hours are asked: 'the cheapest hourly rate', 'rooms under 150k/2h'", async () => {
    const hourly = aggregateOf(await ask("what's the cheapest hourly rate in Bảo Lộc?", on));
    expect(hourly.plan).toMatchObject({ intent: "rank", price_figure: { of: "lowest", hours: true } });
    expect(hourly.result).toMatchObject({ ranking: [ID(8)], values: [99_000] });
    const cheapest = aggregateOf(await ask("cheapest hotel in Bảo Lộc", on));
    expect(cheapest.result.values).toEqual([250_000, 350_000, 450_000, 1_500_000, 2_100_000]);
    const bound = aggregateOf(await ask("Bảo Lộc rooms under 150k/2h", on));
    expect(bound.plan.filters).toEqual(["price_vnd<150000/hours"]);
    expect(bound.result.ranking).toEqual([ID(8)]);
    // "How many videos quote prices per hour?": those stating one for some hours, whatever its amount (stop 66).
    const perHour = await ask("how many Bảo Lộc videos quote prices per hour?", on);
    expect(aggregateOf(perHour).plan.filters).toEqual(["price_vnd>=0/hours"]);
    expect(aggregateOf(perHour).result.count).toBe(1);
    expect(perHour.summary).toBe('There is 1 video that states a price for some hours about "baoloc".');
  });

  it("'list the searches with their ad counts', 'rank the search inputs by median likes': each search a group (SQL)", async () => {
    const { plan, result } = aggregateOf(await ask("list the searches with their ad counts", on));
    expect(plan).toMatchObject({
      intent: "breakdown",
      group_by: "collection",
      metric: "videos",
      filters: ["ad=yes"],
    });
    expect(plan.ignored).toEqual([]);
    const bySql = searched
      .prepare(
        "SELECT c.collection AS name, count(*) AS n FROM videos v JOIN video_collections c ON c.video_id = v.id WHERE v.label_ad = 1 GROUP BY c.collection",
      )
      .all() as { name: string; n: number }[];
    expect(groupValue(result, "hotelbaoloc")).toBe(bySql.find((r) => r.name === "hotelbaoloc")?.n);
    expect(groupValue(result, "hotelbaoloc")).toBe(4);
    // "How many searches have at least 5 ads?", "which searches have more than 3 ads?": each search's ads, bounded.
    const most = Math.max(...bySql.map((r) => r.n));
    const none = await ask(`how many searches have at least ${most + 1} ads?`, on);
    expect(none.summary).toMatch(
      new RegExp(`^No search has at least ${most + 1} ads: the most is \\w+, with ${most} videos\\.`),
    );
    const atLeast = aggregateOf(await ask(`which searches have at least ${most} ads?`, on));
    expect(atLeast.plan).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "videos" });
    expect(atLeast.result.values).toEqual(bySql.filter((r) => r.n >= most).map(() => most));
    // "Which searches have no ads?", "… zero or one ad?": a search with none is a group, of 0.
    const names = (
      searched.prepare("SELECT DISTINCT collection AS name FROM video_collections").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    const adless = names.filter((n) => !bySql.some((r) => r.name === n));
    expect(adless.length).toBeGreaterThan(1);
    const noAds = await ask("which searches have no ads?", on);
    expect(noAds.summary).toMatch(
      new RegExp(
        `^${adless.length} searches have no ads: .*; the other ${names.length - adless.length} have at least one\\.$`,
      ),
    );
    expect(aggregateOf(noAds).plan).toMatchObject({
      intent: "breakdown",
      group_by: "collection",
      filters: ["ad=yes"],
    });
    expect([...(aggregateOf(noAds).result.ranking as string[])].sort()).toEqual(adless.sort());
    const upToOne = await ask("which searches have zero or one ad?", on);
    expect([...(aggregateOf(upToOne).result.ranking as string[])].sort()).toEqual(
      [...adless, ...bySql.filter((r) => r.n <= 1).map((r) => r.name)].sort(),
    );
    const ranked = aggregateOf(await ask("rank the search inputs by median likes", on)).plan;
    expect(ranked).toMatchObject({ intent: "breakdown", group_by: "collection", metric: "likes" });
    expect(ranked.ignored).toEqual([]);
  });

  it("'cheaper hotels (under 500k) … than luxury ones over 2 triệu', '… vs ads without a price', 'what do they typically charge', 'price range'", async () => {
    const sides = aggregateOf(
      await ask(
        "In Bảo Lộc, are cheaper hotels (under 500k) getting more saves than luxury ones over 2 triệu?",
        on,
      ),
    );
    expect(sides.plan).toMatchObject({
      intent: "breakdown",
      group_by: "price",
      metric: "saves",
      topics: ["baoloc"],
    });
    expect(sides.plan.ignored).toEqual([]);
    // Under 500k: saves 20, 40, 70; over 2 triệu: 50 (the 2 củ mốt).
    expect(sides.result.ranking).toEqual([
      "with a price over 2,000,000 đồng stated",
      "with a price under 500,000 đồng stated",
    ]);
    expect(sides.result.values).toEqual([50, 40]);
    const none = aggregateOf(
      await ask("Bảo Lộc: median saves of rooms under 500k vs videos without a price", on),
    );
    expect(none.plan.understood).toContain(
      "groups: videos that state a price under 500,000 đồng, and those that state none",
    );
    // Stating none: "500k views" (60), "săn mây" (80), "$25" is a price (no amount), "99k/2h" is a price: 60 and 80.
    expect(groupValue(none.result, "with no price stated")).toBe(70);
    const typical = aggregateOf(await ask("What do hotels in Bảo Lộc typically charge per night?", on));
    expect(typical.plan).toMatchObject({ intent: "measure", price_figure: { of: "median", night: true } });
    // For a night: 350k, 450k, 1tr5, 2 củ mốt.
    expect(typical.result).toMatchObject({ median: 975_000, count: 4 });
    const range = aggregateOf(await ask("price range of hotels in Bảo Lộc", on));
    expect(range.result).toMatchObject({ min: 250_000, max: 2_100_000 });
  });

  it("'median price of Bảo Lộc rooms under 1 triệu': the median of the prices within the bound", async () => {
    const { plan, result } = aggregateOf(await ask("median price of Bảo Lộc rooms under 1 triệu", on));
    expect(plan).toMatchObject({ intent: "measure", price_figure: { of: "median" } });
    // Each video's lowest within it: 350k, 250k, 450k.
    expect(result).toMatchObject({ median: 350_000, count: 3 });
  });
});

describe("how even an account's videos are (stop 71)", () => {
  it("'which creators are most consistent (lowest variation in views)?', 'one-hit wonders': each one's best video against their median, of 5+ videos (SQL)", async () => {
    const byCreator = new Map<string, number[]>();
    for (const r of db.prepare("SELECT author_uid AS uid, plays FROM videos").all() as {
      uid: string;
      plays: number;
    }[])
      byCreator.set(r.uid, [...(byCreator.get(r.uid) ?? []), r.plays]);
    const ratios = [...byCreator]
      .filter(([, plays]) => plays.length >= 5 && median(plays) > 0)
      .map(([uid, plays]) => ({ uid, ratio: Math.max(...plays) / median(plays) }));
    expect(ratios.length).toBeGreaterThan(2);
    const even = aggregateOf(await ask("Which creators are most consistent (lowest variation in views)?"));
    expect(even.plan).toMatchObject({
      intent: "rank",
      subject: "creators",
      metric: "plays",
      spread: "even",
      ignored: [],
    });
    const evenest = Math.min(...ratios.map((r) => r.ratio));
    expect((even.result.values as number[])[0]).toBeCloseTo(evenest, 3);
    expect(ratios.find((r) => r.uid === (even.result.ranking as string[])[0])?.ratio).toBeCloseTo(evenest, 3);
    const values = even.result.values as number[];
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    const uneven = aggregateOf(await ask("Which creators are one-hit wonders?"));
    expect(uneven.plan).toMatchObject({ intent: "rank", subject: "creators", spread: "uneven" });
    expect((uneven.result.values as number[])[0]).toBeCloseTo(Math.max(...ratios.map((r) => r.ratio)), 3);
    // Each one's best and median beside, as the store computed them.
    const [lead] = uneven.result.ranking as string[];
    const plays = byCreator.get(lead as string) as number[];
    expect((uneven.result.best as number[])[0]).toBe(Math.max(...plays));
    expect((uneven.result.median as number[])[0]).toBe(median(plays));
    // "Who posts most consistently?" stays a question of posting frequency.
    expect(aggregateOf(await ask("Who posts most consistently?")).plan).toMatchObject({ intent: "cadence" });
  });
});

describe("a call to action in the text (stop 71)", () => {
  let searched: Db;
  let on: { store: Store; registry: ToolRegistry };
  // Six captions asking the viewer to act, five that only look like it ("check-out time", "follow the river",
  // "booking qua app", "bình luận của khách", a hashtag "#tag").
  const CAPTIONS = [
    "Phòng view biển cực chill, liên hệ đặt phòng ngay nhé #vungtau",
    "Inbox mình để được giá tốt 🏨",
    "Best rooftop pool in Da Nang, link in bio!",
    "Follow for more hidden gems in Hoi An",
    "Lưu lại để đi dịp lễ nha #dalat",
    "Hotline 0907 097 677, book ngay kẻo hết phòng",
    "Check-out time is 12pm, breakfast included",
    "I follow the river to the old town every morning",
    "Booking qua app rẻ hơn nhiều",
    "Bình luận của khách về phòng deluxe",
    "Rooftop bar at night #tag #hotel",
  ];
  const CALLS = 6;
  beforeAll(async () => {
    ({ db: searched, on } = await searchedScrape(
      "cta.json",
      CAPTIONS.map((text, i) =>
        searchedItem(
          6_950_000_000_000_000_000n + BigInt(i),
          text,
          { id: 4_200_000 + i, name: `cta${i}`, fans: 4_000 },
          {
            ageDays: 3 + i,
            plays: 5_000 + i * 100,
            likes: 200,
            comments: 10 + i * 7,
            shares: 3,
            saves: 20 + i,
          },
          i % 3 === 0,
          "hotelcta",
        ),
      ),
    ));
  });
  afterAll(() => searched.close());
  const IN_SEARCH = "id IN (SELECT video_id FROM video_collections WHERE collection = 'hotelcta')";
  const comments = (ids: string[]) =>
    ids.map((id) => searched.prepare("SELECT comments FROM videos WHERE id = ?").pluck().get(id) as number);
  const idsOf = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, k) => String(6_950_000_000_000_000_000n + BigInt(from + k)));

  it("'how many videos have a call to action?', 'a CTA', 'without a clear call to action': the phrases, not their look-alikes (SQL)", async () => {
    const counted = await ask("How many videos in hotelcta have a call to action?", on);
    expect(aggregateOf(counted).plan).toMatchObject({
      intent: "count",
      filters: ["call_to_action=yes", "collection=hotelcta"],
    });
    expect(aggregateOf(counted).result.count).toBe(CALLS);
    expect(
      counted.caveats.some((c) =>
        c.startsWith("A call to action: a caption, opening line or transcript holding one of"),
      ),
    ).toBe(true);
    const none = aggregateOf(await ask("List the hotelcta videos without a clear call to action", on));
    expect(none.plan).toMatchObject({ intent: "rank", subject: "videos" });
    expect([...(none.result.ranking as string[])].sort()).toEqual(idsOf(CALLS, CAPTIONS.length));
    const share = aggregateOf(await ask("What share of hotelcta videos include a CTA?", on));
    expect(share.plan).toMatchObject({ intent: "share" });
    expect(share.result).toMatchObject({
      part: CALLS,
      whole: column(`SELECT count(*) FROM videos WHERE ${IN_SEARCH}`)[0],
    });
    // (Beside another list of either words the store takes one list: said to be unread, not applied halfway.)
    const either = aggregateOf(
      await ask("Show hotelcta videos about pool or breakfast that have a call to action", on),
    );
    expect(either.plan.ignored).toContain(
      "a call to action (one list of either words at a time: ask for it on its own)",
    );
    expect(either.plan.filters).not.toContain("call_to_action=yes");
  });

  it("'do videos with a call to action get more comments?': with against without, side by side (SQL)", async () => {
    for (const question of [
      "In hotelcta, do videos with a call to action get more comments?",
      "hotelcta videos with vs without a CTA: median comments",
    ]) {
      const { plan, result } = aggregateOf(await ask(question, on));
      expect(plan, question).toMatchObject({
        intent: "breakdown",
        group_by: "bounds",
        metric: "comments",
        bands: ["with a call to action", "without a call to action"],
        ignored: [],
      });
      expect(groupValue(result, "with a call to action"), question).toBe(median(comments(idsOf(0, CALLS))));
      expect(groupValue(result, "without a call to action"), question).toBe(
        median(comments(idsOf(CALLS, CAPTIONS.length))),
      );
    }
  });

  function column(sql: string): number[] {
    return searched.prepare(sql).pluck().all() as number[];
  }
});
