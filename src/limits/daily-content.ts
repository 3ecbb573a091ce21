import { DAY } from "../shared/clock.js";
import type { Db } from "../store/connection.js";
import { nextUtcDay, utcDay } from "./periods.js";

const KEEP_DAYS = 35;

/** Today's content calls for an organisation and when the count starts again (UTC midnight). */
export interface DailyStanding {
  day: string;
  used: number;
  max: number;
  resetAt: number;
}

/** The persisted per-organisation daily content counter (survives restarts; exact across processes). */
export class DailyContentCounter {
  private readonly read;
  private readonly increment;
  private readonly prune;
  private lastDay = "";

  constructor(db: Db) {
    this.read = db.prepare<[string, string], { calls: number }>(
      "SELECT calls FROM limit_daily_content WHERE org_id = ? AND day = ?",
    );
    // The WHERE on the update makes check-and-take one statement: no row comes back when the day is full.
    this.increment = db.prepare<[string, string, number], { calls: number }>(
      `INSERT INTO limit_daily_content(org_id, day, calls) VALUES (?, ?, 1)
       ON CONFLICT(org_id, day) DO UPDATE SET calls = calls + 1 WHERE calls < ?
       RETURNING calls`,
    );
    this.prune = db.prepare<[string]>("DELETE FROM limit_daily_content WHERE day < ?");
  }

  standing(orgId: string, max: number, now: number): DailyStanding {
    const day = utcDay(now);
    return { day, used: this.read.get(orgId, day)?.calls ?? 0, max, resetAt: nextUtcDay(now) };
  }

  /** Takes one call if the day has room; returns the new standing, or undefined when full. */
  tryTake(orgId: string, max: number, now: number): DailyStanding | undefined {
    if (max <= 0) return undefined;
    const day = utcDay(now);
    if (day !== this.lastDay) {
      // Once per day per process: keep a month of history for operators, drop older rows.
      this.lastDay = day;
      this.prune.run(utcDay(now - KEEP_DAYS * DAY));
    }
    const row = this.increment.get(orgId, day, max);
    return row ? { day, used: row.calls, max, resetAt: nextUtcDay(now) } : undefined;
  }
}
