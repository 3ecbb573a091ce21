import { redactSecrets } from "../../shared/redact.js";

/**
 * A PostgreSQL location: a `postgres://` / `postgresql://` URL. Its password never appears in a log line or an
 * error message (describeUrl / redactUrlSecrets); it may also come from PGPASSWORD (or ~/.pgpass), which `pg`
 * reads when the URL has none, so it need not be typed on a command line. Without `pg`: a command that only
 * tells a URL from a file path (every `crs` command on SQLite) does not load the driver.
 */

/** A URL that is not a usable PostgreSQL connection string: the message names what is wrong, never the password. */
export class PostgresUrlError extends Error {}

/** An unreachable server, a refused login, a missing database: one line, without the password. */
export class PostgresConnectionError extends Error {}

const PROTOCOLS = new Set(["postgres:", "postgresql:"]);

export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value.trim());
}

/** Parses and checks a connection URL (protocol, a database name); the error says what is wrong. */
export function parsePostgresUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PostgresUrlError(
      `not a valid PostgreSQL URL: expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (got ${describeUnparsable(value)})`,
    );
  }
  if (!PROTOCOLS.has(url.protocol.toLowerCase()))
    throw new PostgresUrlError(
      `not a PostgreSQL URL: expected postgres:// or postgresql://, got ${url.protocol}//…`,
    );
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!database && !url.searchParams.get("dbname"))
    throw new PostgresUrlError(`the PostgreSQL URL ${describeUrl(value)} names no database (…/DATABASE)`);
  if (!url.hostname && !url.searchParams.get("host"))
    throw new PostgresUrlError(`the PostgreSQL URL ${describeUrl(value)} names no host`);
  return url;
}

/** The URL as it may be shown: the password replaced by `***` (user, host, port, database and options kept). */
export function describeUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    url.searchParams.delete("password");
    return url.toString();
  } catch {
    return describeUnparsable(value);
  }
}

/** An unparsable value, shown without anything between `//` and `@` (where a password would be). */
function describeUnparsable(value: string): string {
  return `'${value.replace(/\/\/[^/@]*@/, "//***@").slice(0, 120)}'`;
}

/** Removes the URL's password (raw and percent-decoded) and any `user:password@` from a message. */
export function redactUrlSecrets(text: string, value?: string): string {
  let out = text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/gi, "$1:***@");
  if (value) {
    const secrets = new Set<string>();
    try {
      const url = new URL(value);
      if (url.password) {
        secrets.add(url.password);
        secrets.add(decodeURIComponent(url.password));
      }
      const inQuery = url.searchParams.get("password");
      if (inQuery) secrets.add(inQuery);
    } catch {
      const match = /\/\/[^:/@]*:([^@]*)@/.exec(value);
      if (match?.[1]) secrets.add(match[1]);
    }
    for (const secret of secrets) if (secret.length >= 1) out = out.split(secret).join("***");
  }
  return redactSecrets(out);
}

/** A one-line reason for a failed connection or query, naming the server but never the password. */
export function describePostgresError(error: unknown, value: string): string {
  const e = error as { code?: string; message?: string; errors?: unknown[] };
  // Node's AggregateError (IPv4 and IPv6 both refused) has an empty message: use its first cause.
  const message =
    e?.message || (Array.isArray(e?.errors) && (e.errors[0] as Error | undefined)?.message) || String(error);
  const where = describeUrl(value);
  const reason =
    e?.code === "ECONNREFUSED"
      ? "connection refused (is the server running, and on that host and port?)"
      : e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN"
        ? "host not found"
        : e?.code === "ENOENT"
          ? "no server socket there (is the server running?)"
          : e?.code === "28P01" || e?.code === "28000"
            ? `authentication failed (${message})`
            : e?.code === "3D000"
              ? message
              : message;
  return redactUrlSecrets(`cannot use PostgreSQL at ${where}: ${reason}`, value);
}
