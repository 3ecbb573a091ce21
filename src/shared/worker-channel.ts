import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { logger } from "./log.js";

/**
 * A worker thread whose messages the starting thread takes synchronously, in order: for work that runs
 * inside synchronous code (afterIngest and what it calls are synchronous, as better-sqlite3 is). The
 * worker stays at most `lookahead` messages ahead of what has been taken. Shared counters: [0] messages
 * posted, plus one when the worker finishes (so a wait for the next message always wakes); [1] messages
 * taken; [2] 1 once the worker has finished (no message follows); [3] 1 once the worker has started.
 */
export interface ChannelData {
  signal: SharedArrayBuffer;
  port: MessagePort;
  lookahead: number;
}

const POSTED = 0;
const TAKEN = 1;
const FINISHED = 2;
const STARTED = 3;
/** A worker that has not started by then (it failed to load) is given up on: it will never finish. */
const START_TIMEOUT_MS = 20_000;

export interface SyncWorkerOptions {
  /** Messages the worker may post ahead of what has been taken. */
  lookahead: number;
  /** How long a worker may take to start (default 20 s). */
  startTimeoutMs?: number;
}

/** False when running from the TypeScript sources (the tests), which a worker thread cannot load. */
export function workerAvailable(url: URL): boolean {
  return existsSync(fileURLToPath(url));
}

/** The starting thread's end. */
export class SyncWorker<T> {
  private readonly counters: Int32Array;
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private readonly startTimeoutMs: number;
  private taken = 0;

  /** `data` reaches the worker as workerData, with `channel` (its end, see workerChannel). */
  constructor(url: URL, data: Record<string, unknown>, { lookahead, startTimeoutMs }: SyncWorkerOptions) {
    this.startTimeoutMs = startTimeoutMs ?? START_TIMEOUT_MS;
    const signal = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
    this.counters = new Int32Array(signal);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const channel: ChannelData = { signal, port: port2, lookahead };
    this.worker = new Worker(url, { workerData: { ...data, channel }, transferList: [port2] });
    this.worker.on("error", (error) => logger.warn({ err: error, worker: url.pathname }, "worker failed"));
    this.worker.unref();
  }

  /**
   * The worker's next message, waiting up to `timeoutMs` for it; undefined when the worker finished
   * without posting another, did not post in time, or never started.
   */
  next(timeoutMs: number): T | undefined {
    const deadline = Date.now() + timeoutMs;
    const startBy = Date.now() + this.startTimeoutMs;
    for (;;) {
      const posted = Atomics.load(this.counters, POSTED);
      const finished = Atomics.load(this.counters, FINISHED) === 1;
      // Read after the counters: a message posted before it finished is readable by now.
      const received = receiveMessageOnPort(this.port);
      if (received) {
        Atomics.store(this.counters, TAKEN, ++this.taken);
        Atomics.notify(this.counters, TAKEN);
        return received.message as T;
      }
      if (finished) return undefined;
      const started = Atomics.load(this.counters, STARTED) === 1;
      const left = Math.min(deadline, started ? deadline : startBy) - Date.now();
      if (left <= 0) return undefined;
      // Posted but not yet readable here: look again shortly. Otherwise sleep until the count moves
      // (checking now and then that a worker that has not started yet still may).
      Atomics.wait(
        this.counters,
        POSTED,
        posted,
        posted > this.taken ? 1 : started ? left : Math.min(left, 100),
      );
    }
  }

  /** Stops the worker (whatever it is doing) and drops what it posted. */
  stop(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

/** The worker's end: post() blocks while `lookahead` messages are untaken; finish() last, always. */
export function workerChannel(channel: ChannelData): { post(message: unknown): void; finish(): void } {
  const counters = new Int32Array(channel.signal);
  Atomics.store(counters, STARTED, 1);
  let posted = 0;
  return {
    post(message) {
      for (;;) {
        const taken = Atomics.load(counters, TAKEN);
        if (posted - taken < channel.lookahead) break;
        Atomics.wait(counters, TAKEN, taken);
      }
      channel.port.postMessage(message);
      Atomics.store(counters, POSTED, ++posted);
      Atomics.notify(counters, POSTED);
    },
    finish() {
      channel.port.close();
      Atomics.store(counters, FINISHED, 1);
      Atomics.add(counters, POSTED, 1);
      Atomics.notify(counters, POSTED);
    },
  };
}
