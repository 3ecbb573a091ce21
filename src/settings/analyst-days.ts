import { utcMonth } from "../limits/periods.js";
import { DAY } from "../shared/clock.js";
import type { SqlClient } from "../store/sql-client.js";

/** Accepted analyst requests (minus refunds) of an organisation on each UTC day of the month containing `now`. */
export interface AnalystDays {
  period: string;
  /** index 0 = the 1st; as many entries as the month has days. */
  counts: number[];
  /** How many days of the month have begun (the chart greys the rest). */
  daysSoFar: number;
}

export async function analystRequestsPerDay(
  sql: SqlClient,
  orgId: string,
  now: number,
): Promise<AnalystDays> {
  const date = new Date(now * 1000);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const period = utcMonth(now);
  // Integer division on both engines (epoch seconds are integers); SUM of a bigint is numeric on PostgreSQL.
  const rows = await sql.all<{ day: number; n: number }>(
    `SELECT CAST((at - ?) / ${DAY} AS INTEGER) AS day, CAST(SUM(delta) AS BIGINT) AS n FROM usage_ledger
     WHERE org_id = ? AND kind = 'analyst' AND period = ? GROUP BY 1`,
    [monthStart, orgId, period],
  );
  const counts = new Array<number>(days).fill(0);
  for (const row of rows) if (row.day >= 0 && row.day < days) counts[row.day] = Math.max(0, Number(row.n));
  return { period, counts, daysSoFar: Math.min(days, Math.floor((now - monthStart) / DAY) + 1) };
}
