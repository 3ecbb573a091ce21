import type Database from "better-sqlite3";

/** A SQLite connection (better-sqlite3). */
export type Db = Database.Database;

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
