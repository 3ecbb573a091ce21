import { buildTrendReports } from "../domain/trends/build.js";
import { openDb } from "../store/sqlite/connection.js";
import { createSqliteStore } from "../store/sqlite/index.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";
import { refusePostgres } from "./open-backend.js";

/** `crs trends build [--db FILE] [--json]`: (re)builds trend reports from the current corpus. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {});
  if (values.help || positionals[0] !== "build" || positionals.length !== 1) {
    if (values.help) {
      process.stdout.write("usage: crs trends build [--db FILE] [--json]\n");
      return 0;
    }
    throw new CliError("usage: crs trends build [--db FILE] [--json]");
  }
  const config = commandConfig(values);
  refusePostgres("trends build", config.db);
  const db = openDb(config.db);
  try {
    const now = Math.floor(Date.now() / 1000);
    const result = await buildTrendReports(createSqliteStore(db), now);
    output(values.json, result, `built ${result.reports} trend reports`);
    return 0;
  } finally {
    db.close();
  }
}
