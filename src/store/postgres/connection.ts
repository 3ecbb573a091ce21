import pg from "pg";
import { logger } from "../../shared/log.js";
import { describePostgresError, PostgresConnectionError, parsePostgresUrl } from "./url.js";

/**
 * The PostgreSQL connection: a `pg.Pool` from a `postgres://` / `postgresql://` URL (url.ts).
 *
 * Column types as the store reads them: bigint (int8) comes back as a JS number (every stored integer is a
 * timestamp, a count or an id far below 2^53; a larger one is an error, never a silent string), double
 * precision as a number, bytea as a Buffer, text as a string.
 */

export interface PoolOptions {
  /** Connections at most (default 10). */
  max?: number;
  /** application_name the server shows in pg_stat_activity (default `crs`). */
  applicationName?: string;
  /** Milliseconds to wait for a connection before failing (default 10 000). */
  connectionTimeoutMillis?: number;
}

const INT8 = 20;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint value ${text} is beyond 2^53`);
  return value;
}

/** The type parsers of every store connection (see the module comment). */
export const storeTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 && format !== "binary"
      ? parseInt8
      : pg.types.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

/** A pool on the URL (checked first); idle-connection errors are logged without the password, never thrown. */
export function createPool(value: string, options: PoolOptions = {}): pg.Pool {
  parsePostgresUrl(value);
  const pool = new pg.Pool({
    connectionString: value,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "crs",
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    types: storeTypes,
  });
  pool.on("error", (error) => {
    logger.warn({ err: describePostgresError(error, value) }, "PostgreSQL connection lost");
  });
  return pool;
}

/** A pool that has answered one query: an unreachable server or a refused login fails here, in one line. */
export async function connectPool(value: string, options: PoolOptions = {}): Promise<pg.Pool> {
  const pool = createPool(value, options);
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new PostgresConnectionError(describePostgresError(error, value));
  }
  return pool;
}
