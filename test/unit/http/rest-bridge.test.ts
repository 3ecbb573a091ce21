import { randomUUID } from "node:crypto";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expressPath, withRequestId } from "../../../src/http/rest-bridge.js";
import { pathParameters, restDefinitions } from "../../../src/registry/define.js";
import { allTools } from "../../../src/tools/index.js";
import { BUDGET, problem, startTestApp, type TestApp } from "./harness.js";

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

const lastInput = () => t.seen.at(-1)?.input;

describe("expressPath and withRequestId", () => {
  it("turns {name} path parameters into express's :name", () => {
    expect(expressPath("/videos/{id}/similar-hooks")).toBe("/videos/:id/similar-hooks");
    expect(expressPath("/a/{x}/b/{y_z}")).toBe("/a/:x/b/:y_z");
    expect(expressPath("/trends")).toBe("/trends");
  });

  it("appends request_id as the last member, to empty and non-empty objects, escaping the id", () => {
    expect(withRequestId("{}", "r1")).toBe('{"request_id":"r1"}');
    const text = withRequestId(JSON.stringify({ data: [1, { a: "}" }], meta: null }), 'x"y');
    expect(JSON.parse(text)).toEqual({ data: [1, { a: "}" }], meta: null, request_id: 'x"y' });
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe("request_id");
  });
});

describe("GET input from the query string", () => {
  it("converts numbers only where the schema says number, booleans only where it says boolean", async () => {
    const res = await t.call("/v1/things?q=5&n=-3&ratio=2.5&flag=true&code=1&window=7&limit=1");
    expect(res.status).toBe(200);
    expect(lastInput()).toEqual({ q: "5", n: -3, ratio: 2.5, flag: true, code: "1", window: 7, limit: 1 });
    await t.call("/v1/things?flag=false&window=0");
    expect(lastInput()).toMatchObject({ flag: false, window: 0 });
  });

  it("leaves text that is not a plain decimal as text, which the schema then refuses (400 wrong_type)", async () => {
    for (const value of ["1e3", "0x10", "abc", " 5", "5.", "Infinity"]) {
      const res = await t.call(`/v1/things?n=${encodeURIComponent(value)}`);
      const body = await problem(res);
      expect(res.status, value).toBe(400);
      expect(body).toMatchObject({ code: "invalid_parameter", parameter: "n", reason: "wrong_type" });
    }
    const yes = await problem(await t.call("/v1/things?flag=yes"));
    expect(yes).toMatchObject({ code: "invalid_parameter", parameter: "flag" });
    expect(t.seen).toHaveLength(0);
  });

  it("refuses ?__proto__= as an unknown parameter (an own key, not a prototype swap)", async () => {
    for (const query of ["__proto__=x", "__proto__[polluted]=1", "constructor=x&q=a"]) {
      const res = await t.call(`/v1/things?${query}`);
      expect(res.status, query).toBe(400);
      const body = await problem(res);
      expect(body.code).toBe("unknown_parameter");
      expect(String(body.parameter)).toMatch(/^(__proto__|constructor)/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(t.seen).toHaveLength(0);
  });

  it("answers a repeated parameter with a clear 400 naming it", async () => {
    const res = await t.call("/v1/things?n=1&n=2");
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body).toMatchObject({ code: "invalid_parameter", parameter: "n" });
    expect(body.detail).toBe("Parameter 'n' must be given once, as a plain value.");
    expect(t.seen).toHaveLength(0);
  });

  it("refuses a path parameter also sent in the query (unknown_parameter)", async () => {
    const res = await t.call("/v1/things/abc?id=other");
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body).toMatchObject({ code: "unknown_parameter", parameter: "id" });
    expect(body.detail).toContain("is a path parameter here");
    const ok = await t.call("/v1/things/abc");
    expect(ok.status).toBe(200);
    expect(lastInput()).toEqual({ id: "abc" });
  });

  it("refuses a header input sent in the query instead (unknown_parameter)", async () => {
    const res = await t.call("/v1/peek?token=ab", { headers: { "x-peek-token": "ab" } });
    const body = await problem(res);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "unknown_parameter", parameter: "token" });
    expect(body.detail).toContain("taken from a header");
    const ok = await t.call("/v1/peek?q=z", { headers: { "x-peek-token": "ab" } });
    expect(ok.status).toBe(200);
    expect(lastInput()).toEqual({ token: "ab", q: "z" });
  });

  it("refuses an unknown query parameter by name, listing the accepted ones", async () => {
    const body = await problem(await t.call("/v1/things?colour=red"));
    expect(body).toMatchObject({ code: "unknown_parameter", parameter: "colour", status: 400 });
    expect(body.detail).toContain("Accepted: q, n, ratio, flag, code, window, fail, limit, cursor");
  });
});

