import { DAY } from "../clock.js";
import type { ListResult, PagePosition } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { type CreatorWindow, loadCreatorSummaries } from "./creator-rows.js";
import { compareDesc, isAfter, pageOf, readKeyset } from "./paging.js";
import type { CreatorDetail, CreatorSummary, VideoSummary } from "./records.js";
import { ftsMatch, queryTerms } from "./text.js";
import { loadVideoSummaries, videoPage } from "./video-rows.js";

export interface SearchCreatorsParams {
  q?: string;
  view?: "all" | "trending" | "new";
  type?: "all" | "advertised" | "hire_ready" | "house";
  window?: CreatorWindow;
  limit: number;
  after?: PagePosition | null;
}

/** Defaults when omitted. Orders: all = followers, trending = plays gained over the window, new = first seen. */
export const CREATOR_SEARCH_DEFAULTS = { view: "all", type: "all", window: 7 } as const;

/** Name matches ranked per query are capped (prefix words like "a" match many handles). */
const NAME_MATCH_CAP = 2000;

const TYPE_FILTER = {
  all: "1",
  advertised: "c.is_advertised = 1",
  hire_ready: "c.is_hire_ready = 1",
  house: "c.is_house = 1",
} as const;

/**
 * Creator search: `q` matches words of the current handle, former handles and nickname (the last word as
 * a prefix). Lists are `key DESC, uid DESC` with keyset positions.
 */
export function searchCreators(db: Db, p: SearchCreatorsParams, now: number): ListResult<CreatorSummary> {
  const view = p.view ?? CREATOR_SEARCH_DEFAULTS.view;
  const window = p.window ?? CREATOR_SEARCH_DEFAULTS.window;
  const type = TYPE_FILTER[p.type ?? CREATOR_SEARCH_DEFAULTS.type];
  const key =
    view === "trending"
      ? `coalesce(s.gain_${window}d, 0)`
      : view === "new"
        ? "c.first_seen"
        : "coalesce(c.followers, 0)";
  const viewFilter = view === "new" ? "c.first_seen >= @since" : "1";
  const position = readKeyset(p.after);
  const params = { since: now - window * DAY, n: p.limit + 1, ...(position ?? {}) };
  let rows: { id: string; key: number }[];
  if (p.q !== undefined && p.q.trim() !== "") {
    const terms = queryTerms(p.q, 6);
    if (terms.length === 0) return { items: [], total: 0, next: null };
    const match = `${ftsMatch(terms)}*`;
    rows = db
      .prepare(
        `SELECT c.uid AS id, ${key} AS key FROM
           (SELECT uid FROM engine_creators_fts WHERE engine_creators_fts MATCH @match LIMIT ${NAME_MATCH_CAP}) m
         JOIN creators c ON c.uid = m.uid LEFT JOIN engine_creator_stats s ON s.uid = c.uid
         WHERE ${type} AND ${viewFilter}`,
      )
      .all({ ...params, match }) as { id: string; key: number }[];
    rows.sort(compareDesc);
    rows = rows.filter((r) => isAfter(r.key, r.id, position)).slice(0, p.limit + 1);
  } else {
    // Browse orders match an index exactly: the gain index (stats rows always exist after a refresh),
    // or the creators expression indexes on followers / first_seen.
    const trending = view === "trending";
    const browseKey = trending ? `s.gain_${window}d` : key;
    const id = trending ? "s.uid" : "c.uid";
    const from =
      view === "trending"
        ? `engine_creator_stats s INDEXED BY engine_creator_gain_${window}d JOIN creators c ON c.uid = s.uid`
        : "creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid";
    rows = db
      .prepare(
        `SELECT ${id} AS id, ${browseKey} AS key FROM ${from}
         WHERE ${type} AND ${viewFilter} ${position ? `AND (${browseKey}, ${id}) < (@k, @id)` : ""}
         ORDER BY ${browseKey} DESC, ${id} DESC LIMIT @n`,
      )
      .all(params) as { id: string; key: number }[];
  }
  const { page, next } = pageOf(rows, p.limit);
  return {
    items: loadCreatorSummaries(
      db,
      page.map((r) => r.id),
      window,
    ),
    total: null,
    next,
  };
}

