import { z } from "zod";
import type { OpenApiExtras } from "../openapi/build.js";
import { runRecordSchema } from "./record.js";
import { analystRequestBody } from "./routes.js";

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
};

const AGENT_HEADERS: Json = {
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  "X-Agent-Limit": {
    description: "The organisation's monthly analyst allowance (requests per UTC month).",
    schema: { type: "integer" },
  },
  "X-Agent-Remaining": {
    description: "Analyst requests left this UTC month after this request.",
    schema: { type: "integer" },
  },
  "X-Agent-Reset": {
    description: "When the allowance renews: start of the next UTC month, Unix seconds.",
    schema: { type: "integer" },
  },
};

const problem = (description: string, extraHeaders: Json = {}) => ({
  description,
  headers: { ...AGENT_HEADERS, ...extraHeaders },
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

const runEnvelope = {
  type: "object",
  properties: {
    data: { $ref: "#/components/schemas/AnalystRun" },
    request_id: { type: "string", format: "uuid" },
  },
  required: ["data", "request_id"],
};

/** The analyst's own routes, in OpenAPI form (they are mounted by the analyst, not the tool bridge). */
export function analystOpenApi(): OpenApiExtras {
  const retryAfter = { "Retry-After": { $ref: "#/components/headers/Retry-After" } };
  return {
    schemas: {
      AnalystRun: schemaOf(runRecordSchema, "output"),
      AnalystRequest: schemaOf(analystRequestBody, "input"),
    },
    paths: {
      "/agent/answers": {
        post: {
          operationId: "analyze",
          summary: "Ask the analyst",
          description:
            "Starts an analyst request and streams it as Server-Sent Events (`event: heartbeat` every CRS_ANALYST_HEARTBEAT_MS with `{status, elapsed_ms}`, then one `event: final` whose data is the whole AnalystRun). With `Accept: application/json` the completed run is returned as JSON after the full runtime. The result is saved before `final` is written: if the connection drops, retry with the same Idempotency-Key and body, or GET the status URL. Same key + same body while running → 202 with `Location`; after completion → the saved result, consuming nothing; same key + different body → 409. Keys are kept 30 days after the run finished. A failed run (refunded) may be retried with the same key and body: that starts fresh work.\n\nMCP tool: `service_analyze`. Scope: `agent:request`.",
          tags: ["agent"],
          security: [{ bearerAuth: ["agent:request"] }],
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: true,
              description:
                "Caller-generated key (8..200 characters, e.g. a UUID), reused only to retry the identical request.",
              schema: { type: "string", minLength: 8, maxLength: 200 },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/AnalystRequest" } } },
          },
          responses: {
            "200": {
              description:
                "The run: an SSE stream (default) or, with Accept: application/json, the completed run.",
              headers: AGENT_HEADERS,
              content: {
                "text/event-stream": {
                  schema: {
                    type: "string",
                    description: "`event: heartbeat` frames, then one `event: final` (AnalystRun).",
                  },
                },
                "application/json": { schema: runEnvelope },
              },
            },
            "202": {
              description:
                "An identical request is still running; poll `Location` (the status URL). No second stream.",
              headers: {
                ...AGENT_HEADERS,
                Location: { description: "The status URL.", schema: { type: "string" } },
              },
              content: { "application/json": { schema: runEnvelope } },
            },
            "400": problem("Missing or invalid Idempotency-Key, invalid or unknown body property."),
            "401": problem("Missing or invalid credential."),
            "403": problem("No `agent:request` scope, or the organisation has no analyst entitlement."),
            "406": problem("Accept allows neither text/event-stream nor application/json."),
            "409": problem("Idempotency key reused with a different body (`idempotency_conflict`)."),
            "429": problem(
              "Analyst hourly, concurrency or monthly limit reached; wait `Retry-After` seconds.",
              retryAfter,
            ),
            "502": problem("The run failed (JSON delivery); refunded. Retry with the same key and body."),
            "503": problem("Temporarily unavailable; retry with backoff and the same key."),
          },
        },
      },
      "/agent/answers/{id}": {
        get: {
          operationId: "getAnalystRequest",
          summary: "Get an analyst request",
          description:
            "The status or result of an analyst request owned by the caller's organisation (others' → 404).",
          tags: ["agent"],
          security: [{ bearerAuth: [] }],
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "Analyst request id (UUID).",
              schema: { type: "string", format: "uuid" },
            },
          ],
          responses: {
            "200": {
              description: "The run record (single-record envelope).",
              headers: AGENT_HEADERS,
              content: { "application/json": { schema: runEnvelope } },
            },
            "401": problem("Missing or invalid credential."),
            "404": problem("No such analyst request for this organisation."),
            "429": problem("Rate limit reached.", retryAfter),
          },
        },
      },
    },
  };
}
