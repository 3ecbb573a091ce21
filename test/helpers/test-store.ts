import { afterAll } from "vitest";
import type { Db } from "../../src/store/connection.js";
import { connectPool } from "../../src/store/postgres/connection.js";
import { postgresBinDir, seedFromSqlite, startPostgres, type TestPostgres } from "./postgres.js";

/**
 * Which store the end-to-end and security suites serve from: SQLite (the default) or, with
 * `CRS_TEST_STORE=postgres` (`npm run test:postgres`), PostgreSQL. On PostgreSQL each test process starts one
 * throwaway server (on first use) and every test server gets its own database, seeded by building the corpus
 * in a SQLite file exactly as on SQLite and copying it with the `crs init`/`crs migrate` path (copyAll +
 * verifyAll), so both engines serve identical data.
 */
export const onPostgres = process.env.CRS_TEST_STORE === "postgres";

if (process.env.CRS_TEST_STORE && !["sqlite", "postgres"].includes(process.env.CRS_TEST_STORE))
  throw new Error(`CRS_TEST_STORE must be "sqlite" or "postgres", not "${process.env.CRS_TEST_STORE}"`);

let server: Promise<TestPostgres> | undefined;
/** The started server, for the exit hook (which cannot wait for a promise). */
let running: TestPostgres | undefined;

// Last resort when afterAll did not run (a crashed file): `pg_ctl stop` runs synchronously inside dispose().
process.once("exit", () => {
  void running?.dispose().catch(() => undefined);
});
let databases = 0;

function sharedPostgres(): Promise<TestPostgres> {
  if (!server) {
    // Asked for explicitly: missing binaries fail the run (never a silent pass), with or without CI.
    if (!postgresBinDir())
      throw new Error(
        "CRS_TEST_STORE=postgres needs PostgreSQL's initdb and pg_ctl (apt-get install postgresql); not found on PATH or under /usr/lib/postgresql/*/bin",
      );
    server = startPostgres(`crs_e2e_${process.pid}`);
    server.then(
      (started) => {
        running = started;
      },
      () => undefined,
    );
  }
  return server;
}

// One server per test process, stopped after the file's own afterAll hooks (hooks run in reverse order).
afterAll(async () => {
  const started = server;
  server = undefined;
  running = undefined;
  if (started) await (await started).dispose();
});

/**
 * A fresh PostgreSQL database holding a copy of `db` (the sequence of `crs init` into PostgreSQL: migrate,
 * copy inside a read transaction on the SQLite side, verify table by table). Returns its URL.
 */
export async function copyToPostgres(db: Db): Promise<string> {
  const pg = await sharedPostgres();
  databases += 1;
  const url = await pg.createDatabase(`crs_e2e_${process.pid}_${databases}`);
  const pool = await connectPool(url, { max: 2, applicationName: "crs test seed" });
  try {
    await seedFromSqlite(db, pool);
  } finally {
    await pool.end();
  }
  return url;
}
