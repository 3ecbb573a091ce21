import { schema001 } from "./001-schema.js";
import { corpusVersion002 } from "./002-corpus-version.js";
import { corpusCodes003 } from "./003-corpus-codes.js";
import { videoCollections004 } from "./004-video-collections.js";
import type { PgMigration } from "./types.js";

export type { PgMigration } from "./types.js";

/**
 * Numbered migrations of the PostgreSQL store, recorded in `schema_migrations`. 001 is the whole schema of
 * SQLite migrations 001–013 at once (a PostgreSQL database starts at today's schema); a later SQLite
 * migration that changes a table gets its PostgreSQL twin here, with the next number.
 */
export const pgMigrations: PgMigration[] = [schema001, corpusVersion002, corpusCodes003, videoCollections004];
