import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonTooDeep, MAX_JSON_DEPTH } from "../../../src/http/json-limits.js";
import { createMetrics } from "../../../src/http/metrics.js";
import { problemBody } from "../../../src/http/problem.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { logger } from "../../../src/shared/log.js";
import { ALLOWED_ORIGIN, METRICS_TOKEN, problem, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.seen.length = 0;
});

const KEY = { "idempotency-key": "abcdefgh-1", accept: "application/json" };
const postJobs = (body: string | Uint8Array, headers: Record<string, string>) =>
  t.call("/v1/jobs", { method: "POST", headers: { ...KEY, ...headers }, body });
const JSON_TYPE = { "content-type": "application/json" };

/** Nests `[...]` `depth` times around 1. */
const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("jsonTooDeep", () => {
  it("counts container levels, not scalars: 64 levels pass, 65 do not", () => {
    expect(jsonTooDeep(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(jsonTooDeep(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(jsonTooDeep({ a: { b: { c: 1 } } }, 3)).toBe(false);
    expect(jsonTooDeep({ a: { b: { c: {} } } }, 3)).toBe(true);
    expect(jsonTooDeep([1, "x", null, true], 1)).toBe(false);
    for (const scalar of [null, 1, "x", false]) expect(jsonTooDeep(scalar, 0)).toBe(false);
  });

  it("walks iteratively: a million levels are refused without overflowing the stack", () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = { v: value };
    expect(jsonTooDeep(value)).toBe(true);
  });
});

describe("problemBody", () => {
  it("has the contract's fields, the hint and retry_after when set, and the error's extras", () => {
    const error = new ServiceError("rate_limited", 429, "Rate limited", {
      detail: "Too many.",
      hint: "Wait.",
      retryAfter: 3,
      extra: { parameter: "q" },
    });
    expect(problemBody(error, "r-1", "https://x.test/problems")).toEqual({
      type: "https://x.test/problems/rate_limited",
      title: "Rate limited",
      status: 429,
      detail: "Too many.",
      code: "rate_limited",
      request_id: "r-1",
      hint: "Wait.",
      retry_after: 3,
      parameter: "q",
    });
    const bare = problemBody(new ServiceError("not_found", 404, "Not found"), "r-2", "/p");
    expect(bare).toEqual({
      type: "/p/not_found",
      title: "Not found",
      status: 404,
      detail: "Not found",
      code: "not_found",
      request_id: "r-2",
    });
  });
});

describe("metrics", () => {
  it("observeTool counts calls by outcome and rate_limited outcomes as limiter rejections", async () => {
    const metrics = createMetrics();
    metrics.observeTool("service_x", "mcp", "ok", 0.01);
    metrics.observeTool("service_x", "rest", "rate_limited", 0.001);
    metrics.observeTool("service_x", "rest", "rate_limited", 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain('crs_tool_calls_total{tool="service_x",transport="mcp",outcome="ok"} 1');
    expect(text).toContain(
      'crs_tool_calls_total{tool="service_x",transport="rest",outcome="rate_limited"} 2',
    );
    expect(text).toContain('crs_limiter_rejections_total{tool="service_x"} 2');
    expect(text).toContain('crs_tool_call_duration_seconds_count{tool="service_x",transport="rest"} 2');
  });
});

describe("the problem+json error mapper", () => {
  let level: string;
  beforeEach(() => {
    level = logger.level;
    logger.level = "silent"; // the unexpected failures below are logged as errors on purpose
  });
  afterEach(() => {
    logger.level = level;
  });

  it("writes a ServiceError with its type URL, headers, Retry-After (whole seconds) and extras", async () => {
    const res = await t.call("/v1/things?fail=rate");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(res.headers.get("ratelimit")).toBe("r=0, t=3");
    const body = await problem(res);
    expect(body).toMatchObject({
      type: `${t.url}/problems/rate_limited`,
      title: "Rate limited",
      code: "rate_limited",
      detail: "Too many things.",
      retry_after: 2.4,
    });
  });

  it("answers an unexpected failure 500 internal_error without its message, and a bad output likewise", async () => {
    for (const fail of ["crash", "bad_output"]) {
      const res = await t.call(`/v1/things?fail=${fail}`);
      expect(res.status).toBe(500);
      const text = await res.clone().text();
      expect(text).not.toContain("/secret/path");
      expect(await problem(res)).toMatchObject({ code: "internal_error", title: "Internal error" });
    }
  });

  it("maps a path that cannot be decoded to a 400, not a 500", async () => {
    const res = await t.call("/v1/things/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(await problem(res)).toMatchObject({ code: "invalid_parameter" });
  });

  it("answers HEAD problems without a body", async () => {
    const res = await t.call("/v1/nowhere", { method: "HEAD" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(await res.text()).toBe("");
  });

  it("refuses a request without the credential (401 + challenge) before any route", async () => {
    const res = await t.call("/v1/things", { headers: { authorization: "Bearer wrong" } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="crs"');
    expect(await problem(res)).toMatchObject({ code: "unauthorized" });
    expect(t.seen).toHaveLength(0);
  });
});

describe("JSON bodies", () => {
  it("415 unsupported_media_type when the body is not declared JSON or not UTF-8", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
    ]) {
      const res = await postJobs('{"question":"q"}', { "content-type": type });
      expect(res.status, type).toBe(415);
      expect(await problem(res)).toMatchObject({ code: "unsupported_media_type" });
    }
    const none = await t.call("/v1/jobs", { method: "POST", headers: KEY });
    expect(none.status).toBe(415);
  });

  it("400 invalid_json for malformed JSON, a non-object and a top-level scalar", async () => {
    const cases: [string, RegExp][] = [
      ['{"question":', /not valid JSON/],
      ['["question"]', /must be a JSON object/],
      ['"question"', /not valid JSON/],
      ["null", /not valid JSON/],
    ];
    for (const [text, detail] of cases) {
      const res = await postJobs(text, JSON_TYPE);
      expect(res.status, text).toBe(400);
      const body = await problem(res);
      expect(body.code, text).toBe("invalid_json");
      expect(body.detail, text).toMatch(detail);
    }
    expect(t.seen).toHaveLength(0);
  });

  it("400 invalid_json for a body nested deeper than 64 levels", async () => {
    const deep = `{"question":"q","x":${nested(MAX_JSON_DEPTH + 1)}}`;
    const res = await postJobs(deep, JSON_TYPE);
    expect(res.status).toBe(400);
    expect(await problem(res)).toMatchObject({
      code: "invalid_json",
      detail: "The JSON body is nested too deeply.",
    });
  });

  it("413 payload_too_large above 64 KiB; just under it the body is parsed (and checked by the schema)", async () => {
    const big = await postJobs(JSON.stringify({ question: "q".repeat(70_000) }), JSON_TYPE);
    expect(big.status).toBe(413);
    expect(await problem(big)).toMatchObject({ code: "payload_too_large" });
    const under = await postJobs(JSON.stringify({ question: "q".repeat(60_000) }), JSON_TYPE);
    expect(under.status).toBe(400);
    expect(await problem(under)).toMatchObject({ code: "invalid_parameter", parameter: "question" });
  });

  it("passes the parsed body to the credential check before the tool runs", async () => {
    const res = await postJobs(JSON.stringify({ question: "my key is crs_abcd_secret" }), JSON_TYPE);
    expect(res.status).toBe(400);
    expect(await problem(res)).toMatchObject({ code: "credential_misplaced" });
    expect(t.seen).toHaveLength(0);
  });
});

describe("CORS", () => {
  const preflight = (path: string, origin: string) =>
    fetch(`${t.url}${path}`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, idempotency-key",
      },
    });

  it("answers an allowed origin's preflight at /v1 and /mcp without a credential, naming the origin", async () => {
    for (const path of ["/v1/jobs", "/mcp"]) {
      const res = await preflight(path, ALLOWED_ORIGIN);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
      expect(res.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
      expect(res.headers.get("access-control-allow-headers")).toContain("Authorization");
      expect(res.headers.get("access-control-max-age")).toBe("600");
      expect(res.headers.get("vary")).toContain("Origin");
    }
  });

  it("says nothing to another origin, nor outside /v1 and /mcp", async () => {
    const other = await preflight("/v1/jobs", "https://evil.example.com");
    expect(other.status).not.toBe(204);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const health = await fetch(`${t.url}/healthz`, { headers: { origin: ALLOWED_ORIGIN } });
    expect(health.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("an actual request from an allowed origin gets the origin and the exposed headers", async () => {
    const res = await t.call("/v1/things/a", { headers: { origin: ALLOWED_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    const exposed = res.headers.get("access-control-expose-headers") ?? "";
    for (const name of ["X-Request-Id", "Retry-After", "RateLimit", "Location", "X-Agent-Remaining"])
      expect(exposed).toContain(name);
    // A refusal still carries them, so the browser can read the problem.
    const refused = await fetch(`${t.url}/v1/things`, { headers: { origin: ALLOWED_ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
  });
});

describe("common response headers", () => {
  it("every answer has an X-Request-Id (a UUID) and nosniff; credentialed ones no-store", async () => {
    const open = await fetch(`${t.url}/healthz`);
    expect(open.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(open.headers.get("x-content-type-options")).toBe("nosniff");
    expect(open.headers.get("cache-control")).toBeNull();
    for (const res of [
      await t.call("/v1/things"),
      await t.call("/v1/nowhere"),
      await t.call("/v1/things?n=x"),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const ids = new Set(
      await Promise.all(
        [1, 2, 3].map(async () => (await fetch(`${t.url}/healthz`)).headers.get("x-request-id")),
      ),
    );
    expect(ids.size).toBe(3);
  });
});

describe("public documents", () => {
  it("/metrics needs its bearer token, then counts requests by route template (never the raw path)", async () => {
    await t.call("/v1/things/private-id-123");
    await t.call("/v1/things?n=nope");
    await fetch(`${t.url}/no/such/route`);
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${METRICS_TOKEN}`]) {
      const res = await fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await problem(res)).toMatchObject({ code: "unauthorized" });
    }
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/crs_http_requests_total\{method="GET",route="\/things\/:id",status="200"\} \d+/);
    expect(text).toMatch(/crs_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).toMatch(
      /crs_tool_calls_total\{tool="service_list_things",transport="rest",outcome="invalid_parameter"\} \d+/,
    );
    expect(text).not.toContain("private-id-123");
  });

  it("/problems/{code} describes a catalogued code as HTML; an unknown code is 404", async () => {
    const page = await fetch(`${t.url}/problems/not_acceptable`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("HTTP 406 · code <code>not_acceptable</code>");
    const unknown = await fetch(`${t.url}/problems/<script>`);
    expect(unknown.status).toBe(404);
    expect(await problem(unknown)).toMatchObject({ code: "not_found" });
  });

  it("/openapi.json is served as given; OAuth metadata is 404 without OAuth", async () => {
    const doc = await fetch(`${t.url}/openapi.json`);
    expect(doc.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await doc.text()).toBe('{"openapi":"3.1.0"}');
    const prm = await fetch(`${t.url}/.well-known/oauth-protected-resource/mcp`);
    expect(prm.status).toBe(404);
    expect((await problem(prm)).hint).toMatch(/API keys only/);
  });

  it("/healthz and /readyz say ok; an unhealthy or unready process answers 503 (readyz with Retry-After)", async () => {
    expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: "ok", database: "ok" });
    expect(await (await fetch(`${t.url}/readyz`)).json()).toEqual({ status: "ready", database: "ok" });
    const sick = await startTestApp({
      parts: {
        health: async () => ({ ok: false, detail: "disk I/O error" }),
        ready: async () => ({ ok: false, detail: "read-only" }),
      },
    });
    try {
      const health = await fetch(`${sick.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "disk I/O error" });
      const ready = await fetch(`${sick.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toBe("5");
      expect(await ready.json()).toEqual({ status: "unavailable", database: "read-only" });
    } finally {
      await sick.close();
    }
  });
});

describe("the /mcp endpoint's own body handling", () => {
  const mcpPost = (body: string) =>
    t.call("/mcp", { method: "POST", headers: { "content-type": "application/json" }, body });

  it("hands the parsed body and request id to the MCP adapter after authentication", async () => {
    const res = await mcpPost('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(res.status).toBe(200);
    const echoed = (await res.json()) as { body: unknown; requestId: string };
    expect(echoed.body).toEqual({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(echoed.requestId).toBe(res.headers.get("x-request-id"));
    const anonymous = await fetch(`${t.url}/mcp`, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(401);
  });

  it("answers JSON-RPC errors: parse error, too large (1 MiB), nested too deeply", async () => {
    const cases: [string, number, number][] = [
      ['{"jsonrpc":', 400, -32700],
      [JSON.stringify({ x: "y".repeat(1_100_000) }), 413, -32600],
      [nested(MAX_JSON_DEPTH + 1), 400, -32600],
    ];
    for (const [body, status, code] of cases) {
      const res = await mcpPost(body);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
    }
  });
});
