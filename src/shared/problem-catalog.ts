import type { ErrorCode } from "./errors.js";

/**
 * Every stable problem `code`, its status and what it means. One source for the
 * `GET /problems/<code>` pages, the OpenAPI description and the guides.
 */
export const PROBLEM_CATALOG: Record<ErrorCode, { status: number; title: string; description: string }> = {
  invalid_parameter: {
    status: 400,
    title: "Invalid parameter",
    description:
      "A parameter broke its rule (range, enum, pattern or length). `detail` names the parameter and the rule; `parameter` repeats the name. Fix it and call again; do not retry unchanged.",
  },
  unknown_parameter: {
    status: 400,
    title: "Unknown parameter",
    description:
      "A query parameter, body property or tool argument that the operation does not define. Inputs are strict so that misspelled filters fail instead of being silently ignored.",
  },
  invalid_json: {
    status: 400,
    title: "Invalid JSON",
    description: "The request body is not valid JSON, or not a JSON object.",
  },
  invalid_cursor: {
    status: 400,
    title: "Invalid cursor",
    description:
      "The cursor was altered, has expired (24 h), belongs to another organisation, or was sent with parameters other than those of the first page. One answer for all of these, by design. Start the traversal again without a cursor.",
  },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    description:
      "The bearer credential is missing, malformed, unknown, revoked, rotated out or expired. Send `Authorization: Bearer <key>`. The response carries `WWW-Authenticate`.",
  },
  credential_misplaced: {
    status: 401,
    title: "Credential in the wrong place",
    description:
      "A credential was sent in the query string, a cookie or the body. Keys go only in the `Authorization: Bearer` header; rotate a key that was exposed in a URL.",
  },
  insufficient_scope: {
    status: 403,
    title: "Insufficient scope",
    description:
      "The credential is valid but lacks the scope the operation needs (`content:read` for content and usage, `agent:request` for the analyst).",
  },
  entitlement_missing: {
    status: 403,
    title: "Entitlement missing",
    description:
      "The organisation is not entitled to this feature (for example, the analyst is switched off).",
  },
  subscription_inactive: {
    status: 403,
    title: "Subscription inactive",
    description: "The organisation's subscription is past due or canceled.",
  },
  grant_missing: {
    status: 403,
    title: "OAuth grant missing",
    description:
      "The OAuth client is not granted access to the token's organisation, or the user is not a member of it.",
  },
  not_found: {
    status: 404,
    title: "Not found",
    description: "No resource with that id (or no such route). Ids come from search and list results.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    description:
      "The route exists but not with this HTTP method; the `Allow` header lists the methods it accepts.",
  },
  not_acceptable: {
    status: 406,
    title: "Not acceptable",
    description: "The `Accept` header asks for a representation the operation cannot produce.",
  },
  idempotency_conflict: {
    status: 409,
    title: "Idempotency key conflict",
    description:
      "The `Idempotency-Key` was already used with a different request body. Use a new key for new work; reuse a key only for an identical retry.",
  },
  payload_too_large: {
    status: 413,
    title: "Payload too large",
    description: "The request body exceeds the size limit (64 KiB for REST bodies, 1 MiB for MCP messages).",
  },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported media type",
    description: "Request bodies must be `application/json`.",
  },
  rate_limited: {
    status: 429,
    title: "Rate limited",
    description:
      "A fair-use or rate limit was reached. Wait the integer seconds in `Retry-After` before retrying; use exponential backoff with jitter and capped concurrency; do not busy-loop.",
  },
  internal_error: {
    status: 500,
    title: "Internal error",
    description: "The service failed unexpectedly. Quote `request_id` when contacting support.",
  },
  service_unavailable: {
    status: 503,
    title: "Service unavailable",
    description:
      "A dependency is unavailable for a moment: the database is full, read-only or locked, the OAuth signing keys cannot be fetched, or the limits store (Redis) is unreachable. Nothing was changed or counted. Retry after `Retry-After` seconds with backoff.",
  },
  analyst_unavailable: {
    status: 503,
    title: "Analyst unavailable",
    description:
      "The analyst engine failed transiently; the analyst request was refunded. Retry with backoff and the same idempotency key.",
  },
  database_unavailable: {
    status: 503,
    title: "Database unavailable",
    description:
      "The service's database is missing, empty or not a CRS database (for example a wrong `CRS_DB` path for `crs mcp`). The detail names the path; an operator fixes it with `crs init --db PATH` or by pointing `CRS_DB` at the initialised database. Retrying does not help until then.",
  },
};

export const PROBLEM_CODES = Object.keys(PROBLEM_CATALOG) as ErrorCode[];
