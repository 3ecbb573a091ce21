import type { Db } from "../store/sqlite/connection.js";
import { startHookNeighbors } from "../store/sqlite/hook-neighbors/background.js";
import { refreshScores } from "../store/sqlite/refresh/scores.js";
import { refreshSearchCompounds } from "../store/sqlite/search-compounds.js";
import { classifyVideos } from "./classify/index.js";
import { inferAdvertisers } from "./infer-advertisers.js";

/**
 * What runs after any ingest (generator, import): labels first (viral_hook reads the creator baselines the
 * classifier computes), then the precomputed ranking scores, then similar-hook neighbours, which read
 * only the hooks: a large run of them is computed on a worker thread meanwhile (see startHookNeighbors).
 * Accounts running platform-flagged ads become inferred advertisers before the scores count them; the
 * caller rebuilds the trend reports once afterwards (crs import after its last file, crs init).
 * `videoIds` limits the work to what changed; omitted = the whole corpus. `onPhase` hears each step start
 * (labels, scores, then the wait for or computation of the neighbours), for progress displays.
 */
export function afterIngest(
  db: Db,
  now: number,
  videoIds?: readonly string[],
  onPhase?: (phase: "labels" | "scores" | "neighbours") => void,
): void {
  const neighbours = startHookNeighbors(db, videoIds);
  try {
    onPhase?.("labels");
    classifyVideos(db, now, videoIds);
    inferAdvertisers(db, now);
    onPhase?.("scores");
    refreshScores(db, now, videoIds);
    refreshSearchCompounds(db);
  } catch (error) {
    neighbours.cancel();
    throw error;
  }
  onPhase?.("neighbours");
  neighbours.finish();
}
