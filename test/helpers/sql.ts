import type { Db } from "../../src/store/connection.js";
import type { SqlClient } from "../../src/store/sql-client.js";
import { sqliteClient } from "../../src/store/sqlite/sql-client.js";

/** The one SqlClient of a test's database (sqliteClient returns the same one for a connection). */
export const sqlOf = (db: Db): SqlClient => sqliteClient(db);
