import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateOrg } from "../../src/identity/orgs.js";
import { connectModern } from "./helpers/mcp-clients.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

// Every control alone, over real sockets, with a small JSON override; time moves with clock.advance.

const SEARCH = "/videos?q=hook&limit=5";
const QUESTION = "Which advertiser had the most breakout ads in the US in the last 30 days?";
const DAY = 86_400;

type Reply = Awaited<ReturnType<typeof getJson>>;

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: { data: Record<string, unknown> };
  _meta?: Record<string, unknown>;
}

const rest = (t: TestServer, key: string, path = SEARCH) => getJson(`${t.url}/v1${path}`, key);

async function mcp(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

const mcpSearch = (client: Client) => mcp(client, "service_search_videos", { q: "hook", limit: 5 });
const mcpAsk = (client: Client) =>
  mcp(client, "service_analyze", { question: QUESTION, idempotency_key: randomUUID() });

/** POST /v1/agent/answers with JSON delivery and a fresh Idempotency-Key. */
async function ask(t: TestServer, key: string): Promise<Reply> {
  const res = await fetch(`${t.url}/v1/agent/answers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept: "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ question: QUESTION }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

function expectOk(res: Reply): void {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function expectMcpOk(result: ToolResult): void {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(result.structuredContent?.data).toBeDefined();
}

/** 429 rate_limited problem naming the control, with an integer Retry-After of exactly `retryAfter`. */
function expectLimited(res: Reply, control: string, retryAfter: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(res.body.code).toBe("rate_limited");
  expect(res.body.control).toBe(control);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("retry-after"))).toBe(retryAfter);
  expect(res.body.retry_after).toBe(retryAfter);
}

/** The MCP refusal: an isError result saying rate_limited and when to retry. */
function expectMcpLimited(result: ToolResult, control: string, retryAfter: number): void {
  expect(result.isError).toBe(true);
  const text = result.content.map((c) => c.text ?? "").join(" ");
  expect(text).toContain("rate_limited");
  expect(text).toContain(`Retry after ${retryAfter} s`);
  expect(result._meta?.["crs/error"]).toMatchObject({
    code: "rate_limited",
    status: 429,
    retry_after: retryAfter,
    control,
  });
}

const statuses = (replies: Reply[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

const untilMidnight = (now: number) => DAY - (now % DAY);
const untilNextMonth = (now: number) => {
  const d = new Date(now * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000 - now;
};

type Usage = {
  limits_enforced: boolean;
  analyst: {
    monthly: { limit: number; used: number; remaining: number; period: string; reset_at_unix: number };
    hourly: Record<"credential" | "organisation", { limit: number; used: number; remaining: number }>;
    concurrency: { limit: number; running: number };
  };
  search: Record<
    "burst" | "per_credential" | "per_organisation",
    { limit: number; window_seconds: number; used: number; remaining: number }
  > & { daily: { limit: number; used: number; remaining: number; day: string; reset_at_unix: number } };
};

async function usage(t: TestServer, key: string): Promise<Usage> {
  const res = await rest(t, key, "/usage");
  expectOk(res);
  return res.body.data as Usage;
}

/** One server per describe block; MCP clients opened through it are closed with it. */
function serverFor(options: Parameters<typeof startTestServer>[0]) {
  const ctx = { t: undefined as unknown as TestServer, clients: [] as Client[] };
  beforeAll(async () => {
    ctx.t = await startTestServer(options);
  });
  afterAll(async () => {
    await Promise.all(ctx.clients.map((c) => c.close()));
    await ctx.t?.close();
  });
  return {
    get t() {
      return ctx.t;
    },
    async client(key: string) {
      const client = await connectModern(ctx.t.url, key);
      ctx.clients.push(client);
      return client;
    },
  };
}

describe("burst (3 per 10 s per credential)", () => {
  const s = serverFor({ videos: 300, limits: JSON.stringify({ burst: { max: 3, windowSeconds: 10 } }) });

  it("REST and MCP share the counter; each call counts once; Retry-After is exact and truthful", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "burst" });
    const client = await s.client(key);
    expectMcpOk(await mcpSearch(client));
    const second = await rest(t, key);
    expectOk(second);
    // The MCP call took exactly one unit: one left after two calls.
    expect(second.headers.get("ratelimit-policy")).toBe('"burst";q=3;w=10');
    expect(second.headers.get("ratelimit")).toBe('"burst";r=1;t=10');
    const third = await rest(t, key);
    expectOk(third);
    expect(third.headers.get("ratelimit")).toBe('"burst";r=0;t=10');

    const refused = await rest(t, key);
    expectLimited(refused, "burst", 10);
    expect(refused.headers.get("ratelimit")).toBe('"burst";r=0;t=10');
    expectMcpLimited(await mcpSearch(client), "burst", 10);

    t.clock.advance(4);
    expectLimited(await rest(t, key), "burst", 6);
    t.clock.advance(6);
    const after = await rest(t, key);
    expectOk(after);
    expect(after.headers.get("ratelimit")).toBe('"burst";r=2;t=10');
    expectMcpOk(await mcpSearch(client));
  });

  it("a refused call takes nothing; another credential of the same organisation is not affected", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "burst2" });
    const colleague = await t.addKey({ org: "burst2" });
    for (let i = 0; i < 3; i += 1) expectOk(await rest(t, key));
    for (let i = 0; i < 5; i += 1) expectLimited(await rest(t, key), "burst", 10);
    expectOk(await rest(t, colleague));
    t.clock.advance(10);
    // Usage is itself a call: 1 in the burst window, 3 + 1 in the sustained one (the refused five took nothing).
    const record = await usage(t, key);
    expect(record.search.burst).toMatchObject({ limit: 3, used: 1, remaining: 2 });
    expect(record.search.per_credential.used).toBe(4);
    expect(record.search.daily.used).toBe(4);
  });
});

describe("exact under concurrency", () => {
  const s = serverFor({
    videos: 300,
    limits: JSON.stringify({ burst: { max: 15, windowSeconds: 10 }, dailyContent: { max: 40 } }),
  });

  it("100 parallel REST requests on one key against a burst of 15 let exactly 15 through", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "parallel" });
    const replies = await Promise.all(Array.from({ length: 100 }, () => rest(t, key)));
    expect(statuses(replies)).toEqual({ 200: 15, 429: 85 });
    for (const r of replies.filter((x) => x.status === 429)) expectLimited(r, "burst", 10);
    t.clock.advance(DAY); // a fresh day and empty windows for the next case
  });

  it("100 parallel requests over four keys of one organisation spend a daily budget of 40 exactly", async () => {
    const { t } = s;
    const keys: string[] = [];
    for (let i = 0; i < 4; i += 1) keys.push(await t.addKey({ org: "scrapers" }));
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => rest(t, keys[i % 4] as string)));
    expect(statuses(replies)).toEqual({ 200: 40, 429: 60 });
    const refusedBy = new Set(replies.filter((r) => r.status === 429).map((r) => r.body.control));
    // Burst (15 per key) refuses some; once the day is spent refusals name it (the longer wait).
    expect(refusedBy.has("dailyContent")).toBe(true);
    expect((await usage(t, keys[0] as string)).search.daily).toMatchObject({ used: 40, remaining: 0 });
  });
});

describe("perCredential (4 per 60 s)", () => {
  const s = serverFor({
    videos: 300,
    limits: JSON.stringify({ perCredential: { max: 4, windowSeconds: 60 } }),
  });

  it("refuses the fifth call with the wait until the oldest call leaves the window", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "sustained" });
    const colleague = await t.addKey({ org: "sustained" });
    const client = await s.client(key);
    expectOk(await rest(t, key));
    expectMcpOk(await mcpSearch(client));
    t.clock.advance(20);
    expectOk(await rest(t, key));
    const fourth = await rest(t, key);
    expectOk(fourth);
    expect(fourth.headers.get("ratelimit")).toBe('"perCredential";r=0;t=60');
    expectLimited(await rest(t, key), "perCredential", 40);
    expectMcpLimited(await mcpSearch(client), "perCredential", 40);
    expectOk(await rest(t, colleague));
    t.clock.advance(40);
    expectOk(await rest(t, key));
    expectMcpOk(await mcpSearch(client));
    expectLimited(await rest(t, key), "perCredential", 20);
  });
});

describe("perOrg (4 per 60 s, all keys of the organisation together)", () => {
  const s = serverFor({ videos: 300, limits: JSON.stringify({ perOrg: { max: 4, windowSeconds: 60 } }) });

  it("two keys of one organisation share the window; another organisation does not", async () => {
    const { t } = s;
    const a = await t.addKey({ org: "acme" });
    const b = await t.addKey({ org: "acme" });
    const outsider = await t.addKey({ org: "globex" });
    const clientB = await s.client(b);
    expectOk(await rest(t, a));
    expectOk(await rest(t, a));
    expectOk(await rest(t, b));
    t.clock.advance(15);
    expectMcpOk(await mcpSearch(clientB));
    expectLimited(await rest(t, a), "perOrg", 45);
    expectMcpLimited(await mcpSearch(clientB), "perOrg", 45);
    expectLimited(await rest(t, b), "perOrg", 45);
    expectOk(await rest(t, outsider));
    t.clock.advance(45);
    const after = await rest(t, b);
    expectOk(after);
    expect(after.headers.get("ratelimit-policy")).toBe('"perOrg";q=4;w=60');
    expect(after.headers.get("ratelimit")).toBe('"perOrg";r=2;t=60');
  });
});

describe("dailyContent (3 content calls per UTC day per organisation)", () => {
  const s = serverFor({ videos: 300, limits: JSON.stringify({ dailyContent: { max: 3 } }) });

  it("refuses the fourth content call until UTC midnight; usage calls stay free", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "daily" });
    const colleague = await t.addKey({ org: "daily" });
    const client = await s.client(colleague);
    const now = () => Math.floor(t.clock.nowSeconds());
    // The clock starts at the real time and moves an hour below: late in a UTC day, start the next one.
    if (untilMidnight(now()) < 2 * 3600) t.clock.advance(untilMidnight(now()) + 60);

    const first = await rest(t, key);
    expectOk(first);
    expect(first.headers.get("ratelimit-policy")).toBe(`"dailyContent";q=3;w=${DAY}`);
    expect(first.headers.get("ratelimit")).toBe(`"dailyContent";r=2;t=${untilMidnight(now())}`);
    expectMcpOk(await mcpSearch(client));
    expectOk(await rest(t, colleague, "/feeds/breakout?limit=5"));

    expectLimited(await rest(t, key), "dailyContent", untilMidnight(now()));
    expectMcpLimited(await mcpSearch(client), "dailyContent", untilMidnight(now()));
    t.clock.advance(3600);
    expectLimited(await rest(t, key, "/feeds/breakout"), "dailyContent", untilMidnight(now()));

    const record = await usage(t, key);
    expect(record.search.daily).toMatchObject({ limit: 3, used: 3, remaining: 0 });
    expect(record.search.daily.reset_at_unix).toBe(now() + untilMidnight(now()));
    const org = (await t.sql.get<{ id: string }>("SELECT id FROM organisations WHERE name = 'daily'")) as {
      id: string;
    };
    expect(
      await t.sql.get("SELECT calls FROM limit_daily_content WHERE org_id = ? AND day = ?", [
        org.id,
        record.search.daily.day,
      ]),
    ).toEqual({ calls: 3 });

    const day = record.search.daily.day;
    t.clock.advance(untilMidnight(now()));
    expectOk(await rest(t, key));
    const next = await usage(t, key);
    expect(next.search.daily).toMatchObject({ used: 1, remaining: 2 });
    expect(next.search.daily.day).not.toBe(day);
  });
});

describe("analystHourlyCredential (2 per hour per credential)", () => {
  const s = serverFor({
    limits: JSON.stringify({ analystHourlyCredential: { max: 2, windowSeconds: 3600 } }),
  });

  it("REST and MCP draw on one hourly window; Retry-After is when the oldest request leaves it", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "hourly-cred" });
    const colleague = await t.addKey({ org: "hourly-cred" });
    const client = await s.client(key);
    expectOk(await ask(t, key));
    t.clock.advance(100);
    expectMcpOk(await mcpAsk(client));
    const refused = await ask(t, key);
    expectLimited(refused, "analystHourlyCredential", 3500);
    expect(refused.headers.get("x-agent-remaining")).toBe("98");
    expectMcpLimited(await mcpAsk(client), "analystHourlyCredential", 3500);
    expectOk(await ask(t, colleague));

    const record = await usage(t, key);
    expect(record.analyst.hourly.credential).toMatchObject({ limit: 2, used: 2, remaining: 0 });
    expect(record.analyst.hourly.organisation.used).toBe(3);
    expect(record.analyst.monthly).toMatchObject({ used: 3, remaining: 97 });

    t.clock.advance(3500);
    expectOk(await ask(t, key));
  });
});

describe("analystHourlyOrg (2 per hour per organisation)", () => {
  const s = serverFor({ limits: JSON.stringify({ analystHourlyOrg: { max: 2, windowSeconds: 3600 } }) });

  it("two keys of one organisation share the hourly window", async () => {
    const { t } = s;
    const a = await t.addKey({ org: "hourly-org" });
    const b = await t.addKey({ org: "hourly-org" });
    const outsider = await t.addKey({ org: "hourly-other" });
    const clientB = await s.client(b);
    expectOk(await ask(t, a));
    t.clock.advance(600);
    expectMcpOk(await mcpAsk(clientB));
    expectLimited(await ask(t, a), "analystHourlyOrg", 3000);
    expectLimited(await ask(t, b), "analystHourlyOrg", 3000);
    expectMcpLimited(await mcpAsk(clientB), "analystHourlyOrg", 3000);
    expectOk(await ask(t, outsider));
    t.clock.advance(3000);
    expectOk(await ask(t, b));
    expectLimited(await ask(t, a), "analystHourlyOrg", 600);
  });
});

describe("analystConcurrency (1 run at once per organisation)", () => {
  const s = serverFor({
    limits: JSON.stringify({ analystConcurrency: { max: 1, retryAfterSeconds: 5 } }),
    env: { CRS_ANALYST_MIN_MS: "700", CRS_ANALYST_HEARTBEAT_MS: "50" },
  });

  const openClaims = async (t: TestServer) =>
    (
      (await t.sql.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM limit_analyst_claims WHERE released_at IS NULL",
      )) as { n: number }
    ).n;

  async function untilRunning(t: TestServer): Promise<void> {
    for (let i = 0; i < 200 && (await openClaims(t)) === 0; i += 1)
      await new Promise((r) => setTimeout(r, 5));
    expect(await openClaims(t)).toBe(1);
  }

  it("refuses a second run while one holds the slot; the slot returns when the run ends", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "concurrent" });
    const colleague = await t.addKey({ org: "concurrent" });
    const client = await s.client(colleague);
    const first = ask(t, key);
    await untilRunning(t);
    expect((await usage(t, key)).analyst.concurrency).toEqual({ limit: 1, running: 1 });
    // Retry-After counts from the running run's expected end (its start + ~1 s: MIN_MS 700; the clock stands).
    expectLimited(await ask(t, colleague), "analystConcurrency", 1);
    expectMcpLimited(await mcpAsk(client), "analystConcurrency", 1);
    expectOk(await first);
    t.clock.advance(5);
    expect((await usage(t, key)).analyst.concurrency).toEqual({ limit: 1, running: 0 });
    expectMcpOk(await mcpAsk(client));
  });

  it("six parallel requests admit exactly one run", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "crowd" });
    const replies = await Promise.all(Array.from({ length: 6 }, () => ask(t, key)));
    expect(statuses(replies)).toEqual({ 200: 1, 429: 5 });
    for (const r of replies.filter((x) => x.status === 429)) expectLimited(r, "analystConcurrency", 1);
    expect((await usage(t, key)).analyst.monthly.used).toBe(1);
  });
});

describe("analyst monthly allowance (organisations.analyst_monthly)", () => {
  const s = serverFor({ limits: "default" });

  it("refuses past the allowance until the next UTC month; usage reports the same numbers on both interfaces", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "monthly" });
    await updateOrg(t.sql, "monthly", { analystMonthly: 2 }, t.clock.nowSeconds());
    const client = await s.client(key);
    const now = () => Math.floor(t.clock.nowSeconds());

    const first = await ask(t, key);
    expectOk(first);
    expect(first.headers.get("x-agent-limit")).toBe("2");
    expect(first.headers.get("x-agent-remaining")).toBe("1");
    expectMcpOk(await mcpAsk(client));
    const wait = untilNextMonth(now());
    const refused = await ask(t, key);
    expectLimited(refused, "analystMonthly", wait);
    expect(refused.headers.get("x-agent-remaining")).toBe("0");
    expect(Number(refused.headers.get("x-agent-reset"))).toBe(now() + wait);
    expectMcpLimited(await mcpAsk(client), "analystMonthly", wait);

    expectOk(await rest(t, key)); // one content call, counted in the daily figure
    const viaRest = await usage(t, key);
    const viaMcp = (await mcp(client, "service_get_usage")).structuredContent?.data as Usage;
    expect(viaRest.analyst.monthly).toMatchObject({
      limit: 2,
      used: 2,
      remaining: 0,
      reset_at_unix: now() + wait,
    });
    expect(viaRest.analyst.hourly.credential).toMatchObject({ limit: 10, used: 2, remaining: 8 });
    expect(viaRest.search.daily).toMatchObject({ limit: 2000, used: 1, remaining: 1999 });
    expect(viaRest.limits_enforced).toBe(true);
    // The same record, except that the MCP usage call is one more call in the request windows.
    const { search: restSearch, ...restRest } = viaRest;
    const { search: mcpSearchPart, ...mcpRest } = viaMcp;
    expect(mcpRest).toEqual(restRest);
    expect(mcpSearchPart.daily).toEqual(restSearch.daily);
    for (const w of ["burst", "per_credential", "per_organisation"] as const) {
      expect(mcpSearchPart[w].used).toBe(restSearch[w].used + 1);
      expect(mcpSearchPart[w].limit).toBe(restSearch[w].limit);
    }

    t.clock.advance(wait);
    const renewed = await ask(t, key);
    expectOk(renewed);
    expect(renewed.headers.get("x-agent-remaining")).toBe("1");
    expect((await usage(t, key)).analyst.monthly).toMatchObject({ used: 1, remaining: 1 });
  });
});

describe("authFailures (3 failed authentications per 60 s per address)", () => {
  const s = serverFor({
    videos: 300,
    limits: JSON.stringify({ authFailures: { max: 3, windowSeconds: 60 } }),
  });

  const mcpPost = (t: TestServer, key: string) =>
    fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });

  it("turns further failures of one credential into 429 on both endpoints, never a valid key, until they age out", async () => {
    const { t } = s;
    const wrong = "crs_live_wrongwrongwrongwrongwrongwrong";
    for (let i = 0; i < 5; i += 1) expectOk(await rest(t, t.key)); // successes never count
    expect((await rest(t, wrong)).status).toBe(401);
    expect((await rest(t, wrong)).status).toBe(401);
    t.clock.advance(10);
    expect((await mcpPost(t, wrong)).status).toBe(401);

    expectLimited(await rest(t, wrong), "authFailures", 50);
    const blockedMcp = await mcpPost(t, wrong);
    expect(blockedMcp.status).toBe(429);
    expect(blockedMcp.headers.get("retry-after")).toBe("50");
    // The credential is checked first: a valid key from the same address is served.
    expectOk(await rest(t, t.key));
    expect((await mcpPost(t, t.key)).status).toBe(200);

    t.clock.advance(50);
    expect((await rest(t, wrong)).status).toBe(401);
    expect((await rest(t, wrong)).status).toBe(401);
    expectLimited(await rest(t, wrong), "authFailures", 10);
  });
});

describe("CRS_LIMITS=off", () => {
  const s = serverFor({ videos: 300, limits: "off" });

  it("lets everything through and sends no RateLimit headers", async () => {
    const { t } = s;
    const key = await t.addKey({ org: "unlimited" });
    await updateOrg(t.sql, "unlimited", { analystMonthly: 0 }, t.clock.nowSeconds());
    const replies = await Promise.all(Array.from({ length: 60 }, () => rest(t, key)));
    expect(statuses(replies)).toEqual({ 200: 60 });
    expect(replies[0]?.headers.get("ratelimit")).toBeNull();
    expect(replies[0]?.headers.get("ratelimit-policy")).toBeNull();
    expectOk(await ask(t, key));
    for (let i = 0; i < 25; i += 1) expect((await rest(t, "crs_live_nope")).status).toBe(401);
    expectOk(await rest(t, key));
    const record = await usage(t, key);
    expect(record.limits_enforced).toBe(false);
    expect(record.analyst.monthly).toMatchObject({ limit: 0, used: 1, remaining: 0 });
  });
});
