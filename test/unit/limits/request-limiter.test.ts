import { describe, expect, it } from "vitest";
import { limits, principal, rejected, setup } from "./helpers.js";

const roomy = { max: 1000, windowSeconds: 60 };

describe("admit: burst window (per credential)", () => {
  it("rejects the call that crosses the limit with a truthful Retry-After, then admits after it", async () => {
    const t = setup();
    const caller = principal();
    for (let i = 0; i < 15; i += 1) await t.limiter.admit(caller, "content");
    t.clock.advance(3);
    const error = await rejected(t.limiter.admit(caller, "content"));
    expect(error.code).toBe("rate_limited");
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(7);
    expect(error.headers?.["Retry-After"]).toBe("7");
    expect(error.headers?.["RateLimit-Policy"]).toBe('"burst";q=15;w=10');
    expect(error.headers?.RateLimit).toBe('"burst";r=0;t=7');
    expect(error.extra?.control).toBe("burst");
    expect(error.hint).toMatch(/Wait 7 s/);
    t.clock.advance(6);
    await expect(t.limiter.admit(caller, "content")).rejects.toThrow(/burst/);
    t.clock.advance(1);
    expect((await t.limiter.admit(caller, "content")).headers).toBeDefined();
  });

  it("slides: calls spread over the window free room one second at a time", async () => {
    const t = setup(limits({ burst: { max: 3, windowSeconds: 10 }, perCredential: roomy }));
    const caller = principal();
    await t.limiter.admit(caller, "usage");
    t.clock.advance(4);
    await t.limiter.admit(caller, "usage");
    await t.limiter.admit(caller, "usage");
    expect((await rejected(t.limiter.admit(caller, "usage"))).retryAfter).toBe(6);
    t.clock.advance(6);
    await t.limiter.admit(caller, "usage");
    expect((await rejected(t.limiter.admit(caller, "usage"))).retryAfter).toBe(4);
  });

  it("counts credentials separately", async () => {
    const t = setup(limits({ burst: { max: 2, windowSeconds: 10 } }));
    await t.limiter.admit(principal("org-a", "key-1"), "content");
    await t.limiter.admit(principal("org-a", "key-1"), "content");
    await expect(t.limiter.admit(principal("org-a", "key-1"), "content")).rejects.toThrow();
    await expect(t.limiter.admit(principal("org-a", "key-2"), "content")).resolves.toBeDefined();
  });
});

describe("admit: sustained per-credential and per-organisation windows", () => {
  it("per credential: 60 per minute", async () => {
    const t = setup(limits({ burst: roomy }));
    const caller = principal();
    for (let i = 0; i < 60; i += 1) {
      await t.limiter.admit(caller, "usage");
      if (i % 10 === 9) t.clock.advance(5);
    }
    const error = await rejected(t.limiter.admit(caller, "usage"));
    expect(error.extra?.control).toBe("perCredential");
    // Ten calls per 5 s from t=0: now is t=30 and the ten calls of t=0 leave the window at t=60.
    expect(error.retryAfter).toBe(30);
    t.clock.advance(29);
    await expect(t.limiter.admit(caller, "usage")).rejects.toThrow(/perCredential/);
    t.clock.advance(1);
    expect((await t.limiter.admit(caller, "usage")).headers.RateLimit).toBe('"perCredential";r=9;t=60');
  });

  it("per organisation: keys of one org share the budget, other orgs do not", async () => {
    const t = setup(limits({ burst: roomy, perCredential: roomy, perOrg: { max: 4, windowSeconds: 60 } }));
    await t.limiter.admit(principal("org-a", "key-1"), "content");
    await t.limiter.admit(principal("org-a", "key-2"), "content");
    await t.limiter.admit(principal("org-a", "key-3"), "usage");
    t.clock.advance(20);
    await t.limiter.admit(principal("org-a", "key-4"), "analyst");
    const error = await rejected(t.limiter.admit(principal("org-a", "key-5"), "content"));
    expect(error.extra?.control).toBe("perOrg");
    expect(error.retryAfter).toBe(40);
    await expect(t.limiter.admit(principal("org-b", "key-9"), "content")).resolves.toBeDefined();
    t.clock.advance(40);
    await expect(t.limiter.admit(principal("org-a", "key-5"), "content")).resolves.toBeDefined();
  });
});

describe("admit: daily content budget (per organisation, UTC day, persisted)", () => {
  const daily = (max: number) =>
    limits({ burst: roomy, perCredential: roomy, perOrg: roomy, dailyContent: { max } });

  it("rejects the call past the budget until the next UTC midnight", async () => {
    const t = setup(daily(3));
    t.clock.now = Date.UTC(2026, 2, 10, 23, 59, 0) / 1000;
    for (let i = 0; i < 3; i += 1) await t.limiter.admit(principal(), "content");
    const error = await rejected(t.limiter.admit(principal(), "content"));
    expect(error.extra?.control).toBe("dailyContent");
    expect(error.retryAfter).toBe(60);
    expect(error.headers?.["RateLimit-Policy"]).toBe('"dailyContent";q=3;w=86400');
    expect(error.hint).toMatch(/next UTC day/);
    t.clock.advance(59);
    await expect(t.limiter.admit(principal(), "content")).rejects.toThrow();
    t.clock.advance(1);
    await expect(t.limiter.admit(principal(), "content")).resolves.toBeDefined();
  });

  it("does not charge usage or analyst calls to the daily budget", async () => {
    const t = setup(daily(1));
    await t.limiter.admit(principal(), "content");
    await expect(t.limiter.admit(principal(), "usage")).resolves.toBeDefined();
    await expect(t.limiter.admit(principal(), "analyst")).resolves.toBeDefined();
    expect((await t.limiter.usage(principal())).search.daily.used).toBe(1);
  });

  it("survives a restart on the same database file", async () => {
    const t = setup(daily(3));
    await t.limiter.admit(principal(), "content");
    await t.limiter.admit(principal(), "content");
    t.restart();
    expect((await t.limiter.usage(principal())).search.daily.used).toBe(2);
    await t.limiter.admit(principal(), "content");
    await expect(t.limiter.admit(principal(), "content")).rejects.toThrow(/dailyContent/);
  });

  it("a budget of 0 admits no content call", async () => {
    const t = setup(daily(0));
    expect((await rejected(t.limiter.admit(principal(), "content"))).extra?.control).toBe("dailyContent");
    await expect(t.limiter.admit(principal(), "usage")).resolves.toBeDefined();
  });
});

