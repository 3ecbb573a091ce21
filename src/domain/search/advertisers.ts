import { DAY } from "../../shared/clock.js";
import type { ListResult, PagePosition } from "../../shared/principal.js";
import type { AdvertiserWindow, Store } from "../../store/types.js";
import { pageOf, readKeyset } from "../read-models/paging.js";
import { toAdvertiserSummary } from "../read-models/summaries.js";
import type { AdvertiserSummary } from "../schemas/records.js";

export interface SearchAdvertisersParams {
  q?: string;
  view?: "all" | "trending" | "new";
  focus?: "all" | "apps" | "dtc";
  window?: AdvertiserWindow;
  limit: number;
  after?: PagePosition | null;
}

/**
 * Defaults when omitted. Window 0 = "today": since 00:00 UTC of the current day. Orders: all = video
 * count, trending = plays gained over the window, new = first seen (only those first seen within it).
 */
export const ADVERTISER_SEARCH_DEFAULTS = { view: "all", focus: "all", window: 7 } as const;

/** Start of the window: window 0 is the current UTC day. */
export const windowStart = (now: number, window: AdvertiserWindow): number =>
  window === 0 ? Math.floor(now / DAY) * DAY : now - window * DAY;

/** The store orders and cuts the page; `total` is exact. */
export async function searchAdvertisers(
  store: Store,
  p: SearchAdvertisersParams,
  now: number,
): Promise<ListResult<AdvertiserSummary>> {
  const window = p.window ?? ADVERTISER_SEARCH_DEFAULTS.window;
  const { rows, total } = await store.advertisers.search(
    {
      q: p.q?.trim() ?? "",
      view: p.view ?? ADVERTISER_SEARCH_DEFAULTS.view,
      focus: p.focus ?? ADVERTISER_SEARCH_DEFAULTS.focus,
      window,
      since: windowStart(now, window),
    },
    p.limit,
    readKeyset(p.after),
  );
  const { page, next } = pageOf(rows, p.limit);
  return {
    items: (await store.advertisers.summaries(page.map((r) => r.id))).map((r) =>
      toAdvertiserSummary(r, window),
    ),
    total,
    next,
  };
}
