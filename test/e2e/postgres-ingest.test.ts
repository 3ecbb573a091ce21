import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTrendReports } from "../../src/domain/trends/build.js";
import { importFile } from "../../src/ingest/importers/import-file.js";
import { initDatabase } from "../../src/ingest/init.js";
import { afterIngest } from "../../src/ingest/pipeline.js";
import { onPostgresCorpus } from "../../src/ingest/postgres-staging.js";
import { connectPool } from "../../src/store/postgres/connection.js";
import { CORPUS_LOCK, CORPUS_TABLES } from "../../src/store/postgres/corpus-checkout.js";
import { copyAll, TABLES, type TableCheck, verifyAll } from "../../src/store/postgres/from-sqlite.js";
import { migratePostgres } from "../../src/store/postgres/migrate.js";
import { type Db, openDb } from "../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../src/store/sqlite/index.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../helpers/postgres.js";

/**
 * `crs import` and `crs classify` on PostgreSQL (ingest/postgres-staging.ts): the same ingest run on a file
 * and, through the checkout/write-back, on PostgreSQL leaves both with equal tables (row counts and
 * checksums of every table, `crs migrate --verify`'s comparison); the CLI commands work on a URL, two
 * imports at once are serialised (both land), and an unreachable server is one line without the password.
 */
const postgres = postgresAvailability();

/** A copy of test/fixtures/import (an import writes FILE.rejects.jsonl beside FILE; other suites list that folder). */
let FIXTURES = "";
/** TMPDIR of the CLI runs: the temporary corpus files go there, and must be gone afterwards. */
let cliTmp = "";
const NOW = 1_767_000_000;

function crs(
  args: string[],
  env: Record<string, string> = {},
): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["dist/cli.js", ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "warn", TMPDIR: cliTmp, ...env },
    timeout: 120_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A CLI run in the background: its exit, and a wait for a line of its stderr. */
function crsAsync(
  args: string[],
  env: Record<string, string> = {},
): {
  done: Promise<{ status: number; stderr: string }>;
  said: (re: RegExp) => Promise<void>;
  signal: (name: NodeJS.Signals) => void;
} {
  const child = spawn(process.execPath, ["dist/cli.js", ...args], {
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "warn", TMPDIR: cliTmp, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const listeners: (() => void)[] = [];
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const l of listeners) l();
  });
  const done = new Promise<{ status: number; stderr: string }>((resolve) =>
    child.on("close", (status) => resolve({ status: status ?? -1, stderr })),
  );
  const said = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (re.test(stderr)) resolve();
      };
      listeners.push(check);
      check();
      void done.then(() =>
        re.test(stderr) ? resolve() : reject(new Error(`exited without ${re}: ${stderr}`)),
      );
    });
  return { done, said, signal: (name) => child.kill(name) };
}

/** What `crs import` does with the files (importAll), at a fixed time. */
async function ingest(db: Db, files: readonly string[], now: number): Promise<void> {
  for (const file of files) {
    const summary = await importFile(db, file, { format: "auto", now, transcripts: new Map() });
    if (summary.videoIds.length > 0) afterIngest(db, now, summary.videoIds);
  }
  await buildTrendReports(createSqliteStore(db), now);
}

const mismatches = (checks: TableCheck[]) =>
  checks.filter((c) => !c.ok).map((c) => `${c.table}: ${c.sqlite_rows} vs ${c.postgres_rows}`);

