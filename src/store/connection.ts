import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { foldText } from "../shared/text/normalize.js";
import { restoreDeferredIndexes } from "./bulk.js";
import { migrate } from "./migrate.js";

export type Db = Database.Database;

export interface OpenOptions {
  /** Run pending migrations (default true). */
  migrate?: boolean;
  readonly?: boolean;
}

/** Opens the store with the pragmas every process relies on, and brings the schema up to date. */
export function openDb(file: string, options: OpenOptions = {}): Db {
  if (file !== ":memory:" && !options.readonly) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false });
  if (!options.readonly) db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  db.pragma("temp_store = MEMORY");
  db.pragma("cache_size = -65536"); // 64 MiB page cache: bounded, keeps RSS predictable
  // The search text normaliser as SQL, for migrations that rebuild the FTS index (011-search-fold).
  db.function("crs_fold", { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? foldText(text) : "",
  );
  if (options.migrate !== false && !options.readonly) {
    migrate(db);
    restoreDeferredIndexes(db); // a bulk load that died mid-way left its indexes to rebuild
  }
  return db;
}

/** Key/value settings kept in the database (server secret, corpus seed, …). */
export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}

/**
 * Moves whenever another connection commits to the database (never for this connection's own commits):
 * work computed elsewhere from an earlier read still applies while it has not moved.
 */
export function dataVersion(db: Db): number {
  return db.pragma("data_version", { simple: true }) as number;
}
