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
  /** Videos matching none of these, each read as `q` is ("#hagiangloop but not #hagiang"). */
  exclude_q?: readonly string[];
  /** Videos matching at least one of these, each read as `q` is ("videos about Da Lat or Sa Pa"). */
  any_q?: readonly string[];
  region?: string;
  language?: string;
  media_type?: "video" | "slideshow";
  ad?: "yes" | "no";
  hook?: "yes" | "no";
  viral_hook?: "yes" | "no";
  hook_type?: string;
  /** Whether the source recorded a transcript (speech to text) for the video. */
  transcript?: "yes" | "no";
  /** Whether the video has a caption (blank is none; one of hashtags only is a caption). */
  caption?: "yes" | "no";
  /** Whether the source recorded a region (a language) for the video: "videos without a region". */
  region_recorded?: "yes" | "no";
  language_recorded?: "yes" | "no";
  /** Captions holding each of these strings as written ("💯": emoji, which no word search finds). */
  caption_contains?: readonly string[];
  /** Captions holding none of these strings (a blank caption holds none): the other side of `caption_contains`. */
  caption_lacks?: readonly string[];
  /** Captions holding any emoji (a character in EMOJI_RANGES; flags count), or none (a blank caption holds none). */
  caption_emoji?: "yes" | "no";
  /** Videos whose caption, opening line or transcript states a price (PRICE_PATTERN), or none does. */
  price?: "yes" | "no";
  /** Videos whose caption gives a phone number (PHONE_PATTERN), or none does (a blank caption gives none). */
  phone?: "yes" | "no";
  author_uid?: string;
  /** Videos by one of these creators ("the hashtags of the top 10 creators"). */
  author_uids?: readonly string[];
  /** Videos by none of these creators ("top Dak Lak videos, leaving out @flytapsu"). */
  exclude_author_uids?: readonly string[];
  advertiser_id?: string;
  /** Videos of one of these advertisers ("advertisers who posted in both 2024 and 2025"). */
  advertiser_ids?: readonly string[];
  /** Published at or after (Unix seconds). */
  since?: number;
  /** Published before (Unix seconds). */
  until?: number;
  /** Published on one of these days of the week (UTC; 0 is Sunday): "videos posted on weekends". */
  weekdays?: readonly number[];
  /** Published in one of these hours of the day (UTC, 0-23): "videos posted between 6 and 9 pm". */
  hours?: readonly number[];
  /** Videos using one of these sounds (music ids): "videos using the song Shape Of You". */
  sound_ids?: readonly string[];
  /** Videos using none of these sounds (or no recorded sound): the other side of `sound_ids`. */
  exclude_sound_ids?: readonly string[];
  /** Videos found in one of these collections (searches, named scrapes; see video_collections): "the hotelcantho search". */
  collections?: readonly string[];
  /** Only these videos (ids): which of a list pass the rest of the filter. */
  ids?: readonly string[];
  /** None of these videos: the others of a set of ids ("rooms under 500k vs the rest"). */
  exclude_ids?: readonly string[];
  /** Reached an audience: some plays, and at least this many (a rate ranking's reach floor). */
  min_plays?: number;
  /**
   * Counts above or below values ("more than 1 million views and fewer than 1,000 comments": plays over
   * 1000000, comments under 1000), latest snapshot; every bound must hold.
   */
  counts?: readonly CountBound[];
  /** One count above another ("more comments than likes"), latest snapshot; every pair must hold. */
  exceeds?: readonly { more: CountMetric; than: CountMetric }[];
  /**
   * Rates above or below values ("a like rate over 5 %": like_rate over 0.05), latest snapshot; a video without
   * plays has no rate and passes no bound; every bound must hold.
   */
  rates?: readonly RateBound[];
}

/** A rate (a count, or the engagement counts, over plays) above and/or below a fraction (exclusive). */
export interface RateBound {
  rate: RateValue;
  over?: number;
  under?: number;
}

/** The values that are a rate over plays. */
export type RateValue = "engagement" | "like_rate" | "comment_rate" | "share_rate" | "save_rate";

/** SQL of each rate bound over `videos v`, `param` binding each bound's number (both stores). */
export function rateBoundsSql(
  bounds: readonly RateBound[],
  real: string,
  param: (value: number) => string,
): string[] {
  return bounds.flatMap((b) => {
    const rate = valueSql(b.rate, real);
    return [
      "v.plays > 0",
      ...(b.over !== undefined ? [`${rate} > ${param(b.over)}`] : []),
      ...(b.under !== undefined ? [`${rate} < ${param(b.under)}`] : []),
    ];
  });
}

