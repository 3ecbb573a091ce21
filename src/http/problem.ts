import type { ServerResponse } from "node:http";
import type { ServiceError } from "../shared/errors.js";

/** RFC 9457 problem body with the contract's fields plus the hint agents use to fix a call. */
export function problemBody(error: ServiceError, requestId: string, problemsUrl: string) {
  return {
    type: `${problemsUrl}/${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail ?? error.title,
    code: error.code,
    request_id: requestId,
    ...(error.hint ? { hint: error.hint } : {}),
    ...(error.retryAfter !== undefined ? { retry_after: error.retryAfter } : {}),
    ...(error.extra ?? {}),
  };
}

/** Writes a problem answer (plain Node response, so express routes and the fast REST path share it). */
export function sendProblem(
  res: ServerResponse,
  error: ServiceError,
  requestId: string,
  problemsUrl: string,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  // Refused before its body was received (e.g. 401 before reading): close rather than wait for the rest.
  if (res.req && !res.req.complete) res.setHeader("Connection", "close");
  if (error.retryAfter !== undefined)
    res.setHeader("Retry-After", String(Math.max(1, Math.ceil(error.retryAfter))));
  const body = JSON.stringify(problemBody(error, requestId, problemsUrl));
  res.statusCode = error.status;
  res.setHeader("Content-Type", "application/problem+json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body); // Node leaves the body out of a HEAD answer
}
