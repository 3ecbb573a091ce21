import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { z } from "zod";
import { publicUrls } from "../../../src/config/index.js";
import { type AppParts, createApp } from "../../../src/http/app.js";
import { createMetrics, type Metrics } from "../../../src/http/metrics.js";
import {
  defineListTool,
  defineSingleTool,
  defineTools,
  READ_ONLY,
  type ToolDefinition,
} from "../../../src/registry/define.js";
import { type ToolLimiter, ToolRegistry } from "../../../src/registry/invoke.js";
import { cursorParam, limitParam } from "../../../src/registry/schemas.js";
import type { Principal, ServiceDeps, ToolCallContext } from "../../../src/registry/types.js";
import { ServiceError } from "../../../src/shared/errors.js";

/** What the test tools saw: their parsed input and the context's header texts, newest last. */
export interface Seen {
  tool: string;
  input: Record<string, unknown>;
  sentAs?: Record<string, string>;
  transport: ToolCallContext["transport"];
}

export const TOKEN = "test-token";
export const METRICS_TOKEN = "metrics-secret-token";
export const ALLOWED_ORIGIN = "https://app.example.com";

export const principal: Principal = {
  kind: "api_key",
  credentialId: "k1",
  keyId: "k1",
  keyPrefix: "p1",
  clientId: null,
  userId: "u1",
  orgId: "o1",
  scopes: ["content:read", "agent:request"],
};

const thing = z.object({ id: z.string(), n: z.number().nullable() });
const job = z.object({ id: z.string(), state: z.enum(["done", "running", "failed"]), key: z.string() });

/**
 * A small registry that exercises every part of a REST binding: GET lists with typed query parameters, a
 * path parameter, a POST with a header input that maps onto the tool input, a streamed response mode, a
 * pending (202) record, a failure record, a budget and a REST-only route.
 */
export function testTools(seen: Seen[]): readonly ToolDefinition[] {
  const record = (tool: string, input: Record<string, unknown>, ctx: ToolCallContext) =>
    seen.push({ tool, input: { ...input }, sentAs: ctx.sentAs, transport: ctx.transport });

  const listThings = defineListTool({
    name: "service_list_things",
    title: "List things",
    description: "Things, filtered.",
    input: z
      .object({
        q: z.string().max(50).optional(),
        n: z.number().int().min(-10).max(10).optional(),
        ratio: z.number().optional(),
        flag: z.boolean().optional(),
        code: z.enum(["1", "2"]).optional(),
        window: z.union([z.literal(0), z.literal(7)]).optional(),
        fail: z.enum(["rate", "crash", "bad_output"]).optional(),
        limit: limitParam(5, 2),
        cursor: cursorParam,
      })
      .strict(),
    item: thing,
    annotations: READ_ONLY,
    scope: "content:read",
    cost: "content",
    rest: { method: "GET", path: "/things" },
    summarize: ({ data }) => `${data.length} things`,
    handler: (input, ctx) => {
      record("service_list_things", input, ctx);
      if (input.fail === "rate")
        throw new ServiceError("rate_limited", 429, "Rate limited", {
          detail: "Too many things.",
          retryAfter: 2.4,
          headers: { RateLimit: "r=0, t=3" },
        });
      if (input.fail === "crash") throw new Error("database file /secret/path exploded");
      if (input.fail === "bad_output") return { items: [{ id: 5 } as never], total: 1, next: null };
      const start = typeof ctx.after === "number" ? ctx.after : 0;
      const items = Array.from({ length: input.limit }, (_, i) => ({ id: `t${start + i}`, n: start + i }));
      return { items, total: null, next: start + input.limit };
    },
  });

  const getThing = defineSingleTool({
    name: "service_get_thing",
    title: "Get a thing",
    description: "One thing by id.",
    input: z.object({ id: z.string().min(1).max(20) }).strict(),
    record: thing,
    annotations: READ_ONLY,
    scope: "content:read",
    cost: "content",
    rest: { method: "GET", path: "/things/{id}" },
    summarize: ({ data }) => `thing ${data.id}`,
    handler: (input, ctx) => {
      record("service_get_thing", input, ctx);
      return { id: input.id, n: null };
    },
  });

  // A GET that also takes a header input (so the query cannot carry it).
  const peekThing = defineSingleTool({
    name: "service_peek_thing",
    title: "Peek",
    description: "A thing chosen by a header.",
    input: z.object({ token: z.string(), q: z.string().optional() }).strict(),
    record: thing,
    annotations: READ_ONLY,
    scope: "content:read",
    cost: "content",
    rest: {
      method: "GET",
      path: "/peek",
      headers: [
        {
          header: "X-Peek-Token",
          input: "token",
          description: "Which thing.",
          minLength: 2,
          maxLength: 4,
          hint: "Send X-Peek-Token.",
        },
      ],
    },
    summarize: () => "peek",
    handler: (input, ctx) => {
      record("service_peek_thing", input, ctx);
      return { id: input.token, n: null };
    },
  });

  const jobStatus = defineSingleTool({
    name: "service_get_job",
    title: "Get a job",
    description: "A job's status (REST only).",
    input: z.object({ id: z.string() }).strict(),
    record: job,
    annotations: READ_ONLY,
    scope: "agent:request",
    cost: "usage",
    rest: { method: "GET", path: "/jobs/{id}", budget: "analyst" },
    summarize: ({ data }) => data.state,
    handler: (input, ctx) => {
      record("service_get_job", input, ctx);
      return { id: input.id, state: "done" as const, key: "-" };
    },
  });

  const startJob = defineSingleTool({
    name: "service_start_job",
    title: "Start a job",
    description: "Runs a job; streamed or JSON.",
    input: z
      .object({
        question: z.string().min(1).max(100),
        outcome: z.enum(["done", "running", "failed"]).optional(),
        key: z.string().startsWith("k:"),
      })
      .strict(),
    record: job,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    scope: "agent:request",
    cost: "analyst",
    rest: {
      method: "POST",
      path: "/jobs",
      headers: [
        {
          header: "Idempotency-Key",
          input: "key",
          description: "Caller key.",
          minLength: 8,
          maxLength: 200,
          hint: "Send an Idempotency-Key header (8..200 characters).",
          toInput: (text) => `k:${text.toLowerCase()}`,
        },
      ],
      stream: { progressEvent: "tick", finalEvent: "final", description: "SSE or JSON." },
      budget: "analyst",
      pending: {
        location: (data) => (data.state === "running" ? `/v1/jobs/${data.id}` : undefined),
        description: "Still running.",
      },
      failure: (data) =>
        data.state === "failed"
          ? new ServiceError("analyst_unavailable", 502, "Job failed", {
              detail: "The job failed.",
              extra: { job_id: data.id },
            })
          : undefined,
      routes: [jobStatus],
    },
    summarize: ({ data }) => data.state,
    handler: (input, ctx) => {
      record("service_start_job", input, ctx);
      // Like the analyst: a run still going elsewhere is answered at once (no progress), others report progress.
      if (input.outcome !== "running") {
        ctx.progress?.({ progress: 1, detail: { step: 1 } });
        ctx.progress?.({ progress: 2 });
      }
      return { id: "job-1", state: input.outcome ?? "done", key: input.key };
    },
  });

  return defineTools(listThings, getThing, peekThing, startJob);
}

