import { createHash } from "node:crypto";
import { once } from "node:events";
import type Database from "better-sqlite3";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const pgTypes = pg.types;

import { latestVersion as latestSqliteVersion } from "../sqlite/migrate.js";
import { creatorSearchVector, videoSearchVector } from "./search-vector.js";

/**
 * Copies an embedded deployment (one SQLite file) into a PostgreSQL database with the CRS schema, and
 * verifies the copy table by table. Used by `crs migrate` (src/cli/migrate.ts).
 *
 * The copy runs in ONE PostgreSQL transaction (all or nothing: a failure leaves the target as it was) and
 * reads ONE SQLite read transaction (a consistent snapshot, even if a server still writes the file), each
 * table with `COPY … FROM STDIN` (text format) streamed in chunks. `videos.search_vector` and
 * `engine_creators_search.search_vector` are computed from the copied text on the way (search-vector.ts).
 *
 * Verification, per table, on both sides: the row count and an MD5 over the rows in primary-key order (byte
 * order of text keys on both sides), each row rendered the same way by the same code (`canonicalRow`):
 * NULL → null, integers and doubles → "n" + the shortest decimal that reads back as the same number
 * (SQLite REAL and PostgreSQL double precision both give the JS number; bigint keeps every digit),
 * text → "s" + the text, BLOB / bytea → "b" + hex. A value that did not survive the copy unchanged changes
 * its table's checksum.
 */

type Kind = "text" | "int" | "float" | "bytea";

export interface TablePlan {
  /** The PostgreSQL table. */
  table: string;
  /** What to read on the SQLite side: a table name (default: `table`). */
  source?: string;
  /** Primary key columns: the verification order. */
  key: string[];
  /** A column computed from the copied row (not in SQLite, not verified: it is derived). */
  derived?: { column: string; compute: (row: Record<string, unknown>) => string };
}

/**
 * Every table of the embedded deployment, parents before children. FTS5 tables are not copied as such:
 * their PostgreSQL counterparts are the derived search_vector columns, plus the two readable ones below.
 */
export const TABLES: TablePlan[] = [
  { table: "meta", key: ["key"] },
  { table: "organisations", key: ["id"] },
  { table: "users", key: ["id"] },
  { table: "memberships", key: ["id"] },
  { table: "api_keys", key: ["id"] },
  { table: "key_events", key: ["id"] },
  { table: "oauth_clients", key: ["client_id"] },
  { table: "oauth_client_grants", key: ["client_id", "org_id"] },
  { table: "user_passwords", key: ["user_id"] },
  { table: "user_invites", key: ["token_digest"] },
  { table: "settings_sessions", key: ["token_digest"] },
  { table: "signin_failures", key: ["id"] },
  { table: "advertisers", key: ["id"] },
  { table: "advertiser_aliases", key: ["advertiser_id", "kind", "alias"] },
  { table: "creators", key: ["uid"] },
  { table: "creator_handles", key: ["uid", "handle"] },
  { table: "creator_accounts", key: ["uid"] },
  {
    table: "videos",
    key: ["seq"],
    derived: {
      column: "search_vector",
      compute: (row) =>
        videoSearchVector({
          caption: String(row.caption ?? ""),
          hook_text: (row.hook_text as string | null) ?? null,
          hashtags: String(row.hashtags ?? ""),
          transcript: (row.transcript as string | null) ?? null,
        }),
    },
  },
  { table: "video_stats", key: ["video_id", "observed_at"] },
  { table: "video_collections", key: ["collection", "video_id"] },
  { table: "labels", key: ["video_id", "label"] },
  { table: "hook_neighbors", key: ["seq"] },
  { table: "hook_keys", key: ["seq"] },
  { table: "hook_keys_stale", key: ["seq"] },
  { table: "trend_reports", key: ["id"] },
  { table: "trend_examples", key: ["report_id", "rank"] },
  { table: "engine_video_gains", key: ["video_id"] },
  { table: "engine_creator_stats", key: ["uid"] },
  { table: "engine_advertiser_stats", key: ["advertiser_id"] },
  {
    table: "engine_creators_search",
    source: "engine_creators_fts",
    key: ["uid"],
    derived: {
      column: "search_vector",
      compute: (row) =>
        creatorSearchVector({
          handle: String(row.handle ?? ""),
          former_handles: String(row.former_handles ?? ""),
          nickname: String(row.nickname ?? ""),
        }),
    },
  },
  { table: "engine_videos_vocab", key: ["term"] },
  { table: "engine_common_terms", key: ["term"] },
  { table: "engine_term_heads", key: ["term", "rank"] },
  { table: "search_compounds", key: ["part", "term"] },
  { table: "analyst_runs", key: ["id"] },
  { table: "usage_ledger", key: ["id"] },
  { table: "limit_daily_content", key: ["org_id", "day"] },
  { table: "limit_analyst_claims", key: ["run_id"] },
  { table: "limit_windows", key: ["key", "second"] },
];

