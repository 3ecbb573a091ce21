import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

// GET tool routes are answered before express (src/http/fast-rest.ts). The same requests sent to a server
// without that path (express only) must get the same status, content type, headers and body.

let t: TestServer;
let expressOnly: RunningServer;

beforeAll(async () => {
  t = await startTestServer({ videos: 400 });
  const config = loadConfig({
    env: { CRS_LOG_LEVEL: "silent" },
    flags: { db: t.file, host: "127.0.0.1", port: 0, limits: "off" },
  });
  expressOnly = await startServer(config, { db: t.db, clock: t.clock, fastRest: false });
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
