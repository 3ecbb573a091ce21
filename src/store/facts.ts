/**
 * The local analyst's only direct reads of the store (read-only SQL), for what no registry tool offers:
 *  - linking names in a question to entities (exact handle / nickname / advertiser alias look-ups, whether a
 *    word is a hashtag the corpus uses);
 *  - aggregates over a filtered set of videos (counts, shares, group-bys, medians). The filter means exactly
 *    what the same arguments mean to `service_search_videos` (`q` expanded as the search expands it, region,
 *    language, media type, ad/hook/viral-hook labels), plus an author, an advertiser and a publication window.
 * Everything else the analyst says comes from registry tools.
 */

export interface FactsFilter {
  q?: string;
  region?: string;
  language?: string;
  media_type?: "video" | "slideshow";
  ad?: "yes" | "no";
  hook?: "yes" | "no";
  viral_hook?: "yes" | "no";
  hook_type?: string;
  author_uid?: string;
  advertiser_id?: string;
  /** Published at or after (Unix seconds). */
  since?: number;
  /** Published before (Unix seconds). */
  until?: number;
  /** A count above or below a value ("more than 1 million views": plays over 1000000), latest snapshot. */
  count?: { metric: CountMetric; over?: number; under?: number };
}

/** The counts a question can bound. */
export type CountMetric = "plays" | "likes" | "comments" | "shares" | "saves";

/** The videos column of each CountMetric (a closed set: SQL never takes the name from the question). */
export const COUNT_COLUMNS: Readonly<Record<CountMetric, string>> = {
  plays: "plays",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saves: "saves",
};

export interface VideoFact {
  id: string;
  author_uid: string;
  advertiser_id: string | null;
  created_at: number;
  media_type: "video" | "slideshow";
  /** Length in seconds as the source recorded it (null: not recorded). */
  duration_s: number | null;
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
  /** The sound (music) the video uses, when the source recorded one. */
  music_id: string | null;
  music_title: string | null;
}

/** What a question may restrict creators by: followers (null: not recorded) and the creator types. */
export interface CreatorFact {
  followers: number | null;
  advertised: boolean;
  hire_ready: boolean;
  house: boolean;
}

/** Both stores read a CreatorFact with this SELECT (and their own WHERE on uid). */
export const CREATOR_FACTS = "SELECT uid, followers, is_advertised, is_hire_ready, is_house FROM creators";

export interface CreatorFactRow {
  uid: string;
  followers: string | number | null;
  is_advertised: number;
  is_hire_ready: number;
  is_house: number;
}

export const creatorFact = (r: CreatorFactRow): CreatorFact => ({
  followers: r.followers === null ? null : Number(r.followers),
  advertised: r.is_advertised === 1,
  hire_ready: r.is_hire_ready === 1,
  house: r.is_house === 1,
});

/** How much of a filtered set of videos carries the fields a question may filter on. */
export interface FactsCoverage {
  videos: number;
  /** Videos with a known region (scraped items often have none). */
  withRegion: number;
  withLanguage: number;
  /** The newest publication time (Unix seconds), null when the set is empty. */
  newest: number | null;
}

export interface LinkedCreator {
  uid: string;
  handle: string;
  nickname: string;
  /** How it was linked: current handle, former handle or nickname. */
  by: "handle" | "former_handle" | "nickname";
}

export interface AdvertiserName {
  id: string;
  name: string;
  /** Lower-cased name and aliases (names, handles, domains) that resolve to it. */
  names: string[];
}

/** The aggregate and linking reads of the analyst (implemented per store engine). */
export interface FactsRepository {
  /** The creator whose current (else former) handle is exactly `handle` (case-insensitive). */
  creatorByHandle(handle: string): Promise<LinkedCreator | null>;
  /** The one creator whose display name is exactly `name` (case-insensitive); null when none or several. */
  creatorByNickname(name: string): Promise<LinkedCreator | null>;
  advertiserNames(): Promise<AdvertiserName[]>;
  /** How many videos (up to `cap`) carry `word` as a hashtag. */
  hashtagUse(word: string, cap?: number): Promise<number>;
  nameOf(type: "creator" | "advertiser", id: string): Promise<string>;
  /** These creators' follower counts and types; unknown UIDs are left out. */
  creators(uids: readonly string[]): Promise<Map<string, CreatorFact>>;
  codes(): Promise<{ regions: Set<string>; languages: Set<string> }>;
  /** The matching videos; with `top`, only the `top` most played (plays, then id, descending). */
  videos(filter: FactsFilter, top?: number): Promise<VideoFact[]>;
  count(filter: FactsFilter): Promise<number>;
  coverage(filter: FactsFilter): Promise<FactsCoverage>;
}
