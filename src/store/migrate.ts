import type Database from "better-sqlite3";
import { migrations } from "./migrations/index.js";

/**
 * Applies numbered migrations above `PRAGMA user_version`, each in its own transaction,
 * so a failed migration leaves the previous version intact.
 */
export function migrate(db: Database.Database): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  const pending = [...migrations].filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return (db.pragma("user_version", { simple: true }) as number) ?? current;
}

export const latestVersion = (): number => Math.max(...migrations.map((m) => m.version));
