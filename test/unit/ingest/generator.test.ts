import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyHook } from "../../../src/ingest/classify/hook.js";
import { HOOK_PATTERNS } from "../../../src/ingest/generator/hook-templates.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { DAY, HOUR } from "../../../src/shared/clock.js";
import { type Db, getMeta } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_760_000_000;
const VIDEOS = 2_000;

function contentHash(db: Db): string {
  const hash = createHash("sha256");
  for (const sql of [
    "SELECT * FROM videos ORDER BY id",
    "SELECT * FROM video_stats ORDER BY video_id, observed_at",
    "SELECT * FROM creators ORDER BY uid",
    "SELECT * FROM creator_handles ORDER BY uid, handle",
    "SELECT * FROM advertisers ORDER BY id",
    "SELECT * FROM advertiser_aliases ORDER BY advertiser_id, kind, alias",
  ]) {
    for (const row of db.prepare(sql).raw().iterate()) hash.update(JSON.stringify(row));
  }
  return hash.digest("hex");
}

const dirs: string[] = [];
function corpus(seed: number, now = NOW, videos = VIDEOS): Db {
  const t = tempDb();
  dirs.push(t.dir);
  generateCorpus(t.db, { videos, seed, now });
  return t.db;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("generateCorpus determinism", () => {
  it("gives identical content for the same seed and now, different content for another seed", () => {
    const a = corpus(7);
    const b = corpus(7);
    const c = corpus(8);
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).not.toBe(contentHash(c));
    for (const db of [a, b, c]) db.close();
  });

  it("reports counts, progress and meta", () => {
    const t = tempDb();
    dirs.push(t.dir);
    const progress: number[] = [];
    const counts = generateCorpus(t.db, {
      videos: 6_000,
      seed: 1,
      now: NOW,
      onProgress: (done) => progress.push(done),
    });
    expect(counts.videos).toBe(6_000);
    expect(counts.creators).toBe(600);
    expect(counts.advertisers).toBeGreaterThan(50);
    expect(progress).toEqual([5_000, 6_000]);
    const stored = t.db
      .prepare("SELECT count(*) AS v, (SELECT count(*) FROM video_stats) AS s FROM videos")
      .get();
    expect(stored).toEqual({ v: 6_000, s: counts.snapshots });
    expect(getMeta(t.db, "corpus_seed")).toBe("1");
    expect(getMeta(t.db, "corpus_generated_at")).toBe(String(NOW));
    t.db.close();
  });
});

