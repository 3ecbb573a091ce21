import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  call,
  createWorld,
  initialize,
  mcp,
  mcpHeaders,
  rawSocket,
  type Served,
  serve,
  type World,
  within,
} from "./helpers.js";

/**
 * Transport attacks against `crs serve` on loopback: metrics growth, stalled headers and bodies, response
 * headers, oversized and deeply nested JSON, keys in paths, CR/LF in requests.
 */
let world: World;
let s: Served;

beforeAll(async () => {
  world = await createWorld();
  // Short receive timeouts so the stall tests finish quickly; the defaults are 30 s / 15 s.
  s = await serve(world, { CRS_REQUEST_TIMEOUT_MS: "2000", CRS_ANALYST_MIN_MS: "3000" });
});
afterAll(async () => {
  await s?.close();
  world?.close();
});

describe("finding 1: /metrics does not grow with unmatched paths", () => {
  it("labels unauthenticated, throttled and early-400 requests by route template, never the raw path", async () => {
    const filler = "x".repeat(4096);
    const before = (await call(`${s.url}/metrics`)).text.length;
    for (let i = 0; i < 200; i += 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, j) => {
          const n = i + j;
          // No credential (401), a bad JSON body (400), unknown routes (404) and a path outside /v1.
          if (n % 4 === 0) return call(`${s.url}/v1/y${n}_${filler}`);
          if (n % 4 === 1)
            return call(`${s.url}/v1/z${n}_${filler}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: "{bad",
            });
          if (n % 4 === 2) return call(`${s.url}/q${n}_${filler}`);
          return call(`${s.url}/mcp/w${n}_${filler}`, { method: "POST" });
        }),
      );
    }
    const after = await call(`${s.url}/metrics`);
    expect(after.text).not.toMatch(/y\d+_x{100}/);
    expect(after.text).not.toMatch(/[yzqw]\d+_x/);
    // Bounded: a handful of new series, nowhere near 200 × 4 KB.
    expect(after.text.length - before).toBeLessThan(60_000);
    expect(after.text).toContain('route="unmatched"');
  });
});

describe("finding 3: stalled bodies and headers", () => {
  it("answers a stalled body without a credential at once and closes the connection (/mcp and /v1)", async () => {
    for (const path of ["/mcp", "/v1/agent/answers"]) {
      const raw = await rawSocket(s.port);
      raw.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1048576\r\n\r\n{"jsonrpc":"2.0",`,
      );
      // Generous bound: the answer does not wait for the body; the request timeout (2 s here) would be later.
      expect(await within(raw.closed, 1500)).toBe(true);
      // 401, or 429 once this address's credential-less failures are over the throttle (the metrics test).
      expect(raw.received()).toMatch(/^HTTP\/1\.1 4(01|29)/);
    }
  });

  it("closes an authenticated connection whose body stalls (request timeout)", async () => {
    const raw = await rawSocket(s.port);
    raw.socket.write(
      `POST /v1/agent/answers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${world.key}\r\nContent-Type: application/json\r\nIdempotency-Key: ${randomUUID()}\r\nContent-Length: 5000\r\n\r\n{"question":`,
    );
    expect(await within(raw.closed, 15_000)).toBe(true);
  });

  it("closes a connection whose headers never finish (headers timeout)", async () => {
    const raw = await rawSocket(s.port);
    raw.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    const drip = setInterval(() => raw.socket.write("a"), 200);
    const closed = await within(raw.closed, 15_000);
    clearInterval(drip);
    expect(closed).toBe(true);
  });

  it("does not cut an SSE answer that outlives the request timeout", async () => {
    const res = await call(`${s.url}/v1/agent/answers`, {
      key: world.key,
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ question: "How many ads were posted in the US?" }),
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("event: heartbeat");
    expect(res.text).toContain("event: final");
  });

  it("refuses a body over the limit while reading it (413), after the credential verified", async () => {
    const res = await call(`${s.url}/v1/agent/answers`, {
      key: world.key,
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ question: "q".repeat(200_000) }),
    });
    expect(res.status).toBe(413);
  });
});

