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
import type { Db } from "./connection.js";
import { prepared } from "./statements.js";
import { browseVideos, searchText } from "./video-search.js";

/**
 * Columns a VideoRow needs; `v` = videos, `c` = creators, `a` = advertisers. Rows are read as arrays
 * (`raw`) in this order: building 25-key objects row by row in the driver cost about as much as the query.
 */
const SUMMARY_SELECT = `
  v.id, v.seq, v.caption, v.hook_text, v.created_at, v.media_type, v.region, v.language, v.duration_s,
  v.music_id, v.music_title, v.music_author, v.hashtags, v.author_uid, c.handle,
  v.advertiser_id, a.name, v.url, v.plays, v.likes, v.comments, v.shares, v.saves,
  v.stats_at, v.hook_type`;

const SUMMARY_FROM = `videos v JOIN creators c ON c.uid = v.author_uid
  LEFT JOIN advertisers a ON a.id = v.advertiser_id`;

type SummaryRow = SummaryColumns;

type LabelMap = Map<string, VideoRow["labels"]>;

function labelsFor(db: Db, ids: readonly string[]): LabelMap {
  const map: LabelMap = new Map();
  if (ids.length === 0) return map;
  const rows = prepared(
    db,
    `SELECT l.video_id, l.label, l.value, l.confidence FROM json_each(?) j
       JOIN labels l ON l.video_id = j.value AND l.label IN ('ad', 'hook', 'viral_hook')`,
  )
    .raw(true)
    .all(JSON.stringify(ids)) as [string, "ad" | "hook" | "viral_hook", string, number][];
  for (const [videoId, label, value, confidence] of rows) {
    const entry = map.get(videoId) ?? {};
    entry[label] = { value, confidence };
    map.set(videoId, entry);
  }
  return map;
}

function toRow(r: SummaryRow, labels: LabelMap): VideoRow {
  return toVideoRow(r, labels.get(r[0]) ?? {});
}

function summaryRows(db: Db, key: "id" | "seq", values: readonly (string | number)[]): SummaryRow[] {
  return prepared(
    db,
    `SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE v.${key} IN (SELECT value FROM json_each(?))`,
  )
    .raw(true)
    .all(JSON.stringify(values)) as SummaryRow[];
}

/** Summary rows for the given ids, in the order asked (missing ids skipped). */
export function videoRows(db: Db, ids: readonly string[]): VideoRow[] {
  if (ids.length === 0) return [];
  const rows = summaryRows(db, "id", ids);
  const byId = new Map(rows.map((r) => [r[0], r]));
  const labels = labelsFor(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row, labels)] : [];
  });
}

/** Summary rows by seq (the FTS rowid: no detour through the id index), keyed by seq. */
export function videoRowsBySeq(db: Db, seqs: readonly number[]): Map<number, VideoRow> {
  if (seqs.length === 0) return new Map();
  const rows = summaryRows(db, "seq", seqs);
  const labels = labelsFor(
    db,
    rows.map((r) => r[0]),
  );
  return new Map(rows.map((r) => [r[1], toRow(r, labels)]));
}

/** Feed orders: each is `key DESC, id DESC`; breakout feeds hold only videos with a non-zero score. */
const FEED_QUERY: Record<Feed, { column: string; index: string; where: string }> = {
  breakout: { column: "breakout_score", index: "engine_videos_breakout", where: "breakout_score > 0" },
  early_breakout: {
    column: "early_breakout_score",
    index: "engine_videos_early_breakout",
    where: "early_breakout_score > 0",
  },
  trending: { column: "trending_score", index: "engine_videos_trending", where: "1" },
  newest: { column: "created_at", index: "engine_videos_newest", where: "1" },
};

function feed(db: Db, name: Feed, limit: number, position: KeysetPosition | null): Keyed[] {
  const q = FEED_QUERY[name];
  return prepared(
    db,
    `SELECT id, ${q.column} AS key FROM videos INDEXED BY ${q.index}
       WHERE ${q.where} ${position ? `AND (${q.column}, id) < (@k, @id)` : ""}
       ORDER BY ${q.column} DESC, id DESC LIMIT @n`,
  ).all({ ...(position ?? {}), n: limit + 1 }) as Keyed[];
}

function detail(db: Db, id: string): VideoDetailRow | null {
  const extra = prepared(
    db,
    `SELECT created_at, stats_at, transcript, author_uid, advertiser_id, velocity, trending_score, breakout_score, early_breakout_score
       FROM videos WHERE id = ?`,
  ).get(id) as
    | {
        created_at: number;
        stats_at: number;
        transcript: string | null;
        author_uid: string;
        advertiser_id: string | null;
        velocity: number;
        trending_score: number;
        breakout_score: number;
        early_breakout_score: number;
      }
    | undefined;
  if (!extra) return null;
  const snapshots = prepared(
    db,
    `SELECT observed_at AS observedAt, plays, likes, comments, shares, saves FROM video_stats
       WHERE video_id = ? ORDER BY observed_at`,
  ).all(id) as SnapshotRow[];
  const labels = prepared(
    db,
    `SELECT label, value, confidence, model_version AS modelVersion, evidence, observed_at AS observedAt
       FROM labels WHERE video_id = ?`,
  ).all(id) as LabelRow[];
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

function byCreator(
  db: Db,
  uid: string,
  ads: YesNoAny,
  limit: number,
  position: KeysetPosition | null,
): Keyed[] | null {
  if (!prepared(db, "SELECT 1 FROM creators WHERE uid = ?").get(uid)) return null;
  const filter = ads === "yes" ? "AND label_ad = 1" : ads === "no" ? "AND label_ad = 0" : "";
  return prepared(
    db,
    `SELECT id, created_at AS key FROM videos INDEXED BY videos_author WHERE author_uid = @uid ${filter}
       ${position ? "AND (created_at, id) < (@k, @id)" : ""} ORDER BY created_at DESC, id DESC LIMIT @n`,
  ).all({ uid, n: limit + 1, ...(position ?? {}) }) as Keyed[];
}

function byAdvertiser(db: Db, id: string, limit: number, position: KeysetPosition | null): Keyed[] | null {
  if (!prepared(db, "SELECT 1 FROM advertisers WHERE id = ?").get(id)) return null;
  return prepared(
    db,
    `SELECT id, created_at AS key FROM videos INDEXED BY videos_advertiser WHERE advertiser_id = @aid
       ${position ? "AND (created_at, id) < (@k, @id)" : ""} ORDER BY created_at DESC, id DESC LIMIT @n`,
  ).all({ aid: id, n: limit + 1, ...(position ?? {}) }) as Keyed[];
}

export function sqliteVideos(db: Db): VideoRepository {
  return {
    search: async (terms, sort, filter, limit, position, query) =>
      searchText(db, terms, sort, filter, limit, position, query),
    browse: async (sort, filter, limit, position) => browseVideos(db, sort, filter, limit, position),
    feed: async (name, limit, position) => feed(db, name, limit, position),
    summaries: async (ids) => videoRows(db, ids),
    detail: async (id) => detail(db, id),
    byCreator: async (uid, ads, limit, position) => byCreator(db, uid, ads, limit, position),
    byAdvertiser: async (id, limit, position) => byAdvertiser(db, id, limit, position),
  };
}