describe("admit: a rejected call consumes nothing anywhere", () => {
  it("a burst rejection leaves the per-org window and the daily count untouched", async () => {
    const t = setup(limits({ burst: { max: 2, windowSeconds: 10 }, perCredential: roomy }));
    await t.limiter.admit(principal("org-a", "key-1"), "content");
    await t.limiter.admit(principal("org-a", "key-1"), "content");
    for (let i = 0; i < 20; i += 1)
      await expect(t.limiter.admit(principal("org-a", "key-1"), "content")).rejects.toThrow();
    const usage = await t.limiter.usage(principal("org-a", "key-1"));
    expect(usage.search.per_organisation.used).toBe(2);
    expect(usage.search.per_credential.used).toBe(2);
    expect(usage.search.daily.used).toBe(2);
  });

  it("a daily rejection leaves every window untouched", async () => {
    const t = setup(limits({ dailyContent: { max: 1 } }));
    await t.limiter.admit(principal(), "content");
    for (let i = 0; i < 5; i += 1)
      await expect(t.limiter.admit(principal(), "content")).rejects.toThrow(/dailyContent/);
    const usage = await t.limiter.usage(principal());
    expect(usage.search.burst.used).toBe(1);
    expect(usage.search.per_organisation.used).toBe(1);
  });

  it("when several controls block, Retry-After is the longest wait so the retry succeeds", async () => {
    const t = setup(
      limits({ burst: { max: 1, windowSeconds: 10 }, perCredential: roomy, dailyContent: { max: 1 } }),
    );
    t.clock.now = Date.UTC(2026, 2, 10, 23, 0, 0) / 1000;
    await t.limiter.admit(principal(), "content");
    const error = await rejected(t.limiter.admit(principal(), "content"));
    expect(error.retryAfter).toBe(3600);
    expect(error.extra?.controls).toEqual(["burst", "dailyContent"]);
    t.clock.advance(3600);
    await expect(t.limiter.admit(principal(), "content")).resolves.toBeDefined();
  });
});

describe("admit: exact under concurrency", () => {
  it("100 parallel calls against a burst of 15 let exactly 15 through", async () => {
    const t = setup();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, async () => t.limiter.admit(principal(), "content")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(15);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(85);
    expect((await t.limiter.usage(principal())).search.daily.used).toBe(15);
  });

  it("two limiters on one database never exceed the persisted daily budget", async () => {
    const t = setup(limits({ burst: roomy, perCredential: roomy, perOrg: roomy, dailyContent: { max: 7 } }));
    const { createLimiter } = await import("../../../src/limits/index.js");
    const { openDb } = await import("../../../src/store/connection.js");
    const { sqliteClient } = await import("../../../src/store/sqlite/sql-client.js");
    const other = createLimiter({
      sql: sqliteClient(openDb(t.db.name)),
      clock: t.clock,
      config: t.limiter.config,
    });
    let admitted = 0;
    for (let i = 0; i < 20; i += 1) {
      for (const limiter of [t.limiter, other]) {
        try {
          await limiter.admit(principal(), "content");
          admitted += 1;
        } catch {}
      }
    }
    expect(admitted).toBe(7);
  });
});

describe("admit: RateLimit headers", () => {
  it("describe the control closest to its limit", async () => {
    const t = setup();
    const first = (await t.limiter.admit(principal(), "content")).headers;
    expect(first["RateLimit-Policy"]).toBe('"burst";q=15;w=10');
    expect(first.RateLimit).toBe('"burst";r=14;t=10');
    const small = setup(limits({ dailyContent: { max: 4 } }));
    expect((await small.limiter.admit(principal(), "content")).headers.RateLimit).toBe(
      '"dailyContent";r=3;t=43200',
    );
  });

  it("are absent and nothing is enforced when limits are off", async () => {
    const t = setup(
      limits({ enabled: false, burst: { max: 1, windowSeconds: 10 }, dailyContent: { max: 1 } }),
    );
    for (let i = 0; i < 50; i += 1)
      expect((await t.limiter.admit(principal(), "content")).headers).toEqual({});
  });
});

describe("daily content rows", () => {
  it("are pruned after 35 days, keeping recent history", async () => {
    const t = setup();
    await t.limiter.admit(principal(), "content");
    t.clock.advance(10 * 86_400);
    await t.limiter.admit(principal(), "content");
    const days = () => t.db.prepare("SELECT day FROM limit_daily_content ORDER BY day").pluck().all();
    expect(days()).toEqual(["2026-03-10", "2026-03-20"]);
    t.clock.advance(30 * 86_400);
    await t.limiter.admit(principal(), "content");
    expect(days()).toEqual(["2026-03-20", "2026-04-19"]);
  });
});
