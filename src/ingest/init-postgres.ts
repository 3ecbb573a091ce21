import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isEmptyDatabase } from "../store/empty.js";
import { connectPool } from "../store/postgres/connection.js";
import { CORPUS_LOCK } from "../store/postgres/corpus-checkout.js";
import { copyVerified } from "../store/postgres/from-sqlite.js";
import { migratePostgres } from "../store/postgres/migrate.js";
import { postgresClient } from "../store/postgres/sql-client.js";
import { resolveSecret } from "../store/secret.js";
import { openDb } from "../store/sqlite/connection.js";
import { sqliteClient } from "../store/sqlite/sql-client.js";
import { type InitOptions, type InitResult, initDatabase } from "./init.js";

/** Any fixed number: the advisory lock that serialises `init` of one database across processes. */
const INIT_LOCK = 0x6372_7302;

/** The PostgreSQL database already holds a corpus or organisations (and `force` was not given). */
export class TargetNotEmptyError extends Error {}

/**
 * `crs init` into PostgreSQL: the embedded corpus is built exactly as for a file (generator, labels, scores,
 * neighbours, trends, identity) in a temporary SQLite file, then copied with COPY in one transaction and
 * verified table by table (the `crs migrate` path), so both engines start from identical data. `force`
 * replaces what the database holds.
 */
export async function initPostgres(
  url: string,
  opts: Omit<InitOptions, "secret"> & { secret?: string; force?: boolean; onCopy?: (table: string) => void },
): Promise<InitResult> {
  const pool = await connectPool(url, { max: 2, applicationName: "crs init" });
  const dir = mkdtempSync(join(tmpdir(), "crs-init-"));
  const client = await pool.connect();
  try {
    await migratePostgres(pool);
    // Instances started together on one empty database: the first builds and copies, the others wait here
    // and then find it initialised.
    await client.query("SELECT pg_advisory_lock($1)", [INIT_LOCK]);
    // And after any import or classify writing the corpus (init --force replaces it).
    await client.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
    if (!(await isEmptyDatabase(postgresClient(pool))) && !opts.force)
      throw new TargetNotEmptyError("the database already holds a corpus or organisations");
    const db = openDb(join(dir, "init.sqlite"));
    try {
      // The pepper: the configured one, else one generated in the file, which the copy carries along.
      const secret = await resolveSecret(sqliteClient(db), { secret: opts.secret });
      const result = await initDatabase(db, { ...opts, secret });
      await copyVerified(db, client, {
        force: opts.force,
        progress: (table, done) => {
          if (done === 0) opts.onCopy?.(table);
        },
      });
      return result;
    } finally {
      db.close();
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock_all()").catch(() => undefined);
    client.release();
    rmSync(dir, { recursive: true, force: true });
    await pool.end().catch(() => undefined);
  }
}
