import type Database from "better-sqlite3";
import type pg from "pg";
import { beginBulkLoad } from "../sqlite/bulk.js";
import {
  type Column,
  copyTable,
  MigrateError,
  planColumns,
  quote,
  RAW_INT8,
  TABLES,
  type TablePlan,
} from "./from-sqlite.js";

/**
 * How the corpus is written when the deployment runs on PostgreSQL (`crs import`, `crs classify`): the
 * ingest pipeline (importers, classifiers, scores, hook neighbours, trends) is SQLite code, so the corpus is
 * checked out into a temporary SQLite file, the pipeline runs there unchanged, and what it changed is
 * written back in ONE PostgreSQL transaction (servers keep reading the old corpus until it commits).
 *
 * - checkoutCorpus copies the corpus tables (not identity, usage, limits or analyst runs, which servers keep
 *   writing meanwhile, nor the server secret) from one REPEATABLE READ snapshot, rebuilds the SQLite search
 *   indexes from the copied text, then installs triggers that log the key of every row the pipeline inserts,
 *   updates or deletes (`crs_sync_changes`).
 * - syncCorpus deletes the logged rows that are gone (children first), upserts the logged rows that exist
 *   (parents first, through a staging table and `INSERT … ON CONFLICT DO UPDATE`), replaces the two tables
 *   whose SQLite side is an FTS5 index (no row triggers there), and checks each touched table's row count on
 *   both sides before committing.
 * The caller serialises corpus writers (CORPUS_LOCK) from checkout to sync, so the PostgreSQL corpus cannot
 * change in between and the changes logged are exactly the difference.
 */

/** Any fixed number: the advisory lock that serialises corpus writers (import, classify, trends) across processes. */
export const CORPUS_LOCK = 0x6372_7303;

const CORPUS = new Set([
  "meta",
  "advertisers",
  "advertiser_aliases",
  "creators",
  "creator_handles",
  "creator_accounts",
  "videos",
  "video_stats",
  "video_collections",
  "labels",
  "hook_neighbors",
  "hook_keys",
  "hook_keys_stale",
  "trend_reports",
  "trend_examples",
  "engine_video_gains",
  "engine_creator_stats",
  "engine_advertiser_stats",
  "engine_creators_search",
  "engine_videos_vocab",
  "engine_common_terms",
  "engine_term_heads",
  "search_compounds",
]);

/** The corpus tables, parents before children (the migration order). */
export const CORPUS_TABLES: TablePlan[] = TABLES.filter((t) => CORPUS.has(t.table));

/**
 * Tables whose SQLite side is an FTS5 index (engine_creators_fts) or derived from one (the fts5vocab
 * table): no triggers can log their rows, so after any change they are replaced whole. Not checked out:
 * SQLite derives them (the vocabulary from videos_fts; the creator index is rebuilt from creators).
 */
const REPLACED_WHOLE = new Set(["engine_creators_search", "engine_videos_vocab"]);

/** meta keys that never leave PostgreSQL: the server secret (the temporary file is on local disk). */
const SECRET_KEY = "server_secret";
const KEPT_OUT = `key <> '${SECRET_KEY}'`;

const CHANGES = "crs_sync_changes";
const FETCH = 5000;

/** Rows copied into the staging file, per table. */
export interface CheckoutResult {
  table: string;
  rows: number;
}

export interface SyncResult {
  table: string;
  /** Rows written (upserted, or copied whole). */
  upserted: number;
  deleted: number;
}

export interface Checkout {
  tables: CheckoutResult[];
  /** The corpus version the copy holds (`corpus_version`, PostgreSQL migration 002). */
  version: string;
}

export interface Sync {
  tables: SyncResult[];
  /**
   * The corpus version once the write-back committed, when PostgreSQL then holds exactly what the staging
   * file holds; null when someone else wrote the corpus between checkout and write-back.
   */
  version: string | null;
}

const VERSION_SQL = "SELECT token FROM corpus_version WHERE id = 1";

