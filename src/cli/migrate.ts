import { existsSync, statSync } from "node:fs";
import type pg from "pg";
import { connectPool } from "../store/postgres/connection.js";
import {
  checkSource,
  copyAll,
  MigrateError,
  REBUILD,
  type TableCheck,
  verifyAll,
} from "../store/postgres/from-sqlite.js";
import { latestPgVersion, migratePostgres } from "../store/postgres/migrate.js";
import {
  describePostgresError,
  describeUrl,
  isPostgresUrl,
  PostgresConnectionError,
  PostgresUrlError,
  parsePostgresUrl,
} from "../store/postgres/url.js";
import Database from "../store/sqlite/driver.js";
import { CliError, output, parseCommand } from "./common.js";

const USAGE = `usage: crs migrate --from FILE --to postgres://USER@HOST[:PORT]/DATABASE [--force] [--verify] [--json]
  Copies an embedded deployment (the SQLite FILE: corpus, identity, keys, analyst runs, usage, limit counters,
  settings) into a PostgreSQL database, then verifies every table (row count and checksum on both sides).
  --to      the target; its schema is created (numbered migrations). Give the password in PGPASSWORD (or
            ~/.pgpass) rather than in the URL, which other users of the machine can see in the process list.
  --force   replace what the target already holds (without it, a target with data is refused)
  --verify  copy nothing: only compare FILE with the target, table by table
The copy is one PostgreSQL transaction: a failure leaves the target as it was. Stop the service (or at least
its writes) first: rows written to FILE afterwards are not copied. Progress goes to stderr; stdout has the
per-table summary (--json: machine-readable).`;

