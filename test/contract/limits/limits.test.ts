import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { RunStore } from "../../../src/analyst/run-store.js";
import type { Answer } from "../../../src/domain/schemas/analyst-record.js";
import {
  createLimiter,
  DatabaseWindowStore,
  DEFAULT_LIMITS,
  type Limiter,
  type LimitsConfig,
} from "../../../src/limits/index.js";
import { analystRequestsPerDay } from "../../../src/settings/analyst-days.js";
import type { Clock } from "../../../src/shared/clock.js";
import { ServiceError } from "../../../src/shared/errors.js";
import type { Principal } from "../../../src/shared/principal.js";
import type { SqlClient } from "../../../src/store/sql-client.js";
import { disposeSqlEngines, type SqlDatabase, sqlEngines } from "../../helpers/sql-engines.js";

/**
 * The limits and the analyst's run store against each SQL engine, with two independent clients on one
 * database standing for two processes (or instances): exact under concurrency, a refused call consumes
 * nothing, leases hand abandoned slots back, and an idempotency key starts one run however many race.
 */

/** 2026-03-10T12:00:00Z, moved by hand. */
class ManualClock implements Clock {
  now = Date.UTC(2026, 2, 10, 12) / 1000;
  nowSeconds(): number {
    return this.now;
  }
  advance(seconds: number): void {
    this.now += seconds;
  }
}

const roomy = { max: 100_000, windowSeconds: 60 };
const config = (overrides: Partial<LimitsConfig> = {}): LimitsConfig => ({
  ...structuredClone(DEFAULT_LIMITS),
  ...overrides,
});

const who = (credentialId = "key-1", orgId = "org-a"): Principal => ({
  kind: "api_key",
  credentialId,
  keyId: credentialId,
  keyPrefix: "abcdefgh",
  clientId: null,
  userId: "user-1",
  orgId,
  scopes: ["content:read", "agent:request"],
});

const ANSWER: Answer = { summary: "ok", findings: [], method: [], caveats: [], engine: "local" };

/** Limiters on both clients, request windows in the database, as `crs serve` wires them (owners on another host). */
function limiters(db: SqlDatabase, clock: Clock, limits: LimitsConfig): [Limiter, Limiter] {
  const make = (sql: SqlClient, owner: string) =>
    createLimiter({
      sql,
      clock,
      config: limits,
      windows: new DatabaseWindowStore(sql),
      owner,
      leaseSeconds: 30,
    });
  return [make(db.sql, "elsewhere-a:1:aaaa"), make(db.twin, "elsewhere-b:2:bbbb")];
}

const settle = async <T>(calls: Promise<T>[]) => {
  const results = await Promise.allSettled(calls);
  for (const r of results)
    if (r.status === "rejected" && !(r.reason instanceof ServiceError && r.reason.code === "rate_limited"))
      throw r.reason;
  return results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<T>).value);
};

const ledger = async (sql: SqlClient) =>
  Number(
    (await sql.get<{ n: number | null }>("SELECT CAST(SUM(delta) AS BIGINT) AS n FROM usage_ledger"))?.n ?? 0,
  );

afterAll(async () => {
  await disposeSqlEngines();
});

