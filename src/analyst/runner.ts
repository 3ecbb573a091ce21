import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import PQueue from "p-queue";
import type { MethodStep, RunStatus } from "../domain/schemas/analyst-record.js";
import type { Limiter } from "../limits/index.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";
import type { Clock } from "../shared/clock.js";
import { logger } from "../shared/log.js";
import type { SqlClient } from "../store/sql-client.js";
import type { Store } from "../store/types.js";
import type { AnalystEngine } from "./engine.js";
import { unresolvedEvidence } from "./evidence.js";
import type { RunRow, RunStore } from "./run-store.js";

/** Runs at once in this process (the limiter caps each organisation at its own concurrency). */
const WORKERS = 4;
/** Nothing runs forever: an engine that has not answered by then fails (refunded). */
export const RUN_TIMEOUT_MS = 10 * 60 * 1000;

export interface LiveRun {
  id: string;
  status: RunStatus;
  acceptedAtMs: number;
  finishedAtMs?: number;
  done: Promise<void>;
}

export interface RunnerDeps {
  /** The service's SqlClient: a run's terminal save and its release are one transaction on it. */
  sql: SqlClient;
  /** The corpus, to check the answer's evidence. */
  corpus: Store;
  clock: Clock;
  limiter: Limiter;
  registry: ToolRegistry;
  store: RunStore;
  engine: AnalystEngine;
  minMs: number;
  onTerminal(status: "completed" | "failed"): void;
}

interface Slot extends LiveRun {
  controller: AbortController;
  /** A terminal save has begun (only the first one counts). */
  finishing?: boolean;
  resolve(): void;
}

/**
 * The in-process run queue: queued → running → completed | failed, the allowance released on every terminal
 * path and refunded when the service caused the failure. The answer is saved before anyone is told.
 */
export class RunQueue {
  private readonly queue = new PQueue({ concurrency: WORKERS });
  private readonly live = new Map<string, Slot>();
  private closing = false;

  constructor(private readonly deps: RunnerDeps) {}

  get(id: string): LiveRun | undefined {
    return this.live.get(id);
  }

  schedule(run: RunRow, principal: Principal, requestId: string): LiveRun {
    let resolve = () => {};
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const slot: Slot = {
      id: run.id,
      status: "queued",
      acceptedAtMs: performance.now(),
      done,
      controller: new AbortController(),
      resolve,
    };
    this.live.set(run.id, slot);
    void this.queue.add(() => this.execute(slot, run, principal, requestId));
    return slot;
  }

  /** Ends every run this process holds as `interrupted` (refunded), then waits up to a second for workers to notice. */
  async close(): Promise<void> {
    this.closing = true;
    this.queue.clear();
    const saves: Promise<void>[] = [];
    for (const slot of this.live.values()) {
      saves.push(
        this.finish(slot, "failed", (tx) =>
          this.deps.store.fail(
            slot.id,
            { code: "interrupted", message: "The service stopped during the run." },
            this.now(),
            tx,
          ),
        ),
      );
      slot.controller.abort();
    }
    await Promise.allSettled(saves);
    await Promise.race([this.queue.onIdle(), sleep(1000, undefined, { ref: false })]);
  }

  private async execute(slot: Slot, run: RunRow, principal: Principal, requestId: string): Promise<void> {
    if (this.closing || slot.status !== "queued") return;
    const { store, engine, registry } = this.deps;
    await store.markRunning(slot.id, this.now());
    slot.status = "running";
    const timer = setTimeout(() => slot.controller.abort(new Error("timeout")), RUN_TIMEOUT_MS);
    timer.unref();
    const method: MethodStep[] = [];
    try {
      const answer = await engine.answer({
        question: run.question,
        context: run.context,
        principal,
        signal: slot.controller.signal,
        method: () => [...method],
        callTool: async (tool, args) => {
          const outcome = await registry.invoke(tool, args, principal, {
            requestId,
            transport: "internal",
            skipLimiter: true,
            signal: slot.controller.signal,
          });
          method.push({ tool, arguments: args });
          // A step read synchronously (SQLite) must not hold the serving thread for the whole run: heartbeats
          // and other requests go out between steps.
          await nextTurn();
          return outcome.output;
        },
      });
      // Timers can fire a millisecond early: wait until the monotonic clock has passed minMs by 1 ms, so the
      // reported elapsed_ms (wall-clock stamps, the first taken before acceptance) never rounds below minMs.
      const remaining = () => this.deps.minMs + 1 - (performance.now() - slot.acceptedAtMs);
      while (remaining() > 0)
        await sleep(Math.ceil(remaining()), undefined, { signal: slot.controller.signal });
      if (this.closing) return;
      const missing = await unresolvedEvidence(this.deps.corpus, answer);
      if (this.closing) return;
      if (missing.length > 0) {
        const ids = missing
          .map((m) => `${m.type} ${m.id}`)
          .slice(0, 5)
          .join(", ");
        await this.finish(slot, "failed", (tx) =>
          store.fail(
            slot.id,
            { code: "evidence_unverified", message: `Cited ids not in the store: ${ids}.` },
            this.now(),
            tx,
          ),
        );
        return;
      }
      await this.finish(slot, "completed", (tx) => store.complete(slot.id, answer, this.now(), tx));
    } catch (error) {
      if (this.closing) return;
      const timedOut = slot.controller.signal.aborted;
      logger.warn({ err: error, runId: slot.id }, "analyst run failed");
      await this.finish(slot, "failed", (tx) =>
        store.fail(
          slot.id,
          timedOut
            ? { code: "timeout", message: `The run exceeded ${RUN_TIMEOUT_MS / 1000} s.` }
            : { code: "engine_failed", message: "The analyst engine failed; the request was refunded." },
          this.now(),
          tx,
        ),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Saves the terminal status and releases the allowance in one transaction; only failures are refunded. */
  private async finish(
    slot: Slot,
    status: "completed" | "failed",
    save: (tx: SqlClient) => Promise<boolean>,
  ): Promise<void> {
    if (slot.finishing) return;
    slot.finishing = true;
    let saved = false;
    try {
      saved = await this.deps.sql.transaction(async (tx) => {
        const changed = await save(tx);
        if (changed) await this.deps.limiter.releaseAnalyst(slot.id, { refund: status === "failed" }, tx);
        return changed;
      });
    } catch (error) {
      // The run stays unfinished in the store: crash recovery (this process's or another's) ends and refunds it.
      logger.error({ err: error, runId: slot.id }, "analyst run: could not save its end");
    }
    slot.status = status;
    slot.finishedAtMs = performance.now();
    this.live.delete(slot.id);
    if (saved) this.deps.onTerminal(status);
    slot.resolve();
  }

  private now(): number {
    return Math.floor(this.deps.clock.nowSeconds());
  }
}
