import { randomUUID } from "node:crypto";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateOrg } from "../../src/identity/orgs.js";
import { connectLegacy, connectModern } from "./helpers/mcp-clients.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const QUESTION = { question: "Which advertiser had the most breakout ads in the US in the last 30 days?" };

interface Streamed {
  status: number;
  headers: Headers;
  events: EventSourceMessage[];
}

/** POSTs a question and reads the SSE response with a real SSE parser; `onEvent` sees frames as they arrive. */
async function stream(
  url: string,
  key: string,
  idempotencyKey: string,
  body: unknown = QUESTION,
  onEvent?: (event: EventSourceMessage) => void,
): Promise<Streamed> {
  const res = await fetch(`${url}/v1/agent/answers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify(body),
  });
  const events: EventSourceMessage[] = [];
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      onEvent?.(event);
    },
  });
  const decoder = new TextDecoder();
  if (res.body) for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  return { status: res.status, headers: res.headers, events };
}

async function post(
  url: string,
  key: string | null,
  idempotencyKey: string | null,
  body: unknown,
  accept = "application/json",
) {
  const headers: Record<string, string> = { "content-type": "application/json", accept };
  if (key) headers.authorization = `Bearer ${key}`;
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  const res = await fetch(`${url}/v1/agent/answers`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const data = (body: Record<string, unknown>) => body.data as Record<string, unknown>;
const ledger = async (t: TestServer) =>
  (
    (await t.sql.get<{ n: number }>(
      "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) AS n FROM usage_ledger WHERE kind = 'analyst'",
    )) as { n: number }
  ).n;

describe("analyst over REST and MCP (real sockets)", () => {
  let t: TestServer;
  beforeAll(async () => {
    // (Heartbeats go out while a run waits for its minimum: a minimum well above one step's time on a loaded
    // machine leaves room for several, however long the step took.)
    t = await startTestServer({ env: { CRS_ANALYST_HEARTBEAT_MS: "40", CRS_ANALYST_MIN_MS: "1000" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("streams heartbeats then one final event carrying the saved run, with the streaming headers", async () => {
    const streamed = await stream(t.url, t.key, randomUUID());
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(streamed.headers.get("cache-control")).toBe("no-store");
    expect(streamed.headers.get("x-accel-buffering")).toBe("no");
    for (const name of ["x-agent-limit", "x-agent-remaining", "x-agent-reset"])
      expect(Number(streamed.headers.get(name))).toBeGreaterThanOrEqual(0);
    const kinds = streamed.events.map((e) => e.event);
    expect(kinds.filter((k) => k === "final")).toHaveLength(1);
    expect(kinds.at(-1)).toBe("final");
    expect(kinds.filter((k) => k === "heartbeat").length).toBeGreaterThanOrEqual(2);
    const beat = JSON.parse(streamed.events[0]?.data ?? "{}");
    expect(["queued", "running"]).toContain(beat.status);
    expect(typeof beat.elapsed_ms).toBe("number");
    const final = JSON.parse(streamed.events.at(-1)?.data ?? "{}");
    expect(final.status).toBe("completed");
    expect(final.answer.findings.length).toBeGreaterThan(0);
    expect(final.answer.method.at(-1).tool).toBe("aggregate");
    // Saved before the final frame: the status endpoint returns the same answer.
    const saved = await fetch(final.status_url, { headers: { authorization: `Bearer ${t.key}` } });
    expect(((await saved.json()) as { data: { answer: unknown } }).data.answer).toEqual(final.answer);
  });

  it("answers JSON after the full runtime with Accept: application/json", async () => {
    const res = await post(t.url, t.key, randomUUID(), QUESTION);
    expect(res.status).toBe(200);
    expect(data(res.body).status).toBe("completed");
    expect(data(res.body).elapsed_ms as number).toBeGreaterThanOrEqual(250);
    expect(res.headers.get("x-agent-limit")).toBe("100");
  });

  it("202 for an in-flight duplicate, free replay after completion, 409 for a different body", async () => {
    const key = randomUUID();
    const before = await ledger(t);
    let firstBeat!: () => void;
    const beating = new Promise<void>((resolve) => {
      firstBeat = resolve;
    });
    const first = stream(t.url, t.key, key, QUESTION, (e) => e.event === "heartbeat" && firstBeat());
    await beating;
    const duplicate = await post(t.url, t.key, key, QUESTION, "text/event-stream");
    expect(duplicate.status).toBe(202);
    expect(duplicate.headers.get("location")).toBe(data(duplicate.body).status_url);
    expect(data(duplicate.body).status_url).toMatch(/\/v1\/agent\/answers\/[0-9a-f-]{36}$/);
    expect(["queued", "running"]).toContain(data(duplicate.body).status);
    const done = await first;
    const final = JSON.parse(done.events.at(-1)?.data ?? "{}");
    expect(final.id).toBe(data(duplicate.body).id);
    expect(await ledger(t)).toBe(before + 1);

    const remaining = duplicate.headers.get("x-agent-remaining");
    const replay = await post(t.url, t.key, key, QUESTION);
    expect(replay.status).toBe(200);
    expect(data(replay.body).replayed).toBe(true);
    expect(data(replay.body).answer).toEqual(final.answer);
    expect(replay.headers.get("x-agent-remaining")).toBe(remaining);
    expect(await ledger(t)).toBe(before + 1);

    const conflict = await post(t.url, t.key, key, { question: "Something else entirely?" });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("idempotency_conflict");
    expect(conflict.headers.get("x-agent-limit")).toBe("100");
  });

  it("400 for a missing key, a short key and an unknown body property", async () => {
    const missing = await post(t.url, t.key, null, QUESTION);
    expect(missing.status).toBe(400);
    expect(missing.body.parameter).toBe("Idempotency-Key");
    expect((await post(t.url, t.key, "short", QUESTION)).status).toBe(400);
    const unknown = await post(t.url, t.key, randomUUID(), { ...QUESTION, idempotency_key: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("unknown_parameter");
    const tooLong = await post(t.url, t.key, randomUUID(), { question: "x".repeat(8001) });
    expect(tooLong.body.code).toBe("invalid_parameter");
  });

  it("a key that is no UUID is kept as sent (its retry replays); Accept decides the delivery", async () => {
    const key = `retry-me-${randomUUID()}`;
    const first = await post(t.url, t.key, key, QUESTION);
    expect(first.status).toBe(200);
    const again = await post(t.url, t.key, key, QUESTION);
    expect(data(again.body).replayed).toBe(true);
    expect(data(again.body).id).toBe(data(first.body).id);
    const stored = await t.sql.get("SELECT idempotency_key FROM analyst_runs WHERE id = ?", [
      data(first.body).id as string,
    ]);
    expect(stored).toEqual({ idempotency_key: key });
    const html = await post(t.url, t.key, randomUUID(), QUESTION, "text/html");
    expect(html.status).toBe(406);
    expect(html.body.code).toBe("not_acceptable");
    expect(html.headers.get("x-agent-limit")).toBe("100");
  });

  it("the status URL is no MCP tool and answers REST like any route (HEAD, 405, strict query)", async () => {
    const res = await post(t.url, t.key, randomUUID(), QUESTION);
    const url = data(res.body).status_url as string;
    const auth = { authorization: `Bearer ${t.key}` };
    const head = await fetch(url, { method: "HEAD", headers: auth });
    expect(head.status).toBe(200);
    const put = await fetch(url, { method: "PUT", headers: auth });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD");
    const extra = await fetch(`${url}?verbose=1`, { headers: auth });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { code: string }).code).toBe("unknown_parameter");
    const client = await connectModern(t.url, t.key);
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).not.toContain("service_get_analyst_request");
    await client.close();
  });

  it("403 without the agent:request scope or without the organisation's entitlement", async () => {
    const readOnly = await t.addKey({ scopes: ["content:read"] });
    const noScope = await post(t.url, readOnly, randomUUID(), QUESTION);
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe("insufficient_scope");
    const other = await t.addKey({ org: "no-analyst" });
    await updateOrg(t.sql, "no-analyst", { analystEnabled: false }, t.clock.nowSeconds());
    const noEntitlement = await post(t.url, other, randomUUID(), QUESTION);
    expect(noEntitlement.status).toBe(403);
    expect(noEntitlement.body.code).toBe("entitlement_missing");
  });

  it("the status endpoint serves only the owning organisation", async () => {
    const res = await post(t.url, t.key, randomUUID(), QUESTION);
    const url = data(res.body).status_url as string;
    const own = await fetch(url, { headers: { authorization: `Bearer ${t.key}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get("x-agent-remaining")).not.toBeNull();
    const stranger = await t.addKey({ org: "someone-else" });
    const theirs = await fetch(url, { headers: { authorization: `Bearer ${stranger}` } });
    expect(theirs.status).toBe(404);
    const unknown = await fetch(`${t.url}/v1/agent/answers/${randomUUID()}`, {
      headers: { authorization: `Bearer ${t.key}` },
    });
    expect(unknown.status).toBe(404);
  });

  it("MCP service_analyze (2026-07-28 client) sends progress, returns the run, and a duplicate returns it again", async () => {
    const client = await connectModern(t.url, t.key);
    const progress: number[] = [];
    const idempotency_key = randomUUID();
    const result = (await client.callTool(
      { name: "service_analyze", arguments: { ...QUESTION, idempotency_key } },
      { onprogress: (p) => progress.push(p.progress), resetTimeoutOnProgress: true },
    )) as {
      isError?: boolean;
      content: { text?: string }[];
      structuredContent?: { data: Record<string, unknown> };
    };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.data.status).toBe("completed");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    // The text alone carries the answer: its findings and every evidence id behind them.
    const answer = result.structuredContent?.data.answer as {
      summary: string;
      findings: { statement: string; evidence: { id: string }[] }[];
    };
    const text = result.content[0]?.text ?? "";
    expect(text).toContain(answer.summary);
    expect(answer.findings.length).toBeGreaterThan(0);
    for (const finding of answer.findings) {
      expect(text).toContain(finding.statement);
      for (const evidence of finding.evidence) expect(text).toContain(evidence.id);
    }
    expect(text).toContain(String(result.structuredContent?.data.id));
    const again = (await client.callTool({
      name: "service_analyze",
      arguments: { ...QUESTION, idempotency_key },
    })) as {
      structuredContent?: { data: Record<string, unknown> };
    };
    expect(again.structuredContent?.data.replayed).toBe(true);
    expect(again.structuredContent?.data.id).toBe(result.structuredContent?.data.id);
    await client.close();
  });

  it("MCP service_analyze (2025 v1 client) sends progress and the terminal result", async () => {
    const client = await connectLegacy(t.url, t.key);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: "service_analyze", arguments: { ...QUESTION, idempotency_key: randomUUID() } },
      undefined,
      { onprogress: (p) => progress.push(p.progress), resetTimeoutOnProgress: true },
    );
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { data: { status: string } }).data.status).toBe("completed");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    await client.close();
  });
});

