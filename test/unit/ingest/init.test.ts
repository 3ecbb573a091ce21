import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initDatabase } from "../../../src/ingest/init.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_760_000_000;
let db: Db;
let dir: string;

beforeEach(async () => {
  ({ db, dir } = tempDb());
});
afterEach(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("initDatabase", () => {
  it("creates corpus, labels, scores, hook neighbours, trend reports and a first key", async () => {
    const stages: string[] = [];
    const result = await initDatabase(db, {
      videos: 2_000,
      seed: 42,
      now: NOW,
      secret: "test-secret-test-secret",
      onProgress: (stage) => stages.push(stage),
    });
    expect(result.corpus.videos).toBe(2_000);
    expect(new Set(stages)).toEqual(new Set(["corpus", "labels", "trends", "identity"]));
    expect(result.key.secret.length).toBeGreaterThan(20);
    expect(result.key.scopes).toEqual(expect.arrayContaining(["content:read", "agent:request"]));
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(DISTINCT video_id) AS n FROM labels")).toBe(2_000);
    expect(count("SELECT count(*) AS n FROM videos WHERE trending_score <> 0")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM hook_neighbors")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM trend_reports")).toBe(result.trendReports);
    expect(result.trendReports).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM organisations WHERE name = 'default'")).toBe(1);
    expect(count("SELECT count(*) AS n FROM api_keys")).toBe(1);
  });
});
