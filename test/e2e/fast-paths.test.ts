import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { META, toolCall } from "./helpers/mcp-messages.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

// REST tool GETs (src/http/fast-rest.ts) and MCP POSTs (src/http/fast-mcp.ts) are answered before express. The
// same requests sent to a server without those paths (express + the SDK handler) must get the same status,
// content type, headers and body.

let t: TestServer;
let expressOnly: RunningServer;

beforeAll(async () => {
  t = await startTestServer({ videos: 400 });
  const config = loadConfig({
    env: { CRS_LOG_LEVEL: "silent" },
    flags: { db: t.file, host: "127.0.0.1", port: 0, limits: "off" },
  });
  expressOnly = await startServer(config, { db: t.db, clock: t.clock, fastPaths: false });
});
afterAll(async () => {
  await expressOnly?.close();
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The parts of an answer a client can see, with the per-request id and the origin factored out. */
async function answer(base: string, path: string, init: RequestInit & { key?: string | null } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: init.key === null ? {} : { authorization: `Bearer ${init.key ?? t.key}` },
  });
  const text = await res.text();
  const requestId = res.headers.get("x-request-id");
  expect(requestId).toMatch(UUID);
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !["date", "x-request-id", "connection", "keep-alive"].includes(name)),
  );
  if (headers["content-length"] && text) headers["content-length"] = "(set)";
  return {
    status: res.status,
    headers,
    body: text
      .split(requestId as string)
      .join("<id>")
      .split(base)
      .join("<origin>"),
  };
}

const firstVideo = () =>
  (t.db.prepare("SELECT id FROM videos ORDER BY seq LIMIT 1").get() as { id: string }).id;
const firstCreator = () =>
  t.db.prepare("SELECT uid, handle FROM creators ORDER BY uid LIMIT 1").get() as {
    uid: string;
    handle: string;
  };

describe("the fast REST path", () => {
  it("answers exactly what the express routes answer", async () => {
    const video = firstVideo();
    const creator = firstCreator();
    const cursor = (await getJson(`${t.url}/v1/feeds/newest?limit=2`, t.key)).body.meta as {
      next_cursor: string;
    };
    const paths = [
      "/v1/videos?q=hook&limit=3",
      "/v1/videos?q=stop%20scrolling&region=US&sort=views&limit=2",
      "/v1/videos/?limit=2",
      "/v1/videos?limit=0",
      "/v1/videos?limit=abc",
      "/v1/videos?regoin=US",
      "/v1/videos?q=a&q=b",
      `/v1/videos/${video}`,
      `/v1/videos/${encodeURIComponent(video)}/similar-hooks?limit=2`,
      `/v1/videos/${video}?id=x`,
      "/v1/videos/does-not-exist",
      "/v1/videos/%F0%9F%98%80",
      "/v1/feeds/trending?limit=2",
      `/v1/feeds/newest?limit=2&cursor=${encodeURIComponent(cursor.next_cursor)}`,
      "/v1/feeds/newest?limit=2&cursor=tampered",
      "/v1/feeds/nope",
      `/v1/creators/${creator.uid}`,
      `/v1/creators/${encodeURIComponent(creator.handle)}`,
      `/v1/creators/${creator.uid}/videos?ads=yes&limit=2`,
      "/v1/creators?view=trending&window=7&limit=2",
      "/v1/advertisers?limit=2",
      "/v1/trends?limit=2",
      "/v1/usage",
    ];
    for (const path of paths) {
      const fast = await answer(t.url, path);
      const slow = await answer(expressOnly.url, path);
      expect(fast, path).toEqual(slow);
    }
    for (const [path, init] of [
      ["/v1/feeds/trending?limit=1", { key: null }],
      ["/v1/feeds/trending?limit=1", { key: "crs_bad_key" }],
      ["/v1/usage", { method: "HEAD" }],
      [`/v1/videos/${video}`, { method: "HEAD" }],
      ["/v1/videos/does-not-exist", { method: "HEAD" }],
    ] as const) {
      const fast = await answer(t.url, path, init);
      const slow = await answer(expressOnly.url, path, init);
      expect(fast, `${init.method ?? "GET"} ${path}`).toEqual(slow);
    }
  });

  it("is counted in the metrics under the route template, like express routes", async () => {
    await getJson(`${t.url}/v1/feeds/trending?limit=1`, t.key);
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(
      /crs_http_requests_total\{method="GET",route="\/feeds\/:feed",status="200"\} [1-9]/,
    );
  });

  it("leaves everything that is not a GET of a tool route to express", async () => {
    for (const [path, method, status] of [
      ["/v1/videos", "POST", 405],
      ["/v1/nothing-here", "GET", 404],
      ["/v1//videos", "GET", 404],
      ["/v1/Videos", "GET", 404],
      ["/v1/videos/%E0%A4%A", "GET", 400],
      ["/healthz", "GET", 200],
    ] as const) {
      const fast = await answer(t.url, path, { method });
      const slow = await answer(expressOnly.url, path, { method });
      expect(fast.status, `${method} ${path}`).toBe(status);
      expect(fast, `${method} ${path}`).toEqual(slow);
    }
  });
});

