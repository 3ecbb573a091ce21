import { z } from "zod";
import type { PublicUrls } from "../config/index.js";
import { MAX_PAGES } from "../registry/cursor.js";
import { pathParameters, restBodySchema, restDefinitions, type ToolDefinition } from "../registry/define.js";
import { inputProperties } from "../registry/input-errors.js";
import { pageMetaSchema } from "../registry/schemas.js";
import type { CostClass } from "../registry/types.js";
import { PROBLEM_CATALOG } from "../shared/problem-catalog.js";
import { describeService } from "./description.js";

type Json = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (what OpenAPI 3.1 uses), without the `$schema` key. */
function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

const problemRef = (description: string, extraHeaders: Json = {}) => ({
  description,
  headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, ...extraHeaders },
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid parameter, unknown parameter or invalid cursor (see `code`).",
  401: "Missing, malformed, unknown, revoked, rotated-out or expired credential.",
  403: "Credential valid but scope, entitlement, subscription or grant insufficient (see `code`).",
  404: "No such resource.",
  406: "Accept allows none of the response's media types.",
  409: "Idempotency key reused with a different body.",
  429: "A fair-use or rate limit was reached; wait `Retry-After` seconds.",
  503: "A dependency is briefly unavailable (storage full, read-only or locked; the limits store (Redis) unreachable): nothing was counted; wait `Retry-After` seconds (code `service_unavailable`).",
};

/** The headers that report a cost class's budget (RestBinding.budget), as component references. */
const BUDGET_HEADERS: Partial<Record<CostClass, Json>> = {
  analyst: {
    "X-Agent-Limit": { $ref: "#/components/headers/X-Agent-Limit" },
    "X-Agent-Remaining": { $ref: "#/components/headers/X-Agent-Remaining" },
    "X-Agent-Reset": { $ref: "#/components/headers/X-Agent-Reset" },
  },
};

function errorResponses(tool: ToolDefinition, budget: Json): Json {
  // Every limited call can also answer 503 `service_unavailable` (storage or the shared limits store unreachable).
  const statuses = [
    ...new Set([
      ...(tool.rest.errors ?? (tool.kind === "list" ? [400, 401, 403, 429] : [400, 401, 403, 404, 429])),
      503,
    ]),
  ];
  const text = (status: number) => tool.rest.errorNotes?.[status] ?? STATUS_TEXT[status] ?? "Error.";
  const out: Json = {};
  for (const status of statuses) {
    out[String(status)] =
      status === 429 || status === 503
        ? problemRef(text(status), {
            ...budget,
            "Retry-After": { $ref: "#/components/headers/Retry-After" },
          })
        : status === 401
          ? problemRef(text(401), {
              "WWW-Authenticate": { schema: { type: "string" }, description: "`Bearer` challenge." },
            })
          : problemRef(text(status), budget);
  }
  return out;
}

function operationId(name: string): string {
  return name.replace(/^service_/, "").replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
}

const componentName = (tool: ToolDefinition, suffix: string) =>
  `${operationId(tool.name).replace(/^./, (c) => c.toUpperCase())}${suffix}`;

/** Path, query and header parameters; a POST's other inputs are its JSON body (`requestBody`). */
function parameters(tool: ToolDefinition): Json[] {
  const headerInputs = tool.rest.headers ?? [];
  const fromHeaders = new Set(headerInputs.map((h) => h.input));
  const props = inputProperties(tool.input);
  const required = new Set(
    ((jsonSchema(tool.input, "input").required as string[] | undefined) ?? []).filter(
      (n) => props[n]?.default === undefined,
    ),
  );
  const pathNames = pathParameters(tool.rest.path);
  const fromUrl = Object.entries(props).filter(
    ([name]) => !fromHeaders.has(name) && (tool.rest.method === "GET" || pathNames.includes(name)),
  );
  return [
    ...fromUrl.map(([name, schema]) => {
      const { description, ...rest } = schema as Json;
      const inPath = pathNames.includes(name);
      return {
        name,
        in: inPath ? "path" : "query",
        required: inPath || required.has(name),
        description: (description as string | undefined) ?? name,
        schema: rest,
      };
    }),
    ...headerInputs.map((h) => ({
      name: h.header,
      in: "header",
      required: true,
      description: h.description,
      schema: { type: "string", minLength: h.minLength, maxLength: h.maxLength },
    })),
  ];
}

