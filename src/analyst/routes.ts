import { createHash } from "node:crypto";
import type { Request, Response, Router } from "express";
import { z } from "zod";
import { invalidParameter, notFound, ServiceError } from "../errors.js";
import type { RouteHelpers } from "../http/app.js";
import type { Limiter } from "../limits/index.js";
import { inputError } from "../registry/input-errors.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";
import type { AnalystCallMeta } from "./call-meta.js";
import type { RunRecord } from "./record.js";
import type { AnalystService } from "./service.js";
import { SseStream } from "./sse.js";

export const ANALYZE_TOOL = "service_analyze";

/** The REST body: the tool's input minus the key, which travels in the Idempotency-Key header. */
export const analystRequestBody = z
  .object({
    question: z.string().min(1).max(8000).describe("The question, 1..8000 characters."),
    context: z
      .string()
      .max(12_000)
      .optional()
      .describe("Optional background for the analyst, up to 12000 characters."),
  })
  .strict();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tool input wants a UUID key; a REST key that is not one maps to a stable UUID-shaped digest of itself. */
export function toolKeyFor(restKey: string): string {
  if (UUID.test(restKey)) return restKey.toLowerCase();
  const hex = createHash("sha256").update(restKey).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function idempotencyKeyOf(req: Request): string {
  const key = req.get("Idempotency-Key");
  if (key === undefined)
    throw invalidParameter(
      "Idempotency-Key",
      "is required",
      "Send an Idempotency-Key header (8..200 characters, e.g. a UUID).",
    );
  if (key.length < 8 || key.length > 200)
    throw invalidParameter("Idempotency-Key", "must be 8 to 200 characters");
  return key;
}

function deliveryOf(req: Request): "sse" | "json" {
  const accepted = req.accepts(["text/event-stream", "application/json"]);
  if (accepted === false) {
    throw new ServiceError("not_acceptable", 406, "Not acceptable", {
      detail: "This endpoint answers text/event-stream (default) or application/json.",
      hint: "Send Accept: text/event-stream or Accept: application/json.",
    });
  }
  return accepted === "application/json" ? "json" : "sse";
}

export interface AnalystRouteParts {
  registry: ToolRegistry;
  service: Pick<AnalystService, "status">;
  limiter: Pick<Limiter, "analystHeaders" | "admit">;
  problemsUrl: string;
}

/** POST /agent/answers (SSE or JSON, through the registry's one call path) and GET /agent/answers/{id}. */
export function mountAnalystRoutes(router: Router, helpers: RouteHelpers, parts: AnalystRouteParts): void {
  const agentHeaders = (principal: Principal) => ({ ...parts.limiter.analystHeaders(principal.orgId) });

  router.post("/agent/answers", ...helpers.jsonBody, async (req: Request, res: Response) => {
    const principal = helpers.principalOf(req);
    const requestId = helpers.requestIdOf(req);
    res.set(agentHeaders(principal));
    const key = idempotencyKeyOf(req);
    const body = analystRequestBody.safeParse(req.body);
    if (!body.success) throw inputError(analystRequestBody, body.error);
    const delivery = deliveryOf(req);
    const stream = new SseStream(res);
    const meta: AnalystCallMeta = {
      idempotencyKey: key,
      onHeartbeat:
        delivery === "sse"
          ? (beat) => {
              stream.open(agentHeaders(principal));
              stream.send("heartbeat", beat);
            }
          : undefined,
    };
    let outcome: Awaited<ReturnType<ToolRegistry["invoke"]>>;
    try {
      outcome = await parts.registry.invoke(
        ANALYZE_TOOL,
        { ...body.data, idempotency_key: toolKeyFor(key) },
        principal,
        { requestId, transport: "rest", meta: { analyst: meta } },
      );
    } catch (error) {
      // Any failure carries the allowance as it stands now (a 429 brings its own, identical values).
      if (error instanceof ServiceError && !stream.isOpen) res.set(agentHeaders(principal));
      throw error;
    }
    const record = (outcome.output as { data: RunRecord }).data;
    const headers = { ...outcome.headers, ...agentHeaders(principal) };

    if (record.replayed && (record.status === "queued" || record.status === "running")) {
      res
        .status(202)
        .set({ ...headers, Location: record.status_url })
        .json({ data: record, request_id: requestId });
      return;
    }
    if (delivery === "sse") {
      stream.open(headers);
      stream.send("final", record);
      stream.end();
      return;
    }
    if (record.status === "failed") throw runFailed(record, headers);
    res.status(200).set(headers).json({ data: record, request_id: requestId });
  });

  router.get("/agent/answers/:id", async (req: Request, res: Response) => {
    const principal = helpers.principalOf(req);
    const { headers } = await parts.limiter.admit(principal, "usage");
    res.set({ ...headers, ...agentHeaders(principal) });
    const id = String(req.params.id);
    const record = UUID.test(id) ? parts.service.status(principal, id.toLowerCase()) : undefined;
    if (!record) throw notFound("analyst request", id);
    res.status(200).json({ data: record, request_id: helpers.requestIdOf(req) });
  });

  router.all("/agent/answers/:id", () => {
    throw new ServiceError("method_not_allowed", 405, "Method not allowed", {
      detail: "Only GET is allowed on an analyst request.",
      hint: "Use GET.",
      headers: { Allow: "GET, HEAD" },
    });
  });
}

/** JSON delivery of a failed run: 502 (transient), pointing at the saved record; the allowance was refunded. */
function runFailed(record: RunRecord, headers: Record<string, string>): ServiceError {
  return new ServiceError("analyst_unavailable", 502, "Analyst run failed", {
    detail: `The analyst run failed (${record.error?.code ?? "engine_failed"}); the request was refunded.`,
    hint: "Retry with the same Idempotency-Key and body: a failed run's key starts fresh work.",
    headers,
    extra: { run_id: record.id, status_url: record.status_url, error_code: record.error?.code ?? null },
  });
}
