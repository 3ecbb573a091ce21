/**
 * The SQLite connection, re-exported for the modules that still take the connection itself (identity,
 * limits, analyst runs, config/secret) until they get repositories of their own; everything else imports
 * `store/sqlite/connection.js`.
 */
export { type Db, dataVersion, getMeta, openDb, setMeta } from "./sqlite/connection.js";
