import { z } from "zod";
import type { PublicUrls } from "../config/index.js";
import { PROBLEM_CATALOG } from "../http/problem-catalog.js";
import { MAX_PAGES } from "../registry/cursor.js";
import type { ToolDefinition } from "../registry/define.js";
import { inputProperties } from "../registry/input-errors.js";
import { pageMetaSchema } from "../registry/schemas.js";
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
  409: "Idempotency key reused with a different body.",
  429: "A fair-use or rate limit was reached; wait `Retry-After` seconds.",
  503: "The limits store (Redis) is unreachable: nothing was counted; wait `Retry-After` seconds (code `unavailable`).",
};

function errorResponses(statuses: number[]): Json {
  const out: Json = {};
  for (const status of statuses) {
    out[String(status)] =
      status === 429 || status === 503
        ? problemRef(STATUS_TEXT[status] as string, {
            "Retry-After": { $ref: "#/components/headers/Retry-After" },
          })
        : status === 401
          ? problemRef(STATUS_TEXT[401] as string, {
              "WWW-Authenticate": { schema: { type: "string" }, description: "`Bearer` challenge." },
            })
          : problemRef(STATUS_TEXT[status] ?? "Error.");
  }
  return out;
}

function operationId(name: string): string {
  return name.replace(/^service_/, "").replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
}

function toolOperation(tool: ToolDefinition, schemaName: string): Json {
  const props = inputProperties(tool.input);
  const required = new Set(
    ((jsonSchema(tool.input, "input").required as string[] | undefined) ?? []).filter(
      (n) => props[n]?.default === undefined,
    ),
  );
  const pathNames = [...tool.rest.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const parameters = Object.entries(props).map(([name, schema]) => {
    const { description, ...rest } = schema as Json;
    const inPath = pathNames.includes(name);
    return {
      name,
      in: inPath ? "path" : "query",
      required: inPath || required.has(name),
      description: (description as string | undefined) ?? name,
      schema: rest,
    };
  });
  // Every limited call can also answer 503 `unavailable` when the shared limits store (Redis) is unreachable.
  const statuses = [
    ...new Set([
      ...(tool.rest.errors ?? (tool.kind === "list" ? [400, 401, 403, 429] : [400, 401, 403, 404, 429])),
      503,
    ]),
  ];
  return {
    operationId: operationId(tool.name),
    summary: tool.title,
    description: `${tool.description}\n\nMCP tool: \`${tool.name}\`. Scope: \`${tool.scope}\`.`,
    tags: [tool.rest.path.split("/")[1] ?? "service"],
    security: [{ bearerAuth: [tool.scope] }],
    parameters,
    responses: {
      "200": {
        description:
          tool.kind === "list"
            ? "A page of results (list envelope)."
            : "The record (single-record envelope).",
        headers: {
          "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
          RateLimit: { $ref: "#/components/headers/RateLimit" },
          "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
        },
        content: { "application/json": { schema: { $ref: `#/components/schemas/${schemaName}` } } },
      },
      ...errorResponses(statuses),
    },
  };
}

export interface OpenApiExtras {
  /** Paths a module mounts by itself (the analyst), already in OpenAPI form. */
  paths?: Record<string, Json>;
  schemas?: Record<string, Json>;
}

/** The OpenAPI 3.1 document, generated from the registry; serialised once and served byte-identically. */
export function buildOpenApi(
  tools: readonly ToolDefinition[],
  urls: PublicUrls,
  extras: OpenApiExtras = {},
): Json {
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
  for (const tool of tools) {
    // Custom routes (the analyst) describe their own responses in `extras`.
    if (tool.rest.custom) continue;
    const schemaName = `${operationId(tool.name).replace(/^./, (c) => c.toUpperCase())}Response`;
    const envelope = jsonSchema(tool.output) as { properties?: Json; required?: string[] };
    envelope.properties = { ...envelope.properties, request_id: { type: "string", format: "uuid" } };
    if (tool.kind === "list") envelope.properties.meta = { $ref: "#/components/schemas/PageMeta" };
    envelope.required = [...(envelope.required ?? []), "request_id"];
    schemas[schemaName] = envelope as Json;
    const path = tool.rest.path;
    paths[path] = {
      ...(paths[path] ?? {}),
      [tool.rest.method.toLowerCase()]: toolOperation(tool, schemaName),
    };
  }
  Object.assign(paths, extras.paths ?? {});
  Object.assign(schemas, extras.schemas ?? {});
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
      },
      schemas,
    },
  };
}

export function serialiseOpenApi(doc: Json): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
