import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../src/store/hooks/embedder.js";
import { openDb } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter } from "../../../src/store/sqlite/corpus-writer.js";
import Database from "../../../src/store/sqlite/driver.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { latestVersion, migrate } from "../../../src/store/sqlite/migrate.js";
import { migrations } from "../../../src/store/sqlite/migrations/index.js";
import { tempDb } from "../../helpers/db.js";
import {
  expectSameLists,
  type Lists,
  referenceHookNeighbors,
  vocabularyHooks,
} from "./hook-neighbors-reference.js";

/** A new database file brought to `version` only, as that version of the service left it. */
function databaseAtVersion(file: string, version: number): Database {
  const db = new Database(file);
  db.pragma("foreign_keys = ON");
  for (const m of migrations.filter((m) => m.version <= version)) db.exec(m.sql);
  db.pragma(`user_version = ${version}`);
  return db;
}

describe("migrations", () => {
  it("bring an empty database to the latest version and are idempotent", async () => {
    const { db, file } = tempDb();
    expect(db.pragma("user_version", { simple: true })).toBe(latestVersion());
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((r) => r.name);
    for (const t of [
      "videos",
      "video_stats",
      "creators",
      "creator_handles",
      "advertisers",
      "labels",
      "trend_reports",
      "organisations",
      "users",
      "memberships",
      "api_keys",
      "key_events",
      "analyst_runs",
      "usage_ledger",
    ]) {
      expect(tables).toContain(t);
    }
    db.close();
    const again = openDb(file);
    expect(migrate(again)).toBe(latestVersion());
    again.close();
  });
});

