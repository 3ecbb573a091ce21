import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestServer;
let v: string;
beforeAll(async () => {
  t = await startTestServer();
  v = `${t.url}/v1`;
});
afterAll(async () => {
  await t?.close();
});

/** `key: null` sends no credential. */
const get = (path: string, key: string | null = t.key, init?: RequestInit) =>
  getJson(`${v}${path}`, key ?? undefined, init);

function expectProblem(res: Awaited<ReturnType<typeof getJson>>, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(res.body.code).toBe(code);
  expect(res.body.type).toBe(`${t.url}/problems/${code}`);
  expect(res.body.title).toEqual(expect.any(String));
  expect(res.body.request_id).toMatch(UUID);
  expect(res.headers.get("x-request-id")).toBe(res.body.request_id);
}

function expectList(res: Awaited<ReturnType<typeof getJson>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { data: unknown[]; meta: Record<string, unknown>; request_id: string };
  expect(Array.isArray(body.data)).toBe(true);
  expect(body.meta).toMatchObject({ count: body.data.length, has_more: expect.any(Boolean) });
  expect("next_cursor" in body.meta).toBe(true);
  expect(body.request_id).toMatch(UUID);
  expect(res.headers.get("x-request-id")).toBe(body.request_id);
  return body;
}

function expectSingle(res: Awaited<ReturnType<typeof getJson>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.request_id).toMatch(UUID);
  expect(typeof res.body.data).toBe("object");
  return res.body.data as Record<string, unknown>;
}

