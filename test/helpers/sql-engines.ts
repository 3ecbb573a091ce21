import { rmSync } from "node:fs";
import type pg from "pg";
import { openDb } from "../../src/store/connection.js";
import { createPool } from "../../src/store/postgres/connection.js";
import { migratePostgres } from "../../src/store/postgres/migrate.js";
import { postgresClient } from "../../src/store/postgres/sql-client.js";
import type { SqlClient } from "../../src/store/sql-client.js";
import { sqliteClient } from "../../src/store/sqlite/sql-client.js";
import { tempDb } from "./db.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "./postgres.js";

/**
 * A fresh migrated database of one engine, reached through two independent SqlClients: `sql` and `twin`
 * stand for two processes (SQLite: two connections to one file; PostgreSQL: two pools on one database).
 */
export interface SqlDatabase {
  sql: SqlClient;
  twin: SqlClient;
  close(): Promise<void>;
}

export interface SqlEngine {
  name: "sqlite" | "postgres";
  open(): Promise<SqlDatabase>;
}

let server: TestPostgres | undefined;
let databases = 0;

const sqlite: SqlEngine = {
  name: "sqlite",
  async open() {
    const { db, file, dir } = tempDb();
    const other = openDb(file);
    return {
      sql: sqliteClient(db),
      twin: sqliteClient(other),
      close: async () => {
        other.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: SqlEngine = {
  name: "postgres",
  async open() {
    server ??= await startPostgres("crs_limits");
    databases += 1;
    const url = await server.createDatabase(`crs_sql_${process.pid}_${databases}`);
    const pools: pg.Pool[] = [createPool(url), createPool(url)];
    await migratePostgres(pools[0] as pg.Pool);
    return {
      sql: postgresClient(pools[0] as pg.Pool),
      twin: postgresClient(pools[1] as pg.Pool),
      close: async () => {
        for (const pool of pools) await pool.end();
      },
    };
  },
};

/** SQLite always; PostgreSQL when its binaries are installed (postgresAvailability says why not, and fails in CI). */
export function sqlEngines(): SqlEngine[] {
  return postgresAvailability().available ? [sqlite, postgres] : [sqlite];
}

/** Stops the PostgreSQL server the engines started (call in afterAll). */
export async function disposeSqlEngines(): Promise<void> {
  await server?.dispose();
  server = undefined;
}
