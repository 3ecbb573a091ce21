import { utcMonth } from "../limits/periods.js";
import { DAY } from "../shared/clock.js";
import type { Db } from "../store/connection.js";

/** Accepted analyst requests (minus refunds) of an organisation on each UTC day of the month containing `now`. */
export interface AnalystDays {
  period: string;
  /** index 0 = the 1st; as many entries as the month has days. */
  counts: number[];
  /** How many days of the month have begun (the chart greys the rest). */
  daysSoFar: number;
}

export function analystRequestsPerDay(db: Db, orgId: string, now: number): AnalystDays {
  const date = new Date(now * 1000);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const period = utcMonth(now);
  const rows = db
    .prepare(
      `SELECT CAST((at - @start) / ${DAY} AS INTEGER) AS day, SUM(delta) AS n FROM usage_ledger
       WHERE org_id = @orgId AND kind = 'analyst' AND period = @period GROUP BY day`,
    )
    .all({ start: monthStart, orgId, period }) as { day: number; n: number }[];
  const counts = new Array<number>(days).fill(0);
  for (const row of rows) if (row.day >= 0 && row.day < days) counts[row.day] = Math.max(0, row.n);
  return { period, counts, daysSoFar: Math.min(days, Math.floor((now - monthStart) / DAY) + 1) };
}
