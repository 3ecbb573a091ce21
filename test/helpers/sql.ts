import type { Db } from "../../src/store/connection.js";
import type { SqlClient } from "../../src/store/sql-client.js";
import { sqliteClient } from "../../src/store/sqlite/sql-client.js";

const clients = new WeakMap<Db, SqlClient>();

/** The one SqlClient of a test's database (one per connection, as the service has). */
export function sqlOf(db: Db): SqlClient {
  let client = clients.get(db);
  if (!client) {
    client = sqliteClient(db);
    clients.set(db, client);
  }
  return client;
}
