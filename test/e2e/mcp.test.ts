import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allTools } from "../../src/tools/index.js";
import { connectLegacy, connectModern, connectStdio } from "./helpers/mcp-clients.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const TOOLS = [
  "service_search_videos",
  "service_get_video",
  "service_find_similar_hooks",
  "service_list_feed",
  "service_search_creators",
  "service_get_creator",
  "service_list_creator_videos",
  "service_search_advertisers",
  "service_get_advertiser",
  "service_list_advertiser_videos",
  "service_list_trends",
  "service_get_trend",
  "service_get_usage",
  "service_analyze",
];
const RESOURCES = [
  "service://guide/getting-started",
  "service://guide/search",
  "service://guide/metrics",
  "service://guide/workflows",
  "service://guide/rate-limits",
  "service://schema/openapi",
];
const PROMPTS = [
  "find_breakout_ads",
  "analyze_hook_pattern",
  "research_advertiser",
  "compare_creators",
  "build_content_brief",
];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

type ToolResult = {
  isError?: boolean;
  _meta?: Record<string, unknown>;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
};

describe("MCP over Streamable HTTP, 2026-07-28 (SDK v2 client)", () => {
  it("negotiates the modern protocol and lists every registry tool with all four hints and output schemas", async () => {
    const client = await connectModern(t.url, t.key);
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name}.${hint}`).toBe("boolean");
      }
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect((tool.inputSchema as { additionalProperties?: boolean }).additionalProperties, tool.name).toBe(
        false,
      );
    }
    await client.close();
  });

  it("calls tools: text summary + structuredContent; errors are isError results with a hint", async () => {
    const client = await connectModern(t.url, t.key);
    const found = (await client.callTool({
      name: "service_search_videos",
      arguments: { limit: 3 },
    })) as ToolResult;
    expect(found.isError).toBeFalsy();
    expect(found.content[0]?.text).toMatch(/video/);
    expect(found._meta?.["crs/request_id"]).toMatch(/^[0-9a-f-]{36}$/);
    const data = found.structuredContent?.data as { id: string }[];
    expect(data).toHaveLength(3);
    // A text-only client can cite every returned id and page on with the exact cursor.
    const lines = (found.content[0]?.text ?? "").split("\n");
    for (const video of data) expect(lines.filter((l) => l.startsWith(`- ${video.id}: `))).toHaveLength(1);
    const next = (found.structuredContent?.meta as { next_cursor: string } | undefined)?.next_cursor;
    expect(lines.at(-1)).toBe(`More results: call again with the same parameters and cursor "${next}".`);
    const page2 = (await client.callTool({
      name: "service_search_videos",
      arguments: { limit: 3, cursor: /cursor "([^"]+)"/.exec(lines.at(-1) ?? "")?.[1] },
    })) as ToolResult;
    expect(page2.isError).toBeFalsy();
    expect((page2.structuredContent?.data as { id: string }[] | undefined)?.[0]?.id).not.toBe(data[0]?.id);
    const one = (await client.callTool({
      name: "service_get_video",
      arguments: { id: data[0]?.id },
    })) as ToolResult;
    expect(((one.structuredContent as { data: unknown }).data as { id: string }).id).toBe(data[0]?.id);

    const missing = (await client.callTool({
      name: "service_get_video",
      arguments: { id: "nope" },
    })) as ToolResult;
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toMatch(/not_found/);
    const bad = (await client.callTool({
      name: "service_search_videos",
      arguments: { limit: 99 },
    })) as ToolResult;
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toMatch(
      /'limit' is out of range: received the number 99; it must be an integer from 1 to 50\..*Request id: [0-9a-f-]{36}\./,
    );
    expect(bad._meta?.["crs/request_id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad._meta?.["crs/error"]).toMatchObject({
      code: "invalid_parameter",
      parameter: "limit",
      reason: "out_of_range",
    });
    for (const [limit, text] of [
      ["5", /'limit' has the wrong type: received the string "5"/],
      [2.5, /'limit' must be a whole number: received the number 2.5/],
      [true, /'limit' has the wrong type: received the boolean true/],
      [null, /'limit' has the wrong type: received null/],
    ] as const) {
      const wrong = (await client.callTool({
        name: "service_search_videos",
        arguments: { limit },
      })) as ToolResult;
      expect(wrong.isError).toBe(true);
      expect(wrong.content[0]?.text).toMatch(text);
      expect(wrong.content[0]?.text).not.toMatch(/is required/);
    }
    const q = (await client.callTool({ name: "service_search_videos", arguments: { q: 123 } })) as ToolResult;
    expect(q.content[0]?.text).toMatch(/'q' has the wrong type: received the number 123/);
    const unknown = (await client.callTool({
      name: "service_search_videos",
      arguments: { colour: "red" },
    })) as ToolResult;
    expect(unknown.isError).toBe(true);
    const cursor = (await client.callTool({
      name: "service_list_feed",
      arguments: { feed: "newest", cursor: "x.y" },
    })) as ToolResult;
    expect(cursor.isError).toBe(true);
    expect(cursor.content[0]?.text).toMatch(/invalid_cursor/);
    await client.close();
  });

  it("serves the six resources (OpenAPI byte-identical to /openapi.json) and the five prompts", async () => {
    const client = await connectModern(t.url, t.key);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([...RESOURCES].sort());
    for (const uri of RESOURCES) {
      const read = await client.readResource({ uri });
      const text = (read.contents[0] as { text: string }).text;
      expect(text.length, uri).toBeGreaterThan(500);
    }
    const openapi = await client.readResource({ uri: "service://schema/openapi" });
    const served = await (await fetch(`${t.url}/openapi.json`)).text();
    expect((openapi.contents[0] as { text: string }).text).toBe(served);

    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([...PROMPTS].sort());
    const breakout = prompts.find((p) => p.name === "find_breakout_ads");
    expect(breakout?.arguments).toEqual([
      expect.objectContaining({ name: "topic", required: true }),
      expect.objectContaining({ name: "region", required: false }),
    ]);
    const filled = await client.getPrompt({
      name: "find_breakout_ads",
      arguments: { topic: "skincare", region: "US" },
    });
    const text = (filled.messages[0] as { content: { text: string } }).content.text;
    expect(text).toContain("skincare");
    expect(text).toContain("service_list_feed");
    expect(text).toContain("US");
    const noRegion = await client.getPrompt({ name: "find_breakout_ads", arguments: { topic: "skincare" } });
    expect((noRegion.messages[0] as { content: { text: string } }).content.text).not.toContain("region");
    await client.close();
  });
});

describe("MCP for 2025-era clients (v1 SDK, stateless Streamable HTTP)", () => {
  it("lists and calls tools", async () => {
    const client = await connectLegacy(t.url, t.key);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(allTools.length);
    const res = (await client.callTool({
      name: "service_list_feed",
      arguments: { feed: "trending", limit: 2 },
    })) as ToolResult;
    expect((res.structuredContent as { data: unknown[] }).data.length).toBe(2);
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(6);
    await client.close();
  });
});

describe("MCP transport protection", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(initialize),
    });

  it("401 without a bearer (a cookie session is not enough); API-key mode publishes no resource metadata", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { cookie: "session=abc" },
      { authorization: "Bearer wrong" },
    ];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="crs"');
    }
    // The MCP authorization spec requires authorization_servers: without OAuth there is no document.
    expect((await fetch(`${t.url}/.well-known/oauth-protected-resource/mcp`)).status).toBe(404);
    expect((await fetch(`${t.url}/.well-known/oauth-protected-resource`)).status).toBe(404);
  });

  it("answers malformed JSON with a JSON-RPC parse error and refuses a key pasted into a message", async () => {
    const garbled = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const pasted = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        ...initialize,
        params: { ...initialize.params, clientInfo: { name: t.key, version: "1" } },
      }),
    });
    expect(pasted.status).toBe(401);
    expect(JSON.stringify(await pasted.json())).not.toContain(t.key);
  });

  it("rejects a foreign Host or Origin (DNS rebinding)", async () => {
    expect((await post({ authorization: `Bearer ${t.key}`, origin: "http://evil.example" })).status).toBe(
      403,
    );
  });
});

describe("MCP over stdio (crs mcp)", () => {
  it("serves tools with CRS_API_KEY and fails every call with 401 without it", async () => {
    const file = t.location;
    const client = await connectStdio(file, t.key);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(allTools.length);
    const res = (await client.callTool({
      name: "service_list_trends",
      arguments: { limit: 2 },
    })) as ToolResult;
    expect(res.isError).toBeFalsy();
    await client.close();

    const anonymous = await connectStdio(file, undefined);
    const denied = (await anonymous.callTool({ name: "service_list_trends", arguments: {} })) as ToolResult;
    expect(denied.isError).toBe(true);
    expect(denied.content[0]?.text).toMatch(/401/);
    await anonymous.close();
  });
});
