import { workerData } from "node:worker_threads";
import Database from "./driver.js";

/**
 * The background checkpointer (see startBackgroundCheckpoints): its own connection copies committed WAL
 * frames into the database file every INTERVAL_MS until asked to stop. A PASSIVE checkpoint never blocks
 * or waits for the writer; the fsyncs it makes happen on this thread.
 */
const INTERVAL_MS = 100;
const { file, signal } = workerData as { file: string; signal: SharedArrayBuffer };
const flags = new Int32Array(signal); // [0]: stop asked, [1]: stopped
const db = new Database(file);
try {
  while (Atomics.load(flags, 0) === 0) {
    db.pragma("wal_checkpoint(PASSIVE)");
    Atomics.wait(flags, 0, 0, INTERVAL_MS);
  }
} finally {
  db.close();
  Atomics.store(flags, 1, 1);
  Atomics.notify(flags, 1);
}
