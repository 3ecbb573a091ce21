import type pg from "pg";
import { type SummaryColumns, toVideoRow } from "../rows.js";
import type {
  Feed,
  Keyed,
  KeysetPosition,
  LabelRow,
  SnapshotRow,
  VideoDetailRow,
  VideoRepository,
  VideoRow,
  YesNoAny,
} from "../types.js";
import { arraysOf, keysetBefore, Params, rowsOf, scalarOf } from "./sql.js";
import { browseVideos, searchText } from "./video-search.js";

/**
 * Columns a VideoRow needs, read as arrays in this order (`v` = videos); the
 * filter labels as a JSON array of [label, value, confidence] (one statement per page of summaries).
 */
const SUMMARY_SELECT = `
  v.id, v.seq, v.caption, v.hook_text, v.created_at, v.media_type, v.region, v.language, v.duration_s,
  v.music_id, v.music_title, v.music_author, v.hashtags, v.author_uid,
  (SELECT c.handle FROM creators c WHERE c.uid = v.author_uid),
  v.advertiser_id, (SELECT a.name FROM advertisers a WHERE a.id = v.advertiser_id), v.url, v.plays, v.likes, v.comments, v.shares, v.saves,
  v.stats_at, v.hook_type,
  (SELECT json_agg(json_build_array(l.label, l.value, l.confidence)) FROM labels l
    WHERE l.video_id = v.id AND l.label IN ('ad', 'hook', 'viral_hook')) AS labels`;

/** Names by scalar sub-selects (a primary-key probe per row: never a hash of a whole table for 20 rows). */
const SUMMARY_FROM = "videos v";

type SummaryRow = [...SummaryColumns, labels: ["ad" | "hook" | "viral_hook", string, number][] | null];

function toRow(r: SummaryRow): VideoRow {
  const labels: VideoRow["labels"] = {};
  for (const [label, value, confidence] of r[25] ?? []) labels[label] = { value, confidence };
  return toVideoRow(r, labels);
}

/** Summary rows for the given ids, in the order asked (missing ids skipped). */
export async function videoRows(pool: pg.Pool, ids: readonly string[]): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  const rows = await arraysOf<SummaryRow>(
    pool,
    `SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE v.id = ANY($1::text[])`,
    [ids],
    "crs_video_rows",
  );
  const byId = new Map(rows.map((r) => [r[0], r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row)] : [];
  });
}

/** Summary rows by seq, keyed by seq. */
export async function videoRowsBySeq(pool: pg.Pool, seqs: readonly number[]): Promise<Map<number, VideoRow>> {
  if (seqs.length === 0) return new Map();
  const rows = await arraysOf<SummaryRow>(
    pool,
    `SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE v.seq = ANY($1::bigint[])`,
    [seqs],
    "crs_video_rows_by_seq",
  );
  return new Map(rows.map((r) => [r[1], toRow(r)]));
}

/** Feed orders: each is `key DESC, id DESC` (an index each); breakout feeds hold only non-zero scores. */
const FEED_QUERY: Record<Feed, { column: string; where: string }> = {
  breakout: { column: "breakout_score", where: "breakout_score > 0" },
  early_breakout: { column: "early_breakout_score", where: "early_breakout_score > 0" },
  trending: { column: "trending_score", where: "true" },
  newest: { column: "created_at", where: "true" },
};

async function feed(
  pool: pg.Pool,
  name: Feed,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[]> {
  const q = FEED_QUERY[name];
  const params = new Params();
  const keyset = keysetBefore(params, q.column, "id", position);
  return rowsOf<Keyed>(
    pool,
    `SELECT id, ${q.column} AS key FROM videos WHERE ${q.where} ${keyset}
     ORDER BY ${q.column} DESC, id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
}

async function detail(pool: pg.Pool, id: string): Promise<VideoDetailRow | null> {
  const [extras, snapshots, labels] = await Promise.all([
    rowsOf<{
      created_at: number;
      stats_at: number;
      transcript: string | null;
      author_uid: string;
      advertiser_id: string | null;
      velocity: number;
      trending_score: number;
      breakout_score: number;
      early_breakout_score: number;
    }>(
      pool,
      `SELECT created_at, stats_at, transcript, author_uid, advertiser_id, velocity, trending_score, breakout_score,
         early_breakout_score FROM videos WHERE id = $1`,
      [id],
    ),
    rowsOf<SnapshotRow>(
      pool,
      `SELECT observed_at AS "observedAt", plays, likes, comments, shares, saves FROM video_stats
       WHERE video_id = $1 ORDER BY observed_at`,
      [id],
    ),
    rowsOf<LabelRow>(
      pool,
      `SELECT label, value, confidence, model_version AS "modelVersion", evidence, observed_at AS "observedAt"
       FROM labels WHERE video_id = $1 ORDER BY label`,
      [id],
    ),
  ]);
  const extra = extras[0];
  if (!extra) return null;
  return {
    createdAt: extra.created_at,
    statsAt: extra.stats_at,
    transcript: extra.transcript,
    authorUid: extra.author_uid,
    advertiserId: extra.advertiser_id,
    velocity: extra.velocity,
    trending: extra.trending_score,
    breakout: extra.breakout_score,
    earlyBreakout: extra.early_breakout_score,
    snapshots,
    labels,
  };
}

async function byCreator(
  pool: pg.Pool,
  uid: string,
  ads: YesNoAny,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[] | null> {
  if ((await scalarOf(pool, "SELECT 1 FROM creators WHERE uid = $1", [uid])) === undefined) return null;
  const params = new Params();
  const owner = params.add(uid);
  const filter = ads === "yes" ? "AND label_ad = 1" : ads === "no" ? "AND label_ad = 0" : "";
  const keyset = keysetBefore(params, "created_at", "id", position);
  return rowsOf<Keyed>(
    pool,
    `SELECT id, created_at AS key FROM videos WHERE author_uid = ${owner} ${filter} ${keyset}
     ORDER BY created_at DESC, id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
}

async function byAdvertiser(
  pool: pg.Pool,
  id: string,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[] | null> {
  if ((await scalarOf(pool, "SELECT 1 FROM advertisers WHERE id = $1", [id])) === undefined) return null;
  const params = new Params();
  const owner = params.add(id);
  const keyset = keysetBefore(params, "created_at", "id", position);
  return rowsOf<Keyed>(
    pool,
    `SELECT id, created_at AS key FROM videos WHERE advertiser_id = ${owner} ${keyset}
     ORDER BY created_at DESC, id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
}

export function postgresVideos(pool: pg.Pool): VideoRepository {
  return {
    search: (terms, sort, filter, limit, position, query) =>
      searchText(pool, terms, sort, filter, limit, position, query),
    browse: (sort, filter, limit, position) => browseVideos(pool, sort, filter, limit, position),
    feed: (name, limit, position) => feed(pool, name, limit, position),
    summaries: (ids) => videoRows(pool, ids),
    detail: (id) => detail(pool, id),
    byCreator: (uid, ads, limit, position) => byCreator(pool, uid, ads, limit, position),
    byAdvertiser: (id, limit, position) => byAdvertiser(pool, id, limit, position),
  };
}
