import type { Statement } from "better-sqlite3";
import type { Db } from "./connection.js";

const cache = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement cached per connection: compiling FTS and join queries costs more than running them. */
export function prepared(db: Db, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
