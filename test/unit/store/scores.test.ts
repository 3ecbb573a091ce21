import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { DAY, HOUR } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter } from "../../../src/store/sqlite/corpus-writer.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_760_000_000;
const LATER = NOW + 6 * HOUR;

/** Everything refreshScores writes, in a stable order. */
const OUTPUTS = {
  videos: "SELECT id, velocity, trending_score, breakout_score, early_breakout_score FROM videos ORDER BY id",
  gains: "SELECT * FROM engine_video_gains ORDER BY video_id",
  creatorStats: "SELECT * FROM engine_creator_stats ORDER BY uid",
  creatorFlags: "SELECT uid, is_advertised, is_hire_ready FROM creators ORDER BY uid",
  advertiserStats: "SELECT * FROM engine_advertiser_stats ORDER BY advertiser_id",
  commonTerms: "SELECT * FROM engine_common_terms ORDER BY term",
  termHeads: "SELECT * FROM engine_term_heads ORDER BY term, rank",
  creatorNames: "SELECT uid, handle, former_handles, nickname FROM engine_creators_fts ORDER BY uid",
};

const outputs = (db: Db) =>
  Object.fromEntries(Object.entries(OUTPUTS).map(([name, sql]) => [name, db.prepare(sql).raw().all()]));

let db: Db;
let dir: string;
let ids: string[];

beforeEach(() => {
  ({ db, dir } = tempDb());
  // Generated snapshots: most videos have several, so velocity reads a previous one.
  generateCorpus(db, { videos: 1_500, seed: 11, now: NOW });
  ids = db.prepare("SELECT id FROM videos ORDER BY id").pluck().all() as string[];
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Counts the rows of videos an UPDATE rewrites from here on. */
function countVideoUpdates(): () => number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS video_updates (n INTEGER);
           DELETE FROM video_updates;
           CREATE TEMP TRIGGER IF NOT EXISTS count_video_updates AFTER UPDATE ON videos
           BEGIN INSERT INTO video_updates VALUES (1); END;`);
  return () => db.prepare("SELECT count(*) FROM temp.video_updates").pluck().get() as number;
}

describe("refreshScores", () => {
  it("gives the same results for a scope of every video as for a full refresh", () => {
    const snapshots = (db.prepare("SELECT count(*) FROM video_stats").pluck().get() as number) / ids.length;
    expect(snapshots).toBeGreaterThan(2);
    refreshScores(db, LATER);
    const full = outputs(db);
    const rows = full.videos as number[][];
    const positive = (column: number) => rows.filter((row) => (row[column] as number) > 0).length;
    expect(positive(1)).toBeGreaterThan(ids.length / 4); // velocity
    expect(positive(2)).toBeGreaterThan(50); // trending
    expect(positive(3)).toBeGreaterThan(0); // breakout
    // Move the clock so that every score changes, then refresh with every id as the scope.
    refreshScores(db, LATER + DAY, ids);
    refreshScores(db, LATER, ids);
    expect(outputs(db)).toEqual(full);
  });

  it("a scoped refresh gives its videos the scores a full refresh gives them", () => {
    refreshScores(db, LATER);
    const writer = new CorpusWriter(db);
    const scope = ids.filter((_, i) => i % 50 === 0);
    const plays = db.prepare("SELECT plays FROM videos WHERE id = ?").pluck();
    writer.batch(() => {
      for (const id of scope) {
        const snapshot = { observedAt: LATER - HOUR, likes: 1, comments: 1, shares: 1, saves: 1 };
        writer.addSnapshot(id, { ...snapshot, plays: (plays.get(id) as number) + 5_000 });
      }
    });
    refreshScores(db, LATER, scope);
    const scoped = outputs(db);
    refreshScores(db, LATER);
    const full = outputs(db);
    const inScope = (rows: unknown[]) =>
      rows.filter((row) => scope.includes((row as unknown[])[0] as string));
    expect(inScope(scoped.videos as unknown[])).toEqual(inScope(full.videos as unknown[]));
    expect(inScope(scoped.gains as unknown[])).toEqual(inScope(full.gains as unknown[]));
    expect(inScope(scoped.videos as unknown[]).length).toBe(scope.length);
  });

  it("rewrites no video row when no score moved", () => {
    refreshScores(db, LATER);
    const updates = countVideoUpdates();
    refreshScores(db, LATER);
    expect(updates()).toBe(0);
    refreshScores(db, LATER + HOUR);
    expect(updates()).toBeGreaterThan(0);
  });
});
