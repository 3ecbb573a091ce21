import type { Statement } from "better-sqlite3";
import type { SqlClient, SqlValue } from "../sql-client.js";
import type { Db } from "./db.js";

/**
 * SqlClient over one better-sqlite3 connection. Statements run synchronously (the promise is already
 * settled) and are prepared once per text. A transaction may await between its statements, so while one
 * is open every other call through this client waits for it to end: nothing from another request can
 * land inside it (or be rolled back with it).
 */
export function sqliteClient(db: Db): SqlClient {
  const statements = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  const direct = {
    all: <T>(sql: string, params: readonly SqlValue[] = []) => statement(sql).all(...params) as T[],
    get: <T>(sql: string, params: readonly SqlValue[] = []) => statement(sql).get(...params) as T | undefined,
    run: (sql: string, params: readonly SqlValue[] = []) => ({
      changes: statement(sql).run(...params).changes,
    }),
  };
  let open: Promise<void> | null = null;

  const inside: SqlClient = {
    engine: "sqlite",
    all: async (sql, params) => direct.all(sql, params),
    get: async (sql, params) => direct.get(sql, params),
    run: async (sql, params) => direct.run(sql, params),
    transaction: (fn) => fn(inside),
  };

  return {
    engine: "sqlite",
    all: async (sql, params) => {
      while (open) await open;
      return direct.all(sql, params);
    },
    get: async (sql, params) => {
      while (open) await open;
      return direct.get(sql, params);
    },
    run: async (sql, params) => {
      while (open) await open;
      return direct.run(sql, params);
    },
    async transaction(fn) {
      // Inline, so the check and the claim happen in one step (an awaited helper would let two waiters in).
      while (open) await open;
      let release = () => {};
      open = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await fn(inside);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      } finally {
        open = null;
        release();
      }
    },
  };
}