/** The limiter's view of the analyst budget: fixed figures, so answers can be checked for them. */
export const BUDGET = { "X-Agent-Limit": "10", "X-Agent-Remaining": "7", "X-Agent-Reset": "1900000000" };
const limiter: ToolLimiter = {
  admit: async () => ({ headers: { RateLimit: "r=99, t=60" } }),
  budgetHeaders: async (_p, cost) => (cost === "analyst" ? BUDGET : {}),
};

export interface TestApp {
  url: string;
  seen: Seen[];
  registry: ToolRegistry;
  metrics: Metrics;
  /** fetch against the app with the test bearer token (unless headers.authorization is given). */
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real express app (src/http/app.ts) with the real bridge over a test registry, on a loopback port.
 * Authentication accepts `Bearer test-token` only; a body containing "crs_" is a misplaced credential.
 */
export async function startTestApp(
  options: { tools?: readonly ToolDefinition[]; parts?: Partial<AppParts> } = {},
): Promise<TestApp> {
  const seen: Seen[] = [];
  const metrics = createMetrics();
  const deps = {
    secret: "s".repeat(32),
    clock: { nowSeconds: () => 1_800_000_000 },
  } as unknown as ServiceDeps;
  const registry = new ToolRegistry(options.tools ?? testTools(seen), deps, limiter, metrics.observeTool);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const urls = publicUrls({ host: "127.0.0.1", port } as never);
  const unauthorized = () =>
    new ServiceError("unauthorized", 401, "Unauthorized", {
      detail: "Missing or unknown credential.",
      headers: { "WWW-Authenticate": 'Bearer realm="crs"' },
    });
  const app = createApp({
    registry,
    authenticate: async (req) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) throw unauthorized();
      return principal;
    },
    authFailures: { failed: async (_address, _authorization, refusal) => refusal },
    clientAddress: (req) => req.socket.remoteAddress ?? "",
    checkBody: (req) => {
      if (JSON.stringify(req.body).includes("crs_"))
        throw new ServiceError("credential_misplaced", 400, "Credential misplaced", {
          detail: "A credential was found in the body.",
        });
    },
    corsOrigins: [ALLOWED_ORIGIN],
    metricsToken: METRICS_TOKEN,
    urls,
    openapiJson: '{"openapi":"3.1.0"}',
    protectedResourceMetadata: () => null,
    mcp: {
      guards: [],
      handle: async (_req, res, body, caller) => {
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ body, requestId: caller.requestId }));
      },
    },
    metrics,
    health: async () => ({ ok: true, detail: "ok" }),
    ...options.parts,
  });
  server.on("request", app);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    seen,
    registry,
    metrics,
    call: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has("authorization")) headers.set("authorization", `Bearer ${TOKEN}`);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A problem answer's body, after checking that it is one. */
export async function problem(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.status).toBe(res.status);
  expect(body.request_id).toBe(res.headers.get("x-request-id"));
  return body;
}
