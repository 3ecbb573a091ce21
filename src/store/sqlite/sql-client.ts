import type { Statement } from "better-sqlite3";
import { runSteps, type SqlClient, type SqlStep, type SqlValue } from "../sql-client.js";
import type { Db } from "./db.js";

/** How long a transaction waits for another process's write lock before giving up with SQLITE_BUSY. */
export const LOCK_WAIT_MS = 5000;
/**
 * How long it waits once a wait has run out, until the lock is taken again: a lock held that long is an import
 * or a stuck writer, and each write queued behind it waited in full in turn (a content call answered 503 after
 * 20 s, its key's last use and its windows 5 s each; 5.5 s now, and the next calls 0.5 s).
 */
export const HELD_LOCK_WAIT_MS = 250;

const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown })?.code === "string" &&
  /^SQLITE_BUSY/.test((error as { code: string }).code);

/**
 * Tries to take the write lock (BEGIN IMMEDIATE) without SQLite's busy handler: false when another process
 * holds it. The handler sleeps the whole process (1, 2, 5, 10 ms …) while another process on the file holds
 * the lock, which made `crs serve --workers 2` slower than one (322 vs 474 req/s, bench/workers.mjs, limits
 * on); the caller retries between event-loop turns instead. The handler is switched with exec, which makes
 * no statement object (a `pragma()` call costs 15–18 µs each on better-sqlite3 13, 2 µs on 12).
 */
export function tryBeginImmediate(db: Db, busyTimeoutMs: number, giveUp: boolean): boolean {
  db.exec("PRAGMA busy_timeout = 0");
  try {
    db.exec("BEGIN IMMEDIATE");
    return true;
  } catch (error) {
    if (!isBusy(error) || giveUp) throw error;
    return false;
  } finally {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
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
  // The connection's busy handler (openDb's), restored after each attempt.
  const busyTimeoutMs = Number(db.pragma("busy_timeout", { simple: true }));
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
  const exec = ({ op, sql, params }: SqlStep) =>
    op === "all" ? direct.all(sql, params) : op === "get" ? direct.get(sql, params) : direct.run(sql, params);
  let open: Promise<void> | null = null;
  let turn: Promise<void> | null = null;
  // Set when a wait for the lock ran out, cleared when the lock is taken.
  let lockHeld = false;

  const inside: SqlClient = {
    engine: "sqlite",
    all: async (sql, params) => direct.all(sql, params),
    get: async (sql, params) => direct.get(sql, params),
    run: async (sql, params) => direct.run(sql, params),
    transaction: (fn) => fn(inside),
    atomic: async (body) => runSteps(body, exec),
  };

  /**
   * Runs `fn` between BEGIN IMMEDIATE and COMMIT, after the client's earlier transactions (in call order).
   * `turn` is held from the call to the end, `open` only from BEGIN to the end: reads wait for an open
   * transaction, not for one still waiting for another process's lock.
   */
  async function exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    // Inline, so the check and the claim happen in one step (an awaited helper would let two waiters in).
    while (turn) await turn;
    let releaseTurn = () => {};
    turn = new Promise<void>((resolve) => {
      releaseTurn = resolve;
    });
    let releaseOpen = () => {};
    try {
      const deadline = performance.now() + (lockHeld ? HELD_LOCK_WAIT_MS : LOCK_WAIT_MS);
      for (let attempt = 0; ; attempt++) {
        const giveUp = performance.now() >= deadline;
        try {
          if (tryBeginImmediate(db, busyTimeoutMs, giveUp)) break;
        } catch (error) {
          if (isBusy(error)) lockHeld = true;
          throw error;
        }
        // The lock is usually held for tens of microseconds: the next turns first, then short sleeps.
        await new Promise((resolve) =>
          attempt < 4 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt - 3, 5)),
        );
      }
      lockHeld = false;
      open = new Promise<void>((resolve) => {
        releaseOpen = resolve;
      });
      // Nothing awaits from BEGIN to COMMIT unless `fn` does (an atomic body does not).
      try {
        const value = fn();
        const result = value instanceof Promise ? await value : value;
        db.exec("COMMIT");
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    } finally {
      open = null;
      releaseOpen();
      turn = null;
      releaseTurn();
    }
  }

  /**
   * A statement outside a transaction. One that writes takes the lock as a transaction does, so waiting for
   * another process's lock never blocks the event loop: in autocommit, SQLite's busy handler froze every
   * request of the process for up to 5 s (a key's best-effort last_used_at, a lease renewal).
   */
  async function alone<T>(sql: string, run: () => T): Promise<T> {
    while (open) await open;
    // (Inside a transaction the connection's owner opened itself, the statement joins it.)
    return statement(sql).readonly || db.inTransaction ? run() : exclusive(run);
  }

  return {
    engine: "sqlite",
    all: (sql, params) => alone(sql, () => direct.all(sql, params)),
    get: (sql, params) => alone(sql, () => direct.get(sql, params)),
    run: (sql, params) => alone(sql, () => direct.run(sql, params)),
    transaction: (fn) => exclusive(() => fn(inside)),
    // Synchronous from BEGIN to COMMIT: `--workers 2` 988–1025 req/s, against 714–810 when the take awaited
    // (other requests' searches ran while it held the write lock; bench/workers.mjs, limits on).
    atomic: (body) => exclusive(() => runSteps(body, exec)),
  };
}