describe("answers", () => {
  it("are the tool's output plus request_id (= X-Request-Id), with the limiter's headers", async () => {
    const res = await t.call("/v1/things?limit=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("ratelimit")).toBe("r=99, t=60");
    const body = (await res.json()) as { data: unknown[]; meta: { next_cursor: string }; request_id: string };
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
    expect(body.data).toEqual([
      { id: "t0", n: 0 },
      { id: "t1", n: 1 },
    ]);
    // The cursor round-trips through the query string and resumes where the page ended.
    const next = await t.call(`/v1/things?limit=2&cursor=${encodeURIComponent(body.meta.next_cursor)}`);
    expect(((await next.json()) as { data: { id: string }[] }).data.map((d) => d.id)).toEqual(["t2", "t3"]);
  });

  it("HEAD answers the GET's headers and length without a body", async () => {
    const get = await t.call("/v1/things/abc");
    const head = await t.call("/v1/things/abc", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });

  it("a wrong method on a known route is 405 with Allow; an unknown route is 404", async () => {
    const post = await t.call("/v1/things", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await problem(post)).toMatchObject({ code: "method_not_allowed" });
    const get = await t.call("/v1/jobs");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const missing = await t.call("/v1/nothing-here");
    expect(missing.status).toBe(404);
    expect(await problem(missing)).toMatchObject({ code: "not_found" });
  });
});

const KEY = "Key-0123456789";
const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.call("/v1/jobs", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": KEY, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("header inputs (Idempotency-Key)", () => {
  it("fill the input through toInput; the handler also sees the text as sent", async () => {
    const res = await post({ question: "q" }, { accept: "application/json" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { key: string } }).data.key).toBe(`k:${KEY.toLowerCase()}`);
    expect(t.seen.at(-1)).toMatchObject({
      input: { question: "q", key: `k:${KEY.toLowerCase()}` },
      sentAs: { key: KEY },
      transport: "rest",
    });
  });

  it("missing, too short or too long: 400 naming the header, before the tool runs", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /^Parameter 'Idempotency-Key' is required\.$/],
      [{ "idempotency-key": "1234567" }, /^Parameter 'Idempotency-Key' must be 8 to 200 characters\.$/],
      [{ "idempotency-key": "x".repeat(201) }, /must be 8 to 200 characters/],
    ];
    for (const [headers, detail] of cases) {
      const res = await t.call("/v1/jobs", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...headers },
        body: JSON.stringify({ question: "q" }),
      });
      expect(res.status).toBe(400);
      const body = await problem(res);
      expect(body).toMatchObject({ code: "invalid_parameter", parameter: "Idempotency-Key" });
      expect(body.detail).toMatch(detail);
      // The route's budget is reported on failures too.
      expect(res.headers.get("x-agent-remaining")).toBe(BUDGET["X-Agent-Remaining"]);
    }
    expect((await problem(await post({ question: "q" }, { "idempotency-key": "" }))).parameter).toBe(
      "Idempotency-Key",
    );
    for (const key of ["12345678", "y".repeat(200)]) {
      expect(
        (await post({ question: "q" }, { "idempotency-key": key, accept: "application/json" })).status,
      ).toBe(200);
    }
    expect(t.seen).toHaveLength(2);
  });

  it("cannot also be sent in the body (the body schema leaves the header's input out)", async () => {
    const body = await problem(await post({ question: "q", key: "k:abcdefgh" }));
    expect(body).toMatchObject({ code: "unknown_parameter", parameter: "key" });
    expect(body.detail).toContain("Accepted: question, outcome.");
    expect(t.seen).toHaveLength(0);
  });
});

/** Reads a whole SSE answer into its events. */
async function events(res: Response): Promise<EventSourceMessage[]> {
  const out: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => out.push(event) });
  parser.feed(await res.text());
  return out;
}

