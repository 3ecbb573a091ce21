import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_PAGES } from "../../../src/registry/cursor.js";
import {
  defineListTool,
  defineSingleTool,
  defineTools,
  pathParameters,
  READ_ONLY,
  restBodySchema,
  restDefinitions,
} from "../../../src/registry/define.js";
import {
  type CallObserver,
  type InvokeOptions,
  type ToolLimiter,
  ToolRegistry,
} from "../../../src/registry/invoke.js";
import { cursorParam, limitParam } from "../../../src/registry/schemas.js";
import type { CostClass, Principal, ServiceDeps } from "../../../src/registry/types.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { logger } from "../../../src/shared/log.js";

const principal = (orgId = "org-a", scopes: Principal["scopes"] = ["content:read"]): Principal => ({
  kind: "api_key",
  credentialId: `k-${orgId}`,
  keyId: `k-${orgId}`,
  keyPrefix: "p",
  clientId: null,
  userId: "u",
  orgId,
  scopes,
});

type Behaviour = "ok" | "bad_output" | "rate_limited" | "refused" | "crash" | "busy";

const count = defineListTool({
  name: "service_count",
  title: "Count",
  description: "Counts from 0, `limit` a page, forever.",
  input: z
    .object({ step: z.number().int().min(1).default(1), limit: limitParam(10, 3), cursor: cursorParam })
    .strict(),
  item: z.object({ n: z.number() }),
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/count" },
  summarize: ({ data, meta }) => `${data.length} numbers, more: ${meta.has_more}`,
  handler: (input, ctx) => {
    const start = (ctx.after as number | null) ?? 0;
    const items = Array.from({ length: input.limit }, (_, i) => ({ n: start + i * input.step }));
    return { items, total: null, next: start + input.limit * input.step };
  },
});

const empty = defineListTool({
  name: "service_empty",
  title: "Empty",
  description: "No items, yet a resume position.",
  input: z.object({ cursor: cursorParam }).strict(),
  item: z.object({ n: z.number() }),
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/empty" },
  summarize: () => "none",
  handler: () => ({ items: [], total: 0, next: 5 }),
});

const status = defineSingleTool({
  name: "service_item_status",
  title: "Status",
  description: "REST-only.",
  input: z.object({ id: z.string() }).strict(),
  record: z.object({ id: z.string() }),
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "usage",
  rest: { method: "GET", path: "/items/{id}" },
  summarize: ({ data }) => data.id,
  handler: (input) => ({ id: input.id }),
});

const act = defineSingleTool({
  name: "service_act",
  title: "Act",
  description: "Behaves as told.",
  input: z
    .object({
      id: z.string(),
      behaviour: z.enum(["ok", "bad_output", "rate_limited", "refused", "crash", "busy"]),
      key: z.string().min(3),
    })
    .strict(),
  record: z.object({ id: z.string(), transport: z.string() }),
  annotations: READ_ONLY,
  scope: "agent:request",
  cost: "analyst",
  rest: {
    method: "POST",
    path: "/act/{id}",
    headers: [
      { header: "X-Key", input: "key", description: "k", minLength: 3, maxLength: 9, hint: "Send X-Key." },
    ],
    routes: [status],
  },
  summarize: ({ data }, input) => `acted on ${data.id} (${input.behaviour})`,
  handler: (input, ctx) => {
    const behaviour: Behaviour = input.behaviour;
    if (behaviour === "bad_output") return { id: 7 } as never;
    if (behaviour === "rate_limited")
      throw new ServiceError("rate_limited", 429, "Rate limited", { retryAfter: 5 });
    if (behaviour === "refused") throw new ServiceError("not_found", 404, "Not found");
    if (behaviour === "crash") throw new Error("boom");
    if (behaviour === "busy") throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    return { id: input.id, transport: ctx.transport };
  },
});

const tools = defineTools(count, empty, act);

let level: string;
beforeEach(() => {
  level = logger.level;
  logger.level = "silent"; // failures below are logged as errors on purpose
});
afterEach(() => {
  logger.level = level;
});

function setup() {
  const calls = { admit: [] as CostClass[], refund: [] as CostClass[] };
  const observed: [string, string, string][] = [];
  const limiter: ToolLimiter = {
    admit: async (_p, cost) => {
      calls.admit.push(cost);
      return { headers: { RateLimit: `r=1, t=2;${cost}` } };
    },
    budgetHeaders: async () => ({}),
    refund: async (_p, cost) => {
      calls.refund.push(cost);
    },
  };
  let now = 1_800_000_000;
  const deps = { secret: "registry-secret", clock: { nowSeconds: () => now } } as unknown as ServiceDeps;
  const observe: CallObserver = (tool, transport, outcome) => observed.push([tool, transport, outcome]);
  const registry = new ToolRegistry(tools, deps, limiter, observe);
  return {
    registry,
    calls,
    observed,
    advance: (seconds: number) => {
      now += seconds;
    },
  };
}