/** A count above and/or below a value (exclusive). */
export interface CountBound {
  metric: CountMetric;
  over?: number;
  under?: number;
}

/**
 * The counts a question can bound: the latest counts, how many hashtags a video carries, and its recorded
 * length in seconds (a slideshow, or a video without one, passes no bound on it).
 */
export type CountMetric =
  | "plays"
  | "likes"
  | "comments"
  | "shares"
  | "saves"
  | "hashtags"
  | "seconds"
  /** Characters (code points) in the caption, hashtags included, as the caption length bands count them. */
  | "characters";

/** The videos column of each counted metric (a closed set: SQL never takes the name from the question). */
export const COUNT_COLUMNS: Readonly<
  Record<Exclude<CountMetric, "hashtags" | "seconds" | "characters">, string>
> = {
  plays: "plays",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saves: "saves",
};

/** SQL of a CountMetric over `videos v` (both stores bound counts with it). */
export const countSql = (metric: CountMetric): string =>
  metric === "hashtags"
    ? HASHTAG_COUNT_SQL
    : metric === "seconds"
      ? "(CASE WHEN v.media_type = 'video' THEN v.duration_s END)"
      : metric === "characters"
        ? CAPTION_LENGTH_SQL
        : `v.${COUNT_COLUMNS[metric]}`;

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
  /** The trending order's key (recency-weighted view velocity, as of the last refresh). */
  trending: number;
}

/** What a set of videos can be split by in the store; a video whose key is null belongs to no group. */
export type FactsSplit =
  | "creator"
  | "advertiser"
  | "sound"
  /** The artist the source credits the video's sound to (musicAuthor); none recorded: no group. */
  | "artist"
  | "hashtag"
  /** The collections (searches) a video was found in: a video is in the group of each. */
  | "collection"
  | "hook"
  | "hook_type"
  | "ad"
  /** 1 for a video with a recorded transcript, 0 for the others. */
  | "transcript"
  | "weekday"
  /** 1 for Saturday and Sunday (UTC), 0 for the other days. */
  | "weekend"
  | "hour"
  /** The calendar day "YYYY-MM-DD", UTC. */
  | "day"
  /** The week's Monday "YYYY-MM-DD" (weeks run Monday to Sunday, UTC). */
  | "week"
  | "month"
  | "quarter"
  | "year"
  | "length"
  | "caption_length"
  | "hashtag_count"
  | "region"
  | "language"
  | "media_type";

/** The per-video value a group's median and sum are of. */
export type FactsValue =
  | "plays"
  | "likes"
  | "comments"
  | "shares"
  | "saves"
  | "engagement"
  /** One count over plays (0 for a video without plays). */
  | "like_rate"
  | "comment_rate"
  | "share_rate"
  | "save_rate"
  | CountRatio
  | "duration"
  /** How many hashtags a video carries. */
  | "hashtag_count"
  /** Publication time (Unix seconds): the oldest videos are those nearest 0. */
  | "published";

/** A count that another count may be divided by. */
export type RatioCount = "likes" | "comments" | "shares" | "saves";

/** One count over another: "saves_per_like" is saves ÷ likes (0 for a video without likes). */
export type CountRatio = {
  [C in RatioCount]: `${C}_per_${Exclude<RatioCount, C> extends `${infer One}s` ? One : never}`;
}[RatioCount];

const RATIO_COUNTS: readonly RatioCount[] = ["likes", "comments", "shares", "saves"];

/** Every ratio of two different counts. */
export const COUNT_RATIOS = RATIO_COUNTS.flatMap((count) =>
  RATIO_COUNTS.filter((per) => per !== count).map((per) => `${count}_per_${per.slice(0, -1)}` as CountRatio),
);

export const isCountRatio = (value: string): value is CountRatio =>
  (COUNT_RATIOS as readonly string[]).includes(value);

/** A ratio's two counts: "saves_per_like" → saves over likes. */
export const ratioCounts = (value: CountRatio): { count: RatioCount; per: RatioCount } => {
  const [count, per] = value.split("_per_") as [RatioCount, string];
  return { count, per: `${per}s` as RatioCount };
};

/** A text field of a video whose words a question counts: the caption, the opening line, the transcript. */
export type TextField = "caption" | "hook" | "transcript";

