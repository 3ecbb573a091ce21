import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openDb } from "../../src/store/connection.js";

/** A fresh migrated database in its own temp directory (file-backed, so WAL behaves as in production). */
export function tempDb(): { db: Db; file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "crs-test-"));
  const file = join(dir, "crs.sqlite");
  return { db: openDb(file), file, dir };
}
