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
  /**
   * A short check-then-write transaction whose statements are yielded (`const row = yield* sqlStep.get(…)`),
   * so each engine decides how to wait for them: SQLite runs the whole body in one synchronous step between
   * BEGIN IMMEDIATE and COMMIT — nothing else in this process runs while it holds the file's write lock, which
   * the other processes on the file wait for — and PostgreSQL awaits each statement. Inside a transaction
   * it joins it.
   */
  atomic<T>(body: Steps<T>): Promise<T>;
}

/** One statement of an atomic body. */
export interface SqlStep {
  op: "all" | "get" | "run";
  sql: string;
  params: readonly SqlValue[];
}

/** A body of statements (see SqlClient.atomic): yields each statement, receives its result. */
export type Steps<T> = Generator<SqlStep, T, unknown>;

/** The statements of an atomic body, typed: `const rows = yield* sqlStep.all<Row>(sql, params)`. */
export const sqlStep = {
  *all<T>(sql: string, params: readonly SqlValue[] = []): Steps<T[]> {
    return (yield { op: "all", sql, params }) as T[];
  },
  *get<T>(sql: string, params: readonly SqlValue[] = []): Steps<T | undefined> {
    return (yield { op: "get", sql, params }) as T | undefined;
  },
  *run(sql: string, params: readonly SqlValue[] = []): Steps<{ changes: number }> {
    return (yield { op: "run", sql, params }) as { changes: number };
  },
};

/** Runs `body`, each statement through `exec` as soon as it is yielded (a synchronous engine: no waits). */
export function runSteps<T>(body: Steps<T>, exec: (step: SqlStep) => unknown): T {
  let next = body.next();
  while (!next.done) next = body.next(exec(next.value));
  return next.value;
}

/** Runs `body` with `sql`'s calls, awaiting each statement (outside or inside one of its transactions). */
export async function runStepsOn<T>(body: Steps<T>, sql: Pick<SqlClient, "all" | "get" | "run">): Promise<T> {
  let next = body.next();
  while (!next.done) {
    const { op, sql: text, params } = next.value;
    next = body.next(
      op === "all"
        ? await sql.all(text, params)
        : op === "get"
          ? await sql.get(text, params)
          : await sql.run(text, params),
    );
  }
  return next.value;
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
