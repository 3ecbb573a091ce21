import type {
  AdvertiserQuery,
  AdvertiserRepository,
  AdvertiserRow,
  AdvertiserWindow,
  Keyed,
  KeysetPosition,
} from "../types.js";
import type { Db } from "./connection.js";
import { prepared } from "./statements.js";

const GAIN: Record<AdvertiserWindow, string> = {
  0: "gain_today",
  2: "gain_2d",
  7: "gain_7d",
  30: "gain_30d",
};

/**
 * A case-insensitive substring match over names and aliases. Without one, the page is ordered and cut in SQL and
 * the count needs no join (at 1M videos / 27 000 advertisers, reading every advertiser to sort it here took 48 ms).
 */
function search(
  db: Db,
  q: AdvertiserQuery,
  limit: number,
  position: KeysetPosition | null,
): { rows: Keyed[]; total: number } {
  const key =
    q.view === "trending"
      ? `coalesce(s.${GAIN[q.window]}, 0)`
      : q.view === "new"
        ? "a.first_seen"
        : "coalesce(s.videos, 0)";
  const escaped = q.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = `(@focus = 'all' OR a.focus = @focus)
       AND (@view <> 'new' OR a.first_seen >= @since)
       AND (@q = '' OR a.name LIKE @like ESCAPE '\\' OR EXISTS (
         SELECT 1 FROM advertiser_aliases x WHERE x.advertiser_id = a.id AND x.alias LIKE @like ESCAPE '\\'))`;
  const params = { focus: q.focus, view: q.view, since: q.since, q: q.q, like: `%${escaped}%` };
  if (q.q !== "") {
    // A name filter scans every name and alias once: the matches (few) are ordered and cut here.
    const all = prepared(
      db,
      `SELECT a.id, ${key} AS key FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
       WHERE ${where}`,
    ).all(params) as Keyed[];
    all.sort((x, y) => (x.key !== y.key ? y.key - x.key : x.id < y.id ? 1 : x.id > y.id ? -1 : 0));
    const after = position
      ? all.filter((r) => r.key < position.k || (r.key === position.k && r.id < position.id))
      : all;
    return { rows: after.slice(0, limit + 1), total: all.length };
  }
  const keyset = position ? `AND (${key} < @k OR (${key} = @k AND a.id < @id))` : "";
  const rows = prepared(
    db,
    `SELECT a.id, ${key} AS key FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
     WHERE ${where} ${keyset} ORDER BY key DESC, a.id DESC LIMIT @n`,
  ).all({ ...params, ...(position ?? {}), n: limit + 1 }) as Keyed[];
  const total = prepared(db, `SELECT count(*) FROM advertisers a WHERE ${where}`)
    .pluck()
    .get(params) as number;
  return { rows, total };
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
  aliases: string;
}

function summaries(db: Db, ids: readonly string[]): AdvertiserRow[] {
  if (ids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT a.id, a.name, a.focus, a.industry, a.domain, a.first_seen, s.videos, s.creators,
       s.gain_today, s.gain_2d, s.gain_7d, s.gain_30d,
       (SELECT json_group_array(alias) FROM (SELECT DISTINCT x.alias FROM advertiser_aliases x
          WHERE x.advertiser_id = a.id AND x.alias <> a.name ORDER BY x.alias)) AS aliases
     FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
     WHERE a.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as Row[];
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
        aliases: JSON.parse(r.aliases) as string[],
        firstSeen: r.first_seen,
        videos: r.videos ?? 0,
        creators: r.creators ?? 0,
        gains: { 0: r.gain_today ?? 0, 2: r.gain_2d ?? 0, 7: r.gain_7d ?? 0, 30: r.gain_30d ?? 0 },
      },
    ];
  });
}

function detail(db: Db, id: string): Awaited<ReturnType<AdvertiserRepository["detail"]>> {
  if (!prepared(db, "SELECT 1 FROM advertisers WHERE id = ?").get(id)) return null;
  const topCreators = prepared(
    db,
    `SELECT v.author_uid AS uid, c.handle, count(*) AS videos FROM videos v JOIN creators c ON c.uid = v.author_uid
     WHERE v.advertiser_id = ? GROUP BY v.author_uid ORDER BY videos DESC, uid LIMIT 5`,
  ).all(id) as { uid: string; handle: string; videos: number }[];
  const recentVideoIds = prepared(
    db,
    "SELECT id FROM videos WHERE advertiser_id = ? ORDER BY created_at DESC, id DESC LIMIT 5",
  )
    .pluck()
    .all(id) as string[];
  return { topCreators, recentVideoIds };
}

export function sqliteAdvertisers(db: Db): AdvertiserRepository {
  return {
    search: async (q, limit, position) => search(db, q, limit, position),
    summaries: async (ids) => summaries(db, ids),
    detail: async (id) => detail(db, id),
  };
}
