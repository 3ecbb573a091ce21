import { resolve } from "node:path";
import { type Backend, openBackend } from "../app/backend.js";
import { createServiceCore } from "../app/core.js";
import { publicUrls } from "../config/index.js";
import { serveMcpStdio } from "../mcp/stdio.js";
import type { ServiceError } from "../shared/errors.js";
import { isPostgresUrl } from "../store/postgres/url.js";
import { openDb } from "../store/sqlite/connection.js";
import { commandConfig, parseCommand } from "./common.js";
import { databaseProblem, databaseUnavailable } from "./database-check.js";
import { openForCommand } from "./open-backend.js";

/** `crs mcp`: MCP over stdio (stdout is the protocol; everything else goes to stderr). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {}, false);
  if (values.help) {
    process.stderr.write("usage: crs mcp [--db FILE]   (credential from CRS_API_KEY)\n");
    return 0;
  }
  const config = commandConfig(values);
  const postgres = isPostgresUrl(config.db);
  const file = postgres ? config.db : resolve(config.db);
  const problem = postgres ? undefined : databaseProblem(file);
  let unavailable: ServiceError | undefined;
  let backend: Backend;
  if (problem) {
    unavailable = databaseUnavailable(problem, file);
    process.stderr.write(`crs mcp: ${unavailable.detail} ${unavailable.hint} Every tool call will fail.\n`);
    // The tools, resources and prompts are still listed (from an in-memory schema); every tool call fails.
    backend = await openBackend(":memory:", { db: openDb(":memory:") });
  } else {
    backend = await openForCommand(file);
    if (!config.apiKey)
      process.stderr.write(
        "crs mcp: CRS_API_KEY is not set; every tool call will answer 401 until it is set in the MCP client's configuration.\n",
      );
  }
  const core = await createServiceCore(config, backend, publicUrls(config));
  const handle = serveMcpStdio(core, config.apiKey, unavailable);
  await new Promise<void>((resolve) => {
    const stop = () => {
      void handle
        .close()
        .then(() => core.analyst.close())
        .then(() => core.limiter.close())
        .then(() => backend.close())
        .finally(() => resolve());
    };
    process.stdin.once("end", stop);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
