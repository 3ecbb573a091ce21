import { describe, expect, it } from "vitest";
import { beginBulkLoad } from "../../../src/store/bulk.js";
import { openDb } from "../../../src/store/connection.js";
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
    expect(videoIndexes(db)).toEqual([]);
    end();
    expect(videoIndexes(db)).toEqual(before);
    expect(db.pragma("cache_size", { simple: true })).toBe(cache);
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
});
