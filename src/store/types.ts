import type { FactsRepository } from "./facts.js";

/**
 * The storage contract the domain depends on: one repository per concern, engine-neutral. An
 * implementation (today `sqlite/`, later `postgres/`) returns plain rows (Unix-second times, raw counts);
 * the domain turns them into the public records, pages them and applies defaults. Every list method that
 * takes a `limit` returns at most `limit + 1` rows so the caller can tell whether a next page exists.
 * Lists are ordered `key DESC, id DESC`, resumed after a KeysetPosition. Text arrives already normalised
 * (`store/text.ts`): every implementation indexes and matches those tokens.
 */

/** Resume point of a `key DESC, id DESC` list: the last row's key and id. */
export type KeysetPosition = { k: number; id: string };

/** One row of a ranked list: the id and the sort key it was ranked by. */
export interface Keyed {
  id: string;
  key: number;
}

export type YesNoAny = "any" | "yes" | "no";
export type VideoSort = "best_match" | "trending" | "newest" | "views" | "comments" | "reposts";
export type BrowseSort = Exclude<VideoSort, "best_match">;
export type Feed = "breakout" | "early_breakout" | "trending" | "newest";

export interface VideoFilter {
  ad?: YesNoAny;
  hook?: YesNoAny;
  viral_hook?: YesNoAny;
  media_type?: "any" | "video" | "slideshow";
  region?: string;
  language?: string;
}

export interface LabelValue {
  value: string;
  confidence: number;
}

/** What a video summary is made of, as stored. */
export interface VideoRow {
  id: string;
  caption: string;
  hookText: string | null;
  hookType: string | null;
  createdAt: number;
  mediaType: "video" | "slideshow";
  region: string | null;
  language: string | null;
  durationS: number | null;
  musicId: string | null;
  musicTitle: string | null;
  musicAuthor: string | null;
  /** Space-separated, lower case, without '#'. */
  hashtags: string;
  authorUid: string;
  authorHandle: string;
  advertiserId: string | null;
  advertiserName: string | null;
  url: string | null;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  statsAt: number;
  /** The filter labels (ad, hook, viral_hook) that have an observation. */
  labels: Partial<Record<"ad" | "hook" | "viral_hook", LabelValue>>;
}

export interface SnapshotRow {
  observedAt: number;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
}

export interface LabelRow {
  label: string;
  value: string;
  confidence: number;
  modelVersion: string;
  evidence: string;
  observedAt: number;
}

/** Everything of one video beyond its summary row. */
export interface VideoDetailRow {
  createdAt: number;
  statsAt: number;
  transcript: string | null;
  authorUid: string;
  advertiserId: string | null;
  velocity: number;
  trending: number;
  breakout: number;
  earlyBreakout: number;
  /** Oldest first. */
  snapshots: SnapshotRow[];
  labels: LabelRow[];
}

export interface VideoRepository {
  /**
   * Videos holding every term (normalised tokens, at least one), in `sort` order, after `position`:
   * best_match = text relevance (the implementation's) lifted by popularity. `total` is the exact match
   * count when the implementation knows it cheaply, else null (very common terms are ranked over a bounded
   * candidate set, so the count is unknown). `query` is the user's text as typed: an implementation may
   * read "quoted phrases", compounds and hashtag stems from it (matching more, never fewer, videos).
   */
  search(
    terms: readonly string[],
    sort: VideoSort,
    filter: VideoFilter,
    limit: number,
    position: KeysetPosition | null,
    query?: string,
  ): Promise<{ rows: Keyed[]; total: number | null }>;
  /** Every video passing the filter, in `sort` order. */
  browse(
    sort: BrowseSort,
    filter: VideoFilter,
    limit: number,
    position: KeysetPosition | null,
  ): Promise<Keyed[]>;
  /** A ranked feed (definitions in the metrics guide); breakout feeds hold only non-zero scores. */
  feed(feed: Feed, limit: number, position: KeysetPosition | null): Promise<Keyed[]>;
  /** Summary rows in the order asked; unknown ids are skipped. */
  summaries(ids: readonly string[]): Promise<VideoRow[]>;
  detail(id: string): Promise<VideoDetailRow | null>;
  /** A creator's videos, newest first; null when there is no such creator. */
  byCreator(
    uid: string,
    ads: YesNoAny,
    limit: number,
    position: KeysetPosition | null,
  ): Promise<Keyed[] | null>;
  /** An advertiser's videos, newest first; null when there is no such advertiser. */
  byAdvertiser(id: string, limit: number, position: KeysetPosition | null): Promise<Keyed[] | null>;
}

export interface HookRepository {
  /**
   * The precomputed neighbours of a video's hook, best first, with cosine similarity in [0, 1]; a
   * neighbour deleted since is skipped. null: no such video; a video without a hook has none.
   */
  neighbours(id: string): Promise<{ similarity: number; video: VideoRow }[] | null>;
}

export type CreatorWindow = 2 | 7 | 30;
export type CreatorView = "all" | "trending" | "new";
export type CreatorType = "all" | "advertised" | "hire_ready" | "house";

export interface CreatorRow {
  uid: string;
  handle: string;
  nickname: string;
  /** Former handles, oldest first. */
  formerHandles: string[];
  followers: number | null;
  verified: boolean;
  region: string | null;
  advertised: boolean;
  hireReady: boolean;
  house: boolean;
  firstSeen: number;
  videos: number;
  adVideos: number;
  /** Plays gained over 2, 7 and 30 days (0 before the first refresh). */
  gains: Record<CreatorWindow, number>;
}