/** SQLite tables whose content lives elsewhere in PostgreSQL (FTS5 indexes and their shadow tables). */
const NOT_COPIED = /^(videos_fts|engine_creators_fts_(data|idx|content|docsize|config)|sqlite_)/;

/** The progress label of the last step: creating the indexes and foreign keys dropped for the load. */
export const REBUILD = "indexes and foreign keys";

/** A refusal the operator can act on (bad source, schema mismatch, non-empty target, failed check). */
export class MigrateError extends Error {}

export interface Column {
  name: string;
  kind: Kind;
}

export type CopyProgress = (table: string, done: number, total: number) => void;

/** Per table copied, then one entry for the REBUILD step (rows = statements run). */
export interface CopyResult {
  table: string;
  rows: number;
  seconds: number;
}

export interface TableCheck {
  table: string;
  sqlite_rows: number;
  postgres_rows: number;
  sqlite_md5: string;
  postgres_md5: string;
  ok: boolean;
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Opens the source read-only and checks it is a CRS database at this build's schema version. */
export function checkSource(db: Database.Database, file: string): void {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter(
      Boolean,
    ),
  );
  if (!tables.has("videos") || !tables.has("organisations"))
    throw new MigrateError(`${file} is not a CRS database (no videos / organisations tables)`);
  const version = db.pragma("user_version", { simple: true }) as number;
  const latest = latestSqliteVersion();
  if (version !== latest)
    throw new MigrateError(
      version < latest
        ? `${file} is at schema version ${version}, this crs expects ${latest}: open it once with this version to upgrade it (e.g. \`crs orgs list --db ${file}\`), then migrate`
        : `${file} is at schema version ${version}, newer than this crs (${latest}): migrate with the crs that wrote it`,
    );
  const pending = db.prepare("SELECT value FROM meta WHERE key = 'bulk_deferred_indexes'").pluck().get() as
    | string
    | undefined;
  if (pending && pending !== "[]")
    throw new MigrateError(
      `${file} has indexes of an interrupted bulk import still to rebuild: open it once (e.g. \`crs orgs list --db ${file}\`), then migrate`,
    );
  const planned = new Set(TABLES.map((t) => t.source ?? t.table));
  planned.add("engine_creators_fts");
  const unknown = [...tables].filter((t) => !planned.has(t) && !NOT_COPIED.test(t));
  if (unknown.length > 0)
    throw new MigrateError(
      `${file} has tables this crs cannot copy to PostgreSQL (${unknown.join(", ")}): nothing was copied`,
    );
}

/** PostgreSQL columns of each planned table, with how their values are rendered. */
async function targetColumns(client: pg.ClientBase): Promise<Map<string, Map<string, Kind | "other">>> {
  const rows = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const out = new Map<string, Map<string, Kind | "other">>();
  for (const r of rows.rows) {
    const kind: Kind | "other" =
      r.data_type === "text" || r.data_type === "character varying"
        ? "text"
        : r.data_type === "bigint" || r.data_type === "integer" || r.data_type === "smallint"
          ? "int"
          : r.data_type === "double precision" || r.data_type === "real"
            ? "float"
            : r.data_type === "bytea"
              ? "bytea"
              : "other";
    let table = out.get(r.table_name);
    if (!table) {
      table = new Map();
      out.set(r.table_name, table);
    }
    table.set(r.column_name, kind);
  }
  return out;
}

