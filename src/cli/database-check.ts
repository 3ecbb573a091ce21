import { existsSync, statSync } from "node:fs";
import { ServiceError } from "../shared/errors.js";
import { HELD_ROWS_SQL } from "../store/empty.js";
import Database from "../store/sqlite/driver.js";

/**
 * Why the database at `file` cannot serve, or undefined when it can. Looks without creating or writing
 * anything: a host started from the wrong directory must not leave a database behind.
 */
export function databaseProblem(file: string): string | undefined {
  if (!existsSync(file)) return `the database ${file} does not exist`;
  const stat = statSync(file);
  if (!stat.isFile()) return `the database path ${file} is not a file`;
  if (stat.size === 0) return `the database ${file} is empty`;
  let db: Database;
  try {
    // Not readonly: a read-only connection to a WAL database leaves -wal/-shm files behind on close.
    db = new Database(file, { fileMustExist: true });
    db.pragma("query_only = ON");
  } catch {
    return `the database ${file} cannot be opened (not readable, or not a SQLite file)`;
  }
  try {
    const tables = db
      .prepare(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('videos', 'organisations')",
      )
      .get() as { n: number };
    if (tables.n < 2) return `the database ${file} is not an initialised CRS database`;
    if ((db.prepare(HELD_ROWS_SQL).get() as { n: number }).n === 0)
      return `the database ${file} is empty (no corpus, no organisation)`;
    return undefined;
  } catch {
    return `the file ${file} is not a SQLite database`;
  } finally {
    db.close();
  }
}

/** The isError every tool call answers when the database cannot serve: the path and the fix, never a 401. */
export function databaseUnavailable(problem: string, file: string): ServiceError {
  return new ServiceError("database_unavailable", 503, "Database unavailable", {
    detail: `${problem[0]?.toUpperCase()}${problem.slice(1)}; \`crs mcp\` never creates one.`,
    hint: `Run \`crs init --db ${file}\` (add --empty for real data, then \`crs import\`), or set CRS_DB in the MCP client's configuration to the absolute path of an initialised database (\`crs mcp-config\` prints one).`,
  });
}