const rest: InvokeOptions = { requestId: "r1", transport: "rest" };
const mcp: InvokeOptions = { requestId: "r2", transport: "mcp" };
const agent = principal("org-a", ["agent:request"]);

describe("ToolRegistry", () => {
  it("refuses duplicate names, REST-only routes included", () => {
    const deps = {} as ServiceDeps;
    expect(() => new ToolRegistry(defineTools(count, count), deps)).toThrow(/duplicate tool service_count/);
    const clash = { ...count, name: "service_item_status" };
    expect(() => new ToolRegistry(defineTools(clash, act), deps)).toThrow(
      /duplicate tool service_item_status/,
    );
  });

  it("lists its tools, and serves REST-only routes to REST alone", async () => {
    const { registry } = setup();
    expect(registry.list().map((t) => t.name)).toEqual(["service_count", "service_empty", "service_act"]);
    expect(registry.restRoutes().map((t) => t.name)).toEqual([
      ...registry.list().map((t) => t.name),
      "service_item_status",
    ]);
    expect((await registry.invoke("service_item_status", { id: "i" }, principal(), rest)).output).toEqual({
      data: { id: "i" },
    });
    for (const options of [mcp, { ...mcp, transport: "internal" as const }])
      await expect(
        registry.invoke("service_item_status", { id: "i" }, principal(), options),
      ).rejects.toMatchObject({
        code: "not_found",
        title: "Unknown tool",
      });
  });

  it("answers an unknown tool 404 and counts it under that outcome", async () => {
    const { registry, observed, calls } = setup();
    await expect(registry.invoke("service_nope", {}, principal(), mcp)).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
    expect(observed).toEqual([["service_nope", "mcp", "not_found"]]);
    expect(calls.admit).toEqual([]);
  });

  it("parses strictly before anything else: bad input is 400 even without the scope, and admits nothing", async () => {
    const { registry, calls } = setup();
    await expect(
      registry.invoke("service_act", { id: "x", behaviour: "ok", key: "abc", extra: 1 }, principal(), mcp),
    ).rejects.toMatchObject({
      code: "unknown_parameter",
      extra: { parameter: "extra" },
    });
    await expect(registry.invoke("service_count", "limit=5", principal(), mcp)).rejects.toMatchObject({
      code: "invalid_parameter",
      extra: { reason: "not_an_object" },
    });
    // null / undefined arguments are the empty object (all defaults).
    expect((await registry.invoke("service_count", undefined, principal(), mcp)).output.data).toHaveLength(3);
    expect(calls.admit).toEqual(["content"]);
  });

  it("refuses a credential without the tool's scope (403 + challenge) before the limiter", async () => {
    const { registry, calls } = setup();
    await expect(
      registry.invoke("service_act", { id: "x", behaviour: "ok", key: "abc" }, principal(), rest),
    ).rejects.toMatchObject({
      code: "insufficient_scope",
      status: 403,
      headers: { "WWW-Authenticate": 'Bearer error="insufficient_scope", scope="agent:request"' },
      extra: { required_scope: "agent:request" },
    });
    expect(calls.admit).toEqual([]);
  });

  it("admits through the limiter by cost class and hands its headers back; skipLimiter does not admit", async () => {
    const { registry, calls } = setup();
    const outcome = await registry.invoke(
      "service_act",
      { id: "x", behaviour: "ok", key: "abc" },
      agent,
      mcp,
    );
    expect(outcome).toEqual({
      output: { data: { id: "x", transport: "mcp" } },
      headers: { RateLimit: "r=1, t=2;analyst" },
      text: "acted on x (ok)",
    });
    const internal = await registry.invoke("service_act", { id: "y", behaviour: "ok", key: "abc" }, agent, {
      requestId: "r3",
      transport: "internal",
      skipLimiter: true,
    });
    expect(internal.headers).toEqual({});
    expect(calls.admit).toEqual(["analyst"]);
  });

  it("gives the admission back when the tool itself refuses with rate_limited, only then", async () => {
    const { registry, calls } = setup();
    const call = (behaviour: Behaviour, options = mcp) =>
      registry
        .invoke("service_act", { id: "x", behaviour, key: "abc" }, agent, options)
        .catch((e: ServiceError) => e);
    expect(await call("rate_limited")).toMatchObject({ code: "rate_limited", retryAfter: 5 });
    expect(calls.refund).toEqual(["analyst"]);
    expect(await call("refused")).toMatchObject({ code: "not_found" });
    expect(await call("rate_limited", { ...mcp, skipLimiter: true })).toMatchObject({ code: "rate_limited" });
    expect(calls.refund).toEqual(["analyst"]);
  });

  it("checks the output against the tool's schema: a bad record is 500 internal_error, never sent", async () => {
    const { registry, observed } = setup();
    await expect(
      registry.invoke("service_act", { id: "x", behaviour: "bad_output", key: "abc" }, agent, rest),
    ).rejects.toMatchObject({
      code: "internal_error",
      status: 500,
    });
    expect(observed.at(-1)).toEqual(["service_act", "rest", "internal_error"]);
  });

  it("turns an unexpected failure into internal_error, and a storage failure into a 503 with Retry-After", async () => {
    const { registry, observed } = setup();
    const crash = await registry
      .invoke("service_act", { id: "x", behaviour: "crash", key: "abc" }, agent, rest)
      .catch((e) => e);
    expect(crash).toBeInstanceOf(ServiceError);
    expect(crash).toMatchObject({ code: "internal_error", status: 500 });
    expect(crash.detail).not.toContain("boom");
    const busy = await registry
      .invoke("service_act", { id: "x", behaviour: "busy", key: "abc" }, agent, rest)
      .catch((e) => e);
    expect(busy).toMatchObject({ code: "service_unavailable", status: 503, retryAfter: 2 });
    expect(observed.map((o) => o[2])).toEqual(["internal_error", "service_unavailable"]);
  });
});

