import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { readTranscriptFile } from "../../../src/ingest/importers/transcripts.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_718_000_000;
const FIXTURES = join(import.meta.dirname, "../../fixtures/import");

/** Copies a fixture into a fresh temp dir (the rejects file lands next to it) and opens a fresh db. */
function setup(name: string): { db: Db; file: string } {
  const { db, dir } = tempDb();
  const file = join(dir, name);
  copyFileSync(join(FIXTURES, name), file);
  return { db, file };
}

function video(db: Db, id: string) {
  return db.prepare("SELECT * FROM videos WHERE id = ?").get(id) as Record<string, unknown> | undefined;
}

function rejects(file: string): { line?: number; index?: number; reason: string; record: unknown }[] {
  return readFileSync(`${file}.rejects.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("importFile per format (auto-detected)", () => {
  it("apify JSON items: fields, flags, slideshow, rejects with reasons", async () => {
    const { db, file } = setup("apify-items.json");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("apify");
    expect([s.imported, s.updated, s.rejected]).toEqual([2, 0, 3]);
    const v = video(db, "7400000000000000001");
    expect(v).toMatchObject({
      caption: "Stop scrolling! This hotel has a rooftop pool #Travel #hotel",
      hook_text: "Stop scrolling!",
      created_at: 1717064979,
      media_type: "video",
      region: "VN",
      language: "en",
      duration_s: 74,
      hashtags: "travel hotel",
      author_uid: "6900000000000000001",
      platform_ad: 1,
      platform_ad_evidence: "platform flag isAd=true",
      plays: 250400,
      saves: 889,
      stats_at: NOW,
      source: "apify",
      music_title: "original sound",
    });
    const slide = video(db, "7400000000000000002");
    expect(slide).toMatchObject({ media_type: "slideshow", language: null, platform_ad: 0, saves: 0 });
    expect(slide?.platform_ad_evidence).toBe("platform flag isAd=false, isSponsored=false");
    const r = rejects(file);
    expect(r.map((x) => [x.index, x.reason])).toEqual([
      [2, 'playCount is not a non-negative integer: "12k"'],
      [3, "missing id"],
      [4, 'createTime is not a Unix time or ISO date: "yesterday"'],
    ]);
    expect(r[0]?.record).toMatchObject({ id: "7400000000000000003" });
  });

  it("apify flattened CSV: a/b/0/c paths, BOM, CRLF, quoted multi-line caption, ragged rows", async () => {
    const { db, file } = setup("apify-flat.csv");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("apify");
    expect([s.imported, s.rejected]).toEqual([2, 3]);
    expect(video(db, "7410000000000000001")).toMatchObject({
      caption: "Ai đi Đà Lạt chưa?\nPhòng view đồi thông, giá 500k #dalat #Hotel",
      hook_text: "Ai đi Đà Lạt chưa?",
      hashtags: "dalat hotel",
      language: "vi",
      platform_ad: 1,
      platform_ad_evidence: "platform flag isSponsored=true",
      duration_s: 31,
      likes: 300,
    });
    const creator = db.prepare("SELECT * FROM creators WHERE uid = ?").get("6910000000000000001");
    expect(creator).toMatchObject({ handle: "dalat.stay", nickname: "Đà Lạt Stay", followers: 1200 });
    const reasons = rejects(file).map((x) => x.reason);
    expect(reasons).toEqual([
      "CSV row has a different number of fields than the header",
      'diggCount is not a non-negative integer: "-3"',
      "missing id",
    ]);
    expect(rejects(file).every((x) => typeof x.line === "number")).toBe(true);
  });

  it("collector JSON: wrapper detected, scrape time from the request log id, no ad flag", async () => {
    const { db, file } = setup("collector.json");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("collector");
    expect([s.imported, s.rejected]).toEqual([2, 1]);
    const v = video(db, "6907228749016714497");
    expect(v).toMatchObject({
      platform_ad: null,
      platform_ad_evidence: null,
      hashtags: "fyp",
      hook_text: "Confidence went 📈",
      music_author: "Pop Smoke",
      stats_at: Date.UTC(2020, 11, 21, 15, 57, 47) / 1000,
      saves: 0,
    });
    expect(video(db, "6907228749016714498")).toMatchObject({ hook_text: null, caption: "", stats_at: NOW });
    expect(rejects(file)[0]).toMatchObject({ index: 2, reason: "missing authorMeta.id" });
  });

  it("tiktok-web items: raw and {itemInfo:{itemStruct}}, imagePost slideshow, statsV2, malformed line", async () => {
    const { db, file } = setup("tiktok-web.jsonl");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("tiktok-web");
    expect([s.imported, s.rejected]).toEqual([2, 2]);
    expect(video(db, "7420000000000000001")).toMatchObject({
      hook_text: "Watch this before you buy a blender!",
      hashtags: "kitchen gadgets",
      region: "US",
      platform_ad: 1,
      plays: 91000,
      saves: 450,
      url: "https://www.tiktok.com/@kitchenhacks/video/7420000000000000001",
    });
    expect(video(db, "7420000000000000002")).toMatchObject({
      media_type: "slideshow",
      plays: 5200,
      saves: 22,
      duration_s: null,
      platform_ad: 0,
    });
    const creator = db.prepare("SELECT * FROM creators WHERE uid = ?").get("6920000000000000001");
    expect(creator).toMatchObject({ handle: "kitchenhacks", verified: 1, followers: 250000 });
    const r = rejects(file);
    expect(r[0]?.line).toBe(3);
    expect(r[0]?.reason).toMatch(/^malformed JSON: /);
    expect(r[1]).toMatchObject({ line: 5, reason: "missing stats.playCount" });
  });

  it("research API response: exact 19-digit numeric ids, transcript, surrogate creator by username", async () => {
    const { db, file } = setup("research-api.json");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("research-api");
    expect([s.imported, s.rejected]).toEqual([1, 2]);
    expect(video(db, "7430000000000000001")).toMatchObject({
      transcript: "Is this the best budget phone of 2024? Let's find out.",
      hook_text: "Is this the best budget phone of 2024?",
      region: "GB",
      hashtags: "tech phone",
      author_uid: "@techreviews",
      platform_ad: null,
      duration_s: 45,
    });
    expect(rejects(file).map((x) => x.reason)).toEqual([
      'view_count is not a non-negative integer: "lots"',
      "missing username",
    ]);
  });

  it("research API records resolve the author by a unique known handle", async () => {
    const { db, file } = setup("research-api.json");
    db.prepare(
      "INSERT INTO creators (uid, handle, first_seen, updated_at) VALUES ('6999', 'techreviews', 1, 1)",
    ).run();
    await importFile(db, file, { now: NOW });
    expect(video(db, "7430000000000000001")?.author_uid).toBe("6999");
  });

  it("project JSONL: zod-checked, named advertiser resolved by alias, observed_at kept", async () => {
    const { db, file } = setup("project.jsonl");
    const s = await importFile(db, file, { now: NOW });
    expect(s.format).toBe("jsonl");
    expect([s.imported, s.rejected]).toEqual([3, 3]);
    const ad = video(db, "7440000000000000001");
    expect(ad).toMatchObject({
      hashtags: "ad skincare",
      region: "US",
      language: "en",
      duration_s: 18.5,
      platform_ad: 1,
      platform_ad_evidence: "paid partnership label",
      stats_at: 1717400000,
    });
    const second = video(db, "7440000000000000006");
    expect(second?.advertiser_id).toBe(ad?.advertiser_id);
    expect(db.prepare("SELECT count(*) AS n FROM advertisers").get()).toEqual({ n: 1 });
    expect(video(db, "7440000000000000002")).toMatchObject({
      media_type: "slideshow",
      created_at: Date.UTC(2024, 5, 2, 10) / 1000,
      hook_text: "Okay so today.",
      advertiser_id: null,
      platform_ad: null,
    });
    expect(rejects(file).map((x) => [x.line, x.reason])).toEqual([
      [3, 'created_at is not a Unix time or ISO date: "not a date"'],
      [4, "stats.plays: Invalid input: expected number, received string"],
      [5, "author: Invalid input: expected object, received undefined"],
    ]);
  });

  it("transcript side file joins by the id in webVideoUrl and fills the opening hook", async () => {
    const { db, file } = setup("apify-flat.csv");
    const side = await readTranscriptFile(join(FIXTURES, "transcripts.csv"));
    expect(side.transcripts.size).toBe(2);
    expect(side.unusable).toBe(1);
    const s = await importFile(db, file, { now: NOW, transcripts: side.transcripts });
    expect(s.transcriptsJoined).toBe(1);
    expect(video(db, "7410000000000000002")).toMatchObject({
      transcript: "so I found\nthe cheapest room in town\nand it is actually nice",
      hook_text: "so I found the cheapest room in town and it is actually nice",
    });
  });

  it("a rerun without rejects removes the stale rejects file", async () => {
    const { db, file } = setup("apify-items.json");
    await importFile(db, file, { now: NOW });
    expect(existsSync(`${file}.rejects.jsonl`)).toBe(true);
    await importFile(db, file, { now: NOW, format: "apify", rejectsPath: `${file}.other.jsonl` });
    expect(existsSync(`${file}.other.jsonl`)).toBe(true);
  });
});