describe("public documents", () => {
  it("serves /healthz, /openapi.json, /metrics and problem pages without a credential", async () => {
    expect((await getJson(`${t.url}/healthz`)).body).toMatchObject({ status: "ok" });
    const doc = await getJson(`${t.url}/openapi.json`);
    expect(doc.body.openapi).toBe("3.1.0");
    const paths = Object.keys(doc.body.paths as object);
    for (const p of [
      "/videos",
      "/videos/{id}",
      "/videos/{id}/similar-hooks",
      "/feeds/{feed}",
      "/creators",
      "/creators/{id}",
      "/creators/{id}/videos",
      "/advertisers",
      "/advertisers/{id}",
      "/advertisers/{id}/videos",
      "/trends",
      "/trends/{id}",
      "/agent/answers",
      "/agent/answers/{id}",
      "/usage",
    ]) {
      expect(paths).toContain(p);
    }
    const metrics = await fetch(`${t.url}/metrics`);
    expect(await metrics.text()).toContain("crs_http_requests_total");
    const page = await fetch(`${t.url}/problems/invalid_cursor`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Invalid cursor");
  });
});

describe("authentication", () => {
  it("401 for a missing, malformed or unknown key, with WWW-Authenticate", async () => {
    for (const key of [null, "nonsense", "crs_abcdefgh_notarealsecretnotarealsecret00"]) {
      const res = await get("/videos", key);
      expectProblem(res, 401, "unauthorized");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("refuses a key in the query string", async () => {
    const res = await get(`/videos?api_key=${encodeURIComponent(t.key)}`, null);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("credential_misplaced");
    expect(JSON.stringify(res.body)).not.toContain(t.key);
  });

  it("refuses a key pasted into a JSON body, even with a valid header", async () => {
    const res = await get("/agent/answers", t.key, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "body-key-test-1" },
      body: JSON.stringify({ question: `use ${t.key}` }),
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("credential_misplaced");
    expect(JSON.stringify(res.body)).not.toContain(t.key);
  });

  it("403 subscription_inactive for a lapsed organisation", async () => {
    const key = await t.addKey({ org: "lapsed" });
    expectList(await get("/videos", key));
    await t.setSubscription("lapsed", "past_due");
    expectProblem(await get("/videos", key), 403, "subscription_inactive");
  });
});

describe("every endpoint answers with the contract's envelope", () => {
  it("videos, similar hooks, feeds", async () => {
    const list = expectList(await get("/videos"));
    expect(list.data.length).toBe(20);
    const first = list.data[0] as { id: string; desc: string; play_count: number };
    expect(first).toMatchObject({
      id: expect.any(String),
      desc: expect.any(String),
      play_count: expect.any(Number),
    });
    expect(expectSingle(await get(`/videos/${first.id}`)).id).toBe(first.id);
    const hooked = expectList(await get("/videos?hook=yes&limit=1")).data[0] as { id: string };
    const similar = expectList(await get(`/videos/${hooked.id}/similar-hooks`));
    expect(similar.data.length).toBeLessThanOrEqual(8);
    expect(similar.meta.next_cursor).toBeNull();
    for (const feed of ["breakout", "early_breakout", "trending", "newest"]) {
      expectList(await get(`/feeds/${feed}?limit=5`));
    }
  });

  it("creators, advertisers, trends, usage", async () => {
    const creators = expectList(await get("/creators?limit=3"));
    const uid = (creators.data[0] as { uid: string }).uid;
    expect(expectSingle(await get(`/creators/${uid}`)).uid).toBe(uid);
    expectList(await get(`/creators/${uid}/videos?ads=any`));
    const advertisers = expectList(await get("/advertisers?limit=3"));
    const id = (advertisers.data[0] as { id: string }).id;
    expect(id).toMatch(UUID);
    expect(expectSingle(await get(`/advertisers/${id}`)).id).toBe(id);
    expectList(await get(`/advertisers/${id}/videos`));
    const trends = expectList(await get("/trends"));
    expect(trends.data.length).toBeGreaterThan(0);
    const trendId = (trends.data[0] as { id: string }).id;
    expect(expectSingle(await get(`/trends/${trendId}`)).id).toBe(trendId);
    const usage = expectSingle(await get("/usage"));
    expect(usage).toHaveProperty("analyst");
  });

  it("404 for unknown resources and routes, 405 with Allow for a wrong method", async () => {
    expectProblem(await get("/videos/0000"), 404, "not_found");
    expectProblem(await get("/creators/nobody-at-all"), 404, "not_found");
    expectProblem(await get("/advertisers/00000000-0000-4000-8000-000000000000"), 404, "not_found");
    expectProblem(await get("/advertisers/00000000-0000-4000-8000-000000000000/videos"), 404, "not_found");
    expectProblem(await get("/trends/nope"), 404, "not_found");
    expectProblem(await get("/nothing-here"), 404, "not_found");
    expectProblem(await getJson(`${t.url}/nothing`, t.key), 404, "not_found");
    const res = await get("/videos", t.key, { method: "POST" });
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toContain("GET");
  });
});

describe("400 rules of the contract's parameter table", () => {
  const cases: [string, string][] = [
    ["/videos?limit=0", "limit"],
    ["/videos?limit=51", "limit"],
    ["/videos?limit=abc", "limit"],
    ["/videos?limit=2.5", "limit"],
    ["/videos?sort=popular", "sort"],
    ["/videos?ad=maybe", "ad"],
    ["/videos?hook=1", "hook"],
    ["/videos?viral_hook=true", "viral_hook"],
    ["/videos?media_type=photo", "media_type"],
    ["/videos?region=us", "region"],
    ["/videos?region=USA", "region"],
    [`/videos?q=${"a".repeat(201)}`, "q"],
    ["/videos?limit=1&limit=2", "limit"],
    ["/feeds/viral", "feed"],
    ["/feeds/newest?limit=99", "limit"],
    ["/videos/123/similar-hooks?limit=13", "limit"],
    [`/creators?q=${"b".repeat(101)}`, "q"],
    ["/creators?view=hot", "view"],
    ["/creators?type=brand", "type"],
    ["/creators?window=5", "window"],
    ["/creators/123/videos?ads=only", "ads"],
    [`/advertisers?q=${"c".repeat(101)}`, "q"],
    ["/advertisers?focus=games", "focus"],
    ["/advertisers?window=1", "window"],
    ["/advertisers?view=top", "view"],
    ["/advertisers/not-a-uuid/videos", "id"],
    ["/trends?limit=0", "limit"],
  ];
  it.each(cases)("%s → 400 invalid_parameter naming %s", async (path, parameter) => {
    const res = await get(path);
    expectProblem(res, 400, "invalid_parameter");
    expect(res.body.parameter).toBe(parameter);
    expect(res.body.detail).toContain(`'${parameter}'`);
  });

  it("an unknown parameter is refused, not ignored", async () => {
    for (const path of ["/videos?regoin=US", "/usage?x=1", "/feeds/newest?sort=views", "/trends?q=x"]) {
      expectProblem(await get(path), 400, "unknown_parameter");
    }
  });

  it("query text is words, never FTS syntax; odd input never 500s", async () => {
    for (const q of [
      '"unbalanced',
      "NEAR(a b",
      "* - ^",
      "a AND OR NOT",
      "((",
      "🔥💄 ✨",
      "مرحبا",
      "'; DROP TABLE videos;--",
    ]) {
      const res = await get(`/videos?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await get("/videos/%E2%80%AE%F0%9F%98%80")).status).toBe(404);
    expect((await get("/videos?q=%E0%A4%A")).status).toBeLessThan(500);
  });

  it("a NUL character in any parameter (id, search text, cursor, question) is a 400 naming it, on every engine", async () => {
    for (const [path, parameter] of [
      ["/videos?q=%00x", "q"],
      ["/advertisers?q=%00", "q"],
      ["/creators?q=a%00", "q"],
      ["/videos/%00", "id"],
      ["/videos/a%00b/similar-hooks", "id"],
      ["/creators/%00", "id"],
      ["/creators/a%00b/videos", "id"],
      ["/advertisers/%00", "id"],
      ["/trends/%00", "id"],
      ["/videos?cursor=%00", "cursor"],
    ]) {
      const res = await get(path as string);
      expectProblem(res, 400, "invalid_parameter");
      expect(res.body.parameter, path).toBe(parameter);
      expect(res.body.detail).toContain("NUL");
    }
    const asked = await fetch(`${t.url}/v1/agent/answers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.key}`,
        "content-type": "application/json",
        "idempotency-key": "nul-question-0001",
      },
      body: JSON.stringify({ question: "which hooks \u0000 work?" }),
    });
    expect(asked.status).toBe(400);
    expect(((await asked.json()) as { parameter: string }).parameter).toBe("question");
  });
});

describe("cursors", () => {
  it("page through with next_cursor: disjoint pages, same order", async () => {
    const one = expectList(await get("/feeds/newest?limit=5"));
    const cursor = one.meta.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const two = expectList(await get(`/feeds/newest?limit=5&cursor=${encodeURIComponent(cursor)}`));
    const ids = (b: { data: unknown[] }) => b.data.map((d) => (d as { id: string }).id);
    expect(ids(two).some((id) => ids(one).includes(id))).toBe(false);
    const both = expectList(await get("/feeds/newest?limit=10"));
    expect(ids(both)).toEqual([...ids(one), ...ids(two)]);
  });

  it("a tampered, mismatched, foreign or expired cursor → 400 invalid_cursor", async () => {
    const first = expectList(await get("/videos?q=viral&limit=2"));
    const cursor = first.meta.next_cursor as string;
    const tampered = cursor.slice(0, 10) + (cursor[10] === "A" ? "B" : "A") + cursor.slice(11);
    expectProblem(
      await get(`/videos?q=viral&limit=2&cursor=${encodeURIComponent(tampered)}`),
      400,
      "invalid_cursor",
    );
    expectProblem(
      await get(`/videos?q=fyp&limit=2&cursor=${encodeURIComponent(cursor)}`),
      400,
      "invalid_cursor",
    );
    expectProblem(await get(`/creators?cursor=${encodeURIComponent(cursor)}`), 400, "invalid_cursor");
    expectProblem(await get("/videos?cursor=garbage"), 400, "invalid_cursor");
    const other = await t.addKey({ org: "other-org" });
    expectProblem(
      await get(`/videos?q=viral&limit=2&cursor=${encodeURIComponent(cursor)}`, other),
      400,
      "invalid_cursor",
    );
    // The page size may change between pages.
    expectList(await get(`/videos?q=viral&limit=3&cursor=${encodeURIComponent(cursor)}`));
    t.clock.advance(24 * 3600 + 1);
    try {
      expectProblem(
        await get(`/videos?q=viral&limit=2&cursor=${encodeURIComponent(cursor)}`),
        400,
        "invalid_cursor",
      );
    } finally {
      t.clock.advance(-(24 * 3600 + 1));
    }
  });

  it("a traversal stops at 20 pages with meta.truncated", async () => {
    let res = expectList(await get("/feeds/newest?limit=1"));
    for (let page = 2; page <= 20; page++) {
      expect(res.meta.has_more).toBe(true);
      res = expectList(
        await get(`/feeds/newest?limit=1&cursor=${encodeURIComponent(res.meta.next_cursor as string)}`),
      );
    }
    expect(res.meta).toMatchObject({ has_more: false, next_cursor: null, truncated: true });
  });
});
