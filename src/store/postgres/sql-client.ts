import type pg from "pg";
import { runStepsOn, type SqlClient, type SqlValue, toNumberedParameters } from "../sql-client.js";

type Transaction = SqlClient["transaction"];

const numbered = new Map<string, string>();

/** The statement text with `$n` placeholders (converted once per text). */
function pgText(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    text = toNumberedParameters(sql);
    if (numbered.size < 2048) numbered.set(sql, text);
  }
  return text;
}

/** SqlClient over a pool: each call takes any connection; a transaction holds one until it ends. */
export function postgresClient(pool: pg.Pool): SqlClient {
  return clientOn(pool, async (fn) => {
    const connection = await pool.connect();
    const tx: SqlClient = clientOn(connection, (inner) => inner(tx));
    try {
      await connection.query("BEGIN");
      try {
        const result = await fn(tx);
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => {});
        throw error;
      }
    } finally {
      connection.release();
    }
  });
}

function clientOn(target: pg.Pool | pg.PoolClient, transaction: Transaction): SqlClient {
  const query = (sql: string, params: readonly SqlValue[] = []) =>
    target.query(pgText(sql), params as unknown[]);
  return {
    engine: "postgres",
    all: async <T>(sql: string, params?: readonly SqlValue[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: readonly SqlValue[]) =>
      (await query(sql, params)).rows[0] as T | undefined,
    run: async (sql, params) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),
    transaction,
    atomic: (body) => transaction((tx) => runStepsOn(body, tx)),
  };
}
