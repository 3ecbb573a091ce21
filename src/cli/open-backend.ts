import { type Backend, openBackend } from "../app/backend.js";
import {
  describePostgresError,
  isPostgresUrl,
  PostgresConnectionError,
  PostgresUrlError,
} from "../store/postgres/connection.js";
import { CliError } from "./common.js";

/**
 * The deployment's database for a command: the SQLite file (created and migrated on open) or the PostgreSQL
 * URL (connected, schema migrated). A server that cannot be reached or a bad URL is one line, without the password.
 */
export async function openForCommand(location: string): Promise<Backend> {
  try {
    return await openBackend(location);
  } catch (error) {
    if (error instanceof PostgresUrlError || error instanceof PostgresConnectionError)
      throw new CliError(error.message, 1);
    if (isPostgresUrl(location) && !(error instanceof TypeError || error instanceof RangeError))
      throw new CliError(describePostgresError(error, location), 1);
    throw error;
  }
}

/** Commands that still need the embedded file: what to do instead, in one line. */
export function refusePostgres(command: string, location: string): void {
  if (!isPostgresUrl(location)) return;
  throw new CliError(
    `crs ${command} writes the corpus, which this version does in the embedded SQLite file only: run it against the file (--db FILE), then crs migrate --from FILE --to postgres://… --force (README, Scaling out)`,
  );
}
