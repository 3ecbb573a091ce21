import { startBackgroundCheckpoints } from "./checkpointer.js";
import { type Db, getMeta, setMeta } from "./db.js";

const BULK_CACHE_KIB = 262_144; // 256 MiB: keeps the videos table's secondary indexes in memory during a load
const DEFERRED_INDEXES = "bulk_deferred_indexes";

/**
 * Indexes of `videos` a load keeps up to date, as a new row costs them next to nothing while rebuilding
 * each costs a scan and a sort of the whole table (~0.2-0.45 s at 1M rows): a new row enters
 * engine_videos_seq_plays at its end (seq only grows), and no score index at all (scores are 0 until
 * afterIngest computes them; these index scores above 0 only).
 */
const KEPT_LIVE = new Set([
  "engine_videos_seq_plays",
  "engine_videos_breakout",
  "engine_videos_early_breakout",
]);

export interface BulkOptions {
  /** Skip fsync: only for filling a fresh database that can be rebuilt (the generator; `crs init --force`). */
  unsafe: boolean;
  /**
   * Drop the secondary indexes of `videos` for the load and rebuild them at the end (sorting once is far
   * cheaper than a dozen b-tree updates per row). Readers that need those indexes fail meanwhile, so this is
   * for initial loads (`crs import --bulk`) with no server reading the same file.
   */
  deferIndexes?: boolean;
  /**
   * Foreign keys off for the load (about 1.5 µs a row: a creators lookup per video, a videos lookup per
   * snapshot). Only for a writer that writes every parent before its children in the same transaction and
   * deletes nothing, so no check could fail: the importer (see RecordWriter.write).
   */
  parentsWrittenFirst?: boolean;
  /** Checkpoint the WAL on a worker thread (see startBackgroundCheckpoints): for loads of some size. */
  backgroundCheckpoints?: boolean;
}

/**
 * Settings for a bulk load, undone by the returned function: a large page cache, fewer WAL checkpoints, and
 * optionally deferred indexes. The definitions of deferred indexes are kept in `meta` first, so a crash
 * mid-load is repaired by restoreDeferredIndexes on the next open.
 */
export function beginBulkLoad(db: Db, options: BulkOptions): () => void {
  const names = [
    "cache_size",
    "wal_autocheckpoint",
    ...(options.unsafe ? ["synchronous"] : []),
    ...(options.parentsWrittenFirst ? ["foreign_keys"] : []),
  ];
  const saved = names.map((name) => [name, db.pragma(name, { simple: true })] as const);
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  // The connection's own checkpoints stay on: they keep the WAL bounded (a busy writer rarely lets the
  // checkpointer empty it, so the WAL is not restarted), and copy only what the checkpointer has not.
  db.pragma("wal_autocheckpoint = 25000");
  const stopCheckpoints = options.backgroundCheckpoints ? startBackgroundCheckpoints(db) : null;
  if (options.unsafe) db.pragma("synchronous = OFF");
  if (options.parentsWrittenFirst) db.pragma("foreign_keys = OFF");
  if (options.deferIndexes) deferIndexes(db);
  return () => {
    try {
      if (options.deferIndexes) restoreDeferredIndexes(db);
    } finally {
      stopCheckpoints?.();
    }
    for (const [name, value] of saved) db.pragma(`${name} = ${String(value)}`);
    db.pragma("wal_checkpoint(TRUNCATE)");
  };
}

function deferIndexes(db: Db): void {
  db.transaction(() => {
    const indexes = (
      db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'videos' AND sql IS NOT NULL",
        )
        .all() as { name: string; sql: string }[]
    ).filter((index) => !KEPT_LIVE.has(index.name));
    const pending = JSON.parse(getMeta(db, DEFERRED_INDEXES) ?? "[]") as string[];
    setMeta(db, DEFERRED_INDEXES, JSON.stringify([...pending, ...indexes.map((i) => i.sql)]));
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
  })();
}

/** Rebuilds indexes a bulk load deferred (at its end, or on the next open after a crash). */
export function restoreDeferredIndexes(db: Db): number {
  const pending = getMeta(db, DEFERRED_INDEXES);
  if (!pending) return 0;
  const statements = JSON.parse(pending) as string[];
  // One transaction per index, so a background checkpointer copies each while the next is built. A crash
  // in between is safe: the list stays in meta until the last one is built, and built ones are skipped.
  for (const sql of statements)
    db.exec(sql.replace(/^CREATE (UNIQUE )?INDEX /i, "CREATE $1INDEX IF NOT EXISTS "));
  db.prepare("DELETE FROM meta WHERE key = ?").run(DEFERRED_INDEXES);
  db.pragma("optimize");
  return statements.length;
}
