import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/ingest/generator/random.js";
import { connectModern } from "./helpers/mcp-clients.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

// Every operation of the published contract, fed hostile values for each of its parameters: whatever a
// caller sends, the answer is a success or a specific 4xx problem, never a 500 and never a bare error page.

let t: TestServer;
let paths: Record<string, Record<string, Operation>>;

interface Operation {
  parameters?: { name: string; in: "query" | "path" | "header" }[];
  requestBody?: unknown;
}

beforeAll(async () => {
  t = await startTestServer({ videos: 300, limits: "off" });
  paths = (await getJson(`${t.url}/openapi.json`)).body.paths as typeof paths;
});
afterAll(async () => {
  await t?.close();
});

/** A seeded stream in [0, 1), so a failure reproduces (the corpus generator's PRNG). */
function rng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

const HOSTILE: readonly string[] = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "9007199254740993",
  "2.5",
  "true",
  "null",
  "[]",
  "{}",
  '{"a":1}',
  "%",
  "%00",
  "\u0000",
  "\u202e\u200b\ufeff",
  "\ud800",
  "🔥".repeat(300),
  "a".repeat(5000),
  "../../etc/passwd",
  "'; DROP TABLE videos;--",
  '"unbalanced',
  "NEAR(a b",
  "*",
  "US",
  "us",
  "any",
  "yes",
  "best_match",
  "trending",
  "7",
  "50",
  "51",
  "eyJ2IjoxfQ",
  "eyJ2IjoxfQ.AAAA",
];

/** encodeURIComponent, except that a lone surrogate is sent as the raw (invalid UTF-8) bytes a client could send. */
const encodePath = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
};

function expectAnswer(status: number, contentType: string | null, body: unknown, what: string) {
  expect(status, `${what} → ${status} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    expect(contentType, what).toContain("application/problem+json");
    expect((body as { code?: unknown }).code, what).toEqual(expect.any(String));
  }
}

describe("hostile input over REST", () => {
  it("every parameter of every GET operation, one hostile value at a time and in random mixes", async () => {
    const random = rng(7);
    let calls = 0;
    for (const [template, operations] of Object.entries(paths)) {
      const get = operations.get;
      if (!get) continue;
      const params = (get.parameters ?? []).filter((p) => p.in === "query" || p.in === "path");
      const build = (values: Map<string, string>) => {
        let path = template;
        const query = new URLSearchParams();
        for (const p of params) {
          const value = values.get(p.name);
          if (p.in === "path") path = path.replace(`{${p.name}}`, encodePath(value ?? "x"));
          else if (value !== undefined) query.append(p.name, value);
        }
        const qs = query.toString();
        return `/v1${path}${qs ? `?${qs}` : ""}`;
      };
      const cases: Map<string, string>[] = [];
      for (const p of params) for (const value of HOSTILE) cases.push(new Map([[p.name, value]]));
      for (let i = 0; i < 15; i++) {
        const mix = new Map<string, string>();
        for (const p of params)
          if (random() < 0.6) mix.set(p.name, HOSTILE[Math.floor(random() * HOSTILE.length)] as string);
        cases.push(mix);
      }
      for (const values of cases) {
        const url = build(values);
        const res = await getJson(`${t.url}${url}`, t.key);
        calls++;
        expectAnswer(res.status, res.headers.get("content-type"), res.body, `GET ${url.slice(0, 200)}`);
      }
    }
    expect(calls).toBeGreaterThan(300);
  }, 120_000);

  it("repeated, unknown and oddly encoded parameters", async () => {
    for (const url of [
      "/v1/videos?q=a&q=b",
      "/v1/videos?limit=1&limit=2",
      "/v1/videos?q[]=a",
      "/v1/videos?q[a]=b",
      "/v1/videos?%71=hook",
      "/v1/videos?=x",
      "/v1/videos?&&&",
      "/v1/videos?q=%E0%A4%A",
      "/v1/videos?q=%ZZ",
      "/v1/feeds/%2e%2e",
      "/v1/creators/%00",
      "/v1/videos/%C0%AF",
      `/v1/videos?cursor=${"A".repeat(9000)}`,
    ]) {
      const res = await getJson(`${t.url}${url}`, t.key);
      expectAnswer(res.status, res.headers.get("content-type"), res.body, `GET ${url.slice(0, 120)}`);
    }
  });

  it("hostile bodies to the analyst endpoint", async () => {
    const post = (body: string, type = "application/json", extra: Record<string, string> = {}) =>
      getJson(`${t.url}/v1/agent/answers`, t.key, {
        method: "POST",
        body,
        headers: { "content-type": type, accept: "application/json", ...extra },
      });
    for (const [body, type] of [
      ["", "application/json"],
      ["{", "application/json"],
      ["null", "application/json"],
      ["[]", "application/json"],
      ['"question"', "application/json"],
      ['{"question": 5}', "application/json"],
      ['{"question": ""}', "application/json"],
      [`{"question": "${"x".repeat(9000)}"}`, "application/json"],
      ['{"question": "why?", "extra": 1}', "application/json"],
      ['{"question": "why?", "__proto__": {"admin": true}}', "application/json"],
      ['{"question": "\\ud800 hooks?"}', "application/json"],
      ["question=why", "application/x-www-form-urlencoded"],
      ['{"question": "why?"}', "text/plain"],
      [`{"question": "why?", "context": "${"y".repeat(70_000)}"}`, "application/json"],
    ] as const) {
      const res = await post(body, type);
      expectAnswer(res.status, res.headers.get("content-type"), res.body, `POST ${body.slice(0, 60)}`);
      expect(res.status, body.slice(0, 60)).not.toBe(200);
    }
    for (const key of ["", " ", "x".repeat(500), "\u00e9\u00e9"]) {
      const res = await post('{"question": "which hooks work?"}', "application/json", {
        "idempotency-key": key,
      }).catch(() => null);
      // fetch itself refuses some header values; whatever reaches the server gets a 4xx or an answer.
      if (res) expectAnswer(res.status, res.headers.get("content-type"), res.body, `Idempotency-Key ${key}`);
    }
  });
});

describe("hostile input over MCP", () => {
  it("every tool, called with hostile arguments, answers a result or an isError with a code — never internal_error", async () => {
    const client = await connectModern(t.url, t.key);
    try {
      const { tools } = await client.listTools();
      const random = rng(11);
      const values: unknown[] = [
        ...HOSTILE.slice(0, 25),
        -1,
        0,
        1.5,
        1e308,
        true,
        null,
        [],
        {},
        { nested: { deep: [1, 2, 3] } },
      ];
      for (const tool of tools) {
        const names = Object.keys(
          (tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {},
        );
        for (let i = 0; i < 12; i++) {
          const args: Record<string, unknown> = {};
          for (const name of [...names, "unknown_key"])
            if (random() < 0.5) args[name] = values[Math.floor(random() * values.length)];
          if (tool.name === "service_analyze") args.question = "x".repeat(9000); // refused before any work
          const result = await client.callTool({ name: tool.name, arguments: args });
          const meta = (result._meta as { "crs/error"?: { code: string; status: number } } | undefined)?.[
            "crs/error"
          ];
          const what = `${tool.name} ${JSON.stringify(args).slice(0, 200)}`;
          if (result.isError) {
            expect(meta?.code, what).toEqual(expect.any(String));
            expect(meta?.status, `${what} → ${meta?.code}`).toBeLessThan(500);
          }
        }
      }
    } finally {
      await client.close();
    }
  }, 120_000);
});
