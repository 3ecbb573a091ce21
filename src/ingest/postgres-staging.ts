import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { connectPool } from "../store/postgres/connection.js";
import {
  CORPUS_LOCK,
  checkoutCorpus,
  type SyncResult,
  syncCorpus,
} from "../store/postgres/corpus-checkout.js";
import { migratePostgres } from "../store/postgres/migrate.js";
import { type Db, openDb } from "../store/sqlite/connection.js";

export type StagingPhase = "waiting" | "checkout" | "checked-out" | "write-back";

export interface StagingOptions {
  /** application_name of the connections (the command). */
  applicationName: string;
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
}

/**
 * Runs `work` — the ingest pipeline, which is SQLite code — on the corpus of the PostgreSQL database at
 * `url`: one corpus writer at a time (an advisory lock, waited for), the corpus checked out into a temporary
 * SQLite file (under TMPDIR; deleted afterwards), `work` run on it, and what it changed written back in one
 * transaction (store/postgres/corpus-checkout.ts). What `work` committed before failing is written back
 * too, as it would stay in a file, and then its error is rethrown.
 */
export async function onPostgresCorpus<T>(
  url: string,
  work: (db: Db) => Promise<T>,
  options: StagingOptions,
): Promise<Staged<T>> {
  const pool = await connectPool(url, { max: 2, applicationName: options.applicationName });
  const dir = mkdtempSync(join(tmpdir(), "crs-corpus-"));
  // Interrupted (Ctrl-C, a stop): the temporary corpus (gigabytes at 1M videos) goes; PostgreSQL rolls the
  // open transaction back when the connection drops.
  const interrupted = (signal: NodeJS.Signals) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let client: pg.PoolClient | undefined;
  let locked = false;
  try {
    await migratePostgres(pool);
    client = await pool.connect();
    const free = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [CORPUS_LOCK]);
    if (!free.rows[0]?.ok) {
      options.onPhase?.("waiting");
      await client.query("SELECT pg_advisory_lock($1)", [CORPUS_LOCK]);
    }
    locked = true;
    const db = openDb(join(dir, "corpus.sqlite"));
    try {
      options.onPhase?.("checkout");
      const checkoutClient = client;
      const copied = await checkoutCorpus(db, checkoutClient, (table) =>
        options.onPhase?.("checkout", { table }),
      );
      options.onPhase?.("checked-out", { rows: copied.reduce((n, t) => n + t.rows, 0) });
      let result: T;
      try {
        result = await work(db);
      } catch (error) {
        await syncCorpus(db, checkoutClient, (table) => options.onPhase?.("write-back", { table }));
        throw error;
      }
      options.onPhase?.("write-back");
      const written = await syncCorpus(db, checkoutClient, (table) =>
        options.onPhase?.("write-back", { table }),
      );
      return { result, written };
    } finally {
      db.close();
    }
  } finally {
    if (client) {
      if (locked) await client.query("SELECT pg_advisory_unlock($1)", [CORPUS_LOCK]).catch(() => undefined);
      client.release();
    }
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    rmSync(dir, { recursive: true, force: true });
    await pool.end().catch(() => undefined);
  }
}
