import type { Db } from "../store/connection.js";
import type { WindowRule } from "./config.js";
import {
  type AtomicWindowStore,
  stateFromLog,
  takeAllSync,
  type WindowRequest,
  type WindowState,
  type WindowStore,
  type WindowTake,
} from "./windows.js";

/** Expired rows are deleted at most this often per process (they are ignored by every read anyway). */
const PRUNE_EVERY_SECONDS = 60;

/** How long a limited call waits for another process's write lock before answering 503 (as busy_timeout did). */
const LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown })?.code === "string" &&
  /^SQLITE_BUSY/.test((error as { code: string }).code);

/**
 * Runs a write transaction without SQLite's busy handler, retrying on SQLITE_BUSY between event-loop turns:
 * the handler sleeps the whole process (1, 2, 5, 10 ms …) while another worker holds the lock, which made
 * `--workers 2` slower than one (322 vs 474 req/s, bench/workers.mjs, limits on).
 */
async function withoutBlocking<T>(db: Db, write: () => T): Promise<T> {
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const saved = db.pragma("busy_timeout", { simple: true }) as number;
    db.pragma("busy_timeout = 0");
    try {
      return write();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
    } finally {
      db.pragma(`busy_timeout = ${saved}`);
    }
    // The lock is held for tens of microseconds: the next turns first, then short sleeps.
    await new Promise((resolve) =>
      attempt < 4 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt - 3, 5)),
    );
  }
}

/**
 * Sliding windows in the database file (`limit_windows`, one row per key and second), shared by every
 * process on the file: `crs serve --workers N`, `crs mcp` beside a server. `takeAll` is one short
 * IMMEDIATE transaction (WAL: readers never wait), so peek-all-then-take-all is atomic across processes
 * and a refused call writes nothing. Time comes from the caller's clock, like the memory store.
 */
export class DatabaseWindowStore implements WindowStore, AtomicWindowStore {
  readonly kind = "database";
  private readonly sql;
  private readonly takeAllTx;
  private readonly giveAllTx;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Db) {
    this.sql = {
      read: db.prepare<[string, number], { second: number; units: number }>(
        "SELECT second, units FROM limit_windows WHERE key = ? AND second > ? ORDER BY second",
      ),
      add: db.prepare<[string, number, number]>(
        `INSERT INTO limit_windows(key, second, units, expires_at) VALUES (?, ?, 1, ?)
         ON CONFLICT(key, second) DO UPDATE SET units = units + 1, expires_at = max(expires_at, excluded.expires_at)`,
      ),
      prune: db.prepare<[number]>("DELETE FROM limit_windows WHERE expires_at <= ?"),
      newest: db.prepare<[string], { second: number; units: number }>(
        "SELECT second, units FROM limit_windows WHERE key = ? ORDER BY second DESC LIMIT 1",
      ),
      decrement: db.prepare<[string, number]>(
        "UPDATE limit_windows SET units = units - 1 WHERE key = ? AND second = ?",
      ),
      remove: db.prepare<[string, number]>("DELETE FROM limit_windows WHERE key = ? AND second = ?"),
    };
    this.giveAllTx = db.transaction((windows: readonly WindowRequest[]) => {
      for (const { key } of windows) this.give(key);
    });
    this.takeAllTx = db.transaction(
      (windows: readonly WindowRequest[], now: number, alongside?: () => boolean) =>
        takeAllSync(this, windows, now, alongside),
    );
  }

  peek(key: string, rule: WindowRule, now: number): WindowState {
    const rows = this.sql.read.all(key, now - rule.windowSeconds);
    return stateFromLog(
      rows.map((row) => row.second),
      rows.map((row) => row.units),
      rule,
      now,
    );
  }

  take(key: string, rule: WindowRule, now: number): void {
    this.sql.add.run(key, now, now + rule.windowSeconds);
    if (now - this.lastPrune >= PRUNE_EVERY_SECONDS) {
      this.lastPrune = now;
      this.sql.prune.run(now);
    }
  }

  give(key: string): void {
    const newest = this.sql.newest.get(key);
    if (!newest) return;
    if (newest.units > 1) this.sql.decrement.run(key, newest.second);
    else this.sql.remove.run(key, newest.second);
  }

  async giveAll(windows: readonly WindowRequest[]): Promise<void> {
    await withoutBlocking(this.db, () => this.giveAllTx.immediate(windows));
  }

  peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]> {
    return Promise.resolve(windows.map(({ key, rule }) => this.peek(key, rule, now)));
  }

  takeAll(windows: readonly WindowRequest[], now: number, alongside?: () => boolean): Promise<WindowTake> {
    // IMMEDIATE: the write lock is taken before the peeks, so no other process can take in between.
    return withoutBlocking(this.db, () => this.takeAllTx.immediate(windows, now, alongside));
  }
}
