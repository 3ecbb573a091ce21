import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import Database, { driverName } from "../../../src/store/sqlite/driver.js";

describe("the SQLite driver for this Node", () => {
  it("is better-sqlite3 13 where Node-API 10 exists, the optional better-sqlite3-12 elsewhere, and it works", () => {
    const napi = Number(process.versions.napi);
    expect(driverName).toBe(napi >= 10 ? "better-sqlite3" : "better-sqlite3-12");
    const { version } = createRequire(import.meta.url)(`${driverName}/package.json`) as { version: string };
    expect(version.split(".")[0]).toBe(napi >= 10 ? "13" : "12");
    const db = new Database(":memory:");
    try {
      db.exec("CREATE VIRTUAL TABLE t USING fts5(body)");
      db.prepare("INSERT INTO t (body) VALUES (?)").run("skincare routine");
      expect(db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH 'skincare'").get()).toEqual({ n: 1 });
      expect(db.prepare("SELECT 1").readonly).toBe(true);
    } finally {
      db.close();
    }
  });
});
