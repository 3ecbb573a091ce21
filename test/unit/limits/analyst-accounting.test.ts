import { describe, expect, it } from "vitest";
import { HOUR } from "../../../src/shared/clock.js";
import { addOrg, limits, principal, rejected, setup } from "./helpers.js";

/** Claims then releases (without refund) so only the control under test can block. */
async function claimAndFinish(
  t: ReturnType<typeof setup>,
  who: ReturnType<typeof principal>,
  runId: string,
): Promise<void> {
  await t.limiter.claimAnalyst(who, runId);
  await t.limiter.releaseAnalyst(runId, { refund: false });
}

const ledgerSum = (t: ReturnType<typeof setup>, orgId: string) =>
  (
    t.db.prepare("SELECT SUM(delta) AS s FROM usage_ledger WHERE org_id = ?").get(orgId) as {
      s: number | null;
    }
  ).s ?? 0;

describe("analyst hourly limits", () => {
  it("per credential: the 11th request within an hour waits until the oldest leaves the window", async () => {
    const t = setup();
    const who = principal("org-a", "key-1");
    for (let i = 0; i < 10; i += 1) {
      await claimAndFinish(t, who, `run-${i}`);
      t.clock.advance(60);
    }
    const error = await rejected(t.limiter.claimAnalyst(who, "run-x"));
    expect(error.code).toBe("rate_limited");
    expect(error.status).toBe(429);
    expect(error.extra?.control).toBe("analystHourlyCredential");
    expect(error.retryAfter).toBe(HOUR - 600);
    expect(error.headers?.["Retry-After"]).toBe(String(HOUR - 600));
    expect(error.headers?.["X-Agent-Remaining"]).toBe("90");
    await expect(t.limiter.claimAnalyst(principal("org-a", "key-2"), "run-other-key")).resolves.toBeDefined();
    t.clock.advance(HOUR - 600);
    expect((await t.limiter.claimAnalyst(who, "run-x")).created).toBe(true);
  });

  it("per organisation: 20 across its credentials", async () => {
    const t = setup();
    for (let i = 0; i < 20; i += 1) await claimAndFinish(t, principal("org-a", `key-${i % 4}`), `run-${i}`);
    const error = await rejected(t.limiter.claimAnalyst(principal("org-a", "key-9"), "run-x"));
    expect(error.extra?.control).toBe("analystHourlyOrg");
    expect(error.retryAfter).toBe(HOUR);
    await expect(t.limiter.claimAnalyst(principal("org-b", "key-b"), "run-b")).resolves.toBeDefined();
  });

  it("refunded runs do not count toward the hourly windows", async () => {
    const t = setup(limits({ analystHourlyCredential: { max: 1, windowSeconds: HOUR } }));
    await t.limiter.claimAnalyst(principal(), "run-1");
    await t.limiter.releaseAnalyst("run-1", { refund: true });
    await expect(t.limiter.claimAnalyst(principal(), "run-2")).resolves.toBeDefined();
  });
});

