import type pg from "pg";
import { tsLexeme } from "../search-query.js";
import type {
  CreatorQuery,
  CreatorRepository,
  CreatorRow,
  CreatorWindow,
  Keyed,
  KeysetPosition,
} from "../types.js";
import { keysetBefore, Params, rowsOf, scalarOf } from "./sql.js";

/** Name matches ranked per query are capped (prefix words like "a" match many handles), as on SQLite. */
const NAME_MATCH_CAP = 2000;

const TYPE_FILTER = {
  all: "true",
  advertised: "c.is_advertised = 1",
  hire_ready: "c.is_hire_ready = 1",
  house: "c.is_house = 1",
} as const;

const GAIN: Record<CreatorWindow, string> = { 2: "gain_2d", 7: "gain_7d", 30: "gain_30d" };

/** Name words as a tsquery: every word a literal lexeme, the last one a prefix (`'glow' & 'la':*`). */
export function namePrefixQuery(terms: readonly string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `${tsLexeme(t)}:*` : tsLexeme(t))).join(" & ");
}

/** Name search over engine_creators_search (last word as a prefix); browse walks an index. */
async function search(
  pool: pg.Pool,
  q: CreatorQuery,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[]> {
  const type = TYPE_FILTER[q.type];
  const gain = GAIN[q.window];
  const key =
    q.view === "trending"
      ? `coalesce(s.${gain}, 0)`
      : q.view === "new"
        ? "c.first_seen"
        : "coalesce(c.followers, 0)";
  const params = new Params();
  const viewFilter = q.view === "new" ? `c.first_seen >= ${params.add(q.since)}` : "true";
  if (q.terms.length > 0) {
    const match = params.add(namePrefixQuery(q.terms));
    const keyset = keysetBefore(params, "m.key", "m.id", position);
    return rowsOf<Keyed>(
      pool,
      `SELECT m.id, m.key FROM (
         SELECT c.uid AS id, ${key} AS key FROM
           (SELECT uid FROM engine_creators_search WHERE search_vector @@ ${match}::tsquery LIMIT ${NAME_MATCH_CAP}) n
         JOIN creators c ON c.uid = n.uid LEFT JOIN engine_creator_stats s ON s.uid = c.uid
         WHERE ${type} AND ${viewFilter}
       ) m WHERE true ${keyset} ORDER BY m.key DESC, m.id DESC LIMIT ${params.add(limit + 1)}`,
      params.values,
    );
  }
  // Browse orders match an index exactly: the gain index (stats rows always exist after a refresh), or the
  // creators expression indexes on followers / first_seen.
  const trending = q.view === "trending";
  const browseKey = trending ? `s.${gain}` : key;
  const id = trending ? "s.uid" : "c.uid";
  const from = trending
    ? "engine_creator_stats s JOIN creators c ON c.uid = s.uid"
    : "creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid";
  const keyset = keysetBefore(params, browseKey, id, position);
  return rowsOf<Keyed>(
    pool,
    `SELECT ${id} AS id, ${browseKey} AS key FROM ${from}
     WHERE ${type} AND ${viewFilter} ${keyset}
     ORDER BY ${browseKey} DESC, ${id} DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
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
  former: string[];
}

async function summaries(pool: pg.Pool, uids: readonly string[]): Promise<CreatorRow[]> {
  if (uids.length === 0) return [];
  const rows = await rowsOf<Row>(
    pool,
    `SELECT c.uid, c.handle, c.nickname, c.followers, c.verified, c.region, c.is_advertised, c.is_hire_ready,
       c.is_house, c.first_seen, s.videos, s.ad_videos, s.gain_2d, s.gain_7d, s.gain_30d,
       array(SELECT h.handle FROM creator_handles h WHERE h.uid = c.uid AND h.handle <> c.handle
             ORDER BY h.last_seen, h.first_seen) AS former
     FROM creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid
     WHERE c.uid = ANY($1::text[])`,
    [uids],
  );
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return uids.flatMap((uid) => {
    const r = byUid.get(uid);
    if (!r) return [];
    return [
      {
        uid: r.uid,
        handle: r.handle,
        nickname: r.nickname,
        formerHandles: r.former,
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

async function detail(pool: pg.Pool, uid: string): ReturnType<CreatorRepository["detail"]> {
  const [exists, stats, house, recent] = await Promise.all([
    scalarOf(pool, "SELECT 1 FROM creators WHERE uid = $1", [uid]),
    rowsOf<{ videos: number; sum_ln_plays: number }>(
      pool,
      "SELECT videos, sum_ln_plays FROM engine_creator_stats WHERE uid = $1",
      [uid],
    ),
    rowsOf<{ id: string; name: string }>(
      pool,
      "SELECT a.id, a.name FROM creators c JOIN advertisers a ON a.id = c.house_advertiser_id WHERE c.uid = $1",
      [uid],
    ),
    rowsOf<{ id: string }>(
      pool,
      "SELECT id FROM videos WHERE author_uid = $1 ORDER BY created_at DESC, id DESC LIMIT 5",
      [uid],
    ),
  ]);
  if (exists === undefined) return null;
  const s = stats[0];
  return {
    stats: s ? { videos: s.videos, sumLnPlays: s.sum_ln_plays } : null,
    house: house[0] ?? null,
    recentVideoIds: recent.map((r) => r.id),
  };
}

export function postgresCreators(pool: pg.Pool): CreatorRepository {
  return {
    search: (q, limit, position) => search(pool, q, limit, position),
    summaries: (uids) => summaries(pool, uids),
    exists: async (uid) =>
      (await scalarOf(pool, "SELECT 1 FROM creators WHERE uid = $1", [uid])) !== undefined,
    // SQLite's `= ? COLLATE NOCASE` (the lower() indexes serve these).
    uidByHandle: async (handle) =>
      (await scalarOf<string>(
        pool,
        "SELECT uid FROM creators WHERE lower(handle) = lower($1) ORDER BY updated_at DESC LIMIT 1",
        [handle],
      )) ?? null,
    uidByFormerHandle: async (handle) =>
      (await scalarOf<string>(
        pool,
        "SELECT uid FROM creator_handles WHERE lower(handle) = lower($1) ORDER BY last_seen DESC LIMIT 1",
        [handle],
      )) ?? null,
    detail: (uid) => detail(pool, uid),
  };
}
