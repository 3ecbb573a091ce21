import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { ImportFileError } from "../../../src/ingest/importers/types.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_718_000_000;
const FIXTURES = join(import.meta.dirname, "../../fixtures/import");

function line(
  overrides: {
    plays?: number;
    handle?: string;
    id?: string;
    caption?: string;
    createdAt?: number;
    observedAt?: number;
  } = {},
): string {
  return JSON.stringify({
    id: overrides.id ?? "7500000000000000001",
    caption: overrides.caption ?? "How I saved 1000 dollars in a month",
    created_at: overrides.createdAt ?? 1717000000,
    hashtags: ["money"],
    author: { uid: "6950000000000000001", handle: overrides.handle ?? "saver" },
    stats: {
      plays: overrides.plays ?? 100,
      likes: 10,
      comments: 1,
      shares: 0,
      ...(overrides.observedAt === undefined ? {} : { observed_at: overrides.observedAt }),
    },
  });
}

function fileWith(dir: string, name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** Everything import writes, for before/after comparison (creator_handles.last_seen excluded: see below). */
function state(db: Db): unknown {
  return {
    videos: db.prepare("SELECT * FROM videos ORDER BY id").all(),
    stats: db.prepare("SELECT * FROM video_stats ORDER BY video_id, observed_at").all(),
    creators: db.prepare("SELECT * FROM creators ORDER BY uid").all(),
    handles: db.prepare("SELECT uid, handle, first_seen FROM creator_handles ORDER BY uid, handle").all(),
    advertisers: db.prepare("SELECT * FROM advertisers ORDER BY id").all(),
    aliases: db.prepare("SELECT * FROM advertiser_aliases ORDER BY alias").all(),
    fts: db.prepare("SELECT count(*) AS n FROM videos_fts").get(),
  };
}

describe("re-import", () => {
  it.each([
    "apify-items.json",
    "apify-flat.csv",
    "collector.json",
    "tiktok-web.jsonl",
    "research-api.json",
    "project.jsonl",
  ])("re-running %s later changes nothing (0 imported, 0 updated)", async (name) => {
    const { db, dir } = tempDb();
    const file = join(dir, name);
    copyFileSync(join(FIXTURES, name), file);
    const first = await importFile(db, file, { now: NOW });
    expect(first.imported).toBeGreaterThan(0);
    const before = state(db);
    const second = await importFile(db, file, { now: NOW + 86_400 });
    expect([second.imported, second.updated, second.rejected]).toEqual([0, 0, first.rejected]);
    expect(second.unchanged).toBe(first.imported);
    expect(second.videoIds).toEqual([]);
    expect(state(db)).toEqual(before);
  });

  it("new counts add a snapshot and update the latest-stats cache", async () => {
    const { db, dir } = tempDb();
    await importFile(db, fileWith(dir, "a.jsonl", `${line({ plays: 100 })}\n`), { now: NOW });
    const s = await importFile(db, fileWith(dir, "b.jsonl", `${line({ plays: 250 })}\n`), {
      now: NOW + 3600,
    });
    expect([s.imported, s.updated, s.unchanged]).toEqual([0, 1, 0]);
    expect(s.videoIds).toEqual(["7500000000000000001"]);
    const snaps = db.prepare("SELECT observed_at, plays FROM video_stats ORDER BY observed_at").all();
    expect(snaps).toEqual([
      { observed_at: NOW, plays: 100 },
      { observed_at: NOW + 3600, plays: 250 },
    ]);
    expect(db.prepare("SELECT plays, stats_at FROM videos").get()).toEqual({
      plays: 250,
      stats_at: NOW + 3600,
    });
  });

  it("dates counts without a scrape time at observedAt (--observed-at), keeps a record's own, rejects one published later", async () => {
    const { db, dir } = tempDb();
    const collected = 1_717_500_000;
    const file = fileWith(
      dir,
      "old-export.jsonl",
      [
        line({ id: "7500000000000000001" }),
        line({ id: "7500000000000000002", observedAt: 1_717_400_000 }),
        line({ id: "7500000000000000003", createdAt: collected + 3600, caption: "posted after the scrape" }),
      ].join("\n"),
    );
    const summary = await importFile(db, file, { now: NOW, observedAt: collected });
    expect([summary.imported, summary.rejected]).toEqual([2, 1]);
    expect(db.prepare("SELECT video_id, observed_at FROM video_stats ORDER BY video_id").all()).toEqual([
      { video_id: "7500000000000000001", observed_at: collected },
      { video_id: "7500000000000000002", observed_at: 1_717_400_000 },
    ]);
    expect(db.prepare("SELECT stats_at FROM videos WHERE id = '7500000000000000001'").get()).toEqual({
      stats_at: collected,
    });
    const rejects = readFileSync(`${file}.rejects.jsonl`, "utf8").trim().split("\n");
    expect(rejects).toHaveLength(1);
    expect(JSON.parse(rejects[0] as string).reason).toBe(
      `published at ${new Date((collected + 3600) * 1000).toISOString()}, after the file was collected (--observed-at ${new Date(collected * 1000).toISOString()})`,
    );
  });

  it("a changed handle is recorded with the old one kept", async () => {
    const { db, dir } = tempDb();
    await importFile(db, fileWith(dir, "a.jsonl", `${line({ handle: "saver" })}\n`), { now: NOW });
    await importFile(db, fileWith(dir, "b.jsonl", `${line({ handle: "saver.pro" })}\n`), { now: NOW + 60 });
    expect(db.prepare("SELECT handle FROM creators").get()).toEqual({ handle: "saver.pro" });
    expect(
      db.prepare("SELECT handle, first_seen, last_seen FROM creator_handles ORDER BY first_seen").all(),
    ).toEqual([
      { handle: "saver", first_seen: NOW, last_seen: NOW },
      { handle: "saver.pro", first_seen: NOW + 60, last_seen: NOW + 60 },
    ]);
  });

  it("a poorer format does not erase what a richer import stored", async () => {
    const { db, dir } = tempDb();
    const rich = JSON.stringify({
      ...JSON.parse(line()),
      transcript: "So here is the trick. Nobody tells you",
      region: "DE",
      platform_ad: false,
    });
    await importFile(db, fileWith(dir, "a.jsonl", `${rich}\n`), { now: NOW });
    const s = await importFile(db, fileWith(dir, "b.jsonl", `${line()}\n`), { now: NOW + 60 });
    expect(s.updated).toBe(0);
    expect(db.prepare("SELECT transcript, hook_text, region, platform_ad FROM videos").get()).toEqual({
      transcript: "So here is the trick. Nobody tells you",
      hook_text: "So here is the trick.",
      region: "DE",
      platform_ad: 0,
    });
  });

  it("a changed caption updates the video and its full-text row", async () => {
    const { db, dir } = tempDb();
    await importFile(db, fileWith(dir, "a.jsonl", `${line()}\n`), { now: NOW });
    const s = await importFile(
      db,
      fileWith(dir, "b.jsonl", `${line({ caption: "Budget hacks for students" })}\n`),
      {
        now: NOW + 60,
      },
    );
    expect(s.updated).toBe(1);
    const hit = db.prepare("SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH 'students'").get();
    expect(hit).toEqual({ n: 1 });
    expect(db.prepare("SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH 'saved'").get()).toEqual({
      n: 0,
    });
  });
});

describe("odd input", () => {
  it("an empty file imports nothing and writes no rejects", async () => {
    const { db, dir } = tempDb();
    for (const name of ["empty.json", "empty.jsonl", "empty.csv", "blank.jsonl"]) {
      const file = fileWith(dir, name, name === "blank.jsonl" ? "\n\r\n  \n" : "");
      const s = await importFile(db, file, { now: NOW });
      expect([s.imported, s.rejected, s.format]).toEqual([0, 0, null]);
      expect(existsSync(`${file}.rejects.jsonl`)).toBe(false);
    }
  });

  it("malformed whole-file JSON is a clear file error", async () => {
    const { db, dir } = tempDb();
    const file = fileWith(dir, "bad.json", '[{"id": "1", ');
    await expect(importFile(db, file, { now: NOW })).rejects.toThrow(ImportFileError);
    await expect(importFile(db, file, { now: NOW })).rejects.toThrow(/bad\.json: malformed JSON/);
  });

  it("an unknown shape asks for --format; a missing file is a clear error", async () => {
    const { db, dir } = tempDb();
    const file = fileWith(dir, "odd.jsonl", '{"hello": "world"}\n');
    await expect(importFile(db, file, { now: NOW })).rejects.toThrow(/cannot detect the format.*--format/);
    // A lookup table (the Creative Center industry list's shape): the message shows what the file holds.
    const table = fileWith(
      dir,
      "industries.json",
      JSON.stringify([
        { id: 26104000000, value: "Gifts  Flowers", label: "label_26104000000", parent_id: 1 },
      ]),
    );
    await expect(importFile(db, table, { now: NOW })).rejects.toThrow(
      "industries.json: cannot detect the format from its first record (keys: id, value, label, parent_id): it looks like none of the video exports crs import reads (apify, collector, tiktok-web, research-api, jsonl: records of one video each, with its id and caption); if it is one of them, pass --format",
    );
    await expect(importFile(db, join(dir, "nope.jsonl"), { now: NOW })).rejects.toThrow(/cannot read/);
  });

  it("BOM, CRLF, odd Unicode and huge strings", async () => {
    const { db, dir } = tempDb();
    const loneSurrogate = "bad \ud800 surrogate";
    const lines = [
      line({ id: "1", caption: `e\u0301t\u00e9 ${loneSurrogate} \u0000 نص عربي 🧑🏽‍🚀` }),
      line({ id: "2", caption: "x".repeat(10_001) }),
      line({ id: "3", caption: "y".repeat(9_000) }),
      "[1, 2]",
    ];
    const file = fileWith(dir, "odd.jsonl", `\uFEFF${lines.join("\r\n")}\r\n`);
    const s = await importFile(db, file, { now: NOW });
    // Line 4 is an array: each element is a record, and neither is an object.
    expect([s.imported, s.rejected]).toEqual([2, 3]);
    const reasons = readFileSync(`${file}.rejects.jsonl`, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(reasons.map((r) => [r.line, r.index, r.reason])).toEqual([
      [2, undefined, "caption is 10001 characters, over the 10000 limit"],
      [4, 0, "Invalid input: expected object, received number"],
      [4, 1, "Invalid input: expected object, received number"],
    ]);
    const caption = (db.prepare("SELECT caption FROM videos WHERE id = '1'").get() as { caption: string })
      .caption;
    expect(caption).toBe("été bad \ufffd surrogate  نص عربي 🧑🏽‍🚀");
    const again = await importFile(db, file, { now: NOW + 10 });
    expect([again.imported, again.updated]).toEqual([0, 0]);
    const hook = db.prepare("SELECT hook_text FROM videos WHERE id = '3'").get() as { hook_text: string };
    expect(hook.hook_text.length).toBeLessThanOrEqual(150);
  });

  it("a fixed --format applies to every record", async () => {
    const { db, dir } = tempDb();
    const file = fileWith(dir, "items.json", JSON.stringify([{ id: "1" }]));
    const s = await importFile(db, file, { now: NOW, format: "tiktok-web" });
    expect(s.format).toBe("tiktok-web");
    expect(s.rejected).toBe(1);
  });

  it("batches: every record lands across many transactions", async () => {
    const { db, dir } = tempDb();
    const body = Array.from({ length: 23 }, (_, i) => line({ id: String(1000 + i) })).join("\n");
    const s = await importFile(db, fileWith(dir, "many.jsonl", body), { now: NOW, batchSize: 5 });
    expect(s.imported).toBe(23);
    expect(db.prepare("SELECT count(*) AS n FROM videos").get()).toEqual({ n: 23 });
  });
});
