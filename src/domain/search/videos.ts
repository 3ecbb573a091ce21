import type { ListResult, PagePosition, Relaxation } from "../../shared/principal.js";
import { queryUnits, type Unit } from "../../store/search-query.js";
import { queryTerms } from "../../store/text.js";
import type { Store, VideoFilter, VideoSort } from "../../store/types.js";
import { readKeyset } from "../read-models/paging.js";
import { videoPage } from "../read-models/summaries.js";
import type { VideoSummary } from "../schemas/records.js";

export type { VideoSort };

export interface SearchVideosParams extends VideoFilter {
  q?: string;
  sort?: VideoSort;
  limit: number;
  after?: PagePosition | null;
}

/** Defaults when a parameter is omitted (the docs cite these). */
export const VIDEO_SEARCH_DEFAULTS = {
  sortWithQuery: "best_match",
  sortWithoutQuery: "trending",
  ad: "any",
  hook: "any",
  viral_hook: "any",
  media_type: "any",
} as const;

/**
 * Video search: words (normalised, at most 12, always literal) are ranked by the store; without words
 * it is a browse in the chosen order (best_match without words means trending). A query made only of
 * separators matches nothing.
 */
export async function searchVideos(
  store: Store,
  p: SearchVideosParams,
  _now: number,
): Promise<ListResult<VideoSummary>> {
  const hasQuery = p.q !== undefined && p.q.trim() !== "";
  const terms = hasQuery ? queryTerms(p.q ?? "") : [];
  if (hasQuery && terms.length === 0) return { items: [], total: 0, next: null };
  const sort =
    p.sort ?? (terms.length ? VIDEO_SEARCH_DEFAULTS.sortWithQuery : VIDEO_SEARCH_DEFAULTS.sortWithoutQuery);
  const filter: VideoFilter = {
    ad: p.ad,
    hook: p.hook,
    viral_hook: p.viral_hook,
    media_type: p.media_type,
    region: p.region,
    language: p.language,
  };
  const position = readKeyset(p.after);
  if (terms.length === 0) {
    const rows = await store.videos.browse(
      sort === "best_match" ? "trending" : sort,
      filter,
      p.limit,
      position,
    );
    return videoPage(store, rows, p.limit, null);
  }
  const { rows, total } = await store.videos.search(terms, sort, filter, p.limit, position, p.q);
  const page = await videoPage(store, rows, p.limit, total);
  if (rows.length === 0 && position === null) {
    const relaxed = await relaxations(store, p.q ?? "", filter);
    if (relaxed) Object.assign(page, relaxed);
  }
  return page;
}

/**
 * For a query of two or more units (words, "quoted phrases") that found nothing ("cheap hotel da lat": the
 * captions say "giá rẻ"): what the search finds without each unit (those whose omission still finds nothing
 * left out), and the units no video holds at all (a typo, a word the corpus never uses), so a caller sees
 * which word to drop instead of guessing. Undefined for a single unit.
 */
async function relaxations(
  store: Store,
  q: string,
  filter: VideoFilter,
): Promise<Pick<ListResult<unknown>, "relaxed" | "unmatched"> | undefined> {
  const units = queryUnits(q);
  if (units.length < 2) return undefined;
  const text = (unit: Unit) => (unit.phrase ? `"${unit.words.join(" ")}"` : (unit.words[0] as string));
  const find = (query: string) => store.videos.search(queryTerms(query), "views", filter, 1, null, query);
  const relaxed: Relaxation[] = [];
  const unmatched: string[] = [];
  for (const unit of units) {
    const rest = units
      .filter((other) => other !== unit)
      .map(text)
      .join(" ");
    const { rows, total } = await find(rest);
    if (rows.length > 0) relaxed.push({ without: text(unit), total });
    if ((await find(text(unit))).rows.length === 0) unmatched.push(text(unit));
  }
  // Most found first; a count not known (only very common words left) after the counted ones.
  return { relaxed: relaxed.sort((a, b) => (b.total ?? -1) - (a.total ?? -1)), unmatched };
}
