import type { Db } from "./connection.js";

/** True when the database holds neither corpus nor organisations (a first start). */
export function isEmptyDatabase(db: Db): boolean {
  const row = db
    .prepare("SELECT (SELECT count(*) FROM videos) + (SELECT count(*) FROM organisations) AS n")
    .get() as {
    n: number;
  };
  return row.n === 0;
}
