import { Worker } from "node:worker_threads";
import { logger } from "../../shared/log.js";
import { workerAvailable } from "../../shared/worker-channel.js";
import type { Db } from "./db.js";

const WORKER_URL = new URL("./checkpoint-worker.js", import.meta.url);
// How long stopping waits for a checkpoint in progress (one copies at most a few hundred MB).
const STOP_TIMEOUT_MS = 30_000;

/**
 * WAL checkpoints on a worker thread for the length of a bulk load: the loading thread only appends to the
 * WAL, and copying it into the database file (with its fsyncs, a fifth of a 1M-record import's time) runs
 * on the other core. Returns the function that stops it (synchronously, once any checkpoint in progress
 * ends), or null when there is no worker to run: an in-memory database, or running from the TypeScript
 * sources (the tests), which a worker thread cannot load; the connection's own autocheckpoint then does it.
 */
export function startBackgroundCheckpoints(db: Db): (() => void) | null {
  if (db.memory || !workerAvailable(WORKER_URL)) return null;
  const signal = new SharedArrayBuffer(8);
  const flags = new Int32Array(signal);
  let exited = false;
  const worker = new Worker(WORKER_URL, { workerData: { file: db.name, signal } });
  worker.on("error", (error) => logger.warn({ err: error }, "background checkpoints stopped"));
  worker.on("exit", () => {
    exited = true;
  });
  return () => {
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
    if (!exited) Atomics.wait(flags, 1, 0, STOP_TIMEOUT_MS);
  };
}
