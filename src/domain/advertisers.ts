import { DAY } from "../clock.js";
import type { ListResult, PagePosition } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { ADVERTISER_GAIN, type AdvertiserWindow, loadAdvertiserSummaries } from "./advertiser-rows.js";
import { compareDesc, isAfter, pageOf, readKeyset } from "./paging.js";
import type { AdvertiserDetail, AdvertiserSummary, VideoSummary } from "./records.js";
import { loadVideoSummaries, videoPage } from "./video-rows.js";

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

/** Advertisers are few (thousands), so a case-insensitive substring match over names and aliases is cheap. */
export function searchAdvertisers(
  db: Db,
  p: SearchAdvertisersParams,
  now: number,
): ListResult<AdvertiserSummary> {
  const view = p.view ?? ADVERTISER_SEARCH_DEFAULTS.view;
  const window = p.window ?? ADVERTISER_SEARCH_DEFAULTS.window;
  const focus = p.focus ?? ADVERTISER_SEARCH_DEFAULTS.focus;
  const key =
    view === "trending"
      ? `coalesce(s.${ADVERTISER_GAIN[window]}, 0)`
      : view === "new"
        ? "a.first_seen"
        : "coalesce(s.videos, 0)";
  const q = p.q?.trim() ?? "";
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = db
    .prepare(
      `SELECT a.id, ${key} AS key FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
       WHERE (@focus = 'all' OR a.focus = @focus)
         AND (@view <> 'new' OR a.first_seen >= @since)
         AND (@q = '' OR a.name LIKE @like ESCAPE '\\' OR EXISTS (
           SELECT 1 FROM advertiser_aliases x WHERE x.advertiser_id = a.id AND x.alias LIKE @like ESCAPE '\\'))`,
    )
    .all({ focus, view, since: windowStart(now, window), q, like: `%${escaped}%` }) as {
    id: string;
    key: number;
  }[];
  rows.sort(compareDesc);
  const position = readKeyset(p.after);
  const { page, next } = pageOf(
    rows.filter((r) => isAfter(r.key, r.id, position)),
    p.limit,
  );
  return {
    items: loadAdvertiserSummaries(
      db,
      page.map((r) => r.id),
      window,
    ),
    total: rows.length,
    next,
  };
}

export function getAdvertiser(db: Db, id: string): AdvertiserDetail | null {
  const [summary] = loadAdvertiserSummaries(db, [id], 7);
  if (!summary) return null;
  const extra = db
    .prepare(
      `SELECT a.domain, s.gain_today, s.gain_2d, s.gain_7d, s.gain_30d FROM advertisers a
       LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id WHERE a.id = ?`,
    )
    .get(id) as {
    domain: string | null;
    gain_today: number | null;
    gain_2d: number | null;
    gain_7d: number | null;
    gain_30d: number | null;
  };
  const topCreators = db
    .prepare(
      `SELECT v.author_uid AS uid, c.handle, count(*) AS videos FROM videos v JOIN creators c ON c.uid = v.author_uid
       WHERE v.advertiser_id = ? GROUP BY v.author_uid ORDER BY videos DESC, uid LIMIT 5`,
    )
    .all(id) as { uid: string; handle: string; videos: number }[];
  const recent = db
    .prepare("SELECT id FROM videos WHERE advertiser_id = ? ORDER BY created_at DESC, id DESC LIMIT 5")
    .all(id) as { id: string }[];
  return {
    ...summary,
    domain: extra.domain,
    growth_by_window: {
      "0": Math.round(extra.gain_today ?? 0),
      "2": Math.round(extra.gain_2d ?? 0),
      "7": Math.round(extra.gain_7d ?? 0),
      "30": Math.round(extra.gain_30d ?? 0),
    },
    top_creators: topCreators,
    recent_videos: loadVideoSummaries(
      db,
      recent.map((r) => r.id),
    ),
  };
}

/** The advertiser's videos, newest first. null = no such advertiser. */
export function listAdvertiserVideos(
  db: Db,
  id: string,
  p: { limit: number; after?: PagePosition | null },
): ListResult<VideoSummary> | null {
  if (!db.prepare("SELECT 1 FROM advertisers WHERE id = ?").get(id)) return null;
  const position = readKeyset(p.after);
  const rows = db
    .prepare(
      `SELECT id, created_at AS key FROM videos INDEXED BY videos_advertiser WHERE advertiser_id = @aid
       ${position ? "AND (created_at, id) < (@k, @id)" : ""} ORDER BY created_at DESC, id DESC LIMIT @n`,
    )
    .all({ aid: id, n: p.limit + 1, ...(position ?? {}) }) as { id: string; key: number }[];
  return videoPage(db, rows, p.limit, null);
}
