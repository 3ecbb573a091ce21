import { createHash } from "node:crypto";
import { z } from "zod";
import { runRecordSchema } from "../../domain/schemas/analyst-record.js";
import { defineSingleTool } from "../../registry/define.js";
import { internalError, ServiceError } from "../../shared/errors.js";
import { getAnalystRequestRoute } from "./get-analyst-request.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tool input wants a UUID key; a REST key that is not one maps to a stable UUID-shaped digest of itself. */
export function toolKeyFor(restKey: string): string {
  if (UUID.test(restKey)) return restKey.toLowerCase();
  const hex = createHash("sha256").update(restKey).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Run = z.output<typeof runRecordSchema>;

import { answerSummary } from "../summaries.js";

export const analyzeTool = defineSingleTool({
  name: "service_analyze",
  title: "Ask the analyst",
  description:
    "Ask the analyst a research question about the corpus (advertisers, creators, hooks, breakouts, engagement, growth) and get an evidence-backed answer: a summary, findings with the video/creator/advertiser ids behind each figure, the calls that produced it, and caveats. Runs take a while (minutes in production): send a progress token to receive progress notifications and keep your client's request timeout above the runtime. Consumes one analyst request from the organisation's monthly allowance when accepted (refunded if the service fails). Retry with the same idempotency_key and the same question/context: a running request returns its status, a completed one returns the saved answer for free; a different question under the same key is refused (idempotency_conflict).",
  input: z
    .object({
      question: z.string().min(1).max(8000).describe("The research question, 1..8000 characters."),
      context: z
        .string()
        .max(12_000)
        .optional()
        .describe(
          'Optional background (brand, market, goals, the previous question), up to 12000 characters. It fills a window, region or language the question leaves open; a follow-up naming no set of its own ("which ones got the most views?", "what should I post?") is about the set the context names last.',
        ),
      idempotency_key: z
        .uuid()
        .describe("A UUID you generate per distinct request and reuse only to retry that identical request."),
    })
    .strict(),
  record: runRecordSchema,
  // Not read-only (it consumes allowance and stores a run), not destructive, idempotent per key, closed world.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "agent:request",
  cost: "analyst",
  rest: {
    method: "POST",
    path: "/agent/answers",
    description:
      "Starts an analyst request and streams it as Server-Sent Events (`event: heartbeat` every CRS_ANALYST_HEARTBEAT_MS with `{status, elapsed_ms}`, then one `event: final` whose data is the whole AnalystRun). With `Accept: application/json` the completed run is returned as JSON after the full runtime. The result is saved before `final` is written: if the connection drops, retry with the same Idempotency-Key and body, or GET the status URL. Same key + same body while running → 202 with `Location`; after completion → the saved result, consuming nothing; same key + different body → 409. Keys are kept 30 days after the run finished. A failed run (refunded) may be retried with the same key and body: that starts fresh work.",
    errors: [400, 401, 403, 406, 409, 429, 502, 503],
    errorNotes: {
      400: "Missing or invalid Idempotency-Key, invalid or unknown body property.",
      403: "No `agent:request` scope, or the organisation has no analyst entitlement.",
      406: "Accept allows neither text/event-stream nor application/json.",
      409: "Idempotency key reused with a different body (`idempotency_conflict`).",
      429: "Analyst hourly, concurrency or monthly limit reached; wait `Retry-After` seconds.",
      502: "The run failed (JSON delivery); refunded. Retry with the same key and body.",
      503: "Temporarily unavailable; retry with backoff and the same key.",
    },
    recordName: "AnalystRun",
    // Any 8..200 characters over REST; the run is stored under the key as sent (ctx.sentAs).
    headers: [
      {
        header: "Idempotency-Key",
        input: "idempotency_key",
        description:
          "Caller-generated key (8..200 characters, e.g. a UUID), reused only to retry the identical request.",
        minLength: 8,
        maxLength: 200,
        hint: "Send an Idempotency-Key header (8..200 characters, e.g. a UUID).",
        toInput: toolKeyFor,
      },
    ],
    stream: {
      progressEvent: "heartbeat",
      finalEvent: "final",
      description: "The run: an SSE stream (default) or, with Accept: application/json, the completed run.",
    },
    budget: "analyst",
    pending: {
      location: (run: Run) =>
        run.replayed && (run.status === "queued" || run.status === "running") ? run.status_url : undefined,
      description:
        "An identical request is still running; poll `Location` (the status URL). No second stream.",
    },
    // JSON delivery of a failed run: 502 (transient), pointing at the saved record; the allowance was refunded.
    failure: (run: Run) =>
      run.status !== "failed"
        ? undefined
        : new ServiceError("analyst_unavailable", 502, "Analyst run failed", {
            detail: `The analyst run failed (${run.error?.code ?? "engine_failed"}); the request was refunded.`,
            hint: "Retry with the same Idempotency-Key and body: a failed run's key starts fresh work.",
            extra: { run_id: run.id, status_url: run.status_url, error_code: run.error?.code ?? null },
          }),
    routes: [getAnalystRequestRoute],
  },
  summarize: ({ data }) => {
    if (data.status === "completed" && data.answer) return answerSummary(data.answer, data.id);
    if (data.status === "failed")
      return `The analyst request failed (${data.error?.code ?? "engine_failed"}); it was refunded. Retry with the same idempotency_key.`;
    return `The analyst request is ${data.status}; call again with the same idempotency_key for the result (status: ${data.status_url}).`;
  },
  handler: (input, ctx) => {
    if (!ctx.deps.analyst) throw internalError(new Error("analyst service not wired"));
    return ctx.deps.analyst.analyzeForTool(ctx.principal, input, ctx) as Promise<Run>;
  },
});
