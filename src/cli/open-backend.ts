import { resolve } from "node:path";
import { type Backend, openBackend } from "../app/backend.js";
import type { Staged } from "../ingest/postgres-staging.js";
import {
  describePostgresError,
  isPostgresUrl,
  PostgresConnectionError,
  PostgresUrlError,
} from "../store/postgres/url.js";
import { type Db, openDb } from "../store/sqlite/connection.js";
import { CliError } from "./common.js";

/**
 * The deployment's database for a command: the SQLite file (created and migrated on open) or the PostgreSQL
 * URL (connected, schema migrated). A server that cannot be reached or a bad URL is one line, without the password.
 */
export async function openForCommand(location: string): Promise<Backend> {
  try {
    return await openBackend(location);
  } catch (error) {
    if (error instanceof PostgresUrlError || error instanceof PostgresConnectionError)
      throw new CliError(error.message, 1);
    if (isPostgresUrl(location) && !(error instanceof TypeError || error instanceof RangeError))
      throw new CliError(describePostgresError(error, location), 1);
    throw error;
  }
}

/**
 * Runs a corpus-writing command's `work` on the deployment's corpus: the SQLite file itself (opened and
 * closed here), or a checked-out copy of the PostgreSQL one (onPostgres). Returns what `work` returned.
 */
export async function onCorpus<T>(
  command: string,
  location: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (isPostgresUrl(location)) return (await onPostgres(command, location, work)).result;
  const db = openDb(location);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/**
 * A corpus-writing command (`import`, `classify`) on PostgreSQL: `work` runs on a checked-out copy of the
 * corpus, and what it changed is written back in one transaction (ingest/postgres-staging.ts). Phases and
 * what was written go to stderr.
 */
export async function onPostgres<T>(
  command: string,
  url: string,
  work: (db: Db) => Promise<T>,
): Promise<Staged<T>> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  // Loaded only on PostgreSQL (pg, pg-copy-streams): a command on a SQLite file does not load the driver.
  const [{ onPostgresCorpus }, { MigrateError }] = await Promise.all([
    import("../ingest/postgres-staging.js"),
    import("../store/postgres/from-sqlite.js"),
  ]);
  try {
    const cacheDir = process.env.CRS_CHECKOUT_CACHE ? resolve(process.env.CRS_CHECKOUT_CACHE) : undefined;
    const staged = await onPostgresCorpus(url, work, {
      applicationName: `crs ${command}`,
      cacheDir,
      onPhase: (phase, detail) => {
        if (detail?.table !== undefined) return;
        process.stderr.write(
          phase === "waiting"
            ? "waiting for another command writing the corpus (import, classify) to finish…\n"
            : phase === "checkout"
              ? `copying the corpus from PostgreSQL into ${cacheDir ? `${cacheDir} (CRS_CHECKOUT_CACHE)` : "a temporary file"}…\n`
              : phase === "checked-out"
                ? `copied ${(detail?.rows ?? 0).toLocaleString("en")} rows (${seconds()})\n`
                : phase === "reused"
                  ? `the corpus kept in ${cacheDir} is current: no copy needed\n`
                  : `writing the changes back to PostgreSQL (${seconds()} so far)…\n`,
        );
      },
    });
    const rows = staged.written.reduce((n, t) => n + t.upserted + t.deleted, 0);
    process.stderr.write(
      staged.written.length === 0
        ? "PostgreSQL: nothing changed\n"
        : `PostgreSQL: ${rows} row(s) written in ${staged.written.length} table(s), one transaction (${seconds()})\n`,
    );
    return staged;
  } catch (error) {
    if (
      error instanceof PostgresUrlError ||
      error instanceof PostgresConnectionError ||
      error instanceof MigrateError
    )
      throw new CliError(error.message, 1);
    if (isPgError(error)) throw new CliError(describePostgresError(error, url), 1);
    throw error;
  }
}

/** An error the PostgreSQL server or its connection raised (it has a SQLSTATE or a socket code). */
function isPgError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && (/^[0-9A-Z]{5}$/.test(code) || /^E[A-Z]+$/.test(code));
}
