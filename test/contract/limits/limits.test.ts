import type { Redis } from "ioredis";
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
import { connectRedis, RedisDailyCounter, RedisLeases, RedisWindowStore } from "../../../src/limits/redis.js";
import { analystRequestsPerDay } from "../../../src/settings/analyst-days.js";
import type { Clock } from "../../../src/shared/clock.js";
import { ServiceError } from "../../../src/shared/errors.js";
import type { Principal } from "../../../src/shared/principal.js";
import type { SqlClient } from "../../../src/store/sql-client.js";
import { redisAvailability, startRedis, type TestRedis } from "../../helpers/redis.js";
import {
  disposeSqlEngines,
  type SqlDatabase,
  type SqlEngine,
  sqlEngines,
} from "../../helpers/sql-engines.js";

/**
 * The limits and the analyst's run store against each SQL engine, and on PostgreSQL + Redis (windows, daily
 * counts and analyst leases in Redis, as several instances run), with two independent clients standing for
 * two processes (or instances): exact under concurrency, a refused call consumes nothing, leases hand
 * abandoned slots back, and an idempotency key starts one run however many race.
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

interface Setup {
  name: string;
  engine: SqlEngine;
  redis: boolean;
}

const engines = sqlEngines();
const postgresEngine = engines.find((e) => e.name === "postgres");
const setups: Setup[] = [
  ...engines.map((engine) => ({ name: engine.name, engine, redis: false })),
  ...(postgresEngine && redisAvailability().available
    ? [{ name: "postgres + redis", engine: postgresEngine, redis: true }]
    : []),
];

let redisServer: TestRedis | undefined;
let prefixes = 0;
const closers: (() => Promise<void>)[] = [];

/**
 * Limiters on both clients as `crs serve` wires them (owners on another host): request windows in the
 * database, or, with `redis`, windows, daily counts and leases in Redis under a prefix of their own (each
 * limiter with its own connection, as two instances have).
 */
async function limiters(
  db: SqlDatabase & { redis?: boolean },
  clock: Clock,
  limits: LimitsConfig,
): Promise<[Limiter, Limiter] & { prefix: string }> {
  const prefix = `t${++prefixes}:`;
  const clients: Redis[] = [];
  const make = (sql: SqlClient, owner: string) => {
    const redis = redisServer && db.redis ? connectRedis(redisServer.url) : null;
    if (redis) clients.push(redis);
    const limiter = createLimiter({
      sql,
      clock,
      config: limits,
      windows: redis ? new RedisWindowStore(redis, prefix) : new DatabaseWindowStore(sql),
      daily: redis ? new RedisDailyCounter(redis, prefix) : undefined,
      leases: redis ? new RedisLeases(redis, prefix) : undefined,
      authWindows: new DatabaseWindowStore(sql),
      owner,
      leaseSeconds: 30,
    });
    closers.push(() => limiter.close());
    return limiter;
  };
  const pair: [Limiter, Limiter] = [make(db.sql, "elsewhere-a:1:aaaa"), make(db.twin, "elsewhere-b:2:bbbb")];
  // Commands never queue while a client connects (as in the service): wait until both are ready.
  await Promise.all(clients.map((client) => ready(client)));
  return Object.assign(pair, { prefix });
}

async function ready(client: Redis): Promise<void> {
  for (let i = 0; i < 250 && client.status !== "ready"; i += 1) await new Promise((r) => setTimeout(r, 20));
}

/** A direct client on the test Redis, for looking at what the limiters keep there. */
async function inRedis<T>(look: (client: Redis) => Promise<T>): Promise<T> {
  const client = connectRedis((redisServer as TestRedis).url);
  try {
    await ready(client);
    return await look(client);
  } finally {
    client.disconnect();
  }
}

/** Retries `call` for up to 5 s while it answers 503 (a client reconnecting after Redis came back). */
async function once503Passes<T>(call: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ServiceError && error.status === 503) || i >= 100) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
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
  await redisServer?.dispose();
});

