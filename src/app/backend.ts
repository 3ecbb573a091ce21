import type pg from "pg";
import { recentStorageFailure } from "../shared/errors.js";
import { type Db, openDb } from "../store/connection.js";
import { isPostgresUrl } from "../store/postgres/url.js";
import type { SqlClient, SqlEngine } from "../store/sql-client.js";
import { createSqliteStore, stopSqliteStore } from "../store/sqlite/index.js";
import { latestVersion } from "../store/sqlite/migrate.js";
import { sqliteClient, tryBeginImmediate } from "../store/sqlite/sql-client.js";
import type { Store } from "../store/types.js";

export interface Readiness {
  ok: boolean;
  detail: string;
}

/**
 * Where a deployment keeps its state: the embedded SQLite file (the default) or a PostgreSQL database
 * (several instances). Everything above talks to `store` (the corpus) and `sql` (identity, limits, usage,
 * analyst runs); `db` is the SQLite connection, for what only an embedded deployment does.
 */
export interface Backend {
  engine: SqlEngine;
  store: Store;
  sql: SqlClient;
  /** The SQLite connection; null on PostgreSQL. */
  db: Db | null;
  /** The database answers. */
  health(): Promise<Readiness>;
  /** The database answers and takes writes, its schema is current, and it holds a corpus. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

/** Opens `location`: a `postgres://` URL, or a SQLite file path (migrated on open). */
export async function openBackend(location: string, options: { db?: Db } = {}): Promise<Backend> {
  if (!options.db && isPostgresUrl(location)) return postgresBackend(location);
  return sqliteBackend(options.db ?? openDb(location), !options.db);
}

function sqliteBackend(db: Db, owned: boolean): Backend {
  const health = async (): Promise<Readiness> => {
    try {
      db.prepare("SELECT 1").get();
      return { ok: true, detail: "ok" };
    } catch (error) {
      return { ok: false, detail: (error as Error).message };
    }
  };
  return {
    engine: "sqlite",
    store: createSqliteStore(db),
    sql: sqliteClient(db),
    db,
    health,
    ready: async () => {
      try {
        db.prepare("SELECT 1").get();
        const failure = recentStorageFailure(15_000);
        if (failure && !/BUSY|LOCKED/.test(failure.code)) return { ok: false, detail: failure.code };
        await takesWrites(db);
        const version = db.pragma("user_version", { simple: true }) as number;
        if (version !== latestVersion())
          return {
            ok: false,
            detail: `schema version ${version}, expected ${latestVersion()} (restart to migrate)`,
          };
        return hasCorpus(Boolean(db.prepare("SELECT 1 FROM videos LIMIT 1").get()));
      } catch (error) {
        return { ok: false, detail: (error as { code?: string }).code ?? "unavailable" };
      }
    },
    close: async () => {
      stopSqliteStore(db);
      if (owned) db.close();
    },
  };
}

/** How long readiness waits for a write lock another process holds (a peer worker's commit takes a few ms). */
const READY_LOCK_WAIT_MS = 250;

/**
 * Takes and releases the write lock, waiting between event-loop turns (never in SQLite's busy handler, which
 * would stall the process) for up to READY_LOCK_WAIT_MS: with `--workers 2` the other worker commits all the
 * time (limit counters, lease upkeep), and a probe that failed on the first SQLITE_BUSY answered 503 while the
 * file took writes. Throws the last SQLITE_BUSY when the lock stays held (an import, a stuck writer).
 */
async function takesWrites(db: Db): Promise<void> {
  const deadline = performance.now() + READY_LOCK_WAIT_MS;
  const busyTimeoutMs = Number(db.pragma("busy_timeout", { simple: true }));
  for (;;) {
    if (db.inTransaction) return; // this connection holds it (a request's transaction)
    if (tryBeginImmediate(db, busyTimeoutMs, performance.now() >= deadline)) {
      db.exec("ROLLBACK");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const hasCorpus = (found: boolean): Readiness =>
  found
    ? { ok: true, detail: "ok" }
    : { ok: false, detail: "no corpus yet (crs import FILE, or crs init without --empty)" };

/**
 * A pool on the URL (it must answer once), its schema migrated (serialised across instances). The PostgreSQL
 * modules load only here: `pg` took 50 ms of every `crs` start on SQLite.
 */
async function postgresBackend(url: string): Promise<Backend> {
  const [{ connectPool }, { createPostgresStore }, { latestPgVersion, migratePostgres }, { postgresClient }] =
    await Promise.all([
      import("../store/postgres/connection.js"),
      import("../store/postgres/index.js"),
      import("../store/postgres/migrate.js"),
      import("../store/postgres/sql-client.js"),
    ]);
  const pool: pg.Pool = await connectPool(url);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const answer = async (query: () => Promise<Readiness>): Promise<Readiness> => {
    try {
      return await query();
    } catch (error) {
      // A code (ECONNREFUSED, 57P01, …), never the message: it may name the server and the user.
      return { ok: false, detail: String((error as { code?: unknown }).code ?? "unavailable") };
    }
  };
  return {
    engine: "postgres",
    store: createPostgresStore(pool),
    sql: postgresClient(pool),
    db: null,
    health: () =>
      answer(async () => {
        await pool.query("SELECT 1");
        return { ok: true, detail: "ok" };
      }),
    ready: () =>
      answer(async () => {
        const { rows } = await pool.query<{ version: number | null; read_only: string }>(
          "SELECT (SELECT max(version) FROM schema_migrations) AS version, current_setting('transaction_read_only') AS read_only",
        );
        const version = Number(rows[0]?.version ?? 0);
        if (rows[0]?.read_only === "on") return { ok: false, detail: "database is read-only" };
        if (version !== latestPgVersion())
          return { ok: false, detail: `schema version ${version}, expected ${latestPgVersion()}` };
        const corpus = await pool.query("SELECT 1 FROM videos LIMIT 1");
        return hasCorpus((corpus.rowCount ?? 0) > 0);
      }),
    close: () => pool.end(),
  };
}
