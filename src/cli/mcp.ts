import { publicUrls } from "../config/index.js";
import { createServiceCore } from "../core.js";
import { serveMcpStdio } from "../mcp/stdio.js";
import { openDb } from "../store/connection.js";
import { isEmptyDatabase } from "../store/empty.js";
import { commandConfig, parseCommand } from "./common.js";

/** `crs mcp`: MCP over stdio (stdout is the protocol; everything else goes to stderr). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {}, false);
  if (values.help) {
    process.stderr.write("usage: crs mcp [--db FILE]   (credential from CRS_API_KEY)\n");
    return 0;
  }
  const config = commandConfig(values);
  const db = openDb(config.db);
  if (isEmptyDatabase(db)) {
    process.stderr.write(
      `crs mcp: the database ${config.db} is empty; run \`crs init\` first. Tool calls will fail.\n`,
    );
  }
  if (!config.apiKey)
    process.stderr.write("crs mcp: CRS_API_KEY is not set; every tool call will answer 401.\n");
  const core = createServiceCore(config, db, publicUrls(config));
  const handle = serveMcpStdio(core, config.apiKey);
  await new Promise<void>((resolve) => {
    const stop = () => {
      handle
        .close()
        .then(() => core.analyst.close())
        .then(() => core.limiter.close())
        .finally(() => {
          db.close();
          resolve();
        });
    };
    process.stdin.once("end", stop);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