/** The videos column of each text field (a closed set: SQL never takes the name from the question). */
export const TEXT_COLUMNS: Readonly<Record<TextField, string>> = {
  caption: "caption",
  hook: "hook_text",
  transcript: "transcript",
};

/**
 * SQL true when a video was published on one of `values` of a calendar field, given the store's SQL of the field:
 * days of the week (UTC; 0 is Sunday, `max` 6), hours of the day (UTC, `max` 23).
 */
export function calendarSql(values: readonly number[], field: string, max: number): string {
  // Whole numbers 0-max only: nothing of the question reaches the SQL.
  const kept = [...new Set(values)].filter((d) => Number.isInteger(d) && d >= 0 && d <= max);
  return kept.length === 0 ? "1 = 0" : `${field} IN (${kept.join(", ")})`;
}

/** SQL true when a video's `field` text is not blank (both stores): a transcript recorded, a caption written. */
export const hasTextSql = (field: TextField) => `length(trim(coalesce(v.${TEXT_COLUMNS[field]}, ''))) > 0`;

/** The fields a filter can ask to be present or absent (texts, codes), with the SQL both stores add for it. */
export function presenceSql(filter: FactsFilter): string[] {
  const texts = (["transcript", "caption"] as const).flatMap((field) => {
    const want = filter[field];
    return want === undefined ? [] : [want === "yes" ? hasTextSql(field) : `NOT (${hasTextSql(field)})`];
  });
  const codes = (["region", "language"] as const).flatMap((column) => {
    const want = filter[`${column}_recorded`];
    return want === undefined ? [] : [`v.${column} IS ${want === "yes" ? "NOT " : ""}NULL`];
  });
  return [...texts, ...codes];
}

/**
 * The code points read as emoji in a caption ("captions with emoji"): pictographs, symbols and flags
 * (U+1F000-1FAFF), miscellaneous symbols and dingbats (☀-➿), technical symbols (⌚ ⏰) and arrows and stars (⭐).
 */
export const EMOJI_RANGES: readonly (readonly [number, number])[] = [
  [0x1f000, 0x1faff],
  [0x2600, 0x27bf],
  [0x2300, 0x23ff],
  [0x2b00, 0x2bff],
];

/**
 * A price as captions and transcripts write one: a figure and a currency or its shorthand after it ("350k/đêm",
 * "1.686.000đ", "2 triệu", "450 xu", "20 USD") or a currency sign before it ("$10", "£7"), not followed by a letter
 * or digit ("5km", "2k4") nor by a count's word ("10k views", "1tr lượt xem"); "1tr5" (1.5 million) and the slang
 * "2 củ" (2 million) too, not "2N1Đ" (two days, one night) nor "10 Củ Chi" (a street). Written in the syntax both
 * JavaScript and PostgreSQL regular expressions read alike (case-sensitive; each case listed).
 */
export const PRICE_PATTERN =
  "(?:(?<![0-9][Nn])[0-9] ?(?:tr|Tr|TR)[0-9](?![0-9])|(?<![0-9][Nn])[0-9] ?(?:(?:củ|Củ|CỦ)(?! [Cc]hi)|k|K|tr|Tr|TR|triệu|Triệu|TRIỆU|trieu|Trieu|TRIEU|đ|Đ|vnd|VND|Vnd|vnđ|VNĐ|Vnđ|đồng|Đồng|ĐỒNG|usd|USD|Usd|xu|Xu|XU|nghìn|Nghìn|NGHÌN|nghin|Nghin|NGHIN|ngàn|Ngàn|NGÀN|\\$|₫|€|£)|[$₫€£] ?[0-9]+)(?![0-9A-Za-zÀ-ɏḀ-ỿ]| ?(?:views?|Views?|VIEWS?|follow|Follow|likes?|Likes?|subs?|lượt|Lượt|fans?|Fans?|tym|tim|shares?|comments?|cmt|videos?|Videos?))";

const PRICE = new RegExp(PRICE_PATTERN);
/** Whether `text` states a price (PRICE_PATTERN), as both stores test it. */
export const statesPrice = (text: string): boolean => PRICE.test(text);

/**
 * A phone number as Vietnamese captions give one: 10 or 11 digits opening with 0 (or +84 / 84 for it), or a
 * 1900/1800 hotline of 8 to 10 digits, grouped by spaces, dots or hyphens ("0907.097.677", "0276 3 822 999",
 * "+84 905 123 456", "1900 1870"), with no digit around it (so no longer figure, and no price: "1.686.000đ" opens
 * with no 0). Written in the syntax both JavaScript and PostgreSQL regular expressions read alike.
 */
