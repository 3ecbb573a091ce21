import type { CreatorQuery, CreatorRepository, CreatorRow, Keyed, KeysetPosition } from "../types.js";
import type { Db } from "./connection.js";
import { ftsMatch } from "./fts.js";
import { prepared } from "./statements.js";

/** Name matches ranked per query are capped (prefix words like "a" match many handles). */
const NAME_MATCH_CAP = 2000;

const TYPE_FILTER = {
  all: "1",
  advertised: "c.is_advertised = 1",
  hire_ready: "c.is_hire_ready = 1",
  house: "c.is_house = 1",
} as const;

const compareDesc = (a: Keyed, b: Keyed): number =>
  a.key !== b.key ? b.key - a.key : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** Name search in the engine_creators_fts index (last word as a prefix); browse walks an index. */
function search(db: Db, q: CreatorQuery, limit: number, position: KeysetPosition | null): Keyed[] {
  const type = TYPE_FILTER[q.type];
  const key =
    q.view === "trending"
      ? `coalesce(s.gain_${q.window}d, 0)`
      : q.view === "new"
        ? "c.first_seen"
        : "coalesce(c.followers, 0)";
  const viewFilter = q.view === "new" ? "c.first_seen >= @since" : "1";
  const params = { since: q.since, n: limit + 1, ...(position ?? {}) };
  if (q.terms.length > 0) {
    const rows = prepared(
      db,
      `SELECT c.uid AS id, ${key} AS key FROM
         (SELECT uid FROM engine_creators_fts WHERE engine_creators_fts MATCH @match LIMIT ${NAME_MATCH_CAP}) m
       JOIN creators c ON c.uid = m.uid LEFT JOIN engine_creator_stats s ON s.uid = c.uid
       WHERE ${type} AND ${viewFilter}`,
    ).all({ ...params, match: `${ftsMatch(q.terms)}*` }) as Keyed[];
    rows.sort(compareDesc);
    return rows
      .filter((r) => !position || r.key < position.k || (r.key === position.k && r.id < position.id))
      .slice(0, limit + 1);
  }
  // Browse orders match an index exactly: the gain index (stats rows always exist after a refresh),
  // or the creators expression indexes on followers / first_seen.
  const trending = q.view === "trending";
  const browseKey = trending ? `s.gain_${q.window}d` : key;
  const id = trending ? "s.uid" : "c.uid";
  const from = trending
    ? `engine_creator_stats s INDEXED BY engine_creator_gain_${q.window}d JOIN creators c ON c.uid = s.uid`
    : "creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid";
  return prepared(
    db,
    `SELECT ${id} AS id, ${browseKey} AS key FROM ${from}
       WHERE ${type} AND ${viewFilter} ${position ? `AND (${browseKey}, ${id}) < (@k, @id)` : ""}
       ORDER BY ${browseKey} DESC, ${id} DESC LIMIT @n`,
  ).all(params) as Keyed[];
}

interface Row {
  uid: string;
  handle: string;
  nickname: string;
  followers: number | null;
  verified: number;
  region: string | null;
  is_advertised: number;
  is_hire_ready: number;
  is_house: number;
  first_seen: number;
  videos: number | null;
  ad_videos: number | null;
  gain_2d: number | null;
  gain_7d: number | null;
  gain_30d: number | null;
  former: string | null;
}

function summaries(db: Db, uids: readonly string[]): CreatorRow[] {
  if (uids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT c.uid, c.handle, c.nickname, c.followers, c.verified, c.region, c.is_advertised, c.is_hire_ready,
       c.is_house, c.first_seen, s.videos, s.ad_videos, s.gain_2d, s.gain_7d, s.gain_30d,
       (SELECT json_group_array(handle) FROM (SELECT h.handle FROM creator_handles h
          WHERE h.uid = c.uid AND h.handle <> c.handle ORDER BY h.last_seen, h.first_seen)) AS former
     FROM creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid
     WHERE c.uid IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(uids)) as Row[];
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return uids.flatMap((uid) => {
    const r = byUid.get(uid);
    if (!r) return [];
    return [
      {
        uid: r.uid,
        handle: r.handle,
        nickname: r.nickname,
        formerHandles: JSON.parse(r.former ?? "[]") as string[],
        followers: r.followers,
        verified: r.verified === 1,
        region: r.region,
        advertised: r.is_advertised === 1,
        hireReady: r.is_hire_ready === 1,
        house: r.is_house === 1,
        firstSeen: r.first_seen,
        videos: r.videos ?? 0,
        adVideos: r.ad_videos ?? 0,
        gains: { 2: r.gain_2d ?? 0, 7: r.gain_7d ?? 0, 30: r.gain_30d ?? 0 },
      },
    ];
  });
}

const uidOf = (row: unknown): string | null => (row as { uid: string } | undefined)?.uid ?? null;

function detail(db: Db, uid: string): Awaited<ReturnType<CreatorRepository["detail"]>> {
  if (!prepared(db, "SELECT 1 FROM creators WHERE uid = ?").get(uid)) return null;
  const stats = prepared(db, "SELECT videos, sum_ln_plays FROM engine_creator_stats WHERE uid = ?").get(
    uid,
  ) as { videos: number; sum_ln_plays: number } | undefined;
  const house = prepared(
    db,
    "SELECT a.id, a.name FROM creators c JOIN advertisers a ON a.id = c.house_advertiser_id WHERE c.uid = ?",
  ).get(uid) as { id: string; name: string } | undefined;
  const recent = prepared(
    db,
    "SELECT id FROM videos WHERE author_uid = ? ORDER BY created_at DESC, id DESC LIMIT 5",
  )
    .pluck()
    .all(uid) as string[];
  return {
    stats: stats ? { videos: stats.videos, sumLnPlays: stats.sum_ln_plays } : null,
    house: house ?? null,
    recentVideoIds: recent,
  };
}

export function sqliteCreators(db: Db): CreatorRepository {
  return {
    search: async (q, limit, position) => search(db, q, limit, position),
    summaries: async (uids) => summaries(db, uids),
    exists: async (uid) => prepared(db, "SELECT 1 FROM creators WHERE uid = ?").get(uid) !== undefined,
    uidByHandle: async (handle) =>
      uidOf(
        prepared(
          db,
          "SELECT uid FROM creators WHERE handle = ? COLLATE NOCASE ORDER BY updated_at DESC LIMIT 1",
        ).get(handle),
      ),
    uidByFormerHandle: async (handle) =>
      uidOf(
        prepared(
          db,
          "SELECT uid FROM creator_handles WHERE handle = ? COLLATE NOCASE ORDER BY last_seen DESC LIMIT 1",
        ).get(handle),
      ),
    detail: async (uid) => detail(db, uid),
  };
}
