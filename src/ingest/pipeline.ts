import { startHookNeighbors } from "../domain/hook-neighbors-background.js";
import { refreshScores } from "../domain/scores.js";
import { refreshSearchCompounds } from "../domain/search-compounds.js";
import { buildTrendReports } from "../domain/trends-builder.js";
import type { Db } from "../store/connection.js";
import { classifyVideos } from "./classify/index.js";
import { inferAdvertisers } from "./infer-advertisers.js";

/**
 * What runs after any ingest (generator, import): labels first (viral_hook reads the creator baselines the
 * classifier computes), then the precomputed ranking scores, then similar-hook neighbours, which read
 * only the hooks: a large run of them is computed on a worker thread meanwhile (see startHookNeighbors).
 * Accounts running platform-flagged ads become inferred advertisers before the scores count them, and the
 * trend reports are rebuilt last (their examples rank by trending score).
 * `videoIds` limits the work to what changed; omitted = the whole corpus.
 */
export function afterIngest(db: Db, now: number, videoIds?: readonly string[]): void {
  const neighbours = startHookNeighbors(db, videoIds);
  try {
    classifyVideos(db, now, videoIds);
    inferAdvertisers(db, now);
    refreshScores(db, now, videoIds);
    refreshSearchCompounds(db);
    buildTrendReports(db, now);
  } catch (error) {
    neighbours.cancel();
    throw error;
  }
  neighbours.finish();
}
