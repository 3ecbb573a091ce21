import { systemClock } from "../clock.js";
import { resolveSecret } from "../config/secret.js";
import { initDatabase } from "../ingest/init.js";
import { logger } from "../log.js";
import { startServer } from "../server.js";
import { openDb } from "../store/sqlite/connection.js";
import { isEmptyDatabase } from "../store/sqlite/empty.js";
import { commandConfig, parseCommand } from "./common.js";

const DEFAULT_VIDEOS = 20_000;
const DEFAULT_SEED = 42;

/** `crs serve`: on an empty database it runs `init` first (corpus + first key, printed once). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(
    args,
    { host: { type: "string" }, port: { type: "string" }, "public-url": { type: "string" } },
    false,
  );
  if (values.help) {
    process.stdout.write(
      "usage: crs serve [--host H] [--port P] [--db FILE] [--public-url URL] [--config FILE]\n",
    );
    return 0;
  }
  const config = commandConfig(values, {
    host: values.host,
    port: values.port,
    publicUrl: values["public-url"],
  });
  const db = openDb(config.db);
  if (isEmptyDatabase(db)) {
    process.stderr.write(
      `crs: empty database ${config.db}: creating the embedded corpus (${DEFAULT_VIDEOS} videos)…\n`,
    );
    const result = initDatabase(db, {
      videos: DEFAULT_VIDEOS,
      seed: DEFAULT_SEED,
      now: systemClock.nowSeconds(),
      secret: resolveSecret(db, config),
    });
    process.stdout.write(
      `API key for admin@localhost in organisation "default" (shown once, keep it):\n${result.key.secret}\n`,
    );
  }
  const server = await startServer(config, { db });
  process.stderr.write(`crs: serving ${server.url} (REST ${server.url}/v1, MCP ${server.url}/mcp)\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, "shutting down");
      server.close().then(() => {
        db.close();
        resolve();
      });
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
  return 0;
}
