import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "../../src/store/sqlite/driver.js";
import { call, createWorld, initialize, mcp, type Served, serve, type World } from "./helpers.js";

/** Credentials, the failed-auth throttle, scopes, org isolation, limiter bypasses, input attacks, storage. */
let world: World;
let s: Served;

beforeAll(async () => {
  world = await createWorld();
  s = await serve(world);
});
afterAll(async () => {
  await s?.close();
  world?.close();
});

const post = (base: string, key: string, body: unknown, idem = randomUUID(), accept = "application/json") =>
  call(`${base}/v1/agent/answers`, {
    key,
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idem, accept },
    body: JSON.stringify(body),
  });

const badKey = (i: number) => `crs_zz${String(i).padStart(6, "0")}_${"A".repeat(32)}`;

describe("finding 2: the failed-auth throttle never locks out a valid key", () => {
  it("after 25 bad keys from one address a valid key still works (REST and /mcp)", async () => {
    const local = await serve(world);
    try {
      for (let i = 0; i < 25; i += 1) await call(`${local.url}/v1/videos`, { key: badKey(i) });
      const again = await call(`${local.url}/v1/videos?limit=1`, { key: world.spare[0] });
      expect(again.status).toBe(200);
      expect((await mcp(local.url, world.spare[0], initialize())).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("throttles repeated guesses at one key prefix from one address (429 with Retry-After)", async () => {
    const local = await serve(world);
    try {
      const guess = `crs_aaaabbbb_${"B".repeat(32)}`;
      let last = 0;
      for (let i = 0; i < 25; i += 1) last = (await call(`${local.url}/v1/videos`, { key: guess })).status;
      expect(last).toBe(429);
      const other = await call(`${local.url}/v1/videos`, { key: `crs_ccccdddd_${"C".repeat(32)}` });
      expect(other.status).toBe(401);
    } finally {
      await local.close();
    }
  });

  it("takes the client address from X-Forwarded-For only through CRS_TRUST_PROXY", async () => {
    const guess = `crs_eeeeffff_${"E".repeat(32)}`;
    const untrusted = await serve(world);
    const trusted = await serve(world, { CRS_TRUST_PROXY: "1" });
    try {
      // Without trust, rotating X-Forwarded-For does not escape the throttle.
      let status = 0;
      for (let i = 0; i < 25; i += 1)
        status = (
          await call(`${untrusted.url}/v1/videos`, {
            key: guess,
            headers: { "x-forwarded-for": `10.0.0.${i}` },
          })
        ).status;
      expect(status).toBe(429);
      // With one trusted hop, each forwarded client is counted on its own.
      for (let i = 0; i < 25; i += 1)
        status = (
          await call(`${trusted.url}/v1/videos`, { key: guess, headers: { "x-forwarded-for": "10.0.0.1" } })
        ).status;
      expect(status).toBe(429);
      const neighbour = await call(`${trusted.url}/v1/videos`, {
        key: guess,
        headers: { "x-forwarded-for": "10.0.0.2" },
      });
      expect(neighbour.status).toBe(401);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});

describe("held: credentials only in the Authorization header", () => {
  it("refuses a key in the query, a cookie or the path, and a key beside a valid header in a body", async () => {
    const k = world.spare[1] as string;
    for (const res of [
      await call(`${s.url}/v1/videos?api_key=${k}`),
      await call(`${s.url}/v1/videos?q=${k}`),
      await call(`${s.url}/v1/videos`, { headers: { cookie: `session=${k}` } }),
      await call(`${s.url}/v1/videos/${k}`),
      await post(s.url, k, { question: `use ${k}` }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("credential_misplaced");
      expect(res.text).not.toContain(k.slice(-16));
    }
  });
});

describe("finding 12: auth discovery in API-key mode", () => {
  it("serves no protected-resource metadata and a plain Bearer challenge; scope on 403", async () => {
    expect((await call(`${s.url}/.well-known/oauth-protected-resource`)).status).toBe(404);
    expect((await call(`${s.url}/.well-known/oauth-protected-resource/mcp`)).status).toBe(404);
    const challenge = (await mcp(s.url, undefined, initialize())).headers.get("www-authenticate");
    expect(challenge).toMatch(/^Bearer/);
    expect(challenge).not.toContain("resource_metadata");
    const forbidden = await post(s.url, world.readKey, { question: "hello" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("www-authenticate")).toMatch(
      /^Bearer error="insufficient_scope", scope="agent:request"/,
    );
  });
});

describe("finding 6 and held isolation: analyst runs", () => {
  it("needs agent:request to read a run; another organisation sees neither the run nor the idempotency key", async () => {
    const idem = randomUUID();
    const created = await post(s.url, world.key, { question: "Which hooks work for skincare ads?" }, idem);
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const own = await call(`${s.url}/v1/agent/answers/${id}`, { key: world.key });
    expect(own.status).toBe(200);
    const readOnly = await call(`${s.url}/v1/agent/answers/${id}`, { key: world.readKey });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("insufficient_scope");
    expect(readOnly.text).not.toContain("skincare");
    expect((await call(`${s.url}/v1/agent/answers/${id}`, { key: world.rivalKey })).status).toBe(404);
    const rival = await post(s.url, world.rivalKey, { question: "Which hooks work for skincare ads?" }, idem);
    expect(rival.status).toBe(200);
    expect(rival.body.data.id).not.toBe(id);
  });
});

describe("finding 13: prototype-shaped parameters", () => {
  it("refuses __proto__, constructor and prototype like any unknown parameter", async () => {
    for (const q of ["__proto__=x", "constructor=x", "prototype=x", "__proto__[limit]=1"]) {
      const res = await call(`${s.url}/v1/videos?${q}`, { key: world.key });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("unknown_parameter");
    }
    const body = await call(`${s.url}/v1/agent/answers`, {
      key: world.key,
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: '{"question":"hi","__proto__":{"admin":true}}',
    });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe("unknown_parameter");
  });
});

describe("held: injection through q and resource URIs", () => {
  it("answers FTS syntax in q as text, never a 500", async () => {
    for (const q of [
      '"',
      "a*",
      "NEAR(a b)",
      "a OR b",
      "-a",
      "^a",
      "a:b",
      "content:x",
      "'; DROP TABLE videos;--",
      "\\",
    ]) {
      const res = await call(`${s.url}/v1/videos?q=${encodeURIComponent(q)}&limit=2`, {
        key: world.spare[2],
      });
      expect([200, 400]).toContain(res.status);
      await new Promise((r) => setTimeout(r, 0));
    }
  });

  it("reads no file through a resource URI", async () => {
    for (const uri of [
      "service://guide/../../../etc/passwd",
      "file:///etc/passwd",
      "service://guide/%2e%2e%2f%2e%2e%2fpackage.json",
    ]) {
      const res = await mcp(s.url, world.spare[3], {
        jsonrpc: "2.0",
        id: 2,
        method: "resources/read",
        params: { uri },
      });
      expect(res.text).not.toContain("root:");
      expect(res.text).not.toContain('"dependencies"');
      expect(res.body.error ?? res.body.result?.isError).toBeTruthy();
    }
  });
});

describe("held and finding 8: the limiter cannot be bypassed", () => {
  it("counts HEAD, a trailing slash and batches; a case change is no route", async () => {
    const local = await serve(world);
    try {
      const k = world.spare[4] as string;
      for (let i = 0; i < 15; i += 1)
        expect((await call(`${local.url}/v1/videos?limit=1`, { key: k })).status).toBe(200);
      expect((await call(`${local.url}/v1/videos?limit=1`, { key: k, method: "HEAD" })).status).toBe(429);
      expect((await call(`${local.url}/v1/videos/?limit=1`, { key: k })).status).toBe(429);
      // Another case is either no route or the same route, counted: never a fresh budget.
      expect([404, 429]).toContain((await call(`${local.url}/V1/videos?limit=1`, { key: k })).status);
      expect([404, 429]).toContain((await call(`${local.url}/v1/Videos?limit=1`, { key: k })).status);
      const batch = await call(`${local.url}/mcp`, {
        key: k,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(
          Array.from({ length: 10 }, (_, i) => ({
            jsonrpc: "2.0",
            id: i,
            method: "tools/call",
            params: { name: "service_list_feed", arguments: { feed: "newest", limit: 1 } },
          })),
        ),
      });
      expect(batch.text).not.toContain('"structuredContent"');
    } finally {
      await local.close();
    }
  });

  it("counts MCP reads (resources/read, tools/list, prompts/*, ping) at a cheap cost class", async () => {
    const local = await serve(world);
    try {
      const k = world.spare[5] as string;
      const read = (id: number) =>
        mcp(local.url, k, {
          jsonrpc: "2.0",
          id,
          method: "resources/read",
          params: { uri: "service://openapi.json" },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        const res = await read(i);
        statuses.push(res.status);
        if (res.status === 429) break;
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((x) => x === 200).length).toBeGreaterThan(15); // cheaper than a tool call
      for (const method of ["tools/list", "prompts/list", "ping"]) {
        const res = await mcp(local.url, k, { jsonrpc: "2.0", id: 9, method, params: {} });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await local.close();
    }
  });
});

describe("finding 9: analyst refusals refund what they charged; concurrency Retry-After from running runs", () => {
  it("a 429 from the analyst leaves the request windows as they were and says when a slot frees", async () => {
    const local = await serve(world, {
      CRS_LIMITS: JSON.stringify({ analystConcurrency: { max: 1 } }),
      CRS_ANALYST_MIN_MS: "4000",
    });
    try {
      const running = post(local.url, world.spare[0] as string, { question: "What hooks trend in beauty?" });
      await new Promise((r) => setTimeout(r, 700));
      const k = world.spare[1] as string;
      const usage = async () =>
        (await call(`${local.url}/v1/usage`, { key: k })).body.data.search.per_credential.used as number;
      const before = await usage();
      const refused = await post(local.url, k, { question: "And in fitness?" });
      expect(refused.status).toBe(429);
      expect(refused.body.control).toBe("analystConcurrency");
      const retry = Number(refused.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(4);
      const after = await usage();
      expect(after - before).toBe(1); // the usage call itself, not the refused analyst call
      expect((await running).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

// Locks the served SQLite file from a second connection: SQLite-specific (PostgreSQL outages are covered by
// test/e2e/instances.test.ts); it still runs in the default run.
describe.skipIf(process.env.CRS_TEST_STORE === "postgres")(
  "finding 10: storage errors are 503 with Retry-After, never 500",
  () => {
    it("serves reads while the database is locked (last_used_at is best-effort) and flips /readyz", async () => {
      const local = await serve(world);
      const lock = new Database(local.db);
      try {
        lock.pragma("busy_timeout = 100");
        lock.exec("BEGIN IMMEDIATE");
        lock.prepare("UPDATE organisations SET updated_at = updated_at").run();
        // Limited calls count their request windows in the database (shared by every worker): 503, not 500.
        const res = await call(`${local.url}/v1/usage`, { key: world.spare[2] });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe("service_unavailable");
        // A content call counts the daily budget in the database too: 503 + Retry-After, not 500.
        const content = await call(`${local.url}/v1/videos?limit=1`, { key: world.spare[2] });
        expect(content.status).toBe(503);
        expect(content.body.code).toBe("service_unavailable");
        const write = await post(local.url, world.spare[3] as string, { question: "What is trending?" });
        expect(write.status).toBe(503);
        expect(Number(write.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((await call(`${local.url}/readyz`)).status).toBe(503);
        lock.exec("ROLLBACK");
        expect((await call(`${local.url}/readyz`)).status).toBe(200);
        // Writes wait in full again once the lock is free: the same calls are served.
        expect((await call(`${local.url}/v1/videos?limit=1`, { key: world.spare[2] })).status).toBe(200);
      } finally {
        if (lock.inTransaction) lock.exec("ROLLBACK");
        lock.close();
        await local.close();
      }
    });

    it("records last_used_at best-effort: with nothing else to write, a read is served while the database is locked", async () => {
      const local = await serve(world, { CRS_LIMITS: "off" });
      const lock = new Database(local.db);
      try {
        lock.pragma("busy_timeout = 100");
        lock.exec("BEGIN IMMEDIATE");
        lock.prepare("UPDATE organisations SET updated_at = updated_at").run();
        // A fresh key's first use wants to write last_used_at: best-effort, the read is served.
        const res = await call(`${local.url}/v1/usage`, { key: world.spare[4] });
        expect(res.status).toBe(200);
      } finally {
        if (lock.inTransaction) lock.exec("ROLLBACK");
        lock.close();
        await local.close();
      }
    });
  },
);
