import { type MessagePort, workerData } from "node:worker_threads";
import type { FullRunResult } from "./hook-neighbors.js";

/**
 * The worker side of startHookNeighbors: computes a run over every hook with its own read-only
 * connection and posts the result on `port`. Whatever happens, it raises the flag last, so the thread
 * waiting on it never waits for a worker that failed to start or threw.
 */
export type NeighboursMessage = { ok: true; run: FullRunResult } | { ok: false; message: string };

const { file, videoIds, signal, port } = workerData as {
  file: string;
  videoIds: string[] | null;
  signal: SharedArrayBuffer;
  port: MessagePort;
};
const flag = new Int32Array(signal);
try {
  const { default: Database } = await import("better-sqlite3");
  const { computeFullRun } = await import("./hook-neighbors.js");
  const { defaultEmbedder } = await import("./embedder.js");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const run = computeFullRun(db, videoIds ? new Set(videoIds) : null, defaultEmbedder);
    port.postMessage({ ok: true, run } satisfies NeighboursMessage);
  } finally {
    db.close();
  }
} catch (error) {
  port.postMessage({ ok: false, message: (error as Error).message } satisfies NeighboursMessage);
} finally {
  port.close();
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
