/**
 * One error family for every layer. Each interface maps it once:
 * REST → application/problem+json, MCP → an isError result carrying the hint.
 */
export type ErrorCode =
  | "invalid_parameter"
  | "unknown_parameter"
  | "invalid_json"
  | "invalid_cursor"
  | "unauthorized"
  | "insufficient_scope"
  | "entitlement_missing"
  | "subscription_inactive"
  | "grant_missing"
  | "credential_misplaced"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "not_acceptable"
  | "idempotency_conflict"
  | "rate_limited"
  | "analyst_unavailable"
  | "service_unavailable"
  | "database_unavailable"
  | "internal_error";

export interface ServiceErrorOptions {
  detail?: string;
  /** Tells an agent how to fix the call (MCP hint; REST `hint` field). */
  hint?: string;
  /** Seconds; set on 429 and some 503s. */
  retryAfter?: number;
  /** Extra response headers (e.g. RateLimit-*). */
  headers?: Record<string, string>;
  /** Structured extras safe to show the caller (e.g. which parameter failed). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly hint?: string;
  readonly retryAfter?: number;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, status: number, title: string, options: ServiceErrorOptions = {}) {
    super(options.detail ?? title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ServiceError";
    this.code = code;
    this.status = status;
    this.title = title;
    this.detail = options.detail;
    this.hint = options.hint;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export const invalidParameter = (parameter: string, rule: string, hint?: string) =>
  new ServiceError("invalid_parameter", 400, "Invalid parameter", {
    detail: `Parameter '${parameter}' ${rule}.`,
    hint: hint ?? `Fix '${parameter}' and call again.`,
    extra: { parameter },
  });

export const notFound = (what: string, id: string) =>
  new ServiceError("not_found", 404, "Not found", {
    detail: `No ${what} with id '${truncateForMessage(id)}'.`,
    hint: `Check the ${what} id; ids come from search and list results.`,
  });

/** SQLite result codes that say the storage, not the request, failed: answered 503 + Retry-After. */
const STORAGE_CODES = /^SQLITE_(FULL|READONLY|BUSY|LOCKED|IOERR|CANTOPEN|NOMEM|PROTOCOL)/;

/**
 * The same for PostgreSQL: the server cannot be reached (socket errors), SQLSTATE class 08 (connection
 * exception), 53 (insufficient resources: disk full, too many connections), 57P01–57P03 (shutting down,
 * starting), 25006 (read-only transaction); and pg's own connection failures, which carry no code.
 */
const UNREACHABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENOENT)$/;
const POSTGRES_STATES = /^(08|53)[0-9A-Z]{3}$|^57P0[123]$|^25006$/;
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** A PostgreSQL server that cannot be reached or cannot take the request now. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return UNREACHABLE_CODES.test(code) || POSTGRES_STATES.test(code);
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && POSTGRES_MESSAGES.test(message);
}

export function isStorageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" && STORAGE_CODES.test(code)) || isDatabaseUnreachable(error);
}

let lastStorageFailure: { code: string; at: number } | null = null;

/** The last storage failure answered within `ms` (readiness turns it into a 503 for a while). */
export function recentStorageFailure(ms: number): { code: string; at: number } | null {
  return lastStorageFailure && Date.now() - lastStorageFailure.at < ms ? lastStorageFailure : null;
}

/** The database cannot take the request right now (full, read-only, locked): retry, nothing was changed. */
export const storageUnavailable = (cause?: unknown) => {
  const code = String((cause as { code?: unknown } | null)?.code ?? "");
  lastStorageFailure = { code, at: Date.now() };
  const unreachable = isDatabaseUnreachable(cause);
  const retryAfter = /BUSY|LOCKED/.test(code) ? 2 : unreachable ? 5 : 30;
  return new ServiceError("service_unavailable", 503, "Service unavailable", {
    detail: /BUSY|LOCKED/.test(code)
      ? "The database is busy; the request was not carried out."
      : unreachable
        ? "The database cannot be reached right now; the request was not carried out."
        : "The database cannot take writes right now; the request was not carried out.",
    hint: `Retry after ${retryAfter} s with backoff.`,
    retryAfter,
    headers: { "Retry-After": String(retryAfter) },
    cause,
  });
};

/** Anything unexpected becomes internal_error (500) — except a storage failure, which is a 503. */
export const internalError = (cause?: unknown): ServiceError =>
  isStorageError(cause) ? storageUnavailable(cause) : unexpected(cause);

const unexpected = (cause?: unknown) =>
  new ServiceError("internal_error", 500, "Internal error", {
    detail: "The service failed unexpectedly. Quote the request id when contacting support.",
    hint: "Retry later; if it persists, report the request id.",
    cause,
  });

/**
 * A shared engine the limits depend on (Redis) is unreachable: the call is refused, never served unlimited,
 * and nothing is counted for it. The message names the engine, never its address or credentials.
 */
export const serviceUnavailable = (engine: string, retryAfter: number, cause?: unknown) =>
  new ServiceError("service_unavailable", 503, "Service unavailable", {
    detail: `The service cannot reach its ${engine} right now, so it cannot count this call; nothing was counted.`,
    hint: `Retry after ${retryAfter} s (Retry-After) with backoff; the call is safe to repeat.`,
    retryAfter,
    headers: { "Retry-After": String(retryAfter) },
    cause,
  });

/** Echo user input in messages only in a bounded, printable form. */
export function truncateForMessage(value: string, max = 80): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
