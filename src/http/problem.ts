import type { Response } from "express";
import type { ServiceError } from "../errors.js";

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

export function sendProblem(
  res: Response,
  error: ServiceError,
  requestId: string,
  problemsUrl: string,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  if (error.retryAfter !== undefined)
    res.setHeader("Retry-After", String(Math.max(1, Math.ceil(error.retryAfter))));
  res
    .status(error.status)
    .type("application/problem+json")
    .send(JSON.stringify(problemBody(error, requestId, problemsUrl)));
}
