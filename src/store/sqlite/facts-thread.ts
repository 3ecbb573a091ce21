import { Worker } from "node:worker_threads";
import { logger } from "../../shared/log.js";
import { workerAvailable } from "../../shared/worker-channel.js";
import type { FactsRepository } from "../facts.js";
import { type SearchTuning, searchTuning } from "../search-tuning.js";
import type { Db } from "./db.js";

const WORKER_URL = new URL("./facts-worker.js", import.meta.url);

/**
 * The FactsRepository reads that may scan every video or advertiser (at 1M videos the advertiser names take
 * 0.15 s), and so run on the facts thread.
 */
export type HeavyFactsRead =
  | "videos"
  | "count"
  | "texts"
  | "coverage"
  | "groups"
  | "groupTop"
  | "nearest"
  | "topBy"
  | "nthHighest"
  | "advertiserNames"
  | "soundNames"
  | "soundsTitledAs"
  | "soundsByArtist";

/** A read asked of the facts thread. */
export interface FactsRequest {
  id: number;
  method: HeavyFactsRead;
  args: unknown[];
  tuning: SearchTuning;
}

export type FactsReply = { id: number; value: unknown } | { id: number; error: string };

/**
 * The analyst's aggregate reads over a SQLite file on a worker thread with its own read-only connection:
 * better-sqlite3 is synchronous, and at a million videos one aggregate takes seconds, in which the serving
 * thread would answer nothing (a search waited 29 s behind "what makes videos go viral?", some requests got
 * 408). The worker runs the same SqliteFacts code, so the answers are the same. Started at the first read;
 * it does not keep the process alive.
 */
export class FactsThread {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(private readonly file: string) {}

  /** The thread for a file-backed connection, or null: in memory, or running from the TypeScript sources. */
  static for(db: Db): FactsThread | null {
    return db.memory || !workerAvailable(WORKER_URL) ? null : new FactsThread(db.name);
  }

  /** False once the worker failed or was stopped: the caller then reads on its own connection. */
  get usable(): boolean {
    return !this.failed;
  }

  call<M extends HeavyFactsRead>(
    method: M,
    args: Parameters<FactsRepository[M]>,
  ): ReturnType<FactsRepository[M]> {
    const worker = this.start();
    const id = ++this.nextId;
    const request: FactsRequest = { id, method, args, tuning: { ...searchTuning() } };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage(request);
    }) as ReturnType<FactsRepository[M]>;
  }

  /** Stops the worker; reads still waiting fail (the connection they were for is closing). */
  stop(): void {
    const worker = this.worker;
    this.worker = null;
    this.failed = true;
    void worker?.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error("the store is closing"));
    this.pending.clear();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file } });
    worker.unref();
    worker.on("message", (reply: FactsReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      // Idle, the thread does not keep the process alive.
      if (this.pending.size === 0) worker.unref();
      if ("error" in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.value);
    });
    const fail = (error: Error) => {
      this.failed = true;
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", (error) => {
      logger.warn({ err: error }, "facts thread failed; aggregates run on the serving thread");
      fail(error);
    });
    worker.on("exit", (code) => {
      if (this.worker === worker) fail(new Error(`the facts thread exited (code ${code})`));
    });
    this.worker = worker;
    return worker;
  }
}
