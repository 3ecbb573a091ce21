import { DAY, HOUR } from "../../../shared/clock.js";
import { recencyAnchor } from "../../../shared/recency.js";
import type { Db } from "../connection.js";
import { latestObservationTime, newestVideoTime } from "../trends.js";
import { refreshCreatorSearch } from "./creator-search.js";
import { refreshSearchHeads } from "./search-heads.js";

/**
 * Ranking definitions (they go into the metrics guide). All figures are as of the last refresh.
 *
 * - velocity: plays gained per hour between the latest snapshot and the one before it (or since
 *   publication when there is only one snapshot).
 * - trending: velocity × 0.5^(hours since the latest snapshot / 24): a velocity measured a day ago counts
 *   half. Videos whose latest snapshot is older than TRENDING_WINDOW_DAYS score 0. Both are measured from
 *   now, or from the corpus's latest observation when nothing was observed in the last TRENDING_WINDOW_DAYS.
 * - creator baseline (of a video): the geometric mean of (1 + plays) − 1 over the creator's OTHER videos;
 *   needs at least BASELINE_MIN_OTHERS other videos. A creator with fewer (most creators of a real scrape)
 *   falls back to follower-relative reach: baseline = FOLLOWER_REACH × followers, when followers are known;
 *   otherwise there is no baseline and no breakout.
 * - breakout: (1 + plays) / (1 + baseline) for videos published within BREAKOUT_WINDOW_DAYS (of now, or of
 *   the corpus's newest video when nothing newer exists: see recency.ts), kept when it
 *   is at least BREAKOUT_FACTOR (else 0).
 * - early_breakout: for videos at most EARLY_MAX_AGE_HOURS old, the early pace plays / max(6, age in hours)
 *   divided by the baseline pace (1 + baseline) / 72 (the pace that reaches the creator's typical lifetime
 *   plays in 72 h); kept when at least EARLY_FACTOR (else 0).
 * - growth over a window: plays now minus plays at the window start (the latest snapshot at or before it;
 *   0 when published later; linear from publication to the first snapshot otherwise). "today" = since 00:00 UTC.
 *   A window with no observation in it ends at the corpus's latest observation ("today": the 24 hours to it).
 * - creator flags: advertised = has a video labelled or platform-flagged as an ad; hire_ready = not a house
 *   account, published within HIRE_READY_DAYS (of now, or of the newest video as for breakout), engagement
 *   (likes + comments + shares + saves) / plays ≥ HIRE_READY_ENGAGEMENT over those videos, and no exclusive
 *   advertiser (≥ 2 advertiser-assigned videos all for one advertiser).
 */
export const TRENDING_WINDOW_DAYS = 7;
export const BREAKOUT_WINDOW_DAYS = 14;
export const BREAKOUT_FACTOR = 5;
export const BASELINE_MIN_OTHERS = 2;
/** Plays a typical video gets as a share of the account's followers: the baseline without a history. */
export const FOLLOWER_REACH = 0.5;
export const EARLY_MAX_AGE_HOURS = 72;
export const EARLY_FACTOR = 3;
export const HIRE_READY_ENGAGEMENT = 0.05;
export const HIRE_READY_DAYS = 30;

/**
 * A scope of at least this share of the corpus is refreshed whole: the full refresh scans each table once,
 * where a scoped one probes per video (measured ~3x slower for a scope of every video of 200k), and it
 * rebuilds the search heads exactly instead of patching them. A first import is such a scope.
 */
const FULL_REFRESH_SHARE = 0.5;