export const PHONE_PATTERN =
  "(?<![0-9.,])(?:(?:[+]84|84|0)[ .-]?[1-9](?:[ .-]?[0-9]){8,9}|(?:1900|1800)(?:[ .-]?[0-9]){4,6})(?![0-9])";

const PHONE = new RegExp(PHONE_PATTERN);
/** Whether `text` gives a phone number (PHONE_PATTERN), as both stores test it. */
export const givesPhone = (text: string): boolean => PHONE.test(text);

/** The texts PRICE_PATTERN is tested on, one per line (a figure at the end of one and a unit opening the next are no price). */
export const PRICE_TEXT_SQL = (newline: string) =>
  `coalesce(v.caption, '') || ${newline} || coalesce(v.hook_text, '') || ${newline} || coalesce(v.transcript, '')`;

/** Each range of EMOJI_RANGES as written in a character class ("a-z"). */
export const emojiClass = (): string =>
  EMOJI_RANGES.map(([from, to]) => `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`).join("");

/** SQL of how many hashtags a video carries (stored once each, separated by single spaces). */
const HASHTAG_COUNT_SQL =
  "(CASE WHEN coalesce(v.hashtags, '') = '' THEN 0 ELSE length(v.hashtags) - length(replace(v.hashtags, ' ', '')) + 1 END)";

/** SQL of a caption's length: characters (code points) in both stores' length(), none for no caption. */
const CAPTION_LENGTH_SQL = "length(coalesce(v.caption, ''))";

/** Length bands' upper bounds in seconds: band i holds durations under LENGTH_BOUNDS[i], the last the rest. */
export const LENGTH_BOUNDS: readonly number[] = [15, 30, 60, 180];

/** Caption length bands' upper bounds in characters (the whole caption, hashtags included), as LENGTH_BOUNDS. */
export const CAPTION_BOUNDS: readonly number[] = [50, 100, 150, 300];

/** Bands of the number of hashtags a video carries: none, 1-2, 3-5, 6-10, 11 or more. */
export const HASHTAG_COUNT_BOUNDS: readonly number[] = [1, 3, 6, 11];

/** SQL of the band index of `expr` under `bounds`: i for values under bounds[i], bounds.length for the rest. */
const bandSql = (expr: string, bounds: readonly number[]) =>
  `CASE ${bounds.map((bound, i) => `WHEN ${expr} < ${bound} THEN ${i}`).join(" ")} ELSE ${bounds.length} END`;

/** Figures of one group of a split (or of the whole set), computed in the store. */
export interface FactsGroup {
  /**
   * The group as the store keys it: creator, advertiser and sound their ids; hashtag one tag (a video is in
   * the group of each of its tags); hook and ad 1/0; weekday 0 (Sunday) to 6 and hour 0-23, UTC; month
   * "YYYY-MM", quarter "YYYY-Qn" and year "YYYY", UTC; length, caption_length and hashtag_count the band's index in LENGTH_BOUNDS,
   * CAPTION_BOUNDS and HASHTAG_COUNT_BOUNDS; the column's value otherwise; null for the
   * whole set.
   */
  key: string | number | null;
  videos: number;
  /** Videos with a value (duration: regular videos with a recorded length; every video otherwise). */
  valued: number;
  /** The median per-video value (the mean of the two middle ones for an even count); null when none. */
  median: number | null;
  /** The highest per-video value; null when none ("the best video is 12× the median": how uneven a group is). */
  highest: number | null;
  sum: number;
  plays: number;
  /**
   * The summed numerator of the value's pooled rate (over `base`): for a one-count rate (`share_rate`) or a
   * ratio (`saves_per_like`) that count, else likes + comments + shares + saves (the pooled engagement rate).
   */
  interactions: number;
  /** The summed divisor of the value's pooled rate: the count a ratio divides by, plays otherwise. */
  base: number;
  /** The distinct creators of the group's videos, when asked for (`{ creators: true }`). */
  creators?: number;
}

/**
 * The SQL of a split's key and of a per-video value over `videos v`, in the SQL both stores speak; `time`
 * gives each store's UTC calendar fields of `v.created_at` (Unix seconds).
 */
