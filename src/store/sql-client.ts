/**
 * The engine-neutral way to reach the relational state that is plain rows and transactions — identity,
 * usage, counters, analyst runs — so one SQL text serves SQLite and PostgreSQL. (Search, feeds and the
 * corpus stay behind the `Store` repositories, where each engine has its own tricks.)
 *
 * SQL is written once in the subset both engines share: `?` positional parameters, `ON CONFLICT … DO`,
 * `RETURNING`, integers for booleans and epoch seconds, no engine functions for time. Where a statement
 * must differ, the caller branches on `engine`.
 */
export type SqlValue = string | number | null | Buffer;

export type SqlEngine = "sqlite" | "postgres";

export interface SqlClient {
  readonly engine: SqlEngine;
  /** Every row. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A write: how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /**
   * `fn`'s calls through `tx` form one transaction: committed when `fn` resolves, rolled back when it
   * throws. A transaction inside `fn` joins the outer one.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * `?` placeholders as PostgreSQL's `$1, $2, …`, leaving quoted literals, quoted identifiers and comments
 * alone. Throws on a `$n` already in the text (one style per statement).
 */
export function toNumberedParameters(sql: string): string {
  let out = "";
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      const end = closingQuote(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "?") {
      n += 1;
      out += `$${n}`;
      i += 1;
    } else if (c === "$" && /[0-9]/.test(sql[i + 1] ?? "")) {
      throw new Error("a statement uses ? placeholders only");
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The index just past the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}
