import type { ListResult } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { pageOf } from "./paging.js";
import type { VideoSummary } from "./records.js";
import { prepared } from "./statements.js";

/** Columns a VideoSummary needs; `v` = videos, `c` = creators, `a` = advertisers. */
export const VIDEO_SUMMARY_SELECT = `
  v.id, v.seq, v.caption, v.hook_text, v.created_at, v.media_type, v.region, v.language, v.duration_s,
  v.music_id, v.music_title, v.music_author, v.hashtags, v.author_uid, c.handle AS author_handle,
  v.advertiser_id, a.name AS advertiser_name, v.url, v.plays, v.likes, v.comments, v.shares, v.saves,
  v.stats_at, v.hook_type`;

export const VIDEO_SUMMARY_FROM = `videos v JOIN creators c ON c.uid = v.author_uid
  LEFT JOIN advertisers a ON a.id = v.advertiser_id`;

export interface VideoSummaryRow {
  id: string;
  seq: number;
  caption: string;
  hook_text: string | null;
  created_at: number;
  media_type: "video" | "slideshow";
  region: string | null;
  language: string | null;
  duration_s: number | null;
  music_id: string | null;
  music_title: string | null;
  music_author: string | null;
  hashtags: string;
  author_uid: string;
  author_handle: string;
  advertiser_id: string | null;
  advertiser_name: string | null;
  url: string | null;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  stats_at: number;
  hook_type: string | null;
}

export const isoTime = (seconds: number): string => new Date(seconds * 1000).toISOString();

type LabelMap = Map<string, Record<string, { value: string; confidence: number }>>;

function labelsFor(db: Db, ids: readonly string[]): LabelMap {
  const map: LabelMap = new Map();
  if (ids.length === 0) return map;
  const rows = prepared(
    db,
    `SELECT video_id, label, value, confidence FROM labels
       WHERE video_id IN (SELECT value FROM json_each(?)) AND label IN ('ad', 'hook', 'viral_hook')`,
  ).all(JSON.stringify(ids)) as { video_id: string; label: string; value: string; confidence: number }[];
  for (const r of rows) {
    const entry = map.get(r.video_id) ?? {};
    entry[r.label] = { value: r.value, confidence: r.confidence };
    map.set(r.video_id, entry);
  }
  return map;
}

function toSummary(r: VideoSummaryRow, labels: LabelMap): VideoSummary {
  const l = labels.get(r.id) ?? {};
  return {
    id: r.id,
    desc: r.caption,
    play_count: r.plays,
    like_count: r.likes,
    comment_count: r.comments,
    share_count: r.shares,
    save_count: r.saves,
    stats_at: isoTime(r.stats_at),
    created_at: isoTime(r.created_at),
    media_type: r.media_type,
    region: r.region,
    language: r.language,
    duration_s: r.duration_s,
    hashtags: r.hashtags.split(" ").filter((h) => h.length > 0),
    music: r.music_id ? { id: r.music_id, title: r.music_title, author: r.music_author } : null,
    hook: r.hook_text ? { text: r.hook_text, type: r.hook_type } : null,
    labels: { ad: l.ad ?? null, hook: l.hook ?? null, viral_hook: l.viral_hook ?? null },
    author: { uid: r.author_uid, handle: r.author_handle },
    advertiser: r.advertiser_id ? { id: r.advertiser_id, name: r.advertiser_name ?? "" } : null,
    url: r.url,
  };
}

/** Loads summaries for the given ids, returned in the order asked (missing ids skipped). */
export function loadVideoSummaries(db: Db, ids: readonly string[]): VideoSummary[] {
  if (ids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT ${VIDEO_SUMMARY_SELECT} FROM ${VIDEO_SUMMARY_FROM} WHERE v.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as VideoSummaryRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const labels = labelsFor(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, labels)] : [];
  });
}

/** One page of a keyset list: the first `limit` rows as summaries, and where the next page starts. */
export function videoPage(
  db: Db,
  rows: readonly { key: number; id: string }[],
  limit: number,
  total: number | null,
): ListResult<VideoSummary> {
  const { page, next } = pageOf(rows, limit);
  return {
    items: loadVideoSummaries(
      db,
      page.map((r) => r.id),
    ),
    total,
    next,
  };
}
