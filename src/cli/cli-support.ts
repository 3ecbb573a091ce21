import { userInfo } from "node:os";
import { IdentityError } from "../identity/identity-error.js";
import { type Clock, systemClock } from "../shared/clock.js";
import { resolveSecret } from "../store/secret.js";
import type { SqlClient } from "../store/sql-client.js";
import { CliError, commandConfig, UsageRequested } from "./common.js";
import { openForCommand } from "./open-backend.js";

/** What the admin commands act on: the database, the pepper, "now" and who is acting. */
export interface AdminContext {
  /** The deployment's database (SQLite file or PostgreSQL), through the client the identity functions take. */
  sql: SqlClient;
  secret: string;
  now: number;
  actor: string;
  json: boolean;
}

/** Tests swap the clock so expiry and last-used times are deterministic. */
let adminClock: Clock = systemClock;
export function setAdminClock(clock: Clock): void {
  adminClock = clock;
}

/** The audit actor for commands typed at a terminal: `cli:<os user>`. */
function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return "cli";
  }
}

/** Opens the database named by --db/--config/env, runs the action, maps refusals to one-line CLI errors. */
export async function withAdminContext<T>(
  values: { db?: unknown; config?: unknown; json?: unknown },
  action: (context: AdminContext) => T | Promise<T>,
): Promise<T> {
  const config = commandConfig(values);
  const backend = await openForCommand(config.db);
  try {
    const context = {
      sql: backend.sql,
      secret: await resolveSecret(backend.sql, config),
      now: adminClock.nowSeconds(),
      actor: cliActor(),
      json: values.json === true,
    };
    // Awaited here, so the database stays open until the action has finished.
    return await action(context);
  } catch (error) {
    if (error instanceof IdentityError) throw new CliError(error.message);
    throw error;
  } finally {
    await backend.close();
  }
}

/** The sub-command word and the rest of argv, or a usage error. */
export function splitSubcommand<S extends string>(
  args: string[],
  known: readonly S[],
  usage: string,
): [S, string[]] {
  const [sub, ...rest] = args;
  const help = (arg: string) => arg === "--help" || arg === "-h";
  if (!sub) throw new CliError(usage);
  if (help(sub)) throw new UsageRequested(usage);
  if (!(known as readonly string[]).includes(sub))
    throw new CliError(
      sub.startsWith("-")
        ? `the sub-command comes first\n${usage}`
        : `unknown sub-command '${sub}'\n${usage}`,
    );
  // `crs keys create --help`: the usage, never a run of the sub-command.
  if (rest.some(help)) throw new UsageRequested(usage);
  return [sub as S, rest];
}

export function requireString(value: unknown, flag: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new CliError(`missing ${flag}`);
  return value;
}

export function parseCount(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new CliError(`${flag} must be a non-negative integer, got '${text}'`);
  return Number(text);
}

export function onePositional(positionals: string[], what: string): string {
  if (positionals.length !== 1 || !positionals[0]) throw new CliError(`expected exactly one ${what}`);
  return positionals[0];
}

export const isoTime = (seconds: number | null): string =>
  seconds === null ? "-" : new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");
