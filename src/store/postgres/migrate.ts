import type pg from "pg";
import { type PgMigration, pgMigrations } from "./migrations/index.js";

/** Any fixed number: the advisory lock that serialises migrations of one database across processes. */
const MIGRATION_LOCK = 0x6372_7301;

export interface PgMigrateResult {
  /** The version before (0 = a database without the CRS schema). */
  from: number;
  to: number;
  applied: number[];
}

/**
 * Applies the numbered migrations not yet in `schema_migrations`, each in its own transaction (a failed one
 * leaves the previous version intact). Several processes starting at once are serialised by a session
 * advisory lock held for the whole run; each reads the applied versions under it, so a migration runs once.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly PgMigration[] = pgMigrations,
): Promise<PgMigrateResult> {
  const client = await pool.connect();
  // Session-level: CREATE TABLE IF NOT EXISTS itself is not safe against a concurrent twin.
  await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const before = await appliedVersions(client);
    const from = before.size === 0 ? 0 : Math.max(...before);
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (before.has(migration.version)) continue;
      await client.query("BEGIN");
      try {
        const done = await client.query("SELECT 1 FROM schema_migrations WHERE version = $1", [
          migration.version,
        ]);
        if (done.rowCount === 0) {
          await client.query(migration.sql);
          await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          applied.push(migration.version);
        }
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw new Error(
          `PostgreSQL migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
        );
      }
    }
    const after = await appliedVersions(client);
    return { from, to: after.size === 0 ? 0 : Math.max(...after), applied };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

async function appliedVersions(client: pg.PoolClient): Promise<Set<number>> {
  const rows = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  return new Set(rows.rows.map((r) => Number(r.version)));
}

export const latestPgVersion = (): number => Math.max(...pgMigrations.map((m) => m.version));
