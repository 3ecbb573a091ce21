import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/config/index.js";

describe("the db setting", () => {
  it("takes a file path from the flag or CRS_DB", () => {
    expect(loadConfig({ env: {}, flags: { db: "/tmp/x.sqlite" } }).db).toBe("/tmp/x.sqlite");
    expect(loadConfig({ env: { CRS_DB: "data/other.sqlite" }, flags: {} }).db).toBe("data/other.sqlite");
  });

  it.each([
    ["postgres://crs@db.internal:5432/crs", "postgres://crs@db.internal:5432/crs"],
    ["  POSTGRESQL://crs@db/crs ", "POSTGRESQL://crs@db/crs"],
  ])("takes the PostgreSQL URL %s", (url, expected) => {
    expect(loadConfig({ env: {}, flags: { db: url } }).db).toBe(expected);
    expect(loadConfig({ env: { CRS_DB: url }, flags: {} }).db).toBe(expected);
  });

  it.each([
    "mysql://crs:s3cret-pw@db.internal:3306/crs",
    "file://crs:s3cret-pw@host/x.sqlite",
    "redis://:s3cret-pw@db.internal:6379",
  ])("refuses the URL %s clearly, without echoing it", (url) => {
    for (const options of [
      { env: {}, flags: { db: url } },
      { env: { CRS_DB: url }, flags: {} },
    ]) {
      let error: unknown;
      try {
        loadConfig(options);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/^invalid configuration db: a URL other than postgres:\/\/ is not a database/);
      expect(message).not.toContain("s3cret-pw");
      expect(message).not.toContain("db.internal");
    }
  });
});
