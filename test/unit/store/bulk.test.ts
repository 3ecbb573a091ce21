import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { beginBulkLoad } from "../../../src/store/sqlite/bulk.js";
import { openDb } from "../../../src/store/sqlite/connection.js";
import { tempDb } from "../../helpers/db.js";

const videoIndexes = (db: ReturnType<typeof openDb>) =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'videos' AND sql IS NOT NULL",
      )
      .all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .sort();

describe("bulk load", () => {
  it("defers the videos indexes and rebuilds them at the end, restoring the settings", () => {
    const { db } = tempDb();
    const before = videoIndexes(db);
    expect(before.length).toBeGreaterThan(5);
    const cache = db.pragma("cache_size", { simple: true });
    const end = beginBulkLoad(db, { unsafe: false, deferIndexes: true });
    // Kept: a new row enters the seq index at its end and no partial score index (scores are 0 on ingest).
    expect(videoIndexes(db)).toEqual([
      "engine_videos_breakout",
      "engine_videos_early_breakout",
      "engine_videos_seq_plays",
    ]);
    end();
    expect(videoIndexes(db)).toEqual(before);
    expect(db.pragma("cache_size", { simple: true })).toBe(cache);
    expect(db.prepare("PRAGMA integrity_check").pluck().get()).toBe("ok");
  });

  it("a load that dies mid-way gets its indexes back on the next open", () => {
    const { db, file } = tempDb();
    const before = videoIndexes(db);
    beginBulkLoad(db, { unsafe: false, deferIndexes: true });
    db.close(); // the process died: end() never ran
    const reopened = openDb(file);
    expect(videoIndexes(reopened)).toEqual(before);
    expect(
      reopened.prepare("SELECT value FROM meta WHERE key = 'bulk_deferred_indexes'").get(),
    ).toBeUndefined();
    reopened.close();
  });

  // The checkpointer is a worker thread, which runs compiled code: this imports the build.
  it("checkpoints on a worker thread during the load and stops with it, the WAL emptied", async () => {
    const dist = join(import.meta.dirname, "../../../dist/store/sqlite");
    const bulk = (await import(join(dist, "bulk.js"))) as typeof import("../../../src/store/sqlite/bulk.js");
    const { db, file } = tempDb();
    const end = bulk.beginBulkLoad(db, { unsafe: false, deferIndexes: true, backgroundCheckpoints: true });
    const before = statSync(file).size;
    const insert = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    db.transaction(() => {
      for (let i = 0; i < 10_000; i++) insert.run(`k${i}`, "x".repeat(500));
    })();
    // Far below the connection's autocheckpoint: only the worker copies these pages into the file.
    const deadline = Date.now() + 10_000;
    while (statSync(file).size < before + 5_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statSync(file).size).toBeGreaterThan(before + 5_000_000);
    end();
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM meta WHERE key LIKE 'k%'").get()).toEqual({ n: 10_000 });
    expect(videoIndexes(db).length).toBeGreaterThan(5);
  });
});