describe.each(sqlEngines())("limits on $name", (engine) => {
  let db: SqlDatabase;
  let clock: ManualClock;
  afterEach(async () => {
    await db.close();
  });
  beforeEach(async () => {
    db = await engine.open();
    clock = new ManualClock();
    for (const org of ["org-a", "org-b"])
      await db.sql.run(
        "INSERT INTO organisations(id, name, analyst_monthly, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
        [org, `org ${org}`, 100],
      );
    // Open every pooled connection first, so the races below really run side by side on PostgreSQL.
    for (const sql of [db.sql, db.twin])
      await Promise.all(Array.from({ length: 10 }, () => sql.get("SELECT 1 AS one")));
  });

  it("100 parallel calls across two processes against a burst of 15 admit exactly 15; the refused count nothing", async () => {
    const pair = limiters(db, clock, config());
    const admitted = await settle(
      Array.from({ length: 100 }, (_, i) => (pair[i % 2] as Limiter).admit(who(), "content")),
    );
    expect(admitted).toHaveLength(15);
    const usage = await pair[0].usage(who());
    expect(usage.search.burst).toMatchObject({ used: 15, remaining: 0 });
    expect(usage.search.per_credential.used).toBe(15);
    expect(usage.search.per_organisation.used).toBe(15);
    expect(usage.search.daily.used).toBe(15);
  });

  it("the daily content counter is exact under 100 parallel calls, and its refusal takes no window unit", async () => {
    const limits = config({ burst: roomy, perCredential: roomy, perOrg: roomy, dailyContent: { max: 7 } });
    const pair = limiters(db, clock, limits);
    const admitted = await settle(
      Array.from({ length: 100 }, (_, i) => (pair[i % 2] as Limiter).admit(who(), "content")),
    );
    expect(admitted).toHaveLength(7);
    const usage = await pair[1].usage(who());
    expect(usage.search.daily).toMatchObject({ used: 7, remaining: 0 });
    expect(usage.search.burst.used).toBe(7);
    expect(usage.search.per_organisation.used).toBe(7);
    // Another organisation has its own day.
    await expect(pair[0].admit(who("key-b", "org-b"), "content")).resolves.toBeDefined();
  });

  it("a refund gives the windows back: the refused call consumes nothing", async () => {
    const pair = limiters(db, clock, config({ burst: { max: 2, windowSeconds: 10 } }));
    await pair[0].admit(who(), "analyst");
    await pair[1].admit(who(), "analyst");
    await expect(pair[0].admit(who(), "analyst")).rejects.toMatchObject({ code: "rate_limited" });
    await pair[1].refund(who(), "analyst");
    const usage = await pair[0].usage(who());
    expect(usage.search.burst).toMatchObject({ used: 1, remaining: 1 });
    expect(usage.search.per_credential.used).toBe(1);
    await expect(pair[0].admit(who(), "analyst")).resolves.toBeDefined();
  });

  it("auth failures are counted once per failure across processes and turn into 429", async () => {
    const pair = limiters(db, clock, config({ authFailures: { max: 5, windowSeconds: 60 } }));
    const refusal = () => new ServiceError("unauthorized", 401, "Unauthorized");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (pair[i % 2] as Limiter).authFailures.failed("192.0.2.1", "Bearer nope", refusal()),
      ),
    );
    const statuses = answers.map((a) => (a as ServiceError).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("30 parallel analyst claims across two processes take exactly the 2 slots and charge 2", async () => {
    const pair = limiters(db, clock, config());
    const claims = await settle(
      Array.from({ length: 30 }, (_, i) =>
        (pair[i % 2] as Limiter).claimAnalyst(who(`key-${i}`), `run-${i}`),
      ),
    );
    expect(claims).toHaveLength(2);
    expect(await ledger(db.sql)).toBe(2);
    expect((await pair[0].openAnalystClaims()).sort()).toEqual(claims.map((c) => c.runId).sort());
    expect((await pair[1].usage(who())).analyst.concurrency.running).toBe(2);
  });

  it("a lease whose heartbeat stops becomes reclaimable: the slot and the allowance come back", async () => {
    const limits = config({ analystConcurrency: { max: 1, retryAfterSeconds: 10 } });
    const [a, b] = limiters(db, clock, limits);
    await a.claimAnalyst(who(), "run-1");
    await expect(b.claimAnalyst(who("key-2"), "run-2")).rejects.toMatchObject({
      extra: { control: "analystConcurrency" },
    });
    // While A renews, B leaves its claim alone.
    clock.advance(20);
    expect(await a.renewAnalystLeases()).toBe(1);
    clock.advance(20);
    expect(await b.abandonedAnalystClaims()).toEqual([]);
    // A stops (no more renewals): once the lease has run out, B takes the slot and the allowance back.
    clock.advance(11);
    expect(await b.abandonedAnalystClaims()).toEqual(["run-1"]);
    expect(await a.abandonedAnalystClaims()).toEqual([]);
    expect(await b.releaseAll(["run-1"], { refund: true })).toBe(1);
    expect(await b.releaseAll(["run-1"], { refund: true })).toBe(0);
    expect(await ledger(db.sql)).toBe(0);
    expect((await b.analystHeaders("org-a"))["X-Agent-Remaining"]).toBe("100");
    await expect(b.claimAnalyst(who("key-2"), "run-2")).resolves.toMatchObject({ created: true });
    expect(await a.openAnalystClaims()).toEqual(["run-2"]);
  });

  it("racing releases of one run free its slot and refund it exactly once", async () => {
    const [a, b] = limiters(db, clock, config());
    await a.claimAnalyst(who(), "run-1");
    const releases = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).releaseAnalyst("run-1", { refund: true })),
    );
    expect(releases.filter((r) => r.released)).toHaveLength(1);
    expect(releases.filter((r) => r.refunded)).toHaveLength(1);
    expect(await ledger(db.sql)).toBe(0);
  });

  it("the run store: create, read, a duplicate key (even racing) is the same run, terminal transitions once", async () => {
    const [a, b] = limiters(db, clock, config());
    const stores = [db.sql, db.twin].map(
      (sql, i) =>
        new RunStore(sql, async (principal, runId, tx) => {
          await (i ? b : a).claimAnalyst(principal, runId, tx);
        }),
    );
    const request = { question: "What is trending?", idempotencyKey: "key-0001" };
    const now = clock.nowSeconds();
    const accepted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (stores[i % 2] as RunStore).accept(who(), request, now)),
    );
    const created = accepted.filter((x) => x.kind === "created");
    expect(created).toHaveLength(1);
    const id = created[0]?.run.id as string;
    expect(new Set(accepted.map((x) => x.run.id))).toEqual(new Set([id]));
    expect(await ledger(db.sql)).toBe(1);
    const store = stores[0] as RunStore;
    expect(await store.get(id)).toMatchObject({
      id,
      status: "queued",
      org_id: "org-a",
      question: request.question,
    });
    expect(await store.getForOrg(id, "org-b")).toBeUndefined();
    await expect(store.accept(who(), { ...request, question: "Something else?" }, now)).rejects.toMatchObject(
      { code: "idempotency_conflict", status: 409 },
    );

    expect(await store.markRunning(id, now)).toBe(true);
    expect(await store.markRunning(id, now)).toBe(false);
    expect(await store.unfinished()).toEqual([id]);
    expect(await store.unfinishedUnclaimed()).toEqual([]);
    // A completion and a failure race: exactly one lands.
    const ends = await Promise.all([
      store.complete(id, ANSWER, now + 1),
      (stores[1] as RunStore).fail(id, { code: "interrupted", message: "stopped" }, now + 1),
    ]);
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(["completed", "failed"]).toContain((await store.get(id))?.status);
    expect(await store.unfinished()).toEqual([]);
  });

  it("a refused claim leaves no run; a failed run's key starts fresh work", async () => {
    const limits = config({ analystConcurrency: { max: 1, retryAfterSeconds: 10 } });
    const [a] = limiters(db, clock, limits);
    const store = new RunStore(db.sql, async (principal, runId, tx) => {
      await a.claimAnalyst(principal, runId, tx);
    });
    const now = clock.nowSeconds();
    const first = await store.accept(who(), { question: "q1?", idempotencyKey: "key-1111" }, now);
    await expect(
      store.accept(who(), { question: "q2?", idempotencyKey: "key-2222" }, now),
    ).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect((await db.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM analyst_runs"))?.n).toBe(1);
    expect(await ledger(db.sql)).toBe(1);
    // The run fails and is released with a refund in one transaction (as the runner does).
    await db.sql.transaction(async (tx) => {
      if (await store.fail(first.run.id, { code: "engine_failed", message: "boom" }, now, tx))
        await a.releaseAnalyst(first.run.id, { refund: true }, tx);
    });
    expect(await ledger(db.sql)).toBe(0);
    const again = await store.accept(who(), { question: "q1?", idempotencyKey: "key-1111" }, now);
    expect(again.kind).toBe("created");
    expect(again.run.id).not.toBe(first.run.id);
    expect((await store.get(first.run.id))?.status).toBe("failed");
  });

  it("the usage chart counts accepted requests minus refunds per UTC day", async () => {
    const [a] = limiters(db, clock, config({ analystConcurrency: { max: 100, retryAfterSeconds: 10 } }));
    await a.claimAnalyst(who(), "run-1");
    clock.advance(86_400);
    await a.claimAnalyst(who(), "run-2");
    await a.claimAnalyst(who(), "run-3");
    await a.releaseAnalyst("run-3", { refund: true });
    const days = await analystRequestsPerDay(db.sql, "org-a", clock.nowSeconds());
    expect(days.period).toBe("2026-03");
    expect(days.counts).toHaveLength(31);
    expect(days.counts[9]).toBe(1);
    expect(days.counts[10]).toBe(1);
    expect(days.counts.reduce((x, y) => x + y, 0)).toBe(2);
    expect(days.daysSoFar).toBe(11);
  });
});
