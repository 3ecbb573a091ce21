import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern } from "./helpers/mcp-clients.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

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
});
