import type { SqlClient } from "./sql-client.js";

/** Rows that make a database more than empty: its corpus and its organisations. */
export const HELD_ROWS_SQL =
  "SELECT (SELECT count(*) FROM videos) + (SELECT count(*) FROM organisations) AS n";

/** True when the database holds neither corpus nor organisations (a first start). */
export async function isEmptyDatabase(sql: SqlClient): Promise<boolean> {
  const row = await sql.get<{ n: number }>(HELD_ROWS_SQL);
  return Number(row?.n ?? 0) === 0;
}
