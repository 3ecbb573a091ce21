import type { ListResult, PagePosition } from "../../shared/principal.js";
import type { Store } from "../../store/types.js";
import type { AdvertiserDetail, VideoSummary } from "../schemas/records.js";
import { readKeyset } from "./paging.js";
import { loadVideoSummaries, toAdvertiserSummary, videoPage } from "./summaries.js";

export async function getAdvertiser(store: Store, id: string): Promise<AdvertiserDetail | null> {
  const [row] = await store.advertisers.summaries([id]);
  const detail = row ? await store.advertisers.detail(id) : null;
  if (!row || !detail) return null;
  return {
    ...toAdvertiserSummary(row, 7),
    domain: row.domain,
    growth_by_window: {
      "0": Math.round(row.gains[0]),
      "2": Math.round(row.gains[2]),
      "7": Math.round(row.gains[7]),
      "30": Math.round(row.gains[30]),
    },
    top_creators: detail.topCreators,
    recent_videos: await loadVideoSummaries(store, detail.recentVideoIds),
  };
}

/** The advertiser's videos, newest first. null = no such advertiser. */
export async function listAdvertiserVideos(
  store: Store,
  id: string,
  p: { limit: number; after?: PagePosition | null },
): Promise<ListResult<VideoSummary> | null> {
  const rows = await store.videos.byAdvertiser(id, p.limit, readKeyset(p.after));
  return rows ? videoPage(store, rows, p.limit, null) : null;
}
