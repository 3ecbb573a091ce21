import type { ListResult, PagePosition } from "../../shared/principal.js";
import type { Feed, Store } from "../../store/types.js";
import { readKeyset } from "../read-models/paging.js";
import { videoPage } from "../read-models/summaries.js";
import type { VideoSummary } from "../schemas/records.js";

export type { Feed };

/** A ranked feed (definitions in the metrics guide); keyset pagination on (score, id). */
export async function listFeed(
  store: Store,
  feed: Feed,
  p: { limit: number; after?: PagePosition | null },
  _now: number,
): Promise<ListResult<VideoSummary>> {
  return videoPage(store, await store.videos.feed(feed, p.limit, readKeyset(p.after)), p.limit, null);
}
