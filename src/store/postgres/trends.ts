import type pg from "pg";
import { type ReportColumns, TREND_PAGE, toTrendReportRow } from "../rows.js";
import type { TrendRepository, TrendVideoRow } from "../types.js";
import { rowsOf, scalarOf } from "./sql.js";

const TREND_COLUMNS = `id, created_at AS "createdAt", hashtags, music_id AS "musicId", music_title AS "musicTitle",
  hook_type AS "hookType", media_type AS "mediaType", duration_s AS "durationS", plays, trending_score AS trending`;

export function postgresTrends(pool: pg.Pool): TrendRepository {
  return {
    list: async (limit, offset) => {
      const [rows, total] = await Promise.all([
        rowsOf<ReportColumns>(
          pool,
          "SELECT * FROM trend_reports ORDER BY published_at DESC, id LIMIT $1 OFFSET $2",
          [limit + 1, offset],
        ),
        scalarOf<number>(pool, "SELECT count(*) FROM trend_reports"),
      ]);
      return { rows: rows.map(toTrendReportRow), total: total ?? 0 };
    },
    get: async (id) => {
      const [reports, examples] = await Promise.all([
        rowsOf<ReportColumns>(pool, "SELECT * FROM trend_reports WHERE id = $1", [id]),
        rowsOf<{ rank: number; videoId: string; note: string }>(
          pool,
          `SELECT rank, video_id AS "videoId", note FROM trend_examples WHERE report_id = $1 ORDER BY rank`,
          [id],
        ),
      ]);
      const report = reports[0];
      return report ? { report: toTrendReportRow(report), examples } : null;
    },
    newestVideoAt: async (notAfter) =>
      (await scalarOf<number | null>(pool, "SELECT max(created_at) FROM videos WHERE created_at <= $1", [
        notAfter,
      ])) ?? null,
    oldestVideoAt: async () =>
      (await scalarOf<number | null>(pool, "SELECT min(created_at) FROM videos", [])) ?? null,
    latestObservationAt: async (notAfter) =>
      (await scalarOf<number | null>(pool, "SELECT max(stats_at) FROM videos WHERE stats_at <= $1", [
        notAfter,
      ])) ?? null,
    // In keyset pages of TREND_PAGE (created_at, id), each read whole: no cursor held between the consumer's awaits.
    videosCreatedBetween: async function* (from, to) {
      let last: TrendVideoRow | undefined;
      for (;;) {
        const rows = last
          ? await rowsOf<TrendVideoRow>(
              pool,
              `SELECT ${TREND_COLUMNS} FROM videos WHERE created_at <= $1 AND (created_at, id) > ($2, $3)
               ORDER BY created_at, id LIMIT $4`,
              [to, last.createdAt, last.id, TREND_PAGE],
            )
          : await rowsOf<TrendVideoRow>(
              pool,
              `SELECT ${TREND_COLUMNS} FROM videos WHERE created_at <= $1 AND created_at > $2
               ORDER BY created_at, id LIMIT $3`,
              [to, from, TREND_PAGE],
            );
        yield* rows;
        last = rows.at(-1);
        if (!last || rows.length < TREND_PAGE) return;
      }
    },
    replaceReports: async (reports) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("DELETE FROM trend_examples");
        await client.query("DELETE FROM trend_reports");
        if (reports.length > 0) {
          const r = reports.map((x) => x.report);
          await client.query(
            `INSERT INTO trend_reports (id, kind, subject, title, summary, period_start, period_end, signal, published_at)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[],
                                  $7::bigint[], $8::text[], $9::bigint[])`,
            [
              r.map((x) => x.id),
              r.map((x) => x.kind),
              r.map((x) => x.subject),
              r.map((x) => x.title),
              r.map((x) => x.summary),
              r.map((x) => x.periodStart),
              r.map((x) => x.periodEnd),
              r.map((x) => JSON.stringify(x.signal)),
              r.map((x) => x.publishedAt),
            ],
          );
          const examples = reports.flatMap((x) => x.examples.map((e) => ({ reportId: x.report.id, ...e })));
          if (examples.length > 0)
            await client.query(
              `INSERT INTO trend_examples (report_id, rank, video_id, note)
               SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[])`,
              [
                examples.map((e) => e.reportId),
                examples.map((e) => e.rank),
                examples.map((e) => e.videoId),
                examples.map((e) => e.note),
              ],
            );
        }
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