describe("migration 8 (videos.seq becomes the rowid)", () => {
  it("keeps every video, its children and its search row when upgrading a version-7 database", async () => {
    const { file } = tempDb();
    // A fresh file brought to version 7 only, then filled the way version 7 stored videos.
    const old = databaseAtVersion(`${file}.v7`, 7);
    old.exec(`
      INSERT INTO creators (uid, handle, first_seen, updated_at) VALUES ('u1', 'glow', 1, 1);
      INSERT INTO videos (id, seq, caption, created_at, media_type, author_uid, source, plays, stats_at, imported_at, updated_at)
        VALUES ('v9', 9, 'serum launch', 100, 'video', 'u1', 'test', 50, 100, 1, 1),
               ('v3', 3, 'stop scrolling', 200, 'slideshow', 'u1', 'test', 70, 100, 1, 1);
      INSERT INTO videos_fts (rowid, caption, hook, transcript, hashtags) VALUES (9, 'serum launch', '', '', ''),
        (3, 'stop scrolling', '', '', '');
      INSERT INTO video_stats VALUES ('v9', 100, 50, 0, 0, 0, 0), ('v3', 100, 70, 0, 0, 0, 0);
      INSERT INTO labels (video_id, label, value, confidence, model_version, evidence, observed_at)
        VALUES ('v9', 'ad', 'no', 0.7, 't', 'x', 1);
    `);
    old.close();

    const db = openDb(`${file}.v7`);
    expect(db.pragma("user_version", { simple: true })).toBe(latestVersion());
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.prepare("SELECT rowid AS r, seq, id, plays FROM videos ORDER BY rowid").all()).toEqual([
      { r: 3, seq: 3, id: "v3", plays: 70 },
      { r: 9, seq: 9, id: "v9", plays: 50 },
    ]);
    expect(db.prepare("SELECT count(*) AS n FROM video_stats").get()).toEqual({ n: 2 });
    expect(db.prepare("SELECT video_id FROM labels").all()).toEqual([{ video_id: "v9" }]);
    expect(db.pragma("foreign_key_check")).toEqual([]);
    const hit = db
      .prepare(
        "SELECT v.id FROM videos_fts f JOIN videos v ON v.seq = f.rowid WHERE videos_fts MATCH 'serum'",
      )
      .all();
    expect(hit).toEqual([{ id: "v9" }]);
    // Children still cascade from the rebuilt table, and a duplicate id is still refused.
    db.prepare("DELETE FROM videos WHERE id = 'v9'").run();
    expect(db.prepare("SELECT count(*) AS n FROM video_stats").get()).toEqual({ n: 1 });
    expect(() =>
      db
        .prepare(
          "INSERT INTO videos (id, seq, created_at, media_type, author_uid, source, stats_at, imported_at, updated_at) VALUES ('v3', 4, 1, 'video', 'u1', 't', 0, 1, 1)",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'videos'").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(indexes).toContain("engine_videos_newest");
    expect(indexes).not.toContain("videos_created");
    db.close();
  });
});

describe("CorpusWriter", () => {
  const base = {
    caption: "stop scrolling if you love #skincare",
    hookText: "Stop scrolling if you love skincare",
    transcript: null,
    createdAt: 1_700_000_000,
    mediaType: "video" as const,
    region: "US",
    language: "en",
    durationS: 21,
    musicId: null,
    musicTitle: null,
    musicAuthor: null,
    hashtags: ["skincare"],
    authorUid: "u1",
    advertiserId: null,
    platformAd: null,
    platformAdEvidence: null,
    url: null,
    source: "test",
  };

  it("keeps FTS, stats cache and handle history in step", async () => {
    const { db } = tempDb();
    const w = new CorpusWriter(db);
    w.batch(() => {
      expect(
        w.upsertCreator(
          {
            uid: "u1",
            handle: "glowgirl",
            nickname: "Glow",
            followers: 10,
            verified: false,
            region: "US",
            observedAt: 100,
          },
          100,
        ),
      ).toBe("inserted");
      expect(w.upsertVideo({ ...base, id: "v1" }, 100)).toBe("inserted");
      expect(
        w.addSnapshot("v1", { observedAt: 100, plays: 10, likes: 1, comments: 0, shares: 0, saves: 0 }),
      ).toBe(true);
    });
    expect(w.upsertVideo({ ...base, id: "v1" }, 200)).toBe("unchanged");
    expect(
      w.addSnapshot("v1", { observedAt: 200, plays: 10, likes: 1, comments: 0, shares: 0, saves: 0 }),
    ).toBe(false);
    expect(
      w.addSnapshot("v1", { observedAt: 300, plays: 50, likes: 2, comments: 0, shares: 0, saves: 0 }),
    ).toBe(true);
    expect(db.prepare("SELECT plays, stats_at FROM videos WHERE id='v1'").get()).toEqual({
      plays: 50,
      stats_at: 300,
    });

    const hit = () => db.prepare("SELECT rowid FROM videos_fts WHERE videos_fts MATCH ?").all("serum");
    expect(hit()).toHaveLength(0);
    expect(w.upsertVideo({ ...base, id: "v1", caption: "new serum drop" }, 300)).toBe("updated");
    expect(hit()).toHaveLength(1);
    expect(db.prepare("SELECT rowid FROM videos_fts WHERE videos_fts MATCH 'scrolling'").all()).toHaveLength(
      1,
    );

    expect(
      w.upsertCreator(
        {
          uid: "u1",
          handle: "glowlab",
          nickname: "Glow",
          followers: 12,
          verified: false,
          region: "US",
          observedAt: 400,
        },
        400,
      ),
    ).toBe("updated");
    expect(db.prepare("SELECT handle FROM creators WHERE uid='u1'").get()).toEqual({ handle: "glowlab" });
    expect(db.prepare("SELECT handle FROM creator_handles WHERE uid='u1' ORDER BY first_seen").all()).toEqual(
      [{ handle: "glowgirl" }, { handle: "glowlab" }],
    );

    w.setLabel("v1", {
      label: "hook",
      value: "stop_scrolling",
      confidence: 0.9,
      modelVersion: "t1",
      evidence: "x",
      observedAt: 1,
    });
    expect(db.prepare("SELECT label_hook, hook_type FROM videos WHERE id='v1'").get()).toEqual({
      label_hook: 1,
      hook_type: "stop_scrolling",
    });
  });
});

describe("migration 9 (a packed hook-neighbour list per video)", () => {
  it("carries every stored list over: similarHooks returns what it returned before", async () => {
    const { file } = tempDb();
    // A version-8 database whose hook_neighbors rows were written by the algorithm as it was.
    const old = databaseAtVersion(`${file}.v8`, 8);
    // Videos as version 8 stored them (CorpusWriter writes the version-9 tables too).
    old.exec("INSERT INTO creators (uid, handle, first_seen, updated_at) VALUES ('a1', 'a1', 1, 1)");
    const video = old.prepare(
      `INSERT INTO videos (id, seq, hook_text, created_at, media_type, author_uid, source, stats_at, imported_at, updated_at)
       VALUES (?, ?, ?, 1, 'video', 'a1', 'test', 1, 1, 1)`,
    );
    old.transaction(() => {
      [
        ...vocabularyHooks(300, "m", 9),
        { id: "twin-a", hook: "stop scrolling this hotel deal today" },
        { id: "twin-b", hook: "stop scrolling this hotel deal today" },
      ].forEach((v, i) => {
        video.run(v.id, 1 + i * 3, v.hook);
      });
    })();
    const lists: Lists = new Map();
    // The lists version 8 stored came from the hashing embedder of the time.
    referenceHookNeighbors(old, lists, undefined, new HashingEmbedder());
    const insert = old.prepare(
      "INSERT INTO hook_neighbors (video_id, rank, neighbor_id, similarity) VALUES (?, ?, ?, ?)",
    );
    old.transaction(() => {
      for (const [id, list] of lists)
        for (const [rank, n] of list.entries()) insert.run(id, rank + 1, n.id, n.similarity);
    })();
    // Identical hooks: a dot product past 127² was stored clamped to 1.
    expect(lists.get("twin-a")?.[0]).toEqual({ id: "twin-b", similarity: 1 });
    old.close();

    const db = openDb(`${file}.v8`);
    expect(db.pragma("user_version", { simple: true })).toBe(latestVersion());
    expect(await expectSameLists(db, lists)).toBeGreaterThan(3_000);
    // New videos get seqs above those the carried-over lists name, even if the newest is deleted.
    expect(db.prepare("SELECT value FROM meta WHERE key = 'videos_seq_watermark'").pluck().get()).toBe("904");
    // No keys yet: the first run derives them all, then lists are recomputed as before.
    expect(db.prepare("SELECT count(*) FROM hook_keys").pluck().get()).toBe(0);
    const some = [...lists.keys()].filter((_, i) => i % 40 === 0);
    computeHookNeighbors(db, some);
    referenceHookNeighbors(db, lists, some);
    expect(db.prepare("SELECT count(*) FROM hook_keys").pluck().get()).toBe(302);
    await expectSameLists(db, lists);
    db.close();
  });
});