describe("analyst concurrency", () => {
  it("allows 2 running per organisation; a release frees a slot", async () => {
    const t = setup();
    await t.limiter.claimAnalyst(principal("org-a", "key-1"), "run-1");
    await t.limiter.claimAnalyst(principal("org-a", "key-2"), "run-2");
    const error = await rejected(t.limiter.claimAnalyst(principal("org-a", "key-3"), "run-3"));
    expect(error.extra?.control).toBe("analystConcurrency");
    expect(error.retryAfter).toBe(10);
    expect((await t.limiter.usage(principal())).analyst.concurrency).toEqual({ limit: 2, running: 2 });
    expect(await t.limiter.releaseAnalyst("run-1", { refund: false })).toEqual({
      released: true,
      refunded: false,
    });
    await expect(t.limiter.claimAnalyst(principal("org-a", "key-3"), "run-3")).resolves.toBeDefined();
  });

  it("a rejected claim takes nothing: no ledger row, no slot, no hourly count", async () => {
    const t = setup(limits({ analystConcurrency: { max: 1, retryAfterSeconds: 10 } }));
    await t.limiter.claimAnalyst(principal(), "run-1");
    for (let i = 0; i < 5; i += 1)
      await expect(t.limiter.claimAnalyst(principal(), `run-x${i}`)).rejects.toThrow();
    const usage = await t.limiter.usage(principal());
    expect(usage.analyst.monthly.used).toBe(1);
    expect(usage.analyst.hourly.credential.used).toBe(1);
    expect(usage.analyst.concurrency.running).toBe(1);
    expect(await t.limiter.openAnalystClaims()).toEqual(["run-1"]);
  });

  it("parallel claims never exceed the slots", async () => {
    const t = setup();
    const results = await Promise.allSettled(
      Array.from(
        { length: 30 },
        async (_, i) => await t.limiter.claimAnalyst(principal("org-a", `key-${i}`), `run-${i}`),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect((await t.limiter.usage(principal())).analyst.monthly.used).toBe(2);
  });

  it("running claims survive a restart and release afterwards (crash recovery)", async () => {
    const t = setup();
    await t.limiter.claimAnalyst(principal(), "run-1");
    await t.limiter.claimAnalyst(principal(), "run-2");
    t.restart();
    await expect(t.limiter.claimAnalyst(principal(), "run-3")).rejects.toThrow(/analyst runs at once/);
    const open = await t.limiter.openAnalystClaims();
    expect(open).toEqual(["run-1", "run-2"]);
    expect(await t.limiter.releaseAll(open, { refund: true })).toBe(2);
    expect(await t.limiter.releaseAll(open, { refund: true })).toBe(0);
    expect(await t.limiter.openAnalystClaims()).toEqual([]);
    expect((await t.limiter.usage(principal())).analyst.monthly.used).toBe(0);
    await expect(t.limiter.claimAnalyst(principal(), "run-3")).resolves.toBeDefined();
  });
});

describe("analyst monthly allowance", () => {
  it("uses the organisation's own allowance and renews at the start of the next UTC month", async () => {
    const t = setup(limits({ analystConcurrency: { max: 100, retryAfterSeconds: 10 } }));
    addOrg(t.db, "org-small", 3);
    t.clock.now = Date.UTC(2026, 2, 31, 23, 0, 0) / 1000;
    for (let i = 0; i < 3; i += 1)
      await t.limiter.claimAnalyst(principal("org-small", `key-${i}`), `run-${i}`);
    const error = await rejected(t.limiter.claimAnalyst(principal("org-small", "key-9"), "run-x"));
    expect(error.extra?.control).toBe("analystMonthly");
    expect(error.retryAfter).toBe(HOUR);
    expect(error.hint).toMatch(/next UTC month/);
    expect(error.headers).toMatchObject({ "X-Agent-Limit": "3", "X-Agent-Remaining": "0" });
    expect(await t.limiter.analystHeaders("org-small")).toEqual({
      "X-Agent-Limit": "3",
      "X-Agent-Remaining": "0",
      "X-Agent-Reset": String(Date.UTC(2026, 3, 1) / 1000),
    });
    t.clock.advance(HOUR);
    expect(
      (await t.limiter.claimAnalyst(principal("org-small", "key-9"), "run-x")).headers["X-Agent-Remaining"],
    ).toBe("2");
  });

  it("writes +1 per accepted request in period YYYY-MM and survives a restart", async () => {
    const t = setup();
    await t.limiter.claimAnalyst(principal(), "run-1");
    const row = t.db.prepare("SELECT * FROM usage_ledger WHERE run_id = 'run-1'").get();
    expect(row).toMatchObject({
      org_id: "org-a",
      credential_id: "key-1",
      kind: "analyst",
      delta: 1,
      period: "2026-03",
    });
    t.restart();
    expect((await t.limiter.analystHeaders("org-a"))["X-Agent-Remaining"]).toBe("99");
  });

  it("a refund restores the remaining allowance exactly once", async () => {
    const t = setup();
    await t.limiter.claimAnalyst(principal(), "run-1");
    expect((await t.limiter.analystHeaders("org-a"))["X-Agent-Remaining"]).toBe("99");
    expect(await t.limiter.releaseAnalyst("run-1", { refund: true })).toEqual({
      released: true,
      refunded: true,
    });
    expect(await t.limiter.releaseAnalyst("run-1", { refund: true })).toEqual({
      released: false,
      refunded: false,
    });
    expect((await t.limiter.analystHeaders("org-a"))["X-Agent-Remaining"]).toBe("100");
    expect(ledgerSum(t, "org-a")).toBe(0);
  });

  it("a repeated claim for the same run takes nothing (duplicate requests consume nothing)", async () => {
    const t = setup();
    expect((await t.limiter.claimAnalyst(principal(), "run-1")).created).toBe(true);
    const again = await t.limiter.claimAnalyst(principal(), "run-1");
    expect(again.created).toBe(false);
    expect(again.headers["X-Agent-Remaining"]).toBe("99");
    expect((await t.limiter.usage(principal())).analyst.concurrency.running).toBe(1);
  });
});

describe("analyst release", () => {
  it("is idempotent on every path and safe for unknown runs", async () => {
    const t = setup();
    await t.limiter.claimAnalyst(principal(), "run-ok");
    expect(await t.limiter.releaseAnalyst("run-ok", { refund: false })).toEqual({
      released: true,
      refunded: false,
    });
    expect(await t.limiter.releaseAnalyst("run-ok", { refund: false })).toEqual({
      released: false,
      refunded: false,
    });
    expect(await t.limiter.releaseAnalyst("never-claimed", { refund: true })).toEqual({
      released: false,
      refunded: false,
    });
    expect((await t.limiter.usage(principal())).analyst.monthly.used).toBe(1);
  });

  it("can run inside the caller's transaction and rolls back with it", async () => {
    const t = setup();
    await expect(
      t.sql.transaction(async (tx) => {
        await t.limiter.claimAnalyst(principal(), "run-1", tx);
        throw new Error("run row failed");
      }),
    ).rejects.toThrow("run row failed");
    expect(await t.limiter.openAnalystClaims()).toEqual([]);
    expect(ledgerSum(t, "org-a")).toBe(0);
  });
});

describe("limits off", () => {
  it("claims always succeed and are still tracked, so release and usage stay true", async () => {
    const t = setup(limits({ enabled: false, analystConcurrency: { max: 0, retryAfterSeconds: 10 } }));
    for (let i = 0; i < 5; i += 1) await t.limiter.claimAnalyst(principal(), `run-${i}`);
    const usage = await t.limiter.usage(principal());
    expect(usage.limits_enforced).toBe(false);
    expect(usage.analyst.concurrency.running).toBe(5);
    expect(usage.analyst.monthly.used).toBe(5);
    expect(await t.limiter.releaseAll(["run-0", "run-1"], { refund: true })).toBe(2);
    expect((await t.limiter.usage(principal())).analyst.monthly.used).toBe(3);
  });
});
