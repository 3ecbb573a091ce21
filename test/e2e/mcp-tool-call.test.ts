import { createMcpHandler, type ServerContext } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpMcpHandler, mcpServerFactory } from "../../src/mcp/server.js";
import type { Principal } from "../../src/registry/types.js";
import { META, toolCall } from "./helpers/mcp-messages.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// createHttpMcpHandler serves tools/call from tools/call-only servers; these tests hold it to the answers a
// full McpServer gives (the SDK path) for the same bytes in, in both protocol eras.

type Handler = { fetch(request: Request, options?: object): Promise<Response> };

let t: TestServer;
let ours: ReturnType<typeof createHttpMcpHandler>;
let sdk: ReturnType<typeof createMcpHandler>;
let principal: Principal;
beforeAll(async () => {
  t = await startTestServer({ videos: 300 });
  const { core } = t.server;
  const parts = {
    registry: core.registry,
    guides: core.guides,
    prompts: core.prompts,
    openapiJson: core.openapiJson,
  };
  ours = createHttpMcpHandler(parts, 15_000);
  const fromAuth = (ctx: ServerContext) =>
    ctx.http?.authInfo?.extra as { principal: Principal; requestId: string };
  sdk = createMcpHandler(
    mcpServerFactory({
      ...parts,
      principal: async (ctx) => fromAuth(ctx).principal,
      requestId: (ctx) => fromAuth(ctx).requestId,
    }),
    { responseMode: "auto", keepAliveMs: 15_000 },
  );
  principal = await core.authenticator.authenticate({
    headers: { authorization: `Bearer ${t.key}` },
    url: "/mcp",
    endpoint: "mcp",
  });
});
afterAll(async () => {
  await ours?.close();
  await sdk?.close();
  await t?.close();
});

async function answer(handler: Handler, message: { headers: Record<string, string>; body: unknown }) {
  const request = new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: message.headers,
    body: JSON.stringify(message.body),
  });
  const extra = { principal, requestId: "00000000-0000-4000-8000-000000000007" };
  const response = await handler.fetch(request, {
    authInfo: { token: "", clientId: "test", scopes: principal.scopes, extra },
    parsedBody: message.body,
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** The JSON-RPC message of a plain JSON answer or of the single SSE frame. */
const messageOf = (text: string) =>
  JSON.parse(text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? ""));

const CASES: [string, unknown, unknown][] = [
  ["a page of results", "service_list_feed", { feed: "trending", limit: 3 }],
  ["a not-found error result", "service_get_video", { id: "nope" }],
  ["arguments out of range (REST code + hint)", "service_search_videos", { limit: 99 }],
  ["an unknown argument", "service_search_videos", { colour: "red" }],
  ["no arguments", "service_get_usage", undefined],
  ["an unknown tool (JSON-RPC error)", "service_nope", {}],
  ["a name that is not a string (invalid params)", 42, {}],
];

describe.each(["modern", "legacy"] as const)("tools/call, %s era: same answer as a full McpServer", (era) => {
  it.each(CASES)("%s", async (_label, name, args) => {
    const fast = await answer(ours, toolCall(era, name, args));
    const reference = await answer(sdk, toolCall(era, name, args));
    expect(fast).toEqual(reference);
    expect(messageOf(fast.text).id).toBe(7);
  });
});

describe("response shapes", () => {
  it("answers a quick modern call as plain JSON with structuredContent and the text summary", async () => {
    const fast = await answer(ours, toolCall("modern", "service_list_feed", { feed: "trending", limit: 2 }));
    expect(fast.type).toBe("application/json");
    const result = messageOf(fast.text).result;
    expect(result.structuredContent.data).toHaveLength(2);
    expect(result.content[0].text).toMatch(/video/);
  });

  it("answers the long-running analyst over SSE from the start, with the same message", async () => {
    const bad = toolCall("modern", "service_analyze", { question: "" });
    const fast = await answer(ours, bad);
    const reference = await answer(sdk, bad);
    expect(fast.type).toBe("text/event-stream");
    expect(messageOf(fast.text)).toEqual(messageOf(reference.text));
    expect(messageOf(fast.text).result.isError).toBe(true);
  });

  it("serves every other message (tools/list) from the full server, identically", async () => {
    const list = {
      headers: { ...toolCall("modern", "x").headers, "mcp-method": "tools/list" },
      body: { jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: META } },
    };
    delete (list.headers as Record<string, string>)["mcp-name"];
    const fast = await answer(ours, list);
    expect(fast.status).toBe(200);
    expect(fast).toEqual(await answer(sdk, list));
    expect(messageOf(fast.text).result.tools).toHaveLength(14);
  });
});
