import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { connectPool } from "../store/postgres/connection.js";
import {
  CORPUS_LOCK,
  checkoutCorpus,
  corpusVersion,
  resetChangeLog,
  type SyncResult,
  syncCorpus,
} from "../store/postgres/corpus-checkout.js";
import { latestPgVersion, migratePostgres } from "../store/postgres/migrate.js";
import { type Db, openDb } from "../store/sqlite/connection.js";
import { latestVersion } from "../store/sqlite/migrate.js";

export type StagingPhase = "waiting" | "checkout" | "checked-out" | "reused" | "write-back";

export interface StagingOptions {
  /** application_name of the connections (the command). */
  applicationName: string;
  /**
   * Keeps the checked-out corpus in this directory between runs (CRS_CHECKOUT_CACHE) instead of a temporary
   * file: the next run reuses it at once when nobody wrote the corpus in between (its version still matches).
   */
  cacheDir?: string;
  /**
   * Hears each phase start, with the table being copied when there is one, and the end of the checkout with
   * the rows it copied (progress displays).
   */
  onPhase?: (phase: StagingPhase, detail?: { table?: string; rows?: number }) => void;
}

export interface Staged<T> {
  result: T;
  /** What was written back, per table. */
  written: SyncResult[];
  /** The copy kept from an earlier run was still current and was used instead of a checkout. */
  reused: boolean;
}

/** Where the staging file lives: a temporary directory, or a kept copy and the version it holds. */
interface Place {
  file: string;
  /** The kept copy's record ({version, schema}); undefined for a temporary file. */
  record?: string;
  /** Removed afterwards (the temporary directory). */
  temporary?: string;
}

/** The schema versions a kept copy was made with: after an upgrade it is checked out afresh. */
const SCHEMA = (): string => `sqlite ${latestVersion()}, postgres ${latestPgVersion()}`;

function placeFor(url: string, cacheDir: string | undefined): Place {
  if (!cacheDir) {
    const temporary = mkdtempSync(join(tmpdir(), "crs-corpus-"));
    return { file: join(temporary, "corpus.sqlite"), temporary };
  }
  mkdirSync(cacheDir, { recursive: true });
  // One copy per database: the URL without its password names it.
  const parsed = new URL(url);
  parsed.password = "";
  const name = `corpus-${createHash("sha256").update(parsed.href).digest("hex").slice(0, 16)}`;
  return { file: join(cacheDir, `${name}.sqlite`), record: join(cacheDir, `${name}.json`) };
}

/** The version the kept copy holds, if it is there, whole, and of this schema. */
function keptVersion(place: Place): string | undefined {
  if (!place.record || !existsSync(place.record) || !existsSync(place.file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(place.record, "utf8")) as { version?: unknown; schema?: unknown };
    return record.schema === SCHEMA() && typeof record.version === "string" ? record.version : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the staging file (with SQLite's side files) and its record. */
function discard(place: Place): void {
  if (place.temporary) {
    rmSync(place.temporary, { recursive: true, force: true });
    return;
  }
  for (const file of [place.record, place.file, `${place.file}-wal`, `${place.file}-shm`])
    if (file) rmSync(file, { force: true });
}

/**
 * Runs `work` — the ingest pipeline, which is SQLite code — on the corpus of the PostgreSQL database at
 * `url`: one corpus writer at a time (an advisory lock, waited for), the corpus checked out into a temporary
 * SQLite file (under TMPDIR; deleted afterwards), `work` run on it, and what it changed written back in one
 * transaction (store/postgres/corpus-checkout.ts). What `work` committed before failing is written back
 * too, as it would stay in a file, and then its error is rethrown.
 *
 * With `cacheDir` the staging file is kept there after a write-back that left PostgreSQL holding exactly
 * what the file holds, with the corpus version of that moment; a later run whose version is still current
 * skips the checkout. Any other outcome (a failure, an interruption, another writer in between) removes it.
 */
export async function onPostgresCorpus<T>(
  url: string,
  work: (db: Db) => Promise<T>,
  options: StagingOptions,
): Promise<Staged<T>> {
  const pool = await connectPool(url, { max: 2, applicationName: options.applicationName });
  const place = placeFor(url, options.cacheDir);
  let keep = false;
  let locked = false;
  // Interrupted (Ctrl-C, a stop): the staging corpus (gigabytes at 1M videos) goes; PostgreSQL rolls the
  // open transaction back when the connection drops. A kept copy is ours only once we hold the lock (until
  // then another run on this machine may be using it).
  const interrupted = (signal: NodeJS.Signals) => {
    if (locked || place.temporary) discard(place);
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let client: pg.PoolClient | undefined;
  try {
    await migratePostgres(pool);
    client = await pool.connect();
    const free = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [CORPUS_LOCK]);
    if (!free.rows[0]?.ok) {
      options.onPhase?.("waiting");
      await client.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
    }
    locked = true;
    const kept = keptVersion(place);
    const reused = kept !== undefined && kept === (await corpusVersion(client));
    // From here the file changes: without its record it is never taken for current again.
    if (place.record) rmSync(place.record, { force: true });
    if (!reused) discard(place);
    const db = openDb(place.file);
    try {
      const checkoutClient = client;
      let version: string;
      if (reused) {
        resetChangeLog(db);
        version = kept;
        options.onPhase?.("reused");
      } else {
        options.onPhase?.("checkout");
        const copied = await checkoutCorpus(db, checkoutClient, (table) =>
          options.onPhase?.("checkout", { table }),
        );
        version = copied.version;
        options.onPhase?.("checked-out", { rows: copied.tables.reduce((n, t) => n + t.rows, 0) });
      }
      const writeBack = (table: string) => options.onPhase?.("write-back", { table });
      let result: T;
      try {
        result = await work(db);
      } catch (error) {
        await syncCorpus(db, checkoutClient, version, writeBack);
        throw error;
      }
      options.onPhase?.("write-back");
      const written = await syncCorpus(db, checkoutClient, version, writeBack);
      if (place.record && written.version !== null) {
        db.close();
        writeFileSync(place.record, JSON.stringify({ version: written.version, schema: SCHEMA() }));
        keep = true;
      }
      return { result, written: written.tables, reused };
    } finally {
      if (db.open) db.close();
    }
  } finally {
    // Before the lock goes: the next run on this machine may check a kept copy out into the same file.
    if (!keep && (locked || place.temporary)) discard(place);
    if (client) {
      if (locked) await client.query("SELECT pg_advisory_unlock($1)", [CORPUS_LOCK]).catch(() => undefined);
      client.release();
    }
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await pool.end().catch(() => undefined);
  }
}