/** The corpus version now: it changes with every statement that writes a corpus table. */
export async function corpusVersion(client: pg.ClientBase, forUpdate = false): Promise<string> {
  const row = await client.query<{ token: string }>(`${VERSION_SQL}${forUpdate ? " FOR UPDATE" : ""}`);
  const token = row.rows[0]?.token;
  if (token === undefined)
    throw new MigrateError("the corpus_version row is missing (PostgreSQL migration 002)");
  return token;
}

const keyExpr = (plan: TablePlan, row: "NEW" | "OLD") =>
  `json_array(${plan.key.map((k) => `${row}.${quote(k)}`).join(", ")})`;

/** The SQLite table the pipeline writes for a plan (its FTS5 source for engine_creators_search). */
const sqliteTable = (plan: TablePlan) => plan.source ?? plan.table;

/** An int8 read as text (RAW_INT8) as SQLite binds it: a number when exact, else a bigint. */
function sqliteValue(value: unknown, column: Column): unknown {
  if (column.kind === "int" && typeof value === "string") {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : BigInt(value);
  }
  return value;
}

/**
 * Copies the corpus of PostgreSQL (`client`, outside a transaction) into the freshly migrated, empty SQLite
 * `db`, rebuilds its search indexes and installs the change log. Returns the rows copied per table.
 */
