import type { Db } from "../store/connection.js";
import type { AdvertiserSummary } from "./records.js";
import { isoTime } from "./video-rows.js";

export type AdvertiserWindow = 0 | 2 | 7 | 30;

export const ADVERTISER_GAIN: Record<AdvertiserWindow, string> = {
  0: "gain_today",
  2: "gain_2d",
  7: "gain_7d",
  30: "gain_30d",
};

interface AdvertiserRow {
  id: string;
  name: string;
  focus: "apps" | "dtc" | "other";
  industry: string | null;
  first_seen: number;
  videos: number | null;
  creators: number | null;
  growth: number | null;
  aliases: string;
}

/** Loads advertiser summaries in the order asked; `window` picks the growth figure (0 = today UTC). */
export function loadAdvertiserSummaries(
  db: Db,
  ids: readonly string[],
  window: AdvertiserWindow,
): AdvertiserSummary[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT a.id, a.name, a.focus, a.industry, a.first_seen, s.videos, s.creators, s.${ADVERTISER_GAIN[window]} AS growth,
         (SELECT json_group_array(alias) FROM (SELECT DISTINCT x.alias FROM advertiser_aliases x
            WHERE x.advertiser_id = a.id AND x.alias <> a.name ORDER BY x.alias)) AS aliases
       FROM advertisers a LEFT JOIN engine_advertiser_stats s ON s.advertiser_id = a.id
       WHERE a.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as AdvertiserRow[];
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
        aliases: JSON.parse(r.aliases) as string[],
        video_count: r.videos ?? 0,
        creator_count: r.creators ?? 0,
        growth: Math.round(r.growth ?? 0),
        window_days: window,
        first_seen: isoTime(r.first_seen),
      },
    ];
  });
}