/** Recomputes scores, creator/advertiser aggregates and search side tables; `videoIds` limits the scope. */
export function refreshScores(db: Db, now: number, videoIds?: readonly string[]): void {
  if (videoIds !== undefined && videoIds.length > 0) {
    // seq numbers the videos in insertion order: its max is the corpus size without a count.
    const corpus = db.prepare("SELECT max(seq) FROM videos").pluck().get() as number | null;
    if (videoIds.length >= FULL_REFRESH_SHARE * (corpus ?? 0)) videoIds = undefined;
  }
  db.transaction(() => {
    const scoped = videoIds !== undefined;
    db.exec(
      "DROP TABLE IF EXISTS temp.engine_scope; CREATE TEMP TABLE engine_scope (id TEXT PRIMARY KEY) WITHOUT ROWID",
    );
    db.exec(
      "DROP TABLE IF EXISTS temp.engine_creators; CREATE TEMP TABLE engine_creators (uid TEXT PRIMARY KEY) WITHOUT ROWID",
    );
    if (scoped) {
      db.prepare("INSERT OR IGNORE INTO engine_scope SELECT value FROM json_each(?)").run(
        JSON.stringify(videoIds),
      );
      db.exec(`INSERT OR IGNORE INTO engine_creators SELECT v.author_uid FROM engine_scope s JOIN videos v ON v.id = s.id;
               INSERT OR IGNORE INTO engine_scope SELECT v.id FROM engine_creators c JOIN videos v ON v.author_uid = c.uid`);
    } else {
      db.exec("INSERT INTO engine_creators SELECT uid FROM creators");
    }
    // Scoped: drive from the scope so video_stats is read by primary key, not scanned.
    const scopeFilter = scoped ? "JOIN engine_scope sc ON sc.id = video_stats.video_id" : "";
    const videoFilter = scoped ? "WHERE v.id IN (SELECT id FROM engine_scope)" : "";
    // The latest observation of any video's counts: growth windows and the trending decay end there on a
    // corpus observed earlier (an imported scrape). A scan of stats_at: ~5 ms at 20k videos.
    const latest = latestObservationTime(db, now);
    refreshVideoGains(db, now, latest, scopeFilter, videoFilter);
    const newest = newestVideoTime(db, now);
    // hire_ready's "published within 30 days": of the newest video, on a corpus with nothing that recent.
    refreshCreatorStats(db, recencyAnchor(newest, now, HIRE_READY_DAYS).at, !scoped);
    // A full refresh moves nearly every video's trending score (it decays with time): the index is
    // rebuilt once (a sort) rather than updated a row at a time (~1M random b-tree updates at 1M videos).
    const asOf = recencyAnchor(newest, now, BREAKOUT_WINDOW_DAYS).at;
    const trendingAt = recencyAnchor(latest, now, TRENDING_WINDOW_DAYS).at;
    if (scoped) refreshVideoScores(db, now, videoFilter, asOf, trendingAt);
    else
      withoutIndex(db, "engine_videos_trending", () =>
        refreshVideoScores(db, now, videoFilter, asOf, trendingAt),
      );
    refreshAdvertiserStats(db, scoped);
    refreshCreatorSearch(db, scoped);
    refreshSearchHeads(db, scoped ? [...(videoIds ?? [])] : undefined);
  })();
}

function refreshVideoGains(
  db: Db,
  now: number,
  latest: number | null,
  scopeFilter: string,
  videoFilter: string,
): void {
  // A window in which nothing was observed (an imported scrape collected earlier) ends at the corpus's latest
  // observation instead: within-corpus recency, as breakout and trend reports (recency.ts).
  const end = (days: number) => recencyAnchor(latest, now, days).at;
  const startOfDay = (t: number) => Math.floor(t / DAY) * DAY;
  const starts = {
    // "Today" on such a corpus: the 24 hours up to its latest observation.
    today: latest !== null && latest < startOfDay(now) ? latest - DAY : startOfDay(now),
    d2: end(2) - 2 * DAY,
    d7: end(7) - 7 * DAY,
    d30: end(30) - 30 * DAY,
  };
  // Counts only grow, so the plays at "the latest snapshot at or before S" is max(plays) over those snapshots.
  const aggregates = Object.keys(starts)
    .map(
      (w) => `max(plays) FILTER (WHERE observed_at <= :${w}) AS before_${w},
        min(plays) FILTER (WHERE observed_at > :${w}) AS after_plays_${w},
        min(observed_at) FILTER (WHERE observed_at > :${w}) AS after_at_${w}`,
    )
    .join(",\n");
  db.exec("DROP TABLE IF EXISTS temp.engine_snap");
  db.prepare(
    `CREATE TEMP TABLE engine_snap AS SELECT video_id, min(observed_at) AS first_at, ${aggregates}
     FROM video_stats ${scopeFilter} GROUP BY video_id`,
  ).run(starts);
  db.exec("CREATE UNIQUE INDEX temp.engine_snap_video ON engine_snap(video_id)");
  const gain = (w: string) => `max(0, v.plays - coalesce(s.before_${w},
      CASE WHEN v.created_at >= :${w} OR s.after_at_${w} IS NULL OR s.after_at_${w} <= v.created_at THEN 0
      ELSE s.after_plays_${w} * (:${w} - v.created_at) * 1.0 / (s.after_at_${w} - v.created_at) END))`;
  db.prepare(
    `INSERT OR REPLACE INTO engine_video_gains (video_id, gain_today, gain_2d, gain_7d, gain_30d)
     SELECT v.id, ${gain("today")}, ${gain("d2")}, ${gain("d7")}, ${gain("d30")}
     FROM videos v LEFT JOIN engine_snap s ON s.video_id = v.id ${videoFilter}`,
  ).run(starts);
}