/** The columns copied for each table: SQLite's, each of which PostgreSQL must have (else nothing is copied). */
export async function planColumns(
  db: Database.Database,
  client: pg.ClientBase,
): Promise<Map<string, Column[]>> {
  const target = await targetColumns(client);
  const plan = new Map<string, Column[]>();
  const problems: string[] = [];
  for (const t of TABLES) {
    const source = t.source ?? t.table;
    const pgColumns = target.get(t.table);
    if (!pgColumns) {
      problems.push(`PostgreSQL has no table ${t.table}`);
      continue;
    }
    const names = (db.prepare(`SELECT * FROM ${quote(source)} LIMIT 0`).columns() as { name: string }[]).map(
      (c) => c.name,
    );
    const columns: Column[] = [];
    for (const name of names) {
      const kind = pgColumns.get(name);
      if (!kind) problems.push(`PostgreSQL table ${t.table} has no column ${name}`);
      else if (kind === "other") problems.push(`PostgreSQL column ${t.table}.${name} has an unexpected type`);
      else columns.push({ name, kind });
    }
    plan.set(t.table, columns);
  }
  if (problems.length > 0)
    throw new MigrateError(`the PostgreSQL schema does not match the SQLite file: ${problems.join("; ")}`);
  return plan;
}

/** Tables of the plan that already hold rows in PostgreSQL, with a row count each (capped at 1). */
export async function nonEmptyTables(client: pg.ClientBase): Promise<string[]> {
  const selects = TABLES.map(
    (t) => `SELECT '${t.table}' AS t WHERE EXISTS (SELECT 1 FROM ${quote(t.table)})`,
  );
  const rows = await client.query<{ t: string }>(selects.join(" UNION ALL "));
  return rows.rows.map((r) => r.t);
}

// --- rendering -------------------------------------------------------------------------------------------

/**
 * Whether a table holds an integer JS numbers cannot carry exactly (beyond ±2^53): then it is read as
 * bigint (every digit kept), else as numbers (a bigint per integer value costs a third of the read).
 */
function needsBigInts(db: Database.Database, source: string, columns: readonly Column[]): boolean {
  const numeric = columns.filter((c) => c.kind === "int" || c.kind === "float");
  if (numeric.length === 0) return false;
  // Asked by the copy and again by the verification, inside one read transaction: the answer holds.
  let known = bigIntTables.get(db);
  if (!known) {
    known = new Map();
    bigIntTables.set(db, known);
  }
  const cached = known.get(source);
  if (cached !== undefined) return cached;
  const extremes = db
    .prepare(
      `SELECT ${numeric.map((c) => `max(${quote(c.name)}), min(${quote(c.name)})`).join(", ")} FROM ${quote(source)}`,
    )
    .raw(true)
    .safeIntegers(true)
    .get() as unknown[];
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  const answer = extremes.some((v) => typeof v === "bigint" && (v > limit || v < -limit));
  known.set(source, answer);
  return answer;
}
const bigIntTables = new WeakMap<Database.Database, Map<string, boolean>>();

function copyText(value: unknown, kind: Kind, table: string, column: string, row: number): string {
  if (value === null || value === undefined) return "\\N";
  if (kind === "bytea") {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(String(value), "utf8");
    return `\\\\x${bytes.toString("hex")}`;
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (Number.isFinite(value)) return String(value);
    return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  }
  const text = Buffer.isBuffer(value) ? value.toString("utf8") : String(value);
  if (text.includes("\u0000"))
    throw new MigrateError(
      `${table}.${column} (row ${row}) holds a NUL character, which PostgreSQL text cannot store`,
    );
  return escapeCopy(text);
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
function escapeCopy(text: string): string {
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c] ?? c) : text;
}

