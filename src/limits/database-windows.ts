import { runStepsOn, type SqlClient, type Steps, sqlStep } from "../store/sql-client.js";
import type { WindowRule } from "./config.js";
import { lockSteps } from "./sql-lock.js";
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
 * `takeAll` is one short atomic transaction (SqlClient.atomic) that first serialises on the window keys
 * (`lockSteps`: SQLite's IMMEDIATE write lock, PostgreSQL advisory locks), so peek-all-then-take-all is
 * atomic across processes and a refused call writes nothing. Time comes from the caller's clock, like the memory store.
 */
export class DatabaseWindowStore implements AtomicWindowStore {
  readonly kind = "database";
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly sql: SqlClient) {}

  async peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]> {
    const states: WindowState[] = [];
    for (const { key, rule } of windows) states.push(await runStepsOn(this.peek(key, rule, now), this.sql));
    return states;
  }

  takeAll(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Promise<WindowTake> {
    return this.sql.atomic(this.take(windows, now, alongside));
  }

  /** Gives back one unit per window: the newest second's (a refused call's refund). */
  giveAll(windows: readonly WindowRequest[]): Promise<void> {
    return this.sql.atomic(this.give(windows));
  }

  private *take(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Steps<WindowTake> {
    yield* lockSteps(
      this.sql.engine,
      windows.map(({ key }) => `window:${key}`),
    );
    const states: WindowState[] = [];
    for (const { key, rule } of windows) states.push(yield* this.peek(key, rule, now));
    if (states.some((state) => state.remaining <= 0)) return { taken: false, refusedBy: "window", states };
    if (alongside) {
      // The daily counter beside database windows is in the database too (src/app/core.ts).
      if (!alongside.steps) throw new Error("the database window store takes database counters only");
      if (!(yield* alongside.steps())) return { taken: false, refusedBy: "alongside", states };
    }
    for (const { key, rule } of windows) yield* sqlStep.run(ADD, [key, now, now + rule.windowSeconds]);
    if (now - this.lastPrune >= PRUNE_EVERY_SECONDS) {
      this.lastPrune = now;
      yield* sqlStep.run(PRUNE, [now]);
    }
    return { taken: true, states };
  }

  private *give(windows: readonly WindowRequest[]): Steps<void> {
    yield* lockSteps(
      this.sql.engine,
      windows.map(({ key }) => `window:${key}`),
    );
    for (const { key } of windows) {
      const newest = yield* sqlStep.get<{ second: number; units: number }>(NEWEST, [key]);
      if (!newest) continue;
      if (newest.units > 1) yield* sqlStep.run(DECREMENT, [key, newest.second]);
      else yield* sqlStep.run(REMOVE, [key, newest.second]);
    }
  }

  private *peek(key: string, rule: WindowRule, now: number): Steps<WindowState> {
    const rows = yield* sqlStep.all<{ second: number; units: number }>(READ, [key, now - rule.windowSeconds]);
    return stateFromLog(
      rows.map((row) => row.second),
      rows.map((row) => row.units),
      rule,
      now,
    );
  }
}