describe("analyst limits over REST (429 with headers)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      limits: JSON.stringify({ analystHourlyCredential: { max: 2 }, analystConcurrency: { max: 1 } }),
      env: { CRS_ANALYST_HEARTBEAT_MS: "40", CRS_ANALYST_MIN_MS: "300" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectLimited = (res: Awaited<ReturnType<typeof post>>, control: string) => {
    expect(res.status).toBe(429);
    expect(res.body.control).toBe(control);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (const name of ["x-agent-limit", "x-agent-remaining", "x-agent-reset"])
      expect(res.headers.get(name)).not.toBeNull();
  };

  it("hourly per credential", async () => {
    const key = await t.addKey({ org: "hourly" });
    expect((await post(t.url, key, randomUUID(), QUESTION)).status).toBe(200);
    expect((await post(t.url, key, randomUUID(), QUESTION)).status).toBe(200);
    expectLimited(await post(t.url, key, randomUUID(), QUESTION), "analystHourlyCredential");
  });

  it("concurrency per organisation, and the slot comes back when the run ends", async () => {
    const key = await t.addKey({ org: "concurrent" });
    let firstBeat!: () => void;
    const beating = new Promise<void>((resolve) => {
      firstBeat = resolve;
    });
    const running = stream(t.url, key, randomUUID(), QUESTION, (e) => e.event === "heartbeat" && firstBeat());
    await beating;
    expectLimited(await post(t.url, key, randomUUID(), QUESTION), "analystConcurrency");
    await running;
    expect((await post(t.url, key, randomUUID(), QUESTION)).status).toBe(200);
  });

  it("monthly per organisation; a refused request leaves no run and no ledger row", async () => {
    const key = await t.addKey({ org: "monthly" });
    await updateOrg(t.sql, "monthly", { analystMonthly: 1 }, t.clock.nowSeconds());
    const ok = await post(t.url, key, randomUUID(), QUESTION);
    expect(ok.headers.get("x-agent-remaining")).toBe("0");
    const refused = await post(t.url, key, randomUUID(), QUESTION);
    expectLimited(refused, "analystMonthly");
    expect(refused.headers.get("x-agent-remaining")).toBe("0");
    const org = (await t.sql.get<{ id: string }>("SELECT id FROM organisations WHERE name = 'monthly'")) as {
      id: string;
    };
    expect(await t.sql.get("SELECT COUNT(*) AS n FROM analyst_runs WHERE org_id = ?", [org.id])).toEqual({
      n: 1,
    });
  });
});