/** One value as the checksum sees it (module comment); the same function reads both sides. */
function canonical(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "bytea")
    return `b${(Buffer.isBuffer(value) ? value : Buffer.from(String(value), "utf8")).toString("hex")}`;
  if (kind === "text") return `s${Buffer.isBuffer(value) ? value.toString("utf8") : String(value)}`;
  // int / float: a JS number (SQLite REAL, PostgreSQL double or smallint), a bigint (SQLite INTEGER read
  // with safeIntegers) or a decimal string (PostgreSQL bigint): all render as their decimal digits.
  if (typeof value === "number")
    return Number.isFinite(value) ? `n${String(value)}` : `n${Number.isNaN(value) ? "NaN" : value}`;
  return `n${String(value)}`;
}

export function canonicalRow(values: readonly unknown[], columns: readonly Column[]): string {
  return JSON.stringify(values.map((v, i) => canonical(v, (columns[i] as Column).kind)));
}

// --- copy ------------------------------------------------------------------------------------------------

const CHUNK = 1 << 17; // 128 KiB of COPY text per write (at most)
const QUEUED = 1 << 21; // at most ~2 MiB waiting for the server

/** Which rows copyTable sends where (default: every row of the plan's source, into the plan's table). */
export interface CopyRows {
  /** The PostgreSQL table to COPY into (a staging table, say). */
  into?: string;
  /** A SELECT of the plan's columns, in plan order, over the SQLite side (and its parameters). */
  select?: { sql: string; params: readonly unknown[] };
}