export interface CreatorQuery {
  /** Name words; the last is matched as a prefix. Empty: browse. */
  terms: readonly string[];
  view: CreatorView;
  type: CreatorType;
  window: CreatorWindow;
  /** view=new: first seen at or after this time. */
  since: number;
}

export interface CreatorRepository {
  /**
   * Creators in the view's order (all: followers, trending: plays gained over the window, new: first
   * seen). With terms, the set is the first few thousand name matches (prefix words match many).
   */
  search(q: CreatorQuery, limit: number, position: KeysetPosition | null): Promise<Keyed[]>;
  /** Summary rows in the order asked; unknown uids are skipped. */
  summaries(uids: readonly string[]): Promise<CreatorRow[]>;
  exists(uid: string): Promise<boolean>;
  /** The uid of the creator whose current handle this is (case-insensitive; the latest updated wins). */
  uidByHandle(handle: string): Promise<string | null>;
  /** The uid of the creator who last used this handle (case-insensitive). */
  uidByFormerHandle(handle: string): Promise<string | null>;
  detail(uid: string): Promise<{
    /** Videos and the sum of ln(1 + plays) over them (the baseline's inputs); null before a refresh. */
    stats: { videos: number; sumLnPlays: number } | null;
    house: { id: string; name: string } | null;
    /** The five newest videos. */
    recentVideoIds: string[];
  } | null>;
}

export type AdvertiserWindow = 0 | 2 | 7 | 30;

export interface AdvertiserRow {
  id: string;
  name: string;
  focus: "apps" | "dtc" | "other";
  industry: string | null;
  domain: string | null;
  /** Aliases other than the name, distinct, sorted. */
  aliases: string[];
  firstSeen: number;
  videos: number;
  creators: number;
  /** Plays gained today (UTC), over 2, 7 and 30 days. */
  gains: Record<AdvertiserWindow, number>;
}

export interface AdvertiserQuery {
  /** Case-insensitive substring of the name or an alias; "" matches every advertiser. */
  q: string;
  view: "all" | "trending" | "new";
  focus: "all" | "apps" | "dtc";
  window: AdvertiserWindow;
  /** view=new: first seen at or after this time. */
  since: number;
}

export interface AdvertiserRepository {
  /**
   * Matches in `key DESC, id DESC` order after `position` (key: video count for all, gain over the window for
   * trending, first seen for new), at most `limit + 1`; `total` counts every match.
   */
  search(
    q: AdvertiserQuery,
    limit: number,
    position: KeysetPosition | null,
  ): Promise<{ rows: Keyed[]; total: number }>;
  summaries(ids: readonly string[]): Promise<AdvertiserRow[]>;
  detail(id: string): Promise<{
    topCreators: { uid: string; handle: string; videos: number }[];
    recentVideoIds: string[];
  } | null>;
}

export type TrendKind = "hashtag" | "sound" | "hook_pattern" | "format";

export interface TrendReportRow {
  id: string;
  kind: TrendKind;
  subject: string;
  title: string;
  summary: string;
  periodStart: number;
  periodEnd: number;
  signal: { videos: number; previous_videos: number; growth_ratio: number; plays: number };
  publishedAt: number;
}

/** A video as the trend build reads it. */
export interface TrendVideoRow {
  id: string;
  createdAt: number;
  hashtags: string;
  musicId: string | null;
  musicTitle: string | null;
  hookType: string | null;
  mediaType: string;
  durationS: number | null;
  plays: number;
  trending: number;
}

export interface TrendRepository {
  /** Published reports, newest first then by id, from `offset`; and how many there are. */
  list(limit: number, offset: number): Promise<{ rows: TrendReportRow[]; total: number }>;
  get(id: string): Promise<{
    report: TrendReportRow;
    examples: { rank: number; videoId: string; note: string }[];
  } | null>;
  /** The newest video's creation time at or before `notAfter` (null: none): where recency windows end. */
  newestVideoAt(notAfter: number): Promise<number | null>;
  /** The oldest video's creation time (null: no video): with the newest, the span a calendar period can select from. */
  oldestVideoAt(): Promise<number | null>;
  /** The latest observation of any video's counts at or before `notAfter` (null: none): where growth windows end. */
  latestObservationAt(notAfter: number): Promise<number | null>;
  /** Videos created in (from, to]. */
  videosCreatedBetween(from: number, to: number): AsyncIterable<TrendVideoRow>;
  /** Replaces every published report with these, atomically. */
  replaceReports(
    reports: readonly {
      report: TrendReportRow;
      examples: readonly { rank: number; videoId: string; note: string }[];
    }[],
  ): Promise<void>;
}

/**
 * The corpus store the domain reads (identity, limits and analyst runs still use the SQLite handle). Every
 * method is asynchronous, so that a networked engine (PostgreSQL) implements the same contract; the embedded
 * SQLite store answers synchronously inside.
 */
export interface Store {
  readonly videos: VideoRepository;
  readonly hooks: HookRepository;
  readonly creators: CreatorRepository;
  readonly advertisers: AdvertiserRepository;
  readonly trends: TrendRepository;
  /** Linking and aggregate reads of the analyst (what no tool offers). */
  readonly facts: FactsRepository;
}
