import { randomBytes } from "node:crypto";
import type { Config } from "../config/index.js";
import { type Db, getMeta, setMeta } from "./connection.js";

/**
 * The server pepper (key digests, cursor signatures): `CRS_SECRET` when set, otherwise the one generated at
 * init and kept in the database, so a self-hosted instance works with no configuration.
 */
export function resolveSecret(db: Db, config: Config): string {
  if (config.secret) return config.secret;
  const stored = getMeta(db, "server_secret");
  if (stored) return stored;
  const generated = randomBytes(32).toString("base64url");
  setMeta(db, "server_secret", generated);
  return generated;
}