describe("finding 13: response headers, /metrics token, deep and huge JSON", () => {
  const expectNosniff = (res: Answer) => expect(res.headers.get("x-content-type-options")).toBe("nosniff");

  it("sends nosniff on every response and no-store on authenticated answers", async () => {
    for (const res of [
      await call(`${s.url}/healthz`),
      await call(`${s.url}/metrics`),
      await call(`${s.url}/openapi.json`),
      await call(`${s.url}/nowhere`),
      await call(`${s.url}/v1/videos`),
      await call(`${s.url}/problems/rate_limited`),
    ])
      expectNosniff(res);
    const authed = [
      await call(`${s.url}/v1/videos?limit=1`, { key: world.key }),
      await call(`${s.url}/v1/usage`, { key: world.key }),
      await call(`${s.url}/v1/videos/nope`, { key: world.key }),
      await mcp(s.url, world.key, initialize()),
    ];
    for (const res of authed) {
      expectNosniff(res);
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
    }
  });

  it("answers a 5 000-deep JSON body at /mcp with 400 (not 500) and logs it", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const res = await call(`${s.url}/mcp`, { method: "POST", headers: mcpHeaders(world.key), body: deep });
    expect(res.status).toBe(400);
    const deepObject = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"service_search_videos","arguments":${'{"a":'.repeat(3000)}1${"}".repeat(3000)}}}`;
    const res2 = await call(`${s.url}/mcp`, {
      method: "POST",
      headers: mcpHeaders(world.key),
      body: deepObject,
    });
    expect(res2.status).toBe(400);
    // The log line comes from a worker process over a pipe: it may land just after the response.
    await expect.poll(() => s.stderr(), { timeout: 10_000 }).toMatch(/too deep/);
  });

  it("answers a huge JSON body with 413", async () => {
    const res = await call(`${s.url}/mcp`, {
      method: "POST",
      headers: mcpHeaders(world.key),
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "p".repeat(2_000_000) } }),
    });
    expect(res.status).toBe(413);
  });

  it("protects /metrics with CRS_METRICS_TOKEN when set", async () => {
    const token = "metrics-token-0123456789";
    const guarded = await serve(world, { CRS_METRICS_TOKEN: token });
    try {
      const open = await call(`${guarded.url}/metrics`);
      expect(open.status).toBe(401);
      expect(open.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await call(`${guarded.url}/metrics`, { key: "wrong-token" })).status).toBe(401);
      const ok = await call(`${guarded.url}/metrics`, { key: token });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain("crs_http_requests_total");
    } finally {
      await guarded.close();
    }
  });
});

describe("finding 5: keys in a URL path never reach the log or an echoed detail", () => {
  it("redacts key-shaped strings and bearer tokens in 404 details and access-log paths", async () => {
    const secretTail = world.spare[5]?.slice(-20) as string;
    const key = world.spare[5] as string;
    const notFound = await call(`${s.url}/foo/${key}`);
    expect(notFound.status).toBe(404);
    expect(notFound.text).not.toContain(secretTail);
    expect(notFound.body.detail).toContain("crs_");
    const misplaced = await call(`${s.url}/v1/videos/${key}`);
    expect([401, 429]).toContain(misplaced.status); // 429 once credential-less failures here are throttled
    expect(misplaced.text).not.toContain(secretTail);
    const jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlc2lnbmF0dXJl";
    const withJwt = await call(`${s.url}/bar/${jwt}`);
    expect(withJwt.text).not.toContain("c2lnbmF0dXJlc2lnbmF0dXJl");
    await new Promise((r) => setTimeout(r, 300)); // the access log is written asynchronously
    const log = s.stderr();
    expect(log).toContain('"/foo/');
    expect(log).not.toContain(secretTail);
    expect(log).not.toContain("c2lnbmF0dXJlc2lnbmF0dXJl");
  });
});

describe("held: CR/LF and header smuggling", () => {
  it("refuses a bare CR or LF inside a header, and never reflects CR/LF into response headers", async () => {
    const raw = await rawSocket(s.port);
    raw.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\rInjected: 1\r\n\r\n");
    await within(raw.closed, 5000);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 400/);
    const smuggle = await rawSocket(s.port);
    smuggle.socket.write(
      "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    );
    await within(smuggle.closed, 5000);
    expect(smuggle.received()).toMatch(/^HTTP\/1\.1 400/);
    for (const path of [
      "/v1/videos?q=%0d%0aX-Injected:%201",
      "/%0d%0aSet-Cookie:%20a=b",
      "/v1/videos/%0d%0aX-Injected:%201",
    ]) {
      const res = await call(`${s.url}${path}`, { key: world.key });
      expect(res.headers.get("x-injected")).toBeNull();
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(res.status).toBeLessThan(500);
    }
  });
});
