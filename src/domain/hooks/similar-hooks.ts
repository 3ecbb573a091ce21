import type { ListResult } from "../../shared/principal.js";
import type { Store } from "../../store/types.js";
import { toVideoSummary } from "../read-models/summaries.js";
import type { SimilarHook } from "../schemas/records.js";
import { collapseNearDuplicates } from "./dedupe.js";

/** Precomputed neighbours, best first. null = no such video; a video without a hook has an empty list. */
export async function similarHooks(
  store: Store,
  id: string,
  limit: number,
): Promise<ListResult<SimilarHook> | null> {
  const neighbours = await store.hooks.neighbours(id);
  if (!neighbours) return null;
  const [query] = await store.videos.summaries([id]);
  // Near-duplicate captions (re-uploads, the same caption twice) are collapsed (dedupe.ts).
  const items = collapseNearDuplicates(
    `${query?.caption ?? ""} ${query?.hookText ?? ""}`,
    neighbours,
    (n) => `${n.video.caption} ${n.video.hookText ?? ""}`,
  )
    .slice(0, limit)
    .map(({ similarity, video }) => ({
      similarity,
      hook_text: video.hookText ?? "",
      video: toVideoSummary(video),
    }));
  return { items, total: items.length, next: null };
}
