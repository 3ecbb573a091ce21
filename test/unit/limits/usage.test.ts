import { describe, expect, it } from "vitest";
import { z } from "zod";
import { usageRecordSchema } from "../../../src/limits/index.js";
import { limits, principal, setup } from "./helpers.js";

describe("usage", () => {
  it("reports true numbers for the caller's organisation and credential", async () => {
    const t = setup();
    const me = principal("org-a", "key-1");
    for (let i = 0; i < 4; i += 1) await t.limiter.admit(me, "content");
    await t.limiter.admit(principal("org-a", "key-2"), "content");
    await t.limiter.admit(principal("org-b", "key-b"), "content");
    await t.limiter.claimAnalyst(me, "run-1");
    await t.limiter.claimAnalyst(principal("org-a", "key-2"), "run-2");
    await t.limiter.releaseAnalyst("run-2", { refund: false });
    t.clock.advance(30);

    const usage = usageRecordSchema.parse(await t.limiter.usage(me));
    expect(usage.organisation_id).toBe("org-a");
    expect(usage.credential_id).toBe("key-1");
    expect(usage.limits_enforced).toBe(true);
    expect(usage.analyst.monthly).toEqual({
      limit: 100,
      used: 2,
      remaining: 98,
      period: "2026-03",
      reset_at: "2026-04-01T00:00:00Z",
      reset_at_unix: Date.UTC(2026, 3, 1) / 1000,
    });
    expect(usage.analyst.hourly.credential).toMatchObject({
      limit: 10,
      used: 1,
      remaining: 9,
      window_seconds: 3600,
    });
    expect(usage.analyst.hourly.credential.reset_at).toBe("2026-03-10T13:00:00Z");
    expect(usage.analyst.hourly.organisation).toMatchObject({ limit: 20, used: 2, remaining: 18 });
    expect(usage.analyst.concurrency).toEqual({ limit: 2, running: 1 });
    expect(usage.search.burst).toEqual({ limit: 15, window_seconds: 10, used: 0, remaining: 15 });
    expect(usage.search.per_credential).toEqual({ limit: 60, window_seconds: 60, used: 4, remaining: 56 });
    expect(usage.search.per_organisation).toEqual({
      limit: 120,
      window_seconds: 60,
      used: 5,
      remaining: 115,
    });
    expect(usage.search.daily).toEqual({
      limit: 2000,
      used: 5,
      remaining: 1995,
      day: "2026-03-10",
      reset_at: "2026-03-11T00:00:00Z",
      reset_at_unix: Date.UTC(2026, 2, 11) / 1000,
    });
  });

  it("reading usage draws no daily content budget and is itself only rate-limited", async () => {
    const t = setup(limits({ dailyContent: { max: 1 } }));
    await t.limiter.admit(principal(), "content");
    await expect(t.limiter.admit(principal(), "usage")).resolves.toBeDefined();
    expect((await t.limiter.usage(principal())).search.daily.used).toBe(1);
  });

  it("hourly reset is now when nothing is counted", async () => {
    const t = setup();
    const usage = await t.limiter.usage(principal());
    expect(usage.analyst.hourly.credential.reset_at_unix).toBe(t.clock.now);
  });

  it("the schema describes every field (it becomes the MCP output schema and OpenAPI component)", async () => {
    const undocumented: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (!node || typeof node !== "object") return;
      const schema = node as { description?: string; properties?: Record<string, unknown> };
      if (path && !schema.description) undocumented.push(path);
      for (const [name, child] of Object.entries(schema.properties ?? {})) visit(child, `${path}/${name}`);
    };
    visit(z.toJSONSchema(usageRecordSchema), "");
    expect(undocumented).toEqual([]);
  });
});