export async function checkoutCorpus(
  db: Database.Database,
  client: pg.ClientBase,
  progress?: (table: string) => void,
): Promise<Checkout> {
  const plan = await planColumns(db, client);
  const results: CheckoutResult[] = [];
  db.exec("DELETE FROM meta"); // what migrations seed: the staging copy holds PostgreSQL's meta only
  // A throwaway file filled from a consistent snapshot, parents first: no fsync, no foreign-key checks, and
  // the videos indexes built once at the end (beginBulkLoad): 1M videos checked out in 107 s instead of ~124.
  const endBulk = beginBulkLoad(db, { unsafe: true, deferIndexes: true, parentsWrittenFirst: true });
  let bulk = true;
  let version = "";
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  db.exec("BEGIN");
  try {
    // Doubles as round-trip decimals on every version (the default from PostgreSQL 12; 17 digits before).
    await client.query("SET LOCAL extra_float_digits = 3");
    version = await corpusVersion(client);
    for (const table of CORPUS_TABLES) {
      if (REPLACED_WHOLE.has(table.table)) continue;
      progress?.(table.table);
      const columns = plan.get(table.table) ?? [];
      const names = columns.map((c) => quote(c.name)).join(", ");
      const insert = db.prepare(
        `INSERT OR REPLACE INTO ${quote(table.table)} (${names}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      await client.query(
        `DECLARE crs_checkout NO SCROLL CURSOR FOR SELECT ${names} FROM ${quote(table.table)}${
          table.table === "meta" ? ` WHERE ${KEPT_OUT}` : ""
        }`,
      );
      let rows = 0;
      for (;;) {
        const batch = await client.query({
          text: `FETCH ${FETCH} FROM crs_checkout`,
          rowMode: "array",
          types: RAW_INT8,
        });
        for (const values of batch.rows as unknown[][]) {
          insert.run(...values.map((v, i) => sqliteValue(v, columns[i] as Column)));
        }
        rows += batch.rows.length;
        if (batch.rows.length < FETCH) break;
      }
      await client.query("CLOSE crs_checkout");
      results.push({ table: table.table, rows });
    }
    await client.query("COMMIT");
    db.exec("COMMIT");
    progress?.("search indexes");
    bulk = false;
    endBulk();
    db.exec("BEGIN");
    // As migration 013 and CorpusWriter index a video: folded text, rowid = seq.
    db.exec(`INSERT INTO videos_fts (rowid, caption, hook, transcript, hashtags)
      SELECT seq, crs_fold(caption), crs_fold(coalesce(hook_text, '')), crs_fold(coalesce(transcript, '')),
        crs_fold(hashtags) FROM videos`);
    db.exec(`INSERT INTO engine_creators_fts (uid, handle, former_handles, nickname)
      SELECT c.uid, c.handle,
        coalesce((SELECT group_concat(h.handle, ' ') FROM creator_handles h WHERE h.uid = c.uid AND h.handle <> c.handle), ''),
        c.nickname
      FROM creators c`);
    installChangeLog(db);
    db.exec("COMMIT");
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    if (bulk) endBulk();
  }
  return { tables: results, version };
}

/** A staging file kept from an earlier run starts again: nothing changed yet. */
export function resetChangeLog(db: Database.Database): void {
  db.exec(`DELETE FROM ${CHANGES}`);
}

function installChangeLog(db: Database.Database): void {
  db.exec(`CREATE TABLE ${CHANGES} (tbl TEXT NOT NULL, k TEXT NOT NULL, PRIMARY KEY (tbl, k)) WITHOUT ROWID`);
  for (const table of CORPUS_TABLES) {
    if (REPLACED_WHOLE.has(table.table)) continue;
    const name = quote(table.table);
    // Not OR IGNORE: a statement's own conflict policy (INSERT OR FAIL, say) overrides a trigger's.
    const log = (row: "NEW" | "OLD") =>
      `INSERT INTO ${CHANGES} (tbl, k) SELECT '${table.table}', ${keyExpr(table, row)}
        WHERE NOT EXISTS (SELECT 1 FROM ${CHANGES} WHERE tbl = '${table.table}' AND k = ${keyExpr(table, row)});`;
    db.exec(`
      CREATE TRIGGER "crs_sync_${table.table}_i" AFTER INSERT ON ${name} BEGIN ${log("NEW")} END;
      CREATE TRIGGER "crs_sync_${table.table}_u" AFTER UPDATE ON ${name} BEGIN ${log("OLD")} ${log("NEW")} END;
      CREATE TRIGGER "crs_sync_${table.table}_d" AFTER DELETE ON ${name} BEGIN ${log("OLD")} END;`);
  }
}

/** A logged key (`c.k`, a JSON array) matching a row of the table (`t`). */
const loggedKeyIs = (plan: TablePlan) =>
  plan.key.map((k, i) => `t.${quote(k)} = json_extract(c.k, '$[${i}]')`).join(" AND ");

/** The logged keys of `table` joined to its current rows (those that still exist), in plan column order. */
function changedRowsSql(plan: TablePlan, columns: readonly Column[]): string {
  const on = loggedKeyIs(plan);
  return `SELECT ${columns.map((c) => `t.${quote(c.name)}`).join(", ")} FROM ${CHANGES} c
    JOIN ${quote(plan.table)} t ON ${on} WHERE c.tbl = ?`;
}

/** The logged keys of `table` whose row no longer exists, as arrays (one value per key column). */
function goneKeys(db: Database.Database, plan: TablePlan): unknown[][] {
  const on = loggedKeyIs(plan);
  return db
    .prepare(
      `SELECT c.k FROM ${CHANGES} c WHERE c.tbl = ? AND NOT EXISTS (SELECT 1 FROM ${quote(plan.table)} t WHERE ${on})`,
    )
    .pluck()
    .all(plan.table)
    .map((k) => JSON.parse(k as string) as unknown[])
    .filter((k) => plan.table !== "meta" || k[0] !== SECRET_KEY);
}

const pgArrayType = (column: Column | undefined) => (column?.kind === "int" ? "bigint[]" : "text[]");

/**
 * Writes what the pipeline changed in the checked-out `db` back to PostgreSQL in one transaction (see the
 * module comment). `client` must be outside a transaction. Returns one entry per table written.
 */
export async function syncCorpus(
  db: Database.Database,
  client: pg.ClientBase,
  checkedOut: string,
  progress?: (table: string) => void,
): Promise<Sync> {
  const plan = await planColumns(db, client);
  const changed = new Set(db.prepare(`SELECT DISTINCT tbl FROM ${CHANGES}`).pluck().all() as string[]);
  if (changed.size === 0)
    return { tables: [], version: (await corpusVersion(client)) === checkedOut ? checkedOut : null };
  const results = new Map<string, SyncResult>();
  const result = (table: string) => {
    let r = results.get(table);
    if (!r) {
      r = { table, upserted: 0, deleted: 0 };
      results.set(table, r);
    }
    return r;
  };
  db.exec("BEGIN"); // one read snapshot of the staging file for the whole write-back
  await client.query("BEGIN");
  let version: string | null = null;
  try {
    // The row lock holds every other corpus writer (their statement trigger) until this commits, so the
    // version read before COMMIT is the one the commit leaves — if nobody wrote since the checkout.
    const untouched = (await corpusVersion(client, true)) === checkedOut;
    // Deletes first, children before parents: a parent goes only when its children went with it, and a
    // key freed here may be taken again by an upsert below (videos.id is unique besides the seq).
    for (const table of [...CORPUS_TABLES].reverse()) {
      if (REPLACED_WHOLE.has(table.table) || !changed.has(table.table)) continue;
      const gone = goneKeys(db, table);
      if (gone.length === 0) continue;
      const columns = plan.get(table.table) ?? [];
      const byName = new Map(columns.map((c) => [c.name, c]));
      for (let at = 0; at < gone.length; at += FETCH) {
        const slice = gone.slice(at, at + FETCH);
        const arrays = table.key.map((_, i) => slice.map((k) => (k[i] === null ? null : String(k[i]))));
        const unnest = table.key.map((k, i) => `$${i + 1}::${pgArrayType(byName.get(k))}`).join(", ");
        const match = table.key.map((k) => `t.${quote(k)} = g.${quote(k)}`).join(" AND ");
        const deleted = await client.query(
          `DELETE FROM ${quote(table.table)} t USING unnest(${unnest}) AS g(${table.key.map(quote).join(", ")})
           WHERE ${match}`,
          arrays,
        );
        result(table.table).deleted += deleted.rowCount ?? 0;
      }
    }
    for (const table of CORPUS_TABLES) {
      const columns = plan.get(table.table) ?? [];
      if (REPLACED_WHOLE.has(table.table)) {
        progress?.(table.table);
        await client.query(`DELETE FROM ${quote(table.table)}`);
        result(table.table).upserted += await copyTable(db, client, table, columns);
        continue;
      }
      if (!changed.has(table.table)) continue;
      progress?.(table.table);
      const stage = `crs_stage_${table.table}`;
      await client.query(
        `CREATE TEMP TABLE ${quote(stage)} (LIKE ${quote(table.table)} INCLUDING DEFAULTS) ON COMMIT DROP`,
      );
      const select = changedRowsSql(table, columns);
      const copied = await copyTable(db, client, table, columns, undefined, {
        into: stage,
        select: {
          sql: table.table === "meta" ? `${select} AND t.${KEPT_OUT}` : select,
          params: [table.table],
        },
      });
      if (copied === 0) continue;
      const names = [...columns.map((c) => c.name), ...(table.derived ? [table.derived.column] : [])];
      const updates = names.filter((n) => !table.key.includes(n));
      await client.query(
        `INSERT INTO ${quote(table.table)} (${names.map(quote).join(", ")})
         SELECT ${names.map(quote).join(", ")} FROM ${quote(stage)}
         ON CONFLICT (${table.key.map(quote).join(", ")}) DO ${
           updates.length === 0
             ? "NOTHING"
             : `UPDATE SET ${updates.map((n) => `${quote(n)} = EXCLUDED.${quote(n)}`).join(", ")}`
         }`,
      );
      result(table.table).upserted += copied;
    }
    // Every touched table holds as many rows as the staging copy (meta: besides the keys kept out).
    for (const table of CORPUS_TABLES.filter((t) => results.has(t.table))) {
      const where = table.table === "meta" ? ` WHERE ${KEPT_OUT}` : "";
      const left = Number(
        db
          .prepare(`SELECT count(*) FROM ${quote(sqliteTable(table))}${where}`)
          .pluck()
          .get(),
      );
      const right = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table.table)}${where}`)).rows[0]
          ?.n,
      );
      if (left !== right)
        throw new MigrateError(
          `writing the corpus back to PostgreSQL left ${table.table} with ${right} rows instead of ${left}: nothing was written`,
        );
    }
    if (untouched) version = await corpusVersion(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    if (db.inTransaction) db.exec("ROLLBACK");
  }
  for (const table of results.keys()) await client.query(`ANALYZE ${quote(table)}`);
  return { tables: [...results.values()], version };
}