function toolOperation(tool: ToolDefinition, envelope: Json, restOnly: boolean, schemas: Json): Json {
  const { rest } = tool;
  const budget = (rest.budget && BUDGET_HEADERS[rest.budget]) || {};
  const answerHeaders = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    RateLimit: { $ref: "#/components/headers/RateLimit" },
    "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
    ...budget,
  };
  const json = { "application/json": { schema: envelope } };
  const record = rest.recordName ?? "the record";
  const operation: Json = {
    operationId: operationId(tool.name),
    summary: tool.title,
    description: restOnly
      ? (rest.description ?? tool.description)
      : `${rest.description ?? tool.description}\n\nMCP tool: \`${tool.name}\`. Scope: \`${tool.scope}\`.`,
    tags: [rest.path.split("/")[1] ?? "service"],
    security: [{ bearerAuth: [tool.scope] }],
    parameters: parameters(tool),
  };
  if (rest.method === "POST") {
    const name = componentName(tool, "Request");
    schemas[name] = jsonSchema(restBodySchema(tool), "input");
    operation.requestBody = {
      required: true,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
    };
  }
  operation.responses = {
    "200": {
      description: rest.stream
        ? rest.stream.description
        : tool.kind === "list"
          ? "A page of results (list envelope)."
          : "The record (single-record envelope).",
      headers: answerHeaders,
      content: rest.stream
        ? {
            "text/event-stream": {
              schema: {
                type: "string",
                description: `\`event: ${rest.stream.progressEvent}\` frames, then one \`event: ${rest.stream.finalEvent}\` (${record}).`,
              },
            },
            ...json,
          }
        : json,
    },
    ...(rest.pending
      ? {
          "202": {
            description: rest.pending.description,
            headers: {
              ...answerHeaders,
              Location: {
                description: "The status URL: poll it for the final record.",
                schema: { type: "string" },
              },
            },
            content: json,
          },
        }
      : {}),
    ...errorResponses(tool, budget),
  };
  return operation;
}

/** The OpenAPI 3.1 document, generated from the registry; serialised once and served byte-identically. */
export function buildOpenApi(tools: readonly ToolDefinition[], urls: PublicUrls): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = {
    PageMeta: jsonSchema(pageMetaSchema),
    Problem: {
      type: "object",
      required: ["type", "title", "status", "request_id"],
      properties: {
        type: {
          type: "string",
          format: "uri",
          description: "`{problems_url}/<code>`; a page describing the code.",
        },
        title: { type: "string" },
        status: { type: "integer" },
        detail: { type: "string" },
        code: {
          type: "string",
          enum: Object.keys(PROBLEM_CATALOG),
          description: "Stable machine-readable cause.",
        },
        request_id: { type: "string", format: "uuid" },
        hint: { type: "string", description: "How to fix the call." },
        retry_after: { type: "integer", description: "Seconds to wait (429 only); same as `Retry-After`." },
        parameter: { type: "string", description: "The parameter at fault (400 only)." },
      },
    },
  };
  for (const tool of restDefinitions(tools)) {
    const envelope = jsonSchema(tool.output) as { properties?: Json; required?: string[] };
    envelope.properties = { ...envelope.properties, request_id: { type: "string", format: "uuid" } };
    if (tool.kind === "list") envelope.properties.meta = { $ref: "#/components/schemas/PageMeta" };
    // A record several operations answer (the analyst run) is one component.
    const recordName = tool.kind === "single" ? tool.rest.recordName : undefined;
    if (tool.kind === "single" && recordName) {
      schemas[recordName] ??= jsonSchema(tool.record);
      envelope.properties.data = { $ref: `#/components/schemas/${recordName}` };
    }
    envelope.required = [...(envelope.required ?? []), "request_id"];
    const schemaName = componentName(tool, "Response");
    schemas[schemaName] = envelope as Json;
    const path = tool.rest.path;
    paths[path] = {
      ...(paths[path] ?? {}),
      [tool.rest.method.toLowerCase()]: toolOperation(
        tool,
        { $ref: `#/components/schemas/${schemaName}` },
        !tools.includes(tool),
        schemas,
      ),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Creative Research Service API",
      version: "1.0.0-beta.1",
      description: describeService(urls, MAX_PAGES),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      contact: { name: "Creative Research Service support" },
    },
    servers: [{ url: urls.baseUrl, description: "This deployment (`{base_url}`, ends in /v1)." }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "videos", description: "Search, fetch, similar hooks." },
      { name: "feeds", description: "Ranked feeds." },
      { name: "creators", description: "Creators by immutable UID." },
      { name: "advertisers", description: "Advertisers by canonical UUID." },
      { name: "trends", description: "Trend reports." },
      { name: "agent", description: "The analyst." },
      { name: "usage", description: "Usage and fair use." },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "`Authorization: Bearer crs_<prefix>_<secret>` (API key). At /mcp an OAuth 2.1 access token from a registered client is also accepted. Never put a key in a URL.",
        },
      },
      headers: {
        "X-Request-Id": {
          description: "The request id (UUID), also in every body as `request_id`.",
          schema: { type: "string", format: "uuid" },
        },
        "Retry-After": {
          description: "Integer seconds to wait before retrying.",
          schema: { type: "integer", minimum: 1 },
        },
        RateLimit: {
          description:
            "IETF RateLimit header for the control closest to its limit (remaining `r`, seconds to reset `t`).",
          schema: { type: "string" },
        },
        "RateLimit-Policy": {
          description: "IETF RateLimit-Policy for that control (quota `q`, window seconds `w`).",
          schema: { type: "string" },
        },
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
      },
      schemas,
    },
  };
}

export function serialiseOpenApi(doc: Json): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