export function splitSql(
  by: FactsSplit,
  time: { weekday: string; hour: string; day: string; week: string; month: string; collections: string },
): string {
  switch (by) {
    case "creator":
      return "v.author_uid";
    case "advertiser":
      return "v.advertiser_id";
    case "sound":
      return "v.music_id";
    case "artist":
      return "NULLIF(TRIM(v.music_author), '')";
    case "hashtag":
      // Space-separated tags: each store splits them (see its groups) and tests one with hashtagSql.
      return "v.hashtags";
    case "collection":
      // The video's collections joined by COLLECTION_SEPARATOR (a store's dialect), split as hashtags are.
      return time.collections;
    case "hook":
      return "v.label_hook";
    case "ad":
      return "v.label_ad";
    case "transcript":
      return `CASE WHEN ${hasTextSql("transcript")} THEN 1 ELSE 0 END`;
    case "weekday":
      return time.weekday;
    case "weekend":
      return `CASE WHEN ${time.weekday} IN (0, 6) THEN 1 ELSE 0 END`;
    case "hour":
      return time.hour;
    case "day":
      return time.day;
    case "week":
      return time.week;
    case "month":
      return time.month;
    case "year":
      return `substr(${time.month}, 1, 4)`;
    case "quarter":
      // "2025-Q1": both stores take an integer's text after ||, and divide integers whole.
      return `substr(${time.month}, 1, 4) || '-Q' || ((CAST(substr(${time.month}, 6, 2) AS INTEGER) + 2) / 3)`;
    case "length":
      return `CASE WHEN v.media_type = 'video' AND v.duration_s IS NOT NULL THEN ${bandSql("v.duration_s", LENGTH_BOUNDS)} END`;
    case "caption_length":
      return bandSql(CAPTION_LENGTH_SQL, CAPTION_BOUNDS);
    case "hashtag_count":
      return bandSql(HASHTAG_COUNT_SQL, HASHTAG_COUNT_BOUNDS);
    case "hook_type":
    case "region":
    case "language":
    case "media_type":
      return `v.${by}`;
  }
}

/**
 * SQL true when a video's space-separated hashtags hold the tag at the placeholder `tag`; `find` is the
 * store's substring search (SQLite instr, PostgreSQL strpos: both haystack first).
 */
export const hashtagSql = (tag: string, find: "instr" | "strpos") =>
  `${find}(' ' || v.hashtags || ' ', ' ' || CAST(${tag} AS TEXT) || ' ') > 0`;

/** Between a video's collections in the "collection" split's key (a control character no name holds). */
export const COLLECTION_SEPARATOR = "\u001f";

/** Whether the video is in the collection bound as `name` (both stores). */
export const collectionSql = (name: string) =>
  `v.id IN (SELECT video_id FROM video_collections WHERE collection = ${name})`;

/** The collection names in the corpus, one probe of video_collections' key each (a loose index scan; both stores). */
export const DISTINCT_COLLECTIONS_SQL = `WITH RECURSIVE names(v) AS (
     SELECT min(collection) FROM video_collections
     UNION ALL
     SELECT (SELECT min(collection) FROM video_collections WHERE collection > names.v) FROM names WHERE names.v IS NOT NULL
   ) SELECT v FROM names WHERE v IS NOT NULL`;

/** A per-video value in SQL, as a double where it is a ratio (`real` names the store's double type). */
export function valueSql(value: FactsValue, real: string): string {
  if (isCountRatio(value)) {
    const base = rateBaseSql(value);
    return `CASE WHEN ${base} = 0 THEN 0.0 ELSE CAST(${rateNumeratorSql(value)} AS ${real}) / ${base} END`;
  }
  switch (value) {
    case "engagement":
    case "like_rate":
    case "comment_rate":
    case "share_rate":
    case "save_rate":
      return `CASE WHEN v.plays = 0 THEN 0.0 ELSE CAST(${rateNumeratorSql(value)} AS ${real}) / v.plays END`;
    case "duration":
      return "CASE WHEN v.media_type = 'video' THEN v.duration_s END";
    case "hashtag_count":
      return HASHTAG_COUNT_SQL;
    case "published":
      return "v.created_at";
    default:
      return `v.${COUNT_COLUMNS[value]}`;
  }
}

/** The count a value's pooled rate sums over its base (FactsGroup.interactions), over `videos v`. */
export const rateNumeratorSql = (value: FactsValue): string =>
  isCountRatio(value)
    ? `v.${ratioCounts(value).count}`
    : value === "like_rate"
      ? "v.likes"
      : value === "comment_rate"
        ? "v.comments"
        : value === "share_rate"
          ? "v.shares"
          : value === "save_rate"
            ? "v.saves"
            : "v.likes + v.comments + v.shares + v.saves";

