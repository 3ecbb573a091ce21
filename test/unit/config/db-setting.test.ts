import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/config/index.js";

describe("the db setting", () => {
  it("takes a file path from the flag or CRS_DB", () => {
    expect(loadConfig({ env: {}, flags: { db: "/tmp/x.sqlite" } }).db).toBe("/tmp/x.sqlite");
    expect(loadConfig({ env: { CRS_DB: "data/other.sqlite" }, flags: {} }).db).toBe("data/other.sqlite");
  });

  it.each([
    "postgres://crs:s3cret-pw@db.internal:5432/crs",
    "postgresql://crs:s3cret-pw@db/crs",
    "  POSTGRES://crs:s3cret-pw@db/crs",
    "file://crs:s3cret-pw@host/x.sqlite",
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
      expect(message).toMatch(/^invalid configuration db: a URL is not a database file/);
      expect(message).toContain("crs migrate");
      expect(message).not.toContain("s3cret-pw");
      expect(message).not.toContain("db.internal");
    }
  });
});
