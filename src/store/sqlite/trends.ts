import { type ReportColumns, TREND_PAGE, toTrendReportRow } from "../rows.js";
import type { TrendRepository, TrendVideoRow } from "../types.js";
import type { Db } from "./connection.js";
import { prepared } from "./statements.js";

/** Where recency windows end: the newest video's creation time at or before `notAfter` (null: none). */
export const newestVideoTime = (db: Db, notAfter: number): number | null =>
  (prepared(db, "SELECT max(created_at) FROM videos WHERE created_at <= ?").pluck().get(notAfter) as
    | number
    | null) ?? null;

/** Where growth windows end: the latest observation of any video's counts at or before `notAfter`. */
export const latestObservationTime = (db: Db, notAfter: number): number | null =>
  (prepared(db, "SELECT max(stats_at) FROM videos WHERE stats_at <= ?").pluck().get(notAfter) as
    | number
    | null) ?? null;

export function sqliteTrends(db: Db): TrendRepository {
  return {
    list: async (limit, offset) => {
      const rows = prepared(
        db,
        "SELECT * FROM trend_reports ORDER BY published_at DESC, id LIMIT ? OFFSET ?",
      ).all(limit + 1, offset) as ReportColumns[];
      const total = (prepared(db, "SELECT count(*) AS n FROM trend_reports").get() as { n: number }).n;
      return { rows: rows.map(toTrendReportRow), total };
    },
    get: async (id) => {
      const row = prepared(db, "SELECT * FROM trend_reports WHERE id = ?").get(id) as
        | ReportColumns
        | undefined;
      if (!row) return null;
      const examples = prepared(
        db,
        "SELECT rank, video_id AS videoId, note FROM trend_examples WHERE report_id = ? ORDER BY rank",
      ).all(id) as { rank: number; videoId: string; note: string }[];
      return { report: toTrendReportRow(row), examples };
    },
    newestVideoAt: async (notAfter) => newestVideoTime(db, notAfter),
    oldestVideoAt: async () =>
      (prepared(db, "SELECT min(created_at) FROM videos").pluck().get() as number | null) ?? null,
    latestObservationAt: async (notAfter) => latestObservationTime(db, notAfter),
    // In pages, each read whole: an open statement would hold the connection between the consumer's awaits.
    videosCreatedBetween: async function* (from, to) {
      const page = prepared(
        db,
        `SELECT id, created_at AS createdAt, hashtags, music_id AS musicId, music_title AS musicTitle,
           hook_type AS hookType, media_type AS mediaType, duration_s AS durationS, plays,
           trending_score AS trending
         FROM videos INDEXED BY engine_videos_newest
         WHERE created_at <= @to AND (created_at, id) > (@at, @id) ORDER BY created_at, id LIMIT @n`,
      );
      let at = from;
      let id = "\u{10ffff}";
      for (;;) {
        const rows = page.all({ to, at, id, n: TREND_PAGE }) as TrendVideoRow[];
        yield* rows;
        const last = rows.at(-1);
        if (!last || rows.length < TREND_PAGE) return;
        at = last.createdAt;
        id = last.id;
      }
    },
    replaceReports: async (reports) => {
      db.transaction(() => {
        db.exec("DELETE FROM trend_examples; DELETE FROM trend_reports");
        const insertReport = db.prepare(
          `INSERT INTO trend_reports (id, kind, subject, title, summary, period_start, period_end, signal, published_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const insertExample = db.prepare(
          "INSERT INTO trend_examples (report_id, rank, video_id, note) VALUES (?, ?, ?, ?)",
        );
        for (const { report: r, examples } of reports) {
          insertReport.run(
            r.id,
            r.kind,
            r.subject,
            r.title,
            r.summary,
            r.periodStart,
            r.periodEnd,
            JSON.stringify(r.signal),
            r.publishedAt,
          );
          for (const e of examples) insertExample.run(r.id, e.rank, e.videoId, e.note);
        }
      })();
    },
  };
}