describe("list pagination through invoke", () => {
  const page = async (registry: ToolRegistry, input: Record<string, unknown>, who = principal()) =>
    (await registry.invoke("service_count", input, who, rest)).output as {
      data: { n: number }[];
      meta: { count: number; has_more: boolean; next_cursor: string | null; truncated?: boolean };
    };

  it("follows next_cursor from page to page; the page size may change, the query may not", async () => {
    const { registry } = setup();
    const first = await page(registry, { step: 2 });
    expect(first.data.map((d) => d.n)).toEqual([0, 2, 4]);
    expect(first.meta).toMatchObject({ count: 3, has_more: true });
    const cursor = first.meta.next_cursor as string;
    const second = await page(registry, { step: 2, limit: 5, cursor });
    expect(second.data.map((d) => d.n)).toEqual([6, 8, 10, 12, 14]);
    await expect(page(registry, { step: 3, cursor })).rejects.toMatchObject({ code: "invalid_cursor" });
    await expect(page(registry, { step: 2, cursor }, principal("org-b"))).rejects.toMatchObject({
      code: "invalid_cursor",
    });
  });

  it("a cursor expires after 24 h", async () => {
    const { registry, advance } = setup();
    const cursor = (await page(registry, {})).meta.next_cursor as string;
    advance(24 * 3600);
    await expect(page(registry, { cursor })).rejects.toMatchObject({ code: "invalid_cursor" });
  });

  it(`stops a traversal at page ${MAX_PAGES}: has_more false, no cursor, truncated`, async () => {
    const { registry } = setup();
    let result = await page(registry, { limit: 1 });
    let pages = 1;
    while (result.meta.next_cursor) {
      result = await page(registry, { limit: 1, cursor: result.meta.next_cursor });
      pages++;
    }
    expect(pages).toBe(MAX_PAGES);
    expect(result.data).toEqual([{ n: MAX_PAGES - 1 }]);
    expect(result.meta).toEqual({
      count: 1,
      total: null,
      has_more: false,
      next_cursor: null,
      truncated: true,
    });
  });

  it("an empty page has no next page, whatever the handler's resume position", async () => {
    const { registry } = setup();
    const { output } = await registry.invoke("service_empty", {}, principal(), rest);
    expect(output.meta).toEqual({ count: 0, total: 0, has_more: false, next_cursor: null });
  });
});

describe("define helpers", () => {
  it("defineTools keeps the order; restDefinitions appends each tool's REST-only routes", () => {
    expect(tools.map((t) => t.name)).toEqual(["service_count", "service_empty", "service_act"]);
    expect(restDefinitions(tools).map((t) => t.name)).toEqual([
      "service_count",
      "service_empty",
      "service_act",
      "service_item_status",
    ]);
  });

  it("define*Tool sets the kind and the output envelope", () => {
    expect(count.kind).toBe("list");
    expect(
      count.output.safeParse({
        data: [{ n: 1 }],
        meta: { count: 1, total: null, has_more: false, next_cursor: null },
      }).success,
    ).toBe(true);
    expect(
      count.output.safeParse({
        data: [{ n: "1" }],
        meta: { count: 1, total: null, has_more: false, next_cursor: null },
      }).success,
    ).toBe(false);
    expect(act.kind).toBe("single");
    expect(act.output.safeParse({ data: { id: "x", transport: "rest" } }).success).toBe(true);
    expect(act.output.safeParse({ data: { id: "x" } }).success).toBe(false);
  });

  it("pathParameters reads {names}; restBodySchema leaves path and header inputs out and stays strict", () => {
    expect(pathParameters("/a/{id}/b/{other_id}")).toEqual(["id", "other_id"]);
    expect(pathParameters("/plain")).toEqual([]);
    const body = restBodySchema(act);
    expect(Object.keys(body.shape)).toEqual(["behaviour"]);
    expect(body.safeParse({ behaviour: "ok" }).success).toBe(true);
    for (const extra of [{ id: "x" }, { key: "abc" }, { other: 1 }])
      expect(body.safeParse({ behaviour: "ok", ...extra }).success).toBe(false);
  });
});
