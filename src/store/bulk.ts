import type { Db } from "./connection.js";

const BULK_CACHE_KIB = 262_144; // 256 MiB: keeps the videos table's secondary indexes in memory during a load

/**
 * Settings for a bulk load, undone by the returned function: a large page cache (the ranking indexes on
 * videos make every insert touch a dozen b-trees) and fewer WAL checkpoints. `unsafe` also skips fsync —
 * only for filling a fresh database that can be rebuilt (the generator; `crs init --force`).
 */
export function beginBulkLoad(db: Db, options: { unsafe: boolean }): () => void {
  const names = ["cache_size", "wal_autocheckpoint", ...(options.unsafe ? ["synchronous"] : [])];
  const saved = names.map((name) => [name, db.pragma(name, { simple: true })] as const);
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  db.pragma("wal_autocheckpoint = 25000");
  if (options.unsafe) db.pragma("synchronous = OFF");
  return () => {
    for (const [name, value] of saved) db.pragma(`${name} = ${String(value)}`);
    db.pragma("wal_checkpoint(TRUNCATE)");
  };
}
