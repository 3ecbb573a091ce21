import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { AnalystEngine } from "../../../src/analyst/engine.js";
import { createAnalystService } from "../../../src/analyst/service.js";
import { loadConfig } from "../../../src/config/index.js";
import type { Answer } from "../../../src/domain/schemas/analyst-record.js";
import { bootstrapIdentity } from "../../../src/identity/bootstrap.js";
import { createLimiter, parseLimitsConfig } from "../../../src/limits/index.js";
import { ToolRegistry } from "../../../src/registry/invoke.js";
import type { Principal, ServiceDeps } from "../../../src/registry/types.js";
import { fixedClock } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { analyzeTool } from "../../../src/tools/analyst/analyze.js";
import { getUsageTool } from "../../../src/tools/usage/get-usage.js";
import { tempDb } from "../../helpers/db.js";
import { sqlOf } from "../../helpers/sql.js";

const NOW = 1_780_000_000;
const ANSWER: Answer = { summary: "ok", findings: [], method: [], caveats: [], engine: "local" };

async function setup(engine: AnalystEngine, env: Record<string, string> = {}) {
  const { db } = tempDb();
  const config = loadConfig({ env: { CRS_ANALYST_HEARTBEAT_MS: "20", ...env }, flags: { db: ":memory:" } });
  const clock = fixedClock(NOW);
  const sql = sqlOf(db);
  const identity = await bootstrapIdentity(sql, "s".repeat(32), NOW);
  const limiter = createLimiter({ sql, clock, config: parseLimitsConfig("default") });
  const deps: ServiceDeps = {
    store: createSqliteStore(db),
    sql,
    config,
    clock,
    secret: "s".repeat(32),
    urls: {
      apiOrigin: "http://x",
      baseUrl: "http://x/v1",
      mcpUrl: "http://x/mcp",
      problemsUrl: "http://x/problems",
    },
    limiter,
    analyst: null,
  };
  const registry = new ToolRegistry([analyzeTool as never, getUsageTool as never], deps, limiter);
  const service = createAnalystService({ deps, registry, engine });
  deps.analyst = service;
  const principal: Principal = {
    kind: "api_key",
    credentialId: identity.key.id,
    keyId: identity.key.id,
    keyPrefix: identity.key.prefix,
    clientId: null,
    userId: identity.user.id,
    orgId: identity.org.id,
    scopes: ["content:read", "agent:request"],
  };
  const ask = (idempotency_key = randomUUID(), question = "How many ads?") =>
    registry.invoke("service_analyze", { question, idempotency_key }, principal, {
      requestId: randomUUID(),
      transport: "internal",
    });
  const ledger = () =>
    (
      db.prepare("SELECT COALESCE(SUM(delta), 0) AS n FROM usage_ledger WHERE kind = 'analyst'").get() as {
        n: number;
      }
    ).n;
  return { db, sql, service, principal, ask, ledger, limiter };
}

const cleanup: { db: Db; close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) {
    await c.close();
    c.db.close();
  }
});

function track<T extends { db: Db; service: { close(): Promise<void> } }>(t: T): T {
  cleanup.push({ db: t.db, close: () => t.service.close() });
  return t;
}

type Run = { status: string; error: { code: string } | null; id: string; replayed: boolean };
const run = (outcome: { output: Record<string, unknown> }) => outcome.output.data as Run;

