import type { Db } from "../store/connection.js";
import type { CreatorSummary } from "./records.js";
import { isoTime } from "./video-rows.js";

export type CreatorWindow = 2 | 7 | 30;

interface CreatorRow {
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

const GAIN: Record<CreatorWindow, "gain_2d" | "gain_7d" | "gain_30d"> = {
  2: "gain_2d",
  7: "gain_7d",
  30: "gain_30d",
};

/** Loads creator summaries in the order asked; `window` picks which growth figure is reported. */
export function loadCreatorSummaries(
  db: Db,
  uids: readonly string[],
  window: CreatorWindow,
): CreatorSummary[] {
  if (uids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT c.uid, c.handle, c.nickname, c.followers, c.verified, c.region, c.is_advertised, c.is_hire_ready,
         c.is_house, c.first_seen, s.videos, s.ad_videos, s.gain_2d, s.gain_7d, s.gain_30d,
         (SELECT json_group_array(handle) FROM (SELECT h.handle FROM creator_handles h
            WHERE h.uid = c.uid AND h.handle <> c.handle ORDER BY h.last_seen, h.first_seen)) AS former
       FROM creators c LEFT JOIN engine_creator_stats s ON s.uid = c.uid
       WHERE c.uid IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(uids)) as CreatorRow[];
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return uids.flatMap((uid) => {
    const r = byUid.get(uid);
    if (!r) return [];
    return [
      {
        uid: r.uid,
        handle: r.handle,
        nickname: r.nickname,
        former_handles: JSON.parse(r.former ?? "[]") as string[],
        followers: r.followers,
        verified: r.verified === 1,
        region: r.region,
        flags: {
          advertised: r.is_advertised === 1,
          hire_ready: r.is_hire_ready === 1,
          house: r.is_house === 1,
        },
        growth: Math.round(r[GAIN[window]] ?? 0),
        window_days: window,
        video_count: r.videos ?? 0,
        ad_count: r.ad_videos ?? 0,
        first_seen: isoTime(r.first_seen),
      },
    ];
  });
}
