import type { ListResult } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { pageOf } from "./paging.js";
import type { VideoSummary } from "./records.js";
import { prepared } from "./statements.js";

/**
 * Columns a VideoSummary needs; `v` = videos, `c` = creators, `a` = advertisers. Rows are read as arrays
 * (`raw`) in this order and destructured into SummaryRow: building 25-key objects row by row in the driver
 * cost about as much as the query itself.
 */
const SUMMARY_SELECT = `
  v.id, v.seq, v.caption, v.hook_text, v.created_at, v.media_type, v.region, v.language, v.duration_s,
  v.music_id, v.music_title, v.music_author, v.hashtags, v.author_uid, c.handle,
  v.advertiser_id, a.name, v.url, v.plays, v.likes, v.comments, v.shares, v.saves,
  v.stats_at, v.hook_type`;

const SUMMARY_FROM = `videos v JOIN creators c ON c.uid = v.author_uid
  LEFT JOIN advertisers a ON a.id = v.advertiser_id`;

type SummaryRow = [
  id: string,
  seq: number,
  caption: string,
  hook_text: string | null,
  created_at: number,
  media_type: "video" | "slideshow",
  region: string | null,
  language: string | null,
  duration_s: number | null,
  music_id: string | null,
  music_title: string | null,
  music_author: string | null,
  hashtags: string,
  author_uid: string,
  author_handle: string,
  advertiser_id: string | null,
  advertiser_name: string | null,
  url: string | null,
  plays: number,
  likes: number,
  comments: number,
  shares: number,
  saves: number,
  stats_at: number,
  hook_type: string | null,
];

export const isoTime = (seconds: number): string => new Date(seconds * 1000).toISOString();

type LabelMap = Map<string, Record<string, { value: string; confidence: number }>>;

function labelsFor(db: Db, ids: readonly string[]): LabelMap {
  const map: LabelMap = new Map();
  if (ids.length === 0) return map;
  const rows = prepared(
    db,
    `SELECT l.video_id, l.label, l.value, l.confidence FROM json_each(?) j
       JOIN labels l ON l.video_id = j.value AND l.label IN ('ad', 'hook', 'viral_hook')`,
  )
    .raw(true)
    .all(JSON.stringify(ids)) as [string, string, string, number][];
  for (const [videoId, label, value, confidence] of rows) {
    const entry = map.get(videoId) ?? {};
    entry[label] = { value, confidence };
    map.set(videoId, entry);
  }
  return map;
}

function toSummary(r: SummaryRow, labels: LabelMap): VideoSummary {
  const [
    id,
    ,
    caption,
    hookText,
    createdAt,
    mediaType,
    region,
    language,
    durationS,
    musicId,
    musicTitle,
    musicAuthor,
    hashtags,
    authorUid,
    authorHandle,
    advertiserId,
    advertiserName,
    url,
    plays,
    likes,
    comments,
    shares,
    saves,
    statsAt,
    hookType,
  ] = r;
  const l = labels.get(id) ?? {};
  return {
    id,
    desc: caption,
    play_count: plays,
    like_count: likes,
    comment_count: comments,
    share_count: shares,
    save_count: saves,
    stats_at: isoTime(statsAt),
    created_at: isoTime(createdAt),
    media_type: mediaType,
    region,
    language,
    duration_s: durationS,
    hashtags: hashtags.split(" ").filter((h) => h.length > 0),
    music: musicId ? { id: musicId, title: musicTitle, author: musicAuthor } : null,
    hook: hookText ? { text: hookText, type: hookType } : null,
    labels: { ad: l.ad ?? null, hook: l.hook ?? null, viral_hook: l.viral_hook ?? null },
    author: { uid: authorUid, handle: authorHandle },
    advertiser: advertiserId ? { id: advertiserId, name: advertiserName ?? "" } : null,
    url,
  };
}

/** Loads summaries for the given ids, returned in the order asked (missing ids skipped). */
export function loadVideoSummaries(db: Db, ids: readonly string[]): VideoSummary[] {
  if (ids.length === 0) return [];
  const rows = summaryRows(db, "id", ids);
  const byId = new Map(rows.map((r) => [r[0], r]));
  const labels = labelsFor(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, labels)] : [];
  });
}

/** Loads summaries by seq (the FTS rowid: no detour through the id index), keyed by seq. */
export function loadVideoSummariesBySeq(db: Db, seqs: readonly number[]): Map<number, VideoSummary> {
  if (seqs.length === 0) return new Map();
  const rows = summaryRows(db, "seq", seqs);
  const labels = labelsFor(
    db,
    rows.map((r) => r[0]),
  );
  return new Map(rows.map((r) => [r[1], toSummary(r, labels)]));
}

function summaryRows(db: Db, key: "id" | "seq", values: readonly (string | number)[]): SummaryRow[] {
  return prepared(
    db,
    `SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE v.${key} IN (SELECT value FROM json_each(?))`,
  )
    .raw(true)
    .all(JSON.stringify(values)) as SummaryRow[];
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
