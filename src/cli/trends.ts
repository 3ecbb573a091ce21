import { buildTrendReports } from "../domain/trends/build.js";
import { CORPUS_LOCK } from "../store/postgres/corpus-checkout.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";
import { openForCommand } from "./open-backend.js";

/** `crs trends build [--db FILE|URL] [--json]`: (re)builds trend reports from the current corpus (either store). */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {});
  if (values.help || positionals[0] !== "build" || positionals.length !== 1) {
    if (values.help) {
      process.stdout.write("usage: crs trends build [--db FILE|postgres://…] [--json]\n");
      return 0;
    }
    throw new CliError("usage: crs trends build [--db FILE|postgres://…] [--json]");
  }
  const config = commandConfig(values);
  const backend = await openForCommand(config.db);
  try {
    const now = Math.floor(Date.now() / 1000);
    const build = () => buildTrendReports(backend.store, now);
    // On PostgreSQL, after any import or classify in progress (which rebuilds the reports itself).
    const result =
      backend.engine === "postgres"
        ? await backend.sql.transaction(async (tx) => {
            await tx.get("SELECT pg_advisory_xact_lock(CAST(? AS BIGINT))", [CORPUS_LOCK]);
            return build();
          })
        : await build();
    output(values.json, result, `built ${result.reports} trend reports`);
    return 0;
  } finally {
    await backend.close();
  }
}