/** What a value's pooled rate divides by (FactsGroup.base), over `videos v`: a ratio's second count, else plays. */
export const rateBaseSql = (value: FactsValue): string =>
  isCountRatio(value) ? `v.${ratioCounts(value).per}` : "v.plays";

/** The columns of a VideoFact, over `videos v` (both stores read them with this list). */
export const VIDEO_FACT_COLUMNS = `v.id, v.author_uid, v.advertiser_id, v.created_at, v.media_type, v.duration_s, v.region,
  v.language, v.hashtags, v.hook_type, v.label_ad, v.label_hook, v.plays, v.likes, v.comments, v.shares, v.saves,
  v.music_id, v.music_title, v.trending_score AS trending`;

/** What a question may restrict creators by: followers (null: not recorded) and the creator types. */
export interface CreatorFact {
  followers: number | null;
  advertised: boolean;
  hire_ready: boolean;
  house: boolean;
  /** The platform's verification badge, as the source recorded it. */
  verified: boolean;
}

/** Both stores read a CreatorFact with this SELECT (and their own WHERE on uid). */
export const CREATOR_FACTS =
  "SELECT uid, followers, is_advertised, is_hire_ready, is_house, verified FROM creators";

export interface CreatorFactRow {
  uid: string;
  followers: string | number | null;
  is_advertised: number;
  is_hire_ready: number;
  is_house: number;
  verified: number;
}

