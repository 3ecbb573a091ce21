import { DAY, HOUR } from "../../clock.js";
import type { Db } from "../../store/connection.js";
import type { ParsedQuestion } from "./question.js";

/**
 * Breakouts are the service's own: a video is a breakout when it is in the `breakout` feed (breakout_score > 0)
 * and an early breakout when it is in `early_breakout` — the definitions of the metrics guide — so the
 * analyst and the feeds never disagree.
 */
export const EARLY_AGE_SECONDS = 72 * HOUR;
/** A creator's median needs this many videos (used for the median figures the answers quote). */
export const MIN_BASELINE_VIDEOS = 3;

export interface VideoFacts {
  id: string;
  author_uid: string;
  advertiser_id: string | null;
  created_at: number;
  media_type: "video" | "slideshow";
  region: string | null;
  language: string | null;
  hashtags: string;
  hook_type: string | null;
  label_ad: number;
  label_hook: number;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  breakout_score: number;
  early_breakout_score: number;
}

export interface Selection {
  videos: VideoFacts[];
  /** Topic words that matched nothing in the corpus and were ignored. */
  ignoredWords: string[];
  /** The filters applied, as the `aggregate` step reports them. */
  filters: Record<string, unknown>;
}

/**
 * Where time windows end: the corpus's latest stats observation (so windows still mean something on a stale
 * import), but never later than the clock.
 */
export function windowEnd(db: Db, clockNow: number): number {
  const latest = db.prepare<[], { now: number | null }>("SELECT MAX(stats_at) AS now FROM videos").get()?.now;
  return Math.min(clockNow, latest ?? clockNow);
}

const ftsQuery = (words: string[]) => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" AND ");

/** The videos a question is about: topic words (full text), region, language, media, ad flag, time window, named entities. */
export function selectVideos(
  db: Db,
  q: ParsedQuestion,
  now: number,
  options: { byCreators: boolean; byAdvertisers: boolean },
): Selection {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const filters: Record<string, unknown> = {};
  const ignoredWords: string[] = [];
  const words: string[] = [];
  for (const word of q.topicWords) {
    const hit = db
      .prepare<[string], { rowid: number }>("SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? LIMIT 1")
      .get(ftsQuery([word]));
    if (hit) words.push(word);
    else ignoredWords.push(word);
  }
  if (words.length > 0) {
    where.push("v.seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ?)");
    params.push(ftsQuery(words));
    filters.topic = words.join(" ");
  }
  const add = (clause: string, value: string | number, name: string, shown: unknown = value) => {
    where.push(clause);
    params.push(value);
    filters[name] = shown;
  };
  if (q.region) add("v.region = ?", q.region, "region");
  if (q.language) add("v.language = ?", q.language, "language");
  if (q.mediaType) add("v.media_type = ?", q.mediaType, "media_type");
  if (q.ad !== null) add("v.label_ad = ?", q.ad ? 1 : 0, "ad", q.ad ? "yes" : "no");
  if (q.hook !== null) add("v.label_hook = ?", q.hook ? 1 : 0, "hook", q.hook ? "yes" : "no");
  if (q.windowDays !== null) {
    add("v.created_at >= ?", now - q.windowDays * DAY, "created_since", now - q.windowDays * DAY);
    filters.window_days = q.windowDays;
  }
  if (options.byCreators && q.creators.length > 0) {
    where.push(`v.author_uid IN (${q.creators.map(() => "?").join(", ")})`);
    params.push(...q.creators.map((c) => c.uid));
    filters.creators = q.creators.map((c) => c.uid);
  }
  if (options.byAdvertisers && q.advertisers.length > 0) {
    where.push(`v.advertiser_id IN (${q.advertisers.map(() => "?").join(", ")})`);
    params.push(...q.advertisers.map((a) => a.id));
    filters.advertisers = q.advertisers.map((a) => a.id);
  }
  const videos = db
    .prepare<(string | number)[], VideoFacts>(
      `SELECT v.id, v.author_uid, v.advertiser_id, v.created_at, v.media_type, v.region, v.language, v.hashtags,
              v.hook_type, v.label_ad, v.label_hook, v.plays, v.likes, v.comments, v.shares, v.saves,
              v.breakout_score, v.early_breakout_score
       FROM videos v ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`,
    )
    .all(...params);
  return { videos, ignoredWords, filters };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Each creator's median plays over all their videos (creators with too few videos are left out). */
export function creatorBaselines(db: Db, uids: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  const statement = db.prepare<[string], { plays: number }>("SELECT plays FROM videos WHERE author_uid = ?");
  for (const uid of new Set(uids)) {
    const plays = statement.all(uid).map((r) => r.plays);
    if (plays.length >= MIN_BASELINE_VIDEOS) out.set(uid, median(plays) as number);
  }
  return out;
}

/** How far the video out-runs its creator: the breakout factor, else the early-breakout ratio; null if neither. */
export function breakoutMultiple(video: VideoFacts, _baselines?: Map<string, number>): number | null {
  if (video.breakout_score > 0) return video.breakout_score;
  if (video.early_breakout_score > 0) return video.early_breakout_score;
  return null;
}

export function isBreakout(
  video: VideoFacts,
  _baselines: Map<string, number>,
  kind: "breakout" | "early",
  _now: number,
): boolean {
  return kind === "early" ? video.early_breakout_score > 0 : video.breakout_score > 0;
}

export function engagementRate(videos: readonly VideoFacts[]): number | null {
  const plays = videos.reduce((s, v) => s + v.plays, 0);
  if (plays === 0) return null;
  return videos.reduce((s, v) => s + v.likes + v.comments + v.shares + v.saves, 0) / plays;
}

export function metricOf(
  video: VideoFacts,
  metric: "plays" | "likes" | "comments" | "shares" | "saves" | "engagement",
): number {
  if (metric === "engagement")
    return video.plays === 0 ? 0 : (video.likes + video.comments + video.shares + video.saves) / video.plays;
  return video[metric];
}

/** Plays gained since `since`: latest plays minus the last snapshot at or before `since` (0 when none). */
export function playsGained(db: Db, videoIds: readonly string[], since: number): Map<string, number> {
  const before = db.prepare<[string, number], { plays: number }>(
    "SELECT plays FROM video_stats WHERE video_id = ? AND observed_at <= ? ORDER BY observed_at DESC LIMIT 1",
  );
  const latest = db.prepare<[string], { plays: number }>("SELECT plays FROM videos WHERE id = ?");
  const out = new Map<string, number>();
  for (const id of videoIds) {
    const end = latest.get(id)?.plays ?? 0;
    out.set(id, Math.max(0, end - (before.get(id, since)?.plays ?? 0)));
  }
  return out;
}