/** By UID first; then the current handle; then a former handle. A leading '@' is ignored. */
export function getCreator(db: Db, idOrHandle: string): CreatorDetail | null {
  const asked = idOrHandle.trim();
  const handle = asked.replace(/^@/, "");
  let resolvedBy: CreatorDetail["resolved_by"] = "uid";
  let uid = (db.prepare("SELECT uid FROM creators WHERE uid = ?").get(asked) as { uid: string } | undefined)
    ?.uid;
  if (!uid) {
    resolvedBy = "handle";
    uid = (
      db
        .prepare("SELECT uid FROM creators WHERE handle = ? COLLATE NOCASE ORDER BY updated_at DESC LIMIT 1")
        .get(handle) as { uid: string } | undefined
    )?.uid;
  }
  if (!uid) {
    resolvedBy = "former_handle";
    uid = (
      db
        .prepare(
          "SELECT uid FROM creator_handles WHERE handle = ? COLLATE NOCASE ORDER BY last_seen DESC LIMIT 1",
        )
        .get(handle) as { uid: string } | undefined
    )?.uid;
  }
  if (!uid) return null;
  const [summary] = loadCreatorSummaries(db, [uid], 7);
  if (!summary) return null;
  const stats = db
    .prepare(
      "SELECT videos, sum_ln_plays, gain_2d, gain_7d, gain_30d FROM engine_creator_stats WHERE uid = ?",
    )
    .get(uid) as
    | { videos: number; sum_ln_plays: number; gain_2d: number; gain_7d: number; gain_30d: number }
    | undefined;
  const house = db
    .prepare(
      "SELECT a.id, a.name FROM creators c JOIN advertisers a ON a.id = c.house_advertiser_id WHERE c.uid = ?",
    )
    .get(uid) as { id: string; name: string } | undefined;
  const recent = db
    .prepare("SELECT id FROM videos WHERE author_uid = ? ORDER BY created_at DESC, id DESC LIMIT 5")
    .all(uid) as { id: string }[];
  return {
    ...summary,
    resolved_by: resolvedBy,
    handle_changed: resolvedBy === "former_handle",
    baseline_plays: stats && stats.videos > 0 ? Math.exp(stats.sum_ln_plays / stats.videos) - 1 : 0,
    growth_by_window: {
      "2": Math.round(stats?.gain_2d ?? 0),
      "7": Math.round(stats?.gain_7d ?? 0),
      "30": Math.round(stats?.gain_30d ?? 0),
    },
    house_advertiser: house ?? null,
    recent_videos: loadVideoSummaries(
      db,
      recent.map((r) => r.id),
    ),
  };
}

export const CREATOR_VIDEOS_DEFAULTS = { ads: "any" } as const;

/** A creator's videos, newest first (keyset on created_at, id). null = no such creator. */
export function listCreatorVideos(
  db: Db,
  uid: string,
  p: { ads?: "any" | "yes" | "no"; limit: number; after?: PagePosition | null },
): ListResult<VideoSummary> | null {
  if (!db.prepare("SELECT 1 FROM creators WHERE uid = ?").get(uid)) return null;
  const ads = p.ads ?? CREATOR_VIDEOS_DEFAULTS.ads;
  const filter = ads === "yes" ? "AND label_ad = 1" : ads === "no" ? "AND label_ad = 0" : "";
  const position = readKeyset(p.after);
  const rows = db
    .prepare(
      `SELECT id, created_at AS key FROM videos INDEXED BY videos_author WHERE author_uid = @uid ${filter}
       ${position ? "AND (created_at, id) < (@k, @id)" : ""} ORDER BY created_at DESC, id DESC LIMIT @n`,
    )
    .all({ uid, n: p.limit + 1, ...(position ?? {}) }) as { id: string; key: number }[];
  return videoPage(db, rows, p.limit, null);
}