/** Copies one table with COPY … FROM STDIN; returns the number of rows. */
export async function copyTable(
  db: Database.Database,
  client: pg.ClientBase,
  plan: TablePlan,
  columns: Column[],
  progress?: CopyProgress,
  what: CopyRows = {},
): Promise<number> {
  const source = plan.source ?? plan.table;
  const names = columns.map((c) => c.name);
  const select = what.select ?? {
    sql: `SELECT ${names.map(quote).join(", ")} FROM ${quote(source)}`,
    params: [],
  };
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM (${select.sql})`)
      .pluck()
      .get(...select.params),
  );
  const targetNames = plan.derived ? [...names, plan.derived.column] : names;
  const stream = client.query(
    copyFrom(`COPY ${quote(what.into ?? plan.table)} (${targetNames.map(quote).join(", ")}) FROM STDIN`),
  );
  const finished = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  // A COPY error (a constraint, a bad value) arrives asynchronously: stop feeding rows once it has.
  let failed: unknown;
  stream.on("error", (error) => {
    failed = error;
  });
  const statement = db
    .prepare(select.sql)
    .raw(true)
    .safeIntegers(needsBigInts(db, source, columns));
  // Rows are encoded straight into a chunk buffer (no per-row strings to concatenate and collect).
  let chunk = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  const put = (text: string) => {
    if (at + text.length * 3 > chunk.length) {
      if (text.length * 3 > CHUNK) {
        // A value larger than a chunk: send what is buffered, then the value on its own.
        if (at > 0) stream.write(chunk.subarray(0, at));
        stream.write(Buffer.from(text, "utf8"));
        chunk = Buffer.allocUnsafe(CHUNK);
        at = 0;
        return;
      }
      stream.write(chunk.subarray(0, at));
      chunk = Buffer.allocUnsafe(CHUNK);
      at = 0;
    }
    at += chunk.write(text, at, "utf8");
  };
  let rows = 0;
  const byName: Record<string, unknown> = {};
  try {
    for (const values of statement.iterate(...select.params) as IterableIterator<unknown[]>) {
      if (failed) break;
      for (let i = 0; i < values.length; i += 1) {
        const column = columns[i] as Column;
        put(copyText(values[i], column.kind, plan.table, column.name, rows + 1));
        put(i === values.length - 1 && !plan.derived ? "\n" : "\t");
      }
      if (plan.derived) {
        for (let i = 0; i < values.length; i += 1) byName[names[i] as string] = values[i];
        put(escapeCopy(plan.derived.compute(byName)));
        put("\n");
      }
      rows += 1;
      if ((rows & 255) === 0) {
        // Keep several chunks queued (not the stream's 16 KiB mark): the server parses one while the next is
        // rendered here. Waiting for every drain would leave one side idle while the other works.
        if (stream.writableLength > QUEUED)
          await Promise.race([once(stream, "drain"), finished.catch(() => undefined)]);
        progress?.(plan.table, rows, total);
      }
    }
  } catch (error) {
    stream.destroy(error as Error);
    await finished.catch(() => undefined);
    throw error;
  }
  if (!failed) {
    if (at > 0) stream.write(chunk.subarray(0, at));
    stream.end();
  }
  try {
    await finished;
  } catch (error) {
    throw new MigrateError(`copying ${plan.table} failed: ${(error as Error).message}`);
  }
  if (failed) throw new MigrateError(`copying ${plan.table} failed: ${(failed as Error).message}`);
  progress?.(plan.table, rows, total);
  return rows;
}

export interface CopyOptions {
  /** Empty the target's CRS tables first (else a non-empty target is refused). */
  force?: boolean;
  progress?: CopyProgress;
}

/**
 * Copies every planned table in one PostgreSQL transaction. The SQLite side must be inside a read
 * transaction the caller holds (so copy and verification see one snapshot).
 */
export async function copyAll(
  db: Database.Database,
  client: pg.ClientBase,
  options: CopyOptions = {},
): Promise<CopyResult[]> {
  const plan = await planColumns(db, client);
  const results: CopyResult[] = [];
  await client.query("BEGIN");
  try {
    const filled = await nonEmptyTables(client);
    if (filled.length > 0) {
      if (!options.force)
        throw new MigrateError(
          `the target database already holds data (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""}): crs migrate copies into an empty database; give --force to replace what is there`,
        );
      await client.query(`TRUNCATE ${TABLES.map((t) => quote(t.table)).join(", ")} RESTART IDENTITY CASCADE`);
    }
    // As pg_restore does: secondary indexes and foreign keys go for the load and come back after it (one
    // sort per index and one join per foreign key instead of per-row updates and checks; in the same
    // transaction, so nobody sees the tables without them).
    const restore = await dropForLoad(client);
    for (const table of TABLES) {
      const started = process.hrtime.bigint();
      const rows = await copyTable(db, client, table, plan.get(table.table) ?? [], options.progress);
      results.push({ table: table.table, rows, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    }
    const rebuildStarted = process.hrtime.bigint();
    options.progress?.(REBUILD, 0, restore.length);
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const [i, statement] of restore.entries()) {
      await client.query(statement);
      options.progress?.(REBUILD, i + 1, restore.length);
    }
    results.push({
      table: REBUILD,
      rows: restore.length,
      seconds: Number(process.hrtime.bigint() - rebuildStarted) / 1e9,
    });
    // Identity columns continue after the highest copied id.
    const identities = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND is_identity = 'YES'`,
    );
    for (const { table_name, column_name } of identities.rows) {
      if (!TABLES.some((t) => t.table === table_name)) continue;
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(column_name)}) FROM ${quote(table_name)}), 0) + 1, false)`,
        [table_name, column_name],
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
  await client.query("ANALYZE");
  return results;
}

/**
 * Drops the secondary indexes (those behind no constraint) and the foreign keys of every planned table;
 * returns the statements that create them again, indexes first.
 */
async function dropForLoad(client: pg.ClientBase): Promise<string[]> {
  const tables = TABLES.map((t) => t.table);
  const foreignKeys = await client.query<{ tbl: string; conname: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
     WHERE c.contype = 'f' AND r.relnamespace = current_schema()::regnamespace AND r.relname = ANY($1)
     ORDER BY c.conrelid::regclass::text, c.conname`,
    [tables],
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class r ON r.oid = i.indrelid
     WHERE r.relnamespace = current_schema()::regnamespace AND r.relname = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
     ORDER BY 1`,
    [tables],
  );
  for (const fk of foreignKeys.rows)
    await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quote(fk.conname)}`);
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
  return [
    ...indexes.rows.map((i) => i.def),
    ...foreignKeys.rows.map((fk) => `ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quote(fk.conname)} ${fk.def}`),
  ];
}