describe("the streamed response mode, chosen by Accept", () => {
  it("streams by default (no Accept, */*, or SSE preferred): progress frames, then the record", async () => {
    for (const accept of [
      undefined,
      "*/*",
      "text/event-stream",
      "application/json;q=0.5, text/event-stream",
    ]) {
      const res = await post({ question: "q" }, accept ? { accept } : {});
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-agent-limit")).toBe(BUDGET["X-Agent-Limit"]);
      const frames = await events(res);
      expect(frames.map((f) => f.event)).toEqual(["tick", "tick", "final"]);
      // A progress update's detail is its data; without one, {progress}.
      expect(JSON.parse(frames[0]?.data ?? "")).toEqual({ step: 1 });
      expect(JSON.parse(frames[1]?.data ?? "")).toEqual({ progress: 2 });
      expect(JSON.parse(frames[2]?.data ?? "")).toEqual({
        id: "job-1",
        state: "done",
        key: `k:${KEY.toLowerCase()}`,
      });
    }
  });

  it("answers JSON when Accept prefers it", async () => {
    for (const accept of ["application/json", "application/json, text/event-stream;q=0.1"]) {
      const res = await post({ question: "q" }, { accept });
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const body = (await res.json()) as { data: { state: string }; request_id: string };
      expect(body.data.state).toBe("done");
      expect(body.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("406 not_acceptable when Accept allows neither, before the tool runs", async () => {
    for (const accept of ["text/html", "application/xml, text/plain"]) {
      const res = await post({ question: "q" }, { accept });
      expect(res.status).toBe(406);
      const body = await problem(res);
      expect(body.code).toBe("not_acceptable");
      expect(body.hint).toMatch(/text\/event-stream.*application\/json/);
    }
    expect(t.seen).toHaveLength(0);
  });

  it("a pending record is 202 with Location (as JSON, even when SSE was asked for)", async () => {
    const res = await post({ question: "q", outcome: "running" });
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe("/v1/jobs/job-1");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await res.json()) as { data: { state: string } }).data.state).toBe("running");
  });

  it("a failure record is its problem as JSON (with the budget), but ends a stream as the record", async () => {
    const json = await post({ question: "q", outcome: "failed" }, { accept: "application/json" });
    expect(json.status).toBe(502);
    expect(await problem(json)).toMatchObject({ code: "analyst_unavailable", job_id: "job-1" });
    expect(json.headers.get("x-agent-remaining")).toBe(BUDGET["X-Agent-Remaining"]);
    const sse = await post({ question: "q", outcome: "failed" });
    expect(sse.status).toBe(200);
    const frames = await events(sse);
    expect(JSON.parse(frames.at(-1)?.data ?? "")).toMatchObject({ state: "failed" });
  });

  it("REST-only routes are served and invoked over REST", async () => {
    const res = await t.call("/v1/jobs/j9");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-agent-reset")).toBe(BUDGET["X-Agent-Reset"]);
    expect(t.seen.at(-1)).toMatchObject({ tool: "service_get_job", input: { id: "j9" }, transport: "rest" });
    await expect(
      t.registry.invoke("service_get_job", { id: "j9" }, { scopes: ["agent:request"] } as never, {
        requestId: "r",
        transport: "mcp",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the real registry's bindings (refused before any handler runs: no store is wired)", () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await startTestApp({ tools: allTools });
  });
  afterAll(async () => {
    await real?.close();
  });
  const analyze = (headers: Record<string, string>) =>
    real.call("/v1/agent/answers", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ question: "Which advertiser ran the most ads?" }),
    });

  it("the analyst's Idempotency-Key: missing, too short, too long → 400 naming the header", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "idempotency-key": "short" },
      { "idempotency-key": "k".repeat(201) },
    ];
    for (const headers of cases) {
      const res = await analyze(headers);
      expect(res.status).toBe(400);
      const body = await problem(res);
      expect(body).toMatchObject({ code: "invalid_parameter", parameter: "Idempotency-Key" });
      if (!("idempotency-key" in headers)) expect(body.hint).toMatch(/Send an Idempotency-Key header/);
    }
  });

  it("the analyst refuses an Accept it cannot answer (406), and the key in the body (unknown_parameter)", async () => {
    const res = await analyze({ "idempotency-key": randomUUID(), accept: "text/html" });
    expect(res.status).toBe(406);
    expect(await problem(res)).toMatchObject({ code: "not_acceptable" });
    const inBody = await real.call("/v1/agent/answers", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ question: "q", idempotency_key: randomUUID() }),
    });
    expect(await problem(inBody)).toMatchObject({ code: "unknown_parameter", parameter: "idempotency_key" });
  });

  it("every GET route refuses a repeated parameter, __proto__ and its path parameters in the query", async () => {
    const gets = restDefinitions(allTools).filter((tool) => tool.rest.method === "GET");
    expect(gets.length).toBeGreaterThan(0);
    for (const tool of gets) {
      const names = pathParameters(tool.rest.path);
      const path = `/v1${tool.rest.path.replace(/\{(\w+)\}/g, "x1")}`;
      const repeated = await problem(await real.call(`${path}?zz=1&zz=2`));
      expect(repeated, tool.name).toMatchObject({ status: 400, parameter: "zz" });
      const proto = await problem(await real.call(`${path}?__proto__=1`));
      expect(proto, tool.name).toMatchObject({ code: "unknown_parameter", parameter: "__proto__" });
      for (const name of names) {
        const both = await problem(await real.call(`${path}?${name}=x2`));
        expect(both, tool.name).toMatchObject({ code: "unknown_parameter", parameter: name });
      }
    }
  });
});
