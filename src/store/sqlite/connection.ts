import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { foldText } from "../../shared/text/normalize.js";
import { restoreDeferredIndexes } from "./bulk.js";
import type { Db } from "./db.js";
import Database from "./driver.js";
import { migrate } from "./migrate.js";

export { type Db, dataVersion, getMeta, setMeta } from "./db.js";

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
  // The search text normaliser as SQL, for migrations that rebuild the FTS index (013-search-fold).
  db.function("crs_fold", { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? foldText(text) : "",
  );
  if (options.migrate !== false && !options.readonly) {
    migrate(db);
    restoreDeferredIndexes(db); // a bulk load that died mid-way left its indexes to rebuild
  }
  return db;
}
