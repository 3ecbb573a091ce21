import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { distinctCodesSql } from "../../../src/store/facts.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { tempDb } from "../../helpers/db.js";
import { NOW } from "../domain/corpus.js";

// The planner reads the corpus's codes before every question: by index probes, never a scan of videos.
describe("the corpus's region and language codes (SQLite)", () => {
  let base: { db: Db; dir: string };

  beforeAll(() => {
    base = tempDb();
    generateCorpus(base.db, { videos: 600, seed: 7, now: NOW });
    // Unknown codes (NULL), and codes that sort around the generated ones, as an import leaves them.
    const ids = base.db.prepare("SELECT id FROM videos ORDER BY id LIMIT 4").pluck().all() as string[];
    const set = base.db.prepare("UPDATE videos SET region = ?, language = ? WHERE id = ?");
    set.run(null, null, ids[0]);
    set.run("AA", null, ids[1]);
    set.run("ZZ", "zu", ids[2]);
    set.run(null, "aa", ids[3]);
  });
  afterAll(() => {
    base.db.close();
    rmSync(base.dir, { recursive: true, force: true });
  });

  it("are every distinct non-null code, as DISTINCT over every video finds them", async () => {
    const distinct = (column: string) =>
      new Set(
        base.db.prepare(`SELECT DISTINCT ${column} FROM videos WHERE ${column} IS NOT NULL`).pluck().all(),
      );
    const codes = await createSqliteStore(base.db).facts.codes();
    expect(codes.regions).toEqual(distinct("region"));
    expect(codes.languages).toEqual(distinct("language"));
    expect(codes.regions).toContain("AA");
    expect(codes.regions).toContain("ZZ");
    expect(codes.languages).toContain("aa");
    expect(codes.regions.size).toBeGreaterThan(3);
  });

  it("coverage of the whole corpus counts what one scan of every video counts, from indexes", async () => {
    const oneScan = base.db
      .prepare(
        `SELECT count(*) AS videos, count(region) AS withRegion, count(language) AS withLanguage,
                max(created_at) AS newest FROM videos`,
      )
      .get();
    const coverage = await createSqliteStore(base.db).facts.coverage({});
    expect(coverage).toEqual(oneScan);
    expect(coverage.withRegion).toBeLessThan(coverage.videos);
    expect(coverage.withLanguage).toBeLessThan(coverage.videos);
  });

  it("come from the region and language indexes, not a scan of the videos table", () => {
    for (const [column, index] of [
      ["region", "videos_region"],
      ["language", "videos_language"],
    ] as const) {
      const plan = base.db
        .prepare(`EXPLAIN QUERY PLAN ${distinctCodesSql(column)}`)
        .all()
        .map((row) => (row as { detail: string }).detail);
      expect(plan.filter((step) => /videos/.test(step) && !/USING COVERING INDEX/.test(step))).toEqual([]);
      expect(plan.some((step) => step.includes(index))).toBe(true);
    }
  });
});
