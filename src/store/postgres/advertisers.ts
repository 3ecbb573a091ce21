import type pg from "pg";
import type {
  AdvertiserQuery,
  AdvertiserRepository,
  AdvertiserRow,
  AdvertiserWindow,
  Keyed,
  KeysetPosition,
} from "../types.js";
import { keysetBefore, Params, rowsOf, scalarOf } from "./sql.js";

const GAIN: Record<AdvertiserWindow, string> = {
  0: "gain_today",
  2: "gain_2d",
  7: "gain_7d",
  30: "gain_30d",
};

/**
 * Advertisers are few (thousands): a case-insensitive substring match (ILIKE, `%` `_` `\` escaped) over
 * names and aliases, as SQLite's LIKE. (SQLite folds case for ASCII letters only; ILIKE folds whatever the
 * database's ctype folds — the same for ASCII names.)
 */
async function search(
  pool: pg.Pool,
  q: AdvertiserQuery,
  limit: number,
  position: KeysetPosition | null,
): Promise<{ rows: Keyed[]; total: number }> {
  const key =
    q.view === "trending"
      ? `coalesce(s.${GAIN[q.window]}, 0)`
      : q.view === "new"
        ? "a.first_seen"
        : "coalesce(s.videos, 0)";
  const escaped = q.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = new Params();
  const [focus, view, since, text, like] = [q.focus, q.view, q.since, q.q, `%${escaped}%`].map((v) =>
    params.add(v),
  );
  const where = `(${focus}::text = 'all' OR a.focus = ${focus}::text)
       AND (${view}::text <> 'new' OR a.first_seen >= ${since}::bigint)
       AND (${text}::text = '' OR a.name ILIKE ${like}::text ESCAPE '\\' OR EXISTS (
         SELECT 1 FROM advertiser_aliases x WHERE x.advertiser_id = a.id AND x.alias ILIKE ${like}::text ESCAPE '\\'))`;
  const count = params.values.length;
  const keyset = keysetBefore(params, key, "a.id", position);
  const rows = await rowsOf<Keyed>(
    pool,
    `SELECT a.id, ${key} AS key FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
     WHERE ${where} ${keyset} ORDER BY key DESC, a.id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
  const total = await scalarOf<number>(
    pool,
    `SELECT count(*)::int FROM advertisers a WHERE ${where}`,
    params.values.slice(0, count),
  );
  return { rows, total: total ?? 0 };
}

interface Row {
  id: string;
  name: string;
  focus: "apps" | "dtc" | "other";
  industry: string | null;
  domain: string | null;
  first_seen: number;
  videos: number | null;
  creators: number | null;
  gain_today: number | null;
  gain_2d: number | null;
  gain_7d: number | null;
  gain_30d: number | null;
  aliases: string[];
}

async function summaries(pool: pg.Pool, ids: readonly string[]): Promise<AdvertiserRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<Row>(
    pool,
    `SELECT a.id, a.name, a.focus, a.industry, a.domain, a.first_seen, s.videos, s.creators,
       s.gain_today, s.gain_2d, s.gain_7d, s.gain_30d,
       array(SELECT DISTINCT x.alias FROM advertiser_aliases x
             WHERE x.advertiser_id = a.id AND x.alias <> a.name ORDER BY x.alias) AS aliases
     FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
     WHERE a.id = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        focus: r.focus,
        industry: r.industry,
        domain: r.domain,
        aliases: r.aliases,
        firstSeen: r.first_seen,
        videos: r.videos ?? 0,
        creators: r.creators ?? 0,
        gains: { 0: r.gain_today ?? 0, 2: r.gain_2d ?? 0, 7: r.gain_7d ?? 0, 30: r.gain_30d ?? 0 },
      },
    ];
  });
}

async function detail(pool: pg.Pool, id: string): ReturnType<AdvertiserRepository["detail"]> {
  const [exists, topCreators, recent] = await Promise.all([
    scalarOf(pool, "SELECT 1 FROM advertisers WHERE id = $1", [id]),
    rowsOf<{ uid: string; handle: string; videos: number }>(
      pool,
      `SELECT v.author_uid AS uid, c.handle, count(*) AS videos FROM videos v JOIN creators c ON c.uid = v.author_uid
       WHERE v.advertiser_id = $1 GROUP BY v.author_uid, c.handle ORDER BY videos DESC, uid LIMIT 5`,
      [id],
    ),
    rowsOf<{ id: string }>(
      pool,
      "SELECT id FROM videos WHERE advertiser_id = $1 ORDER BY created_at DESC, id DESC LIMIT 5",
      [id],
    ),
  ]);
  if (exists === undefined) return null;
  return { topCreators, recentVideoIds: recent.map((r) => r.id) };
}

export function postgresAdvertisers(pool: pg.Pool): AdvertiserRepository {
  return {
    search: (q, limit, position) => search(pool, q, limit, position),
    summaries: (ids) => summaries(pool, ids),
    detail: (id) => detail(pool, id),
  };
}