describe.each(setups)("limits on $name", (setup) => {
  let db: SqlDatabase & { redis: boolean };
  let clock: ManualClock;
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await db.close();
  });
  beforeEach(async () => {
    if (setup.redis) redisServer ??= await startRedis();
    db = { ...(await setup.engine.open()), redis: setup.redis };
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
    const pair = await limiters(db, clock, config());
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
    const pair = await limiters(db, clock, limits);
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
    const pair = await limiters(db, clock, config({ burst: { max: 2, windowSeconds: 10 } }));
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
    const pair = await limiters(db, clock, config({ authFailures: { max: 5, windowSeconds: 60 } }));
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
    const pair = await limiters(db, clock, config());
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
    const [a, b] = await limiters(db, clock, limits);
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
    const [a, b] = await limiters(db, clock, config());
    await a.claimAnalyst(who(), "run-1");
    const releases = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).releaseAnalyst("run-1", { refund: true })),
    );
    expect(releases.filter((r) => r.released)).toHaveLength(1);
    expect(releases.filter((r) => r.refunded)).toHaveLength(1);
    expect(await ledger(db.sql)).toBe(0);
  });

  it("the run store: create, read, a duplicate key (even racing) is the same run, terminal transitions once", async () => {
    const [a, b] = await limiters(db, clock, config());
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
    const [a] = await limiters(db, clock, limits);
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
    const [a] = await limiters(
      db,
      clock,
      config({ analystConcurrency: { max: 100, retryAfterSeconds: 10 } }),
    );
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
  if (setup.redis) {
    const leaseInDatabase = async (runId: string) =>
      Number(
        (
          await db.sql.get<{ lease_until: number }>(
            "SELECT lease_until FROM limit_analyst_claims WHERE run_id = ?",
            [runId],
          )
        )?.lease_until,
      );

    it("the slots are leases in Redis: renewed with the claim rows' lease, and a lapsed one frees its slot at once", async () => {
      const limits = config({ analystConcurrency: { max: 1, retryAfterSeconds: 10 } });
      const pair = await limiters(db, clock, limits);
      const [a, b] = pair;
      const start = clock.nowSeconds();
      await a.claimAnalyst(who(), "run-1");
      expect(a.leasesKind).toBe("redis");
      const score = () => inRedis((c) => c.zscore(`${pair.prefix}lease:org-a`, "run-1"));
      expect(Number(await score())).toBe(start + 30);
      clock.advance(20);
      expect(await a.renewAnalystLeases()).toBe(1);
      expect(Number(await score())).toBe(start + 50);
      expect(await leaseInDatabase("run-1")).toBe(start + 50);
      // A stops renewing: once the lease has run out the slot is free at once, before any recovery runs.
      clock.advance(31);
      expect((await b.usage(who())).analyst.concurrency.running).toBe(0);
      await expect(b.claimAnalyst(who("key-2"), "run-2")).resolves.toMatchObject({ created: true });
      // Recovery still ends the abandoned claim and gives its allowance back.
      expect(await b.abandonedAnalystClaims()).toEqual(["run-1"]);
      expect(await b.releaseAll(["run-1"], { refund: true })).toBe(1);
      expect(await ledger(db.sql)).toBe(1);
    });

    it("Redis unreachable: a claim answers 503 + Retry-After and takes nothing; no live run looks abandoned", async () => {
      const pair = await limiters(db, clock, config());
      const [a, b] = pair;
      const start = clock.nowSeconds();
      await a.claimAnalyst(who(), "run-1");
      await (redisServer as TestRedis).stop();
      try {
        const error = await b.claimAnalyst(who("key-2"), "run-2").catch((e: unknown) => e);
        expect(error).toMatchObject({ code: "service_unavailable", status: 503, retryAfter: 5 });
        expect(await ledger(db.sql)).toBe(1);
        expect(await a.openAnalystClaims()).toEqual(["run-1"]);
        // A's renewal cannot reach Redis, but it extends the claim row's lease first ...
        clock.advance(20);
        await expect(a.renewAnalystLeases()).rejects.toMatchObject({ status: 503 });
        expect(await leaseInDatabase("run-1")).toBe(start + 50);
        // ... so once its first lease is past, recovery elsewhere still leaves the live run alone.
        clock.advance(20);
        expect(await b.abandonedAnalystClaims()).toEqual([]);
        // A release is not held up: the claim ends in the database; its lease, left in Redis, runs out.
        expect(await a.releaseAnalyst("run-1", { refund: true })).toEqual({ released: true, refunded: true });
      } finally {
        await (redisServer as TestRedis).start();
      }
      // The append-only file kept run-1's lease, already run out: it holds no slot.
      expect(await inRedis((c) => c.zscore(`${pair.prefix}lease:org-a`, "run-1"))).toBe(String(start + 30));
      expect(await once503Passes(() => b.usage(who()))).toMatchObject({
        analyst: { concurrency: { running: 0 } },
      });
      // Each client reconnects on its own schedule, and a restarted Redis may still be loading its file: a
      // claim may answer 503 a moment longer (taking nothing, so it is safe to repeat), then goes through.
      await expect(once503Passes(() => b.claimAnalyst(who("key-2"), "run-2"))).resolves.toMatchObject({
        created: true,
      });
      await expect(once503Passes(() => a.claimAnalyst(who("key-3"), "run-3"))).resolves.toMatchObject({
        created: true,
      });
      await expect(a.claimAnalyst(who("key-4"), "run-4")).rejects.toMatchObject({
        extra: { control: "analystConcurrency" },
      });
      expect(await ledger(db.sql)).toBe(2);
    });
  }
});