/** `asOf`: where hire_ready's publication window ends (now, or the newest video of an old corpus). */
function refreshCreatorStats(db: Db, asOf: number, full: boolean): void {
  const since30 = asOf - HIRE_READY_DAYS * DAY;
  // Full: one scan grouped by a sort (probing per creator was ~2.5x slower at 1M videos). The ln sum adds
  // in seq order on both paths, so a scoped refresh gives exactly the figures a full one does.
  const videos = full
    ? "videos v NOT INDEXED"
    : "engine_creators scope CROSS JOIN videos v ON v.author_uid = scope.uid";
  db.prepare(
    `INSERT OR REPLACE INTO engine_creator_stats
       (uid, videos, ad_videos, sum_ln_plays, gain_2d, gain_7d, gain_30d, engagement_30d, last_video_at)
     SELECT c.uid, coalesce(a.videos, 0), coalesce(a.ad_videos, 0), coalesce(a.sum_ln_plays, 0),
       coalesce(a.gain_2d, 0), coalesce(a.gain_7d, 0), coalesce(a.gain_30d, 0), coalesce(a.engagement_30d, 0),
       a.last_video_at
     FROM engine_creators c LEFT JOIN (
       SELECT v.author_uid AS uid, count(*) AS videos,
         sum(v.label_ad = 1 OR v.platform_ad = 1) AS ad_videos,
         sum(ln(1.0 + v.plays) ORDER BY v.seq) AS sum_ln_plays,
         sum(g.gain_2d) AS gain_2d, sum(g.gain_7d) AS gain_7d, sum(g.gain_30d) AS gain_30d,
         sum(v.likes + v.comments + v.shares + v.saves) FILTER (WHERE v.created_at >= :since30) * 1.0
           / nullif(sum(v.plays) FILTER (WHERE v.created_at >= :since30), 0) AS engagement_30d,
         max(v.created_at) AS last_video_at
       FROM ${videos} LEFT JOIN engine_video_gains g ON g.video_id = v.id
       GROUP BY v.author_uid
     ) a ON a.uid = c.uid`,
  ).run({ since30 });
  db.prepare(
    `UPDATE creators SET
       is_advertised = (SELECT s.ad_videos > 0 FROM engine_creator_stats s WHERE s.uid = creators.uid),
       is_hire_ready = (SELECT s.last_video_at >= :since30 AND s.engagement_30d >= ${HIRE_READY_ENGAGEMENT}
                        FROM engine_creator_stats s WHERE s.uid = creators.uid)
         AND is_house = 0
         AND NOT coalesce((SELECT count(*) >= 2 AND count(DISTINCT advertiser_id) = 1 FROM videos v
                           WHERE v.author_uid = creators.uid AND v.advertiser_id IS NOT NULL), 0)
     WHERE uid IN (SELECT uid FROM engine_creators)`,
  ).run({ since30 });
}

/**
 * velocity, trending, breakout and early_breakout in one pass over the videos (each UPDATE rewrites every
 * row it touches). Reads engine_snap (refreshVideoGains) and engine_creator_stats (refreshCreatorStats).
 */
