import { workerData } from "node:worker_threads";
import { type ChannelData, workerChannel } from "../../../shared/worker-channel.js";
import type { FullRunResult } from "./index.js";

/**
 * The worker side of startHookNeighbors: computes a run over every hook with its own read-only
 * connection and posts the result (or why there is none), then finishes the channel whatever happened.
 */
export type NeighboursMessage = { ok: true; run: FullRunResult } | { ok: false; message: string };

const { file, videoIds, channel } = workerData as {
  file: string;
  videoIds: string[] | null;
  channel: ChannelData;
};
const out = workerChannel(channel);
try {
  const { default: Database } = await import("../driver.js");
  const { computeFullRun } = await import("./index.js");
  const { defaultEmbedder } = await import("../../hooks/default-embedder.js");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const run = computeFullRun(db, videoIds ? new Set(videoIds) : null, defaultEmbedder);
    out.post({ ok: true, run } satisfies NeighboursMessage);
  } finally {
    db.close();
  }
} catch (error) {
  out.post({ ok: false, message: (error as Error).message } satisfies NeighboursMessage);
} finally {
  out.finish();
}