/** `crs migrate --from FILE --to postgres://…`: copy an embedded deployment to PostgreSQL and verify it. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(
    args,
    {
      from: { type: "string" },
      to: { type: "string" },
      force: { type: "boolean", default: false },
      verify: { type: "boolean", default: false },
    },
    false,
  );
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new CliError(`unexpected argument '${positionals[0]}'\n${USAGE}`);
  const from = values.from;
  const to = values.to;
  if (typeof from !== "string" || from.trim() === "") throw new CliError(`missing --from FILE\n${USAGE}`);
  if (typeof to !== "string" || to.trim() === "") throw new CliError(`missing --to postgres://…\n${USAGE}`);
  if (!isPostgresUrl(to))
    throw new CliError(
      `--to must be a postgres:// or postgresql:// URL, got ${describeUrl(to).slice(0, 80)}`,
    );
  try {
    parsePostgresUrl(to);
  } catch (error) {
    if (error instanceof PostgresUrlError) throw new CliError(error.message);
    throw error;
  }
  if (!existsSync(from)) throw new CliError(`--from: ${from} does not exist`);
  if (!statSync(from).isFile()) throw new CliError(`--from: ${from} is not a file`);

  let db: Database;
  try {
    db = new Database(from, { readonly: true, fileMustExist: true });
    db.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch {
    throw new CliError(`--from: ${from} cannot be opened as a SQLite database`);
  }
  const target = describeUrl(to);
  let pool: pg.Pool | undefined;
  const started = Date.now();
  try {
    checkSource(db, from);
    pool = await connectPool(to, { max: 1, applicationName: "crs migrate" });
    if (!values.verify) {
      const schema = await migratePostgres(pool);
      if (schema.to > latestPgVersion())
        throw new MigrateError(
          `${target} has PostgreSQL schema version ${schema.to}, newer than this crs (${latestPgVersion()})`,
        );
      if (schema.applied.length > 0)
        process.stderr.write(`crs migrate: created the schema (migrations ${schema.applied.join(", ")})\n`);
    }
    if (values.verify) {
      const schema = await pool.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
      if (!schema.rows[0]?.present)
        throw new MigrateError(
          `${target} has no CRS schema: nothing to verify (run crs migrate without --verify to copy)`,
        );
    }
    const client = await pool.connect();
    try {
      // One read transaction: the copy and the verification see the same snapshot of FILE.
      db.exec("BEGIN");
      let copied: { table: string; rows: number; seconds: number }[] = [];
      if (!values.verify) {
        const tty = process.stderr.isTTY === true;
        let current = "";
        copied = await copyAll(db, client, {
          force: values.force,
          progress: (table, done, total) => {
            const what = table === REBUILD ? "creating indexes and foreign keys" : `copying ${table}`;
            if (tty) process.stderr.write(`\rcrs migrate: ${what} ${done}/${total}\x1b[K`);
            else if (table !== current)
              process.stderr.write(`crs migrate: ${what} (${total}${table === REBUILD ? "" : " rows"})\n`);
            current = table;
          },
        });
        if (tty) process.stderr.write("\n");
        const videos = copied.find((c) => c.table === "videos");
        if (videos && videos.rows > 0)
          process.stderr.write(
            `crs migrate: copied ${copied.reduce((n, c) => n + (c.table === REBUILD ? 0 : c.rows), 0)} rows; videos at ${Math.round(videos.rows / videos.seconds)} records/s\n`,
          );
      }
      process.stderr.write("crs migrate: verifying…\n");
      const checks = await verifyAll(db, client);
      db.exec("COMMIT");
      const failed = checks.filter((c) => !c.ok);
      const seconds = Number(((Date.now() - started) / 1000).toFixed(1));
      const summary = {
        from,
        to: target,
        ok: failed.length === 0,
        copied: !values.verify,
        seconds,
        tables: checks.map((c) => ({ ...c, copy_seconds: copied.find((x) => x.table === c.table)?.seconds })),
      };
      output(
        values.json,
        summary,
        humanSummary(checks, values.verify ? "verified" : "copied", from, target, seconds),
      );
      if (failed.length > 0)
        throw new CliError(
          `verification failed for ${failed.map((c) => `${c.table} (${describeMismatch(c)})`).join(", ")}`,
          1,
        );
      return 0;
    } finally {
      client.release();
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error instanceof MigrateError) throw new CliError(error.message, 1);
    if (error instanceof PostgresConnectionError) throw new CliError(error.message, 1);
    // A programming error keeps its stack (CRS_DEBUG); anything else failed talking to the server mid-way
    // (it went away, a permission, a timeout): one line, never the password.
    if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError)
      throw error;
    throw new CliError(describePostgresError(error, to), 1);
  } finally {
    if (db.inTransaction) db.exec("ROLLBACK");
    db.close();
    await pool?.end().catch(() => undefined);
  }
}

function describeMismatch(check: TableCheck): string {
  return check.sqlite_rows !== check.postgres_rows
    ? `${check.sqlite_rows} rows in SQLite, ${check.postgres_rows} in PostgreSQL`
    : "same row count, different content";
}

function humanSummary(checks: TableCheck[], verb: string, from: string, to: string, seconds: number): string {
  const width = Math.max(...checks.map((c) => c.table.length), 5);
  const lines = [
    `${"table".padEnd(width)}  ${"sqlite rows".padStart(11)}  ${"pg rows".padStart(11)}  ${"checksum (md5)".padEnd(32)}  check`,
    ...checks.map(
      (c) =>
        `${c.table.padEnd(width)}  ${String(c.sqlite_rows).padStart(11)}  ${String(c.postgres_rows).padStart(11)}  ${c.sqlite_md5}  ${
          c.ok ? "ok" : `MISMATCH (pg ${c.postgres_md5})`
        }`,
    ),
  ];
  const failed = checks.filter((c) => !c.ok).length;
  const rows = checks.reduce((n, c) => n + c.sqlite_rows, 0);
  lines.push(
    failed === 0
      ? `${verb} ${from} → ${to} in ${seconds}s: ${checks.length} tables, ${rows} rows, every count and checksum equal`
      : `${verb} ${from} → ${to}: ${failed} of ${checks.length} tables differ`,
  );
  return lines.join("\n");
}
