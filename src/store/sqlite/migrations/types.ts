/** One numbered schema migration of the SQLite store. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Run with foreign keys off (a table rebuild), checked with foreign_key_check before the commit. */
  foreignKeysOff?: boolean;
  /** Rewrites a table's rows (seconds on a large corpus): an upgrade says so in the log. */
  rebuildsTable?: boolean;
}
