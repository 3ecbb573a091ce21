import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTrendReports } from "../../../src/domain/trends/build.js";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { inferredConfidence } from "../../../src/ingest/infer-advertisers.js";
import { afterIngest } from "../../../src/ingest/pipeline.js";
import { DAY } from "../../../src/shared/clock.js";
import { recencyAnchor } from "../../../src/shared/recency.js";
import { detectLanguage } from "../../../src/shared/text/language.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { tempDb } from "../../helpers/db.js";

describe("language detection for unreliable source codes", () => {
  it.each([
    ["Top 5 khách sạn đẹp nhất Vũng Tàu mà bạn không nên bỏ qua", "vi"],
    ["This is the best hotel in Da Nang and you have to see the pool", "en"],
    ["El mejor hotel de la playa, con una vista que no vas a creer", "es"],
    ["Das ist das schönste Hotel in München, und es ist nicht teuer", "de"],
    ["Hotel murah di Bali yang bikin kamu betah banget, cek ini", "id"],
    ["ホテルの朝ごはんがすごい", "ja"],
    ["โรงแรมสวยมากที่ภูเก็ต", "th"],
  ])("%s → %s", (text, language) => {
    expect(detectLanguage(text)?.language).toBe(language);
  });

  it("says nothing about hashtag-only or too-short captions", () => {
    expect(detectLanguage("#xuhuong #homestaycantho #review")).toBeNull();
    expect(detectLanguage("wow")).toBeNull();
  });
});

const NOW = 1_790_000_000;
const OLD = NOW - 400 * DAY; // a scrape collected more than a year before the import

let db: Db;
let dir: string;
beforeEach(() => ({ db, dir } = tempDb()));
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Spec {
  id: string;
  author: string;
  fans: number;
  ageDays: number;
  plays: number;
  tags: string[];
  isAd?: boolean;
  business?: boolean;
  text?: string;
  textLanguage?: string;
}

async function importOld(specs: Spec[]): Promise<void> {
  const file = join(dir, "apify.json");
  writeFileSync(
    file,
    JSON.stringify(
      specs.map((s) => ({
        id: s.id,
        text: s.text ?? s.tags.map((t) => `#${t}`).join(" "),
        textLanguage: s.textLanguage ?? "un",
        createTime: OLD - s.ageDays * DAY,
        isAd: s.isAd ?? false,
        hashtags: s.tags.map((name) => ({ name })),
        authorMeta: {
          id: s.author,
          name: `h${s.author}`,
          nickName: `Hotel ${s.author}`,
          fans: s.fans,
          commerceUserInfo: { commerceUser: s.business ?? false },
        },
        playCount: s.plays,
        diggCount: 0,
        commentCount: 0,
        shareCount: 0,
      })),
    ),
  );
  const summary = await importFile(db, file, { format: "apify", now: NOW });
  afterIngest(db, NOW, summary.videoIds);
  await buildTrendReports(createSqliteStore(db), NOW); // as crs import does after its last file
}

describe("a real-data-only corpus is not empty", () => {
  it("trend reports use within-corpus recency windows when the corpus is old, and say so", async () => {
    const specs: Spec[] = [];
    let n = 0;
    // #phuquoc: 4 videos in the newest week, 1 the week before; #dalat: steady.
    for (const age of [0, 1, 2, 3, 9])
      specs.push({
        id: `74000000000000001${n++}`,
        author: `69${n}`,
        fans: 1000,
        ageDays: age,
        plays: 100,
        tags: ["phuquoc"],
      });
    for (const age of [1, 8, 9, 10])
      specs.push({
        id: `74000000000000002${n++}`,
        author: `69${n}`,
        fans: 1000,
        ageDays: age,
        plays: 100,
        tags: ["dalat"],
      });
    await importOld(specs);
    const newest = db
      .prepare("SELECT max(created_at) FROM videos WHERE created_at <= ?")
      .pluck()
      .get(NOW) as number;
    expect(recencyAnchor(newest, NOW, 7)).toEqual({ at: OLD, basis: "corpus" });
    const reports = db.prepare("SELECT subject, summary FROM trend_reports WHERE kind = 'hashtag'").all() as {
      subject: string;
      summary: string;
    }[];
    expect(reports.map((r) => r.subject)).toEqual(["phuquoc"]);
    expect(reports[0]?.summary).toMatch(/within-corpus recency/);
  });

  it("breakout falls back to follower-relative reach for creators with too few videos", async () => {
    await importOld([
      { id: "7400000000000000301", author: "6901", fans: 2_000, ageDays: 2, plays: 400_000, tags: ["hotel"] },
      { id: "7400000000000000302", author: "6902", fans: 2_000, ageDays: 2, plays: 900, tags: ["hotel"] },
      {
        id: "7400000000000000303",
        author: "6903",
        fans: 2_000,
        ageDays: 40,
        plays: 400_000,
        tags: ["hotel"],
      },
    ]);
    const scores = Object.fromEntries(
      db.prepare("SELECT id, breakout_score FROM videos").raw().all() as [string, number][],
    );
    // 400 000 plays against a baseline of 0.5 × 2 000 followers, within 14 days of the corpus's newest video.
    expect(scores["7400000000000000301"]).toBeCloseTo(400_001 / 1_001, 6);
    expect(scores["7400000000000000302"]).toBe(0);
    expect(scores["7400000000000000303"]).toBe(0); // outside the window
  });

  it("accounts running platform-flagged ads become inferred advertisers with their handle as alias", async () => {
    await importOld([
      {
        id: "7400000000000000401",
        author: "6911",
        fans: 3_000,
        ageDays: 1,
        plays: 468_400,
        tags: ["cantho"],
        isAd: true,
        business: true,
      },
      { id: "7400000000000000402", author: "6911", fans: 3_000, ageDays: 2, plays: 5_000, tags: ["cantho"] },
      { id: "7400000000000000403", author: "6912", fans: 800, ageDays: 2, plays: 5_000, tags: ["cantho"] },
    ]);
    const advertisers = db
      .prepare(
        "SELECT a.name, a.inferred_confidence, l.alias FROM advertisers a JOIN advertiser_aliases l ON l.advertiser_id = a.id AND l.kind = 'handle'",
      )
      .all();
    expect(advertisers).toEqual([{ name: "Hotel 6911", inferred_confidence: 0.8, alias: "h6911" }]);
    expect(db.prepare("SELECT id FROM videos WHERE advertiser_id IS NOT NULL").pluck().all()).toEqual([
      "7400000000000000401",
    ]);
    expect(inferredConfidence({ business: 1, seller: 1, bio_link: null, flagged: 3 })).toBe(0.95);
    expect(inferredConfidence({ business: 0, seller: 0, bio_link: null, flagged: 1 })).toBe(0.6);
  });

  it("an English caption the source marked `ha` is stored as English", async () => {
    await importOld([
      {
        id: "7400000000000000501",
        author: "6921",
        fans: 10,
        ageDays: 1,
        plays: 10,
        tags: [],
        text: "This is the best hotel view you will see this year",
        textLanguage: "ha",
      },
    ]);
    expect(db.prepare("SELECT language FROM videos").pluck().get()).toBe("en");
  });
});
