/** One numbered schema migration of the PostgreSQL store, applied in its own transaction. */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}
