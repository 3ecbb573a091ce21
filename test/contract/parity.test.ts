import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern } from "../e2e/helpers/mcp-clients.js";
import { getJson, startTestServer, type TestServer } from "../e2e/helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Cursors embed their issue time, so two calls a second apart may differ: compare their presence only. */
function comparable(body: Record<string, unknown>) {
  const { request_id: _r, ...rest } = body;
  const meta = rest.meta as Record<string, unknown> | undefined;
  if (meta) rest.meta = { ...meta, next_cursor: meta.next_cursor === null ? null : "<cursor>" };
  return rest;
}

describe("MCP structuredContent equals the REST body (minus request_id)", () => {
  it("for every content tool", async () => {
    const client = await connectModern(t.url, t.key);
    const rest = (path: string) => getJson(`${t.url}/v1${path}`, t.key);
    const video = ((await rest("/videos?hook=yes&limit=1")).body.data as { id: string }[])[0]?.id as string;
    const creator = ((await rest("/creators?limit=1")).body.data as { uid: string }[])[0]?.uid as string;
    const advertiser = ((await rest("/advertisers?limit=1")).body.data as { id: string }[])[0]?.id as string;
    const trend = ((await rest("/trends?limit=1")).body.data as { id: string }[])[0]?.id as string;
    const cases: [string, Record<string, unknown>, string][] = [
      ["service_search_videos", { q: "how", limit: 5 }, "/videos?q=how&limit=5"],
      // Nothing holds both words: meta.relaxed says what leaving out each finds.
      ["service_search_videos", { q: "how qqqzz" }, "/videos?q=how+qqqzz"],
      [
        "service_search_videos",
        { ad: "yes", region: "US", sort: "views" },
        "/videos?ad=yes&region=US&sort=views",
      ],
      ["service_get_video", { id: video }, `/videos/${video}`],
      ["service_find_similar_hooks", { id: video, limit: 4 }, `/videos/${video}/similar-hooks?limit=4`],
      ["service_list_feed", { feed: "breakout" }, "/feeds/breakout"],
      ["service_list_feed", { feed: "early_breakout", limit: 3 }, "/feeds/early_breakout?limit=3"],
      ["service_search_creators", { view: "trending", window: 30 }, "/creators?view=trending&window=30"],
      ["service_get_creator", { id: creator }, `/creators/${creator}`],
      ["service_list_creator_videos", { id: creator, ads: "no" }, `/creators/${creator}/videos?ads=no`],
      ["service_search_advertisers", { focus: "apps" }, "/advertisers?focus=apps"],
      ["service_get_advertiser", { id: advertiser }, `/advertisers/${advertiser}`],
      ["service_list_advertiser_videos", { id: advertiser }, `/advertisers/${advertiser}/videos`],
      ["service_list_trends", {}, "/trends"],
      ["service_get_trend", { id: trend }, `/trends/${trend}`],
    ];
    for (const [name, args, path] of cases) {
      const viaMcp = (await client.callTool({ name, arguments: args })) as {
        structuredContent: Record<string, unknown>;
      };
      const viaRest = await rest(path);
      expect(viaRest.status, path).toBe(200);
      expect(comparable(viaMcp.structuredContent), name).toEqual(comparable(viaRest.body));
    }
    await client.close();
  });

  it("for usage (same record; only the live counters move between the two calls)", async () => {
    const client = await connectModern(t.url, t.key);
    const viaMcp = (await client.callTool({ name: "service_get_usage", arguments: {} })) as {
      structuredContent: { data: Record<string, unknown> };
    };
    const viaRest = await getJson(`${t.url}/v1/usage`, t.key);
    const shape = (value: unknown): unknown =>
      value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;
    expect(shape(viaMcp.structuredContent.data)).toEqual(shape(viaRest.body.data));
    const monthly = (d: unknown) => (d as { analyst: { monthly: unknown } }).analyst.monthly;
    expect(monthly(viaMcp.structuredContent.data)).toEqual(monthly(viaRest.body.data));
    await client.close();
  });

  it("for the analyst (the MCP run, replayed over REST by its idempotency key)", async () => {
    const client = await connectModern(t.url, t.key);
    const key = "3f0a4f7e-7c59-4d7e-9a65-2d3f1b6f0c11";
    const question = "Which advertiser ran the most ads in the last 30 days?";
    const viaMcp = (await client.callTool(
      { name: "service_analyze", arguments: { question, idempotency_key: key } },
      { timeout: 120_000 },
    )) as { structuredContent: Record<string, unknown> };
    const viaRest = await getJson(`${t.url}/v1/agent/answers`, t.key, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": key },
      body: JSON.stringify({ question }),
    });
    expect(viaRest.status).toBe(200);
    // The REST call is a replay of the MCP run: the same record, flagged as replayed.
    const run = (body: Record<string, unknown>) => ({ ...(body.data as object), replayed: "<either>" });
    expect((viaRest.body.data as { replayed: boolean }).replayed).toBe(true);
    expect(run(viaMcp.structuredContent)).toEqual(run(viaRest.body));
    await client.close();
  });
});