/** `trendingAt`: where the trending decay is measured from (now, or the latest observation of an old corpus). */
function refreshVideoScores(
  db: Db,
  now: number,
  videoFilter: string,
  asOf: number,
  trendingAt: number,
): void {
  db.prepare(
    `WITH prev AS (
       SELECT v.id, v.plays, v.stats_at, v.created_at, s.videos AS creator_videos, s.sum_ln_plays,
         (SELECT followers FROM creators c WHERE c.uid = v.author_uid) AS followers,
         -- Only a video with a snapshot before its latest has a previous one: the others skip both probes.
         CASE WHEN snap.first_at < v.stats_at THEN (SELECT max(observed_at) FROM video_stats p
           WHERE p.video_id = v.id AND p.observed_at < v.stats_at) END AS prev_at,
         CASE WHEN snap.first_at < v.stats_at THEN (SELECT max(plays) FROM video_stats p
           WHERE p.video_id = v.id AND p.observed_at < v.stats_at) END AS prev_plays
       FROM videos v LEFT JOIN engine_snap snap ON snap.video_id = v.id
       LEFT JOIN engine_creator_stats s ON s.uid = v.author_uid ${videoFilter}
     ), base AS (
       SELECT id, plays, stats_at, created_at,
         max(0.0, plays - coalesce(prev_plays, 0)) / max(1.0, (stats_at - coalesce(prev_at, min(created_at, stats_at))) / ${HOUR}.0) AS velocity,
         CASE WHEN creator_videos - 1 >= ${BASELINE_MIN_OTHERS}
           THEN exp((sum_ln_plays - ln(1.0 + plays)) / (creator_videos - 1)) - 1
           WHEN followers > 0 THEN ${FOLLOWER_REACH} * followers END AS baseline
       FROM prev
     ), scored AS (
       SELECT id, stats_at, velocity,
         CASE WHEN baseline IS NULL OR created_at < :asOf - ${BREAKOUT_WINDOW_DAYS * DAY} THEN 0
           ELSE (1.0 + plays) / (1.0 + baseline) END AS breakout,
         CASE WHEN baseline IS NULL OR created_at < :asOf - ${EARLY_MAX_AGE_HOURS * HOUR} OR created_at > :now THEN 0
           ELSE (plays / max(6.0, (:asOf - created_at) / ${HOUR}.0)) / ((1.0 + baseline) / 72.0) END AS early
       FROM base
     ), final AS (
       SELECT id, velocity,
         CASE WHEN stats_at < :trendingAt - ${TRENDING_WINDOW_DAYS * DAY} THEN 0
           ELSE velocity * pow(0.5, max(0, :trendingAt - stats_at) / ${DAY}.0) END AS trending,
         CASE WHEN breakout >= ${BREAKOUT_FACTOR} THEN breakout ELSE 0 END AS breakout,
         CASE WHEN early >= ${EARLY_FACTOR} THEN early ELSE 0 END AS early
       FROM scored
     )
     UPDATE videos SET velocity = final.velocity, trending_score = final.trending,
       breakout_score = final.breakout, early_breakout_score = final.early
     FROM final WHERE videos.id = final.id
       -- A row whose scores did not move is not rewritten (most of them, on a refresh after a small import).
       AND (videos.velocity IS NOT final.velocity OR videos.trending_score IS NOT final.trending
         OR videos.breakout_score IS NOT final.breakout OR videos.early_breakout_score IS NOT final.early)`,
  ).run({ now, asOf, trendingAt });
}

/**
 * Runs `fn` with the index dropped, then creates it again as it was (inside the caller's transaction, so
 * other connections never see it missing).
 */
function withoutIndex(db: Db, name: string, fn: () => void): void {
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
    .pluck()
    .get(name) as string | undefined;
  if (sql) db.exec(`DROP INDEX "${name}"`);
  fn();
  if (sql) db.exec(sql);
}

function refreshAdvertiserStats(db: Db, scoped: boolean): void {
  const filter = scoped
    ? "WHERE a.id IN (SELECT DISTINCT v.advertiser_id FROM engine_scope s JOIN videos v ON v.id = s.id)"
    : "";
  db.exec(
    `INSERT OR REPLACE INTO engine_advertiser_stats
       (advertiser_id, videos, creators, gain_today, gain_2d, gain_7d, gain_30d, last_video_at)
     SELECT a.id, count(v.id), count(DISTINCT v.author_uid),
       coalesce(sum(g.gain_today), 0), coalesce(sum(g.gain_2d), 0), coalesce(sum(g.gain_7d), 0),
       coalesce(sum(g.gain_30d), 0), max(v.created_at)
     FROM advertisers a LEFT JOIN videos v ON v.advertiser_id = a.id
     LEFT JOIN engine_video_gains g ON g.video_id = v.id
     ${filter}
     GROUP BY a.id`,
  );
}