async function mcpAnswer(
  base: string,
  message: { headers: Record<string, string>; body: unknown },
  key: string | null = t.key,
) {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { ...message.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: typeof message.body === "string" ? message.body : JSON.stringify(message.body),
  });
  const text = await res.text();
  const requestId = res.headers.get("x-request-id") as string;
  expect(requestId).toMatch(UUID);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    www: res.headers.get("www-authenticate")?.split(base).join("<origin>") ?? null,
    body: text.split(requestId).join("<id>").split(base).join("<origin>"),
  };
}

describe("the fast MCP path", () => {
  const progress = (m: { body: Record<string, unknown> }) => {
    const params = m.body.params as { _meta: Record<string, unknown> };
    params._meta = { ...params._meta, progressToken: "p1" };
  };
  const cases: [string, { headers: Record<string, string>; body: unknown }][] = [
    ["a page of results", toolCall("modern", "service_list_feed", { feed: "trending", limit: 3 })],
    ["a search", toolCall("modern", "service_search_videos", { q: "hook", limit: 2 })],
    ["a not-found error result", toolCall("modern", "service_get_video", { id: "nope" })],
    ["arguments out of range", toolCall("modern", "service_search_videos", { limit: 99 })],
    ["an unknown argument", toolCall("modern", "service_search_videos", { colour: "red" })],
    ["no arguments", toolCall("modern", "service_get_usage", undefined)],
    [
      "a string id",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.id = "abc";
      }),
    ],
    ["an unknown tool", toolCall("modern", "service_nope", {})],
    ["a name that is not a string", toolCall("modern", 42, {})],
    [
      "a name header that disagrees",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.headers["mcp-name"] = "service_list_trends";
      }),
    ],
    ["a progress token", toolCall("modern", "service_list_feed", { feed: "newest", limit: 1 }, progress)],
    [
      "an extra envelope member",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.extra = 1;
      }),
    ],
    ["the analyst (long-running)", toolCall("modern", "service_analyze", { question: "" })],
    ["the 2025 era", toolCall("legacy", "service_list_feed", { feed: "trending", limit: 2 })],
    [
      "tools/list",
      toolCall("modern", "x", undefined, (m) => {
        m.headers["mcp-method"] = "tools/list";
        delete m.headers["mcp-name"];
        m.body = { jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: META } };
      }),
    ],
    ["a body that is not JSON", { headers: toolCall("modern", "x").headers, body: "{" }],
    [
      "a fractional id",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.id = 1.5;
      }),
    ],
    [
      "a null id",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.id = null;
      }),
    ],
    [
      "a very long id",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.id = "x".repeat(500);
      }),
    ],
    ["arguments as an array", toolCall("modern", "service_get_usage", [1, 2])],
    [
      "jsonrpc 1.0",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.body.jsonrpc = "1.0";
      }),
    ],
    [
      "no _meta",
      toolCall("modern", "service_get_usage", {}, (m) => {
        delete (m.body.params as Record<string, unknown>)._meta;
      }),
    ],
    [
      "a client version that is a number",
      toolCall("modern", "service_get_usage", {}, (m) => {
        const params = m.body.params as { _meta: Record<string, unknown> };
        params._meta = { ...params._meta, "io.modelcontextprotocol/clientInfo": { name: "x", version: 2 } };
      }),
    ],
    [
      "an older protocol in _meta",
      toolCall("modern", "service_get_usage", {}, (m) => {
        const params = m.body.params as { _meta: Record<string, unknown> };
        params._meta = { ...params._meta, "io.modelcontextprotocol/protocolVersion": "2025-11-25" };
      }),
    ],
    [
      "a method header that disagrees",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.headers["mcp-method"] = "tools/list";
      }),
    ],
    [
      "an Accept without SSE",
      toolCall("modern", "service_get_usage", {}, (m) => {
        m.headers.accept = "application/json";
      }),
    ],
    ["a JSON array body", { headers: toolCall("modern", "x").headers, body: "[]" }],
    [
      "a key pasted into the arguments",
      toolCall("modern", "service_search_videos", { q: "crs_abcdefgh_0123456789abcdefghijklmnop" }),
    ],
  ];
  it.each(cases)("%s: the same answer as express + the SDK", async (_label, message) => {
    const fast = await mcpAnswer(t.url, message);
    const reference = await mcpAnswer(expressOnly.url, message);
    expect(fast).toEqual(reference);
  });

  it("answers a quick modern call as plain JSON carrying the result", async () => {
    const fast = await mcpAnswer(
      t.url,
      toolCall("modern", "service_list_feed", { feed: "trending", limit: 2 }),
    );
    expect(fast.type).toBe("application/json");
    const message = JSON.parse(fast.body);
    expect(message.id).toBe(7);
    expect(message.result.structuredContent.data).toHaveLength(2);
    expect(message.result.resultType).toBe("complete");
  });

  it("refuses a call without a credential the same way", async () => {
    const message = toolCall("modern", "service_get_usage", {});
    const fast = await mcpAnswer(t.url, message, null);
    expect(fast.status).toBe(401);
    expect(fast).toEqual(await mcpAnswer(expressOnly.url, message, null));
  });
});
