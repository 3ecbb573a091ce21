import { DAY } from "../shared/clock.js";
import { type SqlClient, type Steps, sqlStep } from "../store/sql-client.js";
import { nextUtcDay, utcDay } from "./periods.js";
import { type Alongside, alongsideOn } from "./windows.js";

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

/**
 * The per-organisation daily content counter: in the database (below), or in Redis beside the request
 * windows (redis.ts). Its take runs as the window store's `alongside` step, so a call refused anywhere
 * counts nowhere.
 */
export interface DailyCounter {
  /** Where the counts live (`database`, `redis`). */
  readonly kind: string;
  standing(orgId: string, max: number, now: number): Promise<DailyStanding>;
  /** The check-and-take of one call as an alongside step; `taken` hears the new standing when it fits. */
  alongside(orgId: string, max: number, now: number, taken: (standing: DailyStanding) => void): Alongside;
}

/** The daily counter in the database (survives restarts; exact across processes and instances). */
export class DailyContentCounter implements DailyCounter {
  readonly kind = "database";

  private lastDay = "";

  constructor(private readonly sql: SqlClient) {}

  async standing(orgId: string, max: number, now: number): Promise<DailyStanding> {
    const day = utcDay(now);
    const row = await this.sql.get<{ calls: number }>(READ, [orgId, day]);
    return { day, used: row?.calls ?? 0, max, resetAt: nextUtcDay(now) };
  }

  alongside(orgId: string, max: number, now: number, taken: (standing: DailyStanding) => void): Alongside {
    const counter = this;
    return alongsideOn(this.sql, function* () {
      const standing = yield* counter.takeSteps(orgId, max, now);
      if (standing) taken(standing);
      return standing !== undefined;
    });
  }

  /** Takes one call if the day has room; returns the new standing, or undefined when full. */
  tryTake(orgId: string, max: number, now: number): Promise<DailyStanding | undefined> {
    return this.sql.atomic(this.takeSteps(orgId, max, now));
  }

  /** tryTake as statements, for a caller's atomic body (the database window store's take). */
  *takeSteps(orgId: string, max: number, now: number): Steps<DailyStanding | undefined> {
    if (max <= 0) return undefined;
    const day = utcDay(now);
    if (day !== this.lastDay) {
      // Once per day per process: keep a month of history for operators, drop older rows.
      this.lastDay = day;
      yield* sqlStep.run(PRUNE, [utcDay(now - KEEP_DAYS * DAY)]);
    }
    const row = yield* sqlStep.get<{ calls: number }>(INCREMENT, [orgId, day, max]);
    return row ? { day, used: row.calls, max, resetAt: nextUtcDay(now) } : undefined;
  }
}
