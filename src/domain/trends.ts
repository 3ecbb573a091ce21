import type { ListResult, PagePosition } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import type { TrendDetail, TrendSummary } from "./records.js";
import { isoTime, loadVideoSummaries } from "./video-rows.js";

interface ReportRow {
  id: string;
  kind: TrendSummary["kind"];
  subject: string;
  title: string;
  summary: string;
  period_start: number;
  period_end: number;
  signal: string;
  published_at: number;
}

const toSummary = (r: ReportRow): TrendSummary => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  title: r.title,
  summary: r.summary,
  period: { start: isoTime(r.period_start), end: isoTime(r.period_end) },
  signal: JSON.parse(r.signal) as TrendSummary["signal"],
  published_at: isoTime(r.published_at),
});

/** Published reports, newest first, then by id; the position is an offset (the set is ~12 reports). */
export function listTrends(
  db: Db,
  p: { limit: number; after?: PagePosition | null },
): ListResult<TrendSummary> {
  const offset = typeof p.after === "number" && p.after > 0 ? Math.floor(p.after) : 0;
  const rows = db
    .prepare("SELECT * FROM trend_reports ORDER BY published_at DESC, id LIMIT ? OFFSET ?")
    .all(p.limit + 1, offset) as ReportRow[];
  const total = (db.prepare("SELECT count(*) AS n FROM trend_reports").get() as { n: number }).n;
  return {
    items: rows.slice(0, p.limit).map(toSummary),
    total,
    next: rows.length > p.limit ? offset + p.limit : null,
  };
}

export function getTrend(db: Db, id: string): TrendDetail | null {
  const row = db.prepare("SELECT * FROM trend_reports WHERE id = ?").get(id) as ReportRow | undefined;
  if (!row) return null;
  const examples = db
    .prepare("SELECT rank, video_id, note FROM trend_examples WHERE report_id = ? ORDER BY rank")
    .all(id) as { rank: number; video_id: string; note: string }[];
  const videos = new Map(
    loadVideoSummaries(
      db,
      examples.map((e) => e.video_id),
    ).map((v) => [v.id, v]),
  );
  return {
    ...toSummary(row),
    examples: examples.flatMap((e) => {
      const video = videos.get(e.video_id);
      return video ? [{ rank: e.rank, note: e.note, video }] : [];
    }),
  };
}
