import { join } from "node:path";
import { type Db, openDb } from "../../src/store/connection.js";
import { tempDir } from "./temp.js";

/** A fresh migrated database in its own temp directory (file-backed, so WAL behaves as in production), removed when
 * the test file ends. */
export function tempDb(): { db: Db; file: string; dir: string } {
  const dir = tempDir("crs-test-");
  const file = join(dir, "crs.sqlite");
  return { db: openDb(file), file, dir };
}