describe("generateCorpus distributions", () => {
  let db: Db;
  const one = <T>(sql: string): T => db.prepare(sql).get() as T;
  const share = (where: string): number =>
    one<{ s: number }>(`SELECT avg(CASE WHEN ${where} THEN 1.0 ELSE 0 END) AS s FROM videos`).s;

  beforeAll(() => {
    db = corpus(42);
  });
  afterAll(() => db.close());

  it("has platform-like ids and types", () => {
    const v = one<{ id: string; author_uid: string; created_at: number }>(
      "SELECT id, author_uid, created_at FROM videos LIMIT 1",
    );
    expect(v.id).toMatch(/^\d{19}$/);
    expect(v.author_uid).toMatch(/^\d{19}$/);
    // Aweme ids carry the creation second in their high bits.
    expect(Number(BigInt(v.id) >> 32n)).toBe(v.created_at);
    const a = one<{ id: string }>("SELECT id FROM advertisers LIMIT 1");
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("keeps ~15 % slideshows and ~20 % ads, most of them attributed", () => {
    expect(share("media_type = 'slideshow'")).toBeGreaterThan(0.11);
    expect(share("media_type = 'slideshow'")).toBeLessThan(0.19);
    const attributed = share("advertiser_id IS NOT NULL");
    expect(attributed).toBeGreaterThan(0.12);
    expect(attributed).toBeLessThan(0.3);
    const focus = db
      .prepare("SELECT DISTINCT a.focus FROM videos v JOIN advertisers a ON a.id = v.advertiser_id")
      .pluck()
      .all();
    expect(focus).toEqual(expect.arrayContaining(["apps", "dtc", "other"]));
    const platform = one<{ known: number; yes: number }>(
      "SELECT avg(platform_ad IS NOT NULL) AS known, avg(platform_ad = 1) AS yes FROM videos",
    );
    expect(platform.known).toBeGreaterThan(0.3);
    expect(platform.known).toBeLessThan(0.6);
    expect(platform.yes).toBeGreaterThan(0.05);
  });

  it("renames ~5 % of creators, keeping history, and has house accounts", () => {
    const renamed = one<{ n: number; total: number }>(
      "SELECT (SELECT count(*) FROM (SELECT uid FROM creator_handles GROUP BY uid HAVING count(*) = 2)) AS n, (SELECT count(*) FROM creators) AS total",
    );
    expect(renamed.n / renamed.total).toBeGreaterThan(0.02);
    expect(renamed.n / renamed.total).toBeLessThan(0.09);
    const current = one<{ bad: number }>(
      `SELECT count(*) AS bad FROM creators c WHERE c.handle <> (SELECT handle FROM creator_handles h WHERE h.uid = c.uid ORDER BY last_seen DESC LIMIT 1)`,
    );
    expect(current.bad).toBe(0);
    const house = one<{ n: number; linked: number }>(
      "SELECT count(*) AS n, sum(house_advertiser_id IS NOT NULL) AS linked FROM creators WHERE is_house = 1",
    );
    expect(house.n).toBeGreaterThan(0);
    expect(house.linked).toBe(house.n);
  });

  it("spans 15+ regions, 8+ languages and 90 days", () => {
    expect(one<{ n: number }>("SELECT count(DISTINCT region) AS n FROM videos").n).toBeGreaterThanOrEqual(15);
    expect(one<{ n: number }>("SELECT count(DISTINCT language) AS n FROM videos").n).toBeGreaterThanOrEqual(
      8,
    );
    const span = one<{ lo: number; hi: number }>(
      "SELECT min(created_at) AS lo, max(created_at) AS hi FROM videos",
    );
    expect(span.hi).toBeLessThanOrEqual(NOW);
    expect(NOW - span.lo).toBeGreaterThan(80 * DAY);
    expect(NOW - span.lo).toBeLessThanOrEqual(91 * DAY);
  });

  it("writes hooks of every pattern and leaves 30-40 % without one", () => {
    const hooks = db.prepare("SELECT hook_text, language FROM videos").all() as {
      hook_text: string | null;
      language: string;
    }[];
    const found = new Set(hooks.map((h) => classifyHook(h.hook_text, h.language).value));
    for (const pattern of HOOK_PATTERNS) expect(found).toContain(pattern);
    const none =
      hooks.filter((h) => classifyHook(h.hook_text, h.language).value === "no").length / hooks.length;
    expect(none).toBeGreaterThan(0.3);
    expect(none).toBeLessThan(0.4);
    // Hooks exist in non-Latin scripts too.
    expect(hooks.some((h) => h.language === "ja" && h.hook_text !== null)).toBe(true);
  });

  it("uses common, niche, brand and disclosure hashtags, and ad signals with noise", () => {
    const fyp = share("' ' || hashtags || ' ' LIKE '% fyp %'");
    expect(fyp).toBeGreaterThan(0.2);
    expect(fyp).toBeLessThan(0.45);
    expect(share("' ' || hashtags || ' ' LIKE '% skincare %'")).toBeGreaterThan(0.01);
    const unsignalledAds = one<{ n: number }>(
      `SELECT count(*) AS n FROM videos WHERE advertiser_id IS NOT NULL AND caption NOT LIKE '%#ad%' AND caption NOT LIKE '%link%'
         AND caption NOT LIKE '%code%' AND caption NOT LIKE '%Shop%' AND caption NOT LIKE '%partner%'`,
    ).n;
    expect(unsignalledAds).toBeGreaterThan(0);
    const organicLinkInBio = one<{ n: number }>(
      "SELECT count(*) AS n FROM videos WHERE advertiser_id IS NULL AND platform_ad IS NOT 1 AND caption LIKE '%link in bio%'",
    ).n;
    expect(organicLinkInBio).toBeGreaterThan(0);
    expect(share("transcript IS NOT NULL")).toBeGreaterThan(0.2);
  });

  it("has power-law plays: the top 1 % of videos hold a large share", () => {
    const plays = db.prepare("SELECT plays FROM videos ORDER BY plays DESC").pluck().all() as number[];
    const total = plays.reduce((s, p) => s + p, 0);
    const top = plays.slice(0, Math.ceil(plays.length / 100)).reduce((s, p) => s + p, 0);
    expect(top / total).toBeGreaterThan(0.2);
    const median = plays[Math.floor(plays.length / 2)] as number;
    expect(plays[0]).toBeGreaterThan(median * 100);
  });

  it("has sparse, monotonic snapshots ending at now", () => {
    const perVideo = one<{ avg: number; max: number }>(
      "SELECT avg(n) AS avg, max(n) AS max FROM (SELECT count(*) AS n FROM video_stats GROUP BY video_id)",
    );
    expect(perVideo.avg).toBeGreaterThan(3);
    expect(perVideo.avg).toBeLessThan(9);
    expect(perVideo.max).toBeLessThanOrEqual(11);
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM videos WHERE stats_at <> ${NOW}`).n).toBe(0);
    const decreasing = one<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT plays, lag(plays) OVER (PARTITION BY video_id ORDER BY observed_at) AS prev FROM video_stats) WHERE plays < prev`,
    ).n;
    expect(decreasing).toBe(0);
  });

  it("has breakouts (several-fold the creator median), some of them young", () => {
    const rows = db
      .prepare(
        `WITH ranked AS (
           SELECT id, author_uid, plays, created_at,
                  row_number() OVER (PARTITION BY author_uid ORDER BY plays) AS rn,
                  count(*) OVER (PARTITION BY author_uid) AS n
           FROM videos),
         medians AS (SELECT author_uid, avg(plays) AS med FROM ranked WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY author_uid)
         SELECT r.created_at FROM ranked r JOIN medians m USING (author_uid) WHERE r.n >= 3 AND r.plays >= 5 * m.med`,
      )
      .pluck()
      .all() as number[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((createdAt) => NOW - createdAt < 72 * HOUR).length).toBeGreaterThan(0);
  });
});
