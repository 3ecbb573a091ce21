import type { TrendReportRow, VideoRow } from "./types.js";

/**
 * Row decoding both store engines share: each reads its columns in these shapes (same names, same order),
 * so what a stored row means is written once.
 */

/** The columns of a video summary, read as an array in this order (building objects per row cost about as much as the query). */
export type SummaryColumns = [
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

/** A summary row (the engine may read more columns after these) with its filter labels. */
export function toVideoRow(
  r: SummaryColumns | [...SummaryColumns, unknown],
  labels: VideoRow["labels"],
): VideoRow {
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
  return {
    id,
    caption,
    hookText,
    hookType,
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
    labels,
  };
}

/** A `trend_reports` row as stored (the signal is JSON text). */
export interface ReportColumns {
  id: string;
  kind: TrendReportRow["kind"];
  subject: string;
  title: string;
  summary: string;
  period_start: number;
  period_end: number;
  signal: string;
  published_at: number;
}

export const toTrendReportRow = (r: ReportColumns): TrendReportRow => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  title: r.title,
  summary: r.summary,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  signal: JSON.parse(r.signal) as TrendReportRow["signal"],
  publishedAt: r.published_at,
});

/** Videos read per statement when the trend build walks a window. */
export const TREND_PAGE = 5000;