export const creatorFact = (r: CreatorFactRow): CreatorFact => ({
  followers: r.followers === null ? null : Number(r.followers),
  advertised: r.is_advertised === 1,
  verified: Number(r.verified) === 1,
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
  /** A verified account (the platform's badge): a display name that is also a hashtag names this person. */
  verified: boolean;
  /** How it was linked: current handle, former handle or nickname. */
  by: "handle" | "former_handle" | "nickname";
}

/** A creators row as the stores' linking reads select it. */
export interface CreatorLinkRow {
  uid: string;
  handle: string;
  nickname: string;
  verified: number;
}

export const linkedCreator = (row: CreatorLinkRow, by: LinkedCreator["by"]): LinkedCreator => ({
  uid: row.uid,
  handle: row.handle,
  nickname: row.nickname,
  verified: row.verified === 1,
  by,
});

/** A sound the corpus's videos use, for linking its title in a question. */
/** A word of the search index and how many videos use it (in any text field). */
export interface IndexedWord {
  word: string;
  videos: number;
}

export interface SoundName {
  id: string;
  title: string;
  videos: number;
}

export interface CorpusCodes {
  regions: Set<string>;
  languages: Set<string>;
  collections: Set<string>;
}

/**
 * The distinct values of `column` ("region" or "language") present in the corpus, one index probe each (a
 * loose index scan over videos_region / videos_language; the same SQL in both stores): at 1M videos a
 * DISTINCT over the table took 0.7 s of every analyst question, this takes under a millisecond.
 */
export const distinctCodesSql = (column: "region" | "language"): string =>
  `WITH RECURSIVE codes(v) AS (
     SELECT min(${column}) FROM videos WHERE ${column} IS NOT NULL
     UNION ALL
     SELECT (SELECT min(${column}) FROM videos WHERE ${column} > codes.v) FROM codes WHERE codes.v IS NOT NULL
   ) SELECT v FROM codes WHERE v IS NOT NULL`;

/** Both stores read SoundName rows per (music id, title) with this SELECT, then merge them with soundNamesOf. */
export const SOUND_TITLES = `SELECT music_id AS id, music_title AS title, count(*) AS videos FROM videos
  WHERE music_id IS NOT NULL AND music_title IS NOT NULL GROUP BY music_id, music_title`;

/**
 * SOUND_TITLES for the sounds carrying any of `titles` titles: `equal(i)` and `like(i)` are the i-th title's
 * conditions, whose parameters are the title, then `${title} - %` escaped with \\ (titledLike).
 */
export const soundTitledSql = (
  titles: number,
  equal: (i: number) => string,
  like: (i: number) => string,
): string =>
  `SELECT music_id AS id, music_title AS title, count(*) AS videos FROM videos
  WHERE music_id IN (SELECT music_id FROM videos WHERE ${Array.from({ length: titles }, (_, i) => `${equal(i)} OR ${like(i)}`).join(" OR ")})
    AND music_title IS NOT NULL
  GROUP BY music_id, music_title`;

/** Text matched as written inside a LIKE pattern: "%", "_" and the escape "\\" escaped with "\\". */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A sound credited to an artist named in a question: its music id, title and credited artist (music_author). */
export interface ArtistSound {
  id: string;
  title: string;
  artist: string;
  videos: number;
}

/**
 * The sounds whose credited artist is any of `names` (case-insensitive), or starts with it and a space ("Percy
 * Faith" for "Percy Faith And His Orchestra"): `equal(i)` and `like(i)` are the i-th name's conditions, whose
 * parameters are the name, then `${name} %` escaped with \\ (artistLike). One pass over the videos.
 */
export const soundsByArtistSql = (
  names: number,
  equal: (i: number) => string,
  like: (i: number) => string,
): string =>
  `SELECT music_id AS id, music_title AS title, music_author AS artist, count(*) AS videos FROM videos
  WHERE music_id IS NOT NULL AND music_title IS NOT NULL AND music_author IS NOT NULL
    AND (${Array.from({ length: names }, (_, i) => `${equal(i)} OR ${like(i)}`).join(" OR ")})
  GROUP BY music_id, music_title, music_author`;

/** The LIKE pattern of an artist's name before a space and more of it ("%" and "_" in it taken as written). */
export const artistLike = (name: string): string => `${likeEscaped(name)} %`;

/** One ArtistSound per music id and artist, its videos in all, under the title most of them carry. */
export function artistSoundsOf(
  rows: readonly { id: string; title: string; artist: string; videos: number | string }[],
): ArtistSound[] {
  const byKey = new Map<string, ArtistSound & { best: number }>();
  for (const r of rows) {
    const n = Number(r.videos);
    const key = `${r.id}\u0000${r.artist}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { id: r.id, title: r.title, artist: r.artist, videos: n, best: n });
    else {
      seen.videos += n;
      if (n > seen.best || (n === seen.best && r.title < seen.title)) {
        seen.title = r.title;
        seen.best = n;
      }
    }
  }
  return [...byKey.values()]
    .map(({ best: _, ...sound }) => sound)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.artist < b.artist ? -1 : 1));
}

/** The LIKE pattern of a title before " - " and an artist ("%" and "_" in it taken as written). */
export const titledLike = (title: string): string => `${likeEscaped(title)} - %`;

/** One SoundName per music id: its videos in all, under the title most of them carry (the first in code order on a tie). */
export function soundNamesOf(
  rows: readonly { id: string; title: string; videos: number | string }[],
): SoundName[] {
  const byId = new Map<string, { title: string; best: number; videos: number }>();
  for (const r of rows) {
    const n = Number(r.videos);
    const seen = byId.get(r.id);
    if (!seen) byId.set(r.id, { title: r.title, best: n, videos: n });
    else {
      seen.videos += n;
      if (n > seen.best || (n === seen.best && r.title < seen.title)) {
        seen.title = r.title;
        seen.best = n;
      }
    }
  }
  return [...byId].map(([id, s]) => ({ id, title: s.title, videos: s.videos }));
}

export interface AdvertiserName {
  id: string;
  name: string;
  /** Lower-cased name and aliases (names, handles, domains) that resolve to it. */
  names: string[];
}

/** Every advertiser with its aliases, a row per alias (advertiserNamesOf folds them). */
export const ADVERTISER_NAMES =
  "SELECT a.id, a.name, x.alias FROM advertisers a LEFT JOIN advertiser_aliases x ON x.advertiser_id = a.id";

export function advertiserNamesOf(
  rows: readonly { id: string; name: string; alias: string | null }[],
): AdvertiserName[] {
  const byId = new Map<string, AdvertiserName>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, name: row.name, names: [row.name.toLowerCase()] };
    if (row.name.toLowerCase().endsWith(" app")) entry.names.push(row.name.toLowerCase().slice(0, -4));
    if (row.alias) entry.names.push(row.alias.toLowerCase().replace(/^@/, ""));
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}

/**
 * A read kept per connection (a SQLite handle, a PostgreSQL pool) while the corpus stays at the `version` it
 * was read at, concurrent callers sharing one read; a failed read is not kept. The planner reads the
 * advertiser names before every question: 27,000 advertisers with 57,000 aliases (1M generated videos) take
 * 130-330 ms each time.
 */
export class CorpusMemo<T> {
  private readonly kept = new WeakMap<object, { version: string; value: Promise<T> }>();

  get(owner: object, version: string, read: () => Promise<T>): Promise<T> {
    const known = this.kept.get(owner);
    if (known?.version === version) return known.value;
    const value = read();
    this.kept.set(owner, { version, value });
    value.catch(() => {
      if (this.kept.get(owner)?.value === value) this.kept.delete(owner);
    });
    return value;
  }

  /** After this connection's own write (which moves no version another connection would see). */
  forget(owner: object): void {
    this.kept.delete(owner);
  }
}

/** The aggregate and linking reads of the analyst (implemented per store engine). */
export interface FactsRepository {
  /** The creator whose current (else former) handle is exactly `handle` (case-insensitive). */
  creatorByHandle(handle: string): Promise<LinkedCreator | null>;
  /** The one creator whose display name is exactly `name` (case-insensitive); null when none or several. */
  creatorByNickname(name: string): Promise<LinkedCreator | null>;
  /** Every advertiser's names; one list shared by the callers while the corpus is unchanged (read only). */
  advertiserNames(): Promise<readonly AdvertiserName[]>;
  /** Every sound the videos use (music id, its title, how many videos), for linking titles. */
  soundNames(): Promise<SoundName[]>;
  /**
   * The sounds titled any of `titles` (case-insensitive; or before " - " and an artist), each with all its
   * videos: one pass over the videos (1.0-1.2 s at 1M videos, against 5.4 s for soundNames), for titles quoted.
   */
  soundsTitledAs(titles: readonly string[]): Promise<SoundName[]>;
  /**
   * The sounds credited to any of `names` (case-insensitive, or a longer credit starting with it and a space), per
   * music id and artist: one pass over the videos, for artists named ("songs by AMEE", '"Love Story" by Disco
   * Lines').
   */
  soundsByArtist(names: readonly string[]): Promise<ArtistSound[]>;
  /** How many videos (up to `cap`) carry `word` as a hashtag. */
  hashtagUse(word: string, cap?: number): Promise<number>;
  /**
   * The words of the search index (folded, as `q` matches them) that start with `prefix` and are `minLength` to
   * `maxLength` characters long, each with how many videos use it: the spellings near a word the corpus does not
   * use ("vungtao" → vungtau).
   */
  indexedWords(prefix: string, minLength: number, maxLength: number): Promise<IndexedWord[]>;
  nameOf(type: "creator" | "advertiser", id: string): Promise<string>;
  /** These creators' follower counts and types; unknown UIDs are left out. */
  creators(uids: readonly string[]): Promise<Map<string, CreatorFact>>;
  /** The region and language codes present in the corpus, and the names of its collections (searches). */
  codes(): Promise<CorpusCodes>;
  /** The matching videos; with `top`, only the `top` most played (plays, then id, descending). */
  videos(filter: FactsFilter, top?: number): Promise<VideoFact[]>;
  count(filter: FactsFilter): Promise<number>;
  /**
   * The non-blank `field` text of the `top` most played matching videos (plays, then id, descending), in that
   * order, with each video's id: the words a question counts ("the most common words in hotel hooks").
   */
  texts(filter: FactsFilter, field: TextField, top: number): Promise<{ id: string; text: string }[]>;
  coverage(filter: FactsFilter): Promise<FactsCoverage>;
  /**
   * The matching videos split by each of `splits` (null: one group, the whole set), each group's size and
   * the median and sum of `value`, computed in the store: a million videos never leave it. One list of
   * groups per split, in the order asked; groups in no particular order; videos whose key is null are in
   * none.
   */
  groups(
    filter: FactsFilter,
    splits: readonly (FactsSplit | null)[],
    value: FactsValue,
    options?: { creators?: boolean },
  ): Promise<FactsGroup[][]>;
  /** The `n` most played videos (plays, then id, descending) of one group of `groups` (by null: of all). */
  groupTop(
    filter: FactsFilter,
    by: FactsSplit | null,
    key: string | number | null,
    n: number,
  ): Promise<VideoFact[]>;
  /** The `n` matching videos with the highest `value` (then by id, descending), among those with a value. */
  topBy(filter: FactsFilter, value: FactsValue, n: number): Promise<VideoFact[]>;
  /** The `n`-th highest `value` (1-based) among the matching videos with a value; null when fewer have one. */
  nthHighest(filter: FactsFilter, value: FactsValue, n: number): Promise<number | null>;
  /** The `n` matching videos whose `value` is nearest `target` (then by id), among those with a value. */
  nearest(filter: FactsFilter, value: FactsValue, target: number, n: number): Promise<VideoFact[]>;
}
