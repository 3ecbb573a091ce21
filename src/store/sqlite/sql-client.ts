import type { Statement } from "better-sqlite3";
import type { SqlClient, SqlValue } from "../sql-client.js";
import type { Db } from "./db.js";

/** How long a transaction waits for another process's write lock before giving up with SQLITE_BUSY. */
const LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown })?.code === "string" &&
  /^SQLITE_BUSY/.test((error as { code: string }).code);

/**
 * Takes the write lock (BEGIN IMMEDIATE) without SQLite's busy handler, retrying on SQLITE_BUSY between
 * event-loop turns: the handler sleeps the whole process (1, 2, 5, 10 ms …) while another process on the
 * file holds the lock, which made `crs serve --workers 2` slower than one (322 vs 474 req/s,
 * bench/workers.mjs, limits on). Gives up with the SQLITE_BUSY error after LOCK_WAIT_MS (as busy_timeout did).
 */
async function beginImmediate(db: Db): Promise<void> {
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const saved = db.pragma("busy_timeout", { simple: true }) as number;
    db.pragma("busy_timeout = 0");
    try {
      db.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
    } finally {
      db.pragma(`busy_timeout = ${saved}`);
    }
    // The lock is usually held for tens of microseconds: the next turns first, then short sleeps.
    await new Promise((resolve) =>
      attempt < 4 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt - 3, 5)),
    );
  }
}

/**
 * SqlClient over one better-sqlite3 connection. Statements run synchronously (the promise is already
 * settled) and are prepared once per text. A transaction may await between its statements, so while one
 * is open every other call through this client waits for it to end: nothing from another request can
 * land inside it (or be rolled back with it). A transaction is IMMEDIATE (the write lock is taken before
 * its first read, so check-then-write is atomic across processes on the file), and waiting for that lock
 * never blocks the event loop. The exclusion holds per client, so there is one per connection: every call
 * with the same connection returns the same client.
 */
export function sqliteClient(db: Db): SqlClient {
  let client = clients.get(db);
  if (!client) {
    client = createClient(db);
    clients.set(db, client);
  }
  return client;
}

const clients = new WeakMap<Db, SqlClient>();

function createClient(db: Db): SqlClient {
  const statements = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  const direct = {
    all: <T>(sql: string, params: readonly SqlValue[] = []) => statement(sql).all(...params) as T[],
    get: <T>(sql: string, params: readonly SqlValue[] = []) => statement(sql).get(...params) as T | undefined,
    run: (sql: string, params: readonly SqlValue[] = []) => ({
      changes: statement(sql).run(...params).changes,
    }),
  };
  let open: Promise<void> | null = null;

  const inside: SqlClient = {
    engine: "sqlite",
    all: async (sql, params) => direct.all(sql, params),
    get: async (sql, params) => direct.get(sql, params),
    run: async (sql, params) => direct.run(sql, params),
    transaction: (fn) => fn(inside),
  };

  return {
    engine: "sqlite",
    all: async (sql, params) => {
      while (open) await open;
      return direct.all(sql, params);
    },
    get: async (sql, params) => {
      while (open) await open;
      return direct.get(sql, params);
    },
    run: async (sql, params) => {
      while (open) await open;
      return direct.run(sql, params);
    },
    async transaction(fn) {
      // Inline, so the check and the claim happen in one step (an awaited helper would let two waiters in).
      while (open) await open;
      let release = () => {};
      open = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        await beginImmediate(db);
        try {
          const result = await fn(inside);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      } finally {
        open = null;
        release();
      }
    },
  };
}