// --- verification ----------------------------------------------------------------------------------------

const FETCH = 5000;

/** bigint as its decimal text (every digit, whatever its size); other types as pg parses them. */
export const RAW_INT8: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (text: string) => text
      : pgTypes.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

function sqliteChecksum(
  db: Database.Database,
  plan: TablePlan,
  columns: Column[],
): { rows: number; md5: string } {
  const source = plan.source ?? plan.table;
  const hash = createHash("md5");
  let rows = 0;
  const statement = db
    .prepare(
      `SELECT ${columns.map((c) => quote(c.name)).join(", ")} FROM ${quote(source)} ORDER BY ${plan.key
        .map((k) => `${quote(k)} COLLATE BINARY`)
        .join(", ")}`,
    )
    .raw(true)
    .safeIntegers(needsBigInts(db, source, columns));
  for (const values of statement.iterate() as IterableIterator<unknown[]>) {
    hash.update(canonicalRow(values, columns));
    hash.update("\n");
    rows += 1;
  }
  return { rows, md5: hash.digest("hex") };
}

async function postgresChecksum(
  client: pg.ClientBase,
  plan: TablePlan,
  columns: Column[],
): Promise<{ rows: number; md5: string }> {
  const hash = createHash("md5");
  let rows = 0;
  await client.query("BEGIN READ ONLY");
  try {
    // Doubles as round-trip decimals on every version (the default from PostgreSQL 12; 17 digits before).
    await client.query("SET LOCAL extra_float_digits = 3");
    await client.query(
      `DECLARE crs_verify NO SCROLL CURSOR FOR SELECT ${columns.map((c) => quote(c.name)).join(", ")} FROM ${quote(
        plan.table,
      )} ORDER BY ${plan.key.map((k) => quote(k)).join(", ")}`,
    );
    for (;;) {
      const batch = await client.query({
        text: `FETCH ${FETCH} FROM crs_verify`,
        rowMode: "array",
        types: RAW_INT8,
      });
      for (const values of batch.rows as unknown[][]) {
        hash.update(canonicalRow(values, columns));
        hash.update("\n");
        rows += 1;
      }
      if (batch.rows.length < FETCH) break;
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
  return { rows, md5: hash.digest("hex") };
}

/**
 * The copy `crs init` into PostgreSQL makes (and the tests that seed PostgreSQL): copyAll, then verifyAll,
 * inside one read transaction on the SQLite side so the copy and its check see one snapshot. Throws
 * MigrateError naming the tables whose counts or checksums differ.
 */
export async function copyVerified(
  db: Database.Database,
  client: pg.ClientBase,
  options: CopyOptions = {},
): Promise<CopyResult[]> {
  db.exec("BEGIN");
  try {
    const copied = await copyAll(db, client, options);
    const failed = (await verifyAll(db, client)).filter((check) => !check.ok);
    if (failed.length > 0)
      throw new MigrateError(`copy verification failed for ${failed.map((c) => c.table).join(", ")}`);
    return copied;
  } finally {
    // Nothing was written on this side: ending the read transaction either way is the same.
    if (db.inTransaction) db.exec("ROLLBACK");
  }
}

/**
 * Counts and checksums every planned table on both sides. Text keys are ordered byte-wise on both (SQLite
 * BINARY; the PostgreSQL columns are COLLATE "C"), so equal tables give equal checksums.
 */
export async function verifyAll(
  db: Database.Database,
  client: pg.ClientBase,
  progress?: (table: string) => void,
): Promise<TableCheck[]> {
  const plan = await planColumns(db, client);
  const checks: TableCheck[] = [];
  for (const table of TABLES) {
    progress?.(table.table);
    const columns = plan.get(table.table) ?? [];
    const left = sqliteChecksum(db, table, columns);
    const right = await postgresChecksum(client, table, columns);
    checks.push({
      table: table.table,
      sqlite_rows: left.rows,
      postgres_rows: right.rows,
      sqlite_md5: left.md5,
      postgres_md5: right.md5,
      ok: left.rows === right.rows && left.md5 === right.md5,
    });
  }
  return checks;
}
