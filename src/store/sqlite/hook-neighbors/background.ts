import { logger } from "../../../shared/log.js";
import { SyncWorker, workerAvailable } from "../../../shared/worker-channel.js";
import { type Db, dataVersion } from "../connection.js";
import { computeHookNeighbors, runsOverEveryHook, writeFullRun } from "./index.js";
import type { NeighboursMessage } from "./worker.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
/** Below this many videos a full run takes well under a second: not worth a thread (~100 ms to start). */
const MIN_VIDEOS = 20_000;
/** How long finish() waits for the worker before computing here instead (a 1M-video run takes ~35 s). */
const WAIT_MS = 15 * 60_000;

export interface HookNeighboursRun {
  /**
   * Writes the lists: the worker's, or computed here when there is no worker or its result no longer
   * applies. Says which.
   */
  finish(): "worker" | "this thread";
  /** Stops the worker, if any, and writes nothing (the caller failed before finish). */
  cancel(): void;
}

/**
 * computeHookNeighbors(db, videoIds), started now and written by finish(): when it is a run over every
 * hook (a first import, `crs init`, a large import) of a file database, it is computed on a worker thread
 * with its own read-only connection, while this thread does other work (afterIngest: labels and scores,
 * which never change a hook). finish() writes the result in one IMMEDIATE transaction, but only if no other
 * connection has committed since the start (PRAGMA data_version): otherwise the worker may have read hooks
 * that changed since, and the run is computed again here, as it is whenever there is no worker (an
 * in-memory database, a small corpus, the TypeScript sources, which a worker thread cannot load).
 */
export function startHookNeighbors(
  db: Db,
  videoIds?: readonly string[],
  options: { minVideos?: number } = {},
): HookNeighboursRun {
  const here = () => {
    computeHookNeighbors(db, videoIds);
    return "this thread" as const;
  };
  const inline: HookNeighboursRun = { finish: here, cancel: () => {} };
  if (db.memory || db.inTransaction || !workerAvailable(WORKER_URL)) return inline;
  const videos = (db.prepare("SELECT max(seq) FROM videos").pluck().get() as number | null) ?? 0;
  if (videos < (options.minVideos ?? MIN_VIDEOS) || !runsOverEveryHook(db, videoIds)) return inline;

  const version = dataVersion(db);
  const worker = new SyncWorker<NeighboursMessage>(
    WORKER_URL,
    { file: db.name, videoIds: videoIds ?? null }, // cloned into the worker
    { lookahead: 1 },
  );
  return {
    cancel: () => worker.stop(),
    finish: () => {
      const message = worker.next(WAIT_MS);
      worker.stop();
      if (message?.ok) {
        const written = db.transaction(() => {
          if (dataVersion(db) !== version) return false; // another connection wrote meanwhile
          writeFullRun(db, message.run);
          return true;
        });
        if (written.immediate()) return "worker";
      } else {
        logger.warn(
          { reason: message ? message.message : "no result in time" },
          "hook neighbours worker gave no result: computing them on this thread",
        );
      }
      return here();
    },
  };
}
