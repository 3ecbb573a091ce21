import { DAY } from "../shared/clock.js";
import type { SqlClient } from "../store/sql-client.js";
import { nextUtcDay, utcDay } from "./periods.js";

const KEEP_DAYS = 35;

/** Today's content calls for an organisation and when the count starts again (UTC midnight). */
export interface DailyStanding {
  day: string;
  used: number;
  max: number;
  resetAt: number;
}

const READ = "SELECT calls FROM limit_daily_content WHERE org_id = ? AND day = ?";
// The WHERE on the update makes check-and-take one statement: no row comes back when the day is full. It is
// exact under concurrency on both engines (PostgreSQL re-checks the WHERE on the row it waited for).
const INCREMENT = `INSERT INTO limit_daily_content(org_id, day, calls) VALUES (?, ?, 1)
  ON CONFLICT(org_id, day) DO UPDATE SET calls = limit_daily_content.calls + 1
  WHERE limit_daily_content.calls < ?
  RETURNING calls`;
const PRUNE = "DELETE FROM limit_daily_content WHERE day < ?";

/** The persisted per-organisation daily content counter (survives restarts; exact across processes). */
export class DailyContentCounter {
  private lastDay = "";

  constructor(private readonly sql: SqlClient) {}

  async standing(orgId: string, max: number, now: number): Promise<DailyStanding> {
    const day = utcDay(now);
    const row = await this.sql.get<{ calls: number }>(READ, [orgId, day]);
    return { day, used: row?.calls ?? 0, max, resetAt: nextUtcDay(now) };
  }

  /**
   * Takes one call if the day has room; returns the new standing, or undefined when full. `tx`: the open
   * transaction to count in (the database window store's), else the counter's own client.
   */
  async tryTake(
    orgId: string,
    max: number,
    now: number,
    tx: SqlClient = this.sql,
  ): Promise<DailyStanding | undefined> {
    if (max <= 0) return undefined;
    const day = utcDay(now);
    if (day !== this.lastDay) {
      // Once per day per process: keep a month of history for operators, drop older rows.
      this.lastDay = day;
      await tx.run(PRUNE, [utcDay(now - KEEP_DAYS * DAY)]);
    }
    const row = await tx.get<{ calls: number }>(INCREMENT, [orgId, day, max]);
    return row ? { day, used: row.calls, max, resetAt: nextUtcDay(now) } : undefined;
  }
}
