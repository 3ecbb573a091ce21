import { DAY } from "../clock.js";
import type { ListResult, PagePosition } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { loadAdvertiserSummaries } from "./advertiser-rows.js";
import { loadCreatorSummaries } from "./creator-rows.js";
import { collapseNearDuplicates } from "./hook-dedupe.js";
import { readHookNeighbors } from "./hook-neighbors.js";
import { readKeyset } from "./paging.js";
import type { SimilarHook, VideoDetail, VideoSummary } from "./records.js";
import { isoTime, loadVideoSummaries, loadVideoSummariesBySeq, videoPage } from "./video-rows.js";

export {
  type SearchVideosParams,
  searchVideos,
  VIDEO_SEARCH_DEFAULTS,
  type VideoSort,
} from "./video-search.js";

export type Feed = "breakout" | "early_breakout" | "trending" | "newest";

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

/** A ranked feed (definitions in scores.ts); keyset pagination on (score, id). */
export function listFeed(
  db: Db,
  feed: Feed,
  p: { limit: number; after?: PagePosition | null },
  _now: number,
): ListResult<VideoSummary> {
  const q = FEED_QUERY[feed];
  const position = readKeyset(p.after);
  const rows = db
    .prepare(
      `SELECT id, ${q.column} AS key FROM videos INDEXED BY ${q.index}
       WHERE ${q.where} ${position ? `AND (${q.column}, id) < (@k, @id)` : ""}
       ORDER BY ${q.column} DESC, id DESC LIMIT @n`,
    )
    .all({ ...(position ?? {}), n: p.limit + 1 }) as { id: string; key: number }[];
  return videoPage(db, rows, p.limit, null);
}

/** Precomputed neighbours (hook-neighbors.ts), best first. null = no such video; no hook = empty list. */
export function similarHooks(db: Db, id: string, limit: number): ListResult<SimilarHook> | null {
  const video = db.prepare("SELECT seq, caption, hook_text FROM videos WHERE id = ?").get(id) as
    | { seq: number; caption: string; hook_text: string | null }
    | undefined;
  if (!video) return null;
  const neighbours = readHookNeighbors(db, video.seq);
  // A neighbour deleted since its list was computed has no summary: skipped, the next one moves up.
  const summaries = loadVideoSummariesBySeq(
    db,
    neighbours.map((n) => n.seq),
  );
  const found = neighbours.flatMap((n) => {
    const video = summaries.get(n.seq);
    return video ? [{ similarity: n.similarity, hook_text: video.hook?.text ?? "", video }] : [];
  });
  // Near-duplicate captions (re-uploads, the same caption twice) are collapsed (hook-dedupe.ts).
  const items = collapseNearDuplicates(
    `${video.caption} ${video.hook_text ?? ""}`,
    found,
    (i) => `${i.video.desc} ${i.hook_text}`,
  ).slice(0, limit);
  return { items, total: items.length, next: null };
}

interface Snapshot {
  observed_at: number;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
}

/** Counts at time `at`: the latest snapshot at or before it, 0 before publication, linear up to the first. */
function countsAt(snapshots: readonly Snapshot[], createdAt: number, at: number): Snapshot {
  const zero = { observed_at: at, plays: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
  const before = snapshots.filter((s) => s.observed_at <= at).pop();
  if (before) return before;
  const first = snapshots[0];
  if (!first || at <= createdAt || first.observed_at <= createdAt) return zero;
  const f = (at - createdAt) / (first.observed_at - createdAt);
  return {
    observed_at: at,
    plays: Math.round(first.plays * f),
    likes: Math.round(first.likes * f),
    comments: Math.round(first.comments * f),
    shares: Math.round(first.shares * f),
    saves: Math.round(first.saves * f),
  };
}

/** The full video record; growth windows end at the latest snapshot. */
export function getVideo(db: Db, id: string): VideoDetail | null {
  const [summary] = loadVideoSummaries(db, [id]);
  if (!summary) return null;
  const extra = db
    .prepare(
      `SELECT created_at, stats_at, transcript, author_uid, advertiser_id, velocity, trending_score, breakout_score, early_breakout_score
       FROM videos WHERE id = ?`,
    )
    .get(id) as {
    created_at: number;
    stats_at: number;
    transcript: string | null;
    author_uid: string;
    advertiser_id: string | null;
    velocity: number;
    trending_score: number;
    breakout_score: number;
    early_breakout_score: number;
  };
  const snapshots = db
    .prepare(
      "SELECT observed_at, plays, likes, comments, shares, saves FROM video_stats WHERE video_id = ? ORDER BY observed_at",
    )
    .all(id) as Snapshot[];
  const latest = snapshots[snapshots.length - 1];
  const growth = [1, 7, 30].map((days) => {
    const end = latest ?? countsAt(snapshots, extra.created_at, extra.stats_at);
    const start = countsAt(snapshots, extra.created_at, (latest?.observed_at ?? extra.stats_at) - days * DAY);
    return {
      window_days: days,
      plays: Math.max(0, end.plays - start.plays),
      likes: Math.max(0, end.likes - start.likes),
      comments: Math.max(0, end.comments - start.comments),
      shares: Math.max(0, end.shares - start.shares),
    };
  });
  const labelRows = db
    .prepare(
      "SELECT label, value, confidence, model_version, evidence, observed_at FROM labels WHERE video_id = ?",
    )
    .all(id) as {
    label: string;
    value: string;
    confidence: number;
    model_version: string;
    evidence: string;
    observed_at: number;
  }[];
  const [creator] = loadCreatorSummaries(db, [extra.author_uid], 7);
  const [advertiser] = extra.advertiser_id ? loadAdvertiserSummaries(db, [extra.advertiser_id], 7) : [];
  if (!creator) return null;
  return {
    ...summary,
    growth,
    snapshots: snapshots.map((s) => ({
      observed_at: isoTime(s.observed_at),
      play_count: s.plays,
      like_count: s.likes,
      comment_count: s.comments,
      share_count: s.shares,
      save_count: s.saves,
    })),
    label_details: Object.fromEntries(
      labelRows.map((l) => [
        l.label,
        {
          value: l.value,
          confidence: l.confidence,
          model_version: l.model_version,
          evidence: l.evidence,
          observed_at: isoTime(l.observed_at),
        },
      ]),
    ),
    creator,
    advertiser_detail: advertiser ?? null,
    scores: {
      velocity: extra.velocity,
      trending: extra.trending_score,
      breakout: extra.breakout_score,
      early_breakout: extra.early_breakout_score,
    },
    transcript: extra.transcript,
  };
}
