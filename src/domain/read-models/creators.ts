import type { ListResult, PagePosition } from "../../shared/principal.js";
import type { Store, YesNoAny } from "../../store/types.js";
import type { CreatorDetail, VideoSummary } from "../schemas/records.js";
import { readKeyset } from "./paging.js";
import { loadVideoSummaries, toCreatorSummary, videoPage } from "./summaries.js";

/** By UID first; then the current handle; then a former handle. A leading '@' is ignored. */
export async function getCreator(store: Store, idOrHandle: string): Promise<CreatorDetail | null> {
  const asked = idOrHandle.trim();
  const handle = asked.replace(/^@/, "");
  let resolvedBy: CreatorDetail["resolved_by"] = "uid";
  let uid: string | null = (await store.creators.exists(asked)) ? asked : null;
  if (!uid) {
    resolvedBy = "handle";
    uid = await store.creators.uidByHandle(handle);
  }
  if (!uid) {
    resolvedBy = "former_handle";
    uid = await store.creators.uidByFormerHandle(handle);
  }
  if (!uid) return null;
  const [row] = await store.creators.summaries([uid]);
  const detail = await store.creators.detail(uid);
  if (!row || !detail) return null;
  const { stats } = detail;
  return {
    ...toCreatorSummary(row, 7),
    resolved_by: resolvedBy,
    handle_changed: resolvedBy === "former_handle",
    // The geometric mean of (1 + plays) over the creator's videos, less one; to 0.1 play, so one video's
    // 27000 plays read 27000, not exp(ln 27001) - 1 = 26999.999999999978.
    baseline_plays:
      stats && stats.videos > 0 ? Math.round((Math.exp(stats.sumLnPlays / stats.videos) - 1) * 10) / 10 : 0,
    growth_by_window: {
      "2": Math.round(row.gains[2]),
      "7": Math.round(row.gains[7]),
      "30": Math.round(row.gains[30]),
    },
    house_advertiser: detail.house,
    recent_videos: await loadVideoSummaries(store, detail.recentVideoIds),
  };
}

export const CREATOR_VIDEOS_DEFAULTS = { ads: "any" } as const;

/** A creator's videos, newest first (keyset on created_at, id). null = no such creator. */
export async function listCreatorVideos(
  store: Store,
  uid: string,
  p: { ads?: YesNoAny; limit: number; after?: PagePosition | null },
): Promise<ListResult<VideoSummary> | null> {
  const rows = await store.videos.byCreator(
    uid,
    p.ads ?? CREATOR_VIDEOS_DEFAULTS.ads,
    p.limit,
    readKeyset(p.after),
  );
  return rows ? videoPage(store, rows, p.limit, null) : null;
}