describe.skipIf(!postgres.available)("corpus writes on PostgreSQL", () => {
  let server: TestPostgres;
  let dir: string;
  let url: string;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startPostgres("ingest");
    url = server.url;
    dir = mkdtempSync(join(tmpdir(), "crs-pg-ingest-"));
    cliTmp = mkdtempSync(join(tmpdir(), "crs-pg-ingest-tmp-"));
    FIXTURES = join(dir, "fixtures");
    cpSync("test/fixtures/import", FIXTURES, { recursive: true });
    const source = join(dir, "source.sqlite");
    const db = openDb(source);
    await initDatabase(db, { videos: 600, seed: 5, now: NOW, secret: "s".repeat(32) });
    db.prepare("INSERT INTO meta (key, value) VALUES ('server_secret', ?)").run("p".repeat(43));
    pool = await connectPool(url, { max: 2 });
    await migratePostgres(pool);
    const client = await pool.connect();
    try {
      db.exec("BEGIN");
      await copyAll(db, client);
      db.exec("COMMIT");
    } finally {
      client.release();
    }
    db.close();
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await server?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (cliTmp) rmSync(cliTmp, { recursive: true, force: true });
  });

  /**
   * Every table of `file` (a snapshot of the checked-out corpus) against PostgreSQL, as `crs migrate
   * --verify` compares them. The tables not checked out are PostgreSQL's own; the server secret never leaves
   * it, so the snapshot gets it for the comparison. `when` labels a mismatch.
   */
  async function compare(file: string, when: string): Promise<void> {
    const db = openDb(file);
    const client = await pool.connect();
    try {
      const secret = await client.query<{ value: string }>(
        "SELECT value FROM meta WHERE key = 'server_secret'",
      );
      if (secret.rows[0])
        db.prepare("INSERT INTO meta (key, value) VALUES ('server_secret', ?)").run(secret.rows[0].value);
      // The tables that are not checked out (identity, usage, limits, runs) hold what the source held.
      db.exec(`ATTACH '${join(dir, "source.sqlite")}' AS source`);
      for (const { table } of TABLES.filter((t) => !CORPUS_TABLES.includes(t)))
        db.exec(`INSERT INTO ${table} SELECT * FROM source.${table}`);
      db.exec("DETACH source");
      db.exec("BEGIN");
      const checks = await verifyAll(db, client);
      db.exec("COMMIT");
      expect(mismatches(checks), when).toEqual([]);
      expect(checks.length).toBeGreaterThan(30);
    } finally {
      client.release();
      db.close();
    }
  }

  it("the checkout equals PostgreSQL, and after an import and a reclassification PostgreSQL equals the file they wrote", async () => {
    const files = [join(FIXTURES, "apify-items.json"), join(FIXTURES, "tiktok-web.jsonl")];
    let snapshots = 0;
    const snapshot = (db: Db) => {
      const file = join(dir, `snapshot-${++snapshots}.sqlite`);
      db.exec(`VACUUM INTO '${file}'`);
      return file;
    };
    let imported = "";
    const staged = await onPostgresCorpus(
      url,
      async (db) => {
        await compare(snapshot(db), "checkout");
        await ingest(db, files, NOW + 3600);
        imported = snapshot(db);
      },
      { applicationName: "test" },
    );
    const written = new Map(staged.written.map((t) => [t.table, t]));
    expect(written.get("videos")?.upserted).toBeGreaterThan(0);
    expect(written.get("labels")?.upserted).toBeGreaterThan(0);
    expect(written.has("organisations")).toBe(false);
    await compare(imported, "after");

    // Labels, scores and neighbours of the whole corpus again, a day later: updates, and deletions where
    // derived rows go (trend reports and examples, common terms).
    let reclassified = "";
    const second = await onPostgresCorpus(
      url,
      async (db) => {
        afterIngest(db, NOW + 90_000);
        await buildTrendReports(createSqliteStore(db), NOW + 90_000);
        reclassified = snapshot(db);
      },
      { applicationName: "test" },
    );
    expect(second.written.some((t) => t.deleted > 0)).toBe(true);
    await compare(reclassified, "after");

    // The same files again: no video, snapshot or label is written.
    const again = await onPostgresCorpus(
      url,
      async (db) => {
        for (const file of files) {
          const s = await importFile(db, file, { format: "auto", now: NOW + 90_000, transcripts: new Map() });
          expect(s.imported + s.updated).toBe(0);
        }
      },
      { applicationName: "test" },
    );
    expect(again.written.filter((t) => ["videos", "video_stats", "labels"].includes(t.table))).toEqual([]);
  }, 180_000);

  it("a kept checkout (CRS_CHECKOUT_CACHE) is reused exactly while the corpus is unchanged, and dropped otherwise", async () => {
    const cache = join(dir, "kept");
    const kept = () => readdirSync(cache).sort();
    let snapshots = 0;
    const snapshot = (db: Db) => {
      const file = join(dir, `kept-${++snapshots}.sqlite`);
      db.exec(`VACUUM INTO '${file}'`);
      return file;
    };
    const run = (work: (db: Db) => Promise<void>) =>
      onPostgresCorpus(url, work, { applicationName: "test", cacheDir: cache });

    // The first run checks out; the copy stays, with the version PostgreSQL has after the write-back.
    let after = "";
    const first = await run(async (db) => {
      await ingest(db, [join(FIXTURES, "collector.json")], NOW + 7200);
      after = snapshot(db);
    });
    expect(first.reused).toBe(false);
    expect(first.written.length).toBeGreaterThan(0);
    expect(kept().filter((f) => !f.endsWith("-wal") && !f.endsWith("-shm"))).toHaveLength(2);
    await compare(after, "after the first kept run");

    // The next run starts from the kept copy, which equals PostgreSQL table for table.
    const second = await run(async (db) => {
      await compare(snapshot(db), "kept copy");
      await ingest(db, [join(FIXTURES, "research-api.json")], NOW + 7300);
      after = snapshot(db);
    });
    expect(second.reused).toBe(true);
    await compare(after, "after the reused run");

    // Someone writes the corpus outside these runs (here: one statement): the copy is not current any more.
    await pool.query("UPDATE videos SET caption = caption WHERE id = (SELECT min(id) FROM videos)");
    const third = await run(async (db) => {
      await compare(snapshot(db), "checkout after an outside write");
    });
    expect(third.reused).toBe(false);

    // A failed run leaves no copy behind (its writes are written back, as without the cache).
    await expect(
      run(async () => {
        throw new Error("pipeline failed");
      }),
    ).rejects.toThrow("pipeline failed");
    expect(kept()).toEqual([]);

    // A record that does not match (another schema, a damaged file) is never trusted.
    await run(async () => {});
    const record = kept().find((f) => f.endsWith(".json")) ?? "";
    writeFileSync(join(cache, record), JSON.stringify({ version: "x", schema: "sqlite 0, postgres 0" }));
    expect((await run(async () => {})).reused).toBe(false);

    // The CLI: the second import says it needed no copy, and nothing is left in TMPDIR.
    const env = { CRS_CHECKOUT_CACHE: join(dir, "kept-cli") };
    const a = crs(["import", join(FIXTURES, "collector.json"), "--db", url], env);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stderr).toMatch(/copying the corpus from PostgreSQL into .*kept-cli \(CRS_CHECKOUT_CACHE\)/);
    const b = crs(["import", join(FIXTURES, "research-api.json"), "--db", url], env);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/is current: no copy needed/);
    expect(b.stderr).not.toMatch(/copied [\d,]+ rows/);
    expect(existsSync(join(dir, "kept-cli"))).toBe(true);
    expect(readdirSync(cliTmp)).toEqual([]);
  }, 180_000);

  it("crs import and crs classify take a URL; two imports at once both land", async () => {
    // Another corpus writer holds the lock: both imports wait for it, then run one after the other.
    const holder = await pool.connect();
    const waiting = /waiting for another command writing the corpus/;
    let a: { status: number; stderr: string };
    let b: { status: number; stderr: string };
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
      const first = crsAsync(["import", join(FIXTURES, "collector.json"), "--db", url]);
      const second = crsAsync(["import", join(FIXTURES, "research-api.json"), "--db", url]);
      await Promise.all([first.said(waiting), second.said(waiting)]);
      await holder.query("SELECT pg_advisory_unlock($1)", [CORPUS_LOCK]);
      [a, b] = await Promise.all([first.done, second.done]);
    } finally {
      holder.release();
    }
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(a.stderr).toMatch(/copied [\d,]+ rows \(/);
    // Both files are already in PostgreSQL (the test above imported them): each import ends with what it wrote
    // back, or with "nothing changed" when its records and the scores they move are as they were.
    for (const r of [a, b])
      expect(r.stderr).toMatch(/written in \d+ table\(s\), one transaction|PostgreSQL: nothing changed/);
    const twinCopy = openDb(join(dir, "probe.sqlite"));
    const ids: string[] = [];
    for (const file of ["collector.json", "research-api.json"]) {
      const s = await importFile(twinCopy, join(FIXTURES, file), {
        format: "auto",
        now: NOW,
        transcripts: new Map(),
      });
      ids.push(...s.videoIds);
    }
    twinCopy.close();
    expect(ids.length).toBeGreaterThan(1);
    const found = await pool.query<{ n: string }>("SELECT count(*) AS n FROM videos WHERE id = ANY($1)", [
      ids,
    ]);
    expect(Number(found.rows[0]?.n)).toBe(new Set(ids).size);

    const classified = crs(["classify", "--db", url, "--json"]);
    expect(classified.status, classified.stderr).toBe(0);
    const result = JSON.parse(classified.stdout) as { videos: number; ads: number };
    const videos = await pool.query<{ n: string }>("SELECT count(*) AS n FROM videos");
    expect(result.videos).toBe(Number(videos.rows[0]?.n));
    expect(result.ads).toBeGreaterThan(0);
    expect(readdirSync(cliTmp)).toEqual([]);
  }, 180_000);

  it("crs import --collection writes the file's videos into the collection on PostgreSQL", async () => {
    const r = crs([
      "import",
      join(FIXTURES, "collector.json"),
      "--collection",
      " Trending-Dec2020 ",
      "--db",
      url,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const probe = openDb(join(dir, "collection-probe.sqlite"));
    const s = await importFile(probe, join(FIXTURES, "collector.json"), { now: NOW });
    probe.close();
    expect(s.videoIds.length).toBeGreaterThan(1);
    const found = await pool.query<{ video_id: string }>(
      "SELECT video_id FROM video_collections WHERE collection = 'trending-dec2020' ORDER BY video_id",
    );
    expect(found.rows.map((row) => row.video_id)).toEqual([...new Set(s.videoIds)].sort());
    // Again: the videos are in it already, so none is updated and the collection holds each once.
    const again = crs([
      "import",
      join(FIXTURES, "collector.json"),
      "--collection",
      "trending-dec2020",
      "--db",
      url,
    ]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/imported 0, updated 0, rejected \d+, unchanged \d+/);
    const after = await pool.query<{ n: string }>("SELECT count(*) AS n FROM video_collections");
    expect(Number(after.rows[0]?.n)).toBe(found.rows.length);
  }, 180_000);

  it("an import stopped with Ctrl-C leaves no temporary corpus and writes nothing", async () => {
    const before = await pool.query<{ n: string }>("SELECT count(*) AS n FROM videos");
    const holder = await pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
      const run = crsAsync(["import", join(FIXTURES, "project.jsonl"), "--db", url]);
      await run.said(/waiting for another command writing the corpus/);
      expect(readdirSync(cliTmp).length).toBe(1); // its temporary folder exists while it waits
      run.signal("SIGINT");
      expect((await run.done).status).toBe(130);
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [CORPUS_LOCK]);
      holder.release();
    }
    expect(readdirSync(cliTmp)).toEqual([]);
    const after = await pool.query<{ n: string }>("SELECT count(*) AS n FROM videos");
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("an import stopped while it waits leaves the kept copy (CRS_CHECKOUT_CACHE) of the run it waited for", async () => {
    const env = { CRS_CHECKOUT_CACHE: join(dir, "kept-wait") };
    const kept = () => readdirSync(env.CRS_CHECKOUT_CACHE).sort();
    expect(crs(["import", join(FIXTURES, "collector.json"), "--db", url], env).status).toBe(0);
    const copy = kept();
    expect(copy.some((f) => f.endsWith(".json"))).toBe(true);
    // The lock stands for a run that uses the copy; the stopped one must not touch it.
    const holder = await pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
      const run = crsAsync(["import", join(FIXTURES, "project.jsonl"), "--db", url], env);
      await run.said(/waiting for another command writing the corpus/);
      run.signal("SIGINT");
      expect((await run.done).status).toBe(130);
      expect(kept()).toEqual(copy);
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [CORPUS_LOCK]);
      holder.release();
    }
    const next = crs(["import", join(FIXTURES, "collector.json"), "--db", url], env);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/is current: no copy needed/);
  });

  it("an unreachable server is one line without the password", () => {
    const result = crs([
      "import",
      join(FIXTURES, "collector.json"),
      "--db",
      `postgres://crs:hunter2@127.0.0.1:1/nothing`,
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/cannot use PostgreSQL at/);
    expect(result.stderr).not.toContain("hunter2");
    expect(result.stderr.trim().split("\n").length).toBe(1);
  });
});
