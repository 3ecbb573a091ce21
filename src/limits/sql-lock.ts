import { createHash } from "node:crypto";
import { type SqlClient, type SqlEngine, type Steps, sqlStep } from "../store/sql-client.js";

/**
 * How the limits (and the analyst's acceptance) stay exact when several processes share one database:
 * a check-then-take runs in one transaction that first serialises on the names it counts under.
 * - SQLite: the SqlClient's transaction is BEGIN IMMEDIATE, so it already holds the file's write lock
 *   (every process on the file waits for it): nothing more to do.
 * - PostgreSQL: a transaction-scoped advisory lock per name (`pg_advisory_xact_lock`), taken in one global
 *   order (by the lock number) so two callers never deadlock, and released at COMMIT/ROLLBACK. Row locks
 *   (`FOR UPDATE`) cannot guard a window or a budget that has no row yet, and SERIALIZABLE would need a
 *   retry loop around every admission; the named lock makes the checks under READ COMMITTED (each statement
 *   sees what committed before it) exact, while callers on other names run in parallel. Two names whose
 *   64-bit numbers collide only wait for each other.
 * Must be called through the transaction's client (`tx`), before the reads it protects.
 */
export async function lockNames(tx: SqlClient, names: readonly string[]): Promise<void> {
  await tx.atomic(lockSteps(tx.engine, names));
}

/** lockNames as statements of an atomic body (SqlClient.atomic) on `engine`. */
export function* lockSteps(engine: SqlEngine, names: readonly string[]): Steps<void> {
  if (engine !== "postgres") return;
  const numbers = [...new Set(names.map(lockNumber))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const n of numbers)
    yield* sqlStep.get("SELECT pg_advisory_xact_lock(CAST(? AS BIGINT))", [n.toString()]);
}

/** A name's advisory-lock number: the first 8 bytes of its SHA-256 as a signed 64-bit integer. */
function lockNumber(name: string): bigint {
  return createHash("sha256").update(`crs:${name}`).digest().readBigInt64BE(0);
}
