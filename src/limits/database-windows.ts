import type { SqlClient } from "../store/sql-client.js";
import type { WindowRule } from "./config.js";
import { lockNames } from "./sql-lock.js";
import {
  type Alongside,
  type AtomicWindowStore,
  stateFromLog,
  type WindowRequest,
  type WindowState,
  type WindowTake,
} from "./windows.js";

/** Expired rows are deleted at most this often per process (they are ignored by every read anyway). */
const PRUNE_EVERY_SECONDS = 60;

const READ = "SELECT second, units FROM limit_windows WHERE key = ? AND second > ? ORDER BY second";
// Portable max(expires_at, excluded.expires_at): SQLite's scalar max is PostgreSQL's greatest.
const ADD = `INSERT INTO limit_windows(key, second, units, expires_at) VALUES (?, ?, 1, ?)
  ON CONFLICT(key, second) DO UPDATE SET units = limit_windows.units + 1,
    expires_at = CASE WHEN limit_windows.expires_at > excluded.expires_at
      THEN limit_windows.expires_at ELSE excluded.expires_at END`;
const PRUNE = "DELETE FROM limit_windows WHERE expires_at <= ?";
const NEWEST = "SELECT second, units FROM limit_windows WHERE key = ? ORDER BY second DESC LIMIT 1";
const DECREMENT = "UPDATE limit_windows SET units = units - 1 WHERE key = ? AND second = ?";
const REMOVE = "DELETE FROM limit_windows WHERE key = ? AND second = ?";

/**
 * Sliding windows in the database (`limit_windows`, one row per key and second), shared by every process
 * on it: `crs serve --workers N`, `crs mcp` beside a server, several instances on one PostgreSQL.
 * `takeAll` is one short transaction that first serialises on the window keys (`lockNames`: SQLite's
 * IMMEDIATE write lock, PostgreSQL advisory locks), so peek-all-then-take-all is atomic across processes
 * and a refused call writes nothing. Time comes from the caller's clock, like the memory store.
 */
export class DatabaseWindowStore implements AtomicWindowStore {
  readonly kind = "database";
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly sql: SqlClient) {}

  async peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]> {
    const states: WindowState[] = [];
    for (const { key, rule } of windows) states.push(await this.peek(this.sql, key, rule, now));
    return states;
  }

  takeAll(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Promise<WindowTake> {
    return this.sql.transaction(async (tx): Promise<WindowTake> => {
      await lockNames(
        tx,
        windows.map(({ key }) => `window:${key}`),
      );
      const states: WindowState[] = [];
      for (const { key, rule } of windows) states.push(await this.peek(tx, key, rule, now));
      if (states.some((state) => state.remaining <= 0)) return { taken: false, refusedBy: "window", states };
      if (alongside && !(await alongside(tx))) return { taken: false, refusedBy: "alongside", states };
      for (const { key, rule } of windows) await tx.run(ADD, [key, now, now + rule.windowSeconds]);
      if (now - this.lastPrune >= PRUNE_EVERY_SECONDS) {
        this.lastPrune = now;
        await tx.run(PRUNE, [now]);
      }
      return { taken: true, states };
    });
  }

  /** Gives back one unit per window: the newest second's (a refused call's refund). */
  giveAll(windows: readonly WindowRequest[]): Promise<void> {
    return this.sql.transaction(async (tx) => {
      await lockNames(
        tx,
        windows.map(({ key }) => `window:${key}`),
      );
      for (const { key } of windows) {
        const newest = await tx.get<{ second: number; units: number }>(NEWEST, [key]);
        if (!newest) continue;
        if (newest.units > 1) await tx.run(DECREMENT, [key, newest.second]);
        else await tx.run(REMOVE, [key, newest.second]);
      }
    });
  }

  private async peek(sql: SqlClient, key: string, rule: WindowRule, now: number): Promise<WindowState> {
    const rows = await sql.all<{ second: number; units: number }>(READ, [key, now - rule.windowSeconds]);
    return stateFromLog(
      rows.map((row) => row.second),
      rows.map((row) => row.units),
      rule,
      now,
    );
  }
}
