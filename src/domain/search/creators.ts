import { DAY } from "../../shared/clock.js";
import type { ListResult, PagePosition } from "../../shared/principal.js";
import { queryTerms } from "../../store/text.js";
import type { CreatorType, CreatorView, CreatorWindow, Store } from "../../store/types.js";
import { pageOf, readKeyset } from "../read-models/paging.js";
import { toCreatorSummary } from "../read-models/summaries.js";
import type { CreatorSummary } from "../schemas/records.js";

export interface SearchCreatorsParams {
  q?: string;
  view?: CreatorView;
  type?: CreatorType;
  window?: CreatorWindow;
  limit: number;
  after?: PagePosition | null;
}

/** Defaults when omitted. Orders: all = followers, trending = plays gained over the window, new = first seen. */
export const CREATOR_SEARCH_DEFAULTS = { view: "all", type: "all", window: 7 } as const;

/**
 * Creator search: `q` matches words of the current handle, former handles and nickname (the last word as
 * a prefix; at most 6 words). Lists are `key DESC, uid DESC` with keyset positions.
 */
export async function searchCreators(
  store: Store,
  p: SearchCreatorsParams,
  now: number,
): Promise<ListResult<CreatorSummary>> {
  const window = p.window ?? CREATOR_SEARCH_DEFAULTS.window;
  const hasQuery = p.q !== undefined && p.q.trim() !== "";
  const terms = hasQuery ? queryTerms(p.q ?? "", 6) : [];
  if (hasQuery && terms.length === 0) return { items: [], total: 0, next: null };
  const rows = await store.creators.search(
    {
      terms,
      view: p.view ?? CREATOR_SEARCH_DEFAULTS.view,
      type: p.type ?? CREATOR_SEARCH_DEFAULTS.type,
      window,
      since: now - window * DAY,
    },
    p.limit,
    readKeyset(p.after),
  );
  const { page, next } = pageOf(rows, p.limit);
  return {
    items: (await store.creators.summaries(page.map((r) => r.id))).map((r) => toCreatorSummary(r, window)),
    total: null,
    next,
  };
}
