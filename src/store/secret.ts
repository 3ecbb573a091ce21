import { randomBytes } from "node:crypto";
import type { Config } from "../config/index.js";
import type { SqlClient } from "./sql-client.js";

const READ = "SELECT value FROM meta WHERE key = 'server_secret'";

/**
 * The server pepper (key digests, cursor signatures): `CRS_SECRET` when set, otherwise the one generated at
 * init and kept in the database, so a self-hosted instance works with no configuration. Processes starting
 * at once on a new database agree on one: the first insert wins and every one reads it back.
 */
export async function resolveSecret(sql: SqlClient, config: Pick<Config, "secret">): Promise<string> {
  if (config.secret) return config.secret;
  const stored = await sql.get<{ value: string }>(READ);
  if (stored) return stored.value;
  await sql.run("INSERT INTO meta (key, value) VALUES ('server_secret', ?) ON CONFLICT (key) DO NOTHING", [
    randomBytes(32).toString("base64url"),
  ]);
  const written = await sql.get<{ value: string }>(READ);
  if (!written) throw new Error("the server secret could not be stored");
  return written.value;
}
