import { performance } from "node:perf_hooks";
import type { RunRecord } from "../domain/schemas/analyst-record.js";
import { requireAnalystEntitlement } from "../identity/authorize.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { AnalystPort, Principal, ServiceDeps, ToolCallContext } from "../registry/types.js";
import { logger } from "../shared/log.js";
import type { AnalystEngine } from "./engine.js";
import { RunStore } from "./run-store.js";
import { isTerminal, runRecord } from "./run-view.js";
import { type LiveRun, RunQueue } from "./runner.js";

export interface AnalystServiceParts {
  deps: ServiceDeps;
  registry: ToolRegistry;
  /** Counts runs by terminal status (the service's metrics). */
  metrics?: { analystRuns: { inc(labels: { status: string }): void } };
  /** The engine that answers (createEngine: the one config.analystEngine names). */
  engine: AnalystEngine;
}

export interface AnalystService extends AnalystPort {
  /**
   * Crash recovery, at start-up and then every few seconds: runs whose process died (or whose lease ran out)
   * → failed/interrupted, their claims released and refunded. Runs another living process holds are untouched,
   * so several processes share one store.
   */
  recoverInterrupted(): Promise<{ interrupted: number; released: number }>;
  /** The run as its organisation sees it; undefined for another organisation's, an unknown or a malformed id. */
  status(principal: Principal, id: string): Promise<RunRecord | undefined>;
  close(): Promise<void>;
}

/** How often a process renews its analyst leases and looks for stopped processes' runs (a third of the 30 s lease). */
const LEASE_UPKEEP_MS = 10_000;

type AnalyzeInput = { question: string; context?: string; idempotency_key: string };

/** One heartbeat: what the run is doing and how long it has taken so far (a REST stream's event data). */
interface Heartbeat {
  status: "queued" | "running";
  elapsed_ms: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAnalystService(parts: AnalystServiceParts): AnalystService {
  const { deps, registry } = parts;
  const { sql, clock, limiter, config, urls } = deps;
  const now = () => Math.floor(clock.nowSeconds());
  const store = new RunStore(sql, async (principal, runId, tx) => {
    await limiter.claimAnalyst(principal, runId, tx);
  });
  const { engine } = parts;
  const runs = new RunQueue({
    sql,
    corpus: deps.store,
    clock,
    limiter,
    registry,
    store,
    engine,
    minMs: config.analystMinMs,
    onTerminal: (status) => parts.metrics?.analystRuns.inc({ status }),
  });

  const view = async (id: string, replayed: boolean): Promise<RunRecord> => {
    const row = await store.get(id);
    if (!row) throw new Error(`analyst run ${id} missing`);
    return runRecord(row, {
      baseUrl: urls.baseUrl,
      replayed,
      nowMs: Date.now(),
    });
  };

  // Beats once at acceptance (so streams open before work starts), then every heartbeat interval.
  const beatWhileRunning = (live: LiveRun, ctx: ToolCallContext) => {
    let count = 0;
    const beat = () => {
      if (isTerminal(live.status)) return;
      const heartbeat: Heartbeat = {
        status: live.status === "running" ? "running" : "queued",
        elapsed_ms: Math.round(performance.now() - live.acceptedAtMs),
      };
      count += 1;
      ctx.progress?.({
        progress: count,
        message: `${heartbeat.status}, ${Math.round(heartbeat.elapsed_ms / 1000)} s elapsed`,
        detail: { ...heartbeat },
      });
    };
    beat();
    const timer = setInterval(beat, config.analystHeartbeatMs);
    return () => clearInterval(timer);
  };

  let pruneTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;

  const recover = () =>
    sql.transaction(async (tx) => {
      const ids = [
        ...new Set([...(await limiter.abandonedAnalystClaims(tx)), ...(await store.unfinishedUnclaimed(tx))]),
      ];
      const at = now();
      let interrupted = 0;
      for (const id of ids) {
        const message = "The service restarted during the run.";
        if (await store.fail(id, { code: "interrupted", message }, at, tx)) interrupted += 1;
      }
      return { interrupted, released: await limiter.releaseAll(ids, { refund: true }, tx) };
    });

  return {
    async analyzeForTool(principal, input: AnalyzeInput, ctx) {
      await requireAnalystEntitlement(deps.sql, principal);
      const acceptance = await store.accept(
        principal,
        {
          question: input.question,
          context: input.context,
          // Stored as sent: a REST Idempotency-Key is any 8..200 characters, the tool's input a UUID.
          idempotencyKey: ctx.sentAs?.idempotency_key ?? input.idempotency_key,
        },
        now(),
      );
      // A duplicate never waits and never starts work: it returns the current status or the saved result.
      if (acceptance.kind === "existing") {
        return view(acceptance.run.id, true);
      }
      const live = runs.schedule(acceptance.run, principal, ctx.requestId);
      const stop = beatWhileRunning(live, ctx);
      try {
        await waitFor(live.done, ctx.signal);
      } finally {
        stop();
      }
      return view(live.id, false);
    },

    async recoverInterrupted() {
      const result = await recover();
      const pruned = await store.prune(now());
      if (result.interrupted + result.released + pruned > 0)
        logger.info({ ...result, pruned }, "analyst runs recovered at start-up");
      pruneTimer = setInterval(() => {
        store
          .prune(now())
          .catch((error) => logger.warn({ err: error }, "analyst run pruning failed; retrying"));
      }, 3_600_000);
      pruneTimer.unref();
      // Renew this process's leases and take back the slots of processes that died, a few times per lease.
      let upkeep = false;
      leaseTimer = setInterval(async () => {
        if (upkeep) return;
        upkeep = true;
        try {
          await limiter.renewAnalystLeases();
          const later = await recover();
          if (later.interrupted + later.released > 0)
            logger.info(later, "analyst runs of a stopped process recovered");
        } catch (error) {
          logger.warn({ err: error }, "analyst lease upkeep failed; retrying");
        } finally {
          upkeep = false;
        }
      }, LEASE_UPKEEP_MS);
      leaseTimer.unref();
      return result;
    },

    async status(principal, id) {
      if (!UUID.test(id)) return undefined;
      const row = await store.getForOrg(id.toLowerCase(), principal.orgId);
      return row ? view(row.id, true) : undefined;
    },

    async close() {
      if (pruneTimer) clearInterval(pruneTimer);
      if (leaseTimer) clearInterval(leaseTimer);
      await runs.close();
    },
  };
}

/** Resolves when the run ends, or early when the caller goes away (the run itself carries on). */
function waitFor(done: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return done;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => resolve();
    signal.addEventListener("abort", onAbort, { once: true });
    void done.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
