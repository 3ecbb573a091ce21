import type Database from "better-sqlite3";
import { logger } from "../../shared/log.js";
import { migrations } from "./migrations/index.js";

/**
 * Applies numbered migrations above `PRAGMA user_version`, each in its own transaction,
 * so a failed migration leaves the previous version intact.
 */
export function migrate(db: Database.Database): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  const pending = [...migrations].filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  for (const migration of pending) {
    // A table rebuild must not cascade the old table's DROP to its children: foreign keys are off for it
    // (the pragma is a no-op inside a transaction) and checked before the commit instead.
    const foreignKeys = db.pragma("foreign_keys", { simple: true }) as number;
    // An upgrade (not a fresh database) that rebuilds a table takes a while on a large corpus: say so.
    if ((migration.foreignKeysOff || migration.rebuildsTable) && current > 0)
      logger.info(
        { version: migration.version, name: migration.name },
        "upgrading the database (rebuilds a table)",
      );
    if (migration.foreignKeysOff) db.pragma("foreign_keys = OFF");
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        if (migration.foreignKeysOff) {
          const broken = db.pragma("foreign_key_check") as { table: string }[];
          if (broken.length > 0)
            throw new Error(`migration ${migration.version}: ${broken.length} foreign key violations`);
        }
        db.pragma(`user_version = ${migration.version}`);
      })();
    } finally {
      if (migration.foreignKeysOff) db.pragma(`foreign_keys = ${foreignKeys}`);
    }
  }
  return (db.pragma("user_version", { simple: true }) as number) ?? current;
}

export const latestVersion = (): number => Math.max(...migrations.map((m) => m.version));
