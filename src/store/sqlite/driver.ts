import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/**
 * The SQLite driver for this Node. better-sqlite3 13 (Node-API) needs Node-API 10, which Node 20 and Node 22
 * before 22.14 lack (it crashes there); 12 (the optional dependency `better-sqlite3-12`) aborts the process on
 * Node 24.19 and later when the garbage collector frees a statement (`RemoveEnvironmentCleanupHook`). So 13
 * wherever Node-API 10 exists, 12 elsewhere. Every module opens databases through this one.
 */
export type DriverName = "better-sqlite3" | "better-sqlite3-12";

export const driverName: DriverName =
  Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-12";

function load(): typeof BetterSqlite3 {
  const require = createRequire(import.meta.url);
  try {
    return require(driverName) as typeof BetterSqlite3;
  } catch (error) {
    if (driverName === "better-sqlite3") throw error;
    throw new Error(
      `Node ${process.version} (Node-API ${process.versions.napi}) needs the optional dependency better-sqlite3-12, which is not installed or did not build (${(error as Error).message.split("\n")[0]}). Run \`npm install\` again with a C++ toolchain, or use Node 22.14 or later.`,
    );
  }
}

const Database = load();
type Database = BetterSqlite3.Database;
export default Database;