describe("analyst service", () => {
  it("completes a run, consumes one request, and a replay is free", async () => {
    const t = track(await setup({ name: "local", answer: async () => ANSWER }));
    const key = randomUUID();
    const first = run(await t.ask(key));
    expect(first.status).toBe("completed");
    expect(t.ledger()).toBe(1);
    const again = run(await t.ask(key));
    expect(again).toMatchObject({ id: first.id, replayed: true, status: "completed" });
    expect(t.ledger()).toBe(1);
    expect(await t.limiter.openAnalystClaims()).toEqual([]);
  });

  it("an engine failure is saved as failed, releases the slot and refunds; the same key then starts fresh work", async () => {
    let calls = 0;
    const t = track(
      await setup({
        name: "local",
        answer: async () => {
          calls += 1;
          if (calls === 1) throw new Error("boom");
          return ANSWER;
        },
      }),
    );
    const key = randomUUID();
    const failed = run(await t.ask(key));
    expect(failed.status).toBe("failed");
    expect(failed.error?.code).toBe("engine_failed");
    expect(t.ledger()).toBe(0);
    expect(await t.limiter.openAnalystClaims()).toEqual([]);
    const retried = run(await t.ask(key));
    expect(retried.status).toBe("completed");
    expect(retried.id).not.toBe(failed.id);
    expect((await t.service.status(t.principal, failed.id))?.status).toBe("failed");
  });

  it("refuses to save an answer citing an id that is not in the store", async () => {
    const t = track(
      await setup({
        name: "local",
        answer: async () => ({
          ...ANSWER,
          findings: [{ statement: "x", evidence: [{ type: "video", id: "does-not-exist", figures: {} }] }],
        }),
      }),
    );
    const failed = run(await t.ask());
    expect(failed.status).toBe("failed");
    expect(failed.error?.code).toBe("evidence_unverified");
    expect(t.ledger()).toBe(0);
  });

  it("a reused key with a different question is an idempotency conflict", async () => {
    const t = track(await setup({ name: "local", answer: async () => ANSWER }));
    const key = randomUUID();
    await t.ask(key, "first question");
    await expect(t.ask(key, "second question")).rejects.toMatchObject({
      code: "idempotency_conflict",
      status: 409,
    });
  });

  it("recovers runs a dead process left: failed/interrupted, claims released and refunded", async () => {
    const t = track(await setup({ name: "local", answer: () => new Promise<Answer>(() => undefined) }));
    const pending = t.ask();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await t.limiter.openAnalystClaims()).toHaveLength(1);
    // A second service over the same store plays the restarted process: its own limiter carries a new owner
    // tag with this pid, which says the claim's process (same pid, other tag) is gone.
    const restartedDeps = {
      ...setupDepsOf(t),
      limiter: createLimiter({
        sql: t.sql,
        clock: setupDepsOf(t).clock,
        config: parseLimitsConfig("default"),
      }),
    };
    const restarted = createAnalystService({
      deps: restartedDeps,
      registry: new ToolRegistry([], restartedDeps),
      engine: { name: "local", answer: async () => ANSWER },
    });
    expect(await restarted.recoverInterrupted()).toEqual({ interrupted: 1, released: 1 });
    expect(await t.limiter.openAnalystClaims()).toEqual([]);
    expect(t.ledger()).toBe(0);
    const row = t.db.prepare("SELECT status, error_code FROM analyst_runs").get();
    expect(row).toEqual({ status: "failed", error_code: "interrupted" });
    await restarted.close();
    await t.service.close();
    expect(run(await pending).status).toBe("failed");
  });

  it("beats while running: progress reaches MCP callers before the result", async () => {
    const t = track(
      await setup({
        name: "local",
        answer: () => new Promise<Answer>((resolve) => setTimeout(() => resolve(ANSWER), 120)),
      }),
    );
    const { outcome, beats } = await askOverMcp(t);
    expect(run(outcome).status).toBe("completed");
    expect(beats.length).toBeGreaterThanOrEqual(3);
    expect(beats).toEqual([...beats].sort((a, b) => a - b));
  });

  it("beats between an answer's steps even when each step holds the thread (SQLite reads are synchronous)", async () => {
    const STEPS = 5;
    const STEP_MS = 60;
    const t = track(
      await setup({
        name: "local",
        async answer(ctx) {
          for (let i = 0; i < STEPS; i += 1) {
            const until = performance.now() + STEP_MS;
            while (performance.now() < until) {
              // a synchronous read: no timer can fire until it ends
            }
            await ctx.callTool("service_get_usage", {});
          }
          return ANSWER;
        },
      }),
    );
    const { outcome, beats } = await askOverMcp(t);
    expect(run(outcome).status).toBe("completed");
    expect((outcome.output.data as { answer: Answer }).answer.summary).toBe("ok");
    // One at acceptance, then at least one after each step but the last (each outlasts the 20 ms interval).
    expect(beats.length).toBeGreaterThanOrEqual(STEPS);
  });
});

/** Asks one question as an MCP caller does, with the progress numbers it received. */
async function askOverMcp(t: Parameters<typeof setupDepsOf>[0] & { principal: Principal }) {
  const beats: number[] = [];
  const registry = new ToolRegistry([analyzeTool as never], setupDepsOf(t));
  const outcome = await registry.invoke(
    "service_analyze",
    { question: "q?", idempotency_key: randomUUID() },
    t.principal,
    { requestId: randomUUID(), transport: "mcp", progress: (p) => beats.push(p.progress) },
  );
  return { outcome, beats };
}

/** The deps the service under test was built with (the registry reads them back). */
function setupDepsOf(t: {
  db: Db;
  sql: ServiceDeps["sql"];
  limiter: ServiceDeps["limiter"];
  service: unknown;
}): ServiceDeps {
  const config = loadConfig({ env: { CRS_ANALYST_HEARTBEAT_MS: "20" }, flags: { db: ":memory:" } });
  return {
    store: createSqliteStore(t.db),
    sql: t.sql,
    config,
    clock: fixedClock(NOW),
    secret: "s".repeat(32),
    urls: {
      apiOrigin: "http://x",
      baseUrl: "http://x/v1",
      mcpUrl: "http://x/mcp",
      problemsUrl: "http://x/problems",
    },
    limiter: t.limiter,
    analyst: t.service as ServiceDeps["analyst"],
  };
}
