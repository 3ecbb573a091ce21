import type { ListResult, PagePosition } from "../../shared/principal.js";
import type { Store } from "../../store/types.js";
import { toTrendSummary, toVideoSummary } from "../read-models/summaries.js";
import type { TrendDetail, TrendSummary } from "../schemas/records.js";

/** Published reports, newest first, then by id; the position is an offset (the set is ~12 reports). */
export async function listTrends(
  store: Store,
  p: { limit: number; after?: PagePosition | null },
): Promise<ListResult<TrendSummary>> {
  const offset = typeof p.after === "number" && p.after > 0 ? Math.floor(p.after) : 0;
  const { rows, total } = await store.trends.list(p.limit, offset);
  return {
    items: rows.slice(0, p.limit).map(toTrendSummary),
    total,
    next: rows.length > p.limit ? offset + p.limit : null,
  };
}

export async function getTrend(store: Store, id: string): Promise<TrendDetail | null> {
  const found = await store.trends.get(id);
  if (!found) return null;
  const videos = new Map(
    (await store.videos.summaries(found.examples.map((e) => e.videoId))).map((v) => [
      v.id,
      toVideoSummary(v),
    ]),
  );
  return {
    ...toTrendSummary(found.report),
    examples: found.examples.flatMap((e) => {
      const video = videos.get(e.videoId);
      return video ? [{ rank: e.rank, note: e.note, video }] : [];
    }),
  };
}
