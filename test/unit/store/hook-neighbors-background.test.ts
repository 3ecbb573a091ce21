import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { type Db, openDb } from "../../../src/store/sqlite/connection.js";
import Database from "../../../src/store/sqlite/driver.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW } from "../domain/corpus.js";

// The worker thread runs compiled code: this imports the build (npm test builds first).
const dist = join(import.meta.dirname, "../../../dist/store/sqlite/hook-neighbors");
type Background = typeof import("../../../src/store/sqlite/hook-neighbors/background.js");

/** Everything a run of computeHookNeighbors writes. */
const written = (db: Db) => ({
  lists: db.prepare("SELECT seq, hex(neighbors) FROM hook_neighbors ORDER BY seq").raw().all(),
  keys: db.prepare("SELECT seq, keys FROM hook_keys ORDER BY seq").raw().all(),
  stale: db.prepare("SELECT seq FROM hook_keys_stale").raw().all(),
  meta: db
    .prepare("SELECT key, value FROM meta WHERE key IN ('hook_keys_embedder', 'videos_seq_watermark')")
    .raw()
    .all(),
});

describe("startHookNeighbors (a run over every hook on a worker thread)", () => {
  let background: Background;
  let base: { db: Db; file: string; dir: string };
  /** A copy of the generated corpus (no lists computed yet), open. */
  const copy = (name: string) => {
    const file = join(base.dir, `${name}.sqlite`);
    copyFileSync(base.file, file);
    return openDb(file);
  };
  /** The same corpus with the lists computed on this thread: what the worker must give. */
  const expected = (prepare?: (db: Db) => void, videoIds?: readonly string[]) => {
    const db = copy(`expected-${Math.random()}`);
    prepare?.(db);
    computeHookNeighbors(db, videoIds);
    const out = written(db);
    db.close();
    return out;
  };

  beforeAll(async () => {
    background = (await import(join(dist, "background.js"))) as Background;
    base = tempDb();
    generateCorpus(base.db, { videos: 1_500, seed: 9, now: NOW });
    base.db.exec(
      "DELETE FROM hook_neighbors; DELETE FROM hook_keys; DELETE FROM meta WHERE key = 'hook_keys_embedder'",
    );
    base.db.pragma("wal_checkpoint(TRUNCATE)");
  });
  afterAll(() => {
    base.db.close();
    rmSync(base.dir, { recursive: true, force: true });
  });

  it("writes exactly what computing them on this thread writes, while this thread writes other tables", () => {
    const db = copy("worker");
    const run = background.startHookNeighbors(db, undefined, { minVideos: 0 });
    // The caller's own work meanwhile (afterIngest: labels and scores) does not stop the result applying.
    db.prepare("UPDATE videos SET trending_score = trending_score + 1").run();
    expect(run.finish()).toBe("worker");
    expect(written(db)).toEqual(expected());
    expect(written(db).lists.length).toBeGreaterThan(500);
    db.close();
  });

  it("takes a scope of most videos as the run over every hook it is", () => {
    const db = copy("scoped");
    const ids = db.prepare("SELECT id FROM videos ORDER BY seq").pluck().all() as string[];
    const scope = ids.filter((_, i) => i % 3 !== 0);
    computeHookNeighbors(db); // lists and keys stored: a scope of a third could go either way; two thirds is a full run
    const before = written(db);
    const run = background.startHookNeighbors(db, scope, { minVideos: 0 });
    expect(run.finish()).toBe("worker");
    expect(written(db)).toEqual(before); // same hooks: the same lists
    db.close();
  });

  it("computes again on this thread when another connection changed the hooks meanwhile", () => {
    const db = copy("changed");
    const run = background.startHookNeighbors(db, undefined, { minVideos: 0 });
    // Another process re-words a hook (as an import would) before the lists are written.
    const other = new Database(db.name);
    const id = other
      .prepare("SELECT id FROM videos WHERE hook_text <> '' ORDER BY seq LIMIT 1")
      .pluck()
      .get();
    const reword = (d: Db) => {
      d.prepare(
        "UPDATE videos SET hook_text = 'pov: you finally found the cheapest hotel in town' WHERE id = ?",
      ).run(id);
      d.prepare("INSERT OR IGNORE INTO hook_keys_stale (seq) SELECT seq FROM videos WHERE id = ?").run(id);
    };
    reword(other);
    other.close();
    expect(run.finish()).toBe("this thread");
    expect(written(db)).toEqual(expected(reword));
    db.close();
  });

  it("cancel() stops the worker and writes nothing", async () => {
    const db = copy("cancelled");
    const before = written(db);
    const run = background.startHookNeighbors(db, undefined, { minVideos: 0 });
    run.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written(db)).toEqual(before);
    db.close();
  });

  it("computes on this thread for a small corpus, an in-memory database or inside a transaction", () => {
    const db = copy("inline");
    const path = db.transaction(() =>
      background.startHookNeighbors(db, undefined, { minVideos: 0 }).finish(),
    )();
    expect(path).toBe("this thread");
    expect(written(db)).toEqual(expected());
    db.close();
    const small = copy("small");
    expect(background.startHookNeighbors(small).finish()).toBe("this thread"); // 1 500 videos: below the default
    expect(written(small)).toEqual(expected());
    small.close();
    const memory = openDb(":memory:");
    buildCorpus(memory, [{ id: "m1", author: "a1", hook: "pov: the hotel" }]);
    expect(background.startHookNeighbors(memory, undefined, { minVideos: 0 }).finish()).toBe("this thread");
    memory.close();
  });
});
