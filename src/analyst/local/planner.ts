import { addTo } from "../../shared/group-by.js";
import { foldText } from "../../shared/text/normalize.js";
import { editDistance } from "../../shared/text/spelling.js";
import type { WordKind } from "../../shared/text/word-counts.js";
import {
  type AdvertiserName,
  type ArtistSound,
  type CountMetric,
  type CountRatio,
  type FactsRepository,
  type IndexedWord,
  isCountRatio,
  type LinkedCreator,
  ratioCounts,
  type SoundName,
  statesPrice,
  type TextField,
} from "../../store/facts.js";
import { asksOf, short, unframed } from "./framing.js";
import {
  anotherPeriod,
  CAPTION_BANDS,
  COUNTS,
  type CountRate,
  CUES,
  consecutiveWindows,
  DAY_PARTS,
  DEMONYM_OF_LANGUAGE,
  EXPORT_FIELD_RE,
  EXPORT_FLAG_BOTH,
  EXPORT_FLAG_SPLIT,
  exportFieldWords,
  exportSplitWords,
  FUNCTION_WORDS,
  HASHTAG_COUNT_BANDS,
  HOOK_TYPE_WORDS,
  type HourSpan,
  holidayReadings,
  holidayWords,
  hourSpans,
  impossibleDates,
  isRate,
  LANGUAGE_WORDS,
  LENGTH_BANDS,
  METRIC_WORDS,
  type Metric,
  MONTH_RE,
  monthFirstDates,
  ordinalNumber,
  QUOTED as PASSAGE,
  type Period,
  periodBefore,
  periodsApart,
  periodsWithin,
  RATE_COUNT,
  REGION_WORDS,
  readWindow,
  readWindowBefore,
  SUBJECT_WORDS,
  type Subject,
  singular,
  TYPOS,
  UNKNOWN_MEASURES,
  utcHours,
  WHAT_TO_MAKE,
  type WindowReading,
} from "./lexicon.js";
import { type PriceBound, priceBoundsSaid, priceBoundWords } from "./prices.js";
import { fromSpoken } from "./spoken.js";
import { fromStructured } from "./structured.js";
import { fromVietnamese } from "./vietnamese.js";

export type Intent =
  | "rank"
  | "compare"
  | "count"
  | "share"
  | "measure"
  | "breakdown"
  | "trend_report"
  | "profile"
  | "newest"
  | "trending"
  | "breakout"
  | "overview"
  /** What went with more views (or the metric asked): the set split by each recorded property. */
  | "drivers"
  /** How often a creator or advertiser posts, or the creators (advertisers) of a set do. */
  | "cadence"
  /** "The most common words in hotel hooks": the words (phrases, emoji) of a text field, counted per video. */
  | "words"
  /** One or more videos named by id: their records ("tell me about video 739…", "is 739… an ad?"). */
  | "video"
  | "decline";

/** How a one-sided bound compares: "more than" is over, "at least" includes the value. */
type BoundOp = "over" | "at least" | "under" | "at most";

/** A bound on a creator's followers (or on an account's number of videos): one side, or both ends inclusive. */
export type FollowersBound = { op: BoundOp; value: number } | { op: "between"; value: number; to: number };

/** A bound as a label reads it: "over 10,000", "between 10,000 and 50,000". */
export function boundWords(bound: FollowersBound): string {
  return bound.op === "between"
    ? `between ${bound.value.toLocaleString("en-US")} and ${bound.to.toLocaleString("en-US")}`
    : bound.op === "at most" && bound.value === 0
      ? "no"
      : `${bound.op} ${bound.value.toLocaleString("en-US")}`;
}

/**
 * Groups by publication time (UTC): weekday, weekend or not, hour, calendar day, week (Monday to Sunday), month,
 * quarter, year, or the two calendar periods named (`window.periods`).
 */
type TimeGroup = "weekday" | "weekend" | "hour" | "day" | "week" | "month" | "quarter" | "year" | "period";

/** The groups a ranking can be repeated within: each one a period, a day of the week, a label's value or a topic. */
export type PerGroupSplit =
  | Exclude<TimeGroup, "hour" | "weekend" | "period">
  | "hook_type"
  | "region"
  | "language"
  | "ad"
  | "media_type"
  | "topic"
  | "creator"
  | "advertiser"
  | "sound"
  /** The searches the videos were found by (collections, as imported). */
  | "collection";
/** Groups a ranking is repeated within, unless another number is asked ("for the 5 biggest creators"). */
export const MAX_RANKED_GROUPS = 12;
/** The calendar groups a breakdown reads: days, weeks, months, quarters, years and days of the week. */
const TIME_SPLITS = ["day", "week", "month", "quarter", "year", "weekday"] as const;
const PER_GROUP_SPLITS: readonly string[] = [
  ...TIME_SPLITS,
  "collection",
  "hook_type",
  "region",
  "language",
  "ad",
  "media_type",
];
/**
 * "Posted in every month", "uploaded at least once in each quarter", "active in all three months": each
 * calendar month (quarter) of the window required of an account.
 */
const EVERY_PERIOD =
  /\b(?:post\w*|upload\w*|publish\w*|active|videos?|content)\s+(?:(?:at least )?once\s+|something\s+)?(?:in\s+|during\s+)?(?:every|each|all(?:\s+(?:the|two|three|four|six|twelve|\d{1,2}))?)\s+(?:single\s+)?(months?|quarters?)\b/;

/**
 * "Than those that don't", "vs the rest", "than other hotel videos", "compared with videos without it": the others
 * of a set, against the videos about what was named before.
 */
const THE_REST =
  /\b(?:than|vs\.?|versus|compared? (?:to|with)|compares (?:to|with)|against|outperforms?|beats?)\s+(?:(?:all\s+the|all|the)\s+)?(?:rest|others\b|everything(?: else)?\b|every other (?:video|post|clip|place|destination|city|topic|day|hour|caption)s?\b|day[- ]?time(?:\s+(?:posts?|videos?|uploads?|ones))?\b|not (?:using|tagging|having|including) (?:it|them|one|the tag|the hashtag)\b|other\b(?=[^?.]*?\b(?:videos?|posts?|clips?|ones|captions|places|destinations|cities|topics|days|hours)\b)|(?:[\p{L}]+\s+){0,2}?(?:those|ones|videos|posts|captions|the ones)\s+(?:(?:that|which)\s+)?(?:don'?t|do not|doesn'?t|does not|didn'?t|did not|without)\b)/u;

/** At most this many months or quarters each required of an account (two years of months). */
const MAX_EACH_PERIODS = 24;

/** "More likely to reach 1M plays", "the best chance of passing 100k views": a share of the videos, not a median. */
const LIKELY =
  /\b(?:more|less|most|least) likely\b|\blikelier\b|\b(?:best|better|higher|highest|bigger|biggest|greater|lower) (?:chances?|odds)\b/;

/** Groups a breakdown gives a share of the videos in ("what share of videos are ads each year?"). */
export const SHARE_GROUPS: readonly NonNullable<Plan["groupBy"]>[] = [
  ...TIME_SPLITS,
  "weekend",
  "hour",
  "region",
  "language",
  "ad",
  "length",
  // ("Which hotel search has the highest share of ads?": each search's own.)
  "collection",
  // ("What share of Hue vs Hoi An videos are ads?", "… in 2024 vs 2025?": each topic's or period's own.)
  "topic",
  "period",
];

/** "For each month", "per year", "every weekday": a ranking asked within each group. */
const PER_GROUP =
  /\b(?<cue>(?:for|in|within|across) (?:each|every)(?: single)?|per|each|every|by)\s+(?:of the\s+)?(?:(?:top\s+)?\d{1,2}\s+)?(?:(?:most active|biggest|largest|busiest|top|most used|most popular|calendar|caption)\s+)?(?<split>month|quarter|year|week|day of the week|weekday|day|hook[- ]?type|language|region|country|format|creator|account|influencer|advertiser|brand|sound|song|track)s?\b/;
/** The groups each word of PER_GROUP names. */
const PER_GROUP_WORDS: Readonly<Record<string, PerGroupSplit>> = {
  month: "month",
  quarter: "quarter",
  year: "year",
  week: "week",
  "day of the week": "weekday",
  weekday: "weekday",
  day: "day",
  "hook type": "hook_type",
  "hook-type": "hook_type",
  hooktype: "hook_type",
  language: "language",
  region: "region",
  country: "region",
  format: "media_type",
  creator: "creator",
  account: "creator",
  influencer: "creator",
  advertiser: "advertiser",
  brand: "advertiser",
  sound: "sound",
  song: "sound",
  track: "sound",
};
/** Accounts and sounds as groups: "for the 5 creators who posted the most", "the top 10 sounds". */
const GROUPS_NAMED =
  /\b(?:the |top )(?:top )?(\d{1,2}) (?:most active |biggest |largest |busiest |top |most used |most popular )?(?:creators|accounts|influencers|advertisers|brands|sounds|songs|tracks)\b/;
/** What a ranking within each group ranks: the noun after "top 3", "the best", "the most liked". */
const RANKED_NOUN =
  /\b(?:top|best|leading|biggest|largest|(?:most|highest|(?<!\bat )least|lowest) (?!(?:share|percentage|proportion|fraction|ratio|rate|number|count)\b)\w+)\s+(?:\d{1,2}\s+)?(?:[\p{L}#]+\s+){0,2}?(videos?|posts?|clips?|ads?|creators?|accounts?|influencers?|advertisers?|brands?|sounds?|songs?|hashtags?|tags?)\b/u;
/** "In each search", "for each city search", "per searched place": within every search (or those named for places). */
const EACH_SEARCH =
  /\b(?:each|every|per)\s+(?:(?:city|place|destination|location)\s+)?search(?:es)?\b|\b(?:each|every|per)\s+searched\s+(?:cit(?:y|ies)|places?|destinations?|locations?)\b|\bsearch by search\b/;
/**
 * Accounts ranked by a share of their own videos: "which creators have the highest share of ads?", "which hotel
 * accounts have the largest percentage of slideshows?", "for each creator, what percent of videos are ads?".
 */
const ACCOUNTS_BY_SHARE =
  /^\s*(?:which|what|who|top\s+(?:\d{1,2}\s+)?)\s*(?:[\p{L}]+\s+)?(?:creators?|accounts?|influencers?|tiktokers?|advertisers?|brands?)\b(?:(?![?.;]|\band\b)[\s\S])*?\b(?:highest|lowest|most|least|biggest|largest|greatest|smallest)\s+(?:share|percentage|percent|proportion|fraction|ratio)\b|\b(?:for|in)\s+(?:each|every)\s+(?:creator|account|influencer|advertiser|brand)\b|\bper\s+(?:creator|account|influencer|advertiser|brand)\b[^?]*\b(?:share|percentage|percent|proportion|fraction)\b/u;
/** What an account's share of its videos may be of ("the share of their videos that are ads", "… with a phone number"). */
const SHARE_EACH_KINDS: readonly Attribute["kind"][] = [
  "ad",
  "phone",
  "cta",
  "price",
  "emoji",
  "hook",
  "viral_hook",
  "media_type",
  "transcript",
];
/** "For each of Ha Giang, Quang Binh and Phu Quy": the topics listed after it, each taken apart. */
const EACH_OF = /\b(?:for|in|within|across|of) (?:each|every one|every|all) of\b|\bfor each:/;
/**
 * Words asking for a figure of each thing listed: "how many captions name each brand", "side by side", "next to
 * each other", "for each" (not "for each month", "each creator": groups of another kind).
 */
const PER_ITEM =
  /\b(?:each (?:brand|chain|place|city|destination|property|properties|hotel|resort|one|of them|of the (?:three|two|four|five|brands|places|cities|hotels|names))|for each\b(?!\s+(?:month|week|day|year|quarter|hour|weekday|creator|account|advertiser|sound|hashtag|video|language|region|period|band|group|of\b))|side[- ]by[- ]side|next to each other|respectively|per (?:brand|chain|place|city|destination|property|hotel|resort|name)|which of(?= [\p{L}#@]))\b/u;
/** "The highest share count", "with creator and view count": a count each video has, not a count asked for. */
const MEASURE_COUNT =
  /(?:\b(?:highest|lowest|most|biggest|largest|top|best|by|the|and|with|their|its)|'s) (?:view|play|like|comment|share|save|follower|hashtag) counts?\b/g;
/** A time zone named for hours of the day: Vietnam and its neighbours' (UTC+7), or an offset written out. */
const LOCAL_TIME =
  /\b(?:in\s+)?(?:(?:vietnam(?:ese)?|vn|hanoi|saigon|ho chi minh(?: city)?|ict|indochina|bangkok|thai(?:land)?|jakarta|wib)\s+(?:local\s+)?time(?:\s+zone)?|(?:utc|gmt)\s*(?<sign>[+-])\s*(?<hours>1[0-4]|0?\d)(?::?00)?)\b/;

/** Creator tiers by followers, as marketers name them (ends included): nano 1k-10k, micro 10k-100k, … */
const FOLLOWER_TIERS: Readonly<Record<string, [number, number | null]>> = {
  nano: [1_000, 9_999],
  micro: [10_000, 99_999],
  macro: [100_000, 999_999],
  mega: [1_000_000, null],
};
const FOLLOWER_TIER =
  /\b(nano|micro|macro|mega|small|big|large)[- ]?(influencers?|creators?|accounts?|tiktokers?|kols?)\b/;
/**
 * "Videos from small creators", "which big accounts …": no tier of its own, read as under 10k followers (below
 * micro) and 100k or more, where the creators are picked out ("from", "by", "which") and no count of followers is
 * written ("small accounts (under 5k fans)": that count). "Bigger creators" compares (TIERS_ASKED).
 */
const SIZE_TIERS: Readonly<Record<string, FollowersBound>> = {
  small: { op: "under", value: 10_000 },
  big: { op: "at least", value: 100_000 },
  large: { op: "at least", value: 100_000 },
};
const SIZE_PICKED =
  /(?:^|[^\p{L}])(?<!\b(?:mostly|mainly|only|just|driven|dominated|caused|both)\s+)(?:from|by|of|which|what|show me|find|list|among)\s+(?:the\s+)?$/u;
const FOLLOWERS_WRITTEN = /\b(?:followers?|fans?|followings?|subscribers?|subs)\b|[<>≤≥]\s*\d/;
/** A tier named, with the bounds the question may give it: "nano", "macro 100k+", "micro (10k-100k)". */
const TIER_NAMED =
  /\b(nano|micro|macro|mega)(?:[- ]?(?:influencers?|creators?|accounts?|tiktokers?|kols?|tiers?))?\b(?:\s*[(:=]?\s*(?<bound>(?:under|below|less than|<|over|above|more than|>)\s*\d[\d.,]*\s*(?:k|m)?|\d[\d.,]*\s*(?:k|m)?\s*(?:-|–|to)\s*\d[\d.,]*\s*(?:k|m)?|\d[\d.,]*\s*(?:k|m)?\s*\+)(?:\s*followers)?\s*\)?)?/g;
/**
 * Tiers of followers asked for, none named: "by follower tier", "each tier", "follower bands" (not one "follower
 * tier" shown for each creator listed); "do bigger creators get more likes?", "do creators with more followers …".
 */
const TIERS_ASKED =
  /\b(?:by|per|each|every|across|in each|for each)\s+(?:(?:follower|creator|account|influencer)(?:[- ]count)?[- ](?:tiers?|bands?|brackets?|buckets?|sizes?)|(?:size[- ])?tiers?)\b|\bfollower(?:[- ]count)?[- ](?:tiers|bands|brackets|buckets|ranges)\b|\b(?:creator|account|influencer)[- ](?:size[- ])?tiers\b|\btiers?\s+of\s+(?:followers|creators|accounts|influencers)\b|\bdo(?:es)?\s+(?:bigger|larger|smaller)\s+(?:creators|accounts|influencers|tiktokers)\b|\b(?:creators|accounts|influencers)\s+with\s+(?:more|fewer|bigger|larger|smaller)\s+(?:followers|followings?|audiences?)\s+(?:get|have|see|do|perform)\b/;

/**
 * How two measures go together, followers one of them: "is there a relationship between followers and views?",
 * "does follower count correlate with likes?", "how does follower count predict plays?", "does having more
 * followers mean more views?" (read as the tiers compared). Not "shares vs saves … for 7k followers", "plays per
 * follower", nor a bound ("creators with 100k+ followers vs …").
 */
const RELATED_FOLLOWERS = (() => {
  const f = String.raw`(?:(?:the|an?|their|its)\s+)?(?:(?:an?\s+)?(?:author|creator|account)'?s?\s+)?(?:(?:number|count) of (?:followers|fans)|(?:follower|fan)s?(?:[- ]counts?)?|(?:account|creator|audience)[- ]sizes?)(?:\s*\([^)]{0,40}\))?`;
  const m = String.raw`(?:(?:the|their|median|average|avg|mean|total)\s+){0,2}(?:views?|plays?|play ?counts?|likes?|comments?|shares?|saves?|engagement(?: rates?)?|reach|performance)\b`;
  const noun = "(?:relationships?|relations?|correlations?|links?|connections?|associations?)";
  return new RegExp(
    [
      String.raw`\b${noun}\s+(?:between|of)\s+(?:${f}\s+(?:and|&|with|to|vs\.?|versus)\s+${m}|${m}\s+(?:and|&|with|to|vs\.?|versus)\s+${f})`,
      String.raw`\b${f}\s+(?:(?:actually|really|even|at all)\s+)?(?:correlat\w*|relates?\s+to|related\s+to|linked\s+to|tied\s+to|affects?|matters?\s+for|impacts?|influences?|predicts?|drives?)\s+(?:(?:with|to)\s+)?(?:\S+\s+){0,1}?${m}`,
      String.raw`\b(?:more|bigger|larger)\s+(?:followers|follower counts?|fans|audiences?)\s+(?:\S+\s+){0,2}?(?:mean|get|gets|bring|give|lead to)\s+(?:more|higher|bigger)\s+${m}`,
      // ("Followers vs plays correlation": the two set against each other, a relation named.)
      String.raw`(?=.*\b(?:${noun}|correlat\w*|relates?|related)\b)(?:\b${f}\s+(?:vs\.?|versus)\s+${m}|\b${m}\s+(?:vs\.?|versus)\s+${f})`,
      // ("Follower count vs likes?": the whole question.)
      String.raw`^\s*${f}\s+(?:vs\.?|versus)\s+${m}\s*\??\s*$`,
    ].join("|"),
  );
})();

/** How even an account's videos are: "the most consistent creators (lowest variation in views)", "steady performers". */
const SPREAD_EVEN =
  /\b(?:consistent(?:ly)?|consistency|steady|steadiest|reliabl[ey])\b[^?.;]{0,40}?\b(?:views?|plays?|likes?|performance|performers?|results?|reach|variation|variance|variab\w+)\b|\b(?:views?|plays?|performance|results?|reach)\b[^?.;]{0,30}?\b(?:consistent(?:ly)?|steady|steadiest)\b|\b(?:lowest|least|smallest|low)\s+(?:variation|variance|variability|spread)\b|\bleast variable\b|\bhow consistent\b/;
/** How uneven: "one-hit wonders", "the highest variation in views", "hit or miss". */
const SPREAD_UNEVEN =
  /\bone[- ]?hit[- ]wonders?\b|\bhow variable\b|\bcoefficients? of variation\b|\b(?:highest|most|biggest|largest|high)\s+(?:variation|variance|variability|spread)\b|\bmost variable\b|\bhit[- ]or[- ]miss\b|\b(?:spikiest|most uneven|least consistent|most inconsistent)\b/;
/** The words of SPREAD_EVEN and SPREAD_UNEVEN that say how even (not the measure named with them). */
const SPREAD_WORDS =
  /\b(?:(?:most|more|least|less)\s+)?(?:consistent(?:ly)?|consistency|inconsistent|steady|steadiest|reliabl[ey]|performers?|variation|variance|variability|variable|spread|one[- ]?hit[- ]wonders?|coefficients? of|how|hit[- ]or[- ]miss|spikiest|uneven|lowest|least|smallest|highest|biggest|largest|low|high)\b/g;

/** "What share of (the hotel) <nouns> …": a share asked of accounts (or sounds, hashtags), not of their videos. */
const shareOfSaid = (words: string, nouns: string) =>
  new RegExp(
    String.raw`\b(?:${words}) of (?:the |all )?(?:(?!(?:videos?|posts?|ads?|clips?|by|from|of)\b)[\p{L}#]+ ){0,2}?(?:${nouns})\b`,
    "u",
  );
/** "What percentage of (hotel) creators have over 10k followers?", "how many of the creators are verified?" */
const SHARE_OF_CREATORS = shareOfSaid(
  "share|percentage|percent|proportion|fraction|how many",
  "creators|accounts|influencers|tiktokers",
);
/** "What percentage of creators have posted more than one video?", "what share of sounds are used by 3+ creators?" */
const SHARE_OF_GROUPS = shareOfSaid(
  "share|percentage|percent|proportion|fraction",
  "creators|accounts|influencers|tiktokers|advertisers|brands|hashtags|tags|sounds|songs|tracks",
);

const RATIO_COUNT = "(likes?|comments?|shares?|saves?|bookmarks?)";
/**
 * One count over another: "saves per like", "shares for every 100 likes", "the comments-to-likes ratio",
 * "saves:likes ratio", "the ratio of shares to comments".
 */
const RATIO_PHRASE = new RegExp(
  [
    `${RATIO_COUNT}-(?:to|per)-${RATIO_COUNT}(?: ratios?)?`,
    `${RATIO_COUNT} to ${RATIO_COUNT} ratios?`,
    `${RATIO_COUNT} ?[:/] ?${RATIO_COUNT} ratios?`,
    `${RATIO_COUNT} (?:per|for every|relative to|divided by|as an? (?:share|percentage|proportion|fraction) of) (?:a |each |every |one )?(?:(?:10|100|1,?000|1k|hundred|thousand) )?${RATIO_COUNT}`,
    `ratios? (?:of|between) (?:total )?${RATIO_COUNT} (?:to|and|vs\\.?|versus) (?:total )?${RATIO_COUNT}`,
  ]
    .map((one) => `\\b${one}\\b`)
    .join("|"),
);

/** Rankings per group list this many in each unless a number is asked. */
const PER_GROUP_COUNT = 3;
/** "Which has more creators", "the most accounts": how many creators, not a ranking of them. */
const MORE_CREATORS =
  /\b(?:more|fewer|most|fewest|less)\s+(?:creators|accounts|people|posters|channels|tiktokers)\b/;
const SINGULAR_NOUNS =
  "video|post|clip|ad|creator|account|influencer|advertiser|brand|sound|song|track|hashtag|tag";

/** An attribute a video set can be restricted to (also what a share is asked of). */
export type Attribute =
  | { kind: "ad"; value: "yes" | "no" }
  | { kind: "media_type"; value: "video" | "slideshow" }
  | { kind: "hook"; value: "yes" | "no" }
  | { kind: "viral_hook"; value: "yes" }
  /** Videos the source recorded a transcript (speech to text) for, or none. */
  | { kind: "transcript"; value: "yes" | "no" }
  /** Videos with a caption (blank is none), or none. */
  | { kind: "caption"; value: "yes" | "no" }
  /** Videos the source recorded a region (a language) for, or none: "videos with no region". */
  | { kind: "recorded"; code: "region" | "language"; value: "yes" | "no" }
  | { kind: "hook_type"; value: string }
  | { kind: "region"; value: string }
  | { kind: "language"; value: string }
  /** Videos using one of these sounds: a title linked in the question ("the song Shape Of You"). */
  /** Videos using one of these sounds, or (`except`) none of them: "top sounds excluding original sounds". */
  /** `by`: the artist the sound is credited to, when named ("songs by AMEE": no title, every sound of theirs). */
  | { kind: "sound"; ids: string[]; title: string; except?: boolean; by?: string }
  /** A bound on a count: "more than 1 million views" = plays over 1000000 (latest counts). */
  | { kind: "count"; metric: CountMetric; op: "over" | "at least" | "under" | "at most"; value: number }
  /** One count above another: "more comments than likes" (latest counts). */
  | { kind: "exceeds"; more: CountMetric; than: CountMetric }
  /** A bound on a rate: "a like rate over 5 %" = like_rate over 0.05 (latest counts; videos with plays). */
  | {
      kind: "rate";
      rate: "engagement" | CountRate;
      op: "over" | "at least" | "under" | "at most";
      value: number;
    }
  /** Published in these hours of the day (UTC, 0-23), as the question named them ("18:00-22:00 UTC+7"). */
  | { kind: "hours"; hours: number[]; label: string }
  /** Published on these days of the week (UTC; 0 is Sunday): "on weekends", "on Mondays". */
  | { kind: "days"; days: number[]; label: string }
  /** Videos whose text holds these words, matched like `q` (a share's target: "what share mention price?"). */
  | { kind: "text"; q: string }
  /** Videos about none of this, matched like `q`: "#hagiangloop but not #hagiang". */
  /** Videos about none of this (`tag`: a hashtag written with "#", "top hashtags other than #fyp"). */
  | { kind: "not_text"; q: string; tag?: boolean }
  /** Videos by none of these creators: "top Dak Lak videos, leaving out @flytapsu". */
  | { kind: "not_creator"; uid: string; handle: string }
  /** Videos by this creator, as a share's target: "what share of all plays comes from @x?". */
  | { kind: "creator"; uid: string; handle: string }
  /** Videos about at least one of these, each matched like `q`: "the top videos about Da Lat or Sa Pa". */
  | { kind: "any_text"; qs: string[] }
  /** Captions holding this emoji as written (skin tone and emoji-style marks left off, so every variant matches). */
  | { kind: "emoji"; emoji: string }
  /** Captions with any emoji, or none ("captions with emoji", "no emoji"): the store's EMOJI_RANGES. */
  | { kind: "any_emoji"; value: "yes" | "no" }
  /**
   * Videos whose caption, opening line or transcript states a price ("350k/đêm"), or none does: PRICE_PATTERN.
   * `bound`: one of the prices it states (in đồng, as pricesQuoted reads them) is within it ("rooms under 500k");
   * `ids`: the videos that pass it, read from their texts before the plan is executed (boundPrices).
   */
  | { kind: "price"; value: "yes" | "no"; bound?: PriceBound; ids?: readonly string[] }
  /** Captions that give a phone number ("0907.097.677", "hotline 1900 1870"), or none does: PHONE_PATTERN. */
  | { kind: "phone"; value: "yes" | "no" }
  /** Videos with a call to action (any of CTA_PHRASES in the text), or with none. */
  | { kind: "cta"; value: "yes" | "no" }
  /** Videos found by one of these searches (collections as imported): "the hotelcantho search", "the trending set". */
  | { kind: "collection"; names: string[] };

interface Placed<T> {
  item: T;
  at: number;
}

export interface Plan {
  intent: Intent;
  subject: Subject;
  /** Null when the question names no measure (the intent's default applies). */
  metric: Metric | null;
  window: WindowReading | null;
  /** Full-text topic words (hashtags the corpus uses), as `service_search_videos` reads `q`. */
  topics: string[];
  attributes: Attribute[];
  creators: LinkedCreator[];
  advertisers: { id: string; name: string }[];
  /** Videos named by id (or by a TikTok video URL) that the corpus holds. */
  videos: string[];
  /** "Videos similar to 739…": the videos whose opening hooks read most like the named video's. */
  similar: boolean;
  focus: "apps" | "dtc" | null;
  creatorType: "advertised" | "hire_ready" | "house" | "verified" | null;
  /** "Creators with over 100k followers": a bound on the creators of the answer (subject creators only). */
  followers: FollowersBound | null;
  /**
   * "Which videos went viral from creators with under 10k followers?", "hashtags used by creators with over 1M
   * followers": only the videos whose creator's follower count is within the bound (other subjects).
   */
  authorFollowers: FollowersBound | null;
  /**
   * "How many videos come from verified accounts?": only the videos whose creator has the badge ("yes"), or
   * ("not counting verified accounts": "no") whose creator has none.
   */
  authorVerified: "yes" | "no" | null;
  /**
   * "Creators who posted more than 10 hotel videos", "hashtags on at least 5 videos": a bound on how many of
   * the videos in question each creator (advertiser, hashtag, sound) of the answer has.
   */
  groupVideos: FollowersBound | null;
  /** "Sounds used by more than 5 different creators": a bound on how many creators each group's videos have. */
  groupCreators: FollowersBound | null;
  /** "Creators with median views under 10k": a bound on each group's median video (of 5 or more). */
  groupMedian: { metric: Metric; bound: FollowersBound } | null;
  /**
   * "Which creators are most consistent (lowest variation in views)?", "one-hit wonders": accounts ranked by their
   * best video against their median video, the evenest first ("even") or the most uneven ("uneven").
   */
  spread?: "even" | "uneven";
  early: boolean;
  /** "Which creators have the highest average views per video?": groups ranked by their median per video. */
  perVideo: boolean;
  /**
   * The median per video was asked for in words ("average views per video"); otherwise ("the best performing
   * sound") a ranking whose groups are all too small for one falls back to totals.
   */
  perVideoAsked: boolean;
  /** "Which month had the most total views?": groups of a breakdown measured by their sum, not their median. */
  totals: boolean;
  /** "Which brands work with the most creators?": advertisers ranked by the distinct creators of their videos. */
  byCreators: boolean;
  /** "What hashtags does the top resort video use?": a ranking of videos that shows each one's own of these. */
  usesShown: "hashtags" | "sounds" | "hook_types" | "date" | "price" | null;
  /**
   * "The median quoted price of Da Lat videos", "the cheapest hotel in Da Lat", "the most expensive stays per night":
   * the prices the videos' text states, read from it (prices.ts); `night`: only those said to be for a night.
   */
  /** `hours`: only prices said to be for some hours ("/2h"), asked "per hour"; else those are left out. */
  priceFigure: {
    /** "common": the amounts stated most often, each video's lowest counted once. */
    of: "median" | "lowest" | "highest" | "common";
    night: boolean;
    hours?: true;
    eachSearch?: true;
  } | null;
  /** "Top hashtags other than #fyp and #xuhuong": hashtags a ranking of hashtags leaves out (not its videos). */
  tagsLeftOut: string[];
  /**
   * "Which artists are used most?", "top 10 music authors": sounds grouped by the artist the source credits
   * (musicAuthor), original sounds left out (their credit is the creator who posted them).
   */
  byArtist: boolean;
  /** "Nha trag videos": names the corpus does not use, read as the hashtag nearest to them (said in a caveat). */
  respelt: { written: string; tag: string }[];
  /** "What are people saying in the top hotel videos?": a ranking of videos that quotes what each one says. */
  quotes: boolean;
  /** For `words`: which text of the videos is counted, and what in it. */
  words: { field: TextField; kind: WordKind } | null;
  /**
   * "How many viral hotel videos are ads?", "the average length of viral resort videos": only the most played
   * tenth of the videos in question (VIRAL_SHARE), whose floor the executor reads from the store.
   */
  viral: boolean;
  /**
   * "How many of the top 100 videos are ads?": only the N most played of the videos in question (ties at the
   * floor included), selected as `viral` selects its tenth; null otherwise.
   */
  topPlayed: number | null;
  /** What `viral` and `topPlayed` select the most of: plays, or the count named ("the most shared videos"). */
  viralBy: "plays" | "likes" | "comments" | "shares" | "saves";
  /** "The second most viewed video": the place in a ranking of videos asked for (the ranking runs to it). */
  nth: number | null;
  /**
   * For `measure`: the other counts named beside `metric` ("the median views, likes and comments"), each measured;
   * for a ranking of accounts by videos ("… post the most, and how do their views compare?"), each one's median.
   */
  alsoMeasured: Metric[];
  /** The part of the videos in question `viral` selects: a tenth (VIRAL_SHARE), or the percentage named ("the top 5 %"). */
  viralShare: number;
  /**
   * "Which hashtags do the top creators use?": only the videos of the N creators with the most followers among
   * the authors of the videos in question; null otherwise.
   */
  topCreators: number | null;
  /** For `count`: "… Top 5 of those by plays": how many of the most played to give as examples (else 3). */
  examples?: number;
  /**
   * "Which creators have posted about both Da Lat and Nha Trang?": the creators with at least one video about
   * each of these topics (not one video about both); the topics are no filter on the videos then.
   */
  eachTopic: string[];
  /**
   * "Which hashtags grew the most from 2024 to 2025?": the two periods a ranking by change is measured between,
   * the earlier first (no window then).
   */
  changeBetween: Period[];
  /**
   * "What share of views do the top 10 creators get?": how much of the measure (views unless another is named)
   * the leading N (or N %) creators, advertisers, videos, hashtags or sounds hold; with no number, a profile
   * of it (the top 1, 10 and 1 %, and how many hold half).
   */
  /**
   * "Share of voice in #x: @a, @b, @c", "how much of the tag's plays belongs to @a vs @b": accounts compared each
   * with its share of the whole set's measure (and of its videos).
   */
  shareOfWhole: boolean;
  concentration: {
    of: "creator" | "advertiser" | "video" | "sound";
    top: number | null;
    percent: boolean;
  } | null;
  /** "How many new creators appeared in 2025?": only accounts whose first video in the corpus is in the window. */
  firstIn: boolean;
  /** "What's the oldest video?", "who posted first about Da Lat?": videos (their creators) oldest first. */
  oldest: boolean;
  /** "The 90th percentile of views", "p95 likes": a measure at that percentile, not the median. */
  percentile: number | null;
  /**
   * Several asked at once, lowest first ("p10, p25, p50, p75 and p90", "the quartiles", "IQR", "deciles", "min,
   * median and max": 0 is the lowest video, 100 the highest); empty when one or none is.
   */
  percentiles: number[];
  /** "Which advertisers posted in both 2024 and 2025?": the accounts with videos in each period (no window). */
  eachPeriod: Period[];
  /** "Which creators post in both English and Vietnamese?": the accounts with videos in each language (region). */
  /**
   * For searches, `sets` holds each side's collections where one side is every search of a word's ("in both the
   * trending set and a hotel search"), and its code is the label of those.
   */
  eachCode: { kind: "region" | "language" | "collection"; codes: string[]; sets?: string[][] } | null;
  /** "Which creators post only ads?" / "never post ads": the accounts whose videos are all ads, or none is. */
  adsOnly: "only" | "never" | "both" | null;
  /**
   * "Which creators appear in more than one search?": the accounts found by at least this many of the searches
   * (collections; those named, else all), most searches first.
   */
  inSearches: number | null;
  /** "Which creators posted in 2023 but not in 2024?": with `eachPeriod`, the second period is ruled out. */
  eachPeriodExcept: boolean;
  /** "Which hook types do ads use compared to organic videos?": the groups whose uses are set side by side. */
  usesBy: "ad" | "period" | "topic" | null;
  /** "The least viewed resort videos", "the 10 worst performing hotel ads": a ranking from the bottom. */
  lowest: boolean;
  /** For `share`: the attribute whose share of the rest is asked for. */
  shareOf: Attribute | null;
  /** For `share`: the share asked is of the videos by the creators within `authorFollowers` (or verified). */
  shareOfAuthors: boolean;
  /** For `share`: "what percentage of creators have over 10k followers?": the creators within `authorFollowers` among the set's. */
  shareOfCreators: boolean;
  /** For `share`: "what fraction of videos are from 2025?": the share of the set published in `window`. */
  shareOfWindow: boolean;
  /** "Which creators have the highest share of ads?": accounts ranked by the share of their videos with `shareOf`. */
  shareEach: boolean;
  /** "Share of uploads by month": each group's part of the videos, given beside its count. */
  groupShares: boolean;
  /** For `share`: the count whose share is asked ("what share of views do ads get?"); null: of the videos. */
  shareMeasure: "plays" | "likes" | "comments" | "shares" | "saves" | null;
  /** For `breakdown`/`compare` of groups: what the groups are. */
  groupBy:
    | "hook"
    /** Videos with a recorded transcript against those without. */
    | "transcript"
    | "hook_type"
    | "media_type"
    | "ad"
    | "topic"
    | TimeGroup
    | "length"
    | "caption_length"
    | "hashtag_count"
    /** Videos using the sound named against the others ("do videos with original sounds get more views?"). */
    | "sound_use"
    /** Videos with the emoji named in the caption against the others ("do videos with 🔥 get more views?"). */
    | "emoji"
    /** Videos that state a price against the others ("do videos that mention a price get more saves?"). */
    | "price"
    /** Captions giving a phone number against the others ("captions with a hotline number vs everything else"). */
    | "phone"
    /** Two bounds on one count that no video meets together ("under 15 s vs over 60 s"), each a group. */
    | "bounds"
    | "region"
    | "language"
    | "hashtag"
    /** The searches (collections, as imported) the videos were found by: those named, or each. */
    | "collection"
    | null;
  /** For a breakdown by topic ("Da Lat or Vung Tau"): the two topics compared; `topics` holds the shared ones. */
  compareTopics: string[];
  /**
   * For `rank`: "the top 3 videos for each month of 2023", "top creators for each of Da Lat, Sapa and Phu Quoc":
   * the groups (`groupBy`'s, `compareTopics` for "topic", the accounts or sounds with the most videos) each
   * ranked as a question of its own; at most `groups` of them (the latest periods, the largest groups).
   */
  perGroup: { by: PerGroupSplit; groups: number; breakdown?: true } | null;
  /**
   * For `group_by` `bounds`: the bands of one count listed in the question ("0-3, 4-7 and 8+ hashtags"), each a
   * group (empty: the two disjoint bounds among `attributes` are the groups).
   */
  bands: {
    label: string;
    attributes: Attribute[];
    /** The videos of the creators with this many followers. */
    followers?: FollowersBound;
    /** The videos of the creators with this many of the videos in question. */
    accountVideos?: FollowersBound;
    /** The videos of the verified creators (true) or of the others (false). */
    verified?: boolean;
  }[];
  /** For `group_by` `hour`: the hours shown in this zone ("in Vietnam time": +7); 0 is UTC. */
  hourOffset: number;
  /**
   * For a breakdown by region, language or hook type ("English or Spanish videos", "question hooks or bold
   * claims"): the codes compared, in the order named.
   */
  compareCodes: string[];
  /** "Do question hooks work better?": the one hook type named, shown beside the others of the breakdown. */
  besideCode: string | null;
  /** How many items a ranking lists ("top 10", "the 3 biggest"): 1..20, default 5. */
  count: number;
  /** For trend-report look-ups: the report kind asked for. */
  trendKind: "hashtag" | "sound" | "hook_pattern" | "format" | null;
  /** What was understood, one phrase per linked element ("region BR (from \"Brazilian\")"). */
  understood: string[];
  /** Content words that linked to nothing; never used as filters. */
  ignored: string[];
  /** Why the question is declined (intent `decline`). */
  decline: string | null;
  /**
   * "Same but by saves", "and for Da Nang?", "top 10 instead": a question that points back at an earlier one,
   * asked with no context; answered as far as it reads alone, and said to be.
   */
  followUpAlone?: true;
}

/** "Give me three hook ideas": the number words a count of results may be written as. */
const NUMBER_WORDS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const NUMBER_WORD = NUMBER_WORDS.join("|");
const numberOf = (written: string): number =>
  /^\d+$/.test(written) ? Number(written) : NUMBER_WORDS.indexOf(written) + 1;

/** What a question can name several of, to compare them: regions, languages, hook types. */
type NamedKind = "region" | "language" | "hook_type";
const NAMED_KINDS: readonly NamedKind[] = ["language", "region", "hook_type"];
const KIND_PLURAL: Record<NamedKind, string> = {
  region: "regions",
  language: "languages",
  hook_type: "hook types",
};

const WHY_DECLINED = "it can report what happened and where, not why (causes are not in the corpus)";

/**
 * A word: "don't", "vivuquangbinh.vn", "k-pop", "creators'" (a dot or hyphen inside it, not closing it:
 * "comments." is "comments").
 */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’._-]*[\p{L}\p{N}])?['’]?/gu;

/** Replaces a matched span with spaces so that later passes do not read it again. */
/** What joins the tags of a list left out: "fyp, foryou and fy", "fyp or xuhuong", "fyp & viral". */
const TAG_LIST_JOIN = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+/;

/** Tags left out, each as "#tag" says it: "excluding #fyp, #foryou". */
const tagsExcluded = (items: readonly string[]): string =>
  `excluding ${items.map((item) => (item.startsWith("#") ? item : `#${item}`)).join(", ")}`;

function consume(text: string, at: number, length: number): string {
  // (A phrase not found, at -1, is nothing to blank: slicing from -1 would write the question twice.)
  if (at < 0) return text;
  return text.slice(0, at) + " ".repeat(length) + text.slice(at + length);
}

function findPhrase(text: string, phrase: string, from = 0): number {
  let start = from;
  for (;;) {
    const at = text.indexOf(phrase, start);
    if (at < 0) return -1;
    const before = text[at - 1];
    const after = text[at + phrase.length];
    if (
      (before === undefined || !/[\p{L}\p{N}@#]/u.test(before)) &&
      (after === undefined || !/[\p{L}\p{N}]/u.test(after))
    )
      return at;
    start = at + 1;
  }
}

/** Creators without the badge, as written: "non-verified", "unverified", "not verified". */
const NOT_VERIFIED = "(?:non[- ]?verified|unverified|not verified)";

/** The other side of a one-sided bound: under 15 s → at least 15 s. */
const OTHER_BOUND: Readonly<Record<BoundOp, BoundOp>> = {
  over: "at most",
  "at least": "under",
  under: "at least",
  "at most": "over",
};

/** Whether no value meets both bounds ("under 15" and "over 60"; not "over 10k" and "under 50k"). */
function disjointBounds(
  a: Extract<Attribute, { kind: "count" }>,
  b: Extract<Attribute, { kind: "count" }>,
): boolean {
  const range = (x: typeof a) =>
    x.op === "over"
      ? [x.value + 0.5, Number.POSITIVE_INFINITY]
      : x.op === "at least"
        ? [x.value, Number.POSITIVE_INFINITY]
        : x.op === "under"
          ? [Number.NEGATIVE_INFINITY, x.value - 0.5]
          : [Number.NEGATIVE_INFINITY, x.value];
  const [a0, a1] = range(a) as [number, number];
  const [b0, b1] = range(b) as [number, number];
  return Math.max(a0, b0) > Math.min(a1, b1);
}

/** The days of the week, Sunday first (as the weekday split keys them: 0-6, UTC). */
const DAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The day an abbreviation names, by its first three letters: "weds" → "wednesday", "Thu." → "thursday". */
const dayAbbreviated = (abbreviation: string): string => {
  const start = abbreviation.toLowerCase().slice(0, 3);
  return DAY_NAMES.find((d) => d.startsWith(start)) ?? abbreviation.toLowerCase();
};

/** "the collection "hotelcantho"", "the collections "hotelhue" or "hotelhoian"" (a search or a named scrape). */
export function collectionWords(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return names.length === 1
    ? `the collection ${quoted[0]}`
    : names.length > FEW_COLLECTIONS
      ? `the ${namesListed(names)}`
      : `the collections ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/** The longest part of three letters or more every name holds ("hotel" of "hotelhue", "reviewhotel"), or null. */
export function sharedPart(names: readonly string[]): string | null {
  const shortest = [...names].sort((a, b) => a.length - b.length)[0] ?? "";
  for (let length = shortest.length; length >= 3; length--)
    for (let from = 0; from + length <= shortest.length; from++) {
      const part = shortest.slice(from, from + length);
      if (names.every((n) => n.includes(part))) return part;
    }
  return null;
}

/** How many collections are listed by name; more are told by the name they share ("which hotel search"). */
const FEW_COLLECTIONS = 5;

/** "23 collections whose name holds "hotel"", or "7 collections: "a", "b", "c" and 4 more". */
export function namesListed(names: readonly string[]): string {
  const shared = sharedPart(names);
  // ("Which city has the most ads?": the searches named for places, not every one holding "hotel".)
  if (names.length > 3 && names.every(namesPlace))
    return `${names.length} collections named for places (${names
      .slice(0, 3)
      .map((n) => `"${n}"`)
      .join(", ")} and ${names.length - 3} more)`;
  return shared
    ? `${names.length} collections whose name holds "${shared}"`
    : `${names.length} collections: ${names
        .slice(0, 3)
        .map((n) => `"${n}"`)
        .join(", ")} and ${names.length - 3} more`;
}

/** Topics as an answer shows them: a quoted phrase without its quotes ("book now"). */
export function topicWords(topics: readonly string[]): string {
  return topics.map((t) => t.replaceAll('"', "")).join(" ");
}

/** A question opening with creators ("which creators", "top 10 influencers"): they are what it asks about. */
const OPENS_WITH_CREATORS =
  /^\s*(which|what|top|name the|list the)\s+(\w+\s+){0,2}(creators?|influencers?|accounts?|channels?)\b/;

/** How many words (phrases, emoji) a word count lists when the question names no number. */
const WORDS_COUNT = 10;

/** An emoji as written: a pictograph with its modifiers and joined pictographs, a flag, or a keycap. */
const EMOJI =
  /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*|\p{Regional_Indicator}{2}|[0-9#*]\uFE0F?\u20E3/gu;
/** The marks an emoji is written with or without (skin tones, emoji presentation): left off a search for it. */
const EMOJI_VARIANT = /[\u{1F3FB}-\u{1F3FF}\uFE0F]/gu;

/** Names, hashtags and quoted words in any language work inside an English question. */
const ANY_LANGUAGE = `names, hashtags and quoted words in any language work inside an English question ('which videos about "khách sạn" have the most views?')`;
const NOT_ENGLISH = `it reads questions written in English, and this one seems to be in another language; ${ANY_LANGUAGE}`;
const MOSTLY_UNREAD = `most of its words could not be read (it reads questions written in English; ${ANY_LANGUAGE})`;

/**
 * A question seemingly not in English: written in another script, or with 40 % of its words or more carrying a
 * letter English does not use ("video nào có nhiều lượt xem nhất?").
 */
function inAnotherLanguage(written: string): boolean {
  // (Quoted words are in any language: '"Lifestyle（剪辑版）" by HMHK' is asked in English.)
  const question = written.replace(QUOTED, " ");
  if ((question.match(WORD) ?? []).length === 0) return false;
  if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{Extended_Pictographic}]/u.test(question))
    return true;
  return accentedShare(question) >= 0.4;
}

/** The share of a question's words written with a letter outside ASCII ("Đà", "nhiều"). */
function accentedShare(question: string): number {
  const words = question.match(WORD) ?? [];
  return words.filter((w) => /[^\p{ASCII}]/u.test(w)).length / Math.max(1, words.length);
}

/** "Post only ads", "nothing but ads": group 1 is the word(s) saying "only". */
const ONLY_ADS =
  /\b(only|exclusively|just|nothing but|solely)\s+(?:(?:post|posts|posted|run|runs|ran|make|makes|made|publish\w*|do|does|upload\w*)\s+)?(?:ads|adverts|advertisements|sponsored (?:videos|posts|content))\b/;
/** "Which searches have (no ads)": groups said to have so many (their word may be gone from the text read). */
const GROUPS_HAVE =
  /\b(?:searches|search (?:terms|inputs|queries)|languages|regions)\s+(?:have|has|had|with)\s+$|^\s*(?:which|what|how many)\s+(?:have|has|had)\s+$/;
/** "Never post ads", "don't run any ads": group 1 is the word(s) saying "never". */
const NEVER_ADS =
  /\b(never|don'?t|do not|doesn'?t|does not|haven'?t|have not|hasn'?t|has not|didn'?t|did not|(?<=\b(?:with|having|have|has)\s+)no)\s+(?:(?:ever\s+)?(?:post|posts|posted|run|runs|ran|make|makes|made|publish\w*|do|does|upload\w*|use|used|had)\s+)?(?:any\s+|an?\s+|a single\s+)?(?:ads?|adverts?|advertisements?|sponsored (?:videos?|posts?|content))\b/;

/**
 * "Appear in more than one search", "found by at least 3 searches", "show up across several hotel searches":
 * group 1 the number said, group 2 a word naming which searches ("hotel"), group 3 the word for them.
 */
const IN_SEARCHES =
  /\b(?:appear(?:s|ed|ing)?|show(?:s|ed|n)?\s+up|turn(?:s|ed)?\s+up|(?:are|were|is|was|been)(?:\s+found)?|found|featured?|present|posted|post(?:s|ing)?)\s+(?:in|across|by|on|within)\s+(?:(?:the|a|an)\s+)?(more than one|more than (?:\d+|two|three|four|five)|multiple|several|many|various|different|(?:\d+|two|three|four|five) or more|\d+\+|(?:the )?most|at least (?:\d+|two|three|four|five|six|seven|eight|nine|ten))\s+(?:(?:different|distinct|separate)\s+)?(?:([\p{L}\d-]+)\s+)?(search(?:es|\s+terms?)?|collections?|scrapes?|keywords?|quer(?:y|ies))\b/u;

/** How many searches an IN_SEARCHES quantity asks for at least ("more than one": 2, "at least 3": 3). */
function searchesAtLeast(said: string): number {
  const n = said.match(new RegExp(`\\d+|\\b(?:${NUMBER_WORD})\\b`))?.[0];
  const value = n === undefined ? 2 : numberOf(n);
  return Math.max(2, said.startsWith("more than") ? value + 1 : value);
}

/**
 * A price stated ("mention a price", "showing room prices", "with the price in the caption", "no price", "a phone
 * number and a price"): group 1
 * the word saying none. What follows may say the kind of price ("like 350k/đêm", "in VND").
 */
const PRICE_SAID =
  /\b(?:(?:(without|no|(?:don'?t|do not|doesn'?t|does not|never|not)\s+(?:mention\w*|show\w*|stat\w*|list\w*|includ\w*|giv\w*|display\w*|quot\w*|reveal\w*|put\w*|hav\w*))|mention(?:s|ed|ing)?|show(?:s|ed|n|ing)?|stat(?:e|es|ed|ing)|list(?:s|ed|ing)?|includ(?:e|es|ed|ing)|giv(?:e|es|en|ing)|with|has|have|having|(?<=\b(?:numbers?|hotlines?|zalo|phones?)\s+)(?:and|&|plus)|put(?:s|ting)?|display(?:s|ed|ing)?|quot(?:e|es|ed|ing)|reveal(?:s|ed|ing)?|advertis(?:e|es|ed|ing)|post(?:s|ed|ing)?|us(?:e|es|ed|ing)|writ(?:e|es|ing|ten)|wrote|(?:lead|open|start)(?:s|ing)?\s+with)\s+(?:(?:an?|the|any|both|their|its|some|explicit|hourly|room|nightly|specific|exact|actual|concrete)\s+){0,2}(?:prices?|pricing|price\s+tags?|price\s+points?)\b|\bprices?\s+(?:patterns?|claims?|hooks?|mentions?|tags?|lists?)\b)(?:\s+(?:in|on)\s+(?:the\s+|their\s+|its\s+)?(?:captions?|videos?|transcripts?|descriptions?|text))?(?:\s*,?\s*(?:in|like|such\s+as|e\.?g\.?)\s+(?:vnd|vnđ|usd|dollars?|đồng|dong|(?:[^\s?,()]*\d[^\s?,()]*)|k\/đêm|k\/dem)(?:\s*(?:,|\bor\b|\band\b|\/)\s*(?:vnd|vnđ|usd|(?:[^\s?,()]*\d[^\s?,()]*)|k\/đêm|k\/dem))*)?(?:\s+(?:in|on)\s+(?:the\s+|their\s+|its\s+)?(?:captions?|transcripts?|text|them|it))?(?:\s*\([^)]{0,100}\))?(?:\s*,\s*[^\s?,()]*\d[^\s?,()]*(?:\s+(?:xu|cành|canh|củ|triệu|nghìn|k|đ))?(?=\s*[,.?]))*/u;
const PRICE_SAID_ALL = new RegExp(PRICE_SAID.source, "gu");
/**
 * `text` without the prices it says are stated, and then without the word elsewhere ("… price info drives saves"),
 * unless it asks for a price's figure (read as priceFigure); with words `quoted` as examples, those are what it asks
 * about, and the word elsewhere stays.
 */
const withoutPriceSaid = (text: string, quoted: boolean) => {
  if (PRICE_FIGURE.test(text)) return text;
  const rest = text.replace(PRICE_SAID_ALL, " ");
  return rest === text || quoted ? rest : rest.replace(/\bprices?\b|\bpricing\b/g, " ");
};
/** Words quoted as examples that are no price themselves ('like "giá tốt"'; "300k" is one): words to find. */
const wordsQuoted = (question: string) =>
  [...question.matchAll(QUOTED_EXAMPLE_ALL)].some((m) => !statesPrice(m[1] ?? ""));
/** The others beside videos stating a price: "… vs those without", "than ones that don't". */
const PRICE_OTHERS =
  /\b(?:(?:than|vs\.?|versus|compared (?:to|with)|against|or)\s+)(?:(?:those|ones|videos|vids|posts|ads|captions|the ones|the others|others)\s+)?(?:(?:that|which|with)\s+)?(?:without(?:\s+(?:one|a price|prices?|it))?|w\/o(?:\s+(?:a\s+)?prices?)?|no\s+prices?(?:\s+at\s+all)?|none|the\s+rest|(?:don'?t|do not|doesn'?t|does not|dont)(?:\s+\w+)?(?:\s+(?:one|it|a price|prices?))?)(?![\p{L}])|\bor not\b/u;

/**
 * The phrases read as a call to action: the caption, opening line or transcript asks the viewer to act. Matched as
 * service_search_videos matches q (a phrase's words together, in order), so a hashtag of one counts too.
 */
export const CTA_PHRASES: readonly string[] = [
  "link in bio",
  "link in my bio",
  "book now",
  "book your",
  "dm me",
  "dm us",
  "message us",
  "call us",
  "call now",
  "follow me",
  "follow us",
  "follow for",
  "comment below",
  "tag a friend",
  "tag someone",
  "tag your",
  "save this",
  "share this",
  "click the link",
  "shop now",
  "order now",
  "sign up",
  "contact us",
  "liên hệ",
  "inbox",
  "ib",
  "nhắn tin",
  "gọi ngay",
  "đặt ngay",
  "book ngay",
  "booking ngay",
  "theo dõi",
  "lưu lại",
  "để lại bình luận",
  "hotline",
  "zalo",
];
/** "A call to action", "a CTA", "without a clear call-to-action", "no CTA in the caption" (1: none). */
const CTA_SAID =
  /(?:\b(without|no|lack\w*|missing|(?:don'?t|do not|doesn'?t|does not|never)\s+(?:have|use|include|carry|give)\w*)\s+)?(?:\b(?:an?|any|some|the|their|its|clear|explicit|strong|direct)\s+){0,2}\b(?:calls?[- ]to[- ]actions?|ctas?)\b(?:\s+(?:in|on)\s+(?:the\s+|their\s+|its\s+)?(?:captions?|videos?|text|descriptions?))?/;
const CTA_SAID_ALL = new RegExp(CTA_SAID.source, "g");
/**
 * "A phone number", "a full 10-digit Vietnamese phone number", "hotline numbers", "a Zalo number or hotline", "a
 * hotline or phone number in the caption", "số điện thoại", "sđt"; "without a phone number", "don't give one" (1:
 * none). A Zalo or hotline contact joined to it is read with it (a caption gives one as a number); not "the phone
 * number of …", which asks for one.
 */
const PHONE_SAID =
  /(?:\b(without|no|lack\w*|(?:don'?t|do not|doesn'?t|does not|never|not)\s+(?:\w+\s+)?)\s*)?\b(?:(?:an?|the|any|their|its|full|direct|some|\d+[- ]digits?|ten[- ]digit)\s+){0,4}(?:(?:["“']?(?:hotline|zalo)["”']?\s*(?:or|\/)\s*)?(?:phone|telephone|contact|hotline|zalo|mobile|cell|call)\s+(?:numbers?\b|nos?\b\.?|#)|phone(?:s|\s+contacts?)?(?=\s+(?:in|on)\s+(?:the\s+|their\s+|its\s+)?captions?\b)|(?<=\b(?:giv(?:e|es|ing)|gave|includ(?:e|es|ing)|contain(?:s|ing)?|carr(?:y|ies|ying)|with|without|no|has|have|having|list(?:s|ing)?|put(?:s|ting)?|show(?:s|ing)?)\s+(?:(?:an?|the|their|its)\s+)?)hotlines?\b|số điện thoại|số đt|sđt)(?!\s+(?:liên hệ\s+)?(?:of|của)(?![\p{L}]))(?:\s*(?:or|\/)\s*(?:an?\s+)?["“']?(?:zalo|hotline)["”']?(?:\s+(?:contacts?|numbers?))?)?(?:\s+(?:in|on)\s+(?:the\s+|their\s+|its\s+)?(?:captions?|text|descriptions?))?/u;
/** The others of a phone number's comparison: "… than those without", "vs everything else", "or not". */
const PHONE_OTHERS =
  /\b(?:than|vs\.?|versus|compared (?:to|with)|against|or)\s+(?:(?:all\s+)?(?:the rest|everything else|every other caption|the others|others)\b|(?:(?:those|ones|videos|vids|posts|captions|ads|the ones)\s+)?(?:(?:that|which|with)\s+)?(?:without|w\/o|no\b|(?:don'?t|do not|doesn'?t|does not|dont)\b)(?:\s+(?:one|it|them|a (?:phone )?number|\w+ one)\b)?)|\bor not\b/u;

/** Asking for the oldest videos, or who posted first ("the first video about Da Lat", "who posted first?"). */
const OLDEST =
  /\b(oldest|earliest)\b|\bfirst (ever )?([a-z]+ )?(posted|published|uploaded)\b|\b(first|earliest) (ones? |creators? |accounts? |people |brands? |users? )?to (post|publish|upload|use|mention|talk|share|make)\b|\b(posted|published|uploaded) (\S+ ){0,3}?first\b(?!\s+(few |\d+ |couple of |(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty) )?(weeks?|months?|days?|quarters?|half|years?|hours?|minutes?|seconds?|\d))|(\b(the|their|his|her|its)|'s) (very )?first (ever )?([\p{L}#]+ )?(videos?|posts?|ads?|slideshows?|uploads?|clips?)\b/u;
/** One asked for: "the oldest video", "@x's first post", "who was the first to post about …". */
const OLDEST_ONE =
  /(\b(the|its|their|his|her)|'s) (very )?(oldest|earliest|first) (ever )?([\p{L}#]+ ){0,2}?(video|post|clip|ad|slideshow|upload)\b(?!s)|\bwho (was|is) (the )?(very )?first\b|\bwho (\S+ ){0,4}?first\b/u;
/** The words of OLDEST that are no topic. */
const OLDEST_WORDS = /\b(oldest|earliest|first|ever|very)\b/g;

/** Everyday words of questions, capitalised in a title ("What Are The Best Hotel Videos") and small otherwise. */
const EVERYDAY_WORDS =
  /^(?:what|which|when|where|with|from|that|this|these|those|have|more|most|best|than|does|about|videos?|posts?|views?|plays?|likes?|comments?|shares?|saves?|hotels?|show|tell|give|list|many|much|their|they|were|been|into|over|under|each|some|only|like|gets?|perform\w*|compare\w*|between|against|doing|better|higher|lower)$/i;
/** "How many of the videos …": a part of a set ("how many of each" asks for each one's count). */
const HOW_MANY_OF = /\bhow many of\b(?! each\b)/;
/** Words naming rivals: "competitors", "competing hotels". */
const RIVALS = /\b(competitors?|competition|rivals?|competing)\b/;
/** A question asking who the rivals are: "who are Keypad Hotel's competitors?", "list our main competitors". */
const RIVALS_OF =
  /\b(?:who(?: are|'re| is)|list|name|find|identify|which accounts are)\b[^?.]*\b(?:competitors?|rivals?)\b|\b(?:competitors?|rivals?) (?:of|to|for)\b|['’]s? (?:main |top |biggest |closest |direct )?(?:competitors?|rivals?)\b(?!\s+(?:like|such as|in|on|using|posting|running|with))/;
/** "When did @x last post?", "its latest video": the newest one. */
const LAST_POSTED =
  /\bwhen (did|was|has|have)\b[^?]*\b(last|latest|most recently)\b|\b(last|latest|most recent|newest) (post|video|upload|ad)\b(?!s)/;

/** Places in a ranking written as words or as 2nd … 10th. */
const ORDINALS: Readonly<Record<string, number>> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  "2nd": 2,
  "3rd": 3,
  "4th": 4,
  "5th": 5,
  "6th": 6,
  "7th": 7,
  "8th": 8,
  "9th": 9,
  "10th": 10,
};

/** "What does @x (usually) post about?": the hashtags of its videos. */
const POSTS_ABOUT =
  /\bwhat (does|do|did|is|are)\b[^?]*\b(post|posts|posting|posted|make|makes|making|talk|talks|talking|create|creates)( \w+){0,2} about\b|\bwhat (does|do|did) @[\p{L}\p{N}._]+ (post|make|create)\s*(\?|$|[,;-])/u;

/** "Who posted (made, is behind) the most viewed hotel video?": one video asked about, by its creator. */
const WHO_POSTED_THE_VIDEO =
  /^\s*who\s+(posted|made|created|uploaded|published|shot|filmed|owns|is behind|was behind)\s+the\b[^?]*\b(video|post|clip|ad|slideshow)\b/;

/** "The top 5 % of hotel videos": a part of the videos in question, the most played (no share asked). */
const TOP_PERCENT = /\b(?:the )?top (\d{1,2}(?:\.\d)?) ?(?:%|percent|per cent)(?: of)?/;

/** Words asking for a change between two periods ("grew", "rose", "declined"). */
const CHANGE_WORDS =
  /\b(grew|grow|grown|growing|growth|rose|rise|rising|risen|increased?|increasing|gained|climbed|jumped|declined?|declining|dropped|drop|fell|fallen|falling|shrank|shrunk|decreased?|decreasing|lost|changed?|changing|(?:go|goes|gone) (?:up|down)|went down|went up or down)\b/;
/** The change words asking for falls ("declined the most"). */
const DROP_WORDS =
  /\b(declined?|declining|dropped|drop|fell|fallen|falling|shrank|shrunk|decreased?|decreasing|lost)\b/;

const attributeLabel = (a: Attribute): string => {
  switch (a.kind) {
    case "ad":
      return a.value === "yes" ? "ads" : "organic (non-ad) videos";
    case "media_type":
      return a.value === "slideshow" ? "slideshows" : "regular videos (not slideshows)";
    case "hook":
      return a.value === "yes" ? "videos with a detected hook" : "videos without a detected hook";
    case "viral_hook":
      return "viral hooks";
    case "transcript":
      return a.value === "yes" ? "videos with a recorded transcript" : "videos without a recorded transcript";
    case "caption":
      return a.value === "yes" ? "videos with a caption" : "videos without a caption";
    case "recorded":
      return `videos ${a.value === "yes" ? "with" : "without"} a recorded ${a.code}`;
    case "days":
      return `published on ${a.label} (UTC)`;
    case "hours":
      return `published ${a.label}`;
    case "text":
      return `videos mentioning "${topicWords([a.q])}"`;
    case "not_text":
      return `videos not about "${topicWords([a.q])}"`;
    case "any_text":
      return `videos about ${a.qs.map((q) => `"${topicWords([q])}"`).join(" or ")}`;
    case "not_creator":
      return `videos not by @${a.handle}`;
    case "creator":
      return `videos by @${a.handle}`;
    case "emoji":
      return `videos with "${a.emoji}" in the caption`;
    case "any_emoji":
      return `videos ${a.value === "yes" ? "with" : "without"} emoji in the caption`;
    case "price":
      return `videos ${a.value === "yes" ? "stating" : "not stating"} a price${a.bound ? ` ${priceBoundWords(a.bound)}` : ""}`;
    case "phone":
      return `videos ${a.value === "yes" ? "with" : "without"} a phone number in the caption`;
    case "cta":
      return `videos ${a.value === "yes" ? "with" : "without"} a call to action`;
    case "collection":
      return `videos in ${collectionWords(a.names)}`;
    case "hook_type":
      return `hook type ${a.value}`;
    case "region":
      return `region ${a.value}`;
    case "language":
      return `language ${a.value}`;
    case "count":
      if (a.op === "under" && a.value === 1 && a.metric !== "seconds") return `no ${COUNT_NAME[a.metric]}`;
      if (a.op === "at least" && a.value === 1 && a.metric !== "seconds")
        return `at least one ${COUNT_NAME[a.metric].replace(/s$/, "")}`;
      if (a.metric === "seconds")
        return {
          over: `longer than ${a.value} s`,
          "at least": `${a.value} s or longer`,
          under: `shorter than ${a.value} s`,
          "at most": `${a.value} s or shorter`,
        }[a.op];
      return `${a.op} ${a.value.toLocaleString("en-US")} ${a.value === 1 ? COUNT_NAME[a.metric].replace(/s$/, "") : COUNT_NAME[a.metric]}`;
    case "sound":
      return `videos ${a.except ? "not " : ""}using ${soundWords(a)}`;
    case "exceeds":
      return `more ${COUNT_NAME[a.more]} than ${COUNT_NAME[a.than]}`;
    case "rate":
      return `${a.rate === "engagement" ? "an engagement rate" : `a ${a.rate.replace("_", " ")}`} ${a.op} ${percentOf(a.value)} %`;
  }
};

const COUNT_NAME: Record<CountMetric, string> = {
  plays: "views",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saves: "saves",
  hashtags: "hashtags",
  seconds: "seconds",
  characters: "caption characters",
};

const COUNT_WORDS: Record<string, CountMetric> = {
  second: "seconds",
  sec: "seconds",
  minute: "seconds",
  min: "seconds",
  view: "plays",
  play: "plays",
  like: "likes",
  comment: "comments",
  share: "shares",
  save: "saves",
  hashtag: "hashtags",
  tag: "hashtags",
  // "Captions under 20 characters".
  character: "characters",
  char: "characters",
  // "Shorter than 20s".
  s: "seconds",
};

const UNITS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  m: 1e6,
  mil: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  billion: 1e9,
  billions: 1e9,
};

/** One band of a list: "4-7", "8+", "under 15", "<1k", "0" (its unit written after the list, or on each). */
const BAND_ITEM = String.raw`(?:(?:under|below|less than|fewer than|<)\s*\d[\d.,]*\s*(?:k|m)?|(?:over|above|more than|>)\s*\d[\d.,]*\s*(?:k|m)?|\d[\d.,]*\s*(?:k|m)?\s*(?:-|–|to)\s*\d[\d.,]*\s*(?:k|m)?|\d[\d.,]*\s*(?:k|m)?\s*(?:s\s*)?\+|\d[\d.,]*(?:\s*(?:k|m)\b)?(?:\s+or\s+more)?)(?:\s*s\b)?`;
const BAND_UNIT = `(?<unit>views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?|s)`;
// (A comma before three digits is a thousands separator: "10,000".)
const BAND_JOIN = String.raw`\s*(?:,(?!\d{3}\b)|\band\b|\bor\b|\bvs\.?|\bversus\b|/)\s*(?:(?:and|or)\s+)?`;
/** "0-3, 4-7 and 8+ hashtags", "under 15s, 15-30s and over 60s": three bands or more of one count, then its unit. */
const BAND_LIST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<list>${BAND_ITEM}(?:${BAND_JOIN}${BAND_ITEM}){2,})\s*${BAND_UNIT}\b`,
  "u",
);
/** A band's unit written out, on any band of a list ("no hashtags vs 1-4 hashtags vs 5 or more"). */
const BAND_UNIT_WORD =
  "(?:views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?)";
/** "Under 15s vs 30-60s", "15-30s or 60s+": two bands set against each other, one a range, the unit after. */
const BAND_PAIR = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<list>${BAND_ITEM}(?:\s*${BAND_UNIT_WORD}\b)?\s*(?:vs\.?|versus|or|compared (?:to|with))\s*${BAND_ITEM})\s*${BAND_UNIT}\b`,
  "u",
);
/** "0 hashtags vs 1-4 hashtags vs 5 or more": the unit on the first band (and on any other). */
const BAND_LIST_EACH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<list>${BAND_ITEM}\s*${BAND_UNIT}\b(?:${BAND_JOIN}${BAND_ITEM}(?:\s*${BAND_UNIT_WORD}\b)?){2,})`,
  "u",
);
/** "hashtags per video (0, 1-3, 4-7, 8+)": the unit first, the bands in brackets. */
const BAND_LIST_AFTER = new RegExp(
  String.raw`\b${BAND_UNIT}\b(?:(?!\b${BAND_UNIT_WORD}\b)[^()?]){0,40}\(\s*(?<list>${BAND_ITEM}(?:${BAND_JOIN}${BAND_ITEM}){1,})\s*\)`,
  "u",
);

/** "under 10k, 10k-100k and over 100k followers", "under 5k followers, 5k-50k and 50k+": bands of followers. */
const FOLLOWER_WORD = "(?:followers?|fans?|subscribers?)";
// ("Creators with 1M+ followers vs creators under 10k followers": a band may follow "vs creators (with)".)
const FOLLOWER_JOIN = String.raw`(?:\s*(?:vs\.?|versus|or|compared (?:to|with))\s+(?:those|the ones|ones|creators|accounts|people|influencers)\s+(?:with\s+)?|${BAND_JOIN})`;
const FOLLOWER_BANDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<list>${BAND_ITEM}(?:\s*${FOLLOWER_WORD})?(?:${FOLLOWER_JOIN}${BAND_ITEM}(?:\s*${FOLLOWER_WORD})?)+)(?:\s*${FOLLOWER_WORD})?`,
  "gu",
);

/**
 * "Creators with 1 video, 2-4 and 5+ videos", "creators with just 1 video vs creators with 5 or more": bands of
 * the videos each account has in question (a band may follow "vs creators with").
 */
const VIDEO_WORD = "(?:videos?|posts?|uploads?)";
const ACCOUNT_JOIN = String.raw`(?:\s*(?:vs\.?|versus|or|compared (?:to|with))\s+(?:those|the ones|ones|creators|accounts|people)\s+(?:with|who (?:have )?posted|that (?:have )?posted)\s+(?:just\s+|only\s+)?|${BAND_JOIN})`;
const ACCOUNT_ITEM = String.raw`${BAND_ITEM}(?:\s*${VIDEO_WORD})?(?:\s+(?:in (?:this|the) (?:dataset|data|set|corpus)|in here|here))?`;
// (Ending on the unit or "or more", so that "2-3, 4-7" is not read as "2-3," and "4-7".)
const ACCOUNT_BANDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<list>${ACCOUNT_ITEM}(?:${ACCOUNT_JOIN}${ACCOUNT_ITEM})+)(?:(?<=${VIDEO_WORD})|(?<=\bor more)|\s*${VIDEO_WORD}\b)`,
  "gu",
);
const ACCOUNTS_BEFORE =
  /\b(?:creators?|accounts?|people|influencers?|tiktokers?|channels?)\s+(?:with|who (?:have |has )?posted|that (?:have |has )?posted|posting|having)\s+(?:just\s+|only\s+)?$/;

/** One band's bounds as a bound on followers (both ends of a range; one side otherwise), or null. */
function followersOfBand(bounds: { op: BoundOp; value: number }[]): FollowersBound | null {
  const [a, b] = bounds;
  if (a && !b) return a;
  return a?.op === "at least" && b?.op === "at most" && a.value <= b.value
    ? { op: "between", value: a.value, to: b.value }
    : null;
}

/** The bounds of one band item ("4-7" → at least 4 and at most 7, "8+" → at least 8), in the count's units. */
function bandBounds(item: string, scale: number): { op: BoundOp; value: number }[] | null {
  const num = (digits: string, unit?: string) => {
    const v = boundValue(digits, unit);
    return v === null ? null : v * scale;
  };
  // ("60s+": 60 or more seconds.)
  const t = item.trim().replace(/\s*s(?=\s*\+?$)/, "");
  const range = t.match(/^(\d[\d.,]*)\s*(k|m)?\s*(?:-|–|to)\s*(\d[\d.,]*)\s*(k|m)?$/);
  if (range) {
    const [a, b] = [num(range[1] as string, range[2] ?? range[4]), num(range[3] as string, range[4])];
    return a === null || b === null
      ? null
      : [
          { op: "at least", value: Math.min(a, b) },
          { op: "at most", value: Math.max(a, b) },
        ];
  }
  const side = t.match(
    /^(under|below|less than|fewer than|<|over|above|more than|>)\s*(\d[\d.,]*)\s*(k|m)?$/,
  );
  if (side) {
    const v = num(side[2] as string, side[3]);
    return v === null
      ? null
      : [{ op: /^(under|below|less|fewer|<)/.test(side[1] as string) ? "under" : "over", value: v }];
  }
  const plus = t.match(/^(\d[\d.,]*)\s*(k|m)?\s*(?:\+|or more)$/);
  if (plus) {
    const v = num(plus[1] as string, plus[2]);
    return v === null ? null : [{ op: "at least", value: v }];
  }
  const one = t.match(/^(\d[\d.,]*)\s*(k|m)?$/);
  if (one) {
    const v = num(one[1] as string, one[2]);
    return v === null
      ? null
      : [
          { op: "at least", value: v },
          { op: "at most", value: v },
        ];
  }
  return null;
}

/** "1,000,000", "1.5" + "million", "500" + "k", "1.000.000" → the number; null when it is not one. */
function boundValue(digits: string, unit: string | undefined): number | null {
  let d = digits.replace(/,/g, "");
  if ((d.match(/\./g) ?? []).length > 1) d = d.replace(/\./g, "");
  // ("Under 1.000 followers": a point before three digits, in a number without a scale, groups thousands.)
  else if (!unit && /^[1-9]\d{0,2}\.\d{3}$/.test(d)) d = d.replace(".", "");
  const n = Number(d) * (unit ? (UNITS[unit] ?? 1) : 1);
  // Clamped: a count column is a 64-bit integer in PostgreSQL, and no count comes near 2^53.
  return Number.isFinite(n) ? Math.min(Math.round(n), Number.MAX_SAFE_INTEGER) : null;
}

export { attributeLabel };

/** Items a ranking lists unless the question asks for another number ("top 10"), and the most it lists. */
const DEFAULT_COUNT = 5;
const MAX_COUNT = 20;
/** The words of a bound on a group's median: "median views under 10k". */
const MEDIAN_BOUND_OP = "more than|over|above|greater than|at least|less than|fewer than|under|below|at most";
/** "The top creators" with no number: the ten with the most followers. */
const TOP_CREATORS = 10;

/** The farthest (in characters) a topic compared by its place beside a "vs" may be written from it. */
const VS_REACH = 25;

/** "(The) videos about", "posts mentioning" before a name set against another: "X and videos about Y". */
const SET_LEAD = String.raw`(?:(?:the\s+)?(?:videos?|vids?|posts?|clips?|ones?)\s+(?:about|on|mentioning|for|of|with|tagged|from)\s+)?`;

/**
 * The words between two topics compared: "or", "vs", "and", "compared with those in" … and a word before them
 * ("hotel videos or resort", "Ha Giang videos, compare with Tuyen Quang"), and "videos about" after them
 * ("Novotel and videos about Sofitel").
 */
const TOPICS_JOINED = new RegExp(
  String.raw`^[\s,]*(?:([\p{L}]+),?\s+)?(or|vs\.?|versus|and|compared? (?:to|with)(?: (?:those|the ones|ones|that|them))?(?: (?:in|of|from|about|for|on))?|against|than)(?:\s+(?:in|for|among|at)(?=\s))?[\s,]*(?:the\s+)?${SET_LEAD}$`,
  "u",
);

/** Words naming where a video's text is, or a part of it, not what it says ("captions with X vs captions with Y"). */
const SET_WORD =
  /^(captions?|pins?|address(?:es)?|texts?|descriptions?|titles?|names?|words?|phrases?|bios?|hooks?|lines?|transcripts?|voice-?overs?|scripts?|narrations?|subtitles?|mentions?|groups?|sides?|angles?|ones?|others?|rest)$/;

/** Hashtags count as topics once this many videos carry them. */
const TOPIC_MIN_USE = 5;
/** A name written apart reads as its join instead of its first word when the join is used this many times more. */
const COMPOUND_OVER_WORD = 4;

/** Hashtag uses counted when a word's forms compete: enough to tell #hotel (1,438 real videos) from #hotels (81). */
const FORM_USE_CAP = 1000;

/**
 * The form (the word as written, then its singular; folded as the index folds text: "Huế" → "hue") the corpus
 * uses most as a hashtag: "hotels" → #hotel when #hotel leads; a tie (both past FORM_USE_CAP) keeps the word
 * as written ("news" stays news). A form counts once `min` videos carry it.
 */
async function hashtagOf(
  facts: FactsRepository,
  forms: string[],
  min = TOPIC_MIN_USE,
): Promise<string | null> {
  const distinct = [...new Set(forms.map(foldText))].filter((form) => form.length >= 2);
  const cap = distinct.length > 1 ? FORM_USE_CAP : undefined;
  let best: { form: string; use: number } | null = null;
  for (const form of distinct) {
    const use = await facts.hashtagUse(form, cap);
    if (use >= min && (!best || use > best.use)) best = { form, use };
  }
  return best?.form ?? null;
}

/** A kind of place written as a word of its own before a place's search ("hotel luxury search"). */
const SEARCH_KIND_WORD = /^(?:review)?(?:hotels?|khachsan|homestays?|resorts?|villas?)$|^review$/;
/** The kinds of place a scrape's search terms open with ("hotelphuquy", "khachsandalat", "reviewhotelhue"). */
const SEARCH_KIND = /^(?:review)?(?:hotels?|khachsan|homestay|resorts?|villa|review)(?=[\p{L}\p{N}]{3})/u;

/**
 * The place a search term names when few videos carry the term itself as a tag: "hotelphuquy" (6 videos) is the
 * Phú Quý search, #phuquy; null for a term the corpus tags as often as a topic, or one naming no tagged place.
 */
async function searchedPlace(
  facts: FactsRepository,
  term: string,
): Promise<{ tag: string; kind: string } | null> {
  const folded = foldText(term);
  const kind = folded.match(SEARCH_KIND)?.[0];
  if (!kind || (await facts.hashtagUse(folded, TOPIC_MIN_USE)) >= TOPIC_MIN_USE) return null;
  const tag = await hashtagOf(facts, [folded.slice(kind.length)]);
  return tag ? { tag, kind } : null;
}

/** A collection (search) named in the question: where, how long, and whether a weak cue ("set", "file") named it. */
interface CollectionSaid {
  names: string[];
  at: number;
  length: number;
  weak: boolean;
  /** Every search whose name holds the word written ("the hotel searches"): one set, not names listed. */
  family?: { each: boolean };
}

/** A name as a pattern, for a "u" expression outside a character class (where "-" needs no escape, nor may have one). */
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** The collections' names as alternatives of a pattern, the longest first ("hotelquan1" before "hotel"). */
const namesPattern = (names: ReadonlySet<string>) =>
  [...names]
    .sort((a, b) => b.length - a.length)
    .map(escapeForRegExp)
    .join("|");
/** Words before a collection's name that make it the search ("input=hotelhue", "search hotelhue", "từ khóa …"). */
const COLLECTION_LEAD = String.raw`(?:input|search(?:hashtag)?(?:[/.]name)?|searchquery|search[_ ]?(?:term|query|hashtag|input|keyword)|quer(?:y|ies)|keywords?|collection|dataset|từ khóa|từ khoá|tu khoa|tìm kiếm|tim kiem|nhóm|nhom)`;
/** Words after a name that make it the search ("the hotelcantho search"); the weak ones need a name few tags use. */
const COLLECTION_STRONG_TAIL = String.raw`(?:search(?:es)?|search results?|quer(?:y|ies)|keywords?|inputs?|scrapes?|collections?)`;
const COLLECTION_WEAK_TAIL = String.raw`(?:sets?|files?|datasets?|data ?set|samples?|results|bucket)`;
/** What may narrow two imports set side by side, alike on each ("ads in the hotel set vs the trending set"). */
const BOTH_SIDES: readonly Attribute["kind"][] = [
  "ad",
  "media_type",
  "hook",
  "viral_hook",
  "transcript",
  "caption",
  "count",
];
/** Words before a name and its search that mean every search the name is part of ("which hotel search"). */
const COLLECTION_EVERY = String.raw`(?:which|what|each|every|per|all|across|among|any)(?:\s+(?:of\s+)?the)?`;
/** The question speaks of searches: a collection's name in it is the search, even written as a tag. */
const SEARCH_SPOKEN =
  /\b(?:search(?:es|ed)?|quer(?:y|ies)|input|keywords?|scraped?|collections?)\b|từ kho[áa]|tu khoa|tìm kiếm|tim kiem/;

/** The reading of a grouping by every search the corpus holds. */
const everySearch = (n: number): string =>
  `groups: each search the videos were found by (${n} collections, as imported)`;

/**
 * The collections (searches, as imported) the question names next to a word that makes one the search: "the
 * hotelcantho search", "input = 'hotelhue'", "searchHashtag/name in (hotelnhatrang, hoteldalat)", "từ khóa
 * hotelquangbinh", "the #hotelgiare (cheap hotel) search". Names written as tags or in quotes too.
 */
function collectionsWritten(text: string, names: ReadonlySet<string>): CollectionSaid[] {
  if (names.size === 0) return [];
  const alternatives = namesPattern(names);
  const found: CollectionSaid[] = [];
  const add = (
    said: string[],
    at: number,
    length: number,
    weak: boolean,
    family?: CollectionSaid["family"],
  ) => {
    if (!found.some((f) => at < f.at + f.length && f.at < at + length))
      found.push({ names: said, at, length, weak, ...(family ? { family } : {}) });
  };
  const lead = new RegExp(
    String.raw`(?<![\p{L}\p{N}_])${COLLECTION_LEAD}\s*(?:=|==|:|\bis\b|\bfor\b)?\s*['"“‘]?#?(${alternatives})['"”’]?(?![\p{L}\p{N}_])`,
    "gu",
  );
  const tail = new RegExp(
    String.raw`(?<![\p{L}\p{N}_])(${COLLECTION_EVERY}\s+)?(?:the\s+)?#?(${alternatives})['"”’]?(?:\s*\([^()]{0,40}\))?\s*(?:-\s*)?(?:(${COLLECTION_STRONG_TAIL})|(${COLLECTION_WEAK_TAIL}))(?![\p{L}\p{N}_])`,
    "gu",
  );
  const listed =
    /(?<![\p{L}\p{N}_])(?:input|searchhashtag(?:[/.]name)?|search(?:es)?)\s+in\s*\(([^()]{1,400})\)/gu;
  for (const m of text.matchAll(listed)) {
    const items = [...(m[1] as string).matchAll(/[^\s,'"“”‘’]+/gu)].map((i) =>
      (i[0] as string).replace(/^#/, ""),
    );
    const said = items.filter((name) => names.has(name));
    if (said.length > 0) add([...new Set(said)], m.index ?? 0, m[0].length, false);
  }
  // ("The hotelhue and hoteldalat searches", "hotelhue vs hoteldalat search": the names listed before the word.)
  const joined = new RegExp(
    String.raw`(?<![\p{L}\p{N}_])(?:the\s+)?((?:#?(?:${alternatives})['"”’]?(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|vs\.?|versus)\s+)(?:the\s+)?)+#?(?:${alternatives}))['"”’]?\s*${COLLECTION_STRONG_TAIL}(?![\p{L}\p{N}_])`,
    "gu",
  );
  const one = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, "gu");
  for (const m of text.matchAll(joined))
    add([...new Set([...(m[1] as string).matchAll(one)].map((n) => n[0]))], m.index ?? 0, m[0].length, false);
  for (const m of text.matchAll(lead)) add([m[1] as string], m.index ?? 0, m[0].length, false);
  // ("Which hotel search has the most ads?", "the hotel scrape", "the hotel searches": every search whose name holds
  // that word, where two or more do; one search alone is named by "search" without "which", "each" or a plural.)
  const familyTail = new RegExp(
    String.raw`(?<![\p{L}\p{N}_])((?:${COLLECTION_EVERY}|an?)\s+)?(?:the\s+)?#?(\p{L}[\p{L}\p{N}_]{2,})\s*(?:-\s*)?(?:(${COLLECTION_STRONG_TAIL})|(${COLLECTION_WEAK_TAIL}))(?![\p{L}\p{N}_])`,
    "gu",
  );
  for (const m of text.matchAll(familyTail)) {
    const word = (m[2] as string).toLowerCase();
    const family = [...names].filter((n) => n.includes(word)).sort();
    const whole =
      m[1] !== undefined || !/^(?:search|search results?|query|keyword|input|collection)$/.test(m[3] ?? "");
    // (A word of a third of the searches or more; not the end of a place written apart, "the Tuyên Quang search".)
    const before = text
      .slice(0, m.index ?? 0)
      .match(/(\p{L}+)\s+$/u)?.[1]
      ?.toLowerCase();
    if (
      family.length < Math.max(3, names.size / 3) ||
      // ("The cheap-hotel searches": a kind of it, one search.)
      /\p{L}-$/u.test(text.slice(0, m.index ?? 0)) ||
      !(whole || !names.has(word)) ||
      (before !== undefined && [...names].some((n) => n.includes(`${before}${word}`)))
    )
      continue;
    // (The span leaves "which" to the question's shape.)
    const lead = m[1]?.length ?? 0;
    add(family, (m.index ?? 0) + lead, m[0].length - lead, false, {
      each: /^(?:which|what|each|every|per)\b/.test(m[1] ?? ""),
    });
  }
  for (const m of text.matchAll(tail)) {
    const lead = m[1]?.length ?? 0;
    add([m[2] as string], (m.index ?? 0) + lead, m[0].length - lead, m[3] === undefined);
  }
  return found;
}

const MONTH_WORD = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** "Dec 2020 trending", "trending set from 2020", "trending 12/2020": a trending collection named with its date. */
const TRENDING_DATED = new RegExp(
  String.raw`\b(?:${MONTH_WORD}\s+)?(?:19|20)\d\d\s+(?:global\s+)?trending\b|\btrending\s+(?:(?:set|dataset|data)\s+)?(?:(?:in|from|of)\s+)?(?:${MONTH_WORD}\s+|\d{1,2}\/)?(?:19|20)\d\d\b`,
  "gi",
);
/** A figure asked of "trending videos" (not a list of them, which is the trending feed). */
const FIGURE_OF_TRENDING =
  /\b(?:how many|median|average|avg|mean|typical|percentage|percent|share|fraction|proportion|ratio|total|number of|distribution)\b(?:(?![.?!;]|\b(?:show|list|top|rank\w*|most|best)\b)[\s\S])*?\btrending(?=\s+(?:(?:vs\.?|versus|compared (?:to|with)|and)\s+(?:the\s+)?[\p{L}]+\s+)?(?:videos?|tiktoks?|vids|posts|clips|ones)\b)/giu;
/**
 * What "trending videos" use ("which hook types do trending videos use most?", "hashtags used by trending videos",
 * "the sounds in trending videos"): the uses of the videos the trending collection holds; ends at "trending".
 */
const USES_OF_TRENDING =
  /\b(?:hashtags?|tags|sounds?|songs?|music|audios?|hook types?|hooks?|emojis?|words?|phrases?)\s+(?:(?:do|does|did)\s+(?:the\s+)?|(?:(?:are\s+|is\s+)?(?:most\s+)?(?:used|common|popular)\s+)?(?:by|in|on|of|among|across)\s+(?:the\s+)?)trending(?=\s+(?:videos?|tiktoks?|vids|posts|clips)\b)/giu;
/**
 * A ranking on another measure among "trending videos" ("which trending video has the highest like-to-view ratio?",
 * "among trending videos, which got the most comments?"): the set's videos ranked; ends at "trending".
 */
const RANKED_AMONG_TRENDING =
  /\b(?:(?:which|what)\s+trending(?=\s+(?:videos?|tiktoks?|vids|posts|clips)\s+(?:has|have|had|got|gets?|with|drew|earned)\s+(?:the\s+)?(?:highest|most|lowest|fewest|best|worst|biggest|largest|smallest|longest|shortest)\b)|among\s+(?:the\s+|all\s+)?trending(?=\s+(?:videos?|tiktoks?|vids|posts|clips)\b))/giu;
const SET_AFTER = /^\s*(?:set|dataset|data ?set|data|collection|sample|export|scrape|file|list|dump)\b/i;

/**
 * Where the corpus holds a trending collection ("trending-dec2020", imported with `crs import --collection`), the
 * date written with "trending" is the collection's name, not a period ("the Dec 2020 trending set" is the whole
 * set, which runs from September); and a collection's name quoted before "search" is no quoted text ("the
 * generic "hotel" search").
 */
function collectionsSpelled(text: string, names: ReadonlySet<string>, typos: string[]): string {
  let out = text;
  const trending = [...names].filter((n) => n.includes("trending"));
  if (trending.length === 1) {
    const name = trending[0] as string;
    // "Trending" ending what was matched, read as the trending collection.
    const theSet = (said: string) => {
      typos.push(`trending=${name}, the collection's name`);
      return said.replace(/\btrending$/i, `${name} set`);
    };
    out = out
      .replace(TRENDING_DATED, (said: string, at: number, all: string) => {
        // ("Which hashtags were trending in March 2025?": a period, where the collection is of another year.)
        const years = name.match(/(?:19|20)\d\d/g);
        if (years && !years.some((year) => said.includes(year))) return said;
        typos.push(`${said.trim()}=${name}, the collection's name`);
        return SET_AFTER.test(all.slice(at + said.length)) ? name : `${name} set`;
      })
      // ("The trending dataset", "the trending sample": the one trending collection.)
      .replace(
        /\b(?:kaggle\s+)?trending(?=\s+(?:set|dataset|data ?set|sample|export|scrape|dump)\b)|\bkaggle\s+trending\b/gi,
        name,
      )
      // ("Median likes of trending videos", "what share of the trending videos use an original sound?": a figure of
      // the videos the trending collection holds; the trending feed ranks today's videos, and has no such figure.)
      .replace(FIGURE_OF_TRENDING, theSet)
      // ("Which hook types do trending videos use most?": what the set's videos use; the trend reports are asked
      // as "what is trending".)
      .replace(USES_OF_TRENDING, theSet)
      .replace(RANKED_AMONG_TRENDING, theSet);
  }
  if (names.size === 0) return out;
  const alternatives = namesPattern(names);
  return out.replace(
    new RegExp(
      String.raw`["“'‘](${alternatives})["”'’](?=\s*(?:\([^()]{0,40}\)\s*)?(?:${COLLECTION_STRONG_TAIL}|${COLLECTION_WEAK_TAIL})(?![\p{L}\p{N}_]))`,
      "giu",
    ),
    "$1",
  );
}

/**
 * The collection a place's search names: "the Phú Quý search" is "hotelphuquy", "Vũng Tàu search" "hotelvungtau"
 * (the place written without spaces, after a kind of place, SEARCH_KIND); null unless one collection is it.
 */
function collectionOfPlace(place: string, names: ReadonlySet<string>): string | null {
  const joined = foldText(place).replace(/[^\p{L}\p{N}]+/gu, "");
  if (joined.length < 3) return null;
  if (names.has(joined)) return joined;
  const matching = [...names].filter(
    (n) => n.endsWith(joined) && SEARCH_KIND_WORD.test(n.slice(0, n.length - joined.length)),
  );
  return matching.length === 1 ? (matching[0] as string) : null;
}

/** "beach = Nha Trang, Vũng Tàu, Phú Quốc": a group's name, "=", what it holds (to a ";", "/", "|", another one or the end). */
const GROUP_DEFINITION =
  /(?<![\p{L}\p{N}#@])(\p{L}[\p{L}\p{N} -]{0,24}?)\s*=\s*([^=;/|]+?)(?=\s*(?:[;/|]|$)|\s+\p{L}[\p{L}\p{N} -]{0,24}?\s*=)/gu;

/**
 * Groups of topics a question defines: "beach = Nha Trang, Vũng Tàu / mountain = Đà Lạt, Sa Pa" (a name, "=", its
 * topics; two or more), or "Hanoi + Saigon against Nha Trang + Vung Tau" (topics added up, on each side of "vs",
 * "against" or "compared with"). Each group holds the topics written within it, one group at least two; null when
 * the question defines none.
 */
function groupsDefined(
  text: string,
  spans: ReadonlyMap<string, { at: number; end: number }>,
): { label: string; topics: string[] }[] | null {
  const within = (from: number, to: number) =>
    [...spans]
      .filter(([, s]) => s.at >= from && s.end <= to)
      .sort((x, y) => x[1].at - y[1].at)
      .map(([t]) => t);
  const usable = (groups: { label: string; topics: string[] }[]) =>
    groups.length >= 2 &&
    groups.length <= MAX_RANKED_GROUPS &&
    groups.every((g) => g.topics.length > 0) &&
    groups.some((g) => g.topics.length >= 2) &&
    new Set(groups.flatMap((g) => g.topics)).size === groups.flatMap((g) => g.topics).length
      ? groups
      : null;
  const defined = [...text.matchAll(GROUP_DEFINITION)].map((m) => {
    const end = (m.index ?? 0) + m[0].length;
    return { label: (m[1] as string).trim(), topics: within(end - (m[2] as string).length, end) };
  });
  if (defined.length >= 2) return usable(defined);
  const sum = String.raw`(?:#?[\p{L}\p{N}][\p{L}\p{N} .'-]*?\s*\+\s*)+#?[\p{L}\p{N}][\p{L}\p{N} .'-]*?`;
  const added = text.match(
    new RegExp(
      `(${sum})\\s+(?:vs\\.?|versus|against|compared (?:to|with))\\s+(${sum})(?=\\s*(?:[,.?!;:(]|$))`,
      "u",
    ),
  );
  if (!added) return null;
  const start = added.index ?? 0;
  const left = added[1] as string;
  const right = added[2] as string;
  const rightAt = start + added[0].length - right.length;
  // ("Big cities vs beach towns: Hanoi + Saigon against Nha Trang + Vung Tau": the sides' names, said before.)
  const named = text
    .slice(0, start)
    .match(/(\p{L}[\p{L} -]{0,30}?)\s+(?:vs\.?|versus|against|or)\s+(\p{L}[\p{L} -]{0,30}?)\s*[:,(—–-]\s*$/u);
  return usable([
    { label: named?.[1]?.trim() ?? "", topics: within(start, start + left.length) },
    { label: named?.[2]?.trim() ?? "", topics: within(rightAt, rightAt + right.length) },
  ]);
}

/** A prefix of an advertiser's name that the planner links to it: 2+ words, 8+ characters. */
const PREFIX_MIN_WORDS = 2;
const PREFIX_MIN_LENGTH = 8;

/** namePrefixes per list of names: the store shares one list while the corpus is unchanged (at 1M: 55 ms). */
const prefixesOf = new WeakMap<readonly AdvertiserName[], { a: AdvertiserName; n: string }[]>();

function namePrefixes(all: readonly AdvertiserName[]): { a: AdvertiserName; n: string }[] {
  const known = prefixesOf.get(all);
  if (known) return known;
  const found = findNamePrefixes(all);
  prefixesOf.set(all, found);
  return found;
}

/** The first words of each name (shorter than the name) that start no other advertiser's name or alias. */
function findNamePrefixes(all: readonly AdvertiserName[]): { a: AdvertiserName; n: string }[] {
  const owners = new Map<string, AdvertiserName[]>();
  for (const a of all) {
    const words = a.name.toLowerCase().split(/\s+/).filter(Boolean);
    for (let k = PREFIX_MIN_WORDS; k < words.length; k++) {
      const prefix = words.slice(0, k).join(" ");
      if (prefix.length >= PREFIX_MIN_LENGTH) addTo(owners, prefix, a);
    }
  }
  const whole = new Set(all.flatMap((a) => a.names));
  return [...owners]
    .filter(([prefix, as]) => as.length === 1 && !whole.has(prefix))
    .map(([n, as]) => ({ a: as[0] as AdvertiserName, n }));
}

/**
 * A name written apart whose run-together form is a hashtag ("Da Lat" → #dalat, "Ho Chi Minh" → #hochiminh,
 * "Hoi An" → #hoian): the word at `i` and the one or two words right after it (only spaces or hyphens
 * between them), the most used join. Scraped captions tag places run together far more often than they spell
 * them out, and the search finds both spellings from the run-together one.
 */
async function compoundAt(
  facts: FactsRepository,
  words: readonly { raw: string; at: number }[],
  i: number,
  lower: string,
  named = false,
): Promise<{ tag: string; phrase: string; words: number; use: number } | null> {
  let best: { tag: string; phrase: string; words: number; use: number } | null = null;
  for (let n = Math.min(3, words.length - i); n >= 2; n--) {
    // A word may carry the sentence's full stop ("… in Hoi An. What should I post?"), and the last a possessive
    // ("Hà Giang's median").
    const run = words
      .slice(i, i + n)
      .map((w, k) => ({ raw: w.raw.replace(k === n - 1 ? /(?:['’]s)?[._-]*$/ : /[._-]+$/, ""), at: w.at }));
    const apart = run.every((w, k) => {
      const next = run[k + 1];
      return next === undefined || /^[\s-]+$/.test(lower.slice(w.at + w.raw.length, next.at));
    });
    // Parts are name syllables: no question words ("longer videos" is not #longervideos), though a short
    // one may be ("Hoi An").
    const syllable = (w: string) =>
      /^\p{L}+$/u.test(w) &&
      !(w in SUBJECT_WORDS) &&
      !(w in METRIC_WORDS) &&
      !(w in UNKNOWN_MEASURES) &&
      (w.length <= 2 || named || !FUNCTION_WORDS.has(w));
    // ("Quận 1", "quan 1": a district's number after its word, #quan1.)
    const district = (k: number) =>
      k === n - 1 &&
      k > 0 &&
      /^\d{1,2}$/.test(run[k]?.raw ?? "") &&
      foldText(run[k - 1]?.raw ?? "") === "quan";
    if (!apart || !run.every((w, k) => syllable(w.raw) || district(k))) continue;
    const tag = foldText(run.map((w) => w.raw).join(""));
    const use = tag.length >= 2 ? await facts.hashtagUse(tag, FORM_USE_CAP) : 0;
    // The join the corpus tags most, the shorter on a tie: "Da Nang hotel" is #danang (217 real videos) and
    // the word hotel, not #dananghotel (16), whose videos the search of both words finds too; "Ho Chi Minh"
    // is #hochiminh.
    if (use >= TOPIC_MIN_USE && (!best || use >= best.use))
      best = { tag, phrase: run.map((w) => w.raw).join(" "), words: n, use };
  }
  return best;
}

/** A word of a phrase written with accents: a letter outside ASCII ("tắm"), or a short unaccented syllable ("gia"). */
const ACCENTED = /^\p{L}*[^\p{ASCII}]\p{L}*$/u;
const SYLLABLE = /^[a-z]{1,4}$/;

/**
 * Two to four words at `i`, side by side, each written with accents or a short syllable and at least one with
 * accents ("bồn tắm", "gia đình", "bãi sau"), that some video has together: the phrase, folded, and how many words
 * it takes. The whole run, or its first words when the rest is a place run together ("khách sạn" before "đà lạt").
 */
async function accentedPhraseAt(
  facts: FactsRepository,
  words: readonly { raw: string; at: number }[],
  i: number,
  lower: string,
  isCapital: (at: number) => boolean,
): Promise<{ phrase: string; words: number } | null> {
  let n = 0;
  while (n < 4 && i + n < words.length) {
    const w = words[i + n] as { raw: string; at: number };
    const prev = n > 0 ? (words[i + n - 1] as { raw: string; at: number }) : null;
    if (prev && lower.slice(prev.at + prev.raw.length, w.at) !== " ") break;
    // (A capital starts a name: "ở Đà Lạt" is no phrase, "khách sạn Đà Lạt" is "khách sạn" and the place.)
    if (prev && isCapital(w.at)) break;
    if (
      !ACCENTED.test(w.raw) &&
      !(SYLLABLE.test(w.raw) && !FUNCTION_WORDS.has(w.raw) && !(w.raw in SUBJECT_WORDS))
    )
      break;
    n++;
  }
  const run = words.slice(i, i + n);
  if (n < 2 || !run.some((w) => ACCENTED.test(w.raw))) return null;
  for (let k = n; k >= 2; k--) {
    const part = run.slice(0, k);
    if (!part.some((w) => ACCENTED.test(w.raw))) continue;
    // (Shorter only before a place run together: "khách sạn đà lạt" is "khách sạn" and #dalat.)
    if (k < n && !(await compoundAt(facts, words, i + k, lower))) continue;
    const phrase = foldText(part.map((w) => w.raw).join(" "));
    if ((await facts.count({ q: `"${phrase}"` })) > 0) return { phrase, words: k };
  }
  return null;
}

/** A written word counts as unknown to the corpus (so maybe misspelt) when at most this many videos use it. */
const MISSPELT_MAX_USE = 1;
/** The longest run-together name respelt (three words of a place). */
const MAX_SPELT = 40;
/** Edits allowed between a word the corpus does not use and the hashtag read for it: one, two from 9 letters. */
const spellingSlack = (form: string) => ([...form].length >= 9 ? 2 : 1);

/**
 * A misspelt place or topic ("nha trag", "phu qouc", "buon ma thout", "vungtao"): the word at `i`, or it and the
 * one or two words right after it run together, when one of them is a word no more than MISSPELT_MAX_USE videos
 * use and the join is within spellingSlack edits of a hashtag the corpus uses: the closest, then the most used
 * ("da nag hotel" is #danang, 217 real videos, and hotel; not #dananghotel, 16).
 * Candidates share the first three letters: a slip there is rare, and the index is read by prefix. Words the
 * corpus knows are never respelt ("luxury hotel" is not #luxuryhotels).
 */
async function respeltAt(
  facts: FactsRepository,
  words: readonly { raw: string; at: number }[],
  i: number,
  lower: string,
): Promise<{ tag: string; phrase: string; words: number } | null> {
  let best: { tag: string; phrase: string; words: number; edits: number; use: number } | null = null;
  const byPrefix = new Map<string, IndexedWord[]>();
  const seen = new Map<string, boolean>();
  const unknown = async (w: string) => {
    const form = foldText(w);
    let is = seen.get(form);
    if (is === undefined) {
      const length = [...form].length;
      const known = await facts.indexedWords(form, length, length);
      is = !known.some((k) => k.word === form && k.videos > MISSPELT_MAX_USE);
      seen.set(form, is);
    }
    return is;
  };
  for (let n = Math.min(3, words.length - i); n >= 1; n--) {
    const run = words.slice(i, i + n).map((w) => ({ raw: w.raw.replace(/[._-]+$/, ""), at: w.at }));
    const apart = run.every((w, k) => {
      const next = run[k + 1];
      return next === undefined || /^[\s-]+$/.test(lower.slice(w.at + w.raw.length, next.at));
    });
    if (!apart || !run.every((w) => /^\p{L}+$/u.test(w.raw))) continue;
    // (Parts of a name, as in compoundAt: no words of the question itself.)
    if (
      run.some(
        (w) =>
          w.raw in SUBJECT_WORDS ||
          w.raw in METRIC_WORDS ||
          w.raw in UNKNOWN_MEASURES ||
          (w.raw.length > 2 && FUNCTION_WORDS.has(w.raw)),
      )
    )
      continue;
    const form = foldText(run.map((w) => w.raw).join(""));
    if ([...form].length < 5) continue;
    let misspelt = false;
    for (const w of run) if (!misspelt && (await unknown(w.raw))) misspelt = true;
    if (!misspelt) continue;
    const slack = spellingSlack(form);
    const length = [...form].length;
    // (The runs at `i` mostly share their first three letters: the index is read once for them.)
    const prefix = [...form].slice(0, 3).join("");
    let indexed = byPrefix.get(prefix);
    if (!indexed) {
      indexed = await facts.indexedWords(prefix, 3, MAX_SPELT);
      byPrefix.set(prefix, indexed);
    }
    const near = indexed
      .filter((k) => Math.abs([...k.word].length - length) <= slack)
      .filter((k) => k.videos >= TOPIC_MIN_USE && k.word !== form)
      .map((k) => ({ ...k, edits: editDistance(form, k.word, slack) }))
      .filter((k) => k.edits <= slack)
      .sort((a, b) => a.edits - b.edits || b.videos - a.videos);
    for (const k of near.slice(0, 3)) {
      const use = await facts.hashtagUse(k.word, FORM_USE_CAP);
      if (
        use >= TOPIC_MIN_USE &&
        (!best || k.edits < best.edits || (k.edits === best.edits && use > best.use))
      )
        best = { tag: k.word, phrase: run.map((w) => w.raw).join(" "), words: n, edits: k.edits, use };
    }
  }
  return best;
}

/**
 * A creator's display name of 2 to 4 capitalised words starting at word `i` ("Billie Eilish", "Vịnh Mây
 * Hotel"), its words marked spent. When the words run together are also a topic of the corpus (#billieeilish,
 * #khachsandalat), the name wins only for a verified account or a creator who made most of that topic's
 * videos: "Khách Sạn Đà Lạt" (a creator's name too) stays Da Lat hotels. `tag` names that other reading.
 */
async function displayNameAt(
  facts: FactsRepository,
  original: string,
  words: readonly { raw: string; at: number }[],
  i: number,
  spent: Set<number>,
): Promise<{ creator: LinkedCreator; phrase: string; tag: string | null } | null> {
  const capital = (w: { raw: string; at: number }) => {
    const c = original.slice(w.at, w.at + 1);
    return /\p{L}/u.test(c) && c === c.toUpperCase() && c !== c.toLowerCase();
  };
  // Right after "by" or "from" (and "the") a name may be written in lower case ("videos by tim thebodeau",
  // "from the ritz london"); "the" is then tried as the name's first word too.
  const cue = (k: number) => k >= 0 && /^(by|from)$/i.test((words[k] as { raw: string }).raw);
  const article = i > 1 && /^the$/i.test((words[i - 1] as { raw: string }).raw) && cue(i - 2);
  const cued = cue(i - 1) || article;
  let run = 0;
  while (run < 6 && i + run < words.length) {
    const w = words[i + run] as { raw: string; at: number };
    const prev = run > 0 ? words[i + run - 1] : undefined;
    if (spent.has(i + run) || !(cued || capital(w))) break;
    if (prev && !/^ +$/.test(original.slice(prev.at + prev.raw.length, w.at))) break;
    run++;
  }
  for (let n = run; n >= 1; n--)
    for (const start of article ? [i - 1, i] : [i]) {
      if (i + n - start < 2) continue;
      const first = words[start] as { raw: string; at: number };
      const last = words[i + n - 1] as { raw: string; at: number };
      const phrase = original.slice(first.at, last.at + last.raw.replace(/'s$/, "").length);
      const creator = await facts.creatorByNickname(phrase);
      if (!creator) continue;
      const joined = foldText(phrase.replace(/\s+/g, ""));
      const topical = (await facts.hashtagUse(joined, TOPIC_MIN_USE)) >= TOPIC_MIN_USE;
      if (topical && !creator.verified) {
        const [own, all] = await Promise.all([
          facts.count({ q: joined, author_uid: creator.uid }),
          facts.count({ q: joined }),
        ]);
        if (own * 2 < all) return null;
      }
      for (let j = start; j < i + n; j++) spent.add(j);
      return { creator, phrase, tag: topical ? joined : null };
    }
  return null;
}

/** The bound a comparison word sets: "more than" / "over" … → over, "at least" / "at most" as written, else under. */
/** A fraction as a percentage for a label: 0.05 → "5". */
const percentOf = (fraction: number) => (Math.round(fraction * 1_000_000) / 10_000).toLocaleString("en-US");

function boundOp(word: string): BoundOp {
  if (word === "at least" || word === "at most") return word;
  // "Videos that passed 100k views", "reached 1M likes".
  // ("More likely to reach 1M plays", "to pass 100k views".)
  if (/^(reached|reach|reaches|reaching|hit|hits|hitting)$/.test(word)) return "at least";
  if (
    /^(passed|past|pass|passes|passing|crossed|cross|crosses|crossing|cleared|clear|clears|clearing|exceeded|exceeding|exceed|exceeds|surpassed|surpass|topped|broke|break|breaks|breaking|beat)$/.test(
      word,
    )
  )
    return "over";
  // "min 10 videos", "a maximum of 5 posts".
  if (/^min/.test(word)) return "at least";
  if (/^max/.test(word)) return "at most";
  return /^(more than|over|above|greater than|longer than)$/.test(word) ? "over" : "under";
}

/**
 * "Videos without music", "no music", "with music or without", "music or no music": a video with no music is
 * one using an original sound (the creator's own audio); any named track counts as music.
 */
const NO_MUSIC =
  /\b(?:(?:without|with no|no|zero)\s+(?:any\s+)?(?:background\s+)?(?:music|songs?|soundtracks?)|(?:with\s+)?music\s+or\s+(?:without|not|none|no(?:\s+music)?)|with\s+or\s+without\s+(?:background\s+)?music)\b/;

/**
 * Whether a question may name a sound: "original sound", or a word after "song", "sound", "music"… that is
 * no question word ("the song Shape Of You", not "which sounds are most used").
 */
function mayNameSound(question: string): boolean {
  const lower = question.toLowerCase();
  // ("musicOriginal = false": the export's field, read as original sounds.)
  if (
    /\boriginal[- ](sounds?|audios?)\b|musicoriginal|\b(?:licensed|commercial|copyrighted)[- ](?:music|tracks?|songs?|audio|sounds?)\b/.test(
      lower,
    ) ||
    NO_MUSIC.test(lower) ||
    ARTISTS_ASKED.test(lower)
  )
    return true;
  // (A title may open with a function word, written in capitals: "the sound She Share Story".)
  for (const m of question.matchAll(
    /\b(?:songs?|sounds?|music|tracks?|audios?)\b(?:\s+(?:called|named|titled))?[\s:"“'«]*([\p{L}\p{N}]+)?/giu,
  )) {
    const next = m[1]?.toLowerCase();
    if (
      next &&
      ((!FUNCTION_WORDS.has(next) && !(next in SUBJECT_WORDS) && !(next in METRIC_WORDS)) ||
        /^\p{Lu}/u.test(m[1] as string))
    )
      return true;
  }
  return false;
}

/**
 * The titles TikTok gives a creator's own audio, by language (alone, or before " - " and the creator's name):
 * "original sound" reads as any of them.
 */
export const ORIGINAL_SOUND_TITLES = [
  "original sound",
  "sonido original",
  "som original",
  "son original",
  "suono originale",
  "originalton",
  "origineel geluid",
  "оригинальный звук",
  "nhac nen",
  "suara asli",
  "orijinal ses",
];

const isOriginalSound = (title: string) => {
  const folded = foldText(title);
  return ORIGINAL_SOUND_TITLES.some((t) => folded === t || folded.startsWith(`${t} - `));
};

/**
 * The topics listed one after another from the k-th of `ordered` (by place in `text`): each joined to the next by a
 * comma or one of `joins` alone ("Hue, Quang Binh and Dak Lak").
 */
/** Where a run of listed topics (from listedFrom) is written: from the first one's start to the last one's end. */
function spanBetween(
  ordered: readonly [string, { at: number; end: number }][],
  run: readonly string[],
): [number, number] {
  const spans = ordered.filter(([t]) => run.includes(t)).map(([, s]) => s);
  return [Math.min(...spans.map((s) => s.at)), Math.max(...spans.map((s) => s.end))];
}

function listedFrom(
  ordered: readonly [string, { at: number; end: number }][],
  k: number,
  text: string,
  joins: string,
): string[] {
  const joined = new RegExp(`^[\\s,]*(?:(?:${joins})[\\s,]*)?$`);
  const run = [(ordered[k] as [string, unknown])[0]];
  for (let j = k; j + 1 < ordered.length; j++) {
    const [, here] = ordered[j] as [string, { end: number }];
    const [next, there] = ordered[j + 1] as [string, { at: number }];
    const gap = text.slice(here.end, there.at).replace(/#$/, "");
    if (!joined.test(gap) || !/[,&\p{L}]/u.test(gap)) break;
    run.push(next);
  }
  return run;
}

/** "…: Vinpearl, JW Marriott, Novotel and Sheraton": three or more topics listed right after a colon (none if not). */
function listAfterColon(ordered: readonly [string, { at: number; end: number }][], text: string): string[] {
  for (let k = 0; k < ordered.length; k++) {
    const at = (ordered[k] as [string, { at: number }])[1].at;
    if (!/:\s*["“'#]*$/.test(text.slice(Math.max(0, at - 6), at))) continue;
    // (An item may hold words that name nothing: "InterContinental Sun Peninsula, Hyatt Regency".)
    const run = [(ordered[k] as [string, unknown])[0]];
    for (let j = k; j + 1 < ordered.length; j++) {
      const [next, there] = ordered[j + 1] as [string, { at: number }];
      const gap = text.slice((ordered[j] as [string, { end: number }])[1].end, there.at);
      // (A word of the same item, "Mường Thanh Luxury", is no item of its own; "plus …" ends the list.)
      if (/^\s+$/.test(gap)) continue;
      if (next === "plus") break;
      if (!/^[^,.;:?!()]{0,30},\s*(?:(?:and|or|&)\s+)?["“'#]*$|^\s*(?:and|or|&)\s+["“'#]*$/.test(gap)) break;
      run.push(next);
    }
    if (run.length >= 3) return run;
  }
  return [];
}

/** "… for #fitness, #gym and #bodybuilding": three or more hashtags listed right after "for" (none if not). */
function hashtagsListedFor(
  ordered: readonly [string, { at: number; end: number }][],
  text: string,
): string[] {
  for (let k = 0; k < ordered.length; k++) {
    if (!/\bfor\s+#$/.test(text.slice(0, (ordered[k] as [string, { at: number }])[1].at))) continue;
    const run = listedFrom(ordered, k, text, "and|or|&");
    if (run.length >= 3 && ordered.slice(k, k + run.length).every(([, span]) => text[span.at - 1] === "#"))
      return run;
  }
  return [];
}

/**
 * Sounds named, any of them (a video uses one sound): one filter, named in answers as "a sound by A or B" or
 * '"T1" or "T2"', and the names as the understood line lists them.
 */
function eitherSound(sounds: readonly (Attribute & { kind: "sound" })[]): {
  sound: Attribute & { kind: "sound" };
  names: string;
} {
  const byArtistOnly = sounds.every((a) => a.title === "");
  const ids = [...new Set(sounds.flatMap((a) => a.ids))];
  return {
    sound: byArtistOnly
      ? { kind: "sound", ids, title: "", by: sounds.map((a) => a.by).join(" or ") }
      : { kind: "sound", ids, title: sounds.map((a) => a.title || a.by).join('" or "') },
    names: sounds.map((a) => (byArtistOnly ? (a.by as string) : soundWords(a))).join(", "),
  };
}

/** A sound as answers name it: "an original sound", ""Love Story" by Disco Lines", "a sound by AMEE". */
export const soundWords = (sound: { title: string; by?: string }): string =>
  sound.title === "original sound"
    ? "an original sound"
    : sound.title === ""
      ? `a sound by ${sound.by}`
      : `"${sound.title}"${sound.by ? ` by ${sound.by}` : ""}`;

/** Words that lead to an artist's name: "songs by", "tracks from", "artists like". */
const ARTIST_CUE =
  /\b(?:(?:songs?|tracks?|music|sounds?|audios?|catalog(?:ue)?)\s+(?:by|from)|artists?\s+(?:like|such as|named|called)|(?:by|from)\s+(?:the\s+)?artists?|credited\s+to)\s+/giu;
/** A question about the artists of the sounds, as a group: "which artists", "top music authors", "musicAuthor". */
const ARTISTS_ASKED =
  /\b(?:(?:music |song |sound )?artists|music ?authors?|musicauthor|singers|musicians|songwriters)\b/;
/** Before a capitalised name and the song it made: "a Sơn Tùng M-TP song", "any Pop Smoke tracks". */
const ARTIST_BEFORE_SONG =
  /\b(?:an?|any)\s+(?=\p{Lu}[^\s,;:?!()"“”]*(?:\s+[^\s,;:?!()"“”]+){0,3}?\s+(?:songs?|tracks?|music|sounds?|audios?)\b)/gu;
const SONG_NOUN = /^\s+(?:songs?|tracks?|music|sounds?|audios?)\b/;
/** Between two artists listed: "AMEE vs Châu Đăng Khoa", "Sơn Tùng M-TP, Hòa Minzy or Châu Đăng Khoa". */
const ARTIST_JOIN = /^\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:vs\.?|versus|or|and|&)\s+)/u;

/** An artist read in a question: where the name was written, and the sounds credited to it. */
interface ArtistRead {
  at: number;
  end: number;
  /** Where the words leading to the first name of a list start ("songs by"), read with it. */
  cueAt?: number;
  artist: string;
  sounds: ArtistSound[];
}

/**
 * The artists a question names after "songs by" (and the like, a list of them: "songs by Đức Phúc vs AMEE"), or
 * right after a quoted sound ('"Love Story" by Disco Lines', '"Ashes" (Stellar)'; `after`: where those quotes
 * end). A name is the longest run of up to 5 words credited to an artist (as written, any case; or the start of a
 * longer credit, 2 words or more: "Percy Faith" for "Percy Faith And His Orchestra"). One pass over the videos.
 */
async function readArtists(
  facts: FactsRepository,
  question: string,
  after: readonly number[],
): Promise<ArtistRead[]> {
  const starts: { at: number; list: boolean; paren: boolean; cueAt?: number; song?: boolean }[] = [];
  for (const cue of question.matchAll(ARTIST_CUE)) {
    const at = (cue.index ?? 0) + cue[0].length;
    // ("Top sounds by views", "songs by number of videos", "tracks from Da Lat videos": a measure, a set or a place,
    // no artist; no pass over the videos for it.)
    const next =
      question
        .slice(at)
        .match(/^[\p{L}\p{N}]+/u)?.[0]
        .toLowerCase() ?? "";
    if (
      next === "" ||
      FUNCTION_WORDS.has(next) ||
      next in METRIC_WORDS ||
      next in SUBJECT_WORDS ||
      /^(number|count|median|average|avg|total|popularity|usage|uses?|use|engagement|region|country|month|year|week|day|hour|place|city|most|top)$/.test(
        next,
      )
    )
      continue;
    starts.push({ at, list: true, paren: false, cueAt: cue.index ?? 0 });
  }
  // ("Videos that use a Sơn Tùng M-TP song", "any Pop Smoke track": a name written before the song.)
  for (const a of question.matchAll(ARTIST_BEFORE_SONG))
    starts.push({ at: (a.index ?? 0) + a[0].length, list: false, paren: false, song: true });
  for (const end of after) {
    const by = question.slice(end).match(/^\s*(?:\(\s*|,?\s+by\s+)/u);
    if (by) starts.push({ at: end + by[0].length, list: false, paren: by[0].includes("(") });
  }
  if (starts.length === 0) return [];
  // The runs of words from each place a name may start (the first 12 words after a cue, for a list).
  const wordsFrom = (at: number, limit: number) =>
    [...question.slice(at).matchAll(/[^\s,;:?!()"“”]+/gu)]
      .slice(0, limit)
      .map((w) => ({ at: at + (w.index ?? 0), end: at + (w.index ?? 0) + w[0].length }));
  const runs = (at: number) => {
    const words = wordsFrom(at, 5);
    const out: { at: number; end: number; name: string }[] = [];
    for (let n = words.length; n >= 1; n--) {
      const last = words[n - 1] as { end: number };
      // (A run stops at punctuation: "Kreepa, …" is "Kreepa".)
      if (/[,;:?!()]/.test(question.slice(at, last.end))) continue;
      out.push({ at, end: last.end, name: question.slice(at, last.end) });
    }
    return out;
  };
  const places = new Set<number>();
  for (const start of starts)
    for (const w of start.list ? wordsFrom(start.at, 12) : wordsFrom(start.at, 1)) places.add(w.at);
  const names = [...new Set([...places].flatMap((at) => runs(at).map((r) => r.name)))];
  const credited = await facts.soundsByArtist(names.slice(0, 200));
  const creditOf = (name: string) => {
    const folded = foldText(name).trim();
    const exact = credited.filter((c) => foldText(c.artist).trim() === folded);
    return exact.length > 0 || folded.split(/\s+/).length < 2
      ? exact
      : credited.filter((c) => foldText(c.artist).trim().startsWith(`${folded} `));
  };
  const read: ArtistRead[] = [];
  for (const start of starts) {
    let at = start.at;
    for (let k = 0; k < 12; k++) {
      const found = runs(at)
        .map((r) => ({ ...r, sounds: creditOf(r.name) }))
        .find((r) => r.sounds.length > 0);
      if (!found) break;
      const counts = new Map<string, number>();
      for (const c of found.sounds) counts.set(c.artist, (counts.get(c.artist) ?? 0) + c.videos);
      const artist = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] as string;
      // (The bracket closing "(Stellar)", the song after "a Pop Smoke track": read with the name.)
      const end =
        found.end +
        (question.slice(found.end).match(start.paren ? /^\s*\)/ : start.song ? SONG_NOUN : /^(?!)/)?.[0]
          .length ?? 0);
      read.push({
        at: found.at,
        end,
        artist,
        sounds: found.sounds,
        ...(k === 0 && start.cueAt !== undefined ? { cueAt: start.cueAt } : {}),
      });
      const join = start.list ? question.slice(end).match(ARTIST_JOIN) : null;
      if (!join) break;
      at = end + join[0].length;
    }
  }
  return read;
}

/** The sounds titled `phrase` (folded; exactly, or before " - " and an artist or creator). */
function soundsTitled(sounds: readonly SoundName[], phrase: string): SoundName[] {
  const folded = foldText(phrase).trim();
  if (folded.length < 2) return [];
  return sounds.filter((s) => {
    const title = foldText(s.title);
    return title === folded || title.startsWith(`${folded} - `);
  });
}

/** The noun of a set of videos right after a word ("pets videos"), and "videos about" right before one. */
const SET_NOUN_AFTER = /^\s+(videos?|vids?|clips?|ads?|posts?|content|slideshows?)\b/;
const SET_NOUN_BEFORE =
  /\b((?:videos?|vids?|clips?|ads?|posts?|content|slideshows?)(?: (?:are|is|that are|which are))? (?:about|featuring|showing))\s+$/;
/** Words before "videos" that name the platform or a kind of video, not what the videos are about. */
const NOT_TOPICAL =
  /^(tiktok|tik|instagram|insta|ig|reels?|youtube|shorts?|social|ugc|short|long|shortform|longform|vertical|paid|sponsored|promoted|boosted|my|our|your|their|his|her|its|some|any|all|more|less|many|few|search|searches|searched|scraped|collected|tagged|hashtagged|untagged|single|individual|daily|weekly|monthly|quarterly|yearly|annual|annually|kaggle|apify)$/;
/** A count or figure written before a noun ("my three videos", "my 276k video", "a 20-second clip"): no topic. */
const FIGURE_WORD =
  /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|\d[\d.,]*(?:k|m|b|s|sec|secs|second|seconds|min|mins|minute|minutes|plays?|views?|likes?|st|nd|rd|th)?)$/;

/** How many capitalised names one question may look up in the corpus's text (each is a search). */
const MAX_NAME_LOOKUPS = 5;

/** Months and days, which a capital does not make a name ("by December"). */
const CALENDAR_WORD =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|(mon|tues|wednes|thurs|fri|satur|sun)days?)$/;

/** Verbs of saying: the unlinked words after them are text to find ("which videos mention breakfast"). */
const MENTION_CUE =
  /(?<!at-)\b(mention(s|ed|ing)?|(?<!\b(?:my\s+[a-z]+|someone|somebody|he|she|boss|client|friend|colleague|manager|team|agency|guru|expert|article|blog|report|study)\s+)(?:say(s|ing)?|said)|talk(s|ed|ing)? about|contain(s|ed|ing)?|with the (words?|phrases?)|use(s|d)? the (words?|phrases?)|(with|have|has|having)(?= (an? |the |any )?(?!emojis?\b)[^\s?]+ in (the |their |its )?(captions?|transcripts?|descriptions?)\b))\b/;
/** Words after a verb of saying that name where to look, not what; or what else ("compared with the rest"). */
const NOT_MENTIONED =
  /^(captions?|transcripts?|voice-?overs?|scripts?|narrations?|speech|subtitles?|descriptions?|texts?|words?|phrases?|hooks?|titles?|openings?|lines?|rest|others|remainder|ids?|urls?|web|links?|handles?|rows?|columns?|cols?|fields?|json|csv|tables?|search|searches|searched|without|ones|those|than|anywhere|somewhere)$/;
/** A median length named as a measure ("median duration", "avg video length"), not bands of length. */
const MEDIAN_LENGTH = /\b(?:median|average|avg|mean|typical)\s+(?:video\s+)?(?:durations?|lengths?)\b/;
/** Examples quoted ('like "giá tốt" or "300k"'): the words asked for, read as text to find. */
const QUOTED_EXAMPLE_ALL = /["“]([^"”]{1,80})["”]/g;
/** A price's figure asked for ("the median quoted price", "cheapest price per night"): no filter on a price stated (the amounts are read, priceFigure). */
const PRICE_FIGURE =
  /\b(?:median|average|avg|mean|min(?:imum)?|max(?:imum)?|highest|lowest|cheapest|typical)\s+(?:quoted\s+|room\s+|nightly\s+)?prices?\b|\bprices?\s+per\s+(?:night|person|room)\b|\b(?:nightly|room)\s+rates?\b|\bprices?\s+(?:under|over|below|above|between|less than|more than|from)\s+\d/;
/** "Price ranges", "price bands": the prices stated, in ranges. */
const PRICE_RANGES_SAID = /\bprice (?:ranges?|bands?|brackets?|tiers?|levels?|segments?)\b/;
/** The ranges of the prices videos state, set side by side where none is written (đồng; a night or not). */
const PRICE_RANGES: readonly PriceBound[] = [
  { op: "under", value: 300_000, night: false },
  { op: "between", value: 300_000, to: 499_999, night: false },
  { op: "between", value: 500_000, to: 999_999, night: false },
  { op: "between", value: 1_000_000, to: 1_999_999, night: false },
  { op: "at least", value: 2_000_000, night: false },
];
/** A price's typical figure asked for: "the median quoted price", "average room rate", "how much do rooms cost". */
const PRICE_MEDIAN =
  /\b(?:price|rate)\s+ranges?\b|\brange of (?:the\s+)?(?:quoted\s+|room\s+)?(?:prices|rates)\b|(?<=\bwhat (?:do|does|did)\b[^?.]{0,40}?)\b(?:typically|usually|normally|generally)\s+(?:charge|cost|ask)\b|\b(?:median|average|avg|mean|typical|usual)\s+(?:(?:quoted|stated|room|nightly|hotel|homestay|villa|resort|stay)\s+){0,2}(?:prices?|rates?)\b(?:\s+per\s+(?:night|room))?|\b(?:what|which)\s+(?:(?:is|are|was|were)\s+)?(?:the\s+)?(?:(?:room|nightly)\s+rates?|prices?\s+per\s+(?:night|room))\b/;
/** "How much do rooms in Hội An cost?": the typical price; what is priced stays to be read. */
const HOW_MUCH =
  /\bhow much (?:do|does|did|are|is)(?:\s+(?:a|the))?(?:\s+(?:rooms?|hotels?|stays?|nights?))?\b(?=[^?.]{0,40}?\b(?:cost|costs|charge|charges|go for)\b)/;
const COSTS = /\b(?:cost|costs|charge|charges|go for)\b/;
/** The cheapest (most expensive) price stated asked for, and the noun of what it is for ("the cheapest hotel"). */
const PRICE_LOW =
  /(?<=\bwhich\b[^?.]{0,30})\b(?:cheaper|less expensive)\b|\b(?:cheapest|least expensive|most affordable|lowest[- ]priced|lowest(?=\s+(?:[\p{L}]+\s+){0,2}(?:prices?|(?:room|nightly)\s+rates?)\b))\b(?:\s+(?:hotels?|rooms?|stays?|places?|accommodations?|options?|deals?|prices?|rates?)\b)?/u;
const PRICE_HIGH =
  /(?<=\bwhich\b[^?.]{0,30})\b(?:more expensive|pricier)\b|\b(?:most expensive|priciest|highest[- ]priced|highest(?=\s+(?:[\p{L}]+\s+){0,2}(?:prices?|(?:room|nightly)\s+rates?)\b))\b(?:\s+(?:hotels?|rooms?|stays?|places?|accommodations?|options?|deals?|prices?|rates?)\b)?/u;
/** The price stated most often asked for: "the most common price", "which price shows up most", "the mode of prices". */
const PRICE_COMMON =
  /\b(?:most|more)\s+(?:common(?:ly\s+(?:quoted|stated|mentioned))?|frequent(?:ly\s+(?:quoted|stated|mentioned))?|popular|usual)\s+(?:(?:quoted|room|nightly|stated)\s+)?(?:prices?|rates?|price\s+points?)\b|\b(?:prices?|rates?|amounts?|price\s+points?)\s+(?:that\s+)?(?:shows?|appears?|comes?|turns?)\s+up\s+(?:the\s+)?most\b|\bwhich\s+(?:price|amount|rate)\s+(?:shows?\s+up|appears?|comes?\s+up)\s+(?:the\s+)?most\b|\bmodes?\s+(?:of\s+(?:the\s+)?)?(?:quoted\s+)?(?:prices?|rates?)\b|\b(?:prices?|rates?)\s+mode\b/;
/** After the cheapest (most expensive): the price word a word or two on ("the cheapest homestay price"). */
const PRICE_WORD_AFTER = /^(?:\s+[\p{L}]+){0,2}?\s+(prices?|rates?)\b/u;
/** What was priced, said beside a price's figure: its verb and where ("anyone mentions in the captions"). */
const PRICE_SAID_WHERE =
  /\b(?:(?:anyone|someone|they|people|hotels?)\s+)?(?:mentions?|mentioned|wrote|writes?|written|quotes?|quoted|states?|stated|says?|said|charges?|charged|charging|lists?|listed|gives?|gave)\b(?:\s+(?:anywhere|(?:in|on)\s+(?:the\s+|their\s+|a\s+|any\s+)?(?:captions?|transcripts?|voice-?overs?|videos?|text|whole\s+(?:set|data(?:set)?|corpus))))*/;
/** Things whose price videos of stays do not state ("the cheapest flights"): no price read. */
const NOT_STAYS = /\b(?:flights?|airlines?|airfares?|plane tickets?|bus tickets?|train tickets?)\b/;
/** A price said to be for a night: "per night", "nightly", "a night". */
const PRICE_NIGHT = /\bper (?:night|nite)\b|\bnightly\b|\ba night\b|\/\s?đêm\b|\bmột đêm\b/u;
/** A price said to be for some hours: "per hour", "hourly", "by the hour", "theo giờ". */
const PRICE_HOURS =
  /\b(?:per|an|each) hour\b|\bhourly\b|\bby the hour\b|\btheo giờ|\btheo gio\b|\/\s?(?:h|giờ)(?![\p{L}\p{N}])/u;
/** A bound on a price ("prices under 500k"): not read (a price's amount is read for the median and the extremes). */
const PRICE_BOUND = /\bprices?\s+(?:under|over|below|above|between|less than|more than|from)\s+\d/;
/** "With the price each one quotes", "what price does it state?": each video listed shows the prices it states. */
const PRICE_SHOWN =
  /\b(?:with|and|plus|show(?:ing)?|incl(?:uding)?)\s+(?:the\s+|their\s+|its\s+)?prices?\s+(?:each(?:\s+one)?|they|it)\s+(?:quotes?|states?|mentions?|says?|lists?|gives?|shows?|charges?)\b|\bwhat\s+prices?\s+(?:do(?:es)?|did)\s+(?:they|it|each(?:\s+one)?|these|those)\s+(?:quote|state|mention|say|list|give|show|charge)\b/;

/** The words a verb of saying names ("mention price or giá"): text to find, even a measure's word. */
const MENTIONED_WORDS = new RegExp(
  `${MENTION_CUE.source}\\s+(?:(?:a|an|the|any)\\s+)?["'“]?[\\p{L}\\p{N}]+["'”]?(?:\\s*(?:,|\\bor\\b|\\band\\b)\\s*["'“]?[\\p{L}\\p{N}]+["'”]?)*`,
  "gu",
);

/** Words before a quoted question relayed from someone: 'User asks: "…"', 'my boss wants to know "…"'. */
const RELAY_CUE =
  /\b(?:users?|clients?|customers?|boss|manager|someone|somebody|they|he|she|team|stakeholders?)\s+(?:asks?|asked|wants? to know|wonders?|says?|said|writes?|wrote|needs? to know)\b[^"“«]{0,12}$|\b(?:question|request|prompt|query|task)\s*(?:is\s*)?[:=]\s*$|\b(?:asks?|asked|typed|wrote|sent|verbatim|word[- ]for[- ]word|as (?:typed|written|asked))\s*[:=]\s*$|\bfrom (?:my|the|a|our) (?:users?|clients?|customers?|boss|manager)\b[^"“«]{0,24}:\s*$|\b(?:relay(?:ing|ed)?|forward(?:ing|ed)?|on behalf of [^"“«:]{1,30})(?:\s+(?:from|for)\s+[^"“«:]{1,30})?\s*[:=]\s*$/i;
/** Words before a quoted claim to check: 'a blog claims "…"', 'fact-check: "…"', 'check this line: "…"'. */
const CLAIM_CUE =
  /\b(?:claims?|claimed|states?|stated|argues?|argued)\s*(?:that\s*)?[:,]?\s*$|\b(?:blog|article|report|draft|tweet|story|release|headline|reader|post|study|journalist|reporter|influencer|someone|people|everyone|source|site|website|newsletter|deck|memo|statement|piece|paper)s?\s+(?:says?|said|reports?|reported|writes?|wrote|suggests?|suggested)\s*(?:that\s*)?[:,]?\s*$|\b(?:fact[- ]?check|check(?: this)?(?: line| claim| quote| statement)?|verify|is it true|true or false|claim|quote|headline|line)\s*[:=]\s*$|\b(?:quote|claim|statement|line)s?\s+(?:attributed to|from|by)\s+[^"“«:]{1,40}[:,]\s*$/i;
/**
 * The same in more words: 'Claim going round hotel groups: "…"', 'Someone on LinkedIn said the sweet spot is "…"', 'I
 * keep seeing "…"'; and words after a claim quoted, asking whether it holds: '"…" True?', '"…". Verify'.
 */
const CLAIM_BEFORE =
  /\b(?:claims?|claimed|says?|said|saying|told (?:me|us)|keep (?:seeing|hearing)|(?:i|we) (?:read|heard)|headline|draft|deck|thread|rumou?r|myth|wisdom)\b[^"“«.?!()]{0,60}$/i;
/** Words a claim about the videos holds ("it gets the fewest views", "template videos flop"). */
const CLAIM_WORDS =
  /\b(?:views?|plays?|likes?|shares?|saves?|comments?|followers?|engagement|median|average|reach|viral|videos?|posts?|tiktoks?|clips?)\b/i;
const CLAIM_AFTER =
  /^\s*[.?!,;:—–-]*\s*(?:(?:is (?:that|this|it) )?(?:true|right|correct|accurate|so)\b|(?:pls |please )?(?:verify|confirm|check|fact[- ]?check|debunk)\b)/i;
/** Words before a label quoted ('KPI tile "Ad share"', 'a "Creator of the month" table'): what it names is asked. */
const LABEL_BESIDE =
  /\b(?:tiles?|widgets?|tables?|charts?|columns?|cards?|kpis?|metrics?|panels?|tabs?)\s*[:=]?\s*$/i;
const LABEL_AFTER = /^\s*(?:tiles?|widgets?|tables?|charts?|columns?|cards?|kpis?|panels?)\b/i;
/**
 * A value a claim states: "13.7M views", "10x", "60%", the "above 350k" of "median views above 350k" (not a year,
 * a length or a follower count, nor a bound naming a set: "videos over 1M views", "accounts under 1k followers").
 */
const CLAIM_FIGURE =
  /(?<=\b(?:median|average|mean|avg|typical)\s+(?:[\p{L}-]+\s+){0,2})(?:is\s+|are\s+|of\s+)?(?:more than|over|above|under|below|less than|at least|at most|around|about|nearly|almost|roughly)\s+~?\d[\d.,]*\s*(?:k|m|b|x|%|mil|thousands?|millions?|billions?)?(?![\p{L}\p{N}])|(?<!\b(?:more than|over|above|under|below|less than|fewer than|at least|at most|past|passed|crossed|surpassed|exceeded|topped|hit|reached|broke|beat|cleared)\s+)(?<![\d.,~])~?\d[\d.,]*\s*(?:k|m|b|x|%|mil|thousands?|millions?|billions?)(?![\p{L}\p{N}])(?!\s*(?:followers?|fans?|subscribers?|hashtags?|tags?|seconds?|secs?|minutes?|mins?)\b)/giu;

/** A question's first word: a quoted passage opening with one and ending with "?" is a question relayed. */
const INTERROGATIVE =
  /^(?:which|what|what's|how|who|whose|when|where|why|are|is|do|does|did|can|could|should|would|will|has|have)\b/i;

/** Quotes around a passage: "…", “…”, «…», and '…' when the apostrophes stand apart from words. */
const QUOTED = /["“«]([^"“”«»]{1,120})["”»]|(?<![\p{L}\p{N}])'([^']{1,120})'(?![\p{L}\p{N}])/gu;

/**
 * Takes the quoted passages out of a question (blanked, so no later pass reads them): each is text to find, a
 * phrase when it has several words. A quoted @handle, #hashtag, advertiser name, creator display name or hook
 * type stays in the question, unquoted, for the passes that link it.
 */
async function takeQuoted(
  facts: FactsRepository,
  known: readonly AdvertiserName[],
  sounds: readonly SoundName[],
  question: string,
): Promise<{
  question: string;
  quoted: { text: string; at: number; end: number }[];
  soundsQuoted: { sound: Attribute & { kind: "sound" }; at: number; end: number }[];
  claims: string[];
  /** Where each claim's words stand in the question returned. */
  claimSpans: [number, number][];
}> {
  const quoted: { text: string; at: number; end: number }[] = [];
  const claims: string[] = [];
  const claimSpans: [number, number][] = [];
  const soundsQuoted: { sound: Attribute & { kind: "sound" }; at: number; end: number }[] = [];
  const passages = [];
  for (const match of question.matchAll(QUOTED)) {
    const at = match.index ?? 0;
    const passage = (match[1] ?? match[2]) as string;
    const inner = passage.trim();
    const lower = inner.toLowerCase();
    const other =
      /^[@#]/.test(inner) ||
      Object.hasOwn(HOOK_TYPE_WORDS, lower) ||
      known.some((a) => a.names.some((n) => n.toLowerCase() === lower)) ||
      (await facts.creatorByNickname(inner)) !== null;
    // '"WayBackHome" - how many videos use it?': a sound's title quoted alone names the sound; words said or
    // written ('captions with "hello"', 'the phrase "book now"') stay text.
    const said =
      /\b(captions?|says?|saying|said|mention\w*|words?|phrases?|terms?|keywords?|hooks?|transcripts?|text|contain\w*|includ\w*|hashtags?|tagged|search\w*|query|about|spoken|write|written)(?:\s+\p{L}+){0,2}\W*$/iu.test(
        question.slice(Math.max(0, at - 40), at),
      );
    // ('What\'s "typical" for a Huế hotel video?', 'I need "good" thresholds': a word in scare quotes, read as such.)
    const scare =
      !said &&
      /^(?:typical|normal|good|great|solid|decent|bad|average|real|healthy|strong|weak|successful|winning|viral|top|best|worst)$/.test(
        lower,
      );
    // ('User asks: "which Can Tho videos mention Bến Ninh Kiều and how did they do?"': a question relayed in
    // quotes is the question, read as if unquoted.)
    const before = question.slice(Math.max(0, at - 60), at);
    // (One written as a question, not after such words, is a question unless it is a sound's title: "Where Is
    // The Love?".)
    const long = inner.split(/\s+/).length >= 4;
    // ('A trade blog claims "more than half of hotel TikToks are paid ads."': a claim quoted is what the question
    // checks, read as if unquoted.)
    // ('Claim: "never post on a Monday, it gets the fewest views." True?', '"TikTok Shop sellers get more reach" —
    // compare …': a sentence quoted, or words after it asking whether it holds.)
    const after = question.slice(at + (match[0] as string).length);
    const claimed = !said && (CLAIM_BEFORE.test(before) || CLAIM_AFTER.test(after));
    // (A sentence about the videos, or a passage opening the question before a dash, is one unless it is a
    // sound's title: '"Mùa Hè Tuyệt Vời (Lalawonder)" — which months …'.)
    const sentence =
      long &&
      !said &&
      CLAIM_WORDS.test(inner) &&
      (/[^.][.!]\s*$/.test(inner) || (/^\W*$/.test(question.slice(0, at)) && /^\s*[—–:-]/.test(after)));
    // ('KPI tile "Ad share"', 'a "Creator of the month" table': a label of what is asked, read as its words.)
    const label = !said && (LABEL_BESIDE.test(before) || LABEL_AFTER.test(after));
    const relayed = label || (long && (RELAY_CUE.test(before) || CLAIM_CUE.test(before) || claimed));
    const asked = long && !relayed && !said && /\?\s*$/.test(inner) && INTERROGATIVE.test(inner);
    passages.push({
      at,
      passage,
      inner,
      length: (match[0] as string).length,
      other: other || relayed || scare,
      title: !other && !said && !relayed && !scare,
      asked,
      claim: relayed && !label && !RELAY_CUE.test(before),
      sentence: sentence && !relayed && !asked,
    });
  }
  // (Every title quoted looked up in one pass over the videos, when the sounds were not read already.)
  const titles = passages.filter((p) => p.title).map((p) => p.inner);
  const candidates = sounds.length > 0 || titles.length === 0 ? sounds : await facts.soundsTitledAs(titles);
  let out = question;
  for (const {
    at,
    passage: written,
    inner,
    length,
    other: named,
    title,
    asked,
    claim: said,
    sentence,
  } of passages) {
    const titled = title ? soundsTitled(candidates, inner) : [];
    const claim = said || (sentence && titled.length === 0);
    const other = named || claim;
    // A claim's figures are what the answer checks, not bounds on the videos ('"median views above 350k"').
    const passage = claim ? written.replace(CLAIM_FIGURE, (m) => " ".repeat(m.length)) : written;
    if (claim) {
      claims.push(inner);
      claimSpans.push([at + 1, at + 1 + passage.length]);
    }
    const words = foldText(inner).match(/[\p{L}\p{N}]+/gu) ?? [];
    if (titled.length > 0)
      soundsQuoted.push({
        sound: { kind: "sound", ids: titled.map((t) => t.id), title: inner },
        at,
        end: at + length,
      });
    const linked = other || titled.length > 0 || asked;
    // Linked: only the quote marks go. Text: the whole passage is blanked, and "the word(s)" naming it.
    const naming = linked
      ? null
      : out.slice(0, at).match(/\b(?:the )?(?:words?|phrases?|terms?|keywords?)\s*$/i);
    const from = naming ? at - (naming[0] as string).length : at;
    out = linked
      ? `${out.slice(0, at)} ${passage} ${out.slice(at + length)}`
      : out.slice(0, from) + " ".repeat(at - from + length) + out.slice(at + length);
    if (linked || words.length === 0) continue;
    const text = words.length === 1 ? (words[0] as string) : `"${words.join(" ")}"`;
    if (!quoted.some((q) => q.text === text)) quoted.push({ text, at, end: at + length });
  }
  // ('Exactly as she said it: "top 10 videos mentioning \'view biển\' by saves"': the quotes inside a question
  // relayed in quotes are read as any others.)
  if (passages.some((p) => p.asked || (p.other && /["'“«»”]/.test(p.inner)))) {
    const inner = await takeQuoted(facts, known, sounds, out);
    return {
      question: inner.question,
      quoted: [...quoted, ...inner.quoted.filter((q) => !quoted.some((x) => x.text === q.text))],
      soundsQuoted: [...soundsQuoted, ...inner.soundsQuoted],
      claims: [...claims, ...inner.claims],
      claimSpans: [...claimSpans, ...inner.claimSpans],
    };
  }
  return { question: out, quoted, soundsQuoted, claims, claimSpans };
}

/** Whether position `at` of `text` falls inside a quoted passage. */
/** Whether `at` is in a sentence told beside a question ("I sell rooms from 550k. Which …?"): one not asking. */
function toldBeside(text: string, at: number): boolean {
  const sentences = [...text.matchAll(/(?:[^.!?\n]|\.(?=\S))+[.!?]*/g)];
  const asked = (m: RegExpMatchArray) => m[0].trim().endsWith("?");
  const within = sentences.find((m) => at >= (m.index ?? 0) && at < (m.index ?? 0) + m[0].length);
  return within !== undefined && !asked(within) && sentences.some(asked);
}

const quotedAt = (text: string, at: number) =>
  [...text.matchAll(PASSAGE)].some((q) => at > (q.index ?? 0) && at < (q.index ?? 0) + q[0].length);

/** One of a list of percentiles: "p25", "25th", "median", "min", "max". */
const PERCENTILE_ITEM = String.raw`p\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)\b|median\b|min(?:imum)?\b|max(?:imum)?\b`;

/** A percentile as an answer names it: "p25", "the median", "the lowest", "the highest". */
export function percentileName(p: number): string {
  return p === 50 ? "the median" : p === 0 ? "the lowest" : p === 100 ? "the highest" : `p${p}`;
}

/** "Viral" videos: the most played share of the videos in question. */
export const VIRAL_SHARE = 0.1;

/** The window "recent" stands for beside a measure ("recent videos with the most views"). */
const RECENT_DAYS = 30;

/**
 * Reads a question into a plan: links names against the corpus, reads window, metric, intent and subject, and
 * keeps every other content word as ignored. Context (optional) fills a window, region or language the
 * question leaves open; and a follow-up that names no set of its own ("Which ones got the most views?",
 * "What should I post?") is about the set the context names last (its topics, labels, creators, advertisers).
 */
/**
 * "The biggest creator", "the creator with the most followers": a set of one, shaped as the plural set's match
 * (the phrase, its number, a word between).
 */
function oneBiggest(lower: string): RegExpMatchArray | null {
  const m = lower.match(
    /\bthe (?:biggest|largest|most[- ]followed|(?<=\b(?:videos?|posts?|clips?|uploads?|content|vids?)\s+(?:of|by|from)\s+the\s+)(?:top|leading)(?=\s+(?:[\p{L}]+\s+)?(?:creator|influencer|account|tiktoker)\b(?!['’])(?!\s+(?:by|for|in terms of|on|in|of)\b))|(?:top|leading)(?=\s+(?:[\p{L}]+\s+)?(?:creator|influencer|account|tiktoker)['’]s\b)) (?:([\p{L}]+) )?(?:creator|influencer|account|tiktoker)(?:['’]s)?(?![\p{L}'’])|\bthe (?:([\p{L}]+) )?(?:creator|influencer|account|tiktoker) with the most followers\b/u,
  );
  if (!m) return null;
  const one = Object.assign([m[0], "1", undefined, m[1] ?? m[2]], { index: m.index, input: lower });
  return one as unknown as RegExpMatchArray;
}

export async function planQuestion(
  facts: FactsRepository,
  question: string,
  context: string | null,
): Promise<Plan> {
  const plan = await readQuestion(facts, question, context, null);
  // ("Sort by shares instead": a ranking of nothing named, which only an earlier question gives.)
  const namesNothing = namesNoSet(plan) && plan.attributes.length === 0 && !plan.window;
  const lower = question.toLowerCase().replace(/[’]/g, "'");
  if (!context && (ELLIPTICAL.test(lower) || REDONE.test(lower)))
    return (plan.intent === "decline" && plan.decline?.startsWith("it could not tell what to compute")) ||
      (namesNothing && /\binstead\W*$/i.test(question)) ||
      // ("Ok now median not avg": "now" names no window of its own.)
      (namesNoSet(plan) && plan.attributes.length === 0 && REDONE.test(lower))
      ? { ...plan, intent: "decline", decline: FOLLOW_UP_ALONE, followUpAlone: true }
      : { ...plan, followUpAlone: true };
  // ("Top 5 Đà Lạt videos by views" — "what about Nha Trang?": the earlier question again, of the place named.)
  if (
    context &&
    ((plan.intent === "decline" && plan.decline?.startsWith("it could not tell what to compute")) ||
      plan.understood.some((u) => u.startsWith("no question asked")))
  ) {
    const swapped =
      (await topicSwappedOf(facts, question, plan, context)) ??
      (await labelSwappedOf(facts, question, plan, context));
    if (swapped) return swapped;
  }
  if (!context || !followsUp(question, plan)) return plan;
  // ("Da Lat vs Vung Tau: median saves" — "what about likes?": the earlier question again, of the measure named.)
  const again = await askedAgainOf(facts, question, plan, context);
  if (again) return again;
  const inherited = await contextSet(
    facts,
    context,
    FIRST_PERSON.test(question.toLowerCase().replace(/[’]/g, "'")),
  );
  return inherited ? readQuestion(facts, question, context, inherited) : plan;
}

/** The measures a follow-up may swap into an earlier question ("what about likes?", "same for shares"). */
const MEASURE_SWAPPED =
  /\b(views?|plays?|likes?|comments?|shares?|saves?|engagement(?: rate)?|like rate|save rate|share rate|comment rate)\b/g;

/**
 * "What about likes?", "and shares?", "same for saves" after a question with a measure of its own: that question
 * again (the context's last one asked), the measure it named replaced by the one named now; null otherwise (a
 * follow-up naming more than a measure, or an earlier question with none or several).
 */
async function askedAgainOf(
  facts: FactsRepository,
  question: string,
  plan: Plan,
  context: string,
): Promise<Plan | null> {
  // ("What about likes in 2024?": a window named beside the measure is asked of the earlier question too.)
  const window = plan.window?.phrase?.toLowerCase() ?? null;
  const said = question.toLowerCase().replace(/[’]/g, "'");
  const lower = window ? said.replace(window, " ") : said;
  const named = lower.match(MEASURE_SWAPPED) ?? [];
  if (
    named.length !== 1 ||
    plan.metric === null ||
    plan.attributes.length > 0 ||
    (plan.window !== null && window === null) ||
    !/^\W*(?:(?:ok(?:ay)?|so|and|now)\W+)?(?:and|what about|how about|same (?:for|with|but (?:for|with|on))|now (?:for|with|on)|also)\b/.test(
      lower,
    ) ||
    // (Nothing but the measure and the words asking again.)
    lower
      .replace(MEASURE_SWAPPED, " ")
      .replace(
        /\b(?:ok(?:ay)?|so|and|now|what|how|about|same|for|with|but|on|also|the|then|instead|please|pls|median|average|avg|total|by)\b/g,
        " ",
      )
      .replace(/[^\p{L}\p{N}]+/gu, "").length > 0
  )
    return null;
  const earlier = earlierQuestion(context);
  if (!earlier) return null;
  const before = earlier.match(MEASURE_SWAPPED) ?? [];
  if (before.length !== 1) return null;
  const word = named[0] as string;
  const swapped = earlier.replace(MEASURE_SWAPPED, word);
  const again = await readQuestion(
    facts,
    plan.window ? windowNow(swapped, await readQuestion(facts, earlier, null, null), plan) : swapped,
    null,
    null,
  );
  if (
    again.intent === "decline" ||
    again.metric !== plan.metric ||
    (plan.window !== null && again.window?.label !== plan.window.label)
  )
    return null;
  return {
    ...again,
    understood: [askedAgain(earlier, word), ...again.understood],
  };
}

/** Where a plan read a topic from: 'topic "dalat" (from "đà lạt": …' is "đà lạt"; a tag read as written, itself. */
function topicPhrase(plan: Plan, topic: string): string {
  const line = plan.understood.find(
    (u) => u.startsWith(`topic "${topic}" `) || u.startsWith(`text "${topic}" `),
  );
  return line?.match(/\(from "([^"]+)"/)?.[1] ?? topic.replaceAll('"', "");
}

/**
 * "What about Nha Trang?", "and for Hội An in 2024?" after a question about one topic: that question again (the
 * context's last one asked, else its first sentence), the topic it named replaced by the one named now; null
 * otherwise (a follow-up naming more than a topic, a window and a measure, or an earlier question of no one topic).
 */
async function topicSwappedOf(
  facts: FactsRepository,
  question: string,
  plan: Plan,
  context: string,
): Promise<Plan | null> {
  const lower = question.toLowerCase().replace(/[’]/g, "'");
  if (
    plan.topics.length !== 1 ||
    plan.compareTopics.length + plan.attributes.length + plan.creators.length + plan.advertisers.length > 0 ||
    plan.ignored.length > 0 ||
    !/^\W*(?:(?:ok(?:ay)?|so|and|now)\W+)?(?:what about|how about|and(?: for| in)?|same (?:for|with|but (?:for|with|in))|now (?:for|with|in)|also (?:for|in))\b/.test(
      lower,
    )
  )
    return null;
  const earlier = earlierQuestion(context);
  if (!earlier) return null;
  const before = await readQuestion(facts, earlier, null, null);
  const [was] = before.topics;
  if (before.intent === "decline" || before.topics.length !== 1 || was === undefined) return null;
  const from = topicPhrase(before, was);
  const at = earlier.toLowerCase().indexOf(from);
  const now = plan.topics[0] as string;
  if (at < 0 || now === was) return null;
  const metric = plan.metric === null ? null : (lower.match(MEASURE_SWAPPED)?.[0] ?? null);
  let asked = `${earlier.slice(0, at)}${topicPhrase(plan, now)}${earlier.slice(at + from.length)}`;
  if (metric) asked = asked.replace(MEASURE_SWAPPED, metric);
  const again = await readQuestion(facts, windowNow(asked, before, plan), null, null);
  if (
    again.intent === "decline" ||
    !again.topics.includes(now) ||
    (plan.metric !== null && again.metric !== plan.metric) ||
    (plan.window !== null && again.window?.label !== plan.window.label)
  )
    return null;
  return {
    ...again,
    understood: [askedAgain(earlier, `"${now}"${metric ? ` and ${metric}` : ""}`), ...again.understood],
  };
}

/** The labels a follow-up may swap into an earlier question ("and for ads?", "what about slideshows only?"). */
const LABEL_KINDS: readonly Attribute["kind"][] = [
  "ad",
  "media_type",
  "hook",
  "viral_hook",
  "transcript",
  "caption",
  "price",
  "region",
  "language",
  "hook_type",
];

/** A follow-up naming a label and nothing else ("what about ads?", "and organic ones?", "same for slideshows"). */
const LABEL_FOLLOW_UP =
  /^\W*(?:(?:ok(?:ay)?|so|and|now)\W+)?(?:what about|how about|and(?: for| with)?|same (?:for|with|but (?:for|with))|now (?:for|with)|also (?:for|with)|only)\b/;

/**
 * "Median saves of Da Lat videos" — "what about ads?": the earlier question again, of the label named (replacing one of
 * its kind: "and organic ones?" after ads), the window named now if any. Not where the earlier question sets that
 * label's groups side by side ("ads vs organic") or asks nothing this reading keeps.
 */
async function labelSwappedOf(
  facts: FactsRepository,
  question: string,
  plan: Plan,
  context: string,
): Promise<Plan | null> {
  const lower = question.toLowerCase().replace(/[’]/g, "'");
  if (
    plan.attributes.length === 0 ||
    !plan.attributes.every((a) => LABEL_KINDS.includes(a.kind)) ||
    !namesNoSet(plan) ||
    plan.metric !== null ||
    plan.ignored.length > 0 ||
    !LABEL_FOLLOW_UP.test(lower)
  )
    return null;
  const earlier = earlierQuestion(context);
  if (!earlier) return null;
  const before = await readQuestion(facts, earlier, null, null);
  const kinds = new Set(plan.attributes.map((a) => a.kind));
  if (
    before.intent === "decline" ||
    (before.groupBy !== null && kinds.has(before.groupBy as Attribute["kind"])) ||
    (before.shareOf !== null && kinds.has(before.shareOf.kind))
  )
    return null;
  const labels = plan.attributes.map((a) => attributeLabel(a)).join(" and ");
  return {
    ...before,
    attributes: [...before.attributes.filter((a) => !kinds.has(a.kind)), ...plan.attributes],
    window: plan.window ?? before.window,
    understood: [
      askedAgain(earlier, labels),
      ...before.understood.filter(
        (u) => !before.attributes.some((a) => kinds.has(a.kind) && u.startsWith(attributeLabel(a))),
      ),
      ...plan.understood.filter((u) => !u.startsWith("no question asked")),
    ],
  };
}

/** What a follow-up reads as: "a follow-up: the earlier question ("…") asked again of likes". */
const askedAgain = (earlier: string, of: string): string =>
  `a follow-up: the earlier question ("${earlier.length > 80 ? `${earlier.slice(0, 79)}…` : earlier}") asked again of ${of}`;

/** An earlier question asked again with the window named now (replacing its own), its closing mark left off. */
function windowNow(asked: string, before: Plan, plan: Plan): string {
  const bare = asked.replace(/[?.!]+$/, "");
  if (!plan.window?.phrase) return bare;
  const old = before.window?.phrase;
  const at = old ? bare.toLowerCase().indexOf(old.toLowerCase()) : -1;
  const rest = at < 0 || !old ? bare : `${bare.slice(0, at)} ${bare.slice(at + old.length)}`;
  return `${rest} ${plan.window.phrase}`;
}

/** A context's sentences, as written, those with words only. */
const contextSentences = (context: string): string[] =>
  (context.match(/[^.!?\n]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => /\p{L}/u.test(s));

/** How a context marks the question asked ("Q: top 5 Đà Lạt videos by views. A: …"). */
const ASKED_MARK = /^(?:q|question|user|asked|me)\s*:\s*/i;

/** The context's sentences that were asked: ending in "?", or marked so ("Q: …"), the mark left off. */
const askedSentences = (sentences: readonly string[]): string[] =>
  sentences.filter((s) => s.endsWith("?") || ASKED_MARK.test(s)).map((s) => s.replace(ASKED_MARK, ""));

/** The question a follow-up asks again: the context's last one asked, else its first sentence (the contract's "send the earlier question and its answer's summary"). */
const earlierQuestion = (context: string): string | undefined => {
  const sentences = contextSentences(context);
  return askedSentences(sentences).at(-1) ?? sentences[0];
};

/** Where an attribute read from the context is placed (after every word of the question). */
const CONTEXT_AT = Number.MAX_SAFE_INTEGER;

/** The set a context names, which a follow-up question is about. */
interface ContextSet {
  sentence: string;
  topics: string[];
  attributes: Attribute[];
  creators: LinkedCreator[];
  advertisers: { id: string; name: string }[];
}

/** "Which searched place …", "for each searched place", "from which searches": the scrape's search, as a group. */
const BY_SEARCH =
  /\b(?:(?:list|show|rank|compare|break down)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|every\s+|each\s+)?(?:(?:city|place|destination|location)\s+)?(?=search(?:es|\s+terms|\s+inputs|\s+queries)\b)|how many\s+(?:of the\s+)?(?=search(?:es|\s+terms|\s+inputs|\s+queries)\s+(?:have|had|has|with)\s+(?:at least|more than|over|fewer than|under|less than|at most|\d|(?:no|zero|none)\b))|(?:which|what|each|every|per|by|across|from which|in each)\s+(?:(?:city|place|destination|location)\s+(?=search))?)(?:searched\s+(?:places?|locations?|cit(?:y|ies)|destinations?|terms?|quer(?:y|ies)|keywords?)|search(?:es|\s+terms?|\s+quer(?:y|ies)|\s+inputs?|\s+keywords?)?)\b/;
const BY_SEARCH_ANYWHERE = new RegExp(BY_SEARCH.source, "gi");
/** "Which hotel search has …" where no search is recorded: the searches asked of all the same. */
const BY_KIND_SEARCH =
  /\b(?:which|what|each|every|per)\s+(?:hotel|resort|homestay|city|place|destination)\s+search(?:es)?\b/;
/** "Which search has the most …", "which hotel searches have …": a question of the searches themselves. */
const WHICH_SEARCH_HAS =
  /\b(?:which|what)\s+(?:[\p{L}#]+\s+)?search(?:es)?(?:\s+(?:quer(?:y|ies)|terms?|inputs?|keywords?))?(?:\s*\([^)]*\))?\s+(?:has|have|had|gets?|got|holds?|contains?|shows?|surfaced|surfaces|found|finds|returned|returns|turned up|produced|yielded)\b(?!\s+(?:it|them|this|that|these|those)\b)/u;
/**
 * "Do funny videos work?", "is #xuhuong actually helping", "do couple videos do better", "does room tour content
 * pay off": whether the videos about what is named do well (set against the others); not "how did #x perform?".
 */
const WORKS =
  /(?<!\bhow\s+)\b(?:does|do|did|will|would|can|is|are)\s+(?:(?:posting|making|using|adding|tagging)\s+)?#?[\p{L}\p{N}_][\p{L}\p{N}_ -]{1,40}?\s+(?:(?:videos?|clips?|posts?|content|ones)\s+)?(?:(?:actually|really|even|still)\s+)?(?:work|help|helping|do (?:well|better|any better)|perform (?:well|better)|pay off|boost)\b/u;
/**
 * "Do videos with a price in the caption get more saves?", "do posts that mention breakfast see more views?",
 * "does mentioning a discount get more engagement?": the videos about what is named set against the others.
 */
const GETS_MORE =
  /\b(?:does|do|did|will|would|can)\s+(?:(?:the\s+)?(?:videos?|posts?|clips?|captions?|ones|content)\s+(?:with|that\s+(?:mentions?|has|have|uses?|shows?|includes?|features?)|mentioning|having|using|showing|featuring|including|about)|mentioning|using|adding|showing|including|featuring|putting)\s+[^?.!]{1,60}?\s+(?:get|gets|earn|earns|see|sees|draw|draws|pull|pulls|attract|attracts|drive|drives|receive|receives|bring|brings|lead to|leads to)\s+(?:(?:a\s+)?(?:lot\s+)?more|higher|better|bigger|stronger)\b/u;
/**
 * A caption naming another account: "@mention another account" (written "at-mention" by the time it is read),
 * "mention someone", "tagging a friend", "tag other creators".
 */
const MENTIONS_ACCOUNT =
  /\bat-mention(?:s|ing|ed)?\b(?:\s+(?:of\s+)?(?:another|other|an?|some|the)\s+(?:accounts?|creators?|users?|people|friends?|someone))?|\b(?:mention(?:s|ing|ed)?|tag(?:s|ging|ged)?)\s+(?:another|other|an?|some)?\s*(?:accounts?|creators?|users?|people|friends?|someone|somebody|each other)\b(?:\s+in\s+(?:the\s+)?captions?)?/g;
/** A yes/no question opening a sentence ("is …", "does that …"), and the words that judge what it names. */
const JUDGED_ASKS = /(?:^|[.?!]\s+)(?:is|are|does|do|did|should|would|will|can)\b/;
const JUDGED_WORDS =
  /\b(?:bad|good|better|worse|best|worst|higher|lower|more|fewer|less|worth\w*|works?|help\w*|hurt\w*|matters?|ok|okay|fine|ideal|smart|wise|a mistake|kill\w*|holds?)\b/;
/** "Per city", "which destination", "for each province": the place of each video, which no field records. */
/** "The most hotel ads", "the fewest #review videos" (not "most hotel videos are …"): the words between and the videos. */
const TOPIC_COUNTED =
  /\bthe (?:most|fewest)\s+((?:#?[\p{L}\p{N}_'’]+\s+){1,3}?)(?:videos|vids|posts|ads|uploads|clips|creatives|slideshows|tiktoks)\b/u;
const BY_PLACE =
  /\b(?:which|what|each|every|per|by|across|in each|for each|for every)\s+(?:cit(?:y|ies)|destinations?|provinces?|towns?)\b(?!\s+(?:of|in|named|like|such as|each|search(?:es)?)\b)/;
/** What a search term names after its kind when it names no place ("hotelgiare": cheap; "hotelluxury"). */
const NO_PLACE =
  /^(?:giare|gia|re|cheap|budget|luxury|sang|sangtrong|caocap|binhdan|[1-5]sao|dep|view|couple|capdoi|gan|near|best|top|moi|new|review|hot|xinh|tinhnhan|tot|gio|theogio|quadem|honeymoon|family|giadinh)$/;

/** Whether a collection's name is a search for a kind of place in a place: "hotelhue", "khachsandalat", not "hotelgiare". */
const namesPlace = (name: string): boolean => {
  const rest = name.replace(SEARCH_KIND, "");
  return (
    rest !== name &&
    /^\p{L}[\p{L}\p{N}]{2,}$/u.test(rest) &&
    !NO_PLACE.test(rest) &&
    !SEARCH_KIND_WORD.test(rest)
  );
};

const PLACE_NOT_RECORDED =
  'not recorded: the city or province of each video (the corpus records the country a video was posted from, where the source gives one); compare places by name instead ("Da Lat vs Nha Trang vs Hue: median saves")';
const SEARCH_NOT_RECORDED =
  'not recorded: the search that found each video (none was imported with this corpus: an Apify export\'s searchHashtag, searchQuery or input, or crs import --collection NAME, records it); compare places by name instead ("Da Lat vs Nha Trang vs Hue: median saves")';

/** A noun after which a word names the kind of source or business ("travel blog", "tour agency"), not a topic. */
const SOURCE_NOUN_AFTER =
  /^\s+(?:blogs?|articles?|magazines?|websites?|newsletters?|agenc(?:y|ies)|compan(?:y|ies)|decks?|podcasts?)\b/;
/** Plural nouns for the places or names a question lists ("those three cities"), never a hashtag of them. */
const GENERIC_PLACES =
  /^(?:cities|places|locations|destinations|provinces|towns|areas|spots|properties|chains|islands?)$/;

/** A band of a count written without its unit: "1k-10k", "under 1k", "above 1M", "100k+". */
const BAND_FIGURE = String.raw`\d+(?:[.,]\d+)*\s*[km]?`;
const UNITLESS_BAND = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])(?:${BAND_FIGURE}\s*[-–]\s*${BAND_FIGURE}|(?:(?:under|below|over|above|less than|more than|fewer than)\s+|[<>]\s*)${BAND_FIGURE}|${BAND_FIGURE}\s*\+)(?![\p{L}\p{N}%+]|\s*[-–]\s*\d|\s+(?:views?|plays?|likes?|comments?|shares?|saves?|followers?|hashtags?|seconds?|secs?|s)\b)`,
  "giu",
);
/**
 * The measure a distribution is of, and the list of bands after it ("the distribution of plays …: under 1k, …"),
 * where the unit is written once, after the last band, for BAND_LIST to read.
 */
const UNITLESS_BANDS =
  /\b(?:(?:distribution|histogram|buckets?|bands?|bins?|spread|split)\s+(?:of\s+)?(views|plays|likes|comments|shares|saves|followers)|(view|play|like|comment|share|save|follower)s?\s+(?:bands?|buckets?|bins?|ranges?|tiers?)(?!\s+(?:it|them|this|these|those|into|by)\b)|(length|duration)s?\b[\s\S]{0,60}?\b(?:bands?|buckets?|bins?|ranges?)(?:\s+(?:it|them))?)\b([^?]{0,200})/giu;

/** Videos asked for by number: "name the five videos …", "top 3 hotel videos", "which 10 clips". */
const COUNTED_VIDEOS = new RegExp(
  String.raw`\b(?:name|list|show(?: me)?|give(?: me)?|top|which|find)\s+(?:the\s+)?(?:\d{1,2}|${NUMBER_WORD})\s+(?:[\p{L}#-]+\s+){0,2}?(?:videos|clips|posts|vids)\b`,
  "u",
);

/** A figure asked of each thing a list shows: "how many views did each get?", "with how many videos each". */
const FIGURE_OF_EACH =
  /\bhow many (?:[\p{L}-]+ ){0,2}?(?:did|does|do|has|have)? ?(?:each|it|they|that one|each one)(?: one)? (?:get|got|gets|have|has|had|receive|received|draw|drew|pull|pulled)\b|\bwith (?:how many|(?:the |their |its )?number of) [\p{L}-]+\b|\bhow many [\p{L}-]+ (?:each|apiece)\b/u;

/** Statistics the analyst does not compute: correlations, regressions, significance tests, intervals, inequality. */
const STATISTICS =
  /\b(?:(?:rank |pearson |spearman )?correlations?(?: coefficients?)?|correlated|regressions?|r-squared|bootstrap\w*|confidence intervals?|\d{2} ?% (?:confidence )?intervals?|statistically significant|significance tests?|p-values?|gini(?: coefficient)?|standard deviations?|variance|slopes? of|elasticit(?:y|ies))\b/;
const NO_STATISTICS =
  'it gives medians, totals, shares, percentiles, rankings and breakdowns, not correlations, regressions, significance tests, confidence intervals or inequality indices; to see how two measures move together, ask for a breakdown ("median views by follower band", "save rate by video length")';

/** One field an agent asks each listed video to show ("id", "author", "searched place", "plays", "creation date"). */
const FIELD =
  "(?:the\\s+|their\\s+|its\\s+)?(?:(?:video\\s+)?ids?|(?:web\\s*video\\s*)?urls?|links?|@?authors?|creators?|handles?|searched\\s+places?|search(?:ed)?\\s+(?:places?|queries|query|inputs?|terms?)|(?:city|place)\\s+search(?:es)?|places?|cit(?:y|ies)|(?:song|sound|music|track)\\s+(?:titles?|names?)|plays|views|likes|comments|shares|saves|(?:creation|created|publish(?:ed)?|post(?:ed)?|upload)\\s+dates?|dates?|captions?|lengths?|durations?|sounds?|hashtags?|follower\\s+counts?|followers|isad(?:\\s+(?:flag|value))?|ad\\s+flags?|width|height)";

/**
 * Links asked for ("send me the source video link", "top 5 w links", "link + plays", "links pls for the deck"): a
 * verb or a joining word before, or a closing word after; never a link of a bio or a booking, nor one in a list of
 * words to find ("(hotline, zalo, inbox, link)").
 */
const LINKS_ASKED =
  /(?:(?:,\s*|\s+)(?:and\s+|\+\s*|&\s*|with\s+|w\/?\s*|plus\s+|incl\.?\s+|including\s+)|(?:(?:pls|please)\s+)?\b(?:send|give|share|get|drop|post|show|need|want|include|attach)\s+(?:me\s+|us\s+)?)(?:the\s+|their\s+|its\s+|a\s+)?(?:(?:source|original|src)\s+)?(?:video\s+)?(?:links?|urls?)\b(?!\s*(?:-?\s*in[- ]bio|in\s+(?:the\s+|their\s+)?bio|to\s+(?:the\s+)?bio|clicks?|đặt|dat|tư|tu\b))(?:\s+(?:to\s+(?:it|them|each(?:\s+one)?|the\s+videos?)|for\s+(?:it|them|each(?:\s+one)?|attribution|the\s+(?:deck|slide|report|digest)|a\s+slide)|too|please|pls))*|\b(?:source|src|original)\s+(?:video\s+)?(?:links?|urls?)\b(?:\s+(?:please|pls|too))?|\b(?:links?|urls?)\s+(?:pls|please|too)\b|(?:^|(?<=[.?!:;]\s*))(?:links?|urls?)\s*(?:\+|&|,|and\b)/gi;

/**
 * "…, with id, author, searched place, plays and saves", "(id, author, saves, plays, creation date)": a list of
 * two or more fields, one of them an id, an author, a handle, a creator or a searched place, that the videos listed
 * are to show.
 */
const FIELD_LIST = new RegExp(
  `(?:,?\\s*(?:with|including|incl\\.?|showing|giving|plus|and\\s+(?:their|its|the))\\s+|\\s*[(:—–]\\s*(?:(?:return|returning|give(?: me)?|show(?: me)?|list)\\s+)?|\\s*[;,.?!]\\s*(?:fields?|columns?|cols?|return(?:ing)?|output|select)\\s*[:=]?\\s*)(?=[^?.;)]*\\b(?:ids?|authors?|handles?|creators?|searched)\\b)${FIELD}(?:\\s*(?:,|\\band\\b|&|\\/)\\s*${FIELD}){1,12}\\b\\)?`,
  "gi",
);

/**
 * A question that only makes sense after an earlier one: "same but by saves", "and for Da Nang?", "what about last
 * month?", "top 10 instead of top 5", "who posted those?", "now only ads", "redo it without @x".
 */
const ELLIPTICAL =
  /^\W*(?:(?:ok(?:ay)?|so|right|great|thanks|cool|wait|hmm)\W+)?(?:and\b|also\b|what about\b|how about\b|same\b|now (?:only|just|without|exclude|excluding|do|sort|show|split|break|by|for|with|redo|the same)\b|who posted (?:those|them|these)\W*$)|\b(?:same (?:thing|list|question|numbers|breakdown|stats|but|for|again|as before)|instead\W*$|instead of (?:the )?top \d+|redo\b|re-?run\b|(?:sort|break|split|put|rank|filter) (?:that|those|this)\b|from that\b(?!\s+\w)|that (?:list|breakdown|ranking|table|difference|number|figure))/;
/** A change to an earlier answer's figure: "top 5 not 10", "median not avg". */
const REDONE =
  /\b(?:top \d+,? not (?:the )?(?:top )?\d+|(?:median|average|mean|avg|total|sum)s?,? not (?:the )?(?:median|average|mean|avg|total|sum)s?)\b/;

/** The decline of a follow-up asked with no context that reads as nothing on its own. */
const FOLLOW_UP_ALONE =
  "it reads as a follow-up to an earlier question, and no context was given (the analyst keeps no conversation): ask it again whole, or send the earlier question and its answer's summary as context";

/** Words by which a question points back at what came before ("those", "them", "my", "what about"). */
const FOLLOW_UP =
  /\b(these|those|them|they|their|ones|same|such|i|i'm|i've|my|me|we|we're|our|us|there|its|(?:that|this) (?:search|set|collection|scrape))\b|^\s*(and|so|also|what about|how about|how many are|which (are|is|were|was))\b/;

/** The asker speaking of themselves ("what should I post?") or a context speaking of them ("the user runs …"). */
const FIRST_PERSON = /\b(i|i'm|i've|my|me|we|we're|our|us|the (user|client|customer|brand|company)('s)?)\b/;

/** Whether a plan names no topic, creator or advertiser of its own. */
const namesNoSet = (plan: Plan): boolean =>
  plan.topics.length + plan.compareTopics.length + plan.creators.length + plan.advertisers.length === 0;

/** A question naming no topic, creator or advertiser of its own that points back at the context. */
function followsUp(question: string, plan: Plan): boolean {
  return namesNoSet(plan) && FOLLOW_UP.test(question.toLowerCase().replace(/[’]/g, "'"));
}

/**
 * The last of the context's (at most three last) sentences that names a set: topics, labels, creators or
 * advertisers, read as a question would be. Null when none does.
 */
async function contextSet(
  facts: FactsRepository,
  context: string,
  firstPerson: boolean,
): Promise<ContextSet | null> {
  const sentences = contextSentences(context);
  const last = sentences.slice(-3).reverse();
  // "What should we post?": the sentences about the asker first ("The user manages @x"), then the others;
  // otherwise the last question asked ("Q: Which resort videos got the most views? A: …"), then the others.
  const about = (s: string) => FIRST_PERSON.test(s.toLowerCase().replace(/[’]/g, "'"));
  const asked = askedSentences(sentences).slice(-1);
  const order = firstPerson
    ? [...last.filter(about), ...last.filter((s) => !about(s))]
    : [...asked, ...last.filter((s) => !asked.includes(s))];
  for (const sentence of order) {
    // A sentence is read whole up to 300 characters (a pasted answer's long lines are cut there). A pasted
    // answer's line (it holds video ids) names its set in quotes ("about \"hotel danang\"") and its examples
    // "by @handle": the quotes are no phrase, and the examples are no set.
    const pasted = /\d{15,}/.test(sentence);
    const read = await readQuestion(
      facts,
      (pasted
        ? sentence
            .replace(/\bby @[\p{L}\p{N}._]+/gu, " ")
            .replace(/\d{15,}/g, " ")
            .replace(/["“”]/g, " ")
        : sentence
      ).slice(0, 300),
      null,
      null,
    );
    const attributes = [...read.attributes, ...(read.shareOf ? [read.shareOf] : [])];
    const topics = [...read.topics, ...read.compareTopics];
    if (topics.length + attributes.length + read.creators.length + read.advertisers.length === 0) continue;
    return {
      sentence: sentence.length > 80 ? `${sentence.slice(0, 79)}…` : sentence,
      topics,
      attributes,
      creators: read.creators,
      advertisers: read.advertisers,
    };
  }
  return null;
}

/**
 * What follows a word of comparison when it names the other side ("beat March 2024", "ahead of #vungtau", "relative
 * to organic ones"): a name, a figure, a quote, or a word for a set, a period or a kind of video.
 */
const COMPARED_SIDE = String.raw`(?=[#@\p{Lu}\d"“]|(?:the\s+)?(?:organic|ads?|rest|others?|everything|every|all|non|those|videos|vids|posts|hotels?|homestays?|resorts?|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|q[1-4]|last|this|weekdays?|weekends?|mornings?|evenings?|nights?|short\w*|long\w*|english|vietnamese|verified|non-verified|\p{Ll}+\s+(?:videos|vids|posts|captions|ones|search))\b)`;
/** Words of comparison set before their other side ("outperforming", "ahead of", "stacks up to"). */
const COMPARED_VERB = new RegExp(
  String.raw`(?<!\p{L})(?:out-?perform(?:s|ed|ing)?|beat(?:s|ing)?|outdo(?:es|ing)?|outpull(?:s|ed|ing)?|ahead of|behind|relative to|stacks? up (?:to|against|with)|measures? up (?:to|against))\s+(?!(?:the\s+)?\d[\d.,]*\s*(?:k|m|b|mil|million|millions|thousand|thousands|e[3-9])\b|\d{5,}|\d{1,3},\d{3})(?!(?:(?:their|its|his|her|the|a|each)\s+)?(?:(?:creator|account)'?s?\s+|own\s+)?(?:usual|baseline|average|norm|median|typical|expectations?|algorithm|drops?|music|sounds?|songs?|tracks?|followers?|follower counts?|fans|audience|size|subscribers?)\b)${COMPARED_SIDE}`,
  "gu",
);

/** Words around a handle that say a chat message names a person, not a creator ("cc @minh", "asking for @lan"). */
const CHAT_BEFORE =
  /(?:^|[\s(,;:])(?:cc:?|asking for|on behalf of|ping(?:ing)?|hey|hi|hello|yo|thanks|thx|ty|dear|gm|morning|@here|@channel|@everyone)[\s,:]*$/i;
const CHAT_AFTER =
  /^(?:'s\s+(?:q|qs|question|questions|ask|request)\b|\s+(?:wants|wanted|asks|asked|is asking|was asking|thinks|thought|says|said|needs|would like|just asked)\b|\s*,\s+(?:can you|could you|pls|please)\b)/i;

/**
 * Whether an unknown handle is someone a chat message names beside its question: a bot or person addressed
 * ("@crs-bot", "@here", "@lan: top 5 …"), copied ("cc @minh"), or asking ("asking for @lan", "@trang wants to
 * know", "following up on @minh's q"). A handle with "-" is no TikTok handle. (A handle named elsewhere is asked
 * about: "top videos by @nobody" says no creator has it.)
 */
function chatMention(original: string, at: number, length: number, before: readonly string[]): boolean {
  const name = original.slice(at + 1, at + length).toLowerCase();
  const after = original.slice(at + length);
  const lead = original.slice(0, at);
  return (
    /^(?:here|channel|everyone|all)$/.test(name) ||
    /^-[\p{L}\p{N}]/u.test(after) ||
    CHAT_BEFORE.test(lead) ||
    CHAT_AFTER.test(after) ||
    // Addressed first ("(cc @minh) @crs-bot …" reads the second beside the first), or signed off last.
    (/^[\s(]*$/.test(lead) && /^,?\s+(?:@|(?:hey|hi|pls|please|can you|could you)\b)/i.test(after)) ||
    (before.length > 0 && /@[\p{L}\p{N}._-]+\)?[\s,]*(?:and\s+)?$/u.test(lead)) ||
    (/[?.!]\s*(?:\(?cc:?\s*)?$/i.test(lead) && /^[\s)!.]*$/.test(after))
  );
}

async function readQuestion(
  facts: FactsRepository,
  dictated: string,
  context: string | null,
  inherited: ContextSet | null,
): Promise<Plan> {
  const known = await facts.advertiserNames();
  const { regions, languages, collections } = await facts.codes();
  // ('{"task":"rank","entity":"creators","filter":{"hashtag":"dalat"}}', "get_top_videos(topic="Hạ Long", n=5)":
  // an agent's request as data, read as the question its fields ask, and said so below.)
  // ("Hi team, … Thanks, Linh", "Answer using only the corpus. User question: …": an email's greeting and
  // sign-off, an agent's instructions around the question; left out, and said so below.)
  // (Not a request's fields: "task: list_examples; filter: {hashtag: x}" is read as data below.)
  const asData = fromStructured(dictated);
  const framed = asData === null ? unframed(dictated) : { question: dictated, framing: [] };
  const structured = asData ?? fromStructured(framed.question);
  // ("Weekly check: 1) how many … 2) which of those … 3) …": the first ask, with its heading; the others are said
  // to be asked one at a time, below.)
  const asks = structured === null ? asksOf(framed.question) : { question: framed.question, others: [] };
  // ("So at sign an choi vung tau seventy two, how many videos": dictated, read as typed, and said so below.)
  const question = fromSpoken(structured ?? asks.question);
  // ("Video nào ở Phú Quốc có nhiều lượt lưu nhất năm 2024?": read in English, and said so below.)
  const english = fromVietnamese(question);
  // ("Rooms under 500k a night", "giá từ 300k đến 600k": a bound on the prices the videos state, not on their views;
  // taken out before any figure is read, and placed with the other readings of prices below.)
  // ("@x was selling rooms from 550k. How did that video do?": a price told beside the question, no bound.)
  // ("Under $30 a night": a price in another currency, which no answer reads; said to be left out.)
  const boundsSaid = priceBoundsSaid(english ?? question).filter(
    (b) => !quotedAt(english ?? question, b.at) && !toldBeside(english ?? question, b.at),
  );
  const priceBounds = boundsSaid.flatMap(({ bound, ...b }) => (bound ? [{ ...b, bound }] : []));
  const priceUnbound = boundsSaid.reduceRight(
    (all, b) => consume(all, b.at, b.said.length),
    english ?? question,
  );
  // Sounds are read only when the question may name one (a pass over every video: 2 to 3 s at 1M videos).
  const sounds = mayNameSound(question) || mayNameSound(english ?? "") ? await facts.soundNames() : [];
  // 0. Quoted words ("book now", 'free breakfast') are text to find, read by no other pass ("now" is no window).
  const typos: string[] = [];
  // Words read as one phrase though not quoted ("promo code"), quoted as the question is read.
  const phrased: string[] = [];
  if (question !== asks.question) typos.push(`${asks.question.trim()}=${question.trim()}`);
  if (english !== null) typos.push(`${question.trim()}=${english}`);
  // The years the trending collections' names hold ("trending-dec2020": 2020).
  const trendingYears = [...collections].flatMap((n) =>
    n.includes("trending") ? (n.match(/(?:19|20)\d\d/g) ?? []) : [],
  );
  // ("District 1 hotels", "the District 1 search", where a search is named for Quận 1: the district as written there.)
  const districts = [...collections].some((n) => /quan\d/.test(n));
  const spelled = collectionsSpelled(
    districts
      ? priceUnbound.replace(
          /\bdistrict\s+(\d{1,2})\b/gi,
          (said: string, n: string, at: number, all: string) => {
            typos.push(`${said}=Quận ${n}`);
            // (Before "search", the one search named for it: "the District 1 search" is hotelquan1.)
            const named = [...collections].filter((c) => c.endsWith(`quan${n}`));
            // (Listed after another place, "the Saigon or District 1 searches", the place: both are read as searches.)
            return named.length === 1 &&
              !/(?:,|\b(?:or|and|&))\s*$/.test(all.slice(0, at)) &&
              new RegExp(String.raw`^\s*(?:${COLLECTION_STRONG_TAIL})\b`).test(all.slice(at + said.length))
              ? (named[0] as string)
              : `Quận ${n}`;
          },
        )
      : priceUnbound,
    collections,
    typos,
  )
    .replace(/[’]/g, "'")
    // ("Which videos mention a discount or promo code?": a code named by its kind is one phrase, as if quoted.)
    .replace(
      /(?<!["“'])\b(promo|promotion|promotional|discount|coupon|voucher|referral|affiliate|gift|booking) (codes?)\b(?!["”'])/gi,
      (said: string) => {
        phrased.push(`"${said.toLowerCase()}"`);
        return `"${said}"`;
      },
    )
    // ("+1 to what Huy asked, but for 2024", "follow up:": how a chat message asks again; what it asks follows.)
    .replace(
      /(?:^|(?<=[\s,.!?:;]))\+1\s+(?:to\s+)?what\s+\p{L}+\s+(?:asked|said|wanted|needs?|posted)\b[\s,:—–-]*(?:but\s+)?/giu,
      "",
    )
    .replace(/\bfollow[- ]?up\b\s*:/gi, "")
    // (":fire:", ":thinking_face:": a chat's emoji, written as their codes.)
    .replace(/(?<![\p{L}\p{N}/])(?<!\d:?):[a-z][a-z0-9_+-]*[a-z0-9]:(?![\p{L}\p{N}/])/gu, " ")
    // ("Jan→apr 2025": an arrow between dates is "to"; "mom views": month over month.)
    .replace(/\s*→\s*/g, " to ")
    // ("Last 6 mo": months.)
    .replace(/\b(\d{1,2})\s*mos?\b(?!\.\w)/gi, "$1 months")
    // ("sum(collectCount)/sum(diggCount)": one count over another, the ratio of the two.)
    .replace(
      /\b(?:sum\(\s*)?(playcount|diggcount|commentcount|sharecount|collectcount)\s*\)?\s*\/\s*(?:sum\(\s*)?(playcount|diggcount|commentcount|sharecount|collectcount)\s*\)?/gi,
      "$1 to $2 ratio",
    )
    // ("Everything but Đà Lạt", "anything except ads": the rest, left out as "excluding" says it.)
    .replace(
      /\b(?:everything|anything|everywhere|all)\s+(?:but|except(?: for)?|other than|apart from)\s+/gi,
      "excluding ",
    )
    // ("saves:likes", "comments : plays": one count over another, as "saves to likes ratio" says it.)
    .replace(
      // (Not a sentence's colon: "468k plays: shares per 1,000 plays".)
      /\b(plays|views|likes|comments|shares|saves)(?::|\s+:\s+)(plays|views|likes|comments|shares|saves)\b(?!\s*ratio)/gi,
      "$1 to $2 ratio",
    )
    // ("ER%", "median ER", "er rate": the engagement rate, as marketers shorten it.)
    .replace(/(?<![\p{L}\p{N}])(?:ER\s*%|er\s*%|ER(?![\p{L}\p{N}.])|er rate)/gu, "engagement rate")
    // ("2021 vs 2022 vid counts": the number of videos.)
    .replace(
      /\b(?:highest|largest|biggest|most|top)\s+(?:video|vid|post|upload|clip)\s+counts?\b/gi,
      "most videos",
    )
    .replace(/\bby\s+(?:video|vid|post|upload|clip)\s+counts?\b/gi, "by number of videos")
    .replace(/\b(?:video|vid|post|upload|clip)\s+counts?\b/gi, "number of videos")
    // ("The searches with their ad counts": their number of ads.)
    .replace(/\b(ad|ads)\s+counts?\b/gi, "number of ads")
    .replace(
      /\bmom\b(?=\s+(?:views?|plays?|likes?|growth|change|uploads?|trends?|numbers?)\b|\s*%)/gi,
      "month-over-month",
    )
    // ("Original-sound videos"; "licensed music", "top licensed tracks": the sounds that are no original sound, set
    // against the original ones where those are named.)
    .replace(/\boriginal-(sounds?|audio)\b/gi, "original $1")
    // ("An original sound vs a licensed one": the other sounds.)
    .replace(
      /\b(?:licensed|commercial|copyrighted)[- ]ones?\b(?<=\boriginal[- ](?:sounds?|audio)\b.*)/gi,
      "other sounds",
    )
    .replace(
      /\b(?:licensed|commercial|copyrighted)[- ](?:music|tracks?|songs?|audio|sounds?)\b/gi,
      (_said: string, _at: number, all: string) =>
        /\boriginal[- ](?:sounds?|audio)\b|\bnh(?:ạc|ac) n(?:ề|e)n\b|\bown (?:sounds?|audio|music)\b/i.test(
          all,
        )
          ? "other sounds"
          : "sounds excluding original sounds",
    )
    // ("My own voiceover (original sound) or a trending song?": the sounds that are no original sound, against
    // the original ones; "trending sounds" alone asks what trends.)
    .replace(
      /\b(?:an?\s+|the\s+)?(?:trending|popular|viral|hot)[- ](?:music|tracks?|songs?|audio|sounds?)\b/gi,
      (said: string, _at: number, all: string) =>
        /\boriginal[- ](?:sounds?|audio)\b|\bnh(?:ạc|ac) n(?:ề|e)n\b|\bown (?:sounds?|audio|music|voice(?:over)?)\b|\bvoice-?overs?\b/i.test(
          all,
        ) && /\b(?:or|vs\.?|versus|than|compared|against)\b/i.test(all)
          ? "other sounds"
          : said,
    )
    // ("Are family vids more likely to be ads than couple vids?": the share of ads in each.)
    .replace(
      /\b(?:more|less) likely to be (?:an? )?(?:ads?|sponsored|ad-flagged|paid ads?)\b/gi,
      "a higher share of ads",
    )
    // ("Any lift in plays from tagging someone?": more of them.)
    .replace(
      /\b(?:any |a |the )?lift (?:in|on|to) (plays|views|likes|comments|shares|saves|engagement)\b/gi,
      "more $1",
    )
    // ("Captions that @mention another account": no handle, the mention itself.)
    .replace(/(?<![\p{L}\p{N}._])@-?(mention(?:s|ing|ed)?)\b/giu, "at-$1")
    // ("Single-video creators vs multi-video creators": bands of how many of the videos each creator has.)
    .replace(/\b(?:single|one)[- ]video (creators|accounts)\b/gi, "$1 with 1 video")
    .replace(/\bmulti[- ]?video (creators|accounts)\b/gi, "$1 with 2+ videos")
    // ("Uploads by month with MoM %", "MoM change", "WoW": written with its capitals, month (week) over month.)
    .replace(/\bMoM\b/g, "month-over-month")
    .replace(/\bWoW\b/g, "week-over-week")
    // ("createTimeISO >= '2024-01-01'": a date quoted as SQL writes it is the date, not words to find.)
    .replace(/(['"“])(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?['"”]/g, "$2")
    // "createTimeISO >= 2025-01-01": since that day; "input = 'hotelphuquy'": the search term, as its hashtag.
    // ("createTimeISO within 2025-Q1": the period, the field's name dropped; "2025-Q1" is Q1 2025.)
    .replace(/\bcreatetime(?:iso)?\s+(?=(?:within|in|during|between|from)\b)/gi, "")
    .replace(/\b(\d{4})[-\s]?q([1-4])\b/gi, (said: string, year: string, quarter: string) => {
      typos.push(`${said}=Q${quarter} ${year}`);
      return `Q${quarter} ${year}`;
    })
    .replace(/\bcreatetime(?:iso)?\s*(>=|>|<=|<|==?)\s*/gi, (said: string, op: string) => {
      const word =
        ({ ">=": "since", ">": "after", "<=": "until", "<": "before" } as Record<string, string>)[op] ?? "on";
      typos.push(`${said.trim()}=${word}`);
      return `${word} `;
    })
    // (Not a function's argument: "per input: min(createTimeISO)".)
    .replace(
      // (After a colon, a term quoted or one naming a kind of place: not "per input: count in 2025-Q1".)
      /\binput\s*(?:==?\s*['"]?|:\s*(?=['"]|(?:review)?(?:hotels?|khachsan|homestay|resorts?|villa|review)[\p{L}\p{N}])['"]?)([\p{L}\p{N}_]+)['"]?(?![\p{L}\p{N}_(])/giu,
      (said: string, term: string) => {
        typos.push(`${said}=#${term} search`);
        return `#${term} search`;
      },
    )
    // "Excluding rows where musicOriginal = true": the flag's set left out.
    .replace(
      /\b(excluding|except|without|not counting|leaving out|leave out)\s+(?:(?:the\s+)?(?:rows?|videos?|records?|ones?|those)\s+)?(?:where|with|that have|whose)\s+(?=(?:(?:musicmeta|authormeta)[/.])?(?:musicoriginal|isad|issponsored|verified)\b)/gi,
      "$1 ",
    )
    // "isAd = TRUE vs FALSE", "musicOriginal true/false": the flag's two sides too.
    .replace(EXPORT_FLAG_BOTH, (said: string, flag: string) => {
      const words = exportSplitWords(flag);
      typos.push(`${said}=${words}`);
      return words;
    })
    // "Group by isAd", "by musicMeta/musicOriginal": the flag's two sides.
    .replace(EXPORT_FLAG_SPLIT, (flag: string) => {
      const words = exportSplitWords(flag);
      typos.push(`${flag}=${words}`);
      return words;
    })
    // Field names of the scraped exports: "median playCount", "where isSponsored = true", "authorMeta/fans".
    .replace(EXPORT_FIELD_RE, (field: string, flag?: string, value?: string, name?: string) => {
      const words = exportFieldWords(flag, value, name);
      typos.push(`${field}=${words}`);
      return words;
    })
    // "shareCount > diggCount": more of one count than of the other.
    .replace(
      /\b(plays|views|likes|comments|shares|saves)\s*(>|<)\s*(plays|views|likes|comments|shares|saves)\b/gi,
      (said: string, a: string, op: string, b: string) => {
        const words = op === ">" ? `more ${a} than ${b}` : `fewer ${a} than ${b}`;
        typos.push(`${said}=${words}`);
        return words;
      },
    )
    // "More then 50k views": "than" (the same length).
    .replace(
      /\b(more|less|fewer|longer|shorter|higher|lower|bigger|smaller|better|worse|other|rather) then\b/gi,
      (_m, word: string) => {
        if (!typos.includes("then")) typos.push("then");
        return `${word} than`;
      },
    )
    // "Sat or sun", "sat/sun", "mon-fri", "on tues", "tue vs thu": the days written out ("weekends", "weekdays",
    // "on tuesdays", "tuesdays vs thursdays"); a bare "sun" or "sat" elsewhere stays a word.
    .replace(
      /(?<![-–]\s*)\b(mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?\.?(\s*(?:vs\.?|versus|or|and|&|\/)\s*)(mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?\b\.?(?!\s*[-–])/gi,
      (days, first: string, joint: string, second: string, at: number, all: string) => {
        const full = (d: string) => `${dayAbbreviated(d)}s`;
        // ("Posted on sat or sun", "sat/sun vs mon-fri" are the weekend, read below; "sat or sun: which is
        // better?" compares the two days.)
        if (
          /^(sat|sun)$/i.test(first) &&
          /^(sat|sun)$/i.test(second) &&
          first.toLowerCase() !== second.toLowerCase() &&
          (/\bon\s+(?:an?\s+|the\s+)?$/i.test(all.slice(0, at)) ||
            /\bmon(day)?s?\.?\s*(-|–|to|through|thru)\s*fri|\bweekdays?\b/i.test(all))
        )
          return days;
        const read = `${full(first)}${joint}${full(second)}`;
        typos.push(`${days.trim()}=${read.trim()}`);
        return read;
      },
    )
    .replace(
      /\b(?:sats?\.?\s*(?:or|and|&|\/|\+|-|–|to)\s*suns?|suns?\.?\s*(?:or|and|&|\/|\+)\s*sats?|saturdays?\s*(?:-|–|\/|&|\+|to|through|thru)\s*sundays?)\b\.?|\bmon(?:day)?s?\.?\s*(?:-|–|to|through|thru)\s*fri(?:day)?s?\b\.?|(?<=\bon\s+)(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?\b\.?(?=\s*(?:$|[?,;:)!]|(?:or|vs|versus|and|only)\b))|\b(?:mon|tues?|weds?|thu(?:rs?)?|fri)\.?(?= (?:uploads|posts|videos)\b)/gi,
      (days, at: number, all: string) => {
        const lower = days.toLowerCase();
        // ("Weds uploads": one day before what was posted.)
        const before = /^ (?:uploads|posts|videos)\b/.test(all.slice(at + days.length)) ? "" : "s";
        const full =
          /^sat|^sun/.test(lower) && /[^a-z]/.test(lower.replace(/\.$/, "").trim())
            ? "weekends"
            : /^mon\w*\s*[^a-z]/.test(lower) || /^mon\w*\s+(to|through|thru)\b/.test(lower)
              ? "weekdays"
              : `${dayAbbreviated(lower)}${before}`;
        typos.push(`${days.trim()}=${full}`);
        return full;
      },
    )
    // "The 2020 trending set", "trending dec 2020 top sounds": "trending" names the collection (a scrape of a
    // past trending feed), not the feed's recency-weighted order, which no past period has.
    .replace(
      /\btrending[\s-]+(?=(?:set|dataset|data ?set|data|collection|sample|export|scrape|file|list|dump)\b)|\bkaggle\s+trending\b|(?<=\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:19|20)\d\d\s+)trending\b\s*|\btrending\s+(?=(?:in\s+|from\s+|of\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+|\d{1,2}\/)?(?:19|20)\d\d\b)/gi,
      (word: string, at: number, all: string) => {
        // ("Which hashtags were trending in March 2025?": a period, where the trending collection is of another year.)
        const year = all.slice(Math.max(0, at - 16), at + word.length + 24).match(/(?:19|20)\d\d/)?.[0];
        if (year && trendingYears.length > 0 && !trendingYears.includes(year)) return word;
        typos.push(`${word.trim().replace(/-$/, "")}=the collection's name`);
        // ("The 2020 trending videos": the year stays one, before what it describes.)
        return /\d\s*$/.test(all.slice(0, at)) &&
          /^\s*(?:videos?|vids|posts?|clips?)\b/i.test(all.slice(at + word.length))
          ? "collection "
          : "";
      },
    )
    // "Return the videos that mention airbnb, with id, author, searched place, plays and saves": the fields each
    // video listed shows (its id, creator, counts, date and link), not topics, a creator ranking or a second measure.
    .replace(FIELD_LIST, (fields: string) => {
      typos.push(
        `${fields.trim().replace(/^[,;:(.?!]\s*/, "")}=the fields each video listed shows (its id, creator, counts, date and link${/search|place|input|query|cit(?:y|ies)/i.test(fields) ? "; the search a video was found by is not among them" : ""})`,
      );
      return " ";
    })
    // (After a list of fields, which may end in one.) "Send me the link", "top 5 w links", "link + plays", "src link pls": each video cited carries its link.
    .replace(LINKS_ASKED, (asked: string) => {
      typos.push(`${asked.trim().replace(/^[,+&]\s*/, "")}=each video's link (every video cited carries it)`);
      return " ";
    })
    // "Top 3 videos by likes and who posted them": each video's creator, which every video listed names.
    // ("… and who posted the best one in each": the top video of each, which names its creator.)
    .replace(
      /,?\s*(?:and\s+)?who (?:posted|postd|made|uploaded|created|published) (?:them|it|those|these|each(?: one)?|the (?:best|top) (?:one|video)(?: in each)?)\b/gi,
      "",
    )
    // "Summer 2024 (Jun–Aug)", "Q3 2024 (Jul–Sep)": the season's or quarter's months, said again.
    .replace(
      /(?<=\b(?:summer|spring|autumn|fall|winter|q[1-4]|h[12])\s+(?:of\s+)?(?:19|20)\d\d(?:\s*[-–/]\s*\d{2,4})?)\s*\(\s*[a-z]{3,9}\.?\s*(?:[-–]|to|through|thru)\s*[a-z]{3,9}\.?\s*\)/gi,
      "",
    )
    // "Which searched place had …", "for each searched place": the scrape's search, not recorded (said below).
    // (The word before it stays: "which searches do its videos come from" still asks which.)
    .replace(BY_SEARCH_ANYWHERE, (words: string) =>
      words.replace(
        /(?<=^(?:which|what|each|every|per|by|across|from which|in each|how many\s+(?:of the\s+)?|(?:list|show|rank|compare|break down)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|every\s+|each\s+)?)\s*).+$/i,
        (rest) => " ".repeat(rest.length),
      ),
    )
    // "playCount >= 500000", "authorMeta/fans < 1000" (the fields read above as words): the bound, its number first.
    .replace(
      /\b(views?|plays?|likes?|comments?|shares?|saves?|followers?|fans)\s*(>=|=>|≥|>|<=|=<|≤|<)\s*(\d+(?:[.,]\d+)*\s*(?:k|m)?)(?![\p{L}\p{N}])/giu,
      (said: string, field: string, sign: string, amount: string) => {
        const word = /^(?:>=|=>|≥)$/.test(sign)
          ? "at least"
          : sign === ">"
            ? "more than"
            : /^(?:<=|=<|≤)$/.test(sign)
              ? "at most"
              : "under";
        const words = `${word} ${amount.trim()} ${field}`;
        typos.push(`${said.trim()}=${words}`);
        return words;
      },
    )
    // "≥ 100,000 plays", "<= 30s": at least and at most.
    .replace(/(?:≥|>=)\s*(?=\d)/g, (sign: string) => {
      typos.push(`${sign.trim()}=at least`);
      return "at least ";
    })
    .replace(/(?:≤|<=)\s*(?=\d)/g, (sign: string) => {
      typos.push(`${sign.trim()}=at most`);
      return "at most ";
    })
    // "A runtime of 20 seconds or less", "100k views or more", "1M plays and up": at most and at least.
    .replace(
      /(?<![-–]\s?)\b(\d[\d.,]*\s*(?:k|m)?\s*(?:seconds?|secs?|s|minutes?|mins?|views?|plays?|likes?|comments?|shares?|saves?|followers?|hashtags?|videos?|posts?|uploads?))\s+(?:or (more|longer|higher|above|greater|over|less|fewer|shorter|lower|below|under)|and (up|above))\b(?!\s*\d)(?!\s+than\b)/gi,
      (bound: string, amount: string, or?: string, and?: string) => {
        const word = /^(less|fewer|shorter|lower|below|under)$/i.test(or ?? and ?? "")
          ? "at most"
          : "at least";
        typos.push(`${bound.trim()}=${word} ${amount}`);
        return `${word} ${amount}`;
      },
    )
    // "Creators who posted at least 3 times", "posted more than 5 times": that many videos.
    .replace(
      /\b((?:posted|uploaded|published|post|posts|upload|uploads)\s+(?:at least|more than|over|fewer than|less than|under|at most|exactly)\s+)(\d{1,3})\s+times\b/gi,
      (said: string, lead: string, n: string) => {
        typos.push(`${said.trim()}=${lead}${n} videos`);
        return `${lead}${n} videos`;
      },
    )
    // "Resort-related videos", "Christmas-themed posts", "Amanoi-tagged videos": what they are about.
    .replace(/(?<=[\p{L}\p{N}])-(?:related|themed|focused|centric|tagged)\b/giu, (said: string) =>
      " ".repeat(said.length),
    )
    // "Rows where shareCount > diggCount: n", "n, median playCount": the count, as tables name it.
    .replace(/(?<=[:,(]\s*)n(?=\s*(?:[,)]|$|\bby\b|\bgroup\b|\bper\b))/gi, (said: string) => {
      typos.push(`${said}=count`);
      return "count";
    })
    // "Is it like 200?", "like 5k or so": about that many, not likes.
    .replace(
      /\b(?:is it |it's |maybe |or )?like (?=~?\d[\d.,]*\s*(?:k|m)?(?:\s*(?:or so|ish))?\s*[?.!]*\s*$)/gi,
      (said: string) => " ".repeat(said.length),
    )
    // "As a selling point": a feature, not sales.
    .replace(/\b(?:as (?:an? |their |the )?)?(?:selling|sales) points?\b/gi, (said: string) =>
      " ".repeat(said.length),
    )
    // "Paid vs organic", "paid creatives", "paid vs unpaid posts": the ads flagged and the others.
    .replace(/\bunpaid\b/gi, (said: string) => {
      typos.push(`${said}=organic`);
      return "organic";
    })
    // ("Across hotelphuquoc + hotelphuquy combined": either one, as "and … combined" says it.)
    .replace(/(?<=[\p{L}\p{N}_])\s*\+\s*(?=#?[\p{L}\p{N}_]+\s+combined\b)/gu, " and ")
    // "For my weekly report", "the monthly deck": what the answer goes into, not a window or a grouping by week.
    .replace(
      /\b(?:for |in |into |to )?(?:my |our |the |a |his |her |their )?(?:weekly|monthly|quarterly|daily|annual|yearly) (?:reports?|updates?|recaps?|decks?|meetings?|newsletters?|summar(?:y|ies)|presentations?|slides?|emails?|syncs?|check-?ins?|standups?)\b/gi,
      (said: string) => " ".repeat(said.length),
    )
    // ("Don't want to benchmark against paid stuff": why the ads are asked about, no topic "watch" or "benchmark".)
    .replace(
      /\b(?:i )?(?:dont|don't|don’t|do not) (?:want|wanna)(?: to)? (?:watch|see|view) paid (?:stuff|things|ones|content)\b/gi,
      (said: string) => " ".repeat(said.length),
    )
    // And ad-ops shorthand, "running paid", "paid (isAd) vs organic", "top paid vid", "paid/sponsored", "Đà Lạt
    // paid:": "paid" is the ads unless someone pays or is paid ("what CPM they paid", "paid to promote", "get paid",
    // "paid KOLs", "paid Promote boosts").
    .replace(
      /\bpaid(?= (?:vs\.?|versus|or|and|creatives?|ones?|side|videos?|clips?|media|spots?|placements?)\b)|(?<=\b(?:vs\.?|versus|or|and|organic) )paid\b|(?<!\b(?:how much|what|who|actually|really|secretly|probably|they|he|she|we|i|you|it|get|gets|got|getting|be|been|being|cpm|cpc|money|spend|spent|had|has|have|was|were|is|are)\s+)\bpaid\b(?!\s*(?:to|for|by|them|him|her|us|me|you|the|a|an|\$|\d|off|out|back|up|in (?:cash|full|advance|kind)|via|kols?|collabs?|creators?|influencers?|partners?|promote|boosts?|boosted|help|reach|distribution|ads?|adverts?|advertising|posts?|content|promotions?|partnerships?|promos?|relationship|media|search|social)\b|[-'’])/gi,
      (said: string) => {
        typos.push(`${said}=ads`);
        return "ads";
      },
    )
    // "Weekend-getaway", "weekend trip": a kind of stay, not the publication day.
    .replace(/\bweekend[- ](?=(?:getaways?|trips?|breaks?|escapes?|staycations?|stays?|holidays?)\b)/gi, "")
    // "A save-rate benchmark", "like-rate": the rate (the same length).
    .replace(/\b(?:like|comment|share|save|engagement)s?-rates?\b/gi, (rate: string) =>
      rate.replace("-", " "),
    )
    // "Vids <15s", ">60s", "> 50k fans", ">3 videos": under and over.
    .replace(
      /(?<![\p{L}\p{N}])([<>])\s*(?=\d[\d.,]*\s*(?:k|m)?\s*(?:s|secs?|seconds?|mins?|minutes?|views?|plays?|likes?|comments?|shares?|saves?|hashtags?|followers?|fans?|videos?|vids?|posts?)\b)/gu,
      (sign: string) => {
        const word = sign.trim() === "<" ? "under" : "over";
        typos.push(`${sign.trim()}=${word}`);
        return `${word} `;
      },
    )
    // "Da Nang vs Nha Trang, who wins on shares?": which side, not which creator.
    .replace(
      /\bwho(?= (?:wins|won|pulls|pulled|gets|comes out|does better|did better|performs better|has the edge|is ahead|leads)\b)/gi,
      (who: string, _at: number, all: string) =>
        !all.includes("@") && /\b(vs\.?|versus|or|against|compared)\b/i.test(all) ? "which" : who,
    )
    // "English-caption videos": the language (the caption is where the source read it).
    .replace(
      /(?<=\b(?:english|vietnamese|thai|korean|japanese|chinese|spanish|french|german|indonesian)(?:-language)?)[- ]caption(?:ed|s)?\b/gi,
      "",
    )
    // "#capcut-tagged content": the hashtag ("#review-tagged posts vs #x-tagged posts" compares the two).
    .replace(/(#[\p{L}\p{N}_]+)-tagged\b/gu, "$1")
    .replace(/(#[\p{L}\p{N}_]+)-(themed|related|heavy)\b/gu, "$1 $2")
    // "The distribution of plays: under 1k, 1k-10k, 10k-100k and above 1M": the measure named once, for each band
    // listed after it.
    .replace(
      UNITLESS_BANDS,
      (
        list: string,
        named: string | undefined,
        noun: string | undefined,
        length: string | undefined,
        bands: string,
        at: number,
        all: string,
      ) => {
        const last = [...bands.matchAll(UNITLESS_BAND)].at(-1);
        if (last === undefined || [...bands.matchAll(UNITLESS_BAND)].length < 2) return list;
        // ("Sweet spot length? like bucket it 0-15, 15-30, 30-60, 60+": seconds; a caption's length is in
        // characters, read elsewhere.)
        if (
          length &&
          /\b(?:caption|text|title)s?\s+length|\bchar(?:acter)?s?\b|\blen\(/i.test(
            all.slice(Math.max(0, at - 12), at + list.length),
          )
        )
          return list;
        const unit = length ? "seconds" : (named ?? `${noun}s`);
        const start = list.length - bands.length;
        const end = start + (last.index ?? 0) + last[0].length;
        // ("(<1k, 1k–10k, 100k+)": the signs as words, as the bands are read.)
        const listed = list
          .slice(start, end)
          .replace(/<\s*(?=\d)/g, "under ")
          .replace(/>\s*(?=\d)/g, "over ");
        return `${list.slice(0, start)}${listed} ${unit}${list.slice(end)}`;
      },
    )
    // "Da Lat-search videos", "the Hai Phong-searched ones": the place, and its search, words apart.
    .replace(/(?<=\p{L})-(?=search(?:es|ed)?\b)/giu, " ")
    // "Likes per 1,000 plays", "shares per 1k views": the rate (a share of the plays, as answers give it).
    .replace(
      // ("For every 1,000 plays, how many shares do ads get?": the same; "for every 100 likes, how many saves": saves
      // per like.)
      /\b(like|comment|share|save)s?\s+per\s+(?:1,?000|1k|thousand|100|hundred)\s+(?:plays|views)\b|\b(?:for|out of) every (?:1,?000|1k|a thousand|thousand|100|a hundred|hundred) (plays|views|likes?|comments?|shares?|saves?),?\s+how many (like|comment|share|save)s?\b/gi,
      (said: string, count: string | undefined, base: string | undefined, after: string | undefined) => {
        const per = base?.toLowerCase().replace(/s$/, "");
        // (Asked "how many", the rate is what is asked: "what is the save rate".)
        const rate = `${base ? "what is the " : ""}${
          per && per !== "play" && per !== "view"
            ? `${(after ?? "").toLowerCase()}s per ${per}`
            : `${(count ?? after ?? "").toLowerCase()} rate`
        }`;
        typos.push(`${said}=${rate}`);
        return rate;
      },
    )
    // "The highest save counts", "median save count": the count of saves ("save" alone is a verb).
    // ("The 2020 file has no save counts": no such field, not videos with no saves.)
    .replace(/(?<!\b(?:no|without)\s+)\b(?:save|bookmark)(?=\s+(?:counts?|numbers?|totals?)\b)/gi, "saves")
    // "Do my Ha Giang videos or my Hanoi videos do better?": the second "my" names the same account.
    .replace(/(?<=\b(?:or|vs\.?|versus|than|against|with|and)\s+)my\s+(?=[\p{L}#])/giu, "")
    // "… and tell me whether each one is an ad": a field each video listed shows, not a filter.
    .replace(
      /,?\s*(?:and\s+)?(?:tell me\s+|say\s+|show\s+|check\s+)?(?:whether|if)\s+(?:each(?: one)?|it|they|those|these)(?: ones?)?\s+(?:is|are|was|were)\s+(?:an?\s+)?(?:ads?|sponsored)\b(?:\s+or\s+not)?/gi,
      "",
    )
    // "Ranked highest to lowest", "sorted descending": the order a ranking has anyway.
    .replace(
      /,?\s*\b(?:(?:ranked|sorted|ordered|listed)\s+)?(?:from\s+)?(?:highest to lowest|high to low|best to worst|top to bottom|most to least|descending)\b/gi,
      "",
    )
    // "Tell me what they share (length, sound)": what they have in common, not a share.
    .replace(/\bwhat (?:do )?(?:they|those|these)(?: all)? share\b/gi, "what they have in common")
    // "Between Mon 3 March and Sun 9 March 2025", "Friday, March 7": the day's name beside its date says nothing
    // more.
    .replace(
      new RegExp(
        String.raw`\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?=(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_RE}\b|${MONTH_RE}\.?\s+\d{1,2}\b|\d{1,2}[/.]\d{1,2}\b)`,
        "gi",
      ),
      "",
    )
    // "From the 1st to the 15th of April 2025": those days of the month.
    .replace(
      new RegExp(
        String.raw`\bthe\s+(\d{1,2})(?:st|nd|rd|th)\s+(to|through|until|till|and|-|–)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\s+of\s+(${MONTH_RE})\b`,
        "gi",
      ),
      (_m, a: string, join: string, b: string, month: string) => `${a} ${month} ${join} ${b} ${month}`,
    )
    // "In year 2024", "calendar year 2025": the year. ("New Year 2025" is a holiday; "by year 2022-2025" a breakdown.)
    .replace(/(?<!\b(?:new|by|per|each|every|a)\s+)\b(?:calendar\s+)?year\s+(?=(?:19|20)\d\d\b)/gi, "")
    // "How much videos …": how many, as a learner of English may write it.
    .replace(
      /\bhow much (?=(?:videos?|vids|posts?|clips?|creators|accounts|ads|uploads|hashtags|sounds)\b)/gi,
      "how many ",
    )
    // "Posted in 2024 year and how much in 2025?": the year, and the second period asked the same way.
    .replace(/\b((?:19|20)\d\d)\s+year\b(?!s)/gi, "$1")
    .replace(/\b(and|,)\s+how (?:much|many)\s+(?=in\s+(?:19|20)\d\d\b)/gi, (_: string, join: string) =>
      join === "," ? ", " : "and ",
    )
    // "Vids w/ transcripts", "w/o music", "b/c"; "# of videos" is their number.
    .replace(/\bw\/o\b/gi, "without")
    .replace(/(?<![\p{L}\p{N}#])#\s+of\b/giu, "number of")
    .replace(/\bw\/\s*(?=\p{L})/giu, "with ")
    .replace(/\bb\/c\b/gi, "because")
    // "Eng captions vs viet captions", "eng vs viet captions for Ha Long": the languages, shortened (before what
    // is in a language, or with the other named).
    .replace(
      /\b(?:eng|viet)(?= (?:captions?|language|lang|videos?|vids|posts?|content|ones)\b)|\b(?:eng|viet)\b(?=[^?]*\b(?:eng|viet|english|vietnamese)\b)|(?<=\b(?:eng|english|viet|vietnamese)\b[^?]*)\b(?:eng|viet)\b/gi,
      (short: string) => {
        const full = /^e/i.test(short) ? "english" : "vietnamese";
        typos.push(`${short}=${full}`);
        return full;
      },
    )
    // "#fitness (87 trending videos) vs #animeedit (63)", "hotelhoian (n=228)": how many there are, said in
    // passing (a year in brackets stays: "Tết (2025)", and so do a video's id and a stock track's number, "tone(39813)",
    // and anything quoted).
    .replace(
      /(?<=\S)\s+\(\s*(?:n\s*[=:]\s*)?~?(?!(?:19|20)\d\d\s*\))(?:\d{1,3}(?:[.,]\d{3})+|\d{1,4})\s*k?\s*(?:(?:trending|hotel|tagged|total)\s+)?(?:videos?|vids|posts?|clips?|uses?|creators?|accounts?|rows?)?\s*\)/giu,
      (aside: string, at: number, all: string) => (quotedAt(all, at) ? aside : ""),
    )
    // "Kindly share median views", "can you share the top 5": asked to give, not a share of anything.
    .replace(
      /\b(kindly|please|pls|plz|can you|could you|would you|pl)\s+share\b(?!\s+of\b)/gi,
      (said: string, asker: string) => {
        typos.push(`${said}=${asker} give`);
        return `${asker} give`;
      },
    )
    // "I'd love to know if …", "we'd like to see …": the asking ("love" is no topic, "like" no likes); "the most
    // loved": the most liked.
    .replace(
      /\b(?:i|we)(?:'d|’d|\s+would)\s+(?:love|like)\s+to\s+(?:know|see|find out|get|have|check|understand|learn|confirm|hear)\b(?:\s+(?:if|whether))?/gi,
      "",
    )
    .replace(/\b(more|most|less|least)[- ]loved\b/gi, "$1 liked")
    // "Bottom line:", "TL;DR", "in one sentence", "ballpark", "yes or no": how short the answer should be, not what
    // it asks ("bottom" ranks nothing from the lowest here). "The single best day": the best.
    .replace(
      /(?:\bbottom[- ]line\b|\btl\s*;?\s*dr\b|\b(?:in\s+)?(?:one|a single|1)\s+(?:sentence|line|word)(?:\s+answer)?\b|\b(?:a\s+)?ballpark(?:\s+(?:figure|number))?\b|\byes\s*(?:or|\/)\s*no\b)(?:\s+(?:is|are)\s+(?:fine|ok|okay|enough))?/gi,
      "",
    )
    .replace(
      /\b(?:a\s+)?single\s+(?=(?:best|most|biggest|top|highest|worst|lowest|strongest|weakest)\b)/gi,
      "",
    )
    // ("A normal number of likes", "how many likes does it get normaly": the typical one.)
    .replace(/\b(?:a|the)\s+normal\s+(?=(?:number|amount|count)\s+of\b)/gi, "the typical ")
    .replace(/\bnormal+y\b/gi, "usually")
    // ("Is there anything about Quy Nhon in here?": the videos about it, counted; "…, and how do those videos
    // perform?" asks more, read below.)
    .replace(
      /\b(is|are)\s+there\s+(?:anything|any\s+(?:stuff|content|posts?|vids|videos?))\s+(?=(?:about|on|from|in|of)\s)/gi,
      (said: string, _is: string, at: number, all: string) =>
        /[,;]\s*(?:and\s+)?(?:how|what|which|who)\b/i.test(all.slice(at)) ? said : "are there any videos ",
    )
    // ("Did any of the Vung Tau hotels pay for ads?": which of them ran ads.)
    .replace(
      /\bdid\s+any\s+(?:of\s+(?:the|these|those)\s+)?([^?.,;]{2,60}?)\s+(?:pay\s+for|paid\s+for|run|ran|buy|bought|use|post)\s+(?:any\s+)?(ads?|adverts?|paid\s+ads?|sponsored\s+posts?)\b/gi,
      "which $1 ran $2",
    )
    // ("COUNTIF of videos where plays > 1M", "AVERAGEIFS of plays where isAd = TRUE", "MAXIFS": a spreadsheet's
    // functions, as the words they compute.)
    .replace(/(?<![\p{L}\p{N}])=?(countifs?|averageifs?|sumifs?|maxifs|minifs)\b/giu, (_m, fn: string) => {
      const word = /^count/i.test(fn)
        ? "count"
        : /^average/i.test(fn)
          ? "average"
          : /^sum/i.test(fn)
            ? "total"
            : /^max/i.test(fn)
              ? "highest"
              : "lowest";
      typos.push(`${fn}=${word}`);
      return word;
    })
    // ("Who's the #1 creator", "the No. 1 video": the top one.)
    .replace(
      /(?<![\p{L}\p{N}#])(?:#|no\.?\s*|number\s+)1(?![\p{L}\p{N}.,])(?=\s+(?:[\p{L}-]+\s+)?(?:creators?|videos?|vids?|accounts?|sounds?|songs?|tracks?|hashtags?|tags?|posts?|ads?|hotels?|resorts?|homestays?|places?|cit(?:y|ies)|destinations?|months?|days?|hours?|influencers?|brands?)\b)/giu,
      (said: string, at: number, all: string) =>
        quotedAt(all, at) || /^\s*\(/.test(all.slice(at + said.length)) ? said : "top",
    )
    // ("Top 10 hashtags by count", "top sounds by usage": ranked by their number of videos.)
    .replace(
      /(?<=\btop\s+\d{1,3}\b[^?.;]{0,60})\bby\s+(?:count|frequency|occurrences?|usage|uses|use count|number of uses)\b/gi,
      "by number of videos",
    )
    // ("The sweet spot for length": the best.)
    .replace(/\b(?:the\s+)?sweet[- ]spot\b/gi, "the best")
    // ("… like bucket it 0-15, 15-30": "like" as in "say", no likes.)
    .replace(/\blike(?=\s+(?:bucket|bin|band|group|split)\s+(?:it|them)\b)/gi, "")
    // "Is Nha Trang outperforming Đà Lạt?", "did March 2025 beat March 2024?", "is X ahead of Y?", "X relative to
    // Y", "how does #a stack up to #b": the two compared ("outperforming their usual" is a breakout; "beat drops"
    // are music; "Chill Beats Studio" a name; "relative to followers" divides, read elsewhere).
    .replace(COMPARED_VERB, (said: string, at: number, all: string) => {
      if (quotedAt(all, at)) return said;
      const comparative = !/^(?:ahead|behind|relative|stacks?|measures?)\b/i.test(said);
      // (A comparative verb beside a "than" or "vs" already said is read with it.)
      if (comparative && /\b(?:than|vs\.?|versus)\b/i.test(all)) return said;
      typos.push(`${said.trim()}=${comparative ? "better than" : "vs"}`);
      return comparative ? "better than " : "vs ";
    })
    // "hotelluxury > hotelgiare?": the two compared.
    .replace(/(?<=[\p{L}_])\s*>\s*(?=[#@]?\p{L})/gu, (said: string, at: number, all: string) =>
      quotedAt(all, at) ? said : " vs ",
    )
    // "Median plays with the tag vs without", "compare vids with vs without it": the videos about what was named,
    // against the rest ("with vs without transcripts" names what they have).
    .replace(
      /\bwith(?:\s+(?:it|them|the tag|the hashtag|that tag|this tag|the word|that word))?\s+(?:vs\.?|versus|or|and|compared (?:to|with))\s+without(?:\s+(?:it|them|one|the tag|the hashtag|that tag|this tag|the word|that word))?(?=\s*(?:[?.,;:!)—–-]|$)|\s+(?:for|in|on|among|across|by|within)\b)/gi,
      // ("With and without it" may be of anything named before, "with and without the tag" of a tag.)
      (said: string) => {
        if (/\band\b/i.test(said) && !/\b(?:tag|hashtag|word)\b/i.test(said)) return said;
        typos.push(`${said}=vs the rest`);
        return "vs the rest";
      },
    )
    // "Top hashtags excluding fyp, foryou, fy", "(excl. xuhuong, hotel)": the tags left out, as "#fyp" says it.
    .replace(
      /(?<=\b(?:hashtags?|tags)\b[^?.;]*)\b(?:excluding|excl\.|excl|except(?: for)?|other than|leaving out|minus|not counting)\s+((?:#?[\p{L}\p{N}_]+(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+))*#?[\p{L}\p{N}_]+)/giu,
      (said: string, list: string, at: number, all: string) => {
        const items = list.split(TAG_LIST_JOIN);
        // ("Excluding generic tags like #fyp", "excluding generic ones (fyp, …)": words about the tags named next.)
        if (
          items.some((item) =>
            /^(?:ads?|organic|sponsored|paid|slideshows?|photos?|videos?|originals?|sounds?|the|those|any|all|verified|\d+)$/i.test(
              item,
            ),
          ) ||
          (items.length === 1 &&
            /^\s*(?:\(|(?:ones?|tags?|hashtags?|like|such|e\.g|types?|kinds?)\b)/i.test(
              all.slice(at + said.length),
            ))
        )
          return said;
        return tagsExcluded(items);
      },
    )
    // "Excluding generic tags (fyp, xuhuong, viral, trending)": the tags in brackets ("trending" one of them, no
    // trend report).
    .replace(
      /(?<=\b(?:hashtags?|tags)\b[^?.;]*)\b(?:excluding|excl\.|excl|except(?: for)?|other than|leaving out|minus|not counting)\s+(?:the\s+)?(?:(?:generic|common|filler|broad|reach|general|usual|too general)\s+)?(?:tags?|hashtags?|ones)\s*(?:like\s+|such as\s+)?\(((?:#?[\p{L}\p{N}_]+(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+))*#?[\p{L}\p{N}_]+)(?:\s*,?\s*(?:etc\.?|…|\.\.\.))?\)/giu,
      (_said: string, list: string) => tagsExcluded(list.split(TAG_LIST_JOIN)),
    )
    // "#xuhuong vs no #xuhuong", "#x vs non-#x videos": the tag named before, against the rest.
    .replace(
      /\b(vs\.?|versus|or|compared (?:to|with)|than)\s+(?:no|non-?|not)\s*#([\p{L}\p{N}_]+)(?:\s+(?:videos?|vids|posts?|ones))?/giu,
      (said: string, join: string, tag: string, at: number, all: string) => {
        if (!new RegExp(`#${tag}\\b`, "iu").test(all.slice(0, at))) return said;
        typos.push(`${said}=${join} the rest`);
        return `${join} the rest`;
      },
    )
    // "… for my report", "for the client deck": where the answer goes, not a trend report asked for.
    .replace(
      /\b(?:for|in|into|on)\s+(?:my|our|a|the|this|their|his|her)\s+(?:(?:monthly|weekly|quarterly|annual|yearly|client|internal|final|next|team|board)\s+)?(?:report|deck|slides?|presentation|pitch|thesis|article|story|newsletter|dashboard)\b/giu,
      "",
    )
    // "collectCount = 0" (read above as "saves = 0"): the videos with none.
    .replace(
      /\b(views|plays|likes|comments|shares|saves)\s*(?:==?|:)\s*0\b(?![.,]\d)/gi,
      (said: string, count: string) => {
        typos.push(`${said}=no ${count}`);
        return `no ${count}`;
      },
    )
    // "The top decile of creators", "top quintile": that top share, as a percentage.
    .replace(/\b(top|bottom)\s+(decile|quintile|quartile)\b/gi, (said: string, end: string, part: string) => {
      const read = `${end} ${{ decile: 10, quintile: 20, quartile: 25 }[part.toLowerCase() as "decile"]}%`;
      typos.push(`${said}=${read}`);
      return read;
    })
    // "Since 2023 until now", "from March 2024 to date": the window runs to the newest video anyway.
    .replace(
      /\b(?:since|from)\s+([^,.;?]{1,30}?)\s+(?:until|till|to|through|up to|up until)\s+(?:now|today|(?:the\s+)?present|date)\b/gi,
      "since $1",
    )
    // "Line chart", "stacked bar chart": how a dashboard draws the answer, not what it asks.
    .replace(
      /\b(?:stacked |grouped )?(?:line|bar|pie|donut|area|step|column)\s+(?:charts?|graphs?|plots?)\b|\b(?:stacked|grouped) (?:bars?|columns?)\b/gi,
      "",
    )
    // "Check it", "pls double-check": asked of whoever answers ("check in", "check-out" are the hotel's).
    // (Beside a quote it tells a claim: read with the quotes.)
    .replace(
      /(?<!["”»][\s.?!,;:—–-]*)\b(?:double[- ]?)?check\b(?!\s*-?\s*(?:ins?|outs?)\b|-|[\s:=]*["“«])/gi,
      "",
    )
    // "Limit 10", "limit: 20": that many, as "top 10" says; "# videos", "# of creators": their number.
    .replace(/\blimit\s*[:=]?\s*(?=\d{1,3}\b)/gi, (said: string) => {
      typos.push(`${said.trim()}=top`);
      return "top ";
    })
    .replace(
      /(?<![\p{L}\p{N}#])#\s+(?:of\s+)?(?=(?:videos|vids|posts|creators|accounts|ads|uploads|hashtags|sounds|likes|views|plays|comments|shares|saves)\b)/giu,
      "number of ",
    )
    // "Eng rate", "avg eng", "highest eng": engagement, shortened (the language was read above).
    .replace(
      /\beng\.?(?=\s*(?:rate|%|per\b))|(?<=\b(?:avg|average|med|median|mean|on|by|best|highest|lowest|top|good|high|low|total|and|plus)\s+|[+&]\s*)eng\b(?!\s*(?:captions?|language|lang|subs?|videos?|vids)\b)/gi,
      (short: string) => {
        typos.push(`${short}=engagement`);
        return "engagement";
      },
    )
    // "4.8mil", "1,6 Mio.", "2.5 mln": millions ("4.8m"), however shortened; "10 lakh", "2 crore": India's scales.
    .replace(
      /(?<![\p{L}\p{N}.,])(\d+)(?:[.,](\d{1,2}))?\s*(mil|mill|mills|mln|mn|mio|lakhs?|lacs?|crores?)\b(?:(?<=mio)\.)?/giu,
      (said: string, whole: string, part: string | undefined, scale: string) => {
        const value = Number(`${whole}.${part ?? "0"}`);
        const read = /^mi|^mn/i.test(scale)
          ? `${value}m`
          : Math.round(value * (/^cr/i.test(scale) ? 1e7 : 1e5)).toLocaleString("en-US");
        typos.push(`${said.trim()}=${read}`);
        return read;
      },
    )
    // "≥ 1e5", "beat 1e6": figures in scientific notation; "six-figure", "7-figure vids": 100k+, 1M+.
    .replace(
      /(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?)e([3-9])(?![\p{L}\p{N}])/giu,
      (said: string, base: string, exp: string) => {
        const value = Number(base) * 10 ** Number(exp);
        const read =
          value % 1e6 === 0 ? `${value / 1e6}m` : value % 1e3 === 0 ? `${value / 1e3}k` : String(value);
        typos.push(`${said}=${read}`);
        return read;
      },
    )
    .replace(/\b(five|5|six|6|seven|7|eight|8)[- ]figures?\b/gi, (said: string, n: string) => {
      const read = {
        five: "10k+",
        5: "10k+",
        six: "100k+",
        6: "100k+",
        seven: "1m+",
        7: "1m+",
        eight: "10m+",
        8: "10m+",
      }[n.toLowerCase() as "five"];
      typos.push(`${said}=${read}`);
      return read;
    })
    // "1,5tr", "1tr5", "12 triệu", "200 nghìn": Vietnamese millions and thousands.
    .replace(
      /(?<![\p{L}\p{N}.,])(\d+)(?:[.,](\d{1,2}))?\s*(triệu|trieu|tr|nghìn|nghin|ngàn|ngan)(\d)?(?![\p{L}\p{N}])/giu,
      (said: string, whole: string, part: string | undefined, scale: string, after: string | undefined) => {
        const read = `${Number(`${whole}.${part ?? after ?? "0"}`)}${/^n/i.test(scale) ? "k" : "m"}`;
        typos.push(`${said.trim()}=${read}`);
        return read;
      },
    )
    // ("Videos with more than 10 hashtags vs fewer than 3", "over 1M views vs under 10k": the second band's count
    // is the first's.)
    .replace(
      /\b((?:more|fewer|less) than|over|under|above|below|at least|at most)\s+\d[\d.,]*\s*(?:k|m)?\s+(hashtags|tags|views|plays|likes|comments|shares|saves|followers|seconds)\s+(?:vs\.?|versus|or|compared (?:to|with))\s+(?:(?:those|the ones|ones|videos|posts)\s+)?(?:with\s+)?((?:(?:more|fewer|less) than|over|under|above|below|at least|at most)\s+\d[\d.,]*\s*(?:k|m)?)(?![\p{L}\p{N}.,+%]|\s*(?:hashtags?|tags?|views?|plays?|likes?|comments?|shares?|saves?|followers?|fans?|subscribers?|seconds?|secs?|s|minutes?|mins?|characters?|chars?|thousands?|millions?)\b)/giu,
      (said: string, _word: string, unit: string, second: string) => {
        typos.push(`${second}=${second} ${unit}`);
        return `${said} ${unit}`;
      },
    )
    // "Vids over 1 million", "which crossed 500k", "videos that cross 100k", "1M+ videos": a bound on views, as a
    // count of plays is what a bare large number says of videos (of followers after "accounts"/"creators"); not
    // after "never" or "not", where the figure is a claim to check ("never broke 1M"), nor after a past "hit" that
    // states what happened ("my video hit 398k"; "did any video hit 1M?", "videos that hit 1M" ask it), nor a
    // median's or percentile's ("p90 is just under 100k"), nor the second of two bands ("over 1M vs the ones under
    // 10k": both would leave no video).
    .replace(
      /(?<!(?:\bnever|\bnot|n't|\bno|\b(?:views?|plays?|likes?|comments?|shares?|saves?|followers?|fans?|medians?|average|mean|p\d{1,2}|percentiles?|quartiles?|deciles?)(?:\s+(?:are|is|was|were|of|at))?)\s+(?:\w+\s+)?|\(\s*|\b(?:vs\.?|versus)\s+(?:the\s+)?(?:ones?|vids?|videos?|posts?)?\s*)\b(?:more than|over|above|under|below|less than|at least|at most|past|passed|crossed|surpassed|exceeded|beats?|cross(?:es|ing)?|break(?:s|ing)?|reach(?:es|ing)?|pass(?:es|ing)?|exceed(?:s|ing)?|surpass(?:es|ing)?|clear(?:s|ing)?|(?<=\b(?:(?:did|do|does|to|ever)\s+(?:[\p{L}'-]+\s+){0,4}|(?:that|which|who)\s+))(?:hit|broke|reached|cleared|topped))\s+(?:the\s+)?\d[\d.,]*\s*(?:k|m|b|thousands?|millions?|billions?)\b(?!\s*(?:\+|views?|plays?|likes?|comments?|shares?|saves?|followers?|fans?|subscribers?|hashtags?|tags?|seconds?|secs?|minutes?|mins?|characters?|chars?|times|x|median|average|avg|mean|total)\b|\s*(?:[/–—-]|,\s*\d|(?:and|or|to)\s+\d))|(?<![\p{L}\p{N}.,])\d[\d.,]*\s*(?:k|m|b)\+(?=\s*(?:[\p{L}]+\s+){0,2}?(?:videos?|vids|posts?|clips?)\b)/giu,
      (said: string, at: number, all: string) => {
        // (A figure quoted is a claim's, left as written.)
        if (quotedAt(all, at)) return said;
        const accounts =
          /\b(?:accounts?|creators?|influencers?|kols?|pages?|channels?|profiles?)\s+(?:\w+\s+){0,2}$/i.test(
            all.slice(Math.max(0, at - 40), at),
          );
        const read = `${said} ${accounts ? "followers" : "views"}`;
        typos.push(`${said}=${read}`);
        return read;
      },
    )
    // ("Fri vs sat vs sun": a third day after two written out.)
    .replace(
      /(?<=\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s*(?:vs\.?|versus|or|and|&|\/|,)\s*)(mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?\b\.?/gi,
      (day: string) => {
        const full = `${dayAbbreviated(day)}s`;
        typos.push(`${day}=${full}`);
        return full;
      },
    )
    // "Each caption language", "the language of the caption": the language the source recorded.
    .replace(
      /\b(?:captions?|descriptions?) (languages?)\b|\b(languages?) of (?:the |their |its )?captions?\b/gi,
      "$1$2",
    )
    // "Do #couple-tagged videos get more comments than untagged ones?": the others, after a hashtag named.
    .replace(
      /(?<=\b(?:than|vs\.?|versus|compared? (?:to|with)|against)\s+(?:the\s+)?)(?:untagged|non[- ]?tagged)\s+(?:ones|videos?|posts?|clips?)\b/gi,
      (others: string, at: number, all: string) => {
        if (!/#[\p{L}\p{N}_]/u.test(all.slice(0, at))) return others;
        typos.push(`${others}=the rest`);
        return "the rest";
      },
    )
    // "#duet videos vs non-duet videos", "captions with wifi compared with non-wifi ones": the others, when what
    // follows "non" was named before (ads and the badge have their own sides: "non-ads", "non-verified").
    .replace(
      /(?<=\b(?:than|vs\.?|versus|compared? (?:to|with)|compares (?:to|with)|against)\s+(?:the\s+)?)non[- ]?([\p{L}\p{N}_]+?)(?:s)?\b(?:\s+(?:videos?|vids|posts?|clips?|ones|captions?))?/giu,
      (others: string, word: string, at: number, all: string) => {
        if (/^(?:ads?|sponsored|verified|organic)$/i.test(word)) return others;
        const named = new RegExp(`(?:^|[^\\p{L}\\p{N}_])#?${word}(?![\\p{L}\\p{N}_])`, "iu");
        if (!named.test(all.slice(0, at))) return others;
        typos.push(`${others.trim()}=the rest`);
        return "the rest";
      },
    )
    // "Which month the Quang Binh video have most share?": the count of shares, written in the singular.
    .replace(
      /\b(most|more|many|highest|lowest|fewest|least|by|good|high|low|bad) share\b(?!\s+(?:of|rate|counts?|ratio|percentage)\b)/gi,
      (m) => {
        typos.push(`${m}=${m}s`);
        return `${m}s`;
      },
    )
    // "Excluding anything flagged as an ad", "not marked as ads": the organic videos.
    .replace(
      /\b(excluding|exclude|except|without|minus|leaving out|not)\s+(?:(?:anything|everything|any|all|those|the ones?|videos?|posts?|ones?)\s+)?(?:(?:that|which)\s+(?:are|is|were|was)\s+)?(?:ad[- ]flagged|(?:flagged|labell?ed|marked) as (?:an? )?ads?)\b/gi,
      (_: string, word: string) => `${word} ads`,
    )
    // "Ad-flagged videos", "flagged as ads": the videos labelled as ads ("ad videos").
    .replace(/\bad[- ]flagged\b|\b(?:flagged|labell?ed|marked) as (?:an? )?ads?\b/gi, "ad")
    // "A Vietnamese phone number": the number's country, no language of the videos.
    .replace(/\b(?:vietnamese|vn)\s+(?=(?:phone|mobile|hotline|telephone|contact) (?:numbers?|nos?)\b)/gi, "")
    // "My English not so good", "sorry for my English": the asker's, no language of the videos.
    .replace(
      /\b(?:(?:sorry|apologies) (?:for|about) |excuse |pardon )?my (?:english|vietnamese)\b(?:\s+(?:is\s+)?(?:not|isn't|is not|no)?\s*(?:so\s+|very\s+|too\s+)?(?:good|great|well|bad|poor|perfect|fluent))?/gi,
      "",
    )
    // Same length or not, a fixed word moves no later position: every pass reads the corrected question.
    .replace(/\p{L}+/gu, (word, at: number, all: string) => {
      const fixed = Object.hasOwn(TYPOS, word.toLowerCase()) ? TYPOS[word.toLowerCase()] : undefined;
      if (fixed === undefined || (word.length <= 2 && word !== word.toLowerCase())) return word;
      // A short one not inside a handle, hashtag, domain or code ("@ur_hotel", "r.hotel").
      if (
        word.length <= 4 &&
        (/[@#._\-/\p{N}]/u.test(all[at - 1] ?? "") ||
          /[._\-/\p{N}]\S/u.test(all.slice(at + word.length, at + word.length + 2)))
      )
        return word;
      if (!typos.includes(word)) typos.push(word);
      return fixed;
    });
  // ("Beach = Nha Trang, Vũng Tàu / mountain = Đà Lạt": groups the question defines keep their "=", read below.)
  const definesGroups = [...spelled.matchAll(GROUP_DEFINITION)].length >= 2 && /=[^=;/|]*,/.test(spelled);
  const {
    question: original,
    quoted,
    soundsQuoted,
    claims,
    claimSpans,
  } = await takeQuoted(
    facts,
    known,
    sounds,
    // "Longer than a minute": one minute, as a bound reads it; "hook_type = question", as an agent writes a
    // filter, is "hook type question" (the same length: no later position moves).
    spelled
      .replace(/\b(than|over|under|least|most) a (minute|min)\b/gi, (m) => m.replace(/ a /i, " 1 "))
      .replace(/\b(hook|media)_(type)\b/gi, "$1 $2")
      // "Hour-of-day", "day-of-week": the words apart (the same length).
      .replace(/\b(hour|day|time)-of-(the-)?(day|week)\b/gi, (m) => m.replaceAll("-", " "))
      // "The most-liked videos", "top-performing": the words apart (the same length).
      .replace(
        /\b(most|least|best|worst|top|highest|lowest)-(liked|viewed|watched|played|commented|shared|saved|popular|performing|engaging|followed)\b/gi,
        "$1 $2",
      )
      .replace(
        /(?<=\b(?:hook type|media type|region|language|format|topic|hashtag))\s*:\s*|(?<=\p{L})\s*=\s*(?=[\p{L}\p{N}])/giu,
        (m) => (definesGroups ? m : " ".repeat(m.length)),
      ),
  );
  let text = original.toLowerCase();
  // (Each reading once: "paid 2023 vs paid 2024" reads "paid" as "ads" twice.)
  const understood: string[] = [...new Set(typos)].map((t) => {
    // (Split at the last "=": what was written may hold one, ">=".)
    const at = t.lastIndexOf("=");
    const [written, read] =
      at > 0 ? [t.slice(0, at), t.slice(at + 1)] : [t, TYPOS[t.toLowerCase()] ?? "than"];
    return `read "${written}" as "${read}"`;
  });
  for (const claim of claims)
    understood.push(
      `a claim quoted ("${claim}"), read as the question's words: a value it states is what the answer checks, not a filter`,
    );
  // "In Vietnam time", "UTC+7": hours of the day read in that zone (not a region; days stay UTC).
  const zone = text.match(LOCAL_TIME);
  const zoneOffset = zone
    ? zone.groups?.hours !== undefined
      ? (zone.groups.sign === "-" ? -1 : 1) * Number(zone.groups.hours)
      : 7
    : 0;
  if (zone) text = consume(text, zone.index ?? 0, zone[0].length);
  /** Takes back the readings a later one replaces ("viral" read as views, when the length is asked for). */
  const unsay = (readings: RegExp) => {
    for (let i = understood.length - 1; i >= 0; i--)
      if (readings.test(understood[i] as string)) understood.splice(i, 1);
  };
  /** An attribute read, and then found to be no filter: its reading goes with it. */
  const unsayAttribute = (item: Attribute) => {
    const reading = understood.findIndex((u) => u.startsWith(`${attributeLabel(item)} (from `));
    if (reading >= 0) understood.splice(reading, 1);
  };
  const placed: Placed<Attribute>[] = [];
  const creators: LinkedCreator[] = [];
  const advertisers: { id: string; name: string }[] = [];
  const unknownHandles: string[] = [];
  // People a chat message names beside its question ("@crs-bot", "cc @minh"): no creators.
  const chatMentions: string[] = [];
  // A follow-up's set, from the context: creators and advertisers first (the question names none).
  const fromContext: string[] = [];
  for (const creator of inherited?.creators ?? []) {
    creators.push(creator);
    fromContext.push(`creator @${creator.handle} (uid ${creator.uid})`);
  }
  for (const advertiser of inherited?.advertisers ?? []) {
    advertisers.push(advertiser);
    fromContext.push(`advertiser ${advertiser.name} (id ${advertiser.id})`);
  }
  // 0a. The collections (searches, as imported) named as such: "the hotelcantho search", "input=hotelhue", "từ
  // khóa hotelquangbinh", "the trending set". (A name most videos carry as a tag needs a search's own word:
  // "the hotel dataset" is the whole scrape, "the generic hotel search" the search.)
  const collectionNames: string[] = [];
  /** The collections as named, one list each time ("the hotel searches vs the trending set": two). */
  const collectionSides: string[][] = [];
  /**
   * The sides that pool several searches: every search of a word's ("the hotel searches"), or places listed with "or"
   * before "searches" ("the Saigon or District 1 searches").
   */
  const pooledSides = new Map<string[], "family" | "or">();
  /** How many searches are named apart: every search of a word's ("the hotel searches") counts once. */
  let searchesApart = 0;
  /** "Which hotel search …", "each hotel search": every search of a word's, each a group. */
  let eachOfFamily = false;
  const collectionRead = (
    names: readonly string[],
    said: string,
    family?: CollectionSaid["family"],
    pooled = false,
  ) => {
    const fresh = names.filter((n) => !collectionNames.includes(n));
    if (fresh.length === 0) return;
    collectionNames.push(...fresh);
    collectionSides.push(fresh);
    if (family || pooled) pooledSides.set(fresh, family ? "family" : "or");
    searchesApart += family ? 1 : fresh.length;
    if (family?.each) eachOfFamily = true;
    understood.push(
      `${fresh.length === 1 ? "collection" : fresh.length > FEW_COLLECTIONS ? "the" : "collections"} ${fresh.length > FEW_COLLECTIONS ? namesListed(fresh) : fresh.map((n) => `"${n}"`).join(", ")} (${fresh.length === 1 ? "the videos the search found" : "the videos those searches found"}, as imported; from "${said.trim()}")`,
    );
  };
  const commonTag = async (name: string) =>
    (await facts.hashtagUse(foldText(name), FORM_USE_CAP)) * 2 >=
    (await facts.count({ collections: [name] }));
  // ("Which creators appear in more than one search?": a property of accounts, not a search named.)
  // (The searches' own words stay for the reading of which searches: "several hotel searches".)
  const inSearchesAsked = collections.size >= 2 ? text.match(IN_SEARCHES) : null;
  if (inSearchesAsked) {
    const [said, , family] = inSearchesAsked;
    text = consume(text, inSearchesAsked.index ?? 0, family ? said.lastIndexOf(family) : said.length);
  }
  let collectionsAt = -1;
  const collectionSpans: [number, number][] = [];
  /** Where every search of a word's was named ("the hotel searches"). */
  const familyStarts: number[] = [];
  // ("hotelhue vs hoteldalat search": the searches set side by side, the "vs" read with them.)
  let collectionsVersus = false;
  for (const said of collectionsWritten(text, collections)) {
    if (said.weak && (await commonTag(said.names[0] as string))) continue;
    if (collectionsAt < 0) collectionsAt = said.at;
    collectionSpans.push([said.at, said.at + said.length]);
    if (said.family) familyStarts.push(said.at);
    if (/\b(?:vs\.?|versus)\b/.test(text.slice(said.at, said.at + said.length))) collectionsVersus = true;
    collectionRead(said.names, text.slice(said.at, said.at + said.length), said.family);
    text = consume(text, said.at, said.length);
  }
  // ("Which search has the most …", "which city has the most hotel ads?" read so: a question of the searches.)
  const whichSearchHas = WHICH_SEARCH_HAS.test(question.toLowerCase());
  /** The collections read as one filter, placed where the first was named. */
  const placeCollections = (at: number) => {
    if (!placed.some((p) => p.item.kind === "collection"))
      placed.push({ item: { kind: "collection", names: collectionNames }, at });
  };
  if (collectionNames.length > 0) placeCollections(collectionsAt);

  // 0b. Videos by id, or by a TikTok video URL (its @handle names no creator to filter on).
  const videos: string[] = [];
  const unknownVideos: string[] = [];
  const video = async (id: string, at: number, length: number) => {
    text = consume(text, at, length);
    if (videos.includes(id) || unknownVideos.includes(id)) return;
    if ((await facts.count({ ids: [id] })) > 0) {
      videos.push(id);
      understood.push(`video ${id}`);
    } else unknownVideos.push(id);
  };
  for (const match of original.matchAll(/https?:\/\/\S*?tiktok\.com\/\S*?\/(?:video|photo)\/(\d{8,25})\S*/g))
    await video(match[1] as string, match.index ?? 0, (match[0] as string).length);
  // A count ("more than 100000000000000000 views") is no id.
  for (const match of text.matchAll(
    /(?<![\p{L}\p{N}]|\d[,.])\d{15,20}(?![\p{L}\p{N}]|[,.]\d|\s*(k|m|b|thousand|million|billion|views?|plays?|likes?|comments?|shares?|saves?|followers?)\b)/gu,
  ))
    await video(match[0], match.index ?? 0, match[0].length);

  // 1. @handles (the "@" makes them creators whatever they are).
  // (Where the last handle left out ends: "leaving out @a and @b" leaves out both.)
  let leftOutHandleEnd = -1;
  for (const match of original.matchAll(/@([\p{L}\p{N}._]{1,64})/gu)) {
    // Inside a video URL read above.
    if (text[match.index ?? 0] === " ") continue;
    const handle = (match[1] as string).replace(/[.]+$/, "").replace(/'s$/, "");
    const creator = await facts.creatorByHandle(handle);
    // "Leaving out @x", "excluding @x", "not by @x": the videos of every other creator.
    const from = Math.max(0, (match.index ?? 0) - 40);
    const cue = original
      .slice(from, match.index ?? 0)
      .toLowerCase()
      .match(
        /\b(?:leaving out|leave out|excluding|exclude|except(?: for)?|other than|apart from|not by|not from|minus|ignoring|ignore|without|but not|not counting|skipping)(?:\s+(?:anything|everything|videos?|posts?|content|the ones?|those)\s+(?:from|by))?\s*$|\b(?:excluding|exclude|leaving out|leave out|without|ignoring|not counting|other than)\b[^@?]{0,30}\b(?:and|or)\s+(?:anything|everything|videos?|posts?|content|the ones?|those)\s+(?:from|by)\s*$/,
      );
    const listed =
      leftOutHandleEnd >= 0 &&
      /^\s*(?:,|and|or|&|nor)\s*$/i.test(original.slice(leftOutHandleEnd, match.index ?? 0));
    if (creator && (cue || listed)) {
      leftOutHandleEnd = (match.index ?? 0) + (match[0] as string).length;
      placed.push({
        item: { kind: "not_creator", uid: creator.uid, handle: creator.handle },
        at: match.index ?? 0,
      });
      understood.push(
        `videos not by @${creator.handle} (uid ${creator.uid}) (from "${cue ? cue[0].trim() : "and"}")`,
      );
      // ("Excluding ads and anything from @x": only "and anything from" goes; "excluding ads" is read below.)
      const tail = cue?.[0].match(
        /\b(?:and|or)\s+(?:anything|everything|videos?|posts?|content|the ones?|those)\s+(?:from|by)\s*$/,
      );
      if (cue)
        text = consume(
          text,
          from + (cue.index ?? 0) + (tail ? cue[0].length - tail[0].length : 0),
          tail ? tail[0].length : cue[0].length,
        );
    } else if (creator) {
      if (!creators.some((c) => c.uid === creator.uid)) creators.push(creator);
      understood.push(
        `creator @${creator.handle} (uid ${creator.uid}${creator.by === "former_handle" ? `, formerly @${handle}` : ""})`,
      );
    } else if (chatMention(original, match.index ?? 0, (match[0] as string).length, chatMentions))
      chatMentions.push(
        original.slice(match.index ?? 0).match(/^@[\p{L}\p{N}._-]*[\p{L}\p{N}_]/u)?.[0] as string,
      );
    else unknownHandles.push(`@${handle}`);
    text = consume(text, match.index ?? 0, (match[0] as string).length);
  }

  // 2. Advertiser names and aliases, longest first; then the first words of a longer name ("Oyster Bay
  // Hotel" for "Oyster Bay Hotel Vung Tau") when they name no other advertiser and are not all topic words.
  const prefixes: { a: AdvertiserName; n: string }[] = [];
  for (const { a, n } of namePrefixes(known)) {
    if (findPhrase(text, n) < 0) continue;
    let topical = true;
    for (const word of n.split(" "))
      if (
        !FUNCTION_WORDS.has(word) &&
        (await facts.hashtagUse(foldText(word), TOPIC_MIN_USE)) < TOPIC_MIN_USE
      )
        topical = false;
    // ("Quảng Bình" for "Quảng Bình ở đâu": the place #quangbinh, written apart.)
    if (
      !topical &&
      n.includes(" ") &&
      (await facts.hashtagUse(foldText(n).replace(/\s+/g, ""), TOPIC_MIN_USE)) >= TOPIC_MIN_USE
    )
      topical = true;
    if (!topical) prefixes.push({ a, n });
  }
  const names = [...known.flatMap((a) => a.names.map((n) => ({ a, n }))), ...prefixes]
    .filter(
      ({ n }) => n.length >= 3 && !FUNCTION_WORDS.has(n) && !(n in SUBJECT_WORDS) && !(n in METRIC_WORDS),
    )
    .sort((x, y) => y.n.length - x.n.length);
  for (const { a, n } of names) {
    const at = findPhrase(text, n);
    if (at < 0) continue;
    if (!advertisers.some((x) => x.id === a.id)) {
      advertisers.push({ id: a.id, name: a.name });
      understood.push(
        `advertiser ${a.name} (id ${a.id}${n !== a.name.toLowerCase() ? `, from "${n}"` : ""})`,
      );
    }
    text = consume(text, at, n.length);
  }

  // 2b. A sound named after "song", "sound", "music" ("the song Shape Of You", "the sound 'nhạc nền'"), or an
  // original sound (each creator's own audio, under its localised titles), before any word of it is read alone.
  const soundSpans: [number, number][] = [];
  // Where a sound's title was read: its words ask nothing ("She Share Story" asks for no share).
  const titleSpans: [number, number][] = [];
  // Where a bound on hashtags was written ("more than 10 hashtags"): its noun names no subject.
  const boundSpans: [number, number][] = [];
  // Where "without music" was written: its "without" asks for no comparison.
  let noMusicSpan: [number, number] | null = null;
  // A sound named by its title (and artist), its words read: placed where the title starts, the title's span asking
  // nothing, the span from `spanFrom` (a cue before the title) to `spanEnd` consumed.
  const nameSound = (
    sound: Attribute & { kind: "sound" },
    from: number,
    titleEnd: number,
    spanFrom = from,
    spanEnd = titleEnd,
  ) => {
    placed.push({ item: sound, at: from });
    understood.push(
      `the sound ${soundWords(sound)} (${sound.ids.length === 1 ? `sound ${sound.ids[0]}` : `${sound.ids.length} sounds of that title`})`,
    );
    titleSpans.push([from, titleEnd]);
    soundSpans.push([spanFrom, spanEnd]);
    text = consume(text, spanFrom, spanEnd - spanFrom);
  };
  if (sounds.length > 0) {
    const noMusic = text.match(NO_MUSIC);
    const originals = sounds.filter((s) => isOriginalSound(s.title)).map((s) => s.id);
    if (noMusic && originals.length > 0) {
      const at = noMusic.index ?? 0;
      placed.push({ item: { kind: "sound", ids: originals, title: "original sound" }, at });
      understood.push(
        `no music read as an original sound, the creator's own audio (from "${noMusic[0]}": ${originals.length.toLocaleString("en-US")} sounds; a named track counts as music)`,
      );
      soundSpans.push([at, at + noMusic[0].length]);
      // "Without music" selects; "with music or without" asks for both groups side by side.
      if (!/\bor\b/.test(noMusic[0])) noMusicSpan = [at, at + noMusic[0].length];
      text = consume(text, at, noMusic[0].length);
    }
    const originalAt = noMusic ? -1 : text.search(/\boriginal[- ](sounds?|audios?)\b/);
    if (originalAt >= 0) {
      const ids = sounds.filter((s) => isOriginalSound(s.title)).map((s) => s.id);
      const phrase = (text.slice(originalAt).match(/^original[- ](sounds?|audios?)/) as RegExpMatchArray)[0];
      if (ids.length > 0) {
        placed.push({ item: { kind: "sound", ids, title: "original sound" }, at: originalAt });
        understood.push(
          `an original sound (from "${phrase}": ${ids.length} sounds titled ${ORIGINAL_SOUND_TITLES.map((t) => `"${t}"`).join(", ")}, alone or before " - " and the creator's name)`,
        );
        soundSpans.push([originalAt, originalAt + phrase.length]);
        text = consume(text, originalAt, phrase.length);
      }
    }
    for (const cue of [
      ...text.matchAll(/\b(songs?|sounds?|music|tracks?|audios?)\b(\s+(called|named|titled))?[\s:]*/g),
    ]) {
      const from = (cue.index ?? 0) + cue[0].length;
      // ('Christmas music: "Jingle Bell Rock" (MARIYA)': a quoted title is read with its artist, below.)
      if (soundsQuoted.some((q) => from >= q.at - 1 && from < q.end)) {
        soundSpans.push([cue.index ?? 0, from]);
        text = consume(text, cue.index ?? 0, cue[0].length);
        continue;
      }
      const after = [...original.slice(from).matchAll(/[^\s?!.,;]+/g)].slice(0, 10);
      for (let n = after.length; n >= 1; n--) {
        const last = after[n - 1] as RegExpMatchArray;
        const end = from + (last.index ?? 0) + last[0].length;
        const phrase = original.slice(from, end).replace(/^["“'«]|["”'»]$/g, "");
        const ids = soundsTitled(sounds, phrase).map((s) => s.id);
        if (ids.length === 0 || text.slice(from, end).trim() === "") continue;
        nameSound({ kind: "sound", ids, title: phrase }, from, end, cue.index ?? 0);
        // "The track "Cute" by Aurel Surya Lie": the artist named after it.
        const artist = original
          .slice(end)
          .match(/^["”']?\s+by\s+\p{Lu}[\p{L}\p{N}.'&-]*(?:\s+\p{Lu}[\p{L}\p{N}.'&-]*){0,3}/u);
        if (artist) text = consume(text, end, artist[0].length);
        break;
      }
    }
  }
  // "Which videos use Pink Venom?", "vids using Mất Kết Nối": a capitalised title right after "use" or "using" that
  // titles a sound (as written, any case; of two words or more, or one of five letters or more), that sound.
  for (const cue of [...original.matchAll(/\b(?:use[sd]?|using)\s+(?=\p{Lu})/gu)]) {
    const from = (cue.index ?? 0) + cue[0].length;
    // (A quoted title, its marks blanked by now, is read as quoted.)
    if (soundsQuoted.some((q) => from >= q.at && from <= q.end)) continue;
    const runs: { end: number; phrase: string }[] = [];
    for (const w of [...original.slice(from).matchAll(/[^\s?!.,;:()"“”]+/gu)].slice(0, 6)) {
      const end = from + (w.index ?? 0) + w[0].length;
      if (/[?!.,;:()"“”]/.test(original.slice(from, end))) break;
      runs.push({ end, phrase: original.slice(from, end) });
    }
    const fits = runs.filter(
      (r) => text.slice(from, r.end).trim() !== "" && (/\s/.test(r.phrase) || r.phrase.length >= 5),
    );
    if (fits.length === 0) continue;
    const titled = await facts.soundsTitledAs(fits.map((r) => r.phrase));
    const found = fits
      .reverse()
      .map((r) => ({ ...r, ids: soundsTitled(titled, r.phrase).map((t) => t.id) }))
      .find((r) => r.ids.length > 0);
    // (A title before "by" and its artist is read with the artist, below; one of a list of titles, "Animal baby vs
    // Cooking BGM", is not read alone.)
    if (!found || /^\s*(?:,?\s+by|,|vs\.?|versus|or|and|&)\s+\p{Lu}/u.test(original.slice(found.end)))
      continue;
    // (A sound already named, "… "Oh No" by Kreepa — is anyone still using Oh No?", is read once.)
    const named = [...placed.map((p) => p.item), ...soundsQuoted.map((q) => q.sound)];
    if (named.some((item) => item.kind === "sound" && found.ids.every((id) => item.ids.includes(id)))) {
      text = consume(text, from, found.end - from);
      continue;
    }
    nameSound({ kind: "sound", ids: found.ids, title: found.phrase }, from, found.end);
  }
  // "Songs by Đức Phúc vs AMEE", '"Love Story" by Disco Lines', '"Ashes" (Stellar)': the artists named.
  // ("All I Want for Christmas Is You by Mariah Carey": a capitalised word right before "by" may end a title.)
  // (A quoted title's marks are blanked by now: its "by" is read with it, below.)
  const titledBy = [...original.matchAll(/(?<=\p{Lu}[^\s,;:?!()"“”]*),?\s+by\s+(?=\p{Lu})/gu)]
    .map((m) => m.index ?? 0)
    .filter((i) => !soundsQuoted.some((q) => i >= q.at && i <= q.end));
  const artists =
    /\b(?:by|from|artists?|credited)\b|\(/i.test(original) || original.search(ARTIST_BEFORE_SONG) >= 0
      ? await readArtists(facts, original, [...soundsQuoted.map((q) => q.end), ...titledBy])
      : [];
  // (An artist named beside a quoted title that has no sound of theirs: said to be unused.)
  const artistNotes: string[] = [];
  for (const artist of artists) {
    if (text.slice(artist.at, artist.end).trim() === "") continue;
    const quotedBefore = soundsQuoted.find((q) =>
      /^\s*(?:\(\s*|,?\s+by\s+)$/u.test(original.slice(q.end, artist.at)),
    );
    const words = original.slice(artist.at, artist.end).replace(/\s*\)$/, "");
    if (quotedBefore) {
      // A quoted title and its artist: the sounds of that title credited to them (all of the title when none is).
      const theirs = quotedBefore.sound.ids.filter((id) => artist.sounds.some((c) => c.id === id));
      if (theirs.length > 0) quotedBefore.sound = { ...quotedBefore.sound, ids: theirs, by: artist.artist };
      else
        artistNotes.push(
          `${words} (no sound titled "${quotedBefore.sound.title}" is credited to ${artist.artist})`,
        );
      quotedBefore.end = artist.end;
      continue;
    }
    // "All I Want for Christmas Is You by Mariah Carey": the words right before "by" that title one of the
    // artist's sounds (the longest run of up to 10), that sound.
    const by = original.slice(0, artist.at).match(/,?\s+by\s+$/u);
    const before =
      by && titledBy.includes(by.index ?? -1)
        ? [...original.slice(0, by.index).matchAll(/[^\s,;:?!()"“”—–]+/gu)].slice(-10)
        : [];
    const title = before
      .map((w) => ({ from: w.index ?? 0, phrase: original.slice(w.index ?? 0, by?.index) }))
      .find(
        ({ from, phrase }) =>
          !/[,;:?!()"“”—–]/.test(phrase) &&
          text.slice(from, by?.index).trim() !== "" &&
          artist.sounds.some((c) => foldText(c.title).trim() === foldText(phrase).trim()),
      );
    // (Without such a title, the name read must be all of it: not "Dương" of "Mất Kết Nối by Dương Domic".)
    if (!title && before.length > 0 && /^\s+\p{Lu}/u.test(original.slice(artist.end))) continue;
    if (title) {
      const folded = foldText(title.phrase).trim();
      const ids = [
        ...new Set(artist.sounds.filter((c) => foldText(c.title).trim() === folded).map((c) => c.id)),
      ];
      nameSound({ kind: "sound", ids, title: title.phrase, by: artist.artist }, title.from, artist.end);
      continue;
    }
    const ids = [...new Set(artist.sounds.map((c) => c.id))];
    placed.push({ item: { kind: "sound", ids, title: "", by: artist.artist }, at: artist.at });
    understood.push(
      `the sounds credited to ${artist.artist} (from "${words}": ${ids.length === 1 ? `sound ${ids[0]}` : `${ids.length} sounds`})`,
    );
    const from = artist.cueAt ?? artist.at;
    soundSpans.push([from, artist.end]);
    titleSpans.push([artist.at, artist.end]);
    text = consume(text, from, artist.end - from);
  }
  for (const { sound, at, end } of soundsQuoted) {
    if (text.slice(at, end).trim() === "") continue;
    placed.push({ item: sound, at });
    understood.push(
      `the sound ${soundWords(sound)} (quoted: ${sound.ids.length === 1 ? `sound ${sound.ids[0]}` : `${sound.ids.length} sounds of that title`})`,
    );
    soundSpans.push([at, end]);
    titleSpans.push([at, end]);
    text = consume(text, at, end - at);
  }
  // ("Sounds by Châu Đăng Khoa or Double2T & Masew", '"Morning Coffee" or "Someday Faraway"': a video uses one
  // sound, so sounds joined by "or" are any of them, not all; "A vs B" stays two, set side by side.)
  const namedSounds = placed
    .filter(
      (p): p is { item: Attribute & { kind: "sound" }; at: number } => p.item.kind === "sound" && p.at >= 0,
    )
    .map((p) => ({
      p,
      end: soundSpans.find(([from, to]) => p.at >= from && p.at < to)?.[1] ?? p.at,
    }))
    .sort((a, b) => a.p.at - b.p.at);
  const joins = namedSounds
    .slice(1)
    .map((n, i) => original.slice((namedSounds[i] as { end: number }).end, n.p.at));
  if (
    namedSounds.length >= 2 &&
    !namedSounds.some(({ p }) => p.item.title === "original sound") &&
    !CUES.compare.test(original.toLowerCase()) &&
    joins.every((j) => /^\s*,?\s*(?:or\s*)?$/i.test(j)) &&
    joins.some((j) => /\bor\b/i.test(j))
  ) {
    const [first] = namedSounds as [(typeof namedSounds)[number]];
    const either = eitherSound(namedSounds.map(({ p }) => p.item));
    first.p.item = either.sound;
    for (const { p } of namedSounds.slice(1)) placed.splice(placed.indexOf(p), 1);
    understood.push(`the sounds of any of them (from "or"): ${either.names}`);
  }

  // "Top sounds excluding original sounds", "ignoring "original sound" and generic "nhạc nền" tracks": the videos
  // using none of them (a sound listed after one left out is left out too).
  const soundAsked = original.toLowerCase();
  let leftOutEnd = -1;
  for (const p of placed.filter((x) => x.item.kind === "sound").sort((a, b) => a.at - b.at)) {
    const item = p.item as Attribute & { kind: "sound" };
    const end = soundSpans.find(([a, b]) => a <= p.at && p.at < b)?.[1] ?? p.at;
    const cue = soundAsked
      .slice(0, p.at)
      .match(
        /\b(excluding|exclude|ignoring|ignore|leaving out|leave out|skipping|skip|except(?: for)?|other than|not counting|minus|apart from|(?<!\bor )without|but not|don'?t use|do not use|doesn'?t use|not using)\s+(?:the\s+|any\s+|all\s+|an?\s+)?(?:ads?\s+(?:and|or|,)\s+)?(?:generic\s+)?["“'«]?$|\b(non)[-\s]?$/,
      );
    const listed =
      leftOutEnd >= 0 &&
      /^\s*["”'»]?\s*(?:tracks?|sounds?|songs?)?\s*(?:,|and|or|&|nor)\s*(?:the\s+|any\s+|all\s+)?(?:generic\s+)?["“'«]?$/.test(
        soundAsked.slice(leftOutEnd, p.at),
      );
    if (!cue && !listed) continue;
    p.item = { ...item, except: true };
    understood.push(
      `the videos not using ${soundWords(item)} (left out${cue ? ` from "${cue[1] ?? cue[2]}"` : ""})`,
    );
    // ("Leaving out ads and original sounds": the cue is the ads' too, read with them below.)
    if (cue && !/\bads?\s+(?:and|or|,)/.test(cue[0]))
      text = consume(text, cue.index ?? 0, (cue[1] ?? cue[2])?.length ?? 0);
    // ("Top 10 non-original sounds": the sounds are still what is ranked.)
    const span = soundSpans.findIndex(([a, b]) => a <= p.at && p.at < b);
    const noun = cue?.[2] && span >= 0 ? soundAsked.slice(...(soundSpans[span] as [number, number])) : "";
    const nounAt = noun.search(/\s+(?:sounds|tracks|songs)\s*$/);
    if (nounAt > 0) soundSpans[span] = [(soundSpans[span] as [number, number])[0], p.at + nounAt];
    leftOutEnd = Math.max(end, p.at);
  }

  // 3. Time window (question first, then context). (What is left of the question, after a first window is
  // read, has lost the year that a month without one takes: "march 2025 … and april?")
  const beforeWindow = text;
  // Holidays read as the window or beside it ("national day long weekend 2024 (31/8 to 3/9)"): no days of the week.
  const holidayPhrases: string[] = [];
  let window = readWindow(text);
  // "Top hashtags this month vs last month": two windows of one length are the latest and the one before, side
  // by side; a second of another length is said to be unused (two calendar periods, "March vs April 2025", are
  // read as one window).
  let secondWindow: string | null = null;
  if (window) {
    const at = text.indexOf(window.phrase);
    if (at >= 0) text = consume(text, at, window.phrase.length);
    const yearAt = window.yearPhrase === undefined ? -1 : text.indexOf(window.yearPhrase);
    if (yearAt >= 0) text = consume(text, yearAt, (window.yearPhrase as string).length);
    // ("Tết week (Jan 27 – Feb 2, 2025)", "the 30 April–4 May 2025 holiday stretch", "20/12/2024–5/1/2025
    // (Christmas to New Year)": a holiday named beside the days read names the window, not a topic.)
    for (const h of at >= 0 ? holidayWords(text, at, window.phrase) : []) {
      holidayPhrases.push(text.slice(h.at, h.at + h.length));
      text = consume(text, h.at, h.length);
    }
    // (A phrase the reading wrote itself, "since yesterday" for "yesterday", is not found to be consumed.)
    // ("Weekly counts in March 2025": "weekly" is the series, not a second window.)
    const read =
      window.periods || at < 0
        ? null
        : (readWindow(text, beforeWindow) ??
          (window.from === undefined ? readWindowBefore(text, window.days) : periodBefore(text, window)));
    const series = read && /^(weekly|monthly)$/.test(read.phrase);
    if (series) text = consume(text, text.indexOf(read.phrase), read.phrase.length);
    const second = series ? null : read;
    if (second && second.phrase !== window.phrase) {
      // ("… posted in September get a better like rate than those posted in December?": "than" between them.)
      const between = beforeWindow.slice(
        beforeWindow.indexOf(window.phrase) + window.phrase.length,
        Math.max(0, text.indexOf(second.phrase)),
      );
      const pair =
        consecutiveWindows(window, second) ??
        (CUES.compare.test(original.toLowerCase()) ||
        CHANGE_WORDS.test(original.toLowerCase()) ||
        /\b(than|vs\.?|versus|against|compared?)\b/.test(between)
          ? periodsApart(window, second)
          : null);
      if (pair) window = pair;
      // ("Trending 2020: … only counting videos posted in November 2020": the period within the other, the
      // narrower.)
      else if (
        window.from !== undefined &&
        window.to !== undefined &&
        second.from !== undefined &&
        second.to !== undefined &&
        !window.periods &&
        !second.periods &&
        second.from >= window.from &&
        second.to <= window.to
      )
        window = second;
      else secondWindow = second.phrase;
      const from = text.indexOf(second.phrase);
      if (from >= 0) text = consume(text, from, second.phrase.length);
    }
    // "Median likes in 2023 vs 2024 vs 2025": each further calendar period named, one more side by side.
    for (
      let more = window.periods ? readWindow(text, beforeWindow) : null;
      more && window.periods;
      more = readWindow(text, beforeWindow)
    ) {
      const longer = anotherPeriod(window, more);
      const from = text.indexOf(more.phrase);
      if (!longer || from < 0 || window.periods.length >= 12) break;
      window = longer;
      text = consume(text, from, more.phrase.length);
    }
  } else if (context) window = readWindow(context.toLowerCase());
  // ("06/01/2025 to 11/05/2025": read month first, as US dates are, and said, with the other way to write it.)
  for (const d of window
    ? monthFirstDates(beforeWindow).filter((d) => window?.phrase.includes(d.written))
    : [])
    understood.push(`"${d.written}" read month first (${d.read}); for the other reading write ${d.other}`);
  // ("During tết 2025": the days a holiday was read as, said.)
  for (const h of window
    ? holidayReadings(beforeWindow).filter((h) => window?.phrase.includes(h.written))
    : []) {
    understood.push(`"${h.written}" read as ${h.what}; name the days to choose others`);
    holidayPhrases.push(h.written);
  }
  const holidaySpans = holidayPhrases.flatMap((words): [number, number][] => {
    const at = original.toLowerCase().indexOf(words);
    return at >= 0 ? [[at, at + words.length]] : [];
  });
  // ("2/30/2025" is no day: said to be, and its figures read as nothing else.)
  const noSuchDays = impossibleDates(text).map((day) => {
    text = consume(text, text.indexOf(day), day.length);
    return `${day} (no such day)`;
  });
  if (window)
    understood.push(
      `window ${window.label ?? (window.days === 0 ? "today (UTC)" : `${window.days} days`)} (from "${window.phrase}")`,
    );

  const place = (item: Attribute, at: number, words: string) => {
    // ("The Vietnam hotel scrape": the place describes the searches named after it, no filter on the region the
    // source recorded for a few of their videos.)
    const describing =
      item.kind === "region" &&
      familyStarts.some(
        (start) => start >= at + words.length && /^\s*$/.test(text.slice(at + words.length, start)),
      );
    if (describing) {
      understood.push(
        `"${words}" read as describing the searches named after it, not as a filter on region ${item.value}`,
      );
      return;
    }
    placed.push({ item, at });
    understood.push(`${attributeLabel(item)} (from "${words}")`);
  };

  // 4. Places and languages: multi-word names, then upper-case codes, then single words. The first of each
  // kind is a filter; every one is kept ("English or Spanish videos": the two compared).
  const named: { kind: NamedKind; code: string; at: number }[] = [];
  const noteNamed = (kind: NamedKind, code: string, at: number) => {
    if (!named.some((n) => n.kind === kind && n.code === code)) named.push({ kind, code, at });
  };
  const byLength = (o: Record<string, string>) => Object.entries(o).sort((x, y) => y[0].length - x[0].length);
  for (const [name, code] of byLength(REGION_WORDS)) {
    if (name in LANGUAGE_WORDS) continue;
    for (let at = findPhrase(text, name); at >= 0; at = findPhrase(text, name)) {
      if (!placed.some((p) => p.item.kind === "region")) place({ kind: "region", value: code }, at, name);
      noteNamed("region", code, at);
      text = consume(text, at, name.length);
    }
  }
  // (Letters with marks are letters: "CẦN THƠ" holds no "TH".)
  for (const match of original.matchAll(/(?<![\p{L}\p{N}])([A-Z]{2})(?![\p{L}\p{N}])/gu)) {
    const code = match[1] as string;
    // ("5-8am VN time": a clock's zone, read above.)
    if (!regions.has(code) || /^\s+(?:local\s+)?time\b/i.test(original.slice((match.index ?? 0) + 2)))
      continue;
    if (
      code === "US" ||
      !/^(AD|AM|AS|AT|BE|BY|DO|GO|HE|HI|IF|IN|IS|IT|ME|MY|NO|OF|OK|ON|OR|SO|TO|UP|US|WE)$/.test(code)
    ) {
      if (!placed.some((p) => p.item.kind === "region"))
        place({ kind: "region", value: code }, match.index ?? 0, code);
      noteNamed("region", code, match.index ?? 0);
      text = consume(text, match.index ?? 0, 2);
    }
  }
  // "Videos in language en", "ads in region vn": a code after the word naming its kind, in either case.
  for (const match of text.matchAll(/\b(language|region|country) ([a-z]{2,3})\b/g)) {
    const kind = match[1] === "language" ? "language" : "region";
    const written = match[2] as string;
    const code = kind === "region" ? written.toUpperCase() : written;
    if (!(kind === "region" ? regions : languages).has(code)) continue;
    const at = (match.index ?? 0) + (match[1] as string).length + 1;
    if (!placed.some((p) => p.item.kind === kind)) place({ kind, value: code }, at, written);
    noteNamed(kind, code, at);
    text = consume(text, at, written.length);
  }
  for (const [name, code] of byLength(LANGUAGE_WORDS)) {
    for (let at = findPhrase(text, name); at >= 0; at = findPhrase(text, name)) {
      const before = text.slice(Math.max(0, at - 12), at);
      // "Korean tourists", "Korean people know My Khe beach": whom the videos are for, not their language.
      const people = text
        .slice(at + name.length)
        .match(
          /^s?\s+(?:people|tourists?|guests?|customers?|visitors?|travell?ers?|families|couples?|market|clients?)\b/,
        );
      if (people) {
        text = consume(text, at, name.length + people[0].length);
        continue;
      }
      const demonym = DEMONYM_OF_LANGUAGE[name] ?? REGION_WORDS[name];
      // "Videos in Korean", "Korean-language videos" name the language even when the corpus has none in it.
      const asLanguage =
        /\bin\s*$/.test(before) || /^[\s-]*(language|speaking)\b/.test(text.slice(at + name.length));
      const asRegion =
        demonym !== undefined &&
        (/\b(from|based in|located in)\s*$/.test(before) || (!languages.has(code) && !asLanguage));
      if (asRegion && !placed.some((p) => p.item.kind === "region"))
        place({ kind: "region", value: demonym }, at, name);
      else if (!asRegion && !placed.some((p) => p.item.kind === "language"))
        place({ kind: "language", value: code }, at, name);
      // A demonym read as a region ("from Spanish creators") is compared only as the first region named.
      if (!asRegion) noteNamed("language", code, at);
      else if (placed.some((p) => p.item.kind === "region" && p.at === at)) noteNamed("region", demonym, at);
      text = consume(text, at, name.length);
    }
  }
  if (context) {
    const lower = context.toLowerCase();
    if (!placed.some((p) => p.item.kind === "region"))
      for (const [name, code] of byLength(REGION_WORDS))
        if (!(name in LANGUAGE_WORDS) && findPhrase(lower, name) >= 0) {
          place({ kind: "region", value: code }, CONTEXT_AT, `context: ${name}`);
          break;
        }
  }
  text = text.replace(/\b(language|speaking|-language)\b/g, (m) =>
    placed.some((p) => p.item.kind === "language") ? " ".repeat(m.length) : m,
  );

  // 5. Unknown measures and question shapes the corpus cannot answer.
  // (A holiday read as the window, "over the 30/4 weekend", names no days of the week.)
  const lowerAll = [...titleSpans, ...holidaySpans, ...collectionSpans].reduce(
    (all, [from, end]) => consume(all, from, end - from),
    original.toLowerCase(),
  );
  // ("Night posts vs daytime posts": the daytime ones are the others, no topic.)
  const restSaid = lowerAll.match(THE_REST);
  const daytime = restSaid?.[0].match(/\bday[- ]?time(?:\s+(?:posts?|videos?|uploads?|ones))?\b/);
  if (restSaid && daytime)
    text = consume(text, (restSaid.index ?? 0) + (daytime.index ?? 0), daytime[0].length);
  let decline: string | null = null;
  // "We sell travel packages to Phu Quoc. What kind of videos perform best there?": a measure the corpus lacks
  // is declined when the question asks for it, not when a sentence before the question mentions it.
  // (A dot inside a handle or a domain, "@vivuquangbinh.vn's", ends no sentence.)
  const questionSentences = (lowerAll.match(/(?:[^.!?\n]|\.(?=\S))+[.!?]*/g) ?? []).filter((x) =>
    x.trim().endsWith("?"),
  );
  // "Which videos mention price?": the words a verb of saying names are text to find, not a measure asked for.
  // ("Which videos mention a room price?": a price stated, read before the words a verb of saying names.)
  const quotedExample = wordsQuoted(question);
  const asking = withoutPriceSaid(
    questionSentences.length > 0 ? questionSentences.join(" ") : lowerAll,
    quotedExample,
  ).replace(MENTIONED_WORDS, " ");
  const mentionedSpans = [...lowerAll.matchAll(MENTIONED_WORDS)].map(
    (m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const,
  );
  // ("Captions with a price pattern", "hooks that lead with price", "price claims in ad captions": a price stated in
  // the text, read below; a price's figure, "the median quoted price", is read as priceFigure.)
  const lacking = (words: string) =>
    (
      withoutPriceSaid(words, quotedExample)
        .replace(/\bwatch[- ]time\b/g, "watchtime")
        // "How many seconds do people actually watch … before swiping away?"
        .replace(
          /\bswip(?:e|es|ed|ing) away\b|\b(?:seconds|how long|how much) (?:do|did|does) (?:people|viewers|users) (?:actually )?watch\b/g,
          "watchtime",
        )
        .replace(/\b(completion|view[- ]through|drop[- ]off) rates?\b/g, "retention")
        .replace(/\blinks? in (the )?bio\b|\bclick[- ]?through( rates?)?\b/g, "clicks")
        // "@x's follower count month by month", "how many followers did @x gain": one account's history of a
        // count ("which creators gained the most followers?" ranks the plays gained instead).
        .replace(
          /\bfollowers?(?: counts?)? (?:(?:grow|grew|grown|growth|change[ds]?|rise|rose)\s+)?(?:month by month|week by week|over time|history|by month|per month)\b|\bfollowers? (?:did|does|do|has|have) (?:@\S+|creators|accounts|they|the creators|these creators) (?:gain|gained|grow|grew|lose|lost)\b/g,
          "followerhistory",
        )
        .replace(/\broom[- ]nights?\b/g, "roomnights")
        // "How many DMs", "cross-posted to YouTube", "a location pin", "effect stickers": what the source did
        // not scrape. ("Which videos mention TripAdvisor?" names text to find: the verb's words are left out.)
        .replace(/\bdirect messages?\b|\binbox messages?\b/g, "directmessages")
        .replace(
          /\bcross[- ]?post(?:ed|ing|s)?\b|\b(?:posted|shared|reposted) (?:on|to) (?:youtube|instagram|facebook|reels)\b|\b(?:instagram|youtube|facebook) (?:reels|shorts|posts|videos|stories)\b/g,
          "crossposted",
        )
        .replace(
          /\b(?:taken|took|pulled) down\b|\breported (?:by|to) (?:tiktok|users|viewers)\b|\bremoved by tiktok\b/g,
          "takedowns",
        )
        // "Watched all the way to the end": how much of a video is watched.
        .replace(
          /\ball the way (?:to|through) (?:the )?end\b|\bwatch(?:ed|es)? (?:it |them )?(?:through|to the end)\b/g,
          "watchtime",
        )
        .replace(
          /\blocation (?:pins?|tags?)\b|\bgeo-?tag\w*\b|\btagged locations?\b|\bpinned (?:to|at)\b|\bpinned locations?\b/g,
          "locationpins",
        )
        .replace(
          /\b(?:effect )?stickers?\b|\b(?:using|use|uses|with) an? (?:effect|filter)\b/g,
          "effectstickers",
        )
        // "Are the comments mostly positive or negative?": what the comments say.
        .replace(
          /\bcomments?\b[^?.]{0,40}\b(?:positive|negative)\b|\b(?:positive|negative)\b[^?.]{0,20}\bcomments?\b/g,
          "sentiment",
        )
        // "Repeat viewers", "unique viewers": people, where plays count views.
        .replace(
          /\b(?:repeat|returning|unique|distinct|new|loyal) (?:viewers?|visitors?|watchers|audiences?)\b/g,
          "uniqueviewers",
        )
        // "Which earns more saves per view?", "should we pay for ads?": the verbs ask for a count, or for ads.
        .replace(
          /\bearn(?:s|ed|ing)?\b(?= (?:(?:more|the most|higher|better|fewer|less|a lot of|many|any) )?(?:views|plays|likes|comments|shares|saves|engagement|followers|reach|attention)\b)/g,
          " ",
        )
        .replace(/\bpay(?:ing)? for (?=ads?\b|advertising\b|promotion\b|boosts?\b)/g, " ")
        // "What % of viewers are from outside Vietnam": where the audience is, not where videos are posted from.
        // ("Which creators with over 100k followers are based in Vietnam?" asks where the creators are.)
        .replace(
          /\b(?:viewers?|audiences?|watchers|(?<!\d\s?(?:k|m|thousand|million)?\s)followers) (?:are |is |come |comes |were )?(?:(?:from|based in|located in) \p{L}+|outside|abroad|overseas)\b|\b(?:countries|country|cities|city|locations?|regions?|provinces?) (?:are |is |do |does |did )?(?:the |my |our )?(?:viewers?|audiences?|watchers)\b|\b(?:viewers?|audiences?|watchers)\b[^?.]{0,40}\blive\b|\bwhere (?:are |is |do |does )?(?:the |my |our )?(?:viewers?|audiences?|followers)\b[^?.]*\b(?:from|located|based)\b/gu,
          "viewerplaces",
        )
        // "Most popular with Korean tourists", "loved by Japanese guests": who watches, which the corpus does not record.
        .replace(
          /\b(?:popular|famous|liked|loved|favou?rites?|preferred|trending|viral) (?:with|among|by|of|for) (?:the )?(?:korean|japanese|chinese|vietnamese|thai|american|australian|european|western|foreign|russian|indian|french|german|british|taiwanese|singaporean|malaysian|indonesian|filipino)s? (?:people|tourists?|guests?|customers?|visitors?|travell?ers?|families|couples?|audiences?|viewers?|users?|clients?)\b/g,
          "demographics",
        )
        // "How many tourists actually book a hotel after watching?": bookings, which the corpus does not record.
        .replace(
          /\b(?:people|tourists?|guests?|viewers?|customers?|travell?ers?|users?|followers?) (?:actually |really |then |later )?(?:book|books|booked|reserve|reserved)\b/g,
          "bookings",
        )
        // "How many people searched "khách sạn Đà Lạt" on TikTok?", "later deleted or made private", "watched with the
        // sound on", "TikTok LIVE sessions", "agency contracts": what the scrape did not collect.
        .replace(
          /\b(?:people|users|viewers) (?:searched|search|searching|look(?:ed)? up)\b|\bsearch (?:volumes?|counts?|trends?)\b/g,
          "searchvolume",
        )
        .replace(/\b(?:later |since |were |got )?(?:deleted|made private|set to private)\b/g, "deletedlater")
        .replace(
          /\b(?:with|having) (?:the )?sound (?:on|off)\b|\bsound[- ]on\b(?! (?:most|many|all|every|each|their|its|the|his|her|our|my|\d))|\bmuted (?:viewing|autoplay)\b/g,
          "soundon",
        )
        .replace(
          /\b(?:tiktok )?live (?:sessions?|streams?|rooms?)\b|\blivestream(?:s|ed|ing)?\b|\bwent live\b/g,
          "livestreams",
        )
        .replace(/\b(?:exclusive |agency |brand |sponsorship )?(?:contracts?|retainers?)\b/g, "contracts")
        .replace(/\bsession (?:length|duration|time)s?\b/g, "watchtime")
        // "Were they on Wi-Fi or mobile data?": how viewers watched ("videos mentioning wifi" are about it).
        .replace(/\b(?:on|over|via|using) (?:wi-?fi|mobile data|cellular|4g|5g)\b/g, "devices")
        // "How many of @x's followers live in Hanoi?": where the audience is.
        .replace(
          /(?:'s|\btheir|\bher|\bhis|\bits|\bof)\s+followers?\b[^?.]{0,30}\b(?:live|lives|living|located|based)\b/g,
          " viewerplaces",
        )
        // "Viewers on iPhone vs Android": the viewers' devices ("iPhone review videos" are about one).
        .replace(
          /\b(?:watching|watched|viewers?|audience|users?) on (?:an? )?(?:iphones?|android|ios|mobile|desktop)\b|\b(?:iphone|android|ios) (?:vs\.?|versus|or) (?:iphone|android|ios)\b|\b(?:viewers?'?|audience|users?'?) devices?\b|\bdevice (?:types?|split|breakdown|mix)\b/g,
          "devices",
        )
        // "Paid ads", "paid posts", "paid partnerships": the ads flagged, not what was paid.
        .replace(
          /\bpaid (?=(?:ads?|adverts?|advertising|posts?|content|promotions?|partnerships?|placements?|videos?)\b)/g,
          "",
        )
        // "Our revenue manager", "from the sales team": whose request it is, not a measure asked for.
        .replace(
          /\b(?:revenue|sales|marketing|profit)[- ](?:managers?|desk|teams?|leads?|heads?|directors?|department|dept|people|side|office|meeting|analysts?|managements?)\b/g,
          "",
        )
        // "Earn the most saves", "a selling point": a count gained, a feature, not earnings or sales.
        .replace(
          /\b(?:earn|earns|earned|earning)(?= (?:the |a |more |most |fewer |higher |lower |less |any )?(?:\w+ )?(?:views?|plays?|likes?|comments?|shares?|saves?|engagement|reach|followers?)\b)/g,
          "get",
        )
        // ("How many shares do ads earn?", "what share rate do ads earn": the count or rate before.)
        .replace(
          /\b((?:(?:how many|more|most|fewer|the) (?:views?|plays?|likes?|comments?|shares?|saves?)|(?:like|comment|share|save|engagement) rates?)\b[^.?!]{0,40}?)\b(?:earn|earns|earned|earning)\b/g,
          "$1get",
        )
        // "A budget hotel": a kind of hotel, not ad spend; so is "the hotelgiare (budget) search".
        .replace(
          /\bbudget[- ](?:(?:international|local|chain|hotel)\s+)?(hotels?|hostels?|homestays?|rooms?|stays?|accommodations?|travel\w*|trips?|options?|friendly|villas?|resorts?|brands?|chains?|properties|property|motels?|searche?s?|segment|tier|end|category)\b/g,
          "$1",
        )
        .replace(/\(\s*budget\s*\)/g, "")
        // ("Budget (hotelgiare) vs luxury (hotelluxury)", "budget couple hotels": the cheap kind, named after it.)
        .replace(
          /\bbudget(?=\s*\(|\s+[\p{L}-]+\s+(?:hotels?|hostels?|homestays?|rooms?|stays?|villas?|resorts?|motels?)\b)/gu,
          "",
        )
        // ("Luxury versus budget ones", "budget vs luxury captions": the cheap end, set against the dear.)
        .replace(
          /\bbudget(?=\s+(?:ones?|captions?|videos?|vids|posts?|content|places?)\b)|(?<=\b(?:luxury|premium|high[- ]end|upscale|5[- ]star|five[- ]star|sang chanh)\b[^.?!]{0,60}\b(?:vs\.?|versus|or|and|against|compared (?:to|with))\s+)budget\b|\bbudget(?=\s+(?:vs\.?|versus|or|and)\s+(?:luxury|premium|high[- ]end|upscale))/g,
          "",
        )
        // "Show me the comments under …", "what are people saying": the comments' text ("the median comments on
        // ads" counts them).
        .replace(
          /\b(?:show|read|see|list|give|get|pull|scrape)(?: me)?(?: the| all)? comments? (?:under|on|below|from|of|for)\b|\bcomments? section\b|\bwhat (?:are )?(?:people|viewers|users|commenters|fans) (?:saying|say|said)\b/g,
          "commenters",
        )
        .match(WORD) ?? []
    )
      .map((w) => UNKNOWN_MEASURES[w])
      .find((m) => m !== undefined);
  const lacks = (measure: string) =>
    `the corpus records plays, likes, comments, shares, saves, followers and labels, not ${measure}`;
  // "The median quoted price of Da Lat videos", "the cheapest hotel in Da Lat", "most expensive stays per night": the
  // prices the videos' text states, read from it; "with the price each one quotes": each video listed shows its own.
  // ("Prices under 500k": a bound on an amount, not read.)
  // ("How much does @x charge per sponsored post?": a creator's fee, not recorded.)
  // ("Which price ranges get the most views?": the ranges side by side, PRICE_RANGES below; no figure of the prices.)
  const priceRangesCompared =
    PRICE_RANGES_SAID.test(lowerAll) &&
    /\b(?:views?|plays?|likes?|comments?|shares?|saves?|engagement|perform\w*|get (?:the )?most|best|better|more|do(?:es)? well)\b/.test(
      lowerAll.replace(PRICE_RANGES_SAID, " "),
    );
  const priceAt =
    PRICE_BOUND.test(lowerAll) ||
    priceRangesCompared ||
    NOT_STAYS.test(lowerAll) ||
    /\bsponsor\w*|\bper (?:post|video|ad)\b|\bcollabs?\b|\bpartnerships?\b/.test(lowerAll)
      ? null
      : ([PRICE_LOW, PRICE_HIGH, PRICE_MEDIAN, HOW_MUCH, PRICE_COMMON]
          .map((pattern, k) => ({ match: lowerAll.match(pattern), k }))
          .find(({ match }) => match !== null) ?? null);
  const hoursAt = lowerAll.match(PRICE_HOURS);
  const priceFigure: Plan["priceFigure"] = priceAt
    ? {
        of: (["lowest", "highest", "median", "median", "common"] as const)[priceAt.k] ?? "median",
        night: PRICE_NIGHT.test(lowerAll) && !hoursAt,
        ...(hoursAt ? { hours: true as const } : {}),
      }
    : null;
  const priceShownAt = priceFigure ? null : lowerAll.match(PRICE_SHOWN);
  const costAt = priceAt?.k === 3 ? (priceAt.match?.index ?? 0) : -1;
  const cost = costAt >= 0 ? lowerAll.slice(costAt).match(COSTS) : null;
  const priceSpans: [number, string][] = [
    priceAt?.match,
    priceShownAt,
    priceRangesCompared ? lowerAll.match(PRICE_RANGES_SAID) : null,
    priceFigure?.night ? lowerAll.match(PRICE_NIGHT) : null,
    priceFigure?.hours ? hoursAt : null,
  ]
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m): [number, string] => [m.index ?? 0, m[0]]);
  if (cost) priceSpans.push([costAt + (cost.index ?? 0), cost[0]]);
  // ("The cheapest homestay price anyone mentions in the captions": the price word and its verb, not "homestay".)
  const figureEnd =
    priceAt?.k !== undefined && priceAt.k < 2
      ? (priceAt.match?.index ?? 0) + (priceAt.match?.[0].length ?? 0)
      : -1;
  const priceWord = figureEnd >= 0 ? lowerAll.slice(figureEnd).match(PRICE_WORD_AFTER) : null;
  if (priceWord) {
    const word = priceWord[1] as string;
    priceSpans.push([figureEnd + priceWord[0].length - word.length, word]);
  }
  const saidWhere = priceFigure ? lowerAll.match(PRICE_SAID_WHERE) : null;
  if (saidWhere) priceSpans.push([saidWhere.index ?? 0, saidWhere[0]]);
  // ("Quoted room prices in Đà Lạt vs Nha Trang – median quoted price per night each?": the price is read each time.)
  // (Where it is read, "in captions + transcripts": all three texts are.)
  if (priceFigure)
    for (const m of lowerAll.matchAll(
      /\bprices?\b|\bpricing\b|\b(?:captions?|transcripts?|voice-?overs?|scripts?|descriptions?)\b/g,
    ))
      priceSpans.push([m.index ?? 0, m[0]]);
  for (const [at, phrase] of priceSpans) text = consume(text, at, phrase.length);
  const withoutPriceAsked = (words: string) =>
    priceSpans.reduce((rest, [, phrase]) => rest.replace(phrase, " "), words);
  if (priceFigure)
    understood.push(
      `${priceFigure.of === "median" ? "the median price" : priceFigure.of === "lowest" ? "the cheapest prices" : priceFigure.of === "common" ? "the prices" : "the most expensive prices"} the videos' text states${priceFigure.of === "common" ? " most often (each video's lowest, counted once)" : ""}${priceFigure.night ? ", for a night" : priceFigure.hours ? ", for some hours" : ""} (from "${priceAt?.match?.[0]}"), read from the caption, opening line and transcript`,
    );
  if (priceShownAt) understood.push(`the prices each video listed states (from "${priceShownAt[0]}")`);
  const asked = lacking(withoutPriceAsked(asking));
  if (asked) decline = lacks(asked);
  // Said instead of "could not tell what to compute" when the question cannot be read otherwise.
  const mentioned = asking === lowerAll ? undefined : lacking(withoutPriceAsked(lowerAll));
  // "I'm launching a hotel next month. Which hashtags should I use?": the forecast must be asked, not told.
  // ("Draft next month's content plan", "a posting plan for next week": a plan from what the corpus observed.)
  // ("I think @a and @b will be on it": the asker's guess about the answer, no forecast asked; "how well do follower
  // counts predict plays?": how the two go together.)
  const forecastAsked = asking.replace(
    /\b(?:follower counts?|followers|fans|(?:video |caption )?lengths?|durations?|hashtag counts?|(?:number of )?hashtags)\s+(?:(?:actually|really|even)\s+)?predicts?\b|\bnext (?:week|month|quarter|year)'?s? (?:content |posting |video |tiktok )?(?:plan|calendar|schedule|strategy|posts?|ideas?)\b|\b(?:plan|calendar|schedule|strategy|ideas?) for next (?:week|month|quarter|year)\b|\bwill be (?:on|in|at the top of|at) (?:it|there|that list|the list|the top|top)\b/g,
    " ",
  );
  if (
    !decline &&
    CUES.future.test(forecastAsked) &&
    /\b(next|predict|forecast|tomorrow|future|upcoming|going to|will (be|go|grow|trend|break|win|perform|do))\b/.test(
      forecastAsked,
    )
  )
    decline = "it reports what the corpus observed; it does not forecast";
  // "Why do some hotel videos go viral?" is answered as what went with more views (said not to be a cause).
  const askedDrivers = CUES.drivers.test(lowerAll);
  // "The least viewed", "the 10 worst performing", "fewest likes" ("at least 10k views" is a bound).
  const LOWEST = /(?<!\bat )\b(least|fewest|lowest|worst|bottom|weakest|poorest|underperform\w*|avoid)\b/g;
  let lowest = !priceFigure && LOWEST.test(lowerAll);
  if (lowest) text = text.replace(LOWEST, (m) => " ".repeat(m.length));
  // "Which creators are most consistent (lowest variation in views)?", "who is a one-hit wonder?": how even each
  // account's videos are, read below when accounts are asked of ("lowest" then says which end).
  const evenSaid = lowerAll.match(SPREAD_EVEN);
  const unevenSaid = lowerAll.match(SPREAD_UNEVEN);
  // ("Who posts most consistently?", "the smallest spread in the gaps between posts": how often, not how even.)
  const paceAsked =
    (CUES.cadence.test(lowerAll) &&
      !/\b(?:spread|variation|variance|variab\w+|coefficients? of variation)\s+(?:in|of)\s+(?:the\s+)?(?:views?|plays?|likes?)\b|\bconsistent\s+(?:views?|plays?|likes?|results?|performance)\b/.test(
        lowerAll,
      )) ||
    /\b(?:gaps?|intervals?|between (?:posts|uploads|videos)|days apart)\b/.test(lowerAll);
  const spreadSaid = paceAsked
    ? null
    : evenSaid && (!unevenSaid || (evenSaid.index ?? 0) < (unevenSaid.index ?? 0))
      ? { kind: "even" as const, said: evenSaid }
      : unevenSaid
        ? { kind: "uneven" as const, said: unevenSaid }
        : null;
  let spread: Plan["spread"];
  // "The recipe for viral resort videos": the words of the cue are no topic ("recipe" may be a hashtag).
  if (askedDrivers)
    text = text.replace(/\b(secrets?|recipe|formula|keys?) (to|of|for|behind)\b/g, (m) =>
      " ".repeat(m.length),
    );
  // "Who are the most consistent creators?": the words of a posting-frequency cue are no topic.
  if (CUES.cadence.test(lowerAll))
    text = text.replace(
      /\b(consistent(ly)?|consistency|prolific|frequent(ly)?|frequency|regular(ly)?|often|cadence|schedule)\b/g,
      (m) => " ".repeat(m.length),
    );
  // ("What's the median share rate for the hotelhagiang results? and why is X in there, should I exclude it?": a
  // cause asked after the question is left out, said so, and the question before it is answered.)
  let whyLater: string | null = null;
  if (!decline && CUES.why.test(lowerAll) && !askedDrivers) {
    const [first, ...later] = questionSentences;
    const why = later.find((q) => CUES.why.test(q.trim()));
    if (first !== undefined && why !== undefined && !CUES.why.test(first.trim()) && lowerAll.includes(why)) {
      whyLater = why.trim();
      const at = lowerAll.lastIndexOf(why);
      text = consume(text, at, Math.min(why.length, text.length - at));
    } else decline = WHY_DECLINED;
  }
  // "Which videos have the longest captions?": no ranking by caption length; its bands are compared.
  if (!decline && /\b(longest|shortest)\s+(captions?|descriptions?)\b/.test(lowerAll))
    decline =
      'it ranks videos by views, counts and recorded length, not by caption length; caption lengths are compared in bands ("do longer captions get more views?")';
  // "What's the oldest video?", "who was the first to post about Da Lat?", "@x's first video": videos (or their
  // creators) by publication time, oldest first; read once the subject is known.
  const oldestAsked = !decline && !/\bbr(eak|oke)/.test(lowerAll) && OLDEST.test(lowerAll);
  if (oldestAsked)
    for (const m of [...text.matchAll(OLDEST_WORDS)]) text = consume(text, m.index ?? 0, m[0].length);
  // "An engagement rate above 10%", "a like rate of at least 5 %", "likes over 10% of views": a bound on a rate
  // (the rate's words stay: it is also what a ranking of the set is by).
  const rateBoundSpans: [number, number][] = [];
  for (const m of [
    ...text.matchAll(
      /\b(engagement(?: rate)?|er|(like|comment|share|save) rate)s?\s+(?:(?:of|is|was|that is|which is)\s+)?(more than|over|above|greater than|higher than|at least|less than|under|below|lower than|at most)\s+(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)/g,
    ),
    ...text.matchAll(
      /\b(likes|comments|shares|saves)\s+(more than|over|above|greater than|higher than|at least|less than|under|below|lower than|at most)\s+(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(?:the\s+|their\s+|its\s+)?(?:views|plays)\b/g,
    ),
  ]) {
    const rateOf = m[4] !== undefined && /rate|^er$|^engagement/.test(m[1] as string);
    const rate: "engagement" | CountRate = rateOf
      ? m[2]
        ? (`${m[2]}_rate` as CountRate)
        : "engagement"
      : (`${singular(m[1] as string)}_rate` as CountRate);
    const word = (rateOf ? m[3] : m[2]) as string;
    const value = Number(rateOf ? m[4] : m[3]) / 100;
    const op = boundOp(
      word.replace(/^(higher|greater) than$/, "more than").replace(/^lower than$/, "less than"),
    );
    const phrase = rateOf ? m[0].slice(m[0].indexOf(word)) : m[0];
    const at = (m.index ?? 0) + m[0].length - phrase.length;
    place({ kind: "rate", rate, op, value }, at, m[0]);
    text = consume(text, at, phrase.length);
    rateBoundSpans.push([at, phrase.length]);
  }
  // "A like rate between 5% and 10%", "between 5 and 10% engagement rate": both ends, inclusive.
  const RATE_NAME = `(engagement(?: rate)?|er|(?:like|comment|share|save) rate)`;
  const PERCENT_RANGE = String.raw`(?:between|from)?\s*(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)?\s*(?:and|to|-|–)\s*(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)`;
  for (const m of [
    ...text.matchAll(
      new RegExp(String.raw`\b${RATE_NAME}s?\s+(?:(?:of|is|was|that is|which is)\s+)?${PERCENT_RANGE}`, "g"),
    ),
    ...[...text.matchAll(new RegExp(String.raw`\b${PERCENT_RANGE}\s+${RATE_NAME}\b`, "g"))].map((r) => {
      const moved = [r[0], r[3], r[1], r[2]] as unknown as RegExpMatchArray;
      moved.index = r.index;
      return moved;
    }),
  ]) {
    const name = m[1] as string;
    const rate: "engagement" | CountRate = /^(er|engagement)/.test(name)
      ? "engagement"
      : (`${name.replace(/ rate$/, "")}_rate` as CountRate);
    const [low, high] = [Number(m[2]) / 100, Number(m[3]) / 100].sort((a, b) => a - b) as [number, number];
    const at = m.index ?? 0;
    place({ kind: "rate", rate, op: "at least", value: low }, at, m[0]);
    place({ kind: "rate", rate, op: "at most", value: high }, at, m[0]);
    // (The rate's name stays, as above: a ranking of the set may be by it.)
    const span = m[0].slice(m[0].search(/(between|from|\d)/));
    const spanAt = at + m[0].indexOf(span);
    const numbers = span.replace(new RegExp(String.raw`\s+${RATE_NAME}$`), "");
    text = consume(text, spanAt, numbers.length);
    rateBoundSpans.push([spanAt, numbers.length]);
  }
  // "The 90th percentile of views", "p95 likes", "the 75th-percentile engagement rate": a measure there.
  const percentileAsked = decline
    ? null
    : text.match(
        /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)[- ]percentile\b|\bp(\d{1,2})\b(?=\s+(?:of\s+)?(?:the\s+)?(?:views?|plays?|likes?|comments?|shares?|saves?|engagement|length|duration|(?:like|comment|share|save) rate)\b)/,
      );
  let percentile: number | null = null;
  // "Where's the cutoff for the top 5 %?", "how many likes does a video need to land in the top quarter?", "what
  // would put a post in the top 10 %?": the measure at the percentile where that top part begins.
  const cutoffCue =
    decline || percentileAsked
      ? null
      : text.match(
          /\b(?:cut-?offs?|thresholds?|the bar|benchmarks?|(?:need|needs|needed|take|takes) to (?:land|be|get|make it|rank|sit|break|reach)|(?:would|will|does it take to) (?:put|get|land)|to make (?:it )?into|where (?:does|do|would) (?:the )?top\b[^?]{0,30}\b(?:start|starts|begin|begins))\b/,
        );
  const cutoffAsked = cutoffCue
    ? text.match(
        /\b(?:the )?top (?:(\d{1,2}(?:\.\d)?) ?(?:%|percent\b|per cent\b)|(quarter|quartile|half|third|fifth|tenth|decile)\b)(?: of\b)?/,
      )
    : null;
  if (cutoffAsked && cutoffCue) {
    text = consume(text, cutoffCue.index ?? 0, cutoffCue[0].length);
    const part =
      cutoffAsked[1] !== undefined
        ? Number(cutoffAsked[1])
        : ({ quarter: 25, quartile: 25, half: 50, third: 33, fifth: 20, tenth: 10, decile: 10 }[
            cutoffAsked[2] as string
          ] as number);
    const p = Math.round(100 - part);
    if (part > 0 && p >= 1 && p <= 99) {
      percentile = p;
      text = consume(text, cutoffAsked.index ?? 0, cutoffAsked[0].length);
      understood.push(
        `the ${ordinalNumber(p)} percentile: where the top ${part} % begins (from "${cutoffAsked[0].trim()}")`,
      );
    }
  }
  // "p10, p25, p50, p75 and p90", "the 25th, 50th and 75th percentiles", "median and p90", "quartiles", "the IQR",
  // "decile cut points", "min, median and max": several at once.
  let percentiles: number[] = [];
  const percentileList = decline
    ? null
    : text.match(
        new RegExp(
          String.raw`\b(?:${PERCENTILE_ITEM})(?:\s*(?:,|/|\band\b|&|\+)\s*(?:${PERCENTILE_ITEM}))+(?:\s+percentiles?\b)?|\b(?:the\s+)?(?:(?:inter-?quartile range|iqr)\b|quartiles\b|(?:deciles|decile (?:cut[- ]?points|cuts|boundaries|breaks))\b)`,
          "u",
        ),
      );
  // ("Min and max createTimeISO": only a count's lowest and highest are read.)
  const lowHigh =
    percentileList !== null &&
    !/\bp\d|\d(?:st|nd|rd|th)\b|quartile|iqr|decile/.test(percentileList[0]) &&
    !/^\s*(?:of\s+)?(?:the\s+)?(?:views?|plays?|likes?|comments?|shares?|saves?|length|duration|engagement|(?:like|comment|share|save) rate)\b/.test(
      text.slice((percentileList.index ?? 0) + percentileList[0].length),
    );
  if (percentileList && !lowHigh) {
    const said = percentileList[0];
    const listed = [...said.matchAll(new RegExp(PERCENTILE_ITEM, "gu"))].map((m) =>
      /^med/.test(m[0])
        ? 50
        : /^min/.test(m[0])
          ? 0
          : /^max/.test(m[0])
            ? 100
            : Number(m[0].replace(/\D/g, "")),
    );
    const read = /quartile range|iqr/.test(said)
      ? [25, 75]
      : /quartiles/.test(said)
        ? [25, 50, 75]
        : /decile/.test(said)
          ? [10, 20, 30, 40, 50, 60, 70, 80, 90]
          : listed;
    const unique = [...new Set(read)].filter((p) => p >= 0 && p <= 100).sort((a, b) => a - b);
    if (unique.length >= 2 && unique.some((p) => p !== 50)) {
      percentiles = unique;
      percentile = unique.find((p) => p !== 50) as number;
      text = consume(text, percentileList.index ?? 0, said.length);
      understood.push(`the values at ${unique.map(percentileName).join(", ")} (from "${said.trim()}")`);
    }
  }
  if (percentileAsked && percentiles.length === 0) {
    const p = Number(percentileAsked[1] ?? percentileAsked[2]);
    if (p >= 1 && p <= 99) {
      percentile = p;
      text = consume(text, percentileAsked.index ?? 0, percentileAsked[0].length);
      understood.push(
        `the ${ordinalNumber(p)} percentile, not the median (from "${percentileAsked[0].trim()}")`,
      );
    }
  }
  // "Share rate", "saves relative to views", "the like-to-view ratio": one count over plays.
  const RATE_PHRASE =
    /\b(?:(like|comment|share|save)s?(?:[- ]to[- ](?:view|play)s? ratios?|-(?:to|per)-(?:view|play)s?|\s?[/:]\s?(?:view|play)s?(?: ratios?)?)|(like|comment|share|save)s? rates?|(likes?|comments?|shares?|saves?) (?:per|for every|relative to|compared to|divided by|over|to) (?:a |each )?(?:views?|plays?)(?: ratios?)?|ratios? of (likes?|comments?|shares?|saves?) to (?:views?|plays?))\b/;
  // ("The total engagement rate (likes, comments, shares and saves divided by plays)": the rate named, defined in
  // brackets, not the one count over plays the definition ends with.)
  const defined = (m: RegExpMatchArray | null) =>
    m !== null && /\bengagement(?: rates?)?\s*\([^)]*$/.test(lowerAll.slice(0, m.index ?? 0));
  const rateFound = decline ? null : text.match(RATE_PHRASE);
  const ratePhrase = defined(rateFound) ? null : rateFound;
  let rate: CountRate | CountRatio | null = null;
  // "Saves per like", "the comments-to-likes ratio", "shares for every 100 likes": one count over another.
  const ratioPhrase = decline || ratePhrase ? null : text.match(RATIO_PHRASE);
  const [ratioOf, ratioPer] = (ratioPhrase?.slice(1).filter(Boolean) ?? []).map((w) =>
    singular(w).replace("bookmark", "save"),
  );
  let rateSaid: RegExpMatchArray | null = null;
  if (ratioPhrase && ratioOf && ratioPer && ratioOf !== ratioPer) {
    rate = `${ratioOf}s_per_${ratioPer}` as CountRatio;
    rateSaid = ratioPhrase;
  } else if (ratePhrase) {
    const count = singular((ratePhrase[1] ?? ratePhrase[2] ?? ratePhrase[3] ?? ratePhrase[4]) as string);
    rate = `${count}_rate` as CountRate;
    rateSaid = ratePhrase;
  }
  if (rateSaid) text = consume(text, rateSaid.index ?? 0, rateSaid[0].length);
  // Another ratio ("comments to likes"): not computed. One of two sets of videos ("the ratio of ads to organic
  // videos") is their split, read below.
  if (
    !decline &&
    !rate &&
    !/\bengagement\b/.test(lowerAll) &&
    !/\bratios? (of|between) (ads?|organic|sponsored|paid|slideshows?|videos?)\b|\b(ads?|organic|slideshows?)[- ]to[- ](organic|ads?|videos?|slideshows?)\b/.test(
      lowerAll,
    ) &&
    /\b(\w+[- ]to[- ]\w+ ratios?|ratios? of|relative to (views?|plays?|likes?|comments?|shares?|saves?))\b/.test(
      lowerAll,
    )
  )
    decline =
      'the rates it computes are the engagement rate, (likes + comments + shares + saves) ÷ plays, one count over plays (like, comment, share or save rate) and one count over another ("saves per like"); ask for one of them ("which hotel videos have the highest share rate?")';
  // "Which videos have the most views per follower?": a video's count over its creator's followers. (Among
  // other figures asked of accounts named, "@a, @b, @c: followers, # videos, avg plays and plays per follower",
  // it is said to be unused and the rest answered.)
  const perFollowerNotes: string[] = [];
  const perFollower = decline
    ? null
    : lowerAll.match(
        /\b(?:(?:avg|average|median|mean)\s+)?(views?|plays?|likes?|comments?|shares?|saves?|engagement) (per|for every|relative to|compared to|divided by|over) (a |each |their )?(followers?|follower count|audience size|subscribers?)\b/,
      );
  if (
    perFollower &&
    creators.length + advertisers.length >= 2 &&
    /\b(views|plays|likes|comments|shares|saves|followers|videos)\b/.test(
      lowerAll.replace(perFollower[0], " "),
    )
  ) {
    perFollowerNotes.push(
      `${perFollower[0]} (a video's counts are not divided by its creator's followers: the other figures are compared)`,
    );
    text = text.replace(perFollower[0], " ".repeat(perFollower[0].length));
  } else if (perFollower)
    decline =
      "it does not divide a video's counts by its creator's followers (followers are one count per creator, as last scraped); ask for the engagement rate, or rank creators under a follower bound (\"which creators with under 10k followers get the most views?\")";
  // "Which of my videos did best?": the corpus does not know whose account the asker is.
  // ("How long should my videos be?", "what should our posts look like?": advice, read from the videos named.)
  if (
    !decline &&
    creators.length + advertisers.length === 0 &&
    /\b(my|our) (own )?(videos?|vids?|posts?|ads?|content|account|channel|profile|tiktoks?|uploads?)\b/.test(
      lowerAll.replace(
        /\b(?:should|could|would) (?:my|our) (?:own )?(?:videos?|vids?|posts?|ads?|content|tiktoks?|uploads?) (?:be|look|sound|say|show|use|have|feature|include|start|open)\b/g,
        " ",
      ),
    )
  )
    decline =
      'it does not know which account is yours; name it ("how did @yourhandle\'s videos do?", "tell me about <your brand>")';
  // "Who are Keypad Hotel's competitors?": the corpus records no rivalry (decided once the names are read, below).
  const rivalsAsked = !decline && RIVALS.test(lowerAll);
  if (!decline && unknownHandles.length > 0)
    decline = `no creator in the corpus has the handle ${unknownHandles.join(", ")}`;
  if (!decline && videos.length === 0 && unknownVideos.length > 0)
    decline = `no video in the corpus has the id ${unknownVideos.join(", ")}`;

  // 6. Hook types (the ambiguous words only next to "hook"), labels, formats, focus, creator types.
  const hookContext = /\bhooks?\b|\bopen(ing|ers?)\b|\bintros?\b/.test(lowerAll);
  for (const [phrase, type] of Object.entries(HOOK_TYPE_WORDS).sort((x, y) => y[0].length - x[0].length)) {
    const at = findPhrase(text, phrase);
    if (at < 0) continue;
    const distinctive = /pov|stop|numbered|listicle|bold|before|transformation|storytime|point of view/.test(
      phrase,
    );
    if (!distinctive && !hookContext) continue;
    if (!placed.some((p) => p.item.kind === "hook_type" && p.item.value === type))
      place({ kind: "hook_type", value: type }, at, phrase);
    noteNamed("hook_type", type, at);
    text = consume(text, at, phrase.length);
  }
  const flag = (pattern: RegExp, item: Attribute | null, apply?: () => void) => {
    const match = text.match(pattern);
    if (!match) return;
    const at = match.index ?? 0;
    if (item && !placed.some((p) => p.item.kind === item.kind)) place(item, at, match[0].trim());
    apply?.();
    // Subject-bearing words ("ads", "slideshows") stay readable for the subject pass.
  };
  // ("Excluding ads", "ads excluded", "without sponsored posts": the organic videos; the words of leaving out,
  // read once for both patterns.)
  const leaveOut =
    "(?:excluding|exclude|except(?: for)?|without|minus|leaving out|leave out|not counting|ignoring|ignore|skipping|skip)\\s+(?:the |any |all )?";
  const adNoun = "(?:ads?|adverts?|sponsored (?:posts?|videos?|content))";
  const adLeftOut = new RegExp(
    `\\b${leaveOut}(?=${adNoun}\\b)|(?<=\\bads? )(?:(?:are|were|is|being) )?(?:excluded|aside|removed|left out)\\b`,
  );
  const organicWords = new RegExp(
    `\\b(organic|non[- ]?ads?|non[- ]?sponsored|unsponsored|unpaid|not ads?|aren't ads?|no ads?|${leaveOut}${adNoun}|ads? (?:(?:are|were|is|being) )?(?:excluded|aside|removed|left out))\\b`,
  );
  // "ads compared to organic videos", "ads vs organic": the two groups, not a filter.
  const adsAgainstOrganic =
    // ("Ads vs normal posts": the organic ones, named so only beside ads.)
    (organicWords.test(text) || /\bnormal (posts?|videos?|content)\b/.test(text)) &&
    /\b(ads?|adverts?|advertisements?|sponsored|promoted|paid (posts?|content))\b/.test(
      text.replace(organicWords, " "),
    ) &&
    // "ads compared to organic", "ads or organic", "the split between ads and organic"
    /\b(compared?|comparison|vs\.?|versus|than|against|or|and|split|mix|balance|breakdown|ratios?)\b/.test(
      lowerAll,
    );
  // "Do ads get more views than the rest?", "sponsored videos compared to everything else": ads against the
  // organic videos.
  const adsAgainstRest =
    /\b(ads?|adverts?|advertisements?|sponsored|promoted|paid (posts?|content))\b/.test(text) &&
    THE_REST.test(lowerAll);
  // "Is it worth running ads for hotels?": ads against organic videos; "… making slideshows": the formats.
  const worth =
    /\b(is it|are they|is that) worth\b|\bworth (it|making|posting|running|doing|trying|using)\b/.test(
      lowerAll,
    );
  const worthAds = worth && /\b(ads?|adverts?|advertising|sponsored|paid)\b/.test(text);
  // ("Do ads get more saves in Đà Lạt than in Nha Trang?": the two places are compared, the ads being the set.)
  const placesApart =
    /\bin\s+[^?,;.]{2,40}?\s+(?:than|vs\.?|versus|compared (?:to|with))\s+in\s+[^?,;.]{2,40}/.test(lowerAll);
  // ("Hotel vids - do ads even get more views??": a yes/no question on ads, asked mid-sentence.)
  const adsHelp =
    (!placesApart &&
      /\b(?:do|does|did) (?:\w+ ){0,2}?(?:ads?|adverts?|sponsored (?:posts?|videos?)|paid posts?) (?:even |really |actually )?(?:get|perform|do|pull|earn|drive)\b[^?]*\b(?:more|better|worse|less|fewer)\b/.test(
        lowerAll,
      )) ||
    // ("Did paid ads outperform organic videos?", "do ads beat organic posts?")
    /\b(?:ads?|adverts?|sponsored (?:posts?|videos?)|paid posts?) (?:even |really |actually )?(?:outperform\w*|beat|beats|win|wins|underperform\w*)\b/.test(
      lowerAll,
    );
  // "How do (hotel) ads perform?": against organic videos, as "are ads worth it?".
  const howPerform =
    /^\s*how (well )?(do|does|did|are|is|have|has)\b[^?]*\b(perform\w*|doing|fare|faring|do)\b/.test(
      lowerAll,
    );
  const adsVsOrganic =
    adsAgainstOrganic ||
    adsAgainstRest ||
    adsHelp ||
    worthAds ||
    (howPerform && /\b(ads?|adverts?|advertising|sponsored|paid)\b/.test(text));
  if (adsVsOrganic) {
    understood.push("groups: ads and organic (non-ad) videos");
    // ("Ads vs non ads": the other side's "non", written apart.)
    text = text.replace(/\bnon(?= ?(?:ads?|sponsored)\b)/g, (m) => " ".repeat(m.length));
  }
  // "Do videos with a hook get more views than those without?": the two groups, not a filter.
  const withoutHook = text.match(
    /\b(without( (a |an |any )?hooks?)?|no hooks?|hookless|(don'?t|do not|doesn'?t|does not) (have|use) (one|any|a hook|hooks?))\b/,
  );
  // "Do videos with a hook get more views?", "do hooks help?": a yes/no question on a property, answered by
  // setting the videos with it beside those without.
  const doesItHelp =
    /^\s*(do|does|did|is|are|will|would|can|could|should)\b/.test(lowerAll) &&
    /\b(more|better|worse|less|fewer|higher|lower|outperform\w*|help\w*|matters?|work|pay off|boost\w*|increase\w*|improve\w*|hurt\w*)\b/.test(
      lowerAll,
    );
  const hookWords = /\bhook(s|ed)?\b/.test(text.replace(/\bviral hooks?\b/g, " "));
  // The word asking whether it helps is read with the comparison ("do hooks help?", "does the hook matter?").
  const readHelp = () => {
    const asked = text.match(/\b(help\w*|matters?|pay off|boost\w*|improve\w*|hurt\w*)\b/);
    if (doesItHelp && asked) text = consume(text, asked.index ?? 0, asked[0].length);
  };
  const hookVsNone =
    !adsVsOrganic &&
    hookWords &&
    ((withoutHook !== null &&
      /\b(than|vs\.?|versus|compared?|against|or|better|worse|more|less|differen\w*)\b/.test(lowerAll)) ||
      (doesItHelp &&
        !placed.some((p) => p.item.kind === "hook_type") &&
        !/\bhook (type|style|pattern|kind)s?\b/.test(lowerAll)));
  if (hookVsNone) {
    if (withoutHook) text = consume(text, withoutHook.index ?? 0, withoutHook[0].length);
    readHelp();
    understood.push("groups: videos with and without a detected hook");
  }
  // "How many videos have no caption?", "captioned videos": a caption written, or none (a quote of captions,
  // "with their captions", is read below).
  for (const [pattern, value] of [
    [/\b(no captions?|without (a |any )?captions?|(empty|blank) captions?|uncaptioned)\b/, "no"],
    [/\b((has|have|with) a caption|captioned)\b/, "yes"],
  ] as const) {
    const m = text.match(pattern);
    if (!m) continue;
    place({ kind: "caption", value }, m.index ?? 0, m[0]);
    text = consume(text, m.index ?? 0, m[0].length);
    break;
  }
  // "Videos with no region", "missing language", "where the region is not set": whether the source recorded
  // one (most scraped videos have none). (Its words name no subject: the videos are counted.)
  const recordedSpans: [number, number][] = [];
  const askedApart: string[] = [];
  for (const m of [
    ...text.matchAll(
      /\b(?:(?:no|without (?:a |any )?|missing(?: an?)?|lacking(?: an?)?|unknown|blank|empty)\s*(?:recorded\s+)?(region|country|language)s?(?:\s+(?:code|info|data))?(?:\s+(?:recorded|set|at all))?|(region|country|language)s?(?:\s+(?:code|info))?\s+(?:is\s+|are\s+)?(?:missing|unknown|not (?:set|recorded|known)|blank|empty))\b/g,
    ),
  ]) {
    const code = /^lang/.test((m[1] ?? m[2]) as string) ? "language" : "region";
    if (placed.some((p) => p.item.kind === "recorded" && p.item.code === code)) continue;
    // "How many are missing a region? and how many are missing a language?": two questions; the first is read.
    const before = recordedSpans.at(-1);
    if (
      before &&
      /[?]|\b(how many|what share|what percent\w*)\b/.test(lowerAll.slice(before[1], m.index ?? 0))
    ) {
      askedApart.push(`${m[0].trim()} (one count at a time: ask again for it)`);
      text = consume(text, m.index ?? 0, m[0].length);
      recordedSpans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
      continue;
    }
    place({ kind: "recorded", code, value: "no" }, m.index ?? 0, m[0]);
    text = consume(text, m.index ?? 0, m[0].length);
    recordedSpans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  // "#hagiangloop or #dulichhagiang but NOT #hagiang", "hotel videos excluding Da Lat": videos about none of
  // the topic (a hashtag written, or one the corpus uses after a word of exclusion).
  for (const m of [
    ...text.matchAll(
      /\b(but not|and not|not counting|not|excluding|exclude|except(?: for)?|other than|apart from|minus|leaving out|leave out|ignoring|ignore|skipping|skip|without)\s+(?:(?:tagged|hashtagged)\s+(?:with\s+)?|about\s+|mentioning\s+|the\s+(?:hashtag\s+|tag\s+)?|(?:(?:generic|common|reach|filler|the)\s+)?(?:tags?|hashtags?)\s+(?:like|such as)\s+|(?:(?:any|all|the)\s+)?(?:videos?|posts?|clips?)\s+(?:tagged|hashtagged)\s+(?:with\s+)?)?(?!(?:top|bottom|biggest|largest|outliers?|first|last|highest|lowest|most|least)\b)(#)?([\p{L}\p{N}_]{2,})(?=(?:\s+([\p{L}\p{N}_]+))?(?:\s+([\p{L}\p{N}_]+))?)/dgu,
    ),
  ]) {
    const [whole, cue, hash, ...written] = m as unknown as [
      string,
      string,
      string | undefined,
      ...(string | undefined)[],
    ];
    // (Bare "not" only before a hashtag or a word naming what a video is about: "not ads" is organic; the
    // other new cues only before a hashtag written.)
    // ("Only hotels please, not the food channels": the word before "channels", too.)
    const notTheKind =
      /^not\s+the\s/.test(whole) &&
      /^(channels?|accounts?|pages?|creators?|videos?|posts?|clips?|ones)$/.test(written[1] ?? "");
    if (!hash && cue === "not" && !notTheKind && !/^not\s+(tagged|hashtagged|about|mentioning)\b/.test(whole))
      continue;
    if (!hash && /^(leave out|ignoring|ignore|skipping|skip|not counting|without)$/.test(cue)) continue;
    // "Excluding Da Lat": the longest run of words that is a hashtag (#dalat), else the first word alone.
    const words = written.filter((w): w is string => w !== undefined);
    // ("Excluding ads": the organic videos, read with the ad label.)
    if (!hash && /^(ads?|adverts?|sponsored)$/.test(words[0] ?? "")) continue;
    let tag: string | null = null;
    let used = 0;
    for (let n = hash ? 1 : words.length; n >= 1 && !tag; n--) {
      const joined = words.slice(0, n).join("");
      tag = hash ? foldText(joined) : await hashtagOf(facts, [joined, singular(joined)]);
      used = n;
    }
    // ("Excluding Phuket", "other than Sunset Town": a name written capitalised that no hashtag is, left out as
    // words; not a month's or a day's name.)
    if (
      !tag &&
      !hash &&
      /^(?:excluding|exclude|except(?: for)?|other than|apart from|minus|but not|and not)$/.test(cue)
    ) {
      const upper = (k: number) => {
        const [from] = (m.indices as RegExpIndicesArray)[3 + k] ?? [-1];
        return from >= 0 && /^\p{Lu}/u.test(original.slice(from));
      };
      const firstLower = words.findIndex((_w, k) => !upper(k));
      const run = words.slice(0, firstLower < 0 ? words.length : firstLower);
      if (
        run.length > 0 &&
        !new RegExp(
          `^(?:${MONTH_RE}|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?)$`,
        ).test(run[0] ?? "")
      ) {
        tag = run.length > 1 ? `"${foldText(run.join(" "))}"` : foldText(run[0] as string);
        used = run.length;
      }
    }
    if (!tag) continue;
    // (The phrase ends with the last word used.)
    const end = (m.indices as RegExpIndicesArray)[2 + used]?.[1] ?? (m.index ?? 0) + whole.length;
    const phrase = lowerAll.slice(m.index ?? 0, end);
    place({ kind: "not_text", q: tag, ...(hash ? { tag: true } : {}) }, m.index ?? 0, phrase);
    text = consume(text, m.index ?? 0, phrase.length);
    // ("Other than #fyp, #xuhuong and #viral": each hashtag listed after the first, left out too.)
    if (hash)
      for (let at = end; ; ) {
        const next = text
          .slice(at)
          .match(/^\s*(?:,|\band\b|\bor\b|&|\bnor\b)\s*(?:(?:and|or)\s+)?#([\p{L}\p{N}_]{2,})/u);
        if (!next) break;
        const listed = foldText(next[1] as string);
        place({ kind: "not_text", q: listed, tag: true }, at, next[0].trim());
        text = consume(text, at, next[0].length);
        at += next[0].length;
      }
  }
  // "Videos that mention a price", "do videos showing the room price get more saves?", "without a price": a price
  // stated in the caption, opening line or transcript ("350k/đêm"), not the word; "… like 350k/đêm", "in VND" is
  // the kind of price meant.
  // (Examples quoted are the words to find; a price's figure asked for is read as priceFigure.)
  const priceSaid = PRICE_FIGURE.test(lowerAll) || quotedExample ? null : text.match(PRICE_SAID);
  let priceVsNone = false;
  // ("… and if its caption lists a price, what is it?": a condition on what is shown, no filter; "… vs transcripts
  // that don't mention a price": the others of a comparison.)
  const priceIf =
    priceSaid !== null &&
    (/\bif\b[^,.;?]*$/.test(text.slice(0, priceSaid.index ?? 0)) ||
      (priceSaid[1] !== undefined &&
        /\b(?:than|vs\.?|versus|compared (?:to|with)|against)\s+(?:\S+\s+){0,3}$/.test(
          text.slice(0, priceSaid.index ?? 0),
        )));
  const priceRead = priceSaid !== null && !priceIf;
  // ("Do videos showing a price get more saves?", "… than the rest": those against all the others.)
  const restCompared =
    !adsVsOrganic &&
    !placesApart &&
    (doesItHelp ||
      THE_REST.test(lowerAll) ||
      /(?:^|[—–:;,.]\s*|\byes or no\W+)(?:do|does|did|are|is)\b[^?]*\b(?:get|gets|got|have|has|earn\w*|perform\w*|do|does)\s+(?:more|better|higher|fewer|less|worse|lower)\b/.test(
        lowerAll,
      ));
  if (priceSaid && priceIf) text = consume(text, priceSaid.index ?? 0, priceSaid[0].length);
  else if (priceSaid) {
    const none = priceSaid[1] !== undefined;
    const others = text.slice((priceSaid.index ?? 0) + priceSaid[0].length).match(PRICE_OTHERS);
    priceVsNone = !none && (restCompared || (!adsVsOrganic && others !== null));
    // ("Which ads quote prices under 500k?": the bound's price, placed below.)
    // ("How many videos quote prices per hour?": those stating a price for some hours.)
    const hourly = !none && hoursAt !== null && priceFigure === null;
    if (!priceVsNone && (none || priceBounds.length === 0))
      place(
        {
          kind: "price",
          value: none ? "no" : "yes",
          ...(hourly ? { bound: { op: "at least", value: 0, night: false, hours: true } } : {}),
        },
        priceSaid.index ?? 0,
        priceSaid[0].trim(),
      );
    if (hourly && hoursAt) text = consume(text, hoursAt.index ?? 0, hoursAt[0].length);
    text = consume(text, priceSaid.index ?? 0, priceSaid[0].length);
    // ("Some captions put the price, 250 xu. Do videos with a price in the caption …": said again, the same.)
    for (const again of text.matchAll(PRICE_SAID_ALL))
      if ((again[1] !== undefined) === none) text = consume(text, again.index ?? 0, again[0].length);
    if (priceVsNone) {
      const rest = text.match(PRICE_OTHERS);
      if (rest) text = consume(text, rest.index ?? 0, rest[0].length);
      readHelp();
      understood.push("groups: videos that state a price, and those that state none");
    }
  }
  for (const { at, said, bound } of priceBounds) place({ kind: "price", value: "yes", bound }, at, said);
  // "Captions with a phone number", "do captions with a hotline or Zalo number get more comments than the rest?",
  // "without a phone number": a number given in the caption (PHONE_PATTERN), not the words.
  const phoneSaid = ((said) =>
    said &&
    // (Not one example of several, "calls to action such as hotline numbers, Zalo, …"; nor a creator's bio.)
    !/\b(?:such as|e\.?g\.?|like|including|for example)\s*[(:,]?\s*$/.test(text.slice(0, said.index ?? 0)) &&
    !/\b(?:bios?|signatures?)\b/.test(lowerAll)
      ? said
      : null)(text.match(PHONE_SAID));
  // What a quality said ("a phone number", "a CTA") is set against: "with vs without …" (both), its "without" (none),
  // and the others named after it ("… than those without").
  const sidesOf = (said: RegExpMatchArray) => {
    const at = said.index ?? 0;
    const withOrWithout = text.slice(0, at).match(/\bwith\s+(?:and|or|vs\.?|versus)\s+$/);
    return {
      at,
      withOrWithout,
      none: said[1] !== undefined && !withOrWithout,
      others: text.slice(at + said[0].length).match(PHONE_OTHERS),
    };
  };
  let phoneVsNone = false;
  // ('A phone number or "hotline"': the quoted word joined to it, read with it.)
  let phoneJoined: { at: number; end: number; word: string } | null = null;
  if (phoneSaid) {
    const { at, withOrWithout, none, others } = sidesOf(phoneSaid);
    const end = at + phoneSaid[0].length;
    const or = lowerAll.slice(end).match(/^\s*(?:or|\/)\s*/);
    const word = or
      ? quoted.find((q) => /^(?:zalo|hotline)$/.test(q.text) && q.at >= end && q.at <= end + or[0].length + 1)
      : undefined;
    if (word) phoneJoined = { at: end, end: word.end, word: word.text };
    // ("Do videos with a price get more saves than videos with a phone number?": the two set side by side, below.)
    const againstPrice =
      priceVsNone &&
      priceSaid !== null &&
      !none &&
      /\b(?:than|vs\.?|versus|compared (?:to|with)|against)\s+(?:\S+\s+){0,3}$/.test(text.slice(0, at));
    if (againstPrice) {
      priceVsNone = false;
      unsay(/^groups: videos that state a price, and those that state none$/);
      place({ kind: "price", value: "yes" }, priceSaid.index ?? 0, priceSaid[0].trim());
    }
    phoneVsNone =
      !none &&
      !againstPrice &&
      (withOrWithout !== null || restCompared || (!adsVsOrganic && others !== null));
    if (withOrWithout) text = consume(text, withOrWithout.index ?? 0, withOrWithout[0].length);
    if (!phoneVsNone) place({ kind: "phone", value: none ? "no" : "yes" }, at, phoneSaid[0].trim());
    text = consume(text, at, phoneSaid[0].length);
    // ("Captions that carry (include, give) a phone number": the verb is read with it.)
    const verb = text
      .slice(0, at)
      .match(
        /\b(?:carr(?:y|ies|ying)|includ\w*|contain\w*|giv(?:e|es|ing)|gave|put(?:s|ting)?|show(?:s|ing)?|list(?:s|ing)?|writ(?:e|es|ing)|wrote)\s*$/,
      );
    if (verb) text = consume(text, verb.index ?? 0, verb[0].length);
    // ("Captions with a phone number vs captions without": where the number is, not what to find.)
    for (const m of [...text.matchAll(/\b(?:(?:in|within) (?:the |their |its |a )?)?captions?\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
    if (
      phoneJoined ||
      /\b(?:zalo|hotline)\b.*\b(?:or|\/)|\b(?:or|\/)\b.*\b(?:zalo|hotline)\b/.test(phoneSaid[0])
    )
      understood.push(
        `a Zalo or hotline contact read as a phone number in the caption (from "${phoneSaid[0].trim()}${phoneJoined ? ` or "${phoneJoined.word}"` : ""}"): a caption naming one without its number is not counted`,
      );
    if (phoneVsNone) {
      const rest = text.match(PHONE_OTHERS);
      if (rest) text = consume(text, rest.index ?? 0, rest[0].length);
      readHelp();
      understood.push("groups: videos whose caption gives a phone number, and the others");
    }
  }
  // "Do videos with a call to action get more comments?", "what share of ads have a CTA?", "captions without a
  // clear call-to-action": any of CTA_PHRASES in the text, or none of them.
  // (Where the question names its own phrases, quoted or listed after it, "an "inbox" call to action", "a CTA (ib,
  // inbox, hotline)", the words describe those: read, no list of ours added.)
  const ctaWords = text.match(CTA_SAID);
  const ctaOwn =
    ctaWords !== null &&
    (quoted.length > 0 ||
      /^\s*(?:\(|such as\b|like\b|kiểu\b|e\.?g\.?|[—–:-]\s*[^?.!,/]{1,20}\s*[,/])/u.test(
        text.slice((ctaWords.index ?? 0) + ctaWords[0].length),
      ));
  if (ctaWords && ctaOwn) text = consume(text, ctaWords.index ?? 0, ctaWords[0].length);
  const ctaSaid = ctaOwn ? null : ctaWords;
  let ctaVsNone = false;
  if (ctaSaid) {
    // ("Videos with vs without a CTA": both, side by side.)
    const { at, withOrWithout, none, others } = sidesOf(ctaSaid);
    ctaVsNone = !none && (withOrWithout !== null || restCompared || (!adsVsOrganic && others !== null));
    if (withOrWithout) text = consume(text, withOrWithout.index ?? 0, withOrWithout[0].length);
    if (!ctaVsNone) place({ kind: "cta", value: none ? "no" : "yes" }, at, ctaSaid[0].trim());
    text = consume(text, at, ctaSaid[0].length);
    const verb = text
      .slice(0, at)
      .match(
        /\b(?:carr(?:y|ies|ying)|includ\w*|contain\w*|us(?:e|es|ing)|hav(?:e|ing)|has|end(?:s|ing)? with)\s*$/,
      );
    if (verb) text = consume(text, verb.index ?? 0, verb[0].length);
    if (ctaVsNone) {
      const rest = text.match(PHONE_OTHERS);
      if (rest) text = consume(text, rest.index ?? 0, rest[0].length);
      readHelp();
      understood.push(`groups: videos with a call to action, and the others (from "${ctaSaid[0].trim()}")`);
    }
  }
  // (Said again, "… than captions without a CTA": the same call, read once.)
  if (ctaWords) for (const m of text.matchAll(CTA_SAID_ALL)) text = consume(text, m.index ?? 0, m[0].length);
  // ("Prices under 500k/đêm vs over 1tr/đêm, median views for each": the videos within each, side by side.)
  const [firstBound, secondBound] = priceBounds;
  const pricesApart =
    !priceVsNone &&
    firstBound !== undefined &&
    secondBound !== undefined &&
    priceBounds.length === 2 &&
    /\b(?:vs\.?|versus|compared (?:to|with)|against|or|than)\b|\//.test(
      (english ?? question).slice(firstBound.at + firstBound.said.length, secondBound.at),
    );
  // ("Cheaper hotels (under 500k) … than luxury ones over 2 triệu": what each side's price says, no word to find.)
  const sidesSaid = () => {
    for (const m of text.matchAll(
      /(?<![\p{L}\p{N}])(?:cheap(?:er|est)?|pricier|pricey|(?:more\s+)?expensive|luxury|luxurious|budget|upscale|premium|high[- ]end|bình dân|binh dan|cao cấp|cao cap|giá rẻ|gia re)(?![\p{L}\p{N}])/gu,
    ))
      text = consume(text, m.index ?? 0, m[0].length);
  };
  if (pricesApart) {
    priceVsNone = true;
    sidesSaid();
    readHelp();
    understood.push(
      `groups: videos that state a price ${priceBoundWords(firstBound.bound)}, and those that state one ${priceBoundWords(secondBound.bound)}`,
    );
  }
  // ("Do rooms under 500k get more saves than the rest?": the videos within the bound against all the others; "… vs
  // ads without a price": against those stating none.)
  const boundOthers =
    priceBounds.length === 1 && firstBound
      ? (english ?? question)
          .slice(firstBound.at + firstBound.said.length)
          .toLowerCase()
          .match(PRICE_OTHERS)
      : null;
  const boundVsNone =
    !priceVsNone &&
    !adsVsOrganic &&
    boundOthers !== null &&
    !/\b(?:the rest|others?|or not)\b/.test(boundOthers[0]);
  const boundVsRest = !priceVsNone && priceBounds.length === 1 && (restCompared || boundOthers !== null);
  if (boundVsNone && firstBound) {
    priceVsNone = true;
    sidesSaid();
    place({ kind: "price", value: "no" }, firstBound.at, boundOthers?.[0] ?? "");
    const rest = text.match(PRICE_OTHERS);
    if (rest) text = consume(text, rest.index ?? 0, rest[0].length);
    readHelp();
    unsay(/^videos not stating a price \(from/);
    understood.push(
      `groups: videos that state a price ${priceBoundWords(firstBound.bound)}, and those that state none`,
    );
  } else if (boundVsRest) {
    priceVsNone = true;
    sidesSaid();
    const rest = text.match(PRICE_OTHERS);
    if (rest) text = consume(text, rest.index ?? 0, rest[0].length);
    readHelp();
    understood.push(
      `groups: videos that state a price ${priceBoundWords((priceBounds[0] as (typeof priceBounds)[number]).bound)}, and all the others`,
    );
  }
  // "Videos with 💯 in the caption", "what share of captions use 🔥?": emoji, which no word search finds, are
  // looked for in the caption as written.
  // ("Captions with a question mark": the mark, looked for as written.)
  // ("Captions that @mention another account", "do tagged duets get more plays": the "@" of a mention, looked for
  // as written.)
  for (const m of text.matchAll(MENTIONS_ACCOUNT)) {
    if (!placed.some((p) => p.item.kind === "emoji" && p.item.emoji === "@"))
      place({ kind: "emoji", emoji: "@" }, m.index ?? 0, m[0]);
    text = consume(text, m.index ?? 0, m[0].length);
  }
  // ("Videos with a question in the caption", "captions that ask a question": its mark.)
  for (const m of text.matchAll(
    /\b(?:an? )?(question|exclamation) (?:marks?|points?)\b|\b(?:(?:asking |ask |asks )?an? )(question)(?= in (?:the |their |its )?captions?\b)|\bcaptions? (?:that |which )?(?:ask|asks|asking|pose|poses|posing) (?:an? |the viewers? an? |viewers an? )?(question)s?\b/g,
  )) {
    const emoji = (m[1] ?? m[2] ?? m[3]) === "question" ? "?" : "!";
    if (!placed.some((p) => p.item.kind === "emoji" && p.item.emoji === emoji))
      place({ kind: "emoji", emoji }, m.index ?? 0, m[0]);
    text = consume(text, m.index ?? 0, m[0].length);
  }
  for (const m of text.matchAll(EMOJI)) {
    const emoji = m[0].replace(EMOJI_VARIANT, "");
    // ("Halong hotel content any good? 🤔", "which sounds are blowing up 🔥🔥": emoji closing the question
    // after no word that asks for them are its tone, not what to look for.)
    const at = m.index ?? 0;
    // ("🔥 which nha trang vids got the most saves?", "🏖️ best vung tau vid of 2025?": one opening the question
    // before what it asks is its tone too.)
    const opening =
      /^[\s\p{P}]*$/u.test(text.slice(0, at).replace(EMOJI, "")) &&
      /^\s*(?:which|what|how|who|when|where|why|is|are|do|does|did|can|should|could|top|best|worst|any|give|show|list)\b/.test(
        text.slice(at + m[0].length).replace(EMOJI, ""),
      );
    // ("@x vung tau vids how many + views 👀 someone said 36M??": one between clauses, after no word that asks for it
    // and before none that names it, too.)
    const asked =
      /\b(with|using|uses?|has|have|having|contain\w*|includ\w*|put|putting|add|adding|emojis?|and|or|vs\.?|versus|like|than|the|an?)\s*$|[,:/&+(]\s*$|^\s*$/.test(
        lowerAll.slice(0, at).replace(EMOJI, "").trimEnd(),
      ) ||
      /^\s*(?:emojis?|captions?|posts?|videos?|vids|clips?|in (?:the |their |its |an? )?captions?)\b/.test(
        lowerAll.slice(at + m[0].length).replace(EMOJI, ""),
      );
    const tone = opening || !asked;
    if (tone) {
      text = consume(text, at, m[0].length);
      continue;
    }
    if (emoji && !placed.some((p) => p.item.kind === "emoji" && p.item.emoji === emoji))
      place({ kind: "emoji", emoji }, m.index ?? 0, m[0]);
    text = consume(text, m.index ?? 0, m[0].length);
  }
  if (placed.some((p) => p.item.kind === "emoji")) {
    const where = text.match(/\b(in|within) (the |their |its |a )?captions?\b|\bcaptions?\b/);
    if (where) text = consume(text, where.index ?? 0, where[0].length);
  }
  // "Videos with a price in the caption": the word is text to find (read with the verbs of saying), and where
  // to look asks for no quotes of the captions.
  const inField = text.match(
    /\b(?:with|have|has|having) (?:an? |the |any )?[^\s?]+ (in (?:the |their |its )?(?:captions?|transcripts?|descriptions?))\b/,
  );
  if (inField?.[1])
    text = consume(text, (inField.index ?? 0) + inField[0].length - inField[1].length, inField[1].length);
  // "Whose captions mention Vinpearl", "mention cặp đôi in the captions": where the words are looked for, which the
  // search covers (captions, hooks, transcripts and hashtags).
  if (MENTION_CUE.test(text))
    for (const m of [
      ...text.matchAll(
        /\b(?:(?:whose|their|the|its)\s+)?(?:captions?|descriptions?)(?=\s+(?:that\s+|which\s+)?(?:mention|say|contain|includ|talk))|\b(?:in|within) (?:the |their |its )?(?:captions?|descriptions?)\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
  // "Captions with emoji", "do vids w/ emoji get more shares?", "how often do hotel videos put emoji in the
  // caption?": any emoji (none named); "no emoji", "without emojis": none.
  const anyEmoji = placed.some((p) => p.item.kind === "emoji")
    ? null
    : text.match(
        /\b(?:(no|without|zero|not using|don'?t use|doesn'?t use)\s+(?:any\s+)?|(?:an?|any|some|with|using|uses?|put|puts|has|have|having|contain\w*|includ\w*)\s+(?:an?\s+|any\s+|some\s+)?)emojis?\b(?:\s+(?:in|within)\s+(?:the\s+|their\s+|its\s+|a\s+)?captions?\b)?|\bemoji[- ]free\b|(?<=^\s*(?:do|does|did|are|is)\s+)emojis?\b(?:\s+in\s+(?:the\s+)?captions?\b)?(?=\s+(?:help|matter|work|boost|hurt))/,
      );
  if (anyEmoji) {
    const none = anyEmoji[1] !== undefined || /free$/.test(anyEmoji[0]);
    place({ kind: "any_emoji", value: none ? "no" : "yes" }, anyEmoji.index ?? 0, anyEmoji[0].trim());
    text = consume(text, anyEmoji.index ?? 0, anyEmoji[0].length);
    // ("Captions with emoji versus captions without": where they are, not what to find.)
    for (const m of [...text.matchAll(/\b(?:(?:in|within) (?:the |their |its |a )?)?captions?\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
  }
  // "Do videos with 🔥 get more views?", "captions with ❤️ vs those without": the videos whose caption has the
  // emoji against the rest ("captions with emoji versus captions without": any emoji against none).
  const emojiVsNone =
    !adsVsOrganic &&
    !hookVsNone &&
    (placed.filter((p) => p.item.kind === "emoji").length === 1 ||
      placed.some((p) => p.item.kind === "any_emoji" && p.item.value === "yes")) &&
    (doesItHelp ||
      THE_REST.test(lowerAll) ||
      /\b(vs\.?|versus|or|than|compared to|against) (those |ones |videos |captions )?(without\b|(that |which )?(don't|do not|doesn't|does not)\b)|\bor not\b/.test(
        lowerAll,
      ));
  // "Do emojis help?": emoji in general are no group the store can tell (SQL has no class of them); one named is.
  if (
    !decline &&
    !placed.some((p) => p.item.kind === "emoji" || p.item.kind === "any_emoji") &&
    /^\s*(do|does|did|are|is|will|would|can|should)\b/.test(lowerAll) &&
    /\bemojis?\b/.test(lowerAll)
  )
    decline =
      'it names no one emoji: the local analyst compares the videos whose caption has an emoji named with the others ("do videos with 🔥 get more views?") and lists the emoji used most ("which emojis are used most in captions?")';
  if (emojiVsNone) {
    const others = text.match(
      /\b((those|ones|videos|captions|the ones) )?(without|(that |which )?(don't|do not|doesn't|does not))\b|\bor not\b/,
    );
    if (others) text = consume(text, others.index ?? 0, others[0].length);
    readHelp();
    const named = placed.find((p) => p.item.kind === "emoji")?.item as { emoji: string } | undefined;
    understood.push(
      named
        ? `groups: videos with "${named.emoji}" in the caption, and the others`
        : "groups: videos with emoji in the caption, and those without",
    );
  }
  // "How many videos have a transcript?", "do videos with a voiceover get more views than those without?": what
  // the source transcribed (a scrape records speech to text only where it asked for it).
  const TRANSCRIPT_NOUN = "(transcripts?|subtitles?|voice-?overs?|spoken words?|speech)";
  const noTranscript = text.match(
    new RegExp(`\\b((without|no|lack(ing)?) (a |an |any )?(recorded )?${TRANSCRIPT_NOUN}|untranscribed)\\b`),
  );
  const transcriptNamed = text.match(
    new RegExp(
      `\\b((with|have|has|having|had|carry|carries|include|includes) (a |an |any )?(recorded )?${TRANSCRIPT_NOUN}|transcribed)\\b`,
    ),
  );
  const transcriptVsNone =
    !adsVsOrganic &&
    !hookVsNone &&
    !emojiVsNone &&
    // "… with a transcript vs without", "with vs without a transcript"
    (new RegExp(
      `\\bwith (?:and|or|vs\\.?|versus) without (?:a |an |any )?(?:recorded )?${TRANSCRIPT_NOUN}\\b`,
    ).test(lowerAll) ||
      (transcriptNamed !== null &&
        /\b(vs\.?|versus|or|than|compared to|against) (those |ones |videos )?without\b/.test(lowerAll)) ||
      (noTranscript !== null &&
        transcriptNamed !== null &&
        /\b(than|vs\.?|versus|compared?|against|or|better|worse|more|less|differen\w*)\b/.test(lowerAll)) ||
      (doesItHelp &&
        (transcriptNamed !== null ||
          // "Do voiceovers help?", "does a transcript matter?"
          /^\s*(do|does|are|is)\s+(a |an |the )?(transcripts?|voice-?overs?|subtitles?)\b/.test(lowerAll))));
  if (transcriptVsNone) {
    for (const m of [noTranscript, transcriptNamed]) if (m) text = consume(text, m.index ?? 0, m[0].length);
    // "… than those without": the other group, read.
    const others = text.match(/\b((those|ones|videos|the ones) )?without\b/);
    if (others) text = consume(text, others.index ?? 0, others[0].length);
    for (const m of [...text.matchAll(/\b(transcripts?|voice-?overs?|subtitles?)\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
    readHelp();
    understood.push("groups: videos with and without a recorded transcript");
  } else if (noTranscript) {
    place({ kind: "transcript", value: "no" }, noTranscript.index ?? 0, noTranscript[0].trim());
    text = consume(text, noTranscript.index ?? 0, noTranscript[0].length);
  } else if (transcriptNamed) {
    place({ kind: "transcript", value: "yes" }, transcriptNamed.index ?? 0, transcriptNamed[0].trim());
    text = consume(text, transcriptNamed.index ?? 0, transcriptNamed[0].length);
  }
  // "Which day of the week is best to post?", "what time of day gets the most views?"
  // "Is #dalat growing?", "are resort videos declining?": the videos per month, to see which way (not the
  // plays a view gained).
  const GROWING =
    /^\s*(is|are|has|have)\b[^?]*\b(growing|rising|declining|shrinking|falling|picking up|slowing( down)?|on the (rise|decline))\b/;
  const growingAsked = GROWING.test(lowerAll);
  if (growingAsked) {
    const words = (lowerAll.match(GROWING) as RegExpMatchArray)[2] as string;
    const at = text.lastIndexOf(words);
    if (at >= 0) text = consume(text, at, words.length);
  }
  // "Which creators post the most on weekends?", "how many videos were posted on Sundays?": those days only; a
  // comparison ("weekends or weekdays?", "is it better to post on weekends?") sets the days side by side.
  // ("Top 10 weekend videos", "Sunday uploads only": the days before what was posted.)
  const onDays = lowerAll.match(
    /\b(?:(?:on|during|over|at) (?:the |a )?(weekends?|weekdays?|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?)\b|(weekend|weekday|sunday|monday|tuesday|wednesday|thursday|friday|saturday)(?= (?:videos?|posts?|uploads?|clips?|ads?|content)\b))/,
  );
  // (A comparison of other things, "Ha Long or Cat Ba videos posted on weekends", leaves the days a filter:
  // "or", "vs" and "than" compare the days only beside them.)
  const besideDays = onDays
    ? lowerAll.slice(Math.max(0, (onDays.index ?? 0) - 12), (onDays.index ?? 0) + onDays[0].length + 12)
    : "";
  // ("Sunday posts vs the rest": the day named, set against the other days below.)
  const dayAgainstRest =
    THE_REST.test(lowerAll) &&
    (lowerAll.match(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/g) ?? []).length === 1;
  // ("Is it bad to post on Sundays?": the one day named, set against the other days below.)
  // ("Is posting at 8pm bad?", "is it bad to post on Sundays?", "everyone says post at 7pm. Does that hold?": a
  // yes/no question judging one time named; read again below, for the hours.)
  const judged = JUDGED_ASKS.test(lowerAll) && JUDGED_WORDS.test(lowerAll);
  const dayJudged =
    judged &&
    (lowerAll.match(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/g) ?? []).length === 1 &&
    !/\bweek(?:end|day)s?\b/.test(lowerAll);
  const dayFilter =
    onDays &&
    (dayAgainstRest ||
      dayJudged ||
      (!/\b(vs\.?|versus|or|than)\b/.test(besideDays) &&
        !/\b(compared?|comparison|better|worse|best|ideal|optimal|should|higher|lower|more|less|greater|bigger|smaller|which day|what day|days? of (the )?week)\b/.test(
          lowerAll,
        ) &&
        // "Is engagement higher on weekends?", "do videos posted on Sundays do better?": a yes/no question compares.
        !/^\s*(is|are|was|were|do|does|did)\b/.test(lowerAll) &&
        // ("Weekend posts against weekday posts": both named, side by side.)
        !(/\bweekends?\b/.test(lowerAll) && /\bweekdays?\b/.test(lowerAll))))
      ? onDays
      : null;
  if (dayFilter) {
    const word = singular((dayFilter[1] ?? dayFilter[2]) as string);
    const day = DAY_NAMES.indexOf(word);
    place(
      word === "weekend"
        ? { kind: "days", days: [0, 6], label: "weekends (Saturday, Sunday)" }
        : word === "weekday"
          ? { kind: "days", days: [1, 2, 3, 4, 5], label: "weekdays (Monday to Friday)" }
          : { kind: "days", days: [day], label: `${word[0]?.toUpperCase()}${word.slice(1)}s` },
      dayFilter.index ?? 0,
      dayFilter[0],
    );
    text = consume(text, dayFilter.index ?? 0, dayFilter[0].length);
  }
  // "Videos posted between 6 and 9 pm", "evening posts (18:00-22:00) vs over lunch (11:00-13:00)": hours of the
  // day, in the time zone named (else UTC), a filter; two or more set side by side are groups.
  const written = hourSpans(lowerAll);
  // ("Between midnight and 4am …, do those late-night uploads …": a part of the day beside a clock is not
  // another span, unless the spans are compared.)
  const clocked = written.filter((s) => /\d|midnight|noon|midday/.test(s.phrase));
  const spans =
    clocked.length > 0 && !/\b(vs\.?|versus|or|compared?|than|against)\b/.test(lowerAll) ? clocked : written;
  const hourBands: Plan["bands"] = [];
  let hoursRead = false;
  if (spans.length > 0) {
    const offsetOf = (s: HourSpan) => (/\b(utc|gmt)\b/.test(s.phrase) ? 0 : zoneOffset);
    const clock = (s: HourSpan) =>
      `${s.label} ${offsetOf(s) === 0 ? "UTC" : `UTC${offsetOf(s) < 0 ? "-" : "+"}${Math.abs(offsetOf(s))}`}${s.part ? ` (${s.part})` : ""}`;
    for (const s of written) {
      const at = findPhrase(text, s.phrase);
      if (at >= 0) text = consume(text, at, s.phrase.length);
    }
    // The parts of the day named ("over lunch (11:00-13:00)", "evening/night posts"): read with the hours.
    for (const m of [...text.matchAll(new RegExp(`\\b(?:${Object.keys(DAY_PARTS).join("|")})s?\\b`, "g"))])
      text = consume(text, m.index ?? 0, m[0].length);
    // "Is 7-8pm the busiest upload hour?": the hour asked about is one among all (the hours are compared).
    const pointedAt =
      spans.length === 1 &&
      !(spans[0] as HourSpan).bounded &&
      /\b(which|what|busiest|best|worst|peak) (?:[\p{L}-]+ ){0,2}?hours?\b|\bhours? of (?:the )?day\b/u.test(
        lowerAll,
      );
    const widened = spans.some((s) => s.widened)
      ? " (whole hours: the minutes written widen it to the hour)"
      : "";
    if (pointedAt) {
      askedApart.push(`${spans[0]?.phrase} (the hours of the day are compared: each one is among them)`);
    } else if (spans.length >= 2 && /\b(vs\.?|versus|or|compared?|than|against|which)\b/.test(lowerAll)) {
      for (const s of spans)
        hourBands.push({
          label: clock(s),
          attributes: [{ kind: "hours", hours: utcHours(s, offsetOf(s)), label: clock(s) }],
        });
      understood.push(
        `groups: published ${hourBands.map((b) => b.label).join(", ")} (from "${spans.map((s) => s.phrase).join('", "')}")${widened}`,
      );
      hoursRead = true;
    } else {
      const hours = [...new Set(spans.flatMap((s) => utcHours(s, offsetOf(s))))].sort((x, y) => x - y);
      place(
        { kind: "hours", hours, label: spans.map(clock).join(" or ") },
        spans[0]?.at ?? 0,
        `${spans.map((s) => s.phrase).join('", "')}${widened}`,
      );
      hoursRead = true;
    }
  }
  // "How did hotel videos change from 2023 to 2024?": the two ends of a change, side by side. (A ranking by the
  // change, "which hashtags grew the most from 2024 to 2025?", reads the same ends below.)
  // ("Monthly uploads from Jan 2023 to May 2025 … a real decline?": the months of the span, a series.)
  if (
    window?.ends?.length === 2 &&
    !window.periods &&
    CHANGE_WORDS.test(lowerAll) &&
    !/\b(monthly|weekly|quarterly|yearly|(each|every|per|by) (month|week|quarter|year)|(month|week|quarter|year) by (month|week|quarter|year))\b/.test(
      lowerAll,
    )
  )
    window = { ...window, periods: window.ends };
  // "How do Saturday posts compare to Tuesday posts?", "Mondays or Fridays?": those days, each a group.
  const dayNamed = new RegExp(`\\b(${DAY_NAMES.join("|")})s?\\b`, "g");
  const daysNamed = [
    ...new Set([...lowerAll.matchAll(dayNamed)].map((m) => DAY_NAMES.indexOf(m[1] as string))),
  ];
  const daysCompared =
    !dayFilter &&
    daysNamed.length >= 2 &&
    /\b(vs\.?|versus|or|than|compared?|comparison|better|worse|higher|lower|more|less)\b/.test(lowerAll);
  if (daysCompared) {
    const names = daysNamed.map((d) => `${DAY_NAMES[d]?.[0]?.toUpperCase()}${DAY_NAMES[d]?.slice(1)}s`);
    place(
      { kind: "days", days: daysNamed, label: `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` },
      lowerAll.search(dayNamed),
      names.join(", "),
    );
    for (const m of [...text.matchAll(dayNamed)]) text = consume(text, m.index ?? 0, m[0].length);
  }
  // ("Which creators posted in every quarter of 2024?": each quarter required of an account, not a group;
  // "how many creators posted each month?" stays one.)
  const everyAsked =
    EVERY_PERIOD.test(lowerAll) &&
    (/^\s*(which|who|list|show|name|find|give|creators|accounts|advertisers|brands)\b/.test(lowerAll) ||
      /\b(in|during) (every|all)\b|\bevery single\b|\bat least once\b/.test(lowerAll)) &&
    /\b(creators?|accounts?|advertisers?|brands?|influencers?)\b/.test(lowerAll);
  // ("Which day in December 2020 had the most uploads?": a day of that period, not of the week.)
  const dayOfPeriod =
    /\b(?:which|what) (?:single )?(?:day|date) (?:in|of|during) (?!(?:the |a )?week\b)/.test(lowerAll) ||
    // ("What was the busiest single upload day?": a calendar day.)
    /\b(?:busiest|slowest|quietest|biggest|peak) (?:single )?(?:upload(?:ing)? |posting |publishing )?(?:day|date)\b|\b(?:which|what) (?:days|dates) (?:had|saw|got|have|has) the (?:most|fewest) (?:uploads|videos|posts|clips)\b/.test(
      lowerAll,
    );
  const postingTime: TimeGroup | null = daysCompared
    ? "weekday"
    : dayFilter || LAST_POSTED.test(lowerAll) || everyAsked
      ? null
      : // "Did ads get more views in 2025 than in 2024?", "Q1 vs Q2 2025": the two periods, side by side.
        // ("Month-over-month change from January to May 2025": each month of the span.)
        window?.periods && !window.each && !/\bmonth[- ](?:by|over|to|on)[- ]month\b/.test(lowerAll)
        ? "period"
        : // "Is it better to post on weekends?", "weekdays or weekends?": the two groups of days.
          /\bweekends?\b/.test(lowerAll) &&
            !/\b(days? of (the )?week|which day|what day|best days?|(?:which|what) days (?:are|is|work) (?:the )?best)\b/.test(
              lowerAll,
            )
          ? "weekend"
          : !dayOfPeriod &&
              /\b(days? of (the )?week|weekdays?|which day|what day|best days?|(?:which|what) days (?:are|is|work) (?:the )?best|best posting days?|posting days?)\b/.test(
                lowerAll,
              )
            ? "weekday"
            : /\b(times? of (the )?day|what time|which time|(which|what) (\w+ )?hour|(by|each|every) (posting |publication |upload )?hour|hours? (posted|of posting)|busiest (upload(ing)? |posting )?hours?|peak (upload(ing)? |posting )?hours?|the hours? with the (best|most|highest)|hours? of (the )?day|best times?|best hours?|(best |ideal |optimal )?posting (hours?|times?)|when (should|to|is it best to) (i |we |you |they )?post|when (do|does|did|are|were) ([^\s?]+ ){1,6}(post|posted|published|uploaded))\b/.test(
                  lowerAll,
                )
              ? "hour"
              : // "How many videos were posted per day in the last 2 weeks?", "which week had the most videos?"
                dayOfPeriod ||
                  (/\b((each|every|per|by|a) day|daily|day[- ](by|over|to)[- ]day)\b/.test(lowerAll) &&
                    !/\b(best|which|what) day\b|\bdays? of (the )?week\b/.test(lowerAll))
                ? "day"
                : /\b((each|every|per|by|a|which|what) week|(which|what) weeks|weekly|week[- ](by|over|on|to)[- ]week)\b/.test(
                      lowerAll,
                    )
                  ? "week"
                  : // "How many videos were posted each year?", "median views per year", "is #dalat growing year over year?".
                    /\b((each|every|per|by|which|what|best) year|(which|what) years|yearly|annually|year[- ](by|over|on|to)[- ]year|yoy)\b/.test(
                        lowerAll,
                      )
                    ? "year"
                    : // "How many videos were posted each quarter?", "median views for each quarter of 2024".
                      /\b((each|every|per|by|which|what|best) quarter|(which|what) quarters|quarterly|quarter[- ](by|over|on|to)[- ]quarter|qoq)\b/.test(
                          lowerAll,
                        )
                      ? "quarter"
                      : // "How has the number of hotel videos changed over time?", "… each month", "monthly".
                        /\b((each|every|per|by|a|which|what|best|busiest|peak|slowest|quietest) (?:calendar )?month|(which|what) (?:calendar )?months|monthly|month[- ](by|over|to|on)[- ]month|over time|over the (months|year)|(changed|evolved|grown|developed) over)\b/.test(
                            lowerAll,
                          ) || growingAsked
                        ? "month"
                        : null;
  if (postingTime === "weekend")
    for (const m of [...text.matchAll(/\b(weekends?|weekdays?)\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
  // ("Month-over-month", "week-on-week", "quarterly": the groups' words.)
  for (const m of [
    ...lowerAll.matchAll(
      /\b(?:month|week|day|year|quarter)[- ](?:by|over|to|on)[- ](?:month|week|day|year|quarter)\b|\b(?:daily|weekly|monthly|quarterly|yearly|annually|qoq|yoy)\b/g,
    ),
  ])
    if (postingTime !== null) text = consume(text, m.index ?? 0, m[0].length);
  if (postingTime === "period")
    understood.push(
      `groups: the periods named (${window?.periods?.map((p) => p.label).join(", ")}), by publication time (UTC), side by side`,
    );
  else if (postingTime)
    understood.push(
      `groups: publication ${postingTime === "weekend" ? "on weekends (Saturday, Sunday) or weekdays" : postingTime === "weekday" ? "day of the week" : postingTime === "hour" ? "hour of the day" : postingTime} (UTC)`,
    );
  // "How long should a hotel video be?", "do longer videos get more views?": groups by duration.
  const lengthText = lowerAll
    // ("Ha Long videos": the place, not long ones.)
    .replace(/\b(how long ago|no longer|long time|long ago|as long as|before long|ha long|hạ long)\b/g, " ")
    // "Top 5 by saves, with creator and length": a field to show, not length groups.
    .replace(
      /(?:,|\band|\bwith|\bplus)\s+(?:(?:their|the|its|each one's)\s+)?(?:length|duration)s?\s*(?=$|[,.?!;)]|\band\b)/g,
      " ",
    )
    // "shorter than 15 seconds", "over 2 minutes": a bound on the length (read below), not length groups.
    .replace(
      /\b(longer than|shorter than|more than|fewer than|less than|over|under|above|below|at least|at most)\s+\d[\d.,]*\s*(seconds?|secs?|s|minutes?|mins?|characters?|chars?)\b/g,
      " ",
    )
    // "between 1 and 3 minutes long": the same.
    .replace(
      /\b((between|from)\s+)?\d[\d.,]*\s*(and|to|-|–)\s*\d[\d.,]*\s*(seconds?|secs?|minutes?|mins?|characters?|chars?)( long)?\b/g,
      " ",
    );
  // "How long should my caption be?", "how many hashtags should I use?": groups by caption length (characters)
  // or by the number of hashtags; their words are read here, not as topics.
  const withoutTagCount = lowerAll.replace(/\b(more|fewer|less) (hashtags|tags)\b/g, " ");
  const textGroups: "caption_length" | "hashtag_count" | null =
    /\b(captions?|descriptions?)\b/.test(lowerAll) &&
    /\b(how long|lengths?|longer|shorter|long or short|short or long|(short|long) (captions?|descriptions?)|how many (characters|words)|characters|word count)\b/.test(
      lengthText,
    )
      ? "caption_length"
      : (/\b(how many|number of|more|fewer|less|count of) (hashtags|tags)\b|\b(hashtags?|tags?)[- ]counts?\b/.test(
            lowerAll,
          ) &&
            /\b(should|best|ideal|optimal|perform\w*|better|works?|more (views|likes|engagement|reach|plays)|get more|help\w*|recommend\w*|correlat\w*|relationship|relates?|related|affect\w*|impacts?|effects?|linked)\b/.test(
              withoutTagCount,
            )) ||
          // ("Break median views down by number of hashtags used.")
          /\b(by|per|across) (the )?(number|count) of (hashtags|tags)\b/.test(lowerAll)
        ? "hashtag_count"
        : null;
  if (textGroups)
    for (const m of [
      ...text.matchAll(
        /\b(captions?|descriptions?|how long|lengths?|longer|shorter|long|short|characters|words|word count|hashtags?|tags?|counts?|how many|number of|count of|relationships?|relates?|related|affects?|impacts?|linked)\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
  const lengthGroups =
    !textGroups &&
    !postingTime &&
    !adsVsOrganic &&
    /\b(how long|lengths?|durations?|longer|shorter|long or short|short or long|(short|long)[- ](videos?|ones|clips?|form|content)|(seconds?|minutes?|mins?) long)\b/.test(
      lengthText,
    );
  const extremeLength = (lowerAll.match(/\b(longest|shortest)\b/)?.[1] ?? null) as
    | "longest"
    | "shortest"
    | null;
  if (extremeLength) text = text.replace(/\b(longest|shortest)\b/g, (m) => " ".repeat(m.length));
  // The words that asked for length groups: ignored after all when the question turns out to be another kind.
  const lengthWords: string[] = [];
  // "Which creators post only ads?", "advertisers that never run ads": accounts whose videos are all ads, or
  // none is (kept for a ranking or count of accounts, below).
  // ("Which searches have no ads?": each search's ads, none, read with the bounds below as "0 ads".)
  const noneHad = text.match(NEVER_ADS);
  if (noneHad?.[1] === "no" && GROUPS_HAVE.test(lowerAll.slice(0, noneHad.index ?? 0))) {
    const at = (noneHad.index ?? 0) + noneHad[0].indexOf("no");
    text = `${text.slice(0, at)}0 ${text.slice(at + 2)}`;
  }
  const adsOnlyAsked = adsVsOrganic ? null : (text.match(ONLY_ADS) ?? text.match(NEVER_ADS));
  // ("Never ran a single ad": the words before the noun go; the noun stays for the passes that read it.)
  if (adsOnlyAsked?.[1])
    text = consume(
      text,
      adsOnlyAsked.index ?? 0,
      adsOnlyAsked[0].length - (adsOnlyAsked[0].match(/\S+$/)?.[0].length ?? 0),
    );
  if (!adsVsOrganic)
    flag(organicWords, { kind: "ad", value: "no" }, () => {
      const cue = text.match(adLeftOut);
      if (cue) text = consume(text, cue.index ?? 0, cue[0].length);
    });
  // ("#ad", "#sponsored": a hashtag captions carry, not the platform's label, when some caption has it.)
  const adTag = lowerAll.match(/#(ads?|adverts?|advertisements?|sponsored|promoted|promos?)\b/);
  const adTagged = adTag !== null && (await facts.count({ q: adTag[1] as string })) > 0;
  if (!adsVsOrganic)
    flag(
      new RegExp(
        `${adTagged ? "(?<!#)" : ""}\\b(ads?|adverts?|advertisements?|sponsored|promoted|promos?(?! codes?\\b)|paid (posts?|content|partnerships?)|branded content)\\b`,
      ),
      { kind: "ad", value: "yes" },
    );
  flag(/\b(slideshows?|carousels?|photo (posts?|mode|carousels?)|image posts?|photo slides?)\b/, {
    kind: "media_type",
    value: "slideshow",
  });
  flag(/\bviral hooks?\b/, { kind: "viral_hook", value: "yes" });
  // "Show me hotel videos without a hook": a filter when no comparison is asked.
  if (!hookVsNone && withoutHook && /\bhook/.test(withoutHook[0])) {
    flag(
      /\b(without (a |an |any )?hooks?|no hooks?|hookless|(don'?t|do not|doesn'?t|does not) (have|use) (a hook|any hooks?|hooks?))\b/,
      { kind: "hook", value: "no" },
    );
    text = consume(text, withoutHook.index ?? 0, withoutHook[0].length);
  }
  flag(
    /\b(hooked|(with|have|has|use|open with) (a |an )?((strong|good|great|catchy|killer|detected) )?hooks?|(?:some|strong|good|great|catchy|killer) (?:opening lines|openers)|(with|and|plus|including|showing) (their|its|the) (opening )?hooks?|hook (examples?|ideas?|lines?|inspiration)|examples? of (good |great |strong |viral |catchy )?hooks?|hooks? (for|to use)|(give me|show me|list|find|get me)( (?!the\b)\w+){0,3} hooks)\b/,
    hookVsNone
      ? null
      : {
          kind: "hook",
          value: "yes",
        },
  );
  // "more than 1 million views", "under 1,000 likes", "at least 10k plays": a bound on a count (its words
  // are consumed, so "views" here is not the question's measure).
  const BOUND =
    /\b(more than|over|above|greater than|longer than|at least|less than|fewer than|under|below|shorter than|at most|passed|past|crossed|cleared|clears?|clearing|exceeded|exceeding|surpassed|topped|broke|beat|reached|hit|(?<=\bto\s+)(?:reach|hit|pass|cross|clear|exceed|surpass|break)|(?<=\bof\s+)(?:reaching|hitting|passing|crossing|exceeding|breaking)|(?<!\b(?:never|not|rarely|seldom|hardly|don't|doesn't|didn't|won't|can't|cannot)\s+)(?:cross(?:es)?|breaks?|pass(?:es)?|hits|reach(?:es)?|exceeds|surpass(?:es)?))\s+(?:the\s+)?(\d[\d.,]*)\s*(k|m|b|thousands?|millions?|mil|billions?)?\s*(views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?|s|minutes?|mins?|followers?|fans?|subscribers?)\b/g;
  // "Compare 0-3, 4-7 and 8+ hashtags", "hashtags per video (0, 1-3, 4-7, 8+)", "under 15s, 15-30s, 30-60s and
  // over 60s": bands of one count, each a group (read before the single bounds, which would take them apart).
  // (The unit before the brackets may have been read already as what the question measures: read as written.)
  // ("No hashtags", "zero likes" in a list: the band 0.)
  const bandList =
    text.match(BAND_LIST) ??
    // ("By hashtag count (none, 1–3, 4–6, 7+)": "none" is the band 0.)
    lowerAll.replace(/(?<=\(\s*|,\s*)(?:none|zero)\b/g, (m) => "0".padEnd(m.length)).match(BAND_LIST_AFTER) ??
    text
      .replace(new RegExp(String.raw`\b(?:no|zero) (?=${BAND_UNIT_WORD}\b)`, "g"), (m) =>
        "0".padEnd(m.length),
      )
      .match(BAND_LIST_EACH) ??
    // (Two bounds alone, "under 500 likes vs over 1,000 likes", are read below as two groups.)
    [text.match(BAND_PAIR)].find((pair) => pair && /\d\s*(?:-|–|to)\s*\d|\+/.test(pair.groups?.list ?? "")) ??
    null;
  const bands: Plan["bands"] = hourBands;
  if (ctaVsNone && hourBands.length === 0)
    bands.push(
      { label: "with a call to action", attributes: [{ kind: "cta", value: "yes" }] },
      { label: "without a call to action", attributes: [{ kind: "cta", value: "no" }] },
    );
  if (bandList?.groups?.list && hourBands.length === 0) {
    const unit = bandList.groups.unit as string;
    const metric = COUNT_WORDS[singular(unit)];
    const scale = /^min/.test(unit) ? 60 : 1;
    // ("5 or more" is one band: "5+".)
    const items = bandList.groups.list
      .replace(/\s+or\s+more\b/g, "+")
      .split(new RegExp(BAND_JOIN, "u"))
      .map((x) => x.replace(new RegExp(String.raw`\s*${BAND_UNIT_WORD}\b`, "g"), ""))
      .filter((x) => x.trim() !== "");
    // ("…, 30-60s, 60s+": the last band's "+" after its unit.)
    const end = (bandList.index ?? 0) + bandList[0].length;
    if (bandList.input?.[end] === "+" && items.length > 0) items[items.length - 1] = `${items.at(-1)}+`;
    const read = items.map((item) => ({ item: item.trim(), bounds: bandBounds(item, scale) }));
    if (metric && read.every((r) => r.bounds !== null)) {
      const noun = metric === "seconds" ? "s" : ` ${COUNT_NAME[metric]}`;
      for (const r of read)
        bands.push({
          // ("60s+", not "60+s".)
          label:
            metric === "seconds" && /\+$/.test(r.item)
              ? `${r.item.replace(/\s*s?\s*\+$/, "")}s+`
              : `${r.item.replace(/\s*s$/, "")}${r.item === "1" && metric !== "seconds" ? ` ${singular(COUNT_NAME[metric])}` : noun}`,
          attributes: (r.bounds ?? []).map((b) => ({
            kind: "count" as const,
            metric,
            op: b.op,
            value: b.value,
          })),
        });
      text = consume(text, bandList.index ?? 0, bandList[0].length);
      const phrase = lowerAll.slice(bandList.index ?? 0, (bandList.index ?? 0) + bandList[0].length);
      understood.push(`groups: ${bands.map((b) => b.label).join(", ")} (from "${phrase.trim()}")`);
    }
  }
  // Bands of accounts, each a group of the videos of the creators in it: "how do accounts under 10k, 10k-100k and
  // over 100k followers compare?", "creators with 1 video, 2-4 and 5+ videos". (Two bands only when compared;
  // "between 10k and 100k followers" is one bound.)
  const accountBands = (
    list: RegExp,
    join: string,
    unit: string,
    fits: (m: RegExpMatchArray) => boolean,
    band: (item: string, bound: FollowersBound) => Plan["bands"][number],
    of: string,
  ) => {
    for (const m of bands.length === 0 ? [...text.matchAll(list)] : []) {
      if (!new RegExp(unit).test(m[0]) || !fits(m)) continue;
      // ("5 or more" is one band: "5+".)
      const items = (m.groups?.list ?? "")
        .replace(/\s+or\s+more\b/g, "+")
        .split(new RegExp(join, "u"))
        .map((x) =>
          x
            .replace(new RegExp(unit, "g"), "")
            .replace(/\s+(?:in (?:this|the) (?:dataset|data|set|corpus)|in here|here)\s*$/, "")
            .trim(),
        )
        .filter((x) => x !== "");
      const read = items.map((item) => {
        const bounds = bandBounds(item, 1);
        return { item, bound: bounds ? followersOfBand(bounds) : null };
      });
      if (
        read.length < 2 ||
        read.some((r) => r.bound === null) ||
        (read.length === 2 && !/\b(vs\.?|versus|or|compared?|comparison|against|than|which)\b/.test(lowerAll))
      )
        continue;
      for (const r of read) bands.push(band(r.item, r.bound as FollowersBound));
      text = consume(text, m.index ?? 0, m[0].length);
      understood.push(
        `groups: the videos of creators with ${bands.map((b) => b.label).join(", ")}${of} (from "${m[0].trim()}")`,
      );
      return;
    }
  };
  accountBands(
    FOLLOWER_BANDS,
    FOLLOWER_JOIN,
    FOLLOWER_WORD,
    (m) => !/\b(between|from)\s*$/.test(text.slice(0, m.index ?? 0)),
    (item, followers) => ({ label: `${item} followers`, attributes: [], followers }),
    "",
  );
  accountBands(
    ACCOUNT_BANDS,
    ACCOUNT_JOIN,
    VIDEO_WORD,
    (m) => ACCOUNTS_BEFORE.test(lowerAll.slice(0, m.index ?? 0)),
    (item, accountVideos) => ({
      label: `${item} video${item === "1" ? "" : "s"}`,
      attributes: [],
      accountVideos,
    }),
    " of those in question",
  );
  // "Nano vs macro creators", "median plays by follower tier": tiers of creators side by side, each the videos of
  // the creators in it (FOLLOWER_TIERS, or the bounds the question gives a tier: "nano under 10k, micro 10k–100k,
  // macro 100k+"); by tier with none named, every tier, and the creators under the smallest.
  if (bands.length === 0) {
    const named = [...text.matchAll(TIER_NAMED)];
    const related = named.length === 0 ? text.match(RELATED_FOLLOWERS) : null;
    const byTier = text.match(TIERS_ASKED) ?? related;
    const tiers = [...new Set(named.map((m) => m[1] as string))];
    // ("Follower bands for ads vs organic ones": the groups asked are the ads' and the others'.)
    if (tiers.length >= 2 || (byTier && tiers.length === 0 && !adsVsOrganic)) {
      const read = (byTier && tiers.length === 0 ? ["under", ...Object.keys(FOLLOWER_TIERS)] : tiers).map(
        (tier) => {
          const given = named.find((m) => m[1] === tier && m.groups?.bound);
          const bound = given ? bandBounds(given.groups?.bound as string, 1) : null;
          const own = bound ? followersOfBand(bound) : null;
          const [low, high] = FOLLOWER_TIERS[tier] ?? [0, 999];
          const followers: FollowersBound =
            own ??
            (tier === "under"
              ? { op: "under", value: FOLLOWER_TIERS.nano?.[0] ?? 1_000 }
              : high === null
                ? { op: "at least", value: low }
                : { op: "between", value: low, to: high });
          return {
            label:
              tier === "under"
                ? `${boundWords(followers)} followers`
                : `${tier} (${boundWords(followers)} followers)`,
            attributes: [],
            followers,
          };
        },
      );
      bands.push(...read);
      for (const m of [...named, ...(byTier && !related ? [byTier] : [])].sort(
        (a, b) => (b.index ?? 0) - (a.index ?? 0),
      ))
        text = consume(text, m.index ?? 0, m[0].length);
      // (How two measures go together: the followers and the word relating them read, the other measure left.)
      if (related)
        for (const w of related[0].matchAll(
          /\b(?:(?:number|count) of (?:followers|fans)|(?:follower|fan)s?(?:[- ]counts?)?|(?:account|creator|audience)[- ]sizes?|relationships?|relations?|correlat\w*|links?|linked|connections?|associations?|relates?|related|affects?|matters?|impacts?|influences?|predicts?|drives?)\b/g,
        ))
          text = consume(text, (related.index ?? 0) + (w.index ?? 0), w[0].length);
      understood.push(
        `groups: the videos of creators by tier of followers: ${bands.map((b) => b.label).join(", ")} (from "${[...named.map((m) => m[0].trim()), ...(byTier ? [byTier[0].trim()] : [])].join('", "')}")`,
      );
    }
  }
  // "Verified creators versus non-verified", "verified or not": the videos of each side's creators.
  const verifiedVs =
    bands.length === 0
      ? text.match(
          /\b(?:verified|blue[- ]check(?:ed)?)\b(?:\s+(?:creators?|accounts?|profiles?|users?|tiktokers?|influencers?))?\s+(?:vs\.?|versus|or|against|compared (?:to|with)|than)\s+(?:the\s+)?(?:non[- ]?verified|unverified|not verified|regular|normal|other|ordinary)\b(?:\s+(?:ones|creators?|accounts?|profiles?|users?|tiktokers?|influencers?))?|\b(?:non[- ]?verified|unverified)(?:\s+(?:creators?|accounts?|profiles?|users?|tiktokers?|influencers?))?\s+(?:vs\.?|versus|or|against|compared (?:to|with))\s+(?:the\s+)?verified\b(?:\s+(?:ones|creators?|accounts?|profiles?|users?|tiktokers?|influencers?))?|\bverified (?:or not|vs\.? not|and (?:non[- ]?verified|unverified))\b/,
        )
      : null;
  // ("Does a verified badge do anything for share rate, or do non-verified creators keep pace?")
  const verifiedApart =
    !verifiedVs &&
    bands.length === 0 &&
    /\bverified\b/.test(text.replace(new RegExp(`\\b${NOT_VERIFIED}\\b`, "g"), " ")) &&
    new RegExp(`\\b${NOT_VERIFIED}\\b`).test(text);
  if (verifiedApart)
    for (const m of [
      ...text.matchAll(
        /\b(?:non[- ]?verified|unverified|not verified|verified)(?: (?:badge|creators?|accounts?))?\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
  if (verifiedVs || verifiedApart) {
    bands.push(
      { label: "verified creators", attributes: [], verified: true },
      { label: "non-verified creators", attributes: [], verified: false },
    );
    if (verifiedVs) text = consume(text, verifiedVs.index ?? 0, verifiedVs[0].length);
    understood.push(
      `groups: the videos of verified and of non-verified creators${verifiedVs ? ` (from "${verifiedVs[0].trim()}")` : ""}`,
    );
  }
  // "between 10,000 and 50,000 views", "from 1 to 5 million likes", "10k-50k followers", "4 to 7 videos": both
  // ends, inclusive (a unit written once at the end applies to both). Followers and videos bound the accounts
  // (read below with the one-sided bounds).
  const RANGE =
    /\b(?<bound>(between|from)?\s*(\d[\d.,]*)\s*(k|m|b|thousands?|millions?|mil|billions?)?\s*(and|to|-|–|—)\s*(\d[\d.,]*)\s*(k|m|b|thousands?|millions?|mil|billions?)?)(?:\s+(?:(?:(?!(?:seconds?|secs?|minutes?|mins?|views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|followers?|fans?)\b)\p{L}+\s+){0,2}?(?=(?:videos|posts|clips|uploads)\b))?(views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?|minutes?|mins?|followers?|fans?|subscribers?|videos|posts|clips|uploads|s)|(?<=\d)(s|secs?))\b(?:\s+long\b)?/gu;
  let rangeBound: {
    what: string;
    bound: FollowersBound & { op: "between" };
    index: number;
    phrase: string;
    numbers: number;
  } | null = null;
  // ("Between 30 and 60 seconds long and between 10k and 50k views": each range read.)
  // The ranges of one count read as groups so far, and where the last one ends.
  let rangeBands: { metric: CountMetric; end: number; phrase: string } | null = null;
  const rangesOf: {
    metric: CountMetric;
    at: number;
    end: number;
    from: number;
    to: number;
    phrase: string;
  }[] = [];
  for (const range of [...text.matchAll(RANGE)]) {
    // ("2023-2024 videos" names years; "and" joins two numbers only after "between"; "show me 3-5 videos" is how
    // many to list.)
    if (
      (!range[2] && range[5] === "and") ||
      (/^(19|20)\d\d$/.test(range[3] as string) && /^(19|20)\d\d$/.test(range[6] as string)) ||
      /\b(top|show|give|list|find|get|pick|suggest|recommend|share|pull up|me)\s*$/.test(
        text.slice(0, range.index ?? 0),
      )
    )
      continue;
    const [phrase, , , lowDigits, lowUnit, , highDigits, highUnit, unit, joined] = range as unknown as [
      string,
      string,
      string | undefined,
      string,
      string | undefined,
      string,
      string,
      string | undefined,
      string | undefined,
      string | undefined,
    ];
    // ("15–30s clips": the unit written onto the number.)
    const what = (unit ?? joined) as string;
    // ("between 1 and 3 minutes": the length is bounded in seconds.)
    const scale = /^min/.test(what) ? 60 : 1;
    // (A unit written once at the end is both ends' when the first figure is the smaller as written: "10-20k" is
    // 10,000 to 20,000; "100-1k" is 100 to 1,000.)
    const lowNumber = Number(lowDigits.replace(/,/g, ""));
    const low = boundValue(
      lowDigits,
      lowUnit ?? (lowNumber <= Number(highDigits.replace(/,/g, "")) ? highUnit : undefined),
    );
    const high = boundValue(highDigits, highUnit);
    if (low === null || high === null) continue;
    const [a, b] = [low * scale, high * scale];
    const metric = COUNT_WORDS[singular(what)];
    const index = (range.index ?? 0) + phrase.search(/\S/);
    // ("15–30 second clips against 30–60 second clips": two ranges of one count set against each other are two
    // groups, not both bounds at once.)
    const earlier = rangesOf.find((r) => r.metric === metric);
    const bandOf = (from: number, to: number) => ({
      label: `${from.toLocaleString("en-US")}-${to.toLocaleString("en-US")}${metric === "seconds" ? " s" : ` ${metric ? COUNT_NAME[metric] : ""}`}`,
      attributes: [
        { kind: "count" as const, metric: metric as CountMetric, op: "at least" as const, value: from },
        { kind: "count" as const, metric: metric as CountMetric, op: "at most" as const, value: to },
      ],
    });
    // ("0–9s, 10–19s, up to 80–89s": a further range listed after two set side by side is one more group.)
    if (
      metric &&
      rangeBands &&
      rangeBands.metric === metric &&
      /^[\s,]*(?:(?:and|or|up to|through|to|vs\.?|versus)\s*)?$/.test(lowerAll.slice(rangeBands.end, index))
    ) {
      bands.push(bandOf(Math.min(a, b), Math.max(a, b)));
      const said = understood.findIndex(
        (u) => u.startsWith("groups: ") && u.includes(`"${rangeBands?.phrase}"`),
      );
      const phrases = `${understood[said]?.match(/\(from (.*)\)$/)?.[1] ?? ""}, "${phrase.trim()}"`;
      if (said >= 0) understood[said] = `groups: ${bands.map((x) => x.label).join(", ")} (from ${phrases})`;
      rangeBands = { metric, end: index + phrase.trim().length, phrase: phrase.trim() };
      text = consume(text, index, phrase.trim().length);
      continue;
    }
    if (
      metric &&
      earlier &&
      bands.length === 0 &&
      (/\b(vs\.?|versus|against|or|compared (?:to|with))\b/.test(lowerAll.slice(earlier.end, index)) ||
        // ("Median plays by 10-second bucket (0–9s, 10–19s, …)": ranges listed are groups.)
        /^[\s,]*(?:and\s*)?$/.test(lowerAll.slice(earlier.end, index)))
    ) {
      for (const p of placed.filter((x) => x.item.kind === "count" && x.at === earlier.at))
        placed.splice(placed.indexOf(p), 1);
      const said = `(from "${earlier.phrase}")`;
      understood.splice(0, understood.length, ...understood.filter((u) => !u.endsWith(said)));
      bands.push(bandOf(earlier.from, earlier.to), bandOf(Math.min(a, b), Math.max(a, b)));
      understood.push(
        `groups: ${bands.map((x) => x.label).join(", ")} (from "${earlier.phrase}", "${phrase.trim()}")`,
      );
      rangeBands = { metric, end: index + phrase.trim().length, phrase: earlier.phrase };
      text = consume(text, index, phrase.trim().length);
      continue;
    }
    if (metric) {
      rangesOf.push({
        metric,
        at: index,
        end: index + phrase.trim().length,
        from: Math.min(a, b),
        to: Math.max(a, b),
        phrase: phrase.trim(),
      });
      place({ kind: "count", metric, op: "at least", value: Math.min(a, b) }, index, phrase.trim());
      place({ kind: "count", metric, op: "at most", value: Math.max(a, b) }, index, phrase.trim());
      if (metric === "hashtags") boundSpans.push([index, index + phrase.trim().length]);
      text = consume(text, index, phrase.trim().length);
    } else if (!rangeBound)
      rangeBound = {
        what,
        bound: { op: "between", value: Math.min(a, b), to: Math.max(a, b) },
        index,
        phrase: phrase.trim(),
        numbers: (range.groups as { bound: string }).bound.trim().length,
      };
  }
  // "Creators who posted more than 10 hotel videos": a bound on each one's number of videos (kept apart;
  // dropped unless creators, advertisers, hashtags or sounds are asked about).
  let videosBound: (FollowersBound & { phrase: string }) | null = null;
  // ("10+ videos" is at least 10; "only ever posted one video", "just a single post": at most one.)
  const worded = text.match(
    // (Not a bound on another count before the noun: "at least 1000000 plays and ads".)
    /\b(more than|over|above|greater than|at least|min(?:imum)?(?: of)?|less than|fewer than|under|below|at most|max(?:imum)?(?: of)?)\s+(\d[\d,]*)\s+(?:(?!(?:hashtags?|tags?|views?|plays?|likes?|comments?|shares?|saves?|followers?|seconds?)\b)[\p{L}]+\s+){0,2}?(videos|posts|ads|clips|uploads)\b/u,
  );
  const plus = text.match(
    /(?<![\p{L}\p{N}.,])(\d[\d,]*)\+\s*(?:(?!(?:hashtags?|tags?|views?|plays?|likes?|comments?|shares?|saves?|followers?|seconds?)\b)[\p{L}]+\s+){0,2}?(videos|posts|ads|clips|uploads)\b/u,
  );
  // ("10 or more videos", "3 or fewer posts".)
  const orMore = text.match(
    /(?<![\p{L}\p{N}.,])(\d[\d,]*)\s+or\s+(more|fewer|less)\s+(?:(?!(?:hashtags?|tags?|views?|plays?|likes?|comments?|shares?|saves?|followers?|seconds?|vs|versus|or|and|than)\b)[\p{L}]+\s+){0,2}?(videos|posts|ads|clips|uploads)\b/u,
  );
  // ("Which searches have zero or one ad?", "… have no ads?": at most one, none.)
  const noneOrOne = [
    ...text.matchAll(
      /\b(?:(?:zero|0|no|none)\s+or\s+(?:one|1|a single)|no|zero|0)\s+(?:videos?|posts?|ads?|clips?|uploads?)\b/g,
    ),
  ].find((m) => /\bor\b/.test(m[0]) || GROUPS_HAVE.test(lowerAll.slice(0, m.index ?? 0)));
  const single = text.match(
    /\b(only|just|exactly)\s+(?:ever\s+)?(?:(?:posted|made|uploaded|published|have|has|had|with)\s+)?(?:one|1|a single)\s+(?:video|post|clip|upload)\b(?!s)/,
  );
  /** A bound said before the noun ("only one video", "zero or one ad"): its words but the noun, at the match. */
  const wordsBound = (m: RegExpMatchArray, op: BoundOp, value: number, phrase = m[0]) => ({
    index: m.index ?? 0,
    bound: m[0].replace(/\s+\S+$/, ""),
    op,
    value,
    phrase,
  });
  // ("Creators who have posted more than one video": at least two.)
  const overOne = text.match(
    /\b(more than|over|above)\s+(?:(?:posted|made|uploaded|published|have|has|had)\s+)?(?:one|1|a single)\s+(?:video|post|clip|upload|ad)\b(?!s)/,
  );
  const perGroup: {
    index: number;
    bound: string;
    op: BoundOp;
    value: number | null;
    phrase: string;
  } | null = overOne
    ? wordsBound(overOne, "over", 1)
    : worded
      ? {
          index: (worded.index ?? 0) + worded[0].indexOf(`${worded[1]} ${worded[2]}`),
          bound: `${worded[1]} ${worded[2]}`,
          op: boundOp(worded[1] as string),
          value: boundValue(worded[2] as string, undefined),
          // (As written: "more than 20 English videos", the language read from it.)
          phrase: lowerAll.slice(worded.index ?? 0, (worded.index ?? 0) + worded[0].length),
        }
      : plus
        ? {
            index: plus.index ?? 0,
            bound: `${plus[1]}+`,
            op: "at least",
            value: boundValue(plus[1] as string, undefined),
            phrase: plus[0],
          }
        : orMore
          ? {
              index: orMore.index ?? 0,
              bound: `${orMore[1]} or ${orMore[2]}`,
              op: orMore[2] === "more" ? "at least" : "at most",
              value: boundValue(orMore[1] as string, undefined),
              phrase: orMore[0],
            }
          : noneOrOne
            ? wordsBound(
                noneOrOne,
                "at most",
                /\bor\b/.test(noneOrOne[0]) ? 1 : 0,
                lowerAll.slice(noneOrOne.index ?? 0, (noneOrOne.index ?? 0) + noneOrOne[0].length),
              )
            : single
              ? wordsBound(single, "at most", 1)
              : null;
  if (perGroup && perGroup.value !== null) {
    videosBound = { op: perGroup.op, value: perGroup.value, phrase: perGroup.phrase.trim() };
    // The numbers and bound words go; the topic and the noun stay for the passes that read them.
    text = consume(text, perGroup.index, perGroup.bound.length);
  } else if (rangeBound && /^(videos|posts|clips|uploads)$/.test(rangeBound.what)) {
    videosBound = { ...rangeBound.bound, phrase: rangeBound.phrase };
    text = consume(text, rangeBound.index, rangeBound.numbers);
  }
  // A bound on followers restricts creators, not videos (kept apart; dropped unless creators are asked about).
  let followersBound: (FollowersBound & { phrase: string }) | null = null;
  let authorsSpan: [number, number] | null = null;
  // "from creators with under 10k followers": who made the videos, not the subject.
  const authorsOf = (index: number, phrase: string): [number, number] | null => {
    const who = lowerAll.slice(0, index).match(
      // ("Small creators (under 5k followers)": the bound in brackets after them.)
      /\b(creators?|accounts?|influencers?|tiktokers?|people|users|channels?)\s+(?:\(\s*)?(?:(?:with|having|who have|that have|who has|that has)\s+)?$/,
    );
    const close = who?.[0].includes("(")
      ? (lowerAll.slice(index + phrase.length).match(/^\s*\)/)?.[0].length ?? 0)
      : 0;
    return who ? [who.index ?? 0, index + phrase.length + close] : null;
  };
  if (rangeBound && /^(followers?|fans?|subscribers?)$/.test(rangeBound.what)) {
    followersBound = { ...rangeBound.bound, phrase: rangeBound.phrase };
    authorsSpan = authorsOf(rangeBound.index, rangeBound.phrase);
    text = consume(text, rangeBound.index, rangeBound.phrase.length);
  }
  // "Nano influencers", "micro-creators", "mega accounts": a tier of followers (the creators named by it).
  const tierSaid = followersBound ? null : text.match(FOLLOWER_TIER);
  const size = tierSaid ? SIZE_TIERS[(tierSaid[1] as string).toLowerCase()] : undefined;
  const tier =
    size === undefined ||
    (SIZE_PICKED.test(lowerAll.slice(0, tierSaid?.index ?? 0)) && !FOLLOWERS_WRITTEN.test(lowerAll))
      ? tierSaid
      : null;
  // ("Micro vs macro influencers": tiers side by side are not compared; said, not narrowed to the first.)
  const tiersNamed = new Set([...lowerAll.matchAll(/\b(nano|micro|macro|mega)\b/g)].map((m) => m[1]));
  if (tier && tiersNamed.size > 1) {
    askedApart.push(`${[...tiersNamed].join(", ")} tiers (one tier of followers at a time: ask about each)`);
    for (const m of [...text.matchAll(/\b(nano|micro|macro|mega)\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
  } else if (tier) {
    const [low, high] = FOLLOWER_TIERS[(tier[1] as string).toLowerCase()] ?? [0, null];
    followersBound = {
      ...(size ??
        (high === null
          ? { op: "at least" as const, value: low }
          : { op: "between" as const, value: low, to: high })),
      phrase: tier[0].trim(),
    };
    // Whose videos they are ("videos from micro influencers", "nano creator videos"), or the creators asked about.
    const at = tier.index ?? 0;
    const ofVideos =
      /\b(from|by|of|made by|posted by)\s+(the\s+)?$/.test(lowerAll.slice(0, at)) ||
      // ("Which videos have the best engagement among small creators?": their videos.)
      (/\bamong\s+(the\s+)?$/.test(lowerAll.slice(0, at)) &&
        /\b(?:which|what|top|best|most \w+) (?:videos?|posts?|clips?)\b/.test(lowerAll)) ||
      // ("Nano creators post about …": "post" is the verb.)
      /^[\s']*s?\s*(videos?|clips?|content|ads)\b/.test(lowerAll.slice(at + tier[0].length));
    authorsSpan = ofVideos ? [at, at + tier[0].length] : null;
    text = consume(text, at, tier[0].length);
  }
  // "1M+ views", "10k+ followers": at least that many.
  const PLUS_BOUND =
    /(?<![\p{L}\p{N}.,])(\d[\d.,]*)\s*(k|m|b|thousands?|millions?|mil|billions?)?\+\s*(views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?|minutes?|mins?|followers?|fans?|subscribers?)\b/gu;
  // "10 or more hashtags", "3 or fewer tags": that many, and more (fewer); "exactly one hashtag": both ends.
  const OR_BOUND =
    /(?<![\p{L}\p{N}.,])(\d[\d.,]*)\s*(k|m|b|thousands?|millions?|mil|billions?)?\s+or\s+(more|over|above|higher|greater|fewer|less|under|below|lower)\s+(views?|plays?|likes?|comments?|shares?|saves?|hashtags?|tags?|characters?|chars?|seconds?|secs?|minutes?|mins?|followers?|fans?|subscribers?)\b/gu;
  const EXACTLY = new RegExp(
    `\\bexactly (\\d{1,3}|${NUMBER_WORD})\\s+(hashtags?|tags?|characters?|chars?|comments?|likes?|shares?|saves?|views?|plays?|seconds?|secs?)\\b`,
    "g",
  );
  const medianSaid: string[] = [];
  const bounds = [
    ...[...text.matchAll(BOUND)].map((m) => ({ index: m.index ?? 0, parts: [...m] })),
    ...[...text.matchAll(PLUS_BOUND)].map((m) => ({
      index: m.index ?? 0,
      parts: [m[0], "at least", m[1], m[2], m[3]],
    })),
    ...[...text.matchAll(OR_BOUND)].map((m) => ({
      index: m.index ?? 0,
      parts: [
        m[0],
        /^(more|over|above|higher|greater)$/.test(m[3] as string) ? "at least" : "at most",
        m[1],
        m[2],
        m[4],
      ],
    })),
    ...[...text.matchAll(EXACTLY)].flatMap((m) =>
      ["at least", "at most"].map((word) => ({
        index: m.index ?? 0,
        parts: [m[0], word, String(numberOf(m[1] as string)), undefined, m[2]],
      })),
    ),
  ].sort((a, b) => a.index - b.index);
  for (const { index, parts } of bounds) {
    const match = { index };
    const [phrase, word, digits, unit, what] = parts as unknown as [
      string,
      string,
      string,
      string | undefined,
      string,
    ];
    const value = boundValue(digits, unit);
    const metric = COUNT_WORDS[singular(what)];
    if (value === null) continue;
    // ("The median is under 3k plays, so where does the top quartile start?": a value said of the set, not a
    // bound on its videos.)
    if (
      /\b(?:the )?(?:median|average|mean|typical (?:video|one))\s+(?:(?:of|for|in)\s+(?:\S+\s+){1,3}?)?(?:is|was|sits?|sat|stays?)\s*$/.test(
        lowerAll.slice(0, index),
      )
    ) {
      text = consume(text, index, phrase.length);
      medianSaid.push(`${phrase.trim()} (a median stated, not a bound: the answer gives the figure)`);
      continue;
    }
    // "over 2 minutes": the length is bounded in seconds.
    const n = /^min/.test(what) ? value * 60 : value;
    const op = boundOp(word);
    if (!metric) {
      if (!followersBound) {
        // "Skipping accounts that have under 100 followers": the others, at least 100.
        const leftOut =
          /\b(skipping|skip|excluding|exclude|except|ignoring|ignore|leaving out|leave out|not counting|without)\s+(?:the\s+)?(?:creators?|accounts?|influencers?|people|channels?)\s+(?:(?:with|having|who have|that have|who has|that has)\s+)?$/.test(
            lowerAll.slice(0, match.index ?? 0),
          );
        const other: Record<BoundOp, BoundOp> = {
          over: "at most",
          "at least": "under",
          under: "at least",
          "at most": "over",
        };
        followersBound = { op: leftOut ? other[op] : op, value: n, phrase: phrase.trim() };
        authorsSpan = authorsOf(match.index ?? 0, phrase);
        if (leftOut)
          understood.push(
            `creators with ${boundWords(followersBound)} followers (the others of "${phrase.trim()}" left out)`,
          );
      }
      text = consume(text, match.index ?? 0, phrase.length);
      continue;
    }
    // One bound per count and direction: "more than 1M views but fewer than 1,000 comments" holds two.
    if (
      placed.some(
        (p) =>
          p.item.kind === "count" &&
          p.item.metric === metric &&
          (p.item.op === "over" || p.item.op === "at least") === (op === "over" || op === "at least"),
      )
    )
      continue;
    place({ kind: "count", metric, op, value: n }, match.index ?? 0, phrase);
    if (metric === "hashtags") boundSpans.push([match.index ?? 0, (match.index ?? 0) + phrase.length]);
    text = consume(text, match.index ?? 0, phrase.length);
  }
  // "Captions under 50 characters": the caption's words are read with the bound.
  if (placed.some((p) => p.item.kind === "count" && p.item.metric === "characters"))
    for (const m of [...text.matchAll(/\b(captions?|descriptions?)\b/g)])
      text = consume(text, m.index ?? 0, m[0].length);
  // "Which videos have more comments than likes?", "fewer likes than shares": one count above another.
  for (const m of [
    ...text.matchAll(
      /\b(more|fewer|less) (views|plays|likes|comments|shares|saves) than (?:(?:they have|there are|the) )?(views|plays|likes|comments|shares|saves)\b/g,
    ),
  ]) {
    const [a, b] = [COUNT_WORDS[singular(m[2] as string)], COUNT_WORDS[singular(m[3] as string)]] as [
      CountMetric,
      CountMetric,
    ];
    if (a === b) continue;
    place(
      { kind: "exceeds", ...(m[1] === "more" ? { more: a, than: b } : { more: b, than: a }) },
      m.index ?? 0,
      m[0],
    );
    text = consume(text, m.index ?? 0, m[0].length);
  }
  // "Engagement of videos with and without hashtags": those with one or more against those with none (two
  // bounds, set side by side below).
  const withAndWithout = text.match(
    /\bwith (?:and|or|vs\.?|versus) without (?:any )?(hashtags|tags|comments|likes|shares|saves)\b/,
  );
  if (withAndWithout) {
    const metric = COUNT_WORDS[singular(withAndWithout[1] as string)] as CountMetric;
    const at = withAndWithout.index ?? 0;
    place({ kind: "count", metric, op: "at least", value: 1 }, at, withAndWithout[0]);
    place({ kind: "count", metric, op: "under", value: 1 }, at, withAndWithout[0]);
    if (metric === "hashtags") boundSpans.push([at, at + withAndWithout[0].length]);
    text = consume(text, at, withAndWithout[0].length);
  }
  // "How many videos have no hashtags?", "resort videos without hashtags", "zero comments": fewer than one.
  for (const none of [
    ...text.matchAll(
      /\b(?:no|without(?: any)?|zero|0) (hashtags|tags|comments|likes|shares|saves|views|plays)\b/g,
    ),
  ]) {
    const metric = COUNT_WORDS[singular(none[1] as string)] as CountMetric;
    if (placed.some((p) => p.item.kind === "count" && p.item.metric === metric)) continue;
    place({ kind: "count", metric, op: "under", value: 1 }, none.index ?? 0, none[0]);
    if (metric === "hashtags") boundSpans.push([none.index ?? 0, (none.index ?? 0) + none[0].length]);
    text = consume(text, none.index ?? 0, none[0].length);
  }
  // "What share of videos use hashtags at all?", "… have at least one hashtag", "use any hashtags": one or more.
  const anyTags = text.match(
    /\b(?:use|uses|using|have|has|having|with|carry|carries|include|includes)\s+(?:any\s+)?(?:hashtags|tags)\s+at all\b|\b(?:use|uses|using|have|has|having|with|carry|carries|include|includes)\s+any\s+(?:hashtags|tags)\b(?!\s*[#:(])|\bat least (?:one|1) (?:hashtag|tag)\b(?!\s*[#:(])/,
  );
  if (anyTags && !placed.some((p) => p.item.kind === "count" && p.item.metric === "hashtags")) {
    const at = anyTags.index ?? 0;
    place({ kind: "count", metric: "hashtags", op: "at least", value: 1 }, at, anyTags[0]);
    boundSpans.push([at, at + anyTags[0].length]);
    text = consume(text, at, anyTags[0].length);
  }
  let focus: Plan["focus"] = null;
  const focusMatch = lowerAll.match(
    /\b(apps?|mobile apps?|app advertisers|app developers|games?|gaming apps?)\b|\b(dtc|d2c|direct[- ]to[- ]consumer|e-?commerce|consumer brands?|product brands?|shops?)\b/,
  );
  if (focusMatch) {
    focus = focusMatch[1] ? "apps" : "dtc";
    understood.push(`focus ${focus} (from "${focusMatch[0]}")`);
  }
  let creatorType: Plan["creatorType"] = null;
  let verifiedLeftOut = false;
  // (The words that left them out: "verified accounts" there names no subject.)
  let verifiedLeftOutPhrase = "";
  const typeMatch = lowerAll.match(
    /\b(hire[- ]ready|to hire|hireable|available for hire|for partnerships?|to partner with|to work with|(?:should|could|can|might) (?:i |we |(?:a|an|my|our|the|this) (?:\S+ ){0,5})?(?:hire|partner with|collaborate with|collab with|team up with|work with|sponsor)|for (?:a|an|my|our|the) (?:[\w-]+ ){0,2}(?:campaign|collab|collaboration|partnership|sponsorship|influencer program))\b|\b(house accounts?|brand[- ]owned|owned accounts?|in-house|brand accounts?|official (?:brand )?accounts?)\b|\b(advertised|sponsored creators?|creators? (who|that) (run|make|post|do) ads|ad creators?)\b/,
  );
  if (typeMatch) {
    creatorType = typeMatch[1] ? "hire_ready" : typeMatch[2] ? "house" : "advertised";
    understood.push(`creator type ${creatorType} (from "${typeMatch[0]}")`);
  } else {
    // "Not counting verified accounts", "non-verified creators": those without the badge.
    // ("Not counting ads or verified accounts": the cue is read on the whole question, the ads' words too.)
    const unverified = bands.some((b) => b.verified !== undefined)
      ? null
      : lowerAll.match(
          new RegExp(
            String.raw`\b${NOT_VERIFIED}\b(?:\s+(?:creators?|accounts?|profiles?|users?))?|\b(?:not counting|excluding|exclude|leaving out|leave out|without|ignoring|ignore|other than|except(?: for)?|minus)\s+(?:the\s+|any\s+|all\s+)?(?:ads?\s+(?:and|or|,)\s+)?(?:(?:anything|everything|videos?|posts?)\s+(?:from|by)\s+)?verified\b(?:\s+(?:creators?|accounts?|profiles?|users?))?`,
          ),
        );
    // "Which verified creators post about hotels?", "how many creators are verified?"
    const verified = unverified
      ? null
      : text.match(/\b(verified|blue[- ]check(ed)?|with a (verification )?badge)\b/);
    if (unverified) {
      verifiedLeftOut = true;
      verifiedLeftOutPhrase = unverified[0];
      understood.push(`creators without the verification badge (from "${unverified[0].trim()}")`);
      // (Its words go from what is left to read; "not counting ads" may have been read already.)
      for (const m of [
        ...text.matchAll(
          /\b(?:non[- ]?verified|unverified|not verified|verified)\b(?:\s+(?:creators?|accounts?|profiles?|users?))?/g,
        ),
      ])
        text = consume(text, m.index ?? 0, m[0].length);
      const cue = text
        .slice(unverified.index ?? 0)
        .match(
          /^(?:not counting|excluding|exclude|leaving out|leave out|without|ignoring|ignore|other than|except(?: for)?|minus)\b/,
        );
      if (cue) text = consume(text, unverified.index ?? 0, cue[0].length);
    }
    if (verified) {
      creatorType = "verified";
      understood.push(`verified creators (from "${verified[0]}")`);
      text = consume(text, verified.index ?? 0, verified[0].length);
    }
  }

  // ("Month-to-month growth in total likes": the likes, as the series shows them change.)
  const growthOf = text.match(
    /\b(?:growth|change|increase|rise) in\b(?=\s+(?:total\s+)?(?:likes|views|plays|comments|shares|saves)\b)/,
  );
  if (growthOf) text = consume(text, growthOf.index ?? 0, growthOf[0].length);
  // 7. Metric. ("engagement rate of X" names a metric; it does not ask for a share.)
  const shareText = rateBoundSpans
    .reduce(
      (t, [at, length]) => consume(t, at, length),
      rateSaid ? consume(lowerAll, rateSaid.index ?? 0, rateSaid[0].length) : lowerAll,
    )
    .replace(/\b(engagement|interaction) rates?\b/g, " ")
    // "The average share count": the shares a video has.
    .replace(/\bshares? (counts?|numbers?|totals?)\b/g, " ")
    .replace(TOP_PERCENT, " ");
  let metric: Metric | null = null;
  // Where the first measure's word stands (-1: none read from a word).
  let metricAt = -1;
  const alsoNamed: Metric[] = [];
  if (rate) metric = rate;
  else if (/\bengagement rate\b|\bengagement\b|\bengaging\b|\binteraction rate\b/.test(lowerAll))
    metric = "engagement";
  else
    for (const match of text.matchAll(WORD)) {
      const word = match[0] as string;
      // "What share of Da Lat videos mention view?": a word a verb of saying names is text to find.
      const at = match.index ?? 0;
      if (mentionedSpans.some(([from, to]) => at > from && at < to)) continue;
      // ("#bodybuilder vs #gains": a hashtag is no measure.)
      if (text[at - 1] === "#") continue;
      // "share of" / "what share" asks for a proportion, not for shares.
      if (word === "share" && /^\s*of\b/.test(text.slice((match.index ?? 0) + word.length))) continue;
      if (word === "share" && CUES.share.test(shareText) && !/\bshares\b/.test(lowerAll)) continue;
      // "What do viral hooks look like?", "would like", "I'd like", "feels like": not likes.
      if (
        word === "like" &&
        /(?:\b(?:look|looks|looked|looking|feel|feels|seem|seems|sound|sounds|would|something|things?)|\b(?:i|we|they|you)['’]d)\s+$/.test(
          text.slice(0, match.index ?? 0),
        )
      )
        continue;
      // ('A list format like "top năm"': "like" before a quoted example is "such as".)
      const after = at + word.length;
      if (word === "like" && quoted.some((q) => q.at >= after && lowerAll.slice(after, q.at).trim() === ""))
        continue;
      // ("Accounts like @kenh14official and @dantri.com.vn": such as the accounts named.)
      if (word === "like" && /^\s+@/.test(lowerAll.slice(after))) continue;
      const m = METRIC_WORDS[word];
      if (!m) continue;
      if (!metric) {
        metric = m;
        metricAt = at;
      }
      // "The median views, likes and comments of resort videos": the other counts named, each measured too.
      // ("Comments per 1,000 views": a rate's base, not another measure; "compare like the same weeks": "like"
      // as a preposition.)
      else if (
        COUNTS.includes(m) &&
        COUNTS.includes(metric) &&
        m !== metric &&
        !alsoNamed.includes(m) &&
        !/\bper\s+(?:[\d,.]+\s*k?\s+)?$/.test(text.slice(Math.max(0, at - 20), at)) &&
        !(word === "like" && !/^\s*(rates?|counts?|ratios?)\b/.test(text.slice(after)))
      )
        alsoNamed.push(m);
    }
  // ("@a vs @b: is the bigger follower count winning on views?": the followers are the setting; the views, named
  // after "on", what is compared.)
  const compareOn =
    metric === "followers"
      ? text.match(/\b(?:on|in terms of)\s+(views|plays|likes|comments|shares|saves)\b/)
      : null;
  if (compareOn) metric = METRIC_WORDS[compareOn[1] as string] ?? metric;
  // ("Which Phú Quốc creators post the most, and how do their views compare?": ranked by how many videos they post,
  // each one's views given beside, the count named after it.)
  const postsMost = lowerAll.match(
    /\b(?:posts?|posted|upload(?:s|ed)?) the most\b|\bmost (?:active|prolific)\b|\bthe most (?:videos|posts|uploads)\b/,
  );
  let postsBeside: Metric | null = null;
  if (
    metric !== null &&
    // ("Which creators post the most about homestays, and how many followers do they have?": each one's followers.)
    (COUNTS.includes(metric) || metric === "followers") &&
    rate === null &&
    postsMost &&
    metricAt > (postsMost.index ?? 0) &&
    /^[^?]{0,60}?(?:\band|\bwith|\bplus|[,;—–-])\s+(?:how|what|which|their|do|does|are|is|compare)\b/.test(
      lowerAll.slice((postsMost.index ?? 0) + postsMost[0].length),
    )
  )
    postsBeside = metric;
  if (
    !metric &&
    (/\b(most|more|fewest|number of|how many) (videos|posts|ads|uploads|clips|creatives|slideshows)\b|\b(?:most|fewest) (?:ad|sponsored|promoted|organic) (?:videos|posts|uploads|clips|creatives|slideshows)\b|\bmost active\b|\bposts? the most\b|\bmost prolific\b/.test(
      lowerAll,
    ) ||
      // ("Which search has the most English-language videos?": how many in that language.)
      new RegExp(
        String.raw`\b(?:most|fewest|more|fewer) (?:${Object.keys(LANGUAGE_WORDS).join("|")})(?:[- ]language|[- ]speaking)? (?:videos|posts|ads|clips)\b`,
      ).test(lowerAll))
  )
    metric = "videos";
  // "Which sounds are most used?", "the most common video length": how many videos, not their views.
  if (!metric && /\b(most|least) (used|common|frequent)\b|\bused (the )?most\b/.test(lowerAll))
    metric = "videos";
  if (
    !metric &&
    /\b(most viral|went viral|go(es)? viral|going viral|viral (videos?|posts?|clips?|ads?|content))\b/.test(
      lowerAll,
    ) &&
    !/\bviral hooks?\b/.test(lowerAll)
  ) {
    // "Which creator has the most viral videos": the corpus measures reach as views.
    metric = "plays";
    understood.push('"viral" read as views (plays)');
  }
  // "Which creators gained the most followers?": the corpus keeps each creator's latest follower count, no
  // history; growth is read as plays gained, and the follower reading is said to be out of reach.
  const followerGrowth =
    (metric === "growth" || metric === "followers") &&
    /\b(gain(ed|ing|s)?|grew|grow(n|ing|th)?|add(ed|ing)|picked up|won)\b[^?.]{0,25}\bfollowers?\b|\bfollowers? (growth|gain(ed|s)?|grew|grow(n|ing)?)\b/.test(
      lowerAll,
    );
  if (followerGrowth) metric = "growth";
  // "Which sound performs best?": asked for results, not for the most used.
  let performance = false;
  if (
    !metric &&
    (((howPerform ||
      /\b(best|worst|avoid|better|perform\w*|outperform\w*|underperform\w*|works?|worked|working|do(es)? (best|well|better)|successful|effective|strongest|winning|wins|makes? an? (good|great|strong)|worth)\b/.test(
        lowerAll,
      )) &&
      (/\b(hooks?|formats?|slideshows?|sounds?|songs?|music|audios?|hashtags?)\b/.test(lowerAll) ||
        adsVsOrganic ||
        postingTime !== null)) ||
      // "What time should I post?": when to post is asked for results, not for when others post.
      (postingTime !== null && /\b(should|ideal|optimal|better)\b/.test(lowerAll)))
  ) {
    metric = "plays";
    performance = true;
    understood.push('performance read as views (plays) (from "best"/"works"/"should"/"worth")');
  }
  if (metric)
    understood.push(
      `metric ${metric === "plays" ? "views (plays)" : metric === "engagement" ? "engagement rate" : rate && isCountRatio(rate) ? `${rate.replace(/_/g, " ")} (${ratioCounts(rate).count} ÷ ${ratioCounts(rate).per})` : rate ? `${rate.replace("_", " ")} (${RATE_COUNT[rate]} ÷ plays)` : metric}`,
    );

  // 8. Subject.
  const subjectHits: Subject[] = [];
  // "Which videos … from creators with under 10k followers?": the set's creators qualify the videos.
  // ("The 5 most commented videos from creators with under 1,000 followers": videos named before them, and no
  // creators.)
  const beforeAuthors = authorsSpan ? lowerAll.slice(0, authorsSpan[0]) : "";
  const videosAsked =
    /^\s*(which|what|top|show( me)?|list|find|give me|get|how many|count)\s+(\w+\s+){0,2}?(videos?|posts?|clips?|ads?|content|hashtags?|sounds?|songs?|hooks?)\b/.test(
      lowerAll,
    ) ||
    (/\b(videos?|vids?|posts?|clips?|ads?|uploads?|content)\b/.test(beforeAuthors) &&
      !/\b(creators?|accounts?|influencers?|tiktokers?|who|brands?|advertisers?)\b/.test(beforeAuthors));
  // The question without "creators with under 10k followers" when it asks about videos (their creators' bound).
  const opening =
    authorsSpan && videosAsked
      ? consume(lowerAll, authorsSpan[0], authorsSpan[1] - authorsSpan[0])
      : lowerAll;
  const subjectText = [
    ...soundSpans,
    ...boundSpans,
    ...recordedSpans,
    ...(authorsSpan && videosAsked ? [authorsSpan] : []),
  ]
    .reduce((t, [at, end]) => consume(t, at, end - at), lowerAll)
    .replace(/@[\p{L}\p{N}._]+/gu, " ")
    // "List the videos …, with creator and view count": what each video is shown with, not the subject.
    .replace(
      /(\b(?:videos?|posts?|clips?|ads?)\b[^?]*?)\bwith (?:(?:their|its|each one's|the video's) (?:creators?|authors?|accounts?|handles?)|(?:the )?(?:creator|author|account|handle)(?! ?s\b))(?:'s? (?:names?|handles?)| names?)?\b/g,
      (m, before: string) => `${before}${" ".repeat(m.length - before.length)}`,
    )
    // "Micro-influencers": the creators named.
    .replace(/\b(nano|micro|macro|mega)-(?=(influencers?|creators?|accounts?|tiktokers?|kols?)\b)/g, "$1 ")
    // "Vietnamese language videos": the language named is a filter; "language" is not the subject.
    .replace(/\b(\p{L}+)[\s-]+(?:captions?[\s-]+)?(language|speaking)\b/gu, (m, name: string) =>
      name in LANGUAGE_WORDS && placed.some((p) => p.item.kind === "language") ? name : m,
    )
    // "Count ads in region VN": the region (language) named is a filter; the word before it is not the subject.
    .replace(
      /\b(?:in|from) (?:the )?(region|country|language) ([a-z]{2,3})\b/g,
      (m, kind: string, code: string) =>
        placed.some(
          (p) =>
            (p.item.kind === "region" || p.item.kind === "language") &&
            String((p.item as { value: unknown }).value).toLowerCase() === code &&
            (p.item.kind === "language") === (kind === "language"),
        )
          ? " ".repeat(m.length)
          : m,
    );
  const subjectWords = subjectText.match(WORD) ?? [];
  const subjectOf = (word: string) => SUBJECT_WORDS[word] ?? SUBJECT_WORDS[singular(word)];
  for (const word of subjectWords) {
    const s = subjectOf(word);
    // "Who are the biggest advertisers?": "who" asks for the advertisers the question names, not creators.
    if (word === "who" && subjectWords.some((w) => subjectOf(w) === "advertisers")) continue;
    if (s) subjectHits.push(s);
  }
  let subject: Subject = "videos";
  const pick = (s: Subject) => subjectHits.includes(s);
  if (CUES.breakdownHook.test(lowerAll) || /\bhook (type|style|pattern|kind)s?\b/.test(lowerAll))
    subject = "hook_types";
  else if (
    /\b(which|what|top|most common|popular|best)\b[^?]*\b(hooks?|opening lines?)\b/.test(lowerAll) &&
    !/\bhooked\b/.test(lowerAll) &&
    !placed.some((p) => p.item.kind === "hook") &&
    !placed.some((p) => p.item.kind === "hook_type") &&
    // "What share of ads have a viral hook?": a share of the videos, not hook types.
    !(placed.some((p) => p.item.kind === "viral_hook") && CUES.share.test(lowerAll))
  )
    subject = "hook_types";
  // "Which creators use the #dalat hashtag the most?": the noun the question opens with is what it ranks.
  else if (OPENS_WITH_CREATORS.test(opening)) subject = "creators";
  // ("How many videos have both #a and #b hashtag?": the videos, counted.)
  else if (
    pick("hashtags") &&
    // (A search's name is gone from the text read: "how many videos in the trending set use …".)
    !/\bhow many\s+(?:\w+\s+)?(?:videos?|vids|posts|clips)\s+(?:(?:in|from)\s+)?(?:have|has|use|uses|carry|carries|with|are tagged|tagged)\b[^?]*#/.test(
      lowerAll,
    )
  )
    subject = "hashtags";
  else if (pick("sounds")) subject = "sounds";
  else if (/\b(trend reports?|reports?)\b/.test(lowerAll)) subject = "trend_reports";
  else if (
    /^\s*(which|what|top|name the|list the)\s+(\w+\s+){0,2}(advertisers?|brands?|compan(y|ies)|marketers?|sponsors?)\b/.test(
      lowerAll,
    ) ||
    (pick("advertisers") && !pick("creators"))
  )
    subject = "advertisers";
  // "Who posted the most viewed hotel video?": that video, whose line names its creator ("who posted the most
  // videos?" stays a ranking of creators).
  else if (WHO_POSTED_THE_VIDEO.test(lowerAll)) {
    subject = "videos";
    const who = lowerAll.match(/^\s*who\s+\w+( behind)?/);
    if (who) text = consume(text, who.index ?? 0, who[0].length);
  } else if (
    OPENS_WITH_CREATORS.test(opening) ||
    // ("Name the five videos with the most shares among accounts that are not verified": videos, counted.)
    (pick("creators") && !/^\s*who\b/.test(lowerAll) && !COUNTED_VIDEOS.test(lowerAll)
      ? true
      : /^\s*who\b/.test(lowerAll) && !pick("advertisers"))
  )
    subject = "creators";
  else if (pick("regions")) subject = "regions";
  else if (pick("languages")) subject = "languages";
  else if (
    pick("formats") ||
    CUES.breakdownFormat.test(lowerAll) ||
    (/\bslideshows?\b/.test(lowerAll) &&
      /\b(regular |normal |standard )?videos?\b(?! ads?)/.test(lowerAll.replace(/\bslideshows?\b/g, "")) &&
      /\b(than|or|vs\.?|versus|compared?|against)\b/.test(lowerAll)) ||
    ((worth || howPerform) && /\b(slideshows?|carousels?|photo posts?)\b/.test(lowerAll))
  )
    subject = "formats";
  else if (focus === "apps" && !pick("videos") && /\b(apps|app advertisers|games)\b/.test(lowerAll))
    subject = "advertisers";
  // (Ranked by videos only where accounts are ranked: "who posted the most videos in 2024 and what were their total
  // views?"; not "@x, the most prolific account, … on saves", nor "the hour with the most uploads".)
  if (
    postsBeside !== null &&
    (subject === "creators" || (subject === "advertisers" && postsBeside !== "followers")) &&
    creators.length + advertisers.length === 0
  ) {
    metric = "videos";
    unsay(/^metric /);
    understood.push("metric videos");
  } else postsBeside = null;
  if (
    subject === "creators" &&
    advertisers.length > 0 &&
    creators.length === 0 &&
    /\bfor\b|\bwith\b|\bbehind\b/.test(lowerAll)
  )
    subject = "creators";

  // "Sounds used by more than 5 different creators", "hashtags from at least 10 accounts", "brands working with 3+
  // creators": a bound on how many creators each one's videos (of those in question) have.
  let groupCreators: FollowersBound | null = null;
  const creatorsBoundSaid =
    subject === "hashtags" || subject === "sounds" || subject === "advertisers"
      ? text.match(
          /\b(?:more than|over|above|greater than|at least|fewer than|less than|under|below|at most)\s+\d[\d,]*(?=\s+(?:different\s+|distinct\s+|unique\s+|separate\s+|individual\s+)?(?:creators|accounts|influencers|tiktokers|users|people)\b)|(?<![\p{L}\p{N}.,])\d[\d,]*(?:\+|\s+or\s+(?:more|fewer|less))(?=\s+(?:different\s+|distinct\s+|unique\s+|separate\s+|individual\s+)?(?:creators|accounts|influencers|tiktokers|users|people)\b)/u,
        )
      : null;
  if (creatorsBoundSaid) {
    const said = creatorsBoundSaid[0];
    const digits = (said.match(/\d[\d,]*/) as RegExpMatchArray)[0];
    const value = boundValue(digits, undefined);
    if (value !== null) {
      groupCreators = {
        op: /\+|or more/.test(said)
          ? "at least"
          : /or (?:fewer|less)/.test(said)
            ? "at most"
            : boundOp(said.slice(0, said.indexOf(digits)).trim()),
        value,
      };
      const at = creatorsBoundSaid.index ?? 0;
      const noun = lowerAll
        .slice(at)
        .match(/^.{0,40}?\b(?:creators|accounts|influencers|tiktokers|users|people)\b/u);
      understood.push(
        `${subject} whose videos are by ${boundWords(groupCreators)} creators (from "${noun ? noun[0].trim() : said}")`,
      );
      text = consume(text, at, said.length);
    }
  }
  // "Creators with median views under 10k", "… a median of over 100k views", "hashtags whose average likes are above
  // 5k": a bound on each one's median video (not on the videos: "over 100k views" is no filter here).
  let groupMedian: Plan["groupMedian"] = null;
  // (Not a claim about accounts named, "@a and @b all have median views above 1M", nor about one thing: "… has a
  // median above 500k plays across 4 accounts".)
  const medianBoundSaid =
    ["creators", "advertisers", "hashtags", "sounds"].includes(subject) &&
    creators.length + advertisers.length === 0
      ? (lowerAll.match(
          new RegExp(
            `\\b(?:median|average|avg|mean|typical)\\s+(?<metric>views|plays|likes|comments|shares|saves)(?:\\s+per\\s+(?:video|post|clip))?\\s+(?:(?:is|are|was|were|of|at|sit(?:s|ting)? at|stays?|staying)\\s+)?(?<op>${MEDIAN_BOUND_OP})\\s+(?<n>\\d[\\d.,]*)\\s*(?<unit>k|m|thousand|million)?\\b`,
          ),
        ) ??
        lowerAll.match(
          new RegExp(
            `\\b(?:an?\\s+)?(?:median|average|avg|mean|typical)\\s+(?:of\\s+)?(?<op>${MEDIAN_BOUND_OP})\\s+(?<n>\\d[\\d.,]*)\\s*(?<unit>k|m|thousand|million)?\\s+(?<metric>views|plays|likes|comments|shares|saves)\\b`,
          ),
        ))
      : null;
  if (
    medianBoundSaid?.groups &&
    !/^\s*(?:across|over|from|among|for)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:accounts|creators|videos|posts)\b/.test(
      lowerAll.slice((medianBoundSaid.index ?? 0) + medianBoundSaid[0].length),
    )
  ) {
    const g = medianBoundSaid.groups as { metric: string; op: string; n: string; unit?: string };
    const value = boundValue(g.n, g.unit);
    const asked: Metric = g.metric === "views" ? "plays" : (g.metric as Metric);
    if (value !== null && (metric === null || metric === asked)) {
      groupMedian = { metric: asked, bound: { op: boundOp(g.op), value } };
      metric = asked;
      const at = medianBoundSaid.index ?? 0;
      const end = at + medianBoundSaid[0].length;
      // ("A median of over 100k views": the bound read on the videos goes.)
      for (let k = placed.length - 1; k >= 0; k--) {
        const p = placed[k] as Placed<Attribute>;
        if (p.item.kind === "count" && p.at >= at && p.at < end) {
          placed.splice(k, 1);
          unsayAttribute(p.item);
        }
      }
      understood.push(
        `${subject} whose median ${g.metric} per video is ${boundWords(groupMedian.bound)} (groups of 5 videos or more; from "${medianBoundSaid[0].trim()}")`,
      );
      text = consume(text, at, medianBoundSaid[0].length);
    }
  }
  // "How many unique creators …": creators (hashtags, sounds, advertisers) are counted once each anyway.
  for (const m of [
    ...text.matchAll(
      /\b(unique|distinct|different|individual|separate)(?=\s+(creators?|accounts?|influencers?|hashtags?|tags?|sounds?|songs?|advertisers?|brands?)\b)/g,
    ),
  ])
    text = consume(text, m.index ?? 0, m[0].length);
  // "Which creators advertise the most?": their ads, counted.
  const advertiseVerb = lowerAll.match(/\badvertis(e|es|ed|ing)\b/);
  // "Which hotels advertise the most?": the advertisers, of the videos about what they are.
  let advertisersByVerb = false;
  if (
    subject === "videos" &&
    creators.length + advertisers.length === 0 &&
    /^\s*(which|what|who)\s+([\p{L}-]+\s+){0,4}advertis(e|es|ed)\b/u.test(lowerAll) &&
    !/^\s*(which|what)\s+(\S+\s+)?(videos?|posts?|clips?|ads?|content|slideshows?)\b/.test(lowerAll)
  ) {
    subject = "advertisers";
    advertisersByVerb = true;
    understood.push(`advertisers (from "${advertiseVerb?.[0]}")`);
  }
  if (
    (subject === "creators" || advertisersByVerb) &&
    advertiseVerb &&
    !placed.some((p) => p.item.kind === "ad")
  ) {
    place({ kind: "ad", value: "yes" }, advertiseVerb.index ?? 0, advertiseVerb[0]);
    if (!metric) {
      metric = "videos";
      understood.push("metric videos");
    }
  }

  // "What are people saying in the top hotel videos?", "What captions do the most viewed resort ads use?"
  // "What do creators say in their hooks?": what their videos say.
  if (
    subject === "creators" &&
    /\bwhat (do|did|does) (the |these |top |most )?(creators?|influencers?|people|they|brands?)\b[^?]{0,30}?\b(say|saying|said)\b/.test(
      lowerAll,
    )
  )
    subject = "videos";
  // "What are the most common words in hotel hooks?", "which phrases do top resort captions use?", "the most
  // used emojis": what the texts of the videos say, counted per video.
  // (The words between the cue and the noun, "the most common hotel words", are the set's: left to be read.)
  const wordsNoun = lowerAll.match(
    /\b(?:most (?:common|used|frequent|popular|repeated)(?:ly used)?|common(?:ly used)?|frequent(?:ly used)?|popular|top(?: \d+)?|recurring|which|what|list(?: the)?|show(?: me)?(?: the)?)\s+(?<between>(?:\w+\s+){0,2}?)(words?|phrases?|keywords?|key words|terms|expressions|emojis?|emoji)\b|\b(words?|phrases?|keywords?|emojis?|emoji)\s+(?:appear\w*|used|come up|show up|occur\w*|repeat\w*|recur\w*)\s+(?:the\s+)?most\b|\b(emojis?|emoji)\s+(?:usage|use)\b|\b(?:most (?:common|used|frequent|popular|repeated)|common|frequent|recurring)\s+(?<among>(?:\w+\s+){0,2}?)(opening lines|first lines|openers|intros)\b/d,
  );
  let wordCount: Plan["words"] = null;
  // ("Which caption phrase gets more views: "giá rẻ" or "sang chảnh"?" chooses among the quoted: compared below.)
  if (wordsNoun && quoted.length < 2) {
    // "The most common opening lines": the phrases they use (a line itself is rarely written twice).
    const noun = wordsNoun[6] ? "phrases" : ((wordsNoun[2] ?? wordsNoun[3] ?? wordsNoun[4]) as string);
    const after = lowerAll.slice(wordsNoun.index ?? 0);
    const field: TextField =
      /\b(hooks?|opening lines?|openers?|intros?|first (lines?|words|sentences?))\b/.test(after)
        ? "hook"
        : /\b(transcripts?|transcribed|spoken|say|says|said|voice-?overs?|speech|narration)\b/.test(after)
          ? "transcript"
          : "caption";
    const kind: WordKind = /^emoji/.test(noun)
      ? "emojis"
      : /^(phrase|expression)/.test(noun)
        ? "phrases"
        : "words";
    wordCount = { field, kind };
    const kept = wordsNoun.indices?.groups?.between ?? wordsNoun.indices?.groups?.among;
    const start = wordsNoun.index ?? 0;
    text = consume(text, start, wordsNoun[0].length);
    if (kept) text = `${text.slice(0, kept[0])}${lowerAll.slice(kept[0], kept[1])}${text.slice(kept[1])}`;
    for (const m of [
      ...text.matchAll(
        /\b(hooks?|opening lines?|openers?|intros?|first (lines?|words|sentences?)|transcripts?|transcribed|spoken|say|says|said|voice-?overs?|speech|narration|captions?|descriptions?|text|appear\w*|used?|uses)\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
    understood.push(
      `the ${kind === "emojis" ? "emoji" : kind} most used in the ${field === "hook" ? "opening lines (hooks)" : field === "transcript" ? "transcripts" : "captions"} of the videos in question, counted once per video`,
    );
  }
  // "Videos with a transcript" is a set of videos, not a request for what they say.
  const transcriptRead = transcriptVsNone || placed.some((p) => p.item.kind === "transcript");
  const quotes =
    !priceFigure &&
    !wordCount &&
    !textGroups &&
    (subject === "videos" || subject === "hook_types") &&
    /\bwhat (are|do|did|does)\b[^?]{0,60}?\b(say|saying|said|talk(ing)? about)\b|\b(what|which) captions?\b|\bcaptions? (of|from|in|they use|used)\b|\b(with|and|plus|including) (their |the |its )?(captions?|transcripts?)\b|\b(what|which) (words|lines|phrases) (do|did|are)\b|\btranscripts?\b|\b(?:some|strong|good|great|catchy|killer) (?:opening lines|openers)\b/.test(
      // "With a price in the caption" names where to look for a word, not a quote.
      (transcriptRead
        ? lowerAll.replace(/\b(transcripts?|subtitles?|voice-?overs?)\b/g, " ")
        : lowerAll
      ).replace(inField?.[0] ?? /^\b$/, " "),
    );
  if (quotes) {
    for (const m of [
      ...text.matchAll(/\b(say|saying|said|talk(ing)? about|captions?|transcripts?|words|lines|phrases)\b/g),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
    // "What do people say in the first seconds of …": the opening line is what is quoted; no text to find.
    for (const m of [
      ...lowerAll.matchAll(
        /\b(?:(?:in|during|within)\s+)?(?:the\s+)?(?:first|opening)(?:\s+(?:few|couple of|\d{1,2}))?\s+(?:seconds?|secs?|moments?|lines?|words?)\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
    understood.push("each video's caption and opening line quoted");
  }
  // 9. Remaining words: handles without "@", hashtags, nicknames, place names written apart ("Da Lat" for
  // #dalat); the rest is ignored.
  const topics: string[] = [];
  /** `topic` is no word to find after all: taken out of the topics, its reading replaced by `reading`. */
  const readInstead = (topic: string, reading: string) => {
    topics.splice(topics.indexOf(topic), 1);
    unsay(new RegExp(`^(?:topic|text) ${escapeForRegExp(`"${topic.replaceAll('"', "")}"`)}`));
    understood.push(reading);
  };
  // What the message says beside its question (its framing, its other asks, the people a chat names): said to be
  // unused, but no word of the question left unread.
  const besideQuestion = [
    ...(framed.framing.length > 0
      ? [`${framed.framing.map((f) => `"${f}"`).join(", ")} (the request's framing, not its question)`]
      : []),
    ...(asks.others.length > 0
      ? [
          `${asks.others.map((o) => `"${short(o)}"`).join(", ")} (the message's other asks: one is answered at a time; ask each on its own)`,
        ]
      : []),
    ...chatMentions.map(
      (handle) => `${handle} (named by the chat message: no creator in the corpus has that handle)`,
    ),
  ];
  const ignored: string[] = [
    ...(whyLater ? [`"${short(whyLater)}" (why is not answered: causes are not in the corpus)`] : []),
    ...boundsSaid.flatMap((b) =>
      b.bound ? [] : [`"${b.said}" (a price in another currency: prices are read in đồng, "under 500k")`],
    ),
    ...besideQuestion,
    ...noSuchDays,
    ...askedApart,
    ...artistNotes,
    ...perFollowerNotes,
    ...medianSaid,
  ];
  /** Words of the question read after all: only those `keep` passes stay ignored. */
  const keepIgnored = (keep: (word: string) => boolean) =>
    ignored.splice(0, ignored.length, ...ignored.filter(keep));
  if (secondWindow && window)
    ignored.push(
      `${secondWindow} (one time window at a time: "${window.phrase}" read; to set two side by side, name two of one length, "this month vs last month", or calendar periods, "March vs April 2025")`,
    );
  if (followerGrowth)
    ignored.push(
      "followers gained (the corpus keeps each creator's latest follower count, not its history: ranked by plays gained instead)",
    );
  // "Creators with over 100k followers": kept for creator answers; elsewhere said to be unused.
  let followers: FollowersBound | null = null;
  let authorFollowers: FollowersBound | null = null;
  // (The phrase goes: the plan keeps the bound alone.)
  const boundOnly = ({ phrase: _, ...bound }: FollowersBound & { phrase: string }): FollowersBound => bound;
  if (followersBound && subject === "creators") {
    followers = boundOnly(followersBound);
    understood.push(
      `creators with ${boundWords(followersBound)} followers (from "${followersBound.phrase}")`,
    );
  } else if (followersBound && subject !== "advertisers" && authorsSpan) {
    authorFollowers = boundOnly(followersBound);
    understood.push(
      `videos by creators with ${boundWords(followersBound)} followers (from "${lowerAll.slice(...authorsSpan).trim()}")`,
    );
  } else if (followersBound && subject === "videos") {
    // ("Videos with playCount >= 500000 and authorMeta/fans < 1000": a video has no followers; its creator does.)
    authorFollowers = boundOnly(followersBound);
    understood.push(
      `videos by creators with ${boundWords(followersBound)} followers (from "${followersBound.phrase}")`,
    );
  } else if (followersBound)
    ignored.push(`${followersBound.phrase} (a bound on creators' followers: ask about creators)`);
  /**
   * The groups said to be flagged or left out before a bound ("flag hours with fewer than 20 videos"): the words
   * from the verb to the bound, whether they are left out ("leave") or flagged ("flag"), and the groups' word.
   */
  const flaggedGroups = (phrase: string): [string, "leave" | "flag", string] | null => {
    const at = Math.max(0, lowerAll.indexOf(phrase));
    const m = lowerAll
      .slice(0, at)
      .match(
        /\b(?:(flag\w*|mark\w*)|suppress\w*|exclud\w*|drop\w*|leav\w* out|hid\w*|ignor\w*|skip\w*|remov\w*)\s+(?:the\s+|any\s+|all\s+)?([\p{L}-]+)\s+(?:with|having|that have|which have|have|has|had)\s*$/u,
      );
    return m ? [`${m[0]}${phrase}`.trim(), m[1] ? "flag" : "leave", m[2] as string] : null;
  };
  const plural = (word: string) =>
    /s$/.test(word)
      ? word
      : /(?:x|ch|sh)$/.test(word)
        ? `${word}es`
        : /[^aeiou]y$/.test(word)
          ? `${word.slice(0, -1)}ies`
          : `${word}s`;
  /** The groups outside a bound of one end: "fewer than 10" left out are those with at least 10. */
  const invertedBound = (bound: FollowersBound & { op: BoundOp }): FollowersBound => ({
    op: ({ under: "at least", "at most": "over", over: "at most", "at least": "under" } as const)[bound.op],
    value: bound.value,
  });
  const flagged = videosBound ? flaggedGroups(videosBound.phrase) : null;
  let groupVideos: FollowersBound | null = null;
  let groupsOf: (FollowersBound & { phrase: string }) | null = null;
  if (videosBound && ["creators", "advertisers", "hashtags", "sounds"].includes(subject)) {
    groupVideos = boundOnly(videosBound);
    understood.push(
      `${subject} with ${boundWords(videosBound)} of the videos in question (from "${videosBound.phrase}")`,
    );
  } else if (
    videosBound &&
    // (Not the groups flagged or left out: "flag hours with fewer than 20 videos".)
    (/(?<!\b(?:flag\w*|mark\w*|suppress\w*|exclud\w*|drop\w*|leav\w* out|hid\w*|ignor\w*|skip\w*|remov\w*|without|except)\s+(?:the\s+|any\s+|all\s+)?)\b(languages?|regions?|countr(?:y|ies)|hook[- ]?types?|formats?|months?|quarters?|years?|weeks?|days?|hours?|groups?|bands?|topics?)\s+(?:with|having|that have|which have|have|has|had)\s*$/.test(
      lowerAll.slice(0, Math.max(0, lowerAll.indexOf(videosBound.phrase))),
    ) ||
      // ("How many searches have at least 10 ads?", "which searches have more than 8 ads?": each search's; not the
      // searches flagged or left out, "suppressing searches with fewer than 100 videos".)
      (collections.size > 0 &&
        /(?<!\b(?:flag\w*|suppress\w*|exclud\w*|drop\w*|leav\w* out|hid\w*|ignor\w*|skip\w*|remov\w*|without|except|only counting|counting only)\s+(?:the\s+|any\s+|all\s+)?)\b(?:searches|search (?:terms|inputs|queries))\s+(?:with|having|that have|which have|have|had|has)\s*$/.test(
          lowerAll.slice(0, Math.max(0, lowerAll.indexOf(videosBound.phrase))).length > 0
            ? question.toLowerCase().slice(0, Math.max(0, question.toLowerCase().indexOf(videosBound.phrase)))
            : "",
        )))
  )
    // ("For each language with at least 10 videos": the groups of a breakdown with that many, below.)
    groupsOf = videosBound;
  else if (videosBound && flagged?.[1] === "leave" && videosBound.op !== "between") {
    // ("Skip any hour with fewer than 10 videos", "dropping searches with fewer than 50": the others are the groups;
    // the words that said so are read.)
    groupsOf = { ...invertedBound(videosBound), phrase: flagged[0] };
    const at = lowerAll.indexOf(flagged[0]);
    if (at >= 0) text = consume(text, at, flagged[0].length - videosBound.phrase.length);
  } else if (videosBound && flagged)
    // ("… and flag hours with fewer than 20 videos": every group is shown with its number of videos, none flagged.)
    ignored.push(
      `${videosBound.phrase} (groups are not flagged or left out by their number of videos: each is shown with its number; to see only those, ask "which ${plural(flagged[2])} have ${videosBound.phrase}?")`,
    );
  else if (videosBound)
    ignored.push(`${videosBound.phrase} (a bound on how many videos each creator has: ask about creators)`);
  // Where each topic was written (first character, end), for "Da Lat or Vung Tau" comparisons.
  const topicSpans = new Map<string, { at: number; end: number }>();
  // Misspelt names read as the hashtag nearest to them (respeltAt).
  const respelt: { written: string; tag: string }[] = [];
  const addTopic = (tag: string, from: string, at: number, end: number, asText?: string, near = false) => {
    if (topics.includes(tag)) return;
    topics.push(tag);
    topicSpans.set(tag, { at, end });
    understood.push(
      asText
        ? `text ${tag.startsWith('"') ? tag : `"${tag}"`} (${asText}; matched like q: ${tag.startsWith('"') ? "the words together, in this order," : "as a word"} in captions, hooks, transcripts and hashtags)`
        : `topic "${tag}" (${from === tag ? "" : `from "${from}"${near ? ", respelt" : ""}: `}${near ? "the nearest hashtag" : "a hashtag"} the corpus uses; matched as a word in captions, hooks, transcripts and hashtags)`,
    );
  };
  /**
   * The collections the topics written just before "search" at `at` name, "the Cần Thơ search" hotelcantho (a kind
   * of place may stand between: "the Hanoi hotel search"; before: "hotel luxury search"); for "searches", those
   * listed before it too ("the Hanoi and Saigon searches").
   */
  const searchesBefore = (at: number, plural: boolean): { topic: string; name: string; at: number }[] => {
    const found: { topic: string; name: string; at: number }[] = [];
    // ("The Vung Tau or District 1 searches": a district written with its number names its search, a tag or not.)
    const districts = [...original.matchAll(/\bqu(?:ậ|a)n\s+(\d{1,2})\b/giu)]
      .filter((m) => !topicSpans.has(`quan${m[1]}`) && collectionOfPlace(`quan${m[1]}`, collections) !== null)
      .map((m): [string, { at: number; end: number }] => [
        `quan${m[1]}`,
        { at: m.index ?? 0, end: (m.index ?? 0) + m[0].length },
      ]);
    const spans = [...topicSpans, ...districts].sort((x, y) => y[1].at - x[1].at);
    let end = at;
    for (const [topic, span] of spans) {
      if (span.end > end) continue;
      const between = original.slice(span.end, end);
      // ("The Quận 1 search": a district's number after its word.)
      const numbered = between.match(/^\s+(\d{1,2})(?=[\s,])/);
      const joined =
        found.length === 0
          ? /^[\s-]*(?:\d{1,2}\s+)?(?:(?:hotels?|city|khách sạn|khach san)\s+)?$/i.test(between)
          : /^(?:\s+\d{1,2})?\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&|vs\.?|versus)\s+)(?:the\s+)?$/i.test(
              between,
            );
      if (!joined) break;
      const place = `${topic.replaceAll('"', "")}${numbered?.[1] ?? ""}`;
      // ("hotel luxury search", "the hotel Hanoi search": the kind written before the place, a topic of its own.)
      const kind = spans.find(
        ([t, k]) =>
          k.end <= span.at && /^\s*$/.test(original.slice(k.end, span.at)) && SEARCH_KIND_WORD.test(t),
      );
      const name =
        collectionOfPlace(place, collections) ??
        (kind ? collectionOfPlace(`${kind[0]}${place}`, collections) : null);
      let from = span.at;
      if (kind && name?.startsWith(kind[0])) {
        found.push({ topic: kind[0], name, at: kind[1].at });
        from = kind[1].at;
      }
      if (!name) break;
      found.push({ topic, name, at: span.at });
      end = from;
      if (!plural) break;
    }
    return found;
  };
  // (Prices quoted as examples of a price stated, 'like "160k/người"', are what it means, not words to find.)
  for (const q of quoted)
    if (
      (!priceRead || !statesPrice(q.text)) &&
      !(phoneJoined && q.at >= phoneJoined.at && q.at < phoneJoined.end)
    )
      addTopic(
        q.text,
        q.text,
        q.at,
        q.end,
        phrased.includes(q.text.toLowerCase()) ? "a code named by its kind, read as one phrase" : "quoted",
      );
  // "Which videos mention breakfast?": after a verb of saying, a word the corpus uses as no hashtag is text to find.
  // (Not what people say of the videos: "everyone says post at 7pm", "my boss said …", "a travel blog says …", "is
  // it accurate to say …".)
  const mentionAt = lowerAll
    .replace(
      /\b(?:everyone|everybody|people|they|someone|somebody|experts?|gurus?|my (?:boss|client|manager|team)|the internet|he|she|you|(?:an?|the|one|my|our|their|this|that)\s+(?:[\p{L}-]+\s+){0,2}?(?:blog|article|report|post|reporter|journalist|study|deck|source|friend|colleague|agency|competitor|client|boss|manager|guide|consultant|influencer|marketer|website|site|newsletter|book|draft|tweet|story|press release|release|headline|piece|paper|thread|reader|viewer|commenter|statement|memo|pitch|slide|dashboard|editor|writer|analyst|researcher)s?)\s+(?:says?|said|keeps? saying|claims?|claimed|wrote|writes|suggests?|suggested|reports?|reported|states?|stated)\b|\b(?:is it|it is|it's|would it be|would you|can we|can i|could we|could you)\s+(?:(?:accurate|true|fair|right|correct|safe|reasonable)\s+)?(?:to\s+)?say\b/gu,
      (m) => " ".repeat(m.length),
    )
    .search(MENTION_CUE);
  const mentionCue = mentionAt >= 0 ? (lowerAll.slice(mentionAt).match(MENTION_CUE)?.[0] ?? "") : "";
  // (What is said ends where another clause starts: "videos mentioning 'view biển' by saves, and which city each
  // one belongs to".)
  // ("How many videos mention a gym; what about a rooftop?": the same asked again reaches on.)
  const clause =
    mentionAt >= 0
      ? lowerAll
          .slice(mentionAt + mentionCue.length)
          .replace(/[;:.?!,]?\s*(?:and\s+)?(?:(?:what|how)\s+about|(?:the\s+)?same\s+for)\b/g, (m) =>
            " ".repeat(m.length),
          )
          .search(
            /[;:.?!](?:\s|$)|,?\s+(?:and|but|then|also)?\s*(?:which|what|how|who|where|when|whether|tell|show|give|list|rank)\b|,?\s+(?:and\s+|but\s+)?if\b|,\s*(?:and\s+)?(?:could|can|would|will)\s+you\b|\s(?:by|on) (?:the )?(?:views?|plays?|likes?|comments?|shares?|saves?)\b|,\s*(?:with|incl(?:uding)?|plus)\s+(?:their\s+|the\s+|each\s+(?:one['’]s\s+)?)?(?:dates?|ids?|links?|urls?|plays|views|likes|captions?|authors?|handles?|creators?|accounts?|posting dates?)\b/,
          )
      : -1;
  const mentionEnd = clause < 0 ? Number.POSITIVE_INFINITY : mentionAt + mentionCue.length + clause;
  // "Which hashtags do the top creators use?", "the sounds of the 5 biggest creators": the videos of the creators
  // with the most followers (as "the top creators" are ranked), not a ranking of creators. Its words are read
  // here (a word between, "the biggest hotel creators", is still a topic).
  // "What share of views do the top 10 creators get?", "how concentrated are views among creators?": how much
  // of the measure the leading accounts (videos, hashtags) hold.
  const concentrationShare =
    /\b(share|percentage|percent|proportion|fraction|how much)\b[^?]*\b(views|plays|likes|comments|shares|saves)\b|\d\s*%\s*of\s+(?:the\s+|all\s+)?(?:total\s+)?(?:views|plays|likes|comments|shares|saves)\b|\bhalf of (?:all |the )?(?:total )?(?:views|plays|likes)\b/.test(
      lowerAll,
    ) || /\b(views|plays|likes)\b[^?]*\b(share|percentage|percent|proportion|fraction)\b/.test(lowerAll);
  // ("… falls on the 10 most-commented videos": the top 10 by that measure.)
  const concentrationTop =
    lowerAll.match(
      new RegExp(
        `\\btop (\\d{1,4}|${NUMBER_WORD})?\\s*(%|percent)?\\s*(?:of )?(?:the )?(?:[\\p{L}]+ )?(creators|videos|accounts|advertisers|brands|hashtags|sounds)\\b`,
        "u",
      ),
    ) ??
    lowerAll.match(
      new RegExp(
        `\\b(?:the )?(\\d{1,4}|${NUMBER_WORD})()\\s+most[- ](?:commented|viewed|liked|shared|saved|played|watched|popular) (creators|videos|accounts|advertisers|brands|sounds)\\b`,
        "u",
      ),
    );
  // "How few creators account for half of all plays?": how many of the largest hold half.
  const halfHeld =
    /\bhow (?:few|many) (?:creators|accounts|videos|advertisers|brands|sounds) (?:account for|hold|get|make up|produce|drive|generate)\b[^?]*\bhalf\b[^?]*\b(?:views|plays|likes|comments|shares|saves)\b/.test(
      lowerAll,
    );
  // ("What share of all ads do the top five advertisers represent?": of the videos themselves, counted.)
  const concentrationOfVideos =
    !concentrationShare &&
    concentrationTop !== null &&
    concentrationTop[3] !== "videos" &&
    /\b(share|percentage|percent|proportion|fraction|how much)\b[^?]*\b(?:all |the )?(videos|ads|uploads|posts)\b/.test(
      lowerAll,
    );
  // "Share of voice in #khachsandalat", "what share of the #daophuquy plays does each creator have": how the
  // views divide among the creators.
  const voice =
    /\bshare of voice\b|\bsov\b|\bshare of (?:the )?(?:[#\p{L}\p{N}]+ )?(?:views|plays|likes|reach)\b[^?]*\beach (?:creator|account|brand|hotel)\b|\b(?:what|which) share of (?:the )?(?:[#\p{L}\p{N}]+ )?(?:views|plays|likes)\b[^?]*\beach (?:creator|account|brand|hotel)\b/u.test(
      lowerAll,
    );
  const concentrationAsked =
    (concentrationShare && concentrationTop !== null) ||
    concentrationOfVideos ||
    halfHeld ||
    voice ||
    (/\bconcentrat\w*\b/.test(lowerAll) && /\b(views|plays|likes|reach)\b/.test(lowerAll));
  let concentration: Plan["concentration"] = null;
  if (concentrationAsked) {
    // (Hashtags are left out: a video carries several, so their shares overlap.)
    const kind =
      concentrationTop?.[3] ??
      // (A share of voice is the accounts': "% of videos and % of plays for each hotel account".)
      (voice
        ? "creators"
        : lowerAll.match(/\b(creators|videos|accounts|advertisers|brands|sounds)\b/)?.[1]) ??
      "creators";
    concentration = {
      of: /^(creators|accounts)$/.test(kind)
        ? "creator"
        : /^(advertisers|brands)$/.test(kind)
          ? "advertiser"
          : kind === "videos"
            ? "video"
            : "sound",
      top: concentrationTop?.[1] ? numberOf(concentrationTop[1]) : null,
      percent: Boolean(concentrationTop?.[2]),
    };
    if (concentrationTop) {
      // ("The top 10% of hotel creators": a word before the noun, "hotel", stays for the passes that read topics.)
      const at = concentrationTop.index ?? 0;
      const said = concentrationTop[0];
      const noun = said.lastIndexOf(concentrationTop[3] as string);
      const between = said.slice(0, noun).match(/(?<=\s)(?!(?:of|the)\s)[\p{L}]+\s$/u);
      if (between) {
        text = consume(text, at, noun - between[0].length);
        text = consume(text, at + noun, said.length - noun);
      } else text = consume(text, at, said.length);
    }
    for (const m of [
      ...text.matchAll(
        /\b(concentrat\w*|share of voice|sov|share|percentage|percent|proportion|fraction|among|how few|account for|half|each (?:creator|account|brand|hotel)|have|has)\b/g,
      ),
    ])
      text = consume(text, m.index ?? 0, m[0].length);
  }
  const creatorSetSaid =
    subject === "advertisers" || concentration
      ? null
      : (lowerAll.match(
          new RegExp(
            `\\bthe (?:(?:top|biggest|largest|most followed|leading)(?: (\\d{1,3}|${NUMBER_WORD}))?|(\\d{1,3}|${NUMBER_WORD}) (?:top|biggest|largest|most followed|leading)) (?:([\\p{L}]+) )?(?:creators|influencers|accounts|tiktokers)(?:['’]s?)?(?![\\p{L}'’])`,
            "u",
          ),
        ) ?? oneBiggest(lowerAll));
  // (Creators asked about are not a set of creators' videos, unless their videos are what is asked: "the 3 most
  // viewed videos of the biggest creator".)
  const creatorSet =
    creatorSetSaid &&
    (!(subject === "creators" && metric !== "videos") ||
      /\b(?:videos?|posts?|clips?|uploads?|content|vids?)\s+(?:of|by|from)\s+$/.test(
        lowerAll.slice(0, creatorSetSaid.index ?? 0),
      ))
      ? creatorSetSaid
      : null;
  // ("The top 3 videos of the creator with the most followers": that creator's videos, not a ranking by followers.)
  if (creatorSet?.[0].endsWith("followers") && metric === "followers") {
    unsay(/^metric /);
    metric = null;
  }
  if (creatorSet) {
    const at = creatorSet.index ?? 0;
    const between = creatorSet[3];
    const betweenAt = between ? at + creatorSet[0].lastIndexOf(` ${between} `) + 1 : -1;
    text =
      betweenAt < 0
        ? consume(text, at, creatorSet[0].length)
        : consume(
            consume(text, at, betweenAt - at),
            betweenAt + (between as string).length,
            at + creatorSet[0].length - betweenAt - (between as string).length,
          );
  }
  const words = [...text.matchAll(WORD)].map((m) => ({ raw: m[0] as string, at: m.index ?? 0 }));
  const isCapital = (at: number) => /^\p{Lu}/u.test(original.slice(at, at + 1));
  // The word at `at` opens the question or a sentence (its capital names nothing).
  // (After a colon, a capitalised list is names: "which gets the most comments: Blue Sea, Aquatel or Premier
  // Pearl?")
  const opensSentence = (at: number) =>
    /(^|[.?!;]\s*)$/.test(original.slice(0, at)) ||
    (/:\s*$/.test(original.slice(0, at)) &&
      !/^(?:\p{Lu}[\p{L}\p{N}'’&.-]*\s+){0,3}?\p{Lu}[\p{L}\p{N}'’&.-]*\s*(?:,|\bor\b|\bvs\b|\bversus\b|\band\b)/u.test(
        original.slice(at),
      ));
  let namesLooked = 0;
  // Words linked to nothing, where they were written (read again below, beside a topic they are set against).
  const unlinked: { word: string; raw: string; at: number }[] = [];
  let searchNamed = false;
  // "What Are The Best Hotel Videos": capitals that name nothing.
  // (Short questions are not: "Did Traveloka run any ads here?" has one capital among its long words after the
  // first word.)
  const longWords = original.replace(/^\s*\S+/, "").match(/[\p{L}]{4,}/gu) ?? [];
  const capitals = longWords.filter((w) => /^\p{Lu}/u.test(w)).length;
  // (Nor one whose everyday words are written small, its capitals names: "Which gets more comments, Aquatel or
  // Premier Pearl?")
  const everyday = longWords.filter((w) => EVERYDAY_WORDS.test(w));
  const titleCase =
    capitals >= 2 &&
    capitals * 2 >= longWords.length &&
    everyday.filter((w) => /^\p{Lu}/u.test(w)).length * 2 >= everyday.length;
  const spent = new Set<number>();
  // Words read as a phrase written with accents: in a question seemingly not in English, still words unread.
  let phraseWords = 0;
  for (let i = 0; i < words.length; i++) {
    if (spent.has(i)) continue;
    const { raw, at } = words[i] as { raw: string; at: number };
    // (The possessive of a plural too: "creators' videos".)
    let word = raw.replace(/['’]s?$/, "").replace(/[._-]+$/, "");
    const hashed = text[at - 1] === "#";
    if (word.length === 0) continue;
    // ("A travel blog says …", "I run a tour agency in Phu Quoc": the kind of source or business, no topic.)
    if (
      !hashed &&
      word.length >= 3 &&
      !FUNCTION_WORDS.has(word) &&
      SOURCE_NOUN_AFTER.test(text.slice(at + raw.length))
    ) {
      if (!ignored.includes(word)) ignored.push(word);
      continue;
    }
    // The possessive left after a linked name: "Keypad Hotel's videos".
    if (word === "s" && /['’]/.test(text[at - 1] ?? "")) continue;
    // "Can Tho", "Long An": a place written apart, capitalised as a name, whose first word is also a function word.
    const next = words[i + 1];
    // ("for can tho hotels": in lower case, before what is found there.)
    const before = words[i + 2];
    const lowerPlace =
      next !== undefined &&
      !FUNCTION_WORDS.has(next.raw.toLowerCase()) &&
      (before === undefined
        ? /^\W*$/.test(text.slice(next.at + next.raw.length))
        : /^(hotels?|homestays?|resorts?|villas?|hostels?|videos?|posts?|creators?|accounts?|ads?)$/i.test(
            before.raw,
          ));
    // ("can tho top 5 accts": in lower case, opening the question or after "in", "for" …, looked up among the
    // hashtags, which costs no search of the text.)
    const lowerOpening =
      next !== undefined &&
      !isCapital(at) &&
      !lowerPlace &&
      !FUNCTION_WORDS.has(next.raw.toLowerCase()) &&
      (opensSentence(at) ||
        /\b(?:in|at|for|about|from|near|around|of)\s+$/.test(lowerAll.slice(Math.max(0, at - 8), at)));
    if (
      !hashed &&
      FUNCTION_WORDS.has(word) &&
      next &&
      ((isCapital(at) && isCapital(next.at)) || lowerPlace || lowerOpening) &&
      // ("Can Tho videos by hour": a sentence may open with the name; "Can I …" opens a question.)
      (!opensSentence(at) ||
        !/^(i|you|we|they|he|she|it|my|our|your|this|that|these|those|the|a|an|any|all|hotel|hotels|video|videos)$/i.test(
          next.raw,
        )) &&
      (lowerOpening || namesLooked++ < MAX_NAME_LOOKUPS)
    ) {
      const place = await compoundAt(facts, words, i, lowerAll, true);
      // (In lower case elsewhere, the place must be tagged more than its second word alone: "top dalat" is #dalat.)
      const opening =
        place !== null &&
        lowerOpening &&
        place.use > (await facts.hashtagUse(foldText(next.raw), FORM_USE_CAP));
      if (place && (!lowerOpening || opening)) {
        const last = words[i + place.words - 1] as { raw: string; at: number };
        addTopic(place.tag, place.phrase, at, last.at + last.raw.length);
        for (let j = i; j < i + place.words; j++) spent.add(j);
        continue;
      }
    }
    if (
      !hashed &&
      (FUNCTION_WORDS.has(word) ||
        FUNCTION_WORDS.has(singular(word)) ||
        ((word in METRIC_WORDS || word in UNKNOWN_MEASURES) &&
          !mentionedSpans.some(([from, to]) => at > from && at < to)) ||
        word in SUBJECT_WORDS ||
        singular(word) in SUBJECT_WORDS ||
        /^\d+(\.\d+)?%?$/.test(word))
    )
      continue;
    if (
      /^(apps?|games?|dtc|d2c|shops?|e-?commerce|hire|hireable|hire-?ready|house|owned|language|speaking)$/.test(
        word,
      ) ||
      // The words of "should I partner with … for a campaign" (read as hire-ready creators).
      (creatorType === "hire_ready" &&
        /^(partner|collaborate|collab|team|sponsor|campaign|collaboration|partnership|sponsorship|influencer|program)$/.test(
          word,
        ))
    )
      continue;
    if (
      lengthGroups &&
      !hashed &&
      /^(long|longer|short|shorter|lengths?|durations?|seconds?|minutes?|mins?|ones)$/.test(word)
    ) {
      if (!lengthWords.includes(word)) lengthWords.push(word);
      continue;
    }
    // ("hotelhoian (n=228) vs hotelhue", "#hotelphuquy", where the question speaks of searches: a collection's
    // name few videos carry as a tag is the search; beside a search named, any one, below.)
    if (
      collections.has(word) &&
      (!hashed || SEARCH_SPOKEN.test(lowerAll) || (await facts.hashtagUse(word, 1)) === 0) &&
      !(await commonTag(word))
    ) {
      collectionRead([word], raw);
      placeCollections(at);
      continue;
    }
    const handleLike = /[._\d]/.test(word) || word.length >= 4;
    // ("evan_holmes_": a handle may end with "_", which no word does.)
    const trailing = text.slice(at + raw.length).match(/^_+(?![\p{L}\p{N}])/u)?.[0] ?? "";
    const asHandle =
      handleLike && !hashed
        ? ((trailing ? await facts.creatorByHandle(`${word}${trailing}`) : null) ??
          (await facts.creatorByHandle(word)))
        : null;
    // ("hotelphuquoc vs hotelnhatrang": a handle written without "@" that is a hashtag of others' videos more
    // than of the account's own is the topic, as a display name is, and so is a search's name, "hotelluxury",
    // read below as the place or kind it names; a verified account stays the account.)
    const asTopic =
      asHandle && !asHandle.verified
        ? (await facts.hashtagUse(word, TOPIC_MIN_USE)) >= TOPIC_MIN_USE
          ? word
          : ((await searchedPlace(facts, word))?.tag ?? null)
        : null;
    if (
      asHandle &&
      asTopic !== null &&
      (await facts.count({ q: asTopic, author_uid: asHandle.uid })) * 2 < (await facts.count({ q: asTopic }))
    )
      understood.push(
        `"${word}" read as the topic, not as @${asHandle.handle} (most videos about it are others'; for the account, write "@${asHandle.handle}")`,
      );
    else if (asHandle) {
      if (!creators.some((c) => c.uid === asHandle.uid)) creators.push(asHandle);
      understood.push(`creator @${asHandle.handle} (uid ${asHandle.uid}, from "${word}")`);
      continue;
    }
    const named = hashed ? null : await displayNameAt(facts, original, words, i, spent);
    if (named) {
      const { creator, phrase, tag } = named;
      if (!creators.some((c) => c.uid === creator.uid)) creators.push(creator);
      understood.push(
        `creator @${creator.handle} (uid ${creator.uid}, by display name "${phrase}"${tag ? `; for the videos about #${tag}, ask about "#${tag}"` : ""})`,
      );
      continue;
    }
    // "3-5 videos": numbers (how many to list, a bound), not the hashtag #35; one no count or bound read is said
    // to be unused ("creators with 1 video, 2-3 or 4-7").
    if (/^\d+[–-]\d+$/.test(word)) {
      if (!/\b(top|first|list|show|give|name)(\s+(me|the))*\s*$/.test(lowerAll.slice(0, at)))
        ignored.push(`${raw} (a range of numbers with no count it bounds)`);
      continue;
    }
    // (A figure keeps its point: "4.8m".)
    word = word.replace(/(?<!\d)\.|\.(?!\d)|[_-]/g, "");
    const compound = hashed ? null : await compoundAt(facts, words, i, lowerAll);
    // "Bồn tắm", "khuyến mãi", "Hồ Gươm", "gia đình": words written with accents, side by side, are one phrase
    // (as if quoted) when they run together into no hashtag and some video has them together.
    // (Capitalised, "Bà Nà Hills", "Châu Đăng Khoa", they are a name, read whole below.)
    const accented =
      hashed || compound || (isCapital(at) && !opensSentence(at))
        ? null
        : await accentedPhraseAt(facts, words, i, lowerAll, isCapital);
    if (accented) {
      phraseWords += accented.words;
      const last = words[i + accented.words - 1] as { raw: string; at: number };
      addTopic(
        `"${accented.phrase}"`,
        accented.phrase,
        at,
        last.at + last.raw.length,
        "words written with accents",
      );
      for (let j = i; j < i + accented.words; j++) spent.add(j);
      continue;
    }
    // ("Which of those three cities' videos …": the places named, not #cities.)
    if (!hashed && GENERIC_PLACES.test(word)) {
      if (!ignored.includes(word)) ignored.push(word);
      continue;
    }
    // ("The #hotelphuquy search", "hoteltuyenquang in 2024 vs 2023": a search term few videos carry as a tag, a
    // kind of place and the place, is what the search was for, #phuquy; "#hotelphuquy" alone is the tag where
    // videos carry it, and "hotel-video authors" no search.)
    const searched =
      (!hashed && /^[\p{L}\p{N}]+$/u.test(raw)) ||
      // ("The #hotelhagiang and #hoteltuyenquang searches": each search named where the question speaks of
      // searches; and a search's name no video carries as a tag, anywhere.)
      /\bsearch(?:es|ed)?\b/.test(lowerAll) ||
      (hashed && (await facts.hashtagUse(foldText(word), 1)) === 0)
        ? await searchedPlace(facts, word)
        : null;
    if (searched) {
      addTopic(searched.tag, raw, at, at + raw.length);
      understood.push(
        `the search "${word}" read as what it names after "${searched.kind}", #${searched.tag} (few videos carry #${foldText(word)})`,
      );
      continue;
    }
    // ("#MyCostume", on 4 videos: a hashtag written with "#" names it, however few videos carry it; a figure
    // written without one, "just under 100k", is no #100k.)
    const tag =
      !hashed && /^\d[\d.,]*[kmb]$/.test(word)
        ? null
        : await hashtagOf(facts, [word, singular(word)], hashed ? 1 : TOPIC_MIN_USE);
    // "Ha Long Bay": #halong (80 tag uses in the real scrape), not "ha" (5) and two unknown words. A word
    // whose join is not far more used stays itself: "boutique hotel" is "boutique" (8, against 16 for
    // #boutiquehotel) and hotel, as wide as the words.
    const tagUse = tag && compound ? await facts.hashtagUse(tag, FORM_USE_CAP) : 0;
    if (tag && !(compound && compound.use >= COMPOUND_OVER_WORD * tagUse)) {
      addTopic(tag, tag, at, at + raw.length);
      continue;
    }
    if (compound) {
      const last = words[i + compound.words - 1] as { raw: string; at: number };
      addTopic(compound.tag, compound.phrase, at, last.at + last.raw.length);
      for (let j = i; j < i + compound.words; j++) spent.add(j);
      continue;
    }
    const capital = original.slice(at, at + 1);
    const nick =
      // A single letter ("Q: …", "A: …") is no display name, whoever chose it.
      raw.length >= 2 && capital === capital.toUpperCase() && /\p{L}/u.test(capital)
        ? await facts.creatorByNickname(raw)
        : null;
    if (nick) {
      if (!creators.some((c) => c.uid === nick.uid)) creators.push(nick);
      understood.push(`creator @${nick.handle} (uid ${nick.uid}, by display name "${raw}")`);
      continue;
    }
    // "Nha trag", "vungtao vs da nang": a misspelt name, read as the hashtag nearest to it.
    const near = hashed ? null : await respeltAt(facts, words, i, lowerAll);
    if (near) {
      const last = words[i + near.words - 1] as { raw: string; at: number };
      addTopic(near.tag, near.phrase, at, last.at + last.raw.length, undefined, true);
      respelt.push({ written: near.phrase, tag: near.tag });
      for (let j = i; j < i + near.words; j++) spent.add(j);
      continue;
    }
    // (Not a single letter: "how many vids n views".)
    if (
      mentionAt >= 0 &&
      at > mentionAt &&
      at < mentionEnd &&
      !hashed &&
      word.length >= 2 &&
      !NOT_MENTIONED.test(word)
    ) {
      addTopic(foldText(word), raw, at, at + raw.length, `after "${mentionCue}"`);
      continue;
    }
    // "Pets videos", "skincare ads", "videos about christmas": a word right before the noun of the set, or
    // right after "about" / "featuring" following it, is what the set is about, even as no hashtag.
    // (Not in a claim quoted: "#capcut template videos flop" names #capcut, and its other words say what is claimed.)
    const claimed = claimSpans.some(([from, to]) => at >= from && at < to);
    const setNoun =
      !hashed && !claimed && !NOT_TOPICAL.test(word) && !FIGURE_WORD.test(word)
        ? (lowerAll.slice(at + raw.length).match(SET_NOUN_AFTER)?.[1] ??
          lowerAll.slice(0, at).match(SET_NOUN_BEFORE)?.[1])
        : undefined;
    if (setNoun) {
      addTopic(foldText(word), raw, at, at + raw.length, `beside "${setNoun}"`);
      continue;
    }
    // "Did Traveloka run any ads?", "resorts in Côn Đảo": a name as written (capitalised words, not opening the
    // question or a sentence, in a question not written in title case) that some video's text has is text to
    // find, though no hashtag or account has it. Not one the corpus never writes ("the Kaggle set"), a month or a
    // day, nor the end of a name read before ("Ha Long Bay": #halong).
    if (
      !hashed &&
      !claimed &&
      !titleCase &&
      raw.length >= 2 &&
      isCapital(at) &&
      !opensSentence(at) &&
      !NOT_TOPICAL.test(word) &&
      !CALENDAR_WORD.test(word) &&
      ![...topicSpans.values()].some((span) => /^ ?$/.test(original.slice(span.end, at)))
    ) {
      let last = i;
      while (last + 1 < words.length && !spent.has(last + 1)) {
        const next = words[last + 1] as { raw: string; at: number };
        const prev = words[last] as { raw: string; at: number };
        if (!isCapital(next.at) || original.slice(prev.at + prev.raw.length, next.at) !== " ") break;
        last++;
      }
      // (Nor the last word of a longer name that matched nothing whole: "Ninh Hải District", "Tăng Duy Tân"; a
      // word opening the sentence is no such name, "Is Traveloka in here?", and two words may be one, "Đồi Tuyền
      // Lâm".)
      const longer = original.slice(0, at).match(/\p{Lu}[\p{L}\p{N}'’&.-]* $/u);
      const tail = last === i && longer !== null && !opensSentence(at - longer[0].length);
      // ('Đức Phúc\'s "Mùa Hè Tuyệt Vời"': whose song a quoted title is, read with the sound.)
      const artist =
        /['’]s?$/.test(raw) &&
        soundsQuoted.some((q) => q.at >= at + raw.length && q.at - (at + raw.length) <= 3);
      const end =
        (words[last] as { raw: string; at: number }).at + (words[last] as { raw: string }).raw.length;
      const folded = foldText(original.slice(at, end)).trim();
      const name = last > i ? `"${folded}"` : folded;
      // (A few per question: each is a search, and a long question may hold many capitals.)
      if (
        !tail &&
        !artist &&
        name.length >= 3 &&
        namesLooked++ < MAX_NAME_LOOKUPS &&
        (await facts.count({ q: name })) > 0
      ) {
        addTopic(name, raw, at, end, "a name as written");
        for (let j = i + 1; j <= last; j++) spent.add(j);
        continue;
      }
    }
    // ("The Da Lat search", "Hai Phong-search videos": the place named stands for the search, said once below.)
    if (/^search(?:es|ed)?$/.test(word) && topics.length > 0) {
      // ("The Cần Thơ search", "the Hanoi and Saigon searches", "hotel luxury search": where the corpus records the
      // searches, the one each place names, hotelcantho.)
      const named = searchesBefore(at, word === "searches");
      if (named.length > 0) {
        // ("The Saigon or District 1 searches": places listed with "or", one side pooling their searches.)
        const first = Math.min(...named.map((n) => n.at));
        const pooled =
          named.length >= 2 &&
          /\bor\b/.test(lowerAll.slice(first, at)) &&
          !/\b(?:and|vs\.?|versus)\b|&/.test(lowerAll.slice(first, at));
        for (const { topic } of named) {
          if (!topics.includes(topic)) continue;
          topics.splice(topics.indexOf(topic), 1);
          topicSpans.delete(topic);
          unsay(
            new RegExp(`^(?:topic|text) ${escapeForRegExp(topic.startsWith('"') ? topic : `"${topic}"`)} `),
          );
        }
        if (pooled)
          collectionRead(
            named.map((n) => n.name).reverse(),
            `${named
              .map((n) => n.topic.replaceAll('"', ""))
              .reverse()
              .join(" or ")} ${word}`,
            undefined,
            true,
          );
        else
          for (const { topic, name } of named) collectionRead([name], `${topic.replaceAll('"', "")} ${word}`);
        placeCollections(Math.min(...named.map((n) => n.at)));
        continue;
      }
      searchNamed = true;
      continue;
    }
    // ("#VeryBlackFriday": a tag the source left out of the videos' hashtags, still written in their captions.)
    if (
      hashed &&
      word.length >= 2 &&
      namesLooked++ < MAX_NAME_LOOKUPS &&
      (await facts.count({ q: foldText(word) })) > 0
    ) {
      addTopic(
        foldText(word),
        raw,
        at,
        at + raw.length,
        "a hashtag written in captions, not among the videos' hashtags",
      );
      continue;
    }
    if (!ignored.includes(word)) ignored.push(word);
    if (
      !hashed &&
      word.length >= 3 &&
      !NOT_TOPICAL.test(word) &&
      !FIGURE_WORD.test(word) &&
      !CALENDAR_WORD.test(word) &&
      !SET_WORD.test(word) &&
      // (Not a verb after "to", "to pick or guess", nor an adverb, "a big hit or consistently strong".)
      !/\bto\s+$/.test(lowerAll.slice(0, at)) &&
      !/ly$/.test(word) &&
      // (Nor the first word of a longer name: "Mèo Vạc District".)
      !(isCapital(at) && /^ \p{Lu}/u.test(original.slice(at + raw.length)))
    )
      unlinked.push({ word, raw, at });
  }
  // ("How does the #hotelhue search stack up to #hotelhoian?": beside a search named, another one's name is the
  // search too, however many videos carry it as a tag.)
  if (collectionNames.length > 0 && SEARCH_SPOKEN.test(question.toLowerCase()))
    // (Not the kind of place alone, "hotel", a search of its own in some scrapes.)
    for (const topic of topics.filter((t) => collections.has(t) && !SEARCH_KIND_WORD.test(t))) {
      topics.splice(topics.indexOf(topic), 1);
      const span = topicSpans.get(topic);
      topicSpans.delete(topic);
      unsay(new RegExp(`^(?:topic|text) ${escapeForRegExp(`"${topic}"`)} `));
      collectionRead([topic], topic);
      if (span) placeCollections(span.at);
    }
  if (searchNamed)
    understood.push(
      `a search read as the videos about what it names (${collections.size > 0 ? `none of the ${collections.size} searches imported is named so` : "the search that collected each video is not recorded"})`,
    );
  // "novotel vs sofitel", "compare Novotel and videos about Sofitel": a word set against a topic or another such
  // word ("vs", "or", "against"; "and" where a comparison is asked) is a name to find as written, when some
  // video's text has it.
  // (A list joined by commas and "and", where a comparison or a figure for each is asked: "traveloka, pool and
  // villa: median views side by side".)
  const listAsked = CUES.compare.test(lowerAll) || PER_ITEM.test(lowerAll);
  const setAgainst = new RegExp(
    String.raw`^[\s,]*(?:vs\.?|versus|or|against|compared (?:to|with)${listAsked ? String.raw`|and|(?<=,)\s*` : ""})[\s,]*${SET_LEAD}#?$`,
  );
  const found = new Map<string, boolean>();
  const inText = async (word: string) => {
    if (!found.has(word) && namesLooked++ < MAX_NAME_LOOKUPS)
      found.set(word, (await facts.count({ q: word })) > 0);
    return found.get(word) === true;
  };
  const beside = (a: { at: number; end: number }, b: { at: number; end: number }) =>
    (b.at >= a.end && setAgainst.test(lowerAll.slice(a.end, b.at))) ||
    (b.end <= a.at && setAgainst.test(lowerAll.slice(b.end, a.at)));
  const spanOf = (u: (typeof unlinked)[number]) => ({ at: u.at, end: u.at + u.raw.length });
  for (const u of unlinked) {
    const span = spanOf(u);
    // (Set against another such word, both are names some video's text has: "novotel vs sofitel".)
    const against =
      [...topicSpans.values()].some((other) => beside(span, other)) ||
      (await Promise.all(
        unlinked.map(async (x) => x !== u && beside(span, spanOf(x)) && (await inText(x.word))),
      ).then((sides) => sides.some(Boolean)));
    if (!against || !(await inText(u.word))) continue;
    addTopic(foldText(u.word), u.raw, span.at, span.end, "a name set against another");
    ignored.splice(ignored.indexOf(u.word), 1);
  }

  // A follow-up's set, from the context: its topics (the question names none) and the labels the question
  // leaves open (placed first, so none is read as the target of a share).
  if (inherited) {
    for (const tag of inherited.topics)
      if (!topics.includes(tag)) {
        topics.push(tag);
        fromContext.push(`topic "${tag}"`);
      }
    for (const item of inherited.attributes)
      if (
        !placed.some(
          (p) =>
            p.item.kind === item.kind &&
            (item.kind !== "count" ||
              (p.item.kind === "count" &&
                p.item.metric === item.metric &&
                (p.item.op === "over" || p.item.op === "at least") ===
                  (item.op === "over" || item.op === "at least"))),
        )
      ) {
        placed.unshift({ item, at: -1 });
        fromContext.push(attributeLabel(item));
      }
    understood.push(`from the context ("${inherited.sentence}"): ${fromContext.join(", ")}`);
  }
  if (context && creators.length + advertisers.length > 0) {
    // A question about a creator or advertiser: a region the context named elsewhere is no filter on it
    // ("What's the engagement rate of Billie Eilish?" after "hotel videos in Vietnam").
    for (let k = placed.length - 1; k >= 0; k--)
      if (placed[k]?.at === CONTEXT_AT) {
        const [dropped] = placed.splice(k, 1);
        const note = understood.findIndex((u) =>
          u.startsWith(`${attributeLabel((dropped as Placed<Attribute>).item)} (from "context: `),
        );
        if (note >= 0) understood.splice(note, 1);
      }
  }

  // "Da Lat or Vung Tau hotel videos", "hotel vs resort videos": two topics side by side are compared; the
  // other topics apply to both.
  // "The most liked videos about Da Lat or Sa Pa" ranks the videos about either; "which gets more likes, Da
  // Lat or Sa Pa?" compares the two.
  // ("Which videos mention a discount or a voucher?": the videos about either, listed.)
  const RANKS_VIDEOS =
    /\b(?:top|best|most [\p{L}-]+|highest[- ][\p{L}-]+|\d+ most [\p{L}-]+)\s+(?:[\p{L}#]+\s+){0,3}?(?:videos|posts|clips|slideshows|ads)\b|\b(?:show|list|give)(?: me)? the (?:top )?\d{1,3}(?: most [\p{L}-]+| best)?\s*(?:$|[?.!,;:)])|\b(?:sorted|ranked|ordered) by\b|\b(?:which|what|find|show me|list)(?: the)? (?:videos|posts|clips|ads) (?:mention|mentioning|talk about|are about|feature|show)\b(?![^?]*\b(?:and|but)\b)/u;
  // ("More than 200k views" bounds a count; it compares nothing.)
  const unbounded = lowerAll.replace(
    /\b(more|less|fewer|higher|lower) than\s+[\d.,]+\s*(k|m|b|thousand|million)?\b/g,
    " ",
  );
  const SIDE_BY_SIDE =
    /\b(?:more|better|worse|higher|lower|compare\w*|comparison|differ\w*|which (?:one|is|of)|vs\.?|versus|against)\b/;
  let compareTopics: string[] = [];
  // How the compared topics were joined ("or", "vs", …), and topics joined by "or" and not compared: a union.
  let compareJoin: string | undefined;
  let eitherTopics: string[] = [];
  // The words that set eitherTopics apart ("or"; "combined", "searches" after a list joined by "and").
  let eitherCue = "or";
  // Whether eitherTopics were listed with "and" and no video is about them together.
  let eitherApart = false;
  // Whether eitherTopics are examples listed ("(e.g. "280k", "500k")"): of one kind, not compared.
  let examplesListed = false;
  // "Comments-to-likes ratio for #fitness, #gym, #powerlifting and #bodybuilding": three or more hashtags listed
  // after a measure's "for", each one's videos (a video rarely carries them all).
  const inOrder = [...topicSpans].sort((x, y) => x[1].at - y[1].at);
  const hashtagsForMeasure = metric === null ? [] : hashtagsListedFor(inOrder, lowerAll);
  // "Phú Quốc brand roster: Vinpearl, JW Marriott, InterContinental and Novotel. Count + median views each.": three
  // or more names listed after a colon, each one's videos (a video rarely names them all).
  const listedAfterColon = listAfterColon(inOrder, lowerAll);
  if (topics.length >= 2) {
    const ordered = [...topicSpans].sort((x, y) => x[1].at - y[1].at);
    // "Da Lat hotel videos compared with Nha Trang": the first of the topics written together before the
    // joining words is the one compared (the later ones, "hotel", apply to both).
    const firstTogether = (k: number) => {
      let first = k;
      while (first > 0) {
        const [, before] = ordered[first - 1] as [string, { at: number; end: number }];
        const [, here] = ordered[first] as [string, { at: number; end: number }];
        if (lowerAll.slice(before.end, here.at).trim() !== "") break;
        first -= 1;
      }
      return (ordered[first] as [string, unknown])[0];
    };
    const eachOf = lowerAll.match(EACH_OF);
    // ("For #danang, #dulichdanang and #reviewdanang separately: …": the topics listed before the word.)
    const separately = eachOf
      ? null
      : lowerAll.match(/\b(?:separately|individually|respectively|one by one)\b/);
    if (eachOf || separately) {
      const listed = eachOf
        ? ordered.filter(([, span]) => span.at > (eachOf.index ?? 0))
        : ordered.filter(([, span]) => span.end <= (separately?.index ?? 0));
      const gapOk = (j: number) =>
        j === 0 ||
        /^[\s,]*(?:(?:and|or|&)[\s,]*)?$/.test(
          lowerAll
            .slice(
              (listed[j - 1] as [string, { end: number }])[1].end,
              (listed[j] as [string, { at: number }])[1].at,
            )
            .replace(/#$/, ""),
        );
      if (listed.length >= 2 && listed.every((_, j) => gapOk(j))) {
        compareTopics = listed.map(([t]) => t);
        if (separately) keepIgnored((w) => w !== separately[0]);
      }
    }
    // "Captions that ask viewers to comment (e.g. "comment", "bình luận", "cmt")": examples listed, any of them.
    for (let k = 0; k + 1 < ordered.length && eitherTopics.length === 0; k++) {
      const [first, span] = ordered[k] as [string, { at: number; end: number }];
      const before = lowerAll.slice(Math.max(0, span.at - 30), span.at).replace(/["“'#]+$/, "");
      // ("(like "chỉ từ 400k" or "800K 1 đêm")": "like" in brackets too.)
      if (
        !/(?:\b(?:e\.?\s?g\.?|such as|for example|for instance|including)\s*[(:,]?|\((?:\s*like)?)\s*$/.test(
          before,
        )
      )
        continue;
      const run = [first];
      for (let j = k; j + 1 < ordered.length; j++) {
        const gap = lowerAll.slice(
          (ordered[j] as [string, { end: number }])[1].end,
          (ordered[j + 1] as [string, { at: number }])[1].at,
        );
        if (!/^["”'\s]*(?:,|,?\s*or\b)["“'\s#]*$/.test(gap)) break;
        run.push((ordered[j + 1] as [string, unknown])[0]);
      }
      if (run.length < 2) continue;
      eitherTopics = run;
      examplesListed = true;
      // ("Promotions (ưu đãi, combo, giảm, voucher)": the word before the brackets names what the examples are.)
      const named = ordered[k - 1];
      if (named && /^\s*\(\s*["“'#]*$/.test(lowerAll.slice(named[1].end, span.at))) {
        topics.splice(topics.indexOf(named[0]), 1);
        understood.push(`"${named[0]}" read as what the examples in brackets are, not as words to find`);
      }
      // ("Videos that put the price in the caption (like "chỉ từ 400k" or "800K 1 đêm")": a price is what the
      // examples are.)
      for (const word of ["price", "prices", "gia"])
        if (topics.includes(word)) {
          topics.splice(topics.indexOf(word), 1);
          understood.push(`"${word}" read as what the examples are, not as words to find`);
        }
    }
    // "For Hue and Quang Binh combined", "in the Nha Trang and Phu Quoc searches": topics listed and taken together,
    // the videos about any of them (a video is rarely about two places).
    for (let k = 0; k + 1 < ordered.length && eitherTopics.length === 0; k++) {
      const run = listedFrom(ordered, k, lowerAll, "and|&|or");
      const j = k + run.length - 1;
      const after = lowerAll.slice((ordered[j] as [string, { end: number }])[1].end);
      const taken = after.match(
        /^\s*(searches(?: combined)?|search results|(?:results|videos|posts) combined|combined|together|put together|taken together|pooled)\b/,
      );
      if (run.length >= 2 && taken) {
        eitherTopics = run;
        eitherCue = (taken[1] as string).replace(/^(?:results|videos|posts) /, "");
        for (const word of eitherCue.split(" "))
          if (ignored.includes(word)) ignored.splice(ignored.indexOf(word), 1);
      }
      k = j;
    }
    // Topics listed (joined by `joins`, at least `least` of them, a word of `joined` among them when given) that no
    // video is about together, though each has videos: the first such run, or none.
    const listedApart = async (joins: string, least: number, joined?: RegExp): Promise<string[] | null> => {
      for (let k = 0; k + 1 < ordered.length; k++) {
        const run = listedFrom(ordered, k, lowerAll, joins);
        k += run.length - 1;
        if (run.length < least) continue;
        if (joined && !joined.test(lowerAll.slice(...spanBetween(ordered, run)))) continue;
        if ((await facts.count({ q: run.join(" ") })) > 0) continue;
        const alone = await Promise.all(run.map((t) => facts.count({ q: t })));
        if (alone.every((n) => n > 0)) return run;
      }
      return null;
    };
    const mayList =
      hashtagsForMeasure.length === 0 &&
      listedAfterColon.length === 0 &&
      !CUES.compare.test(lowerAll) &&
      !PER_ITEM.test(lowerAll);
    // "Which sounds are resort accounts in Ninh Thuận, Quảng Bình and Phú Quốc using most?": topics listed with
    // "and" that no video is about together, though each has videos, are the videos about any of them, said so
    // (a video is rarely about two places). Compared when a comparison is asked, below.
    const apart = eitherTopics.length === 0 && mayList ? await listedApart("and|&", 2, /\band\b|&/) : null;
    if (apart) {
      eitherTopics = apart;
      eitherCue = "and";
      eitherApart = true;
    }
    // "A bathtub (bồn tắm)", '"hồ bơi" (pool)': a word and its translation in brackets, either one (one written
    // with accents, the other not: "Na Hang (Tuyen Quang)" is a place and where it is, both).
    // (As written, quoted words too: the question read has them blanked.)
    const accents = (span: { at: number; end: number }) =>
      /[^\p{ASCII}]/u.test(spelled.slice(span.at, span.end));
    for (let k = 0; k + 1 < ordered.length && eitherTopics.length === 0; k++) {
      const [first, a] = ordered[k] as [string, { at: number; end: number }];
      const [second, b] = ordered[k + 1] as [string, { at: number; end: number }];
      if (
        /^\s*["”']?\s*\(\s*["“']?$/.test(lowerAll.slice(a.end, b.at)) &&
        /^["”']?\s*\)/.test(lowerAll.slice(b.end)) &&
        accents(a) !== accents(b)
      )
        eitherTopics = [first, second];
    }
    // "christmas/xmas", "Vinpearl / VinWonders", "bad review / complaint videos", "#fyp/#viral": words set apart by a
    // slash offer each other as alternatives, the videos about any of them.
    for (let k = 0; k + 1 < ordered.length && eitherTopics.length === 0; k++) {
      const run = [(ordered[k] as [string, unknown])[0]];
      for (let j = k; j + 1 < ordered.length; j++) {
        const gap = lowerAll.slice(
          (ordered[j] as [string, { end: number }])[1].end,
          (ordered[j + 1] as [string, { at: number }])[1].at,
        );
        if (!/^["”'\s]*\/["“'\s]*#?$/.test(gap)) break;
        run.push((ordered[j + 1] as [string, unknown])[0]);
      }
      const first = ordered[k] as [string, { at: number; end: number }];
      const last = ordered[k + run.length - 1] as [string, { at: number; end: number }];
      const [before, after] = [ordered[k - 1], ordered[k + run.length]];
      if (
        run.length < 2 ||
        // (Not the words of longer names, "khách sạn tình yêu / couple", "afternoon tea / hotel lounge"; nor what
        // is left out, "not hotel / hotelluxury", or set against another, "du thuyền/cruise vs hotel videos"; nor
        // words in handles, "hotel/khachsan/resort in the name".)
        (before && /^\s*$/.test(lowerAll.slice(before[1].end, first[1].at).replace(/#$/, ""))) ||
        (after && /^\s*#?$/.test(lowerAll.slice(last[1].end, after[1].at))) ||
        /\b(?:not|no|excluding|except|without|other than|out|minus|but)\s*(?:\(|the\s+)?["“'#]*$/.test(
          lowerAll.slice(Math.max(0, first[1].at - 30), first[1].at),
        ) ||
        /^["”'\s]*(?:in|within)\s+(?:the|their|its|a)\s+(?:user)?(?:names?|handles?)\b/.test(
          lowerAll.slice(last[1].end),
        ) ||
        SIDE_BY_SIDE.test(unbounded) ||
        PER_ITEM.test(lowerAll) ||
        listedAfterColon.length > 0
      ) {
        k += run.length - 1;
        continue;
      }
      eitherTopics = run;
      eitherCue = "/";
    }
    for (let k = 0; k + 1 < ordered.length && compareTopics.length === 0; k++) {
      const [, l] = ordered[k] as [string, { at: number; end: number }];
      const [right, r] = ordered[k + 1] as [string, { at: number; end: number }];
      // (Without the second topic's "#": "#dalat and #vungtau"; nor the first's "search": "the #a search vs the #b
      // search".)
      // ("Which videos mention a discount or a voucher?": the videos about either, the article no side of its own.)
      const between = lowerAll
        .slice(l.end, r.at)
        .replace(/#$/, "")
        .replace(/^\s*search(?:es)?\b/, "")
        .replace(RANKS_VIDEOS.test(lowerAll) ? /(?<=\bor)\s+an?\s*$/ : /(?!)/, " ");
      // "hotel videos get more likes than resort videos": a comparative ending in "than" between them.
      if (
        /^[\s,]*(?:[\p{L}]+\s+){0,5}?(more|fewer|less|better|worse|higher|lower|bigger|smaller)\s+(?:[\p{L}/]+\s+){0,5}?than[\s,]*$/u.test(
          between,
        )
      ) {
        // ("Is Đà Lạt better than Hà Giang or Sa Pa?": each one listed after "than" too.)
        const more: string[] = [];
        for (let j = k + 2; j < ordered.length; j++) {
          const gap = lowerAll
            .slice(
              (ordered[j - 1] as [string, { end: number }])[1].end,
              (ordered[j] as [string, { at: number }])[1].at,
            )
            .replace(/#$/, "");
          if (!/^\s*(?:,\s*(?:(?:or|and)\s+)?|(?:or|and)\s+)$/.test(gap)) break;
          more.push((ordered[j] as [string, unknown])[0]);
        }
        compareTopics = [firstTogether(k), right, ...more];
        continue;
      }
      // "How many Cát Bà videos are there; what about Đồ Sơn?", "median comments for Vung Tau; same for Nha Trang":
      // the next topic asked the same way, side by side.
      if (
        !eitherTopics.includes(right) &&
        /[;.?,]\s*(?:and\s+)?(?:(?:what|how)\s+about|(?:the\s+)?same\s+for)\s+(?:the\s+|an?\s+)?["“']?$/.test(
          between,
        )
      ) {
        const left = firstTogether(k);
        if (!eitherTopics.includes(left)) {
          compareTopics = [left, right];
          continue;
        }
      }
      // "How many videos about Da Lat, how many about Sa Pa?", "how many Cát Bà videos and how many Đồ Sơn
      // videos?": the count asked again of the next topic, side by side.
      if (
        !eitherTopics.includes(right) &&
        /\bhow many\b/.test(lowerAll.slice(0, l.at)) &&
        /(?:[;.?,]|\band\b)\s*(?:and\s+)?how many(?:\s+(?:videos?|vids?|clips?|posts?))?(?:\s+(?:about|on|in|for|from|mention(?:ing)?|tagged|with))?\s*["“'#]?$/.test(
          between,
        )
      ) {
        compareTopics = [firstTogether(k), right];
        continue;
      }
      // "Vinpearl in Nha Trang vs Vinpearl in Phu Quoc", "Mường Thanh in Tuyen Quang vs Mường Thanh in Quang Binh",
      // "JW Marriott Hà Nội vs JW Marriott Phú Quốc": the places compared, the name repeated applying to both.
      const repeated = between.match(
        /^[\s,:]*(?:vs\.?|versus|against|or|compared (?:to|with))\s+(?:the\s+)?([\p{L}\s'’-]{2,40}?)\s+(?:(?:in|from|for|on|at)\s+)?$/u,
      );
      if (repeated && topics.includes(foldText(repeated[1] as string).replace(/[\s'’-]+/g, ""))) {
        compareTopics = [ordered[k]?.[0] as string, right];
        continue;
      }
      // ("Which hashtag has the highest median plays: #fitness, #anime or #horse?": a list joined by commas, its
      // last one by "or" or "vs", is joined as its last.)
      const gaps = ordered
        .slice(k + 1)
        .map(([, b], j) =>
          lowerAll.slice((ordered[k + j] as [string, { end: number }])[1].end, b.at).replace(/#$/, ""),
        );
      const lastJoin = gaps.findIndex((g) => !/^\s*,\s*$/.test(g));
      // ("For hotelninhthuan, #a vs #b", "in Da Lat, homestay vs hotel": the first is where both are compared.)
      const scope = (at: number) =>
        /(?:^|[^\p{L}])(?:for|in|among|within|inside|across)\s+(?:the\s+)?#?$/u.test(lowerAll.slice(0, at));
      const commaList =
        /^\s*,\s*$/.test(between) &&
        lastJoin > 0 &&
        /^[\s,]*(?:or|vs\.?|versus)\s*$/.test(gaps[lastJoin] as string) &&
        !(scope(l.at) && /^[\s,]*(?:vs\.?|versus)\s*$/.test(gaps[lastJoin] as string));
      const joined =
        between.match(TOPICS_JOINED) ??
        (commaList ? (["", undefined, "or"] as unknown as RegExpMatchArray) : null);
      // (Examples set against the rest are one side: "(like "400k" or "800k 1 đêm") … than ones that don't".)
      if (!joined || (examplesListed && eitherTopics.includes(right) && THE_REST.test(lowerAll))) continue;
      const word = joined[1];
      // ("The Phú Quý search versus Phú Quốc": the search names the place's videos.)
      if (
        word !== undefined &&
        !(word in SUBJECT_WORDS) &&
        !(singular(word) in SUBJECT_WORDS) &&
        !/^search(?:es)?$/.test(word)
      )
        continue;
      const asked =
        CUES.compare.test(unbounded) ||
        /\b(which|what|more|better|higher|best|most|compare|differ\w*)\b/.test(unbounded) ||
        // "How many videos mention price or giá?": each one's videos, and those with either.
        (joined[2] === "or" && /\b(how many|number of|count)\b/.test(lowerAll.replace(MEASURE_COUNT, " ")));
      const unasked =
        !asked ||
        (joined[2] === "and" && !CUES.compare.test(lowerAll)) ||
        (joined[2] === "or" && RANKS_VIDEOS.test(lowerAll) && !SIDE_BY_SIDE.test(unbounded));
      if (unasked && (joined[2] !== "or" || eitherTopics.length > 0)) continue;
      const listed = [firstTogether(k), right];
      // "hotel vs homestay vs resort", "Da Lat, Nha Trang or Vung Tau": each further one joined the same way.
      for (let j = k + 1; j + 1 < ordered.length; j++) {
        const [, a] = ordered[j] as [string, { at: number; end: number }];
        const [next, b] = ordered[j + 1] as [string, { at: number; end: number }];
        const gap = lowerAll.slice(a.end, b.at).replace(/#$/, "");
        if (!/^[\s,]*(?:(or|vs\.?|versus|and)[\s,]*)?$/u.test(gap) || !/[,\p{L}]/u.test(gap)) break;
        listed.push(next);
      }
      // … and each one before, set apart by a comma ("Da Lat, Nha Trang or Vung Tau").
      for (let j = k - 1; j >= 0 && listed[0] === ordered[j + 1]?.[0]; j--) {
        const [earlier, a] = ordered[j] as [string, { at: number; end: number }];
        const [, b] = ordered[j + 1] as [string, { at: number; end: number }];
        if (!/^\s*,\s*$/.test(lowerAll.slice(a.end, b.at).replace(/#$/, ""))) break;
        if (scope(a.at) && /\b(?:vs\.?|versus)\b/.test(lowerAll.slice(b.at))) break;
        listed.unshift(earlier);
      }
      // "The top 5 videos tagged #hoian or #danang": not compared, the videos about either.
      if (unasked) eitherTopics = listed;
      else {
        compareTopics = listed;
        compareJoin = joined[2];
      }
    }
    // "Top 3 videos about Crowne Plaza, Citadines, Wyndham", "median plays of Vinpearl, Sheraton, Marriott videos":
    // three or more topics listed with commas alone, none joined otherwise, that no video is about together though
    // each has videos, are the videos about any of them, said so; compared when a comparison is asked ("—
    // InterContinental, Marriott, Hilton, Hyatt — which one's videos get the best median views?").
    const commas =
      eitherTopics.length === 0 && compareTopics.length === 0 && mayList
        ? await listedApart("(?!)", 3)
        : null;
    if (commas && SIDE_BY_SIDE.test(unbounded)) {
      compareTopics = commas;
      compareJoin = ",";
    } else if (commas) {
      eitherTopics = commas;
      eitherCue = ",";
      eitherApart = true;
    }
  }

  if (
    !listedAfterColon.every((t) => compareTopics.includes(t)) &&
    eitherTopics.length === 0 &&
    listedAfterColon.length > 0 &&
    (await facts.count({ q: listedAfterColon.join(" ") })) === 0
  ) {
    // (Words of a name listed, "Mường Thanh Luxury", and topics of a reading it replaces are no topics.)
    const spanOf = (t: string) => topicSpans.get(t) ?? { at: -1, end: -1 };
    const [first, last] = [spanOf(listedAfterColon[0] as string), spanOf(listedAfterColon.at(-1) as string)];
    for (const t of [...topics])
      if (
        !listedAfterColon.includes(t) &&
        (compareTopics.includes(t) || (spanOf(t).at > first.at && spanOf(t).at < last.end))
      ) {
        topics.splice(topics.indexOf(t), 1);
        if (!ignored.includes(t)) ignored.push(t);
      }
    compareTopics = listedAfterColon;
    compareJoin = "and";
    understood.push("the names listed after the colon, each one's videos");
  }
  // "Pullman, Nikko and Mercure: how many captions name each brand?", "for Vinpearl, Melia and Marriott, show the
  // median plays side by side": topics listed, each one's videos.
  if (
    topics.length >= 2 &&
    compareTopics.length === 0 &&
    eitherTopics.length === 0 &&
    PER_ITEM.test(lowerAll)
  ) {
    const ordered = [...topicSpans].sort((x, y) => x[1].at - y[1].at);
    let best: string[] = [];
    for (let k = 0; k < ordered.length; k++) {
      const run = listedFrom(ordered, k, lowerAll, "and|or|&|vs\\.?|versus");
      if (run.length > best.length) best = run;
    }
    if (best.length >= 2) {
      compareTopics = best;
      compareJoin = "and";
    }
  }
  if (compareTopics.length === 0 && eitherTopics.length === 0 && hashtagsForMeasure.length > 0) {
    compareTopics = hashtagsForMeasure;
    compareJoin = "and";
  }
  // "beach = Nha Trang, Vũng Tàu, Phú Quốc / mountain = Đà Lạt, Hà Giang, Sa Pa", "North = Hanoi, Halong; South =
  // Saigon, Can Tho", "Hanoi + Saigon + Da Nang against Nha Trang + Vung Tau + Phu Quoc": groups the question
  // defines, each the videos about any of its topics, set side by side (`bands`); the groups' names are no topics.
  const groupsNamed = creators.length + advertisers.length === 0 ? groupsDefined(lowerAll, topicSpans) : null;
  if (groupsNamed) {
    // (Two topics joined across the groups, "Da Nang against Nha Trang", are no comparison of their own.)
    compareTopics = [];
    const members = groupsNamed.flatMap((g) => g.topics);
    const names = new Set(groupsNamed.flatMap((g) => g.label.split(/\s+/).map(foldText)));
    for (const t of [...topics]) if (members.includes(t) || names.has(t)) topics.splice(topics.indexOf(t), 1);
    for (const w of [...ignored]) if (names.has(foldText(w))) ignored.splice(ignored.indexOf(w), 1);
    eitherTopics = eitherTopics.filter((t) => !members.includes(t) && !names.has(t));
    for (const g of groupsNamed) {
      const list = g.topics.map((t) => topicWords([t]));
      bands.push({
        label: g.label ? `${g.label} (${list.join(", ")})` : list.join(" + "),
        attributes: [{ kind: "any_text", qs: g.topics }],
      });
    }
    understood.push(
      `groups defined in the question, each the videos about any of its topics: ${bands.map((b) => b.label).join("; ")}`,
    );
  }
  // ("Hạ Long: du thuyền/cruise vids vs regular hotel vids", "#vinhhy beach stuff vs #phanrang city hotel stuff":
  // one "vs" with topics on each side, none joined to another above: the first topic of each side is compared;
  // one before a colon or comma, or after "in" / "for", is where both are. Never all of them together.)
  // (Not a set against its whole, "vs the rest of Đà Lạt", "vs the Nha Trang median", nor against its own
  // absence, "tagged vs untagged", "#fyp vs no #fyp"; nor periods, accounts or shares compared.)
  const sides =
    !groupsNamed &&
    compareTopics.length === 0 &&
    eitherTopics.length === 0 &&
    subject === "videos" &&
    creators.length + advertisers.length < 2 &&
    (window?.periods?.length ?? 0) < 2 &&
    !/\b(?:what|which)\s+(?:share|percentage|percent|proportion|fraction)\b/.test(lowerAll)
      ? await vsSides()
      : null;
  // (Taken back if the topics are not compared after all, below.)
  let vsDropped: { topics: string[]; notes: string[] } | null = null;
  if (sides) {
    const [a, b, dropped] = sides;
    compareTopics = [a, b];
    compareJoin = "vs";
    vsDropped = { topics: dropped, notes: [] };
    for (const t of dropped) {
      topics.splice(topics.indexOf(t), 1);
      const note = `${t} (one topic on each side of "vs" is compared: ${quotedTopic(a)} and ${quotedTopic(b)})`;
      ignored.push(note);
      vsDropped.notes.push(note);
    }
  }
  function quotedTopic(t: string): string {
    return t.startsWith('"') ? t : `"${t}"`;
  }
  async function vsSides(): Promise<[string, string, string[]] | null> {
    const vs = [...lowerAll.matchAll(/\s(?:vs\.?|versus)\s/g)].filter(
      (m) => !quotedAt(lowerAll, m.index ?? 0),
    );
    if (vs.length !== 1 || topics.length < 2) return null;
    const at = (vs[0] as RegExpMatchArray).index ?? 0;
    const spans = [...topicSpans].filter(([t]) => topics.includes(t)).sort((x, y) => x[1].at - y[1].at);
    // Where both are: before a colon or comma that a side's topic follows, or after "in", "for", "among" (one
    // topic of a side is compared, "in the Quang Binh search vs the Ha Long search").
    const sharedAt = (i: number) => {
      const s = (spans[i] as [string, { at: number; end: number }])[1];
      return (
        /(?:^|[^\p{L}])(?:in|for|among|within|across|from)\s+(?:the\s+)?#?$/u.test(lowerAll.slice(0, s.at)) ||
        (s.end < at && /^[^,:;]*?[,:;]/.test(lowerAll.slice(s.end, spans[i + 1]?.[1].at ?? s.end)))
      );
    };
    const split = (before: boolean) => {
      const side = spans.flatMap((span, i) =>
        (before ? span[1].end <= at : span[1].at > at) ? [{ span, i }] : [],
      );
      const compared = side.find(({ i }) => !sharedAt(i));
      return {
        compared: compared?.span[0],
        shared: side.filter((x) => x !== compared && sharedAt(x.i)).map((x) => x.span[0]),
        rest: side.filter((x) => x !== compared && !sharedAt(x.i)).map((x) => x.span[0]),
      };
    };
    const [first, second] = [split(true), split(false)];
    const [a, b] = [first.compared, second.compared];
    if (a === undefined || b === undefined || SET_WORD.test(a) || SET_WORD.test(b)) return null;
    // ("#fyp but not #xuhuong vs #xuhuong but not #fyp": each side's exclusion is the other's, not both sides'.)
    if (placed.some((p) => p.item.kind === "not_text" && [a, b].includes(p.item.q))) return null;
    // Each compared one written near the "vs" (within a few words), and no whole or absence after it.
    const [aSpan, bSpan] = [topicSpans.get(a), topicSpans.get(b)];
    const after = lowerAll.slice(at, bSpan?.at ?? at);
    if (
      !aSpan ||
      !bSpan ||
      at - aSpan.end > VS_REACH ||
      bSpan.at - at > VS_REACH ||
      /\b(?:rest|others?|else|average|avg|median|mean|whole|overall|all|typical|normal|usual|everyone|everything|untagged|non|no|without|not)\b/.test(
        after,
      )
    )
      return null;
    const where = [...first.shared, ...second.shared];
    for (const side of [a, b]) if ((await facts.count({ q: [...where, side].join(" ") })) === 0) return null;
    return [a, b, [...first.rest, ...second.rest]];
  }
  // "How many of the top 100 videos are ads?", "hashtags among the 50 most viewed hotel videos": a set.
  const topSet = lowerAll.match(
    // ("Which hashtags do the top 10 most viewed hotel videos use?": those ten's.)
    /\b(?:of|among|in|from|within|across|(?<=\b(?:hashtags|sounds|songs|hooks) )(?:do|did|does|used by)) the (?:top (\d{1,4})(?! ?(?:%|percent|per cent))(?: most (viewed|played|watched|popular|liked|shared|commented|saved))?|(\d{1,4}) most (viewed|played|watched|popular|liked|shared|commented|saved)) (?:[\p{L}#]+ ){0,2}?(?:videos|posts|clips)\b/u,
  );
  // "How many of the most liked videos are ads?", "the average length of the most commented videos": a set
  // of the videos with the most of a count (the tenth, or the number named), not a measure.
  const mostCounted = lowerAll.match(
    /\bthe most (liked|shared|commented|saved|bookmarked) (?:[\p{L}#]+ ){0,2}?(?:videos|posts|clips|ads|slideshows|ones)\b/u,
  );
  const setCount = (word: string | undefined): Plan["viralBy"] =>
    word === "liked"
      ? "likes"
      : word === "shared"
        ? "shares"
        : word === "commented"
          ? "comments"
          : word === "saved" || word === "bookmarked"
            ? "saves"
            : "plays";
  // "What hook types do the top 5 % of hotel videos use?": the most played 5 %, as "viral" is the tenth.
  // ("What share of views do the top 10 % of videos get?" asks for their share of the views instead.)
  const topPercentAsked = concentration || cutoffAsked ? null : lowerAll.match(TOP_PERCENT);
  const topPercent =
    topPercentAsked && Number(topPercentAsked[1]) > 0 && Number(topPercentAsked[1]) <= 50
      ? Number(topPercentAsked[1])
      : null;
  if (topPercentAsked) text = consume(text, topPercentAsked.index ?? 0, topPercentAsked[0].length);
  const topPlayedAsked = topSet ? Number(topSet[1] ?? topSet[3]) : null;
  if (topSet)
    text = text.replace(/\b(top|most|viewed|played|watched|popular)\b|\d{1,4}/g, (m) => " ".repeat(m.length));
  let countText = creatorSet ? lowerAll.replace(creatorSet[0], " ".repeat(creatorSet[0].length)) : lowerAll;
  if (topPercentAsked) countText = consume(countText, topPercentAsked.index ?? 0, topPercentAsked[0].length);
  if (cutoffAsked) countText = consume(countText, cutoffAsked.index ?? 0, cutoffAsked[0].length);
  const counted = topSet
    ? null
    : countText.match(
        new RegExp(
          `\\b(?:top|bottom|worst|first|list(?: the)?|show(?: me)?(?: the)?|give(?: me)?(?: the)?|name(?: the)?|which(?!\\s+one\\b))\\s+(?:\\d{1,2}\\s*(?:-|–|to)\\s*)?(\\d{1,2}|${NUMBER_WORD})\\b(?![/.]\\d)(?!\\s*(?:seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?|years?)\\b)|\\b(\\d{1,2}|${NUMBER_WORD})\\s+(?:most|best|biggest|largest|highest|top|leading|latest|newest)\\b`,
        ),
      );
  // "How many views did the top video get?": the one video ranked first, not a total over all of them.
  const theTopOne = lowerAll.match(
    /(?:\bthe|'s|\bits|\btheir) (top|best|worst|weakest|biggest|longest|shortest|newest|latest|most[- ](viewed|watched|popular|liked|shared|commented|viral)|number one|#1) ((?!(creators?|accounts?|influencers?|brands?|advertisers?|sounds?|hashtags?|times?|to|for|in|of|at|on|by|with)\b)[\p{L}\p{N}#-]+ ){0,2}?(video|post|clip|ad|slideshow)\b(?!\s+(lengths?|durations?|formats?|types?|ideas?|styles?|sizes?|frequency|times?|days?|hours?|captions?|hooks?)\b)/u,
  );
  // ("The 3 best videos by @x and how many views did each get?", "… the 3 most viewed hotel videos": a ranking.)
  const theTopFew =
    /(?:\bthe|'s|\bits|\btheir) (?:\d{1,2}|two|three|four|five|ten) (?:top|best|biggest|most (?:viewed|watched|popular|liked|shared|commented|saved|viral))\b(?:[- ]performing)? (?:[\p{L}\p{N}#-]+ ){0,2}?(?:videos|posts|clips|ads|slideshows)\b/u.test(
      lowerAll,
    );
  // "How many likes does the most viewed hotel video have?": ranked by views, its likes among its figures.
  const rankedBy = theTopOne?.[2];
  if (rankedBy && !/popular/.test(rankedBy)) {
    const by: Metric =
      rankedBy === "liked"
        ? "likes"
        : rankedBy === "shared"
          ? "shares"
          : rankedBy === "commented"
            ? "comments"
            : "plays";
    if (metric !== by) {
      unsay(/^metric /);
      metric = by;
      understood.push(`ranked by ${by === "plays" ? "views (plays)" : by} (from "${theTopOne?.[0]}")`);
    }
  }
  // "Which video has the most views?": one video asked for, in the singular (accounts and hashtags stay a
  // ranking, which shows when the first ones tie).
  const whichOne = lowerAll.match(
    /^\s*(?:which|what)\s+(?:@?[\p{L}\p{N}._-]+\s+){0,2}?(?:video|post|clip|ad|slideshow) (?:has|had|is|was|got|gets|did|does|received|earned)\b/u,
  );
  // "What is the second most viewed video?": the ranking runs to that place, and names it.
  const ordinal = lowerAll.match(
    /\bthe (second|third|fourth|fifth|2nd|3rd|4th|5th|6th|7th|8th|9th|10th) (?=(most|top|best|biggest|largest|highest|longest|shortest|newest|latest|oldest|earliest)\b)/,
  );
  const nth = ordinal ? (ORDINALS[ordinal[1] as string] ?? null) : null;
  if (ordinal) {
    text = consume(text, ordinal.index ?? 0, ordinal[0].length);
    const word = ignored.indexOf(ordinal[1] as string);
    if (word >= 0) ignored.splice(word, 1);
    understood.push(`the ${ordinal[1]} of the ranking (from "${ordinal[0].trim()}")`);
  }
  // "Show me all of @x's videos", "list every Da Lat ad": as many as a ranking lists.
  const all = counted
    ? null
    : lowerAll.match(
        /\b(?:show|list|give|get|see)\b(?: me)?\s+(?:all|every(?:thing)?)\b(?: of)?(?: the| (?:@[\p{L}\p{N}._]+|[\p{L}\p{N}._]+)'s?)?(?: [\p{L}#-]+){0,3}? (?:videos|posts|clips|ads|slideshows|video|post|clip|ad)\b/u,
      );
  const count = nth
    ? nth
    : counted
      ? Math.min(MAX_COUNT, Math.max(1, numberOf((counted[1] ?? counted[2]) as string)))
      : all
        ? MAX_COUNT
        : theTopOne ||
            whichOne ||
            LAST_POSTED.test(lowerAll) ||
            (oldestAsked &&
              OLDEST_ONE.test(lowerAll) &&
              !/\b(creators|accounts|advertisers|brands)\b/.test(lowerAll))
          ? 1
          : DEFAULT_COUNT;
  if (counted) {
    understood.push(`${count} result${count === 1 ? "" : "s"} (from "${counted[0]}")`);
    // A number written as a word is read here, not left unused ("give me three hook ideas").
    const written = ignored.indexOf((counted[1] ?? counted[2]) as string);
    if (written >= 0) ignored.splice(written, 1);
  } else if (all) understood.push(`${MAX_COUNT} results, the most a ranking lists (from "${all[0]}")`);
  else if (theTopOne) understood.push(`1 result (from "${theTopOne[0]}")`);
  else if (whichOne) understood.push(`1 result (from "${whichOne[0].trim().replace(/\s+/g, " ")}")`);

  // "Which search has the most hotel ads?", "creators with the most Da Lat videos": a topic between "most" and the
  // videos still counts them (read above only with nothing between; "the most popular ads" stays views).
  if (!metric && topics.length > 0) {
    const words = lowerAll.match(TOPIC_COUNTED)?.[1]?.trim().split(/\s+/) ?? [];
    const folded = words.map((w) => foldText(w).replace(/^#/, ""));
    if (words.length > 0 && (topics.includes(folded.join("")) || folded.every((w) => topics.includes(w)))) {
      metric = "videos";
      understood.push("metric videos");
    }
  }
  // "Who are the top comedy creators?": "top" about a topic's creators asks for reach (views of their videos on
  // it), not for who posted most (a tie at 1 video each on a real scrape). "Who posts the most …" stays a count.
  if (
    !metric &&
    subject === "creators" &&
    topics.length > 0 &&
    /\b(top|best|leading|popular|greatest)\b/.test(lowerAll) &&
    !/\b(most|post\w*|upload\w*|number of)\b/.test(lowerAll)
  ) {
    metric = "plays";
    understood.push('"top" read as views (plays) of their videos', "metric views (plays)");
  }
  // "Which artists are used most?", "top 10 music authors by number of hotel videos": the sounds' artists, each
  // a group (no artist named: those are read above, "songs by AMEE").
  const byArtist =
    artists.length === 0 &&
    ARTISTS_ASKED.test(lowerAll) &&
    (subject === "sounds" || subject === "videos" || subject === "creators") &&
    !(subject === "creators" && OPENS_WITH_CREATORS.test(opening));
  if (byArtist) {
    subject = "sounds";
    understood.push("the sounds' artists (as the source credits them), each a group");
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(?:artists?|authors?|musicauthor|singers|musicians|songwriters)$/.test(w)),
    );
    // Original sounds are credited to whoever posted them: no artist, unless asked for.
    const originals = sounds.filter((s) => isOriginalSound(s.title)).map((s) => s.id);
    if (originals.length > 0 && !placed.some((p) => p.item.kind === "sound")) {
      placed.push({ item: { kind: "sound", ids: originals, title: "original sound", except: true }, at: -1 });
      understood.push("original sounds left out (each is credited to the creator who posted it)");
    }
  }
  // 10. Intent.
  const attributes = placed.map((p) => p.item);
  // "Which Vũng Tàu competitor gets the most comments: Blue Sea, Aquatel or Premier Pearl?", "competing Huế hotel
  // accounts like @a and @b", "is any competitor resort in Ninh Thuận running ads?": the rivals named, or the
  // accounts posting on what is named, are asked about. "Who are Keypad Hotel's competitors?" names none.
  if (rivalsAsked && !decline) {
    const named =
      creators.length + advertisers.length >= 2 ||
      topics.length > 0 ||
      attributes.some((a) => a.kind === "text" || a.kind === "sound" || a.kind === "region");
    if (named && !RIVALS_OF.test(lowerAll)) {
      understood.push(
        "competitors read as the accounts named, or posting on what is named (the corpus does not record who competes with whom)",
      );
      keepIgnored((w) => !RIVALS.test(w));
    } else
      decline =
        'it does not know who competes with whom; ask which brands advertise on a topic ("which brands advertise on hotel videos?") or compare named ones';
  }
  // "English or Spanish videos", "VN vs TH", "question hooks or bold claims": two or more regions (languages,
  // hook types) named are compared side by side.
  const kindsNamed = NAMED_KINDS.filter((k) => named.filter((n) => n.kind === k).length >= 2);
  if (!decline && kindsNamed.length >= 2)
    decline = `it names several ${kindsNamed.map((k) => KIND_PLURAL[k]).join(" and several ")}; ask about one comparison at a time`;
  const compareKind = kindsNamed.length === 1 ? (kindsNamed[0] as NamedKind) : null;
  const codesNamed = compareKind
    ? named
        .filter((n) => n.kind === compareKind)
        .sort((a, b) => a.at - b.at)
        .map((n) => n.code)
    : [];
  // "What's the average number of hashtags per video?", "how many hashtags does a typical trending video use?"
  // (Not a median of another measure beside a bound on hashtags: "their median plays versus videos with 3 or fewer
  // hashtags".)
  const hashtagCountAsked =
    /\b(average|typical|median|mean|usual)\s+(?:(?:number|count|amount|#)\s+of\s+|(?:hash)?tag\s+counts?\b|)(hashtags|tags)?\b(?:(?<=counts?)|(?<=tags))|\bhow many (hashtags|tags)\b[^?]*\b(on average|typical(ly)?|average|usually|per (video|post))\b/.test(
      lowerAll,
    );
  let shareOf: Attribute | null = null;
  let shareOfAuthors = false;
  let shareOfCreators = false;
  let shareOfWindow = false;
  let groupShares = false;
  let shareMeasure: Plan["shareMeasure"] = null;
  const early =
    (/\b(early|earliest|young|youngest)\b/.test(lowerAll) && /\bbr(eak|oke)/.test(lowerAll)) ||
    /\bjust (starting|beginning) to break\b|\bfirst (72|few) hours\b/.test(lowerAll);
  const entityCount = creators.length + advertisers.length;
  // "#khachsandalat vs #homestaydalat: which tag gets better views?": the tags' videos compared, not the hashtags
  // each set uses.
  if (
    subject === "hashtags" &&
    compareTopics.length >= 2 &&
    compareTopics.every((t) => lowerAll.includes(`#${t}`)) &&
    (/\bwhich (?:one|tag|hashtag|spelling|version)\b|\b(?:tag|hashtag) (?:does|do|gets?|pulls?|performs?|wins?|earns?)\b/.test(
      lowerAll,
    ) ||
      // ("#a vs #b, count of videos and median likes for each tag": a figure of each tag's videos.)
      (metric !== null && /\b(?:for |of )?(?:each|every|per) (?:tag|hashtag)\b/.test(lowerAll)))
  )
    subject = "videos";
  // "Which search had the lowest median saves?", "hotelhue vs hoteldalat search": where the corpus records the
  // searches (collections), each one's videos are a group.
  const searchesCompared =
    collections.size > 0 &&
    (BY_SEARCH.test(question.toLowerCase()) ||
      eachOfFamily ||
      (searchesApart >= 2 &&
        (collectionsVersus ||
          CUES.compare.test(lowerAll) ||
          PER_ITEM.test(lowerAll) ||
          // ("Does @x do better in the hotelquan1 search or the hotelsaigon search?")
          /\b(?:which|each|per|or|better|worse|against|stacks? up)\b/.test(lowerAll)))) &&
    // ("Japanese or Korean captions: which searches are they from?": the languages compared, the searches unused.)
    !compareKind;
  // ("Median engagement rate of ads vs organic videos in each search": ads against organic, within each search.)
  const adsInEachSearch =
    (adsAgainstOrganic || adsAgainstRest) &&
    !/\b(?:organic|non[- ]?ads?) only\b|\bonly (?:the )?(?:organic|non[- ]?ads?)\b/.test(lowerAll) &&
    collections.size >= 2 &&
    collectionNames.length === 0 &&
    EACH_SEARCH.test(question.toLowerCase());
  let intent: Intent;
  let groupBy: Plan["groupBy"] = null;
  let trendKind: Plan["trendKind"] = null;
  let usesBy: Plan["usesBy"] = null;
  // Two periods named ("from 2024 to 2025", "2024 vs 2025"): the ends a change is measured between.
  const changeEnds = window?.ends ?? (window?.each ? undefined : window?.periods) ?? [];
  let changeBetween: Plan["changeBetween"] = [];
  const tagKind = (): Plan["trendKind"] =>
    subject === "hashtags"
      ? "hashtag"
      : subject === "sounds"
        ? "sound"
        : subject === "hook_types"
          ? "hook_pattern"
          : subject === "formats"
            ? "format"
            : null;
  // "Which creators have the highest average views per video?": a ranking of the groups by their typical
  // video, not one median of all videos.
  // "The best performing sound for travel videos" likewise: a sound used on many videos is not better for it.
  const perVideoAsked =
    ["creators", "advertisers", "hashtags", "sounds", "languages", "regions"].includes(subject) &&
    // ("For every creator with 10 or more videos, what are their median views?": each one's, listed.)
    // ("The median likes of the videos by the top creator": that creator's videos, no ranking.)
    (/\b(which|who|top|bottom|highest|lowest|most|best|worst|rank\w*|leading)\b/.test(
      creatorSet ? lowerAll.replace(creatorSet[0], " ") : lowerAll,
    ) ||
      /\b(each|every|per) (creator|account|influencer|advertiser|brand|hashtag|sound|song|track)\b/.test(
        lowerAll,
      ) ||
      // ("Sounds used by 3 or more creators, and each one's median plays": each sound's median.)
      (groupCreators !== null && subject !== "creators")) &&
    (/\b(average|avg|mean|median|typical)\b/.test(lowerAll) ||
      /\bper (video|post|clip|upload|ad|advert|slideshow)\b/.test(lowerAll));
  // "Which brands work with the most creators?", "which sounds are used by the most creators?"
  // ("Sounds used by more than 5 creators": ranked by their creators too, unless a measure is named.)
  const byCreators =
    (subject === "advertisers" || subject === "hashtags" || subject === "sounds") &&
    ((groupCreators !== null && (metric === null || metric === "videos")) ||
      /\b(most|how many|number of|count of|fewest)\s+(different\s+|distinct\s+|unique\s+)?(creators|influencers|tiktokers|accounts)\b/.test(
        lowerAll,
      ));
  if (byCreators && groupCreators === null)
    understood.push(`${subject} ranked by the number of creators of their videos`);
  let perVideo =
    (perVideoAsked ||
      (groupMedian !== null && !/\b(?:how many|number of|count of)\b/.test(lowerAll)) ||
      (performance && (subject === "hashtags" || subject === "sounds"))) &&
    metric !== "followers" &&
    metric !== "growth" &&
    !isRate(metric);
  // "Da Lat vs Nha Trang hotel videos", "English or Vietnamese videos": groups side by side are compared on
  // views (each group's line still counts its videos); "are there more … or …" names the number of videos.
  // "How long are Đà Lạt videos vs Hạ Long videos?": the topics compared on their median length.
  // ("The longer variants of #xuhuong", "median plays by length bucket for each": no length measured.)
  const lengthOfTopics = () =>
    lengthGroups &&
    compareTopics.length >= 2 &&
    (metric === null || metric === "videos") &&
    /\b(how long|lengths?|durations?|(?:longer|shorter) (?:videos?|clips?|ones|content|posts?))\b/.test(
      lengthText,
    );
  // ("hotelvungtau vs hotelhalong: median plays, median duration": topics compared on the measure named first, the
  // median length beside it unused.)
  const lengthBesideMeasure = () =>
    compareTopics.length >= 2 && metric !== null && metric !== "videos" && MEDIAN_LENGTH.test(lengthText);
  const sideBySideMetric = (named: Metric | null): Metric => {
    if (named) return named;
    if (/\b(are|is) there (more|fewer|less)\b|\b(how many|number of|count)\b/.test(lowerAll)) return "videos";
    understood.push(
      /\b(perform\w*|better|best|worse|works?|successful|effective|stronger|wins?)\b/.test(lowerAll)
        ? 'performance read as views (plays) (from "performs"/"better")'
        : "compared on views (plays): no measure named",
    );
    return "plays";
  };
  // With no measure named, views (plays), and the reading is said.
  const viewsUnless = (named: Metric | null, reading: string): Metric => {
    if (named) return named;
    understood.push(reading);
    return "plays";
  };
  const similar =
    videos.length > 0 &&
    /\b(similar|like (this|that|it|this one|that one)|same (hook|kind|type|style|format|opening)|resembl\w*|comparable|alike)\b/.test(
      lowerAll,
    );
  // "The average video length in 2020 vs 2025", "the median length of ads vs organic": groups compared on
  // their median length.
  const lengthOfGroups = () => {
    if (
      (metric !== null && metric !== "videos") ||
      !(
        /\b(lengths?|durations?|how long)\b/.test(lengthText) ||
        // ("Which search has the longest videos?"; not "shorter captions", "longer transcripts".)
        (/\b(longer|shorter|longest|shortest)\b/.test(lengthText) &&
          !/\b(captions?|scripts?|transcripts?|texts?|hashtags?|titles?|hooks?|lines?)\b/.test(lengthText))
      )
    )
      return;
    unsay(/^metric /);
    metric = "duration";
    keepIgnored((w) => !/^(lengths?|durations?|long)$/.test(w));
    // ("Avg vid length, ads vs non ads": the word of the measure, no topic.)
    for (const w of ["length", "duration"]) if (topics.includes(w)) topics.splice(topics.indexOf(w), 1);
    understood.push("measure: median video length (recorded duration)");
  };
  // A median per video read from the measure itself ("the longest videos" of each creator).
  let perVideoRead = false;
  // "What's the oldest video?", "who was the first to post about Da Lat?": by publication time, oldest first
  // ("which creators posted their first video in 2025?" is new creators in a period: firstIn, below).
  const oldest =
    oldestAsked &&
    (subject === "videos" || subject === "creators") &&
    !(subject === "creators" && window?.from !== undefined);
  if (oldestAsked && !oldest && !decline && !(subject === "creators" && window?.from !== undefined))
    decline = `it lists the oldest videos and the creators who posted first, not the oldest ${subject.replace("_", " ")}; ask for a period instead ("the top hashtags of 2019")`;
  // ("Rank destination (city, place) searches by median views", "which city search has the most creators?", "in each
  // searched city": those named for places, "hotelhue", "hoteldalat", not the trending set or "hotelgiare"; kept as
  // a filter, and the words that said so read.)
  const placeSearches = (): { ofPlaces: boolean; placesFrom: string } => {
    const placeKind = question
      .toLowerCase()
      .match(
        /\b(?:(?:destination|city|cities|place|location)\s+search(?:es)?|searched\s+(?:destinations?|city|cities|places?|locations?))\b/,
      );
    const places = [...collections].filter(namesPlace).sort();
    const ofPlaces =
      collectionNames.length === 0 &&
      placeKind !== null &&
      places.length >= 2 &&
      places.length < collections.size;
    if (ofPlaces) {
      attributes.push({ kind: "collection", names: places });
      keepIgnored((w) => !placeKind[0].includes(w));
    }
    const placesFrom = ` (from "${placeKind?.[0]}": ${places.length} collections; left out as naming no place: ${[
      ...collections,
    ]
      .filter((n) => !places.includes(n))
      .sort()
      .join(", ")})`;
    return { ofPlaces, placesFrom };
  };
  if (decline) intent = "decline";
  else if (
    searchesCompared &&
    // ("Ads vs organic in each search": that breakdown, repeated within each search, below.)
    !adsInEachSearch &&
    // ("@x: which searches do they show up in?", "does @x do better in the hotelquan1 search or the hotelsaigon
    // search?": that account's videos, by search.)
    (entityCount === 0 || searchesApart >= 2 || eachOfFamily || BY_SEARCH.test(question.toLowerCase())) &&
    // ("Which search has the most creators?", "… the most videos from verified creators?": creators counted in
    // each search, or their videos.)
    (subject === "videos" ||
      (subject === "creators" &&
        (metric === null || metric === "videos") &&
        // (Not "which creators show up in both searches?", "who used it, and in which searches?": the accounts.)
        !/\b(?:who|which (?:creators|accounts|influencers))\b/.test(question.toLowerCase()) &&
        (whichSearchHas ||
          /\b(?:distinct|different|unique)\s+(?:creators|accounts)\b/.test(question.toLowerCase()))))
  ) {
    intent = "breakdown";
    groupBy = "collection";
    const { ofPlaces, placesFrom } = placeSearches();
    // ("Top 3 videos per search": a ranking within each, below.)
    if (subject === "creators")
      understood.push(
        metric === null
          ? `groups: each search ${ofPlaces ? "named for a place" : "the videos were found by"}, by its number of distinct creators${ofPlaces ? placesFrom : ""}`
          : `groups: each search ${ofPlaces ? `named for a place${placesFrom}` : "the videos were found by"}`,
      );
    else if (!RANKED_NOUN.test(lowerAll) || whichSearchHas) {
      // ("The median video length in each search": their length.)
      lengthOfGroups();
      if (ofPlaces) understood.push(`groups: each search named for a place${placesFrom}`);
      else
        understood.push(
          collectionNames.length >= 2
            ? eachOfFamily && collectionSides.length === 1
              ? `groups: each of the ${namesListed(collectionNames)}`
              : `groups: the searches named (${collectionNames.length > FEW_COLLECTIONS ? namesListed(collectionNames) : collectionNames.join(", ")}), side by side`
            : everySearch(collections.size),
        );
      metric = sideBySideMetric(metric);
    }
  } else if (oldest) {
    intent = "rank";
    understood.push(
      subject === "creators"
        ? "the creators who posted first: of the oldest videos (publication time, UTC)"
        : "the oldest videos first (publication time, UTC)",
    );
  } else if (wordCount && videos.length === 0) {
    intent = "words";
    subject = "videos";
    unsay(/^metric /);
    metric = null;
  } else if (concentration && entityCount === 0) {
    intent = "measure";
    subject = "videos";
    metric = concentrationOfVideos
      ? "videos"
      : metric === null || !COUNTS.includes(metric)
        ? "plays"
        : metric;
    unsay(/^metric |^\d+ results? \(from /);
    understood.push(
      `concentration: the share of the ${metric === "plays" ? "views (plays)" : metric} held by ${concentration.top === null ? "the leading" : `the top ${concentration.top}${concentration.percent ? " % of" : ""}`} ${concentration.of}s`,
    );
  } else if (videos.length > 0) {
    intent = "video";
    if (similar) understood.push("the videos whose opening hooks read most like it");
    // The words of "similar to" / "like this" / "same hook" are read: none is a topic left unused.
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter(
        (w) =>
          !/^(similar|like|same|resembl\w*|comparable|alike|hooks?|kind|type|style|format|opening|video|this|that|one)$/.test(
            w,
          ),
      ),
    );
  }
  // "How many followers does @x have?": its profile records them (not a count of its videos).
  else if (
    entityCount === 1 &&
    creators.length === 1 &&
    metric === "followers" &&
    !CUES.compare.test(lowerAll)
  )
    intent = "profile";
  else if (
    lowest &&
    !askedDrivers &&
    // ("Hue vs Quang Binh vs Ninh Thuan: which is the least bad?": the places side by side.)
    compareTopics.length < 2 &&
    // ("The worst-performing video from @x": that account's, from the bottom.)
    (entityCount === 0 || (subject === "videos" && /^(worst|weakest)$/.test(theTopOne?.[1] ?? ""))) &&
    // ("Which month of 2025 was the worst for median saves?": the months, the lowest named.)
    !postingTime &&
    (["videos", "hashtags", "sounds", "regions", "languages"].includes(subject) ||
      // ("Bottom 5 creators by median views": the accounts, from the bottom.)
      (subject === "creators" && new RegExp(`\\bbottom\\s+(?:\\d{1,2}|${NUMBER_WORD})\\b`).test(lowerAll)))
  ) {
    intent = "rank";
    metric = viewsUnless(metric, '"worst" / "least" read as views (plays)');
    understood.push("ranked from the bottom (lowest first)");
  } else if (
    spreadSaid &&
    entityCount === 0 &&
    (subject === "creators" ||
      subject === "advertisers" ||
      /\b(?:creators?|accounts?|handles?|influencers?|tiktokers?|who)\b/.test(lowerAll))
  ) {
    intent = "rank";
    if (subject !== "advertisers") subject = "creators";
    if (metric === null || !COUNTS.includes(metric) || metric === "videos" || metric === "followers")
      metric = "plays";
    spread = spreadSaid.kind;
    lowest = false;
    unsay(/^ranked from the bottom/);
    for (const w of spreadSaid.said[0].matchAll(SPREAD_WORDS))
      text = consume(text, (spreadSaid.said.index ?? 0) + (w.index ?? 0), w[0].length);
    keepIgnored(
      (w) =>
        !/^(?:consistent\w*|consistency|inconsistent|steady|steadiest|reliabl[ey]|performers?|variation|variance|variability|variable|spread|one|hit|onehit|wonders?|miss|spikiest|uneven|coefficients?)$/.test(
          w,
        ),
    );
    understood.push(
      `the ${subject} ranked by how even their videos are: each one's best video against their median (${spread === "even" ? "the evenest first" : "the most uneven first"}; from "${spreadSaid.said[0]}")`,
    );
  } else if (
    CUES.cadence.test(lowerAll) &&
    entityCount <= 1 &&
    // "How many videos were posted per day in the last 2 weeks?", "which day of the week did videos get posted
    // most often?": the corpus's series or days, not an account's pace.
    !(entityCount === 0 && subject === "videos" && postingTime !== null && postingTime !== "period")
  ) {
    intent = "cadence";
    unsay(/^groups: publication /);
    if (entityCount === 0 && subject !== "advertisers") subject = "creators";
    // "Which creators post most often": ranked by videos; "how often do the top creators post": by views.
    if (entityCount === 0) {
      metric = /\bmost (often|frequently|regularly|consistent\w*|prolific|frequent|regular|active)\b/.test(
        lowerAll,
      )
        ? "videos"
        : "plays";
      understood.push(
        `posting frequency of the ${subject} with the most ${metric === "videos" ? "videos" : "views (plays)"}`,
      );
    } else understood.push("posting frequency");
  } else if (
    askedDrivers &&
    // "What content should a new hotel brand make?": the brand asks; the content is the subject ("what's
    // working for hotel accounts?": the accounts' videos).
    (subject === "videos" ||
      WHAT_TO_MAKE.test(lowerAll) ||
      (subject === "creators" && /\bwhat('s| is)? (working|works)\b/.test(lowerAll))) &&
    !postingTime &&
    !adsVsOrganic &&
    compareTopics.length < 2 &&
    !lengthGroups
  ) {
    intent = "drivers";
    subject = "videos";
    metric = viewsUnless(metric, 'success read as views (plays) (from "makes"/"in common"/"secret")');
    understood.push("groups: opening hook, hook type, length, format, ads or organic");
  } else if (askedDrivers && CUES.why.test(lowerAll)) {
    intent = "decline";
    decline = WHY_DECLINED;
  } else if (
    // "Which hashtags grew the most from 2024 to 2025?": the change between two calendar periods.
    changeEnds.length === 2 &&
    ["hashtags", "sounds", "creators", "advertisers"].includes(subject) &&
    entityCount === 0 &&
    CHANGE_WORDS.test(lowerAll)
  ) {
    intent = "rank";
    changeBetween = [...changeEnds].sort((a, b) => a.from - b.from);
    keepIgnored((w) => !CHANGE_WORDS.test(w));
    if (DROP_WORDS.test(lowerAll)) lowest = true;
    unsay(/^window |^metric |^groups: the periods named/);
    // A change is of the number of videos or their views; another measure named is said to be unused.
    const named = metric;
    metric = /\b(views|plays|watched|reach)\b/.test(lowerAll) ? "plays" : "videos";
    if (named && named !== "plays" && named !== "videos" && named !== "growth")
      ignored.push(
        `${named === "engagement" ? "engagement rate" : named.replace("_", " ")} (a change between two periods is measured in videos or views)`,
      );
    understood.push(
      `the change from ${changeBetween[0]?.label} to ${changeBetween[1]?.label} in ${metric === "plays" ? "views (plays) of their videos" : "number of videos"}, ${lowest ? "the largest falls" : "the largest rises"} first`,
    );
    window = null;
  } else if (
    /\b(trend reports?|trends? reports?)\b/.test(lowerAll) ||
    (!hashtagCountAsked &&
      (subject === "hashtags" || subject === "sounds" || subject === "hook_types" || subject === "formats") &&
      // ("Sounds trending in the past 30 days vs the 30 days before": each window's own, side by side.)
      !window?.periods &&
      // (A hashtag written, "#trending", is no such word.)
      /(?<!#)\b(rising|rose|emerging|taking off|on the rise|trending|surging|growing|up and coming|picking up|spiking)\b/.test(
        lowerAll,
      ) &&
      // ("@relaxify has three trending videos: which sound came out on top?", "which song is used most across the
      // trending TikToks?", "… in the trending set": the videos of the trending collection, not the sounds rising.)
      !(entityCount > 0 && /\btrending (?:videos?|clips?|posts?|uploads?)\b/.test(lowerAll)) &&
      !/\btrending (?:tiktoks?|vids|set|data(?:set)?|collection|records)\b|\bin (?:the )?trending\b/.test(
        lowerAll,
      )) ||
    /\bwhat('s| is) (rising|emerging|on the rise)\b(?!.*\b(creators?|advertisers?|brands?|videos?|ads?)\b)/.test(
      lowerAll,
    ) ||
    (/\b(trends?)\b/.test(lowerAll) &&
      // (Nor where "trending" was read as a collection's name.)
      !/\btrending\b/.test(question.toLowerCase()) &&
      // "The engagement rate trend over time", "the trend in the number of hotel videos per month": a series by
      // month, not the trend reports.
      !(postingTime !== null && (metric !== null || /\b(?:number|count|amount) of\b/.test(lowerAll))) &&
      subject !== "creators" &&
      subject !== "advertisers")
  ) {
    intent = "trend_report";
    trendKind = tagKind();
  } else if (CUES.breakout.test(lowerAll) || (early && /\bbreak/.test(lowerAll))) intent = "breakout";
  else if (
    entityCount >= 2 &&
    // "Which hashtags do @a and @b use?": what their videos use, ranked over them all; not a comparison of views.
    !(
      advertisers.length === 0 &&
      (subject === "hashtags" || subject === "sounds" || subject === "hook_types") &&
      !CUES.compare.test(lowerAll) &&
      // "How do the sounds of @a and @b differ?", "which sounds do both use?": side by side.
      !/\b(differ\w*|side by side|both)\b/.test(lowerAll)
    )
  ) {
    intent = "compare";
    // ("@a vs @b: who's doing better?": their videos' views, not their followers.)
    if (
      metric === null &&
      /\b(doing|does|did|do|performing) (better|best|worse)\b|\bperform\w*\b/.test(lowerAll)
    ) {
      metric = "plays";
      understood.push('performance read as views (plays) (from "doing better")');
    }
  } else if (
    // "Compare hashtags in 2024 and 2025": what each period's videos use, side by side (of one account's
    // videos too: "which hashtags does @x use most in 2024 vs 2025?").
    postingTime === "period" &&
    entityCount <= 1 &&
    (subject === "hashtags" || subject === "sounds" || subject === "hook_types")
  ) {
    intent = "compare";
    usesBy = "period";
    unsay(/^groups: the periods named/);
  } else if (
    // "Top hashtags in Da Lat vs Nha Trang videos": what each topic's videos use, side by side.
    compareTopics.length >= 2 &&
    entityCount === 0 &&
    (subject === "hashtags" || subject === "sounds" || subject === "hook_types") &&
    // ("What fraction of videos have the fitness or gym hashtags?": a share of videos, not what each uses.)
    !/\b(?:fraction|share|percentage|percent|proportion)\s+of\s+(?:the\s+|all\s+)?(?:[\p{L}\p{N}-]+\s+){0,3}?(?:videos|posts|clips|tiktoks|vids)\b/u.test(
      lowerAll,
    )
  ) {
    intent = "compare";
    usesBy = "topic";
  } else if (
    // "Which hook types do ads use compared to organic videos?": what each group uses, side by side.
    // ("The average number of hashtags in ads vs non-ads": each group's median number, below.)
    adsVsOrganic &&
    !hashtagCountAsked &&
    entityCount === 0 &&
    (subject === "hashtags" || subject === "sounds" || subject === "hook_types")
  ) {
    intent = "compare";
    usesBy = "ad";
  } else if (hookVsNone || transcriptVsNone || emojiVsNone || priceVsNone || phoneVsNone) {
    intent = "breakdown";
    groupBy = hookVsNone
      ? "hook"
      : transcriptVsNone
        ? "transcript"
        : emojiVsNone
          ? "emoji"
          : priceVsNone
            ? "price"
            : "phone";
    subject = "videos";
    lengthOfGroups();
    // "Do hooks help?", "how do videos with a price perform compared to ones without?": whether the videos with
    // one did better, read as views.
    if (
      metric === null &&
      (doesItHelp || /\b(?:perform\w*|outperform\w*|underperform\w*)\b/.test(lowerAll))
    ) {
      metric = "plays";
      understood.push(
        `performance read as views (plays) (from ${doesItHelp ? '"help"/"better"/"more"' : '"perform"'})`,
      );
    }
  } else if (subject === "hook_types") {
    intent = "breakdown";
    groupBy = "hook_type";
    // "Average video length by hook type": each type's median length.
    lengthOfGroups();
  } else if (adsVsOrganic) {
    intent = "breakdown";
    groupBy = "ad";
    lengthOfGroups();
    // ("The average number of hashtags in ads vs non-ads": each group's median number.)
    if (hashtagCountAsked && entityCount === 0) {
      subject = "videos";
      metric = "hashtag_count";
      understood.push("measure: the median number of hashtags per video");
    }
    // ("Should we pay for ads or stay organic?": which does better, on views.)
    if (
      metric === null &&
      /\b(should|better|worse|worth|perform\w*|outperform\w*|underperform\w*|beat|beats|suggest\w*|recommend\w*)\b/.test(
        lowerAll,
      )
    ) {
      metric = "plays";
      understood.push('performance read as views (plays) (from "should"/"better"/"worth")');
    }
    // (The words naming the other side: "than the rest", "everything else".)
    if (adsAgainstRest)
      ignored.splice(
        0,
        ignored.length,
        ...ignored.filter((w) => !/^(rest|others?|everything|else|without)$/.test(w)),
      );
  } else if (postingTime) {
    intent = "breakdown";
    groupBy = postingTime;
    if (
      postingTime === "period" ||
      postingTime === "year" ||
      postingTime === "quarter" ||
      postingTime === "month"
    )
      lengthOfGroups();
    // "Q1 vs Q4 uploads", "2023 vs 2024 uploads": periods compared on how many videos each has.
    if (
      postingTime === "period" &&
      metric === null &&
      /\buploads\b|\b(upload|uploading|posting|publishing) (volume|counts?|activity|output)\b/.test(lowerAll)
    ) {
      metric = "videos";
      understood.push('"uploads" read as the number of videos');
    }
    if (postingTime === "period" || daysCompared) metric = sideBySideMetric(metric);
  } else if (
    // "What's the average number of hashtags per video?", "how many hashtags do hotel videos use on average?"
    entityCount <= 1 &&
    !textGroups &&
    !withAndWithout &&
    hashtagCountAsked
  ) {
    // The trending order ranks videos and selects none: said, not silently dropped.
    const trendWord = lowerAll.match(/\b(trending|popular)\b/);
    if (trendWord) ignored.push(`${trendWord[0]} (an order, not a set: every video in question is counted)`);
    intent = "measure";
    subject = "videos";
    metric = "hashtag_count";
    understood.push("measure: the median number of hashtags per video");
    // ("Hashtags per caption": a video's caption holds its tags.)
    if (/\b(?:per|in (?:a|each|the)) caption\b/.test(lowerAll)) keepIgnored((w) => w !== "caption");
    // ("The average number of hashtags per video in each search": each search's.)
    if (searchesCompared && entityCount === 0 && collectionNames.length === 0) {
      intent = "breakdown";
      groupBy = "collection";
      const { ofPlaces, placesFrom } = placeSearches();
      understood.push(
        ofPlaces ? `groups: each search named for a place${placesFrom}` : everySearch(collections.size),
      );
    }
  } else if (textGroups && entityCount === 0) {
    intent = "breakdown";
    groupBy = textGroups;
    subject = "videos";
    understood.push(
      textGroups === "caption_length"
        ? `groups: caption length (${CAPTION_BANDS.map((b) => b.label).join(", ")}; hashtags included)`
        : `groups: number of hashtags (${HASHTAG_COUNT_BANDS.map((b) => b.label).join(", ")})`,
    );
    if (
      !metric &&
      /\b(should|best|ideal|optimal|perform\w*|better|worse|works?|successful|effective|more|most|get|help\w*)\b/.test(
        withoutTagCount,
      )
    ) {
      metric = "plays";
      understood.push('performance read as views (plays) (from "should"/"best"/"more")');
    }
  } else if (
    // "Which creators post the longest videos?", "which creators use the most hashtags per video?": each one's
    // median per video.
    entityCount === 0 &&
    ["creators", "advertisers", "hashtags", "sounds", "regions", "languages"].includes(subject) &&
    (extremeLength !== null ||
      (subject !== "hashtags" && /\b(most|fewest|least) (hashtags|tags)\b/.test(lowerAll)))
  ) {
    intent = "rank";
    unsay(/^metric |read as views/);
    const tags = extremeLength === null;
    metric = tags ? "hashtag_count" : "duration";
    lowest = tags ? /\b(fewest|least) (hashtags|tags)\b/.test(lowerAll) : extremeLength === "shortest";
    perVideoRead = true;
    understood.push(
      `${subject} ranked by the median ${tags ? "number of hashtags" : "recorded length"} per video of theirs${lowest ? ", lowest first" : ""}`,
    );
  } else if (extremeLength && entityCount <= 1 && subject === "videos" && !CUES.median.test(lengthText)) {
    // "Which videos are the longest?", "what is the shortest video?": videos ranked by recorded length.
    intent = "rank";
    unsay(/^metric |read as views|^groups: video length/);
    metric = "duration";
    understood.push(
      `videos ranked by recorded length, ${extremeLength === "shortest" ? "shortest" : "longest"} first`,
    );
  } else if (
    lengthGroups &&
    entityCount === 0 &&
    subject === "videos" &&
    // ("The average length of #reviewhotel vs #hotelluxury videos": each topic's, below; so are "hotelvungtau vs
    // hotelhalong: median plays, median duration", compared on the measure named first.)
    !lengthOfTopics() &&
    !lengthBesideMeasure() &&
    CUES.median.test(lengthText) &&
    // ("Median saves per duration band": the groups, each with its median.)
    !/\b((per|by|each|every|across) (video )?(duration|length)s?|(duration|length) (bands?|groups?|buckets?|brackets?|ranges?))\b/.test(
      lengthText,
    )
  ) {
    // "How long are hotel videos on average?", "the typical length of a resort video": one figure.
    intent = "measure";
    // A measure named before ("viral" read as views) gives way to the length asked for.
    unsay(/^metric |read as views/);
    metric = "duration";
    understood.push("measure: median video length (recorded duration)");
  } else if (
    lengthGroups &&
    !lengthOfTopics() &&
    !lengthBesideMeasure() &&
    entityCount === 0 &&
    (subject === "videos" || subject === "formats")
  ) {
    intent = "breakdown";
    groupBy = "length";
    understood.push(`groups: video length (${LENGTH_BANDS.map((b) => b.label).join(", ")})`);
    if (
      !metric &&
      /\b(should|best|ideal|optimal|perform\w*|better|worse|works?|successful|effective|more|most|get)\b/.test(
        lengthText,
      )
    ) {
      metric = "plays";
      understood.push('performance read as views (plays) (from "should"/"best"/"more")');
    }
  } else if (
    compareTopics.length >= 2 &&
    // ("Resort brands named in captions: Seashells vs Premier Village vs Salinda": names compared, linked to no
    // advertiser, are the videos about each.)
    (subject === "videos" || (subject === "advertisers" && advertisers.length === 0))
  ) {
    subject = "videos";
    intent = "breakdown";
    groupBy = "topic";
    if (lengthOfTopics()) {
      unsay(/^metric /);
      metric = "duration";
      understood.push("measure: median video length (recorded duration)");
    }
    metric = sideBySideMetric(metric);
  } else if (
    compareKind &&
    entityCount === 0 &&
    ["videos", "regions", "languages", "hook_types"].includes(subject) &&
    // ("What % of videos have English captions, and how do they perform against the Vietnamese ones?": each
    // language's videos, counted and measured.)
    (!CUES.share.test(shareText) || /\b(perform\w*|do(es)? better|fare[sd]?)\b/.test(lowerAll))
  ) {
    intent = "breakdown";
    groupBy = compareKind;
    subject = compareKind === "hook_type" ? "hook_types" : "videos";
    understood.push(`groups: the ${KIND_PLURAL[compareKind]} named (${codesNamed.join(", ")}), side by side`);
    metric = sideBySideMetric(metric);
  } else if (
    (CUES.share.test(shareText) || HOW_MANY_OF.test(lowerAll)) &&
    // ("Give me a creator profile of @x: … how often …": the profile asked for.)
    !(entityCount === 1 && /\b(profile|rundown|tell me about|overview of)\b/.test(lowerAll)) &&
    // ("Which hotels are posting, how often, and who has the best median views?": how often each posts, a ranking.)
    !(
      subject === "creators" &&
      /\bhow often\b/.test(shareText) &&
      !CUES.share.test(shareText.replace(/\bhow often\b/g, " ")) &&
      !HOW_MANY_OF.test(lowerAll)
    )
  )
    intent = "share";
  else if (
    subject === "formats" ||
    (CUES.breakdownFormat.test(lowerAll) && /\b(or|vs\.?|versus|compare)\b/.test(lowerAll))
  ) {
    intent = "breakdown";
    groupBy = "media_type";
  } else if (perVideo) {
    intent = "rank";
    metric = viewsUnless(metric, '"per video" read as views (plays)');
    understood.push(
      `ranked by the median per video (${groupCreators !== null && subject !== "creators" ? "each one's videos" : "groups of 5 videos or more"})`,
    );
  } else if (perVideoAsked && isRate(metric)) {
    // "Which creators have the highest average engagement rate?": a rate is ranked pooled over each one's videos.
    intent = "rank";
    understood.push("ranked by the rate pooled over each one's videos");
  } else if (
    CUES.median.test(medianBoundSaid ? lowerAll.replace(medianBoundSaid[0], " ") : lowerAll) &&
    !POSTS_ABOUT.test(lowerAll)
  )
    // ("How many creators have median views above 50k?": the median is the bound, the question a count.)
    intent = "measure";
  // "Are there any slideshows?": how many there are.
  else if (
    !theTopOne &&
    !theTopFew &&
    // ("Which account posted the most videos, and how many followers does it have?": ranked, the count beside.)
    postsBeside === null &&
    // ("Which videos use a Sơn Tùng M-TP song, and how many views did each get?", "top 5 hashtags beside #x, with
    // how many videos each": a figure of each thing listed, which the list shows.)
    !(
      FIGURE_OF_EACH.test(lowerAll) &&
      (counted !== null ||
        /\b(?:which|list|show|name|find|give|top \d+|(?:most|least) (?:used|common|popular|frequent))\b/.test(
          lowerAll,
        ))
    ) &&
    // "Top creators by number of viral videos": ranked by the count, not counted.
    !/\bby (the )?(number|count) of\b|\bby (?:the )?(?:video|post|upload)s? counts?\b/.test(lowerAll) &&
    // ("The highest share count": a video's count of shares, a measure to rank by.)
    (CUES.count.test(lowerAll.replace(MEASURE_COUNT, " ")) ||
      /^\s*(are|is) there (any|some)\b/.test(lowerAll) ||
      // ("Are there glamping videos for Đà Lạt?", "is there content about Côn Đảo?": whether there are any, counted.)
      // (Not a list asked, "…? List handle and plays", nor where they are from, "other countries".)
      (/^\s*(?:are|is) there (?!more\b|fewer\b|less\b)(?:[\p{L}#'-]+\s+){0,3}?(?:videos?|vids?|posts?|clips?|ads?|slideshows?|content|tiktoks?)\b/u.test(
        lowerAll,
      ) &&
        !/\b(?:list|show)\b|\bcountr(?:y|ies)\b|\bregions?\b|\blanguages?\b|[,;]\s*(?:and\s+)?(?:how|what|which|who)\b/.test(
          lowerAll,
        )) ||
      // ("Does "Lifestyle" by HMHK appear on any ad-flagged video?": whether there are any, counted.)
      /^\s*(?:does|do|did|is|are)\b.*\b(?:appear|appears|show up|shows up|turn up|turns up|feature|features)\s+(?:on|in)\s+any\b/.test(
        lowerAll,
      ) ||
      // "Did Traveloka run any ads?", "has @x posted any slideshows?", "has @x ever run an ad?": whether there are
      // any, counted.
      /^\s*(did|does|do|has|have) (\S+ ){1,3}?(?:ever )?(?:(?:run|ran|post|posted|make|made|publish|published|use|used|have|had)s? any|(?:run|ran|post|posted|publish|published)s? an?)\b/.test(
        lowerAll,
      ))
  )
    intent = "count";
  else if (
    // ("The three most-played new hotel videos": "new" after a measure ranked is the window's videos, ranked.)
    ((CUES.newest.test(lowerAll) ||
      /\bnew (creators?|advertisers?|brands?|accounts?|videos?|ads?|slideshows?|posts?)\b/.test(lowerAll)) &&
      !(
        metric !== null &&
        /\b(?:most|top|best|highest)[- ](?:viewed|played|watched|liked|shared|commented|saved|popular)\s+new\b/.test(
          lowerAll,
        ) &&
        !/\b(newest|latest|most recent)\b/.test(lowerAll)
      )) ||
    LAST_POSTED.test(lowerAll) ||
    // "Show me recent hotel ads": the newest; "recent" beside a measure ("recent videos with the most
    // views") is a ranking, and so is a question about hashtags, sounds or formats of recent videos.
    (/\brecent\b/.test(lowerAll) &&
      metric === null &&
      ["videos", "creators", "advertisers"].includes(subject) &&
      !/\b(most|top|best|highest|popular|common|used)\b/.test(lowerAll))
  )
    intent = "newest";
  else if (
    // ("Which days in December 2020 had the most trending videos posted?": a calendar period named is past, and the
    // trending order is of now: "trending" names what was collected then.)
    (CUES.trending.test(lowerAll) &&
      !(window?.from !== undefined && window.to !== undefined) &&
      !(entityCount > 0 && /\btrending (?:videos?|clips?|posts?|uploads?)\b/.test(lowerAll))) ||
    metric === "growth"
  )
    intent = "trending";
  else if (
    // "Which creators work with Keypad Hotel?", "Which brands has @glowgirl worked with?": the other side of
    // the one named entity, ranked over its videos.
    (subject === "creators" && advertisers.length === 1 && creators.length === 0) ||
    (subject === "advertisers" && creators.length === 1 && advertisers.length === 0) ||
    // "Which hashtags does Keypad Hotel use?", "what sounds does @x use?": ranked over its videos.
    (entityCount === 1 && (subject === "hashtags" || subject === "sounds"))
  )
    intent = "rank";
  else if (
    // "What does @x post about?", "what do Vietnamese hotels post about?": the hashtags of its (their)
    // videos, ranked.
    (entityCount === 1 || (entityCount === 0 && (topics.length > 0 || attributes.length > 0))) &&
    POSTS_ABOUT.test(lowerAll)
  ) {
    intent = "rank";
    subject = "hashtags";
    understood.push(
      entityCount === 1
        ? "what it posts about: the hashtags of its videos"
        : "what they post about: the hashtags of the videos in question",
    );
  } else if (
    // "Which of Keypad Hotel's videos did best?", "the top videos by @x", "what is X's best ad?": that one's
    // videos, ranked.
    entityCount === 1 &&
    subject === "videos" &&
    // ("@x top 10 by saves": a number to list and a measure to rank by name its videos.)
    (/\b(videos?|vids?|posts?|clips?|ads?|uploads?|tiktoks?|slideshows?)\b/.test(lowerAll) ||
      (counted !== null && metric !== null && metric !== "followers" && !CUES.profile.test(lowerAll))) &&
    (((CUES.rank.test(lowerAll) || lowest) && !CUES.profile.test(lowerAll)) ||
      /\b(best|top|most \w+|worst|least \w+|biggest|highest[- ]\w+|lowest[- ]\w+) (videos?|vids?|posts?|clips?|ads?|uploads?|tiktoks?|slideshows?)\b/.test(
        lowerAll,
      ))
  )
    intent = "rank";
  else if (
    entityCount === 1 &&
    // ("What's @x's best-performing video?": its videos ranked.)
    !theTopOne &&
    !theTopFew &&
    // "What's the engagement rate of Billie Eilish?": a figure of that one's videos, not a profile.
    !(
      isRate(metric) &&
      !/\b(tell me about|who is|who's|profile|describe|summar\w*|know about|info on|information on|details on|look ?up)\b/.test(
        lowerAll,
      )
    ) &&
    (CUES.profile.test(lowerAll) || attributes.length === 0)
  )
    intent = "profile";
  else if (
    // "Summarize the hotel market": a summary asked for, whatever subject word ("market") came with it.
    /\b(overview|summary|summari[sz]e|snapshot|state of|landscape)\b/.test(lowerAll) &&
    !/\b(top|most|best|highest|biggest|largest|leading|which|who|rank\w*)\b/.test(lowerAll) &&
    // "Give me an overview of the corpus": of every video.
    (attributes.length > 0 ||
      topics.length > 0 ||
      /\b(overview|summary|summari[sz]e|snapshot)\b/.test(lowerAll))
  )
    intent = "overview";
  else if (
    // "Total plays across all hotel videos", "give me the combined likes of resort ads": the sum, not a list.
    metric !== null &&
    COUNTS.includes(metric) &&
    metric !== "videos" &&
    entityCount === 0 &&
    /\b(?:total|sum of(?: the)?|combined|aggregate)\s+(?:number of\s+)?(?:views|plays|likes|comments|shares|saves)\b|\b(?:views|plays|likes|comments|shares|saves)\s+(?:in total|combined|altogether|summed)\b/.test(
      lowerAll,
    ) &&
    !/\b(median|average|avg|mean|typical|per (?:video|post|clip)|top|most|best|highest|biggest|largest|leading|which|who|rank\w*|lowest|least)\b/.test(
      lowerAll,
    )
  )
    intent = "count";
  else if (
    lowest ||
    CUES.rank.test(lowerAll) ||
    subject === "regions" ||
    subject === "languages" ||
    subject === "hashtags" ||
    subject === "sounds"
  )
    intent = "rank";
  else if (
    // "What's the engagement rate of hotel videos?", "How engaging are resort ads?": a figure of the set.
    metric !== null &&
    !["videos", "followers", "growth"].includes(metric) &&
    (entityCount === 0 || (entityCount === 1 && isRate(metric))) &&
    /\b(what('s| is| was| are| were)|how (high|good|strong|engaging|engaged|much engagement))\b/.test(
      lowerAll,
    )
  )
    intent = "measure";
  else if (CUES.overview.test(lowerAll) && (attributes.length > 0 || topics.length > 0)) intent = "overview";
  else if (
    // "Is TikTok good for hotel marketing?": a judgement it cannot make; what the videos about it show.
    /^\s*(is|are)\s+(tiktok|tik tok|short[- ]form videos?)\s+(good|worth it|worthwhile|effective|useful|right|a good (platform|channel|fit))\b/.test(
      lowerAll,
    ) &&
    (attributes.length > 0 || topics.length > 0)
  ) {
    intent = "overview";
    understood.push(
      "an overview of the videos in question (whether it is good is a judgement the corpus cannot make)",
    );
  } else if (quotes) intent = "rank";
  else if (
    // "Ti le like/view cua hotel Phu Quoc la bn %", "save/view ratio of homestay videos": the rate, measured.
    subject === "videos" &&
    entityCount === 0 &&
    metric !== null &&
    isRate(metric) &&
    /\bratio\b|%/.test(lowerAll) &&
    !/\b(top|most|best|worst|highest|lowest|rank\w*|which|list|show|outliers?|examples?)\b/.test(lowerAll)
  )
    intent = "measure";
  else if (
    // "Hotel ads with at least 10k views", "resort videos in Vietnam": a set named with no question about it
    // is listed, the most viewed first, as a search would.
    subject === "videos" &&
    entityCount === 0 &&
    (((topics.length > 0 || attributes.length > 0 || window?.from !== undefined) &&
      !/^\s*(what|which|who|how|why|when|where|is|are|do|does|did|can|could|should|will|would)\b/.test(
        lowerAll,
      )) ||
      // "What was posted in December 2020?": the videos of the window (or set), listed.
      /^\s*what (was|were|got|has been|have been|is being) (posted|published|uploaded|shared)\b/.test(
        lowerAll,
      ))
  ) {
    intent = "rank";
    understood.push("no question asked: the matching videos are listed, the most viewed first");
  } else if (
    // "Creators with at least 5 videos and over 100k followers", "verified creators": listed likewise.
    ((subject === "creators" && (followers !== null || groupVideos !== null || creatorType !== null)) ||
      (subject === "advertisers" && groupVideos !== null)) &&
    entityCount === 0 &&
    !/^\s*(what|which|who|how|why|when|where|is|are|do|does|did|can|could|should|will|would)\b/.test(lowerAll)
  ) {
    intent = "rank";
    understood.push(`no question asked: the matching ${subject} are listed`);
  } else if (
    // "Are videos with questions in the hook better?": the hook type named beside the others, on views.
    performance &&
    entityCount === 0 &&
    attributes.some((a) => a.kind === "hook_type") &&
    /^\s*(is|are|do|does|did)\b/.test(lowerAll)
  ) {
    intent = "breakdown";
    groupBy = "hook_type";
    subject = "hook_types";
  } else if (
    // "Is #x content getting decent engagement?", "do Hue videos get good views?": the measure of those videos.
    metric !== null &&
    entityCount <= 1 &&
    /\b(getting|get|gets|got|have|has|had|with|pull|pulls|draw|draws)\s+(?:a\s+)?(decent|good|great|high|low|poor|strong|solid|ok|okay|bad|much|any|a lot of|lots of|many)\b/.test(
      lowerAll,
    )
  ) {
    intent = "measure";
    subject = "videos";
  } else if (
    // "Is anyone in Hue still posting? Uploads in the last four weeks.": how many videos went up.
    !mentioned &&
    entityCount <= 1 &&
    (metric === null || metric === "videos") &&
    /\b(?:uploads|(?:upload|uploading|posting|publishing) (?:volume|counts?|activity)|(?:still|even) (?:posting|uploading|active))\b/.test(
      lowerAll,
    )
  ) {
    intent = "count";
    subject = "videos";
    metric = null;
    understood.push('"uploads" read as the number of videos');
  } else if (
    // ('Is "Dalatmango" by PC used only in Đà Lạt videos?', '"Nhớ Người Hay Nhớ" appears eight times: one account
    // repeating it or spread across accounts?': who uses the sound named, each account's videos with it.)
    !mentioned &&
    entityCount === 0 &&
    (metric === null || metric === "videos") &&
    attributes.filter((a) => a.kind === "sound").length === 1 &&
    attributes.some((a) => a.kind === "sound" && !a.except) &&
    /\b(?:used|uses|using|use|appears?|appeared|shows? up|showed up|spread|reuse[ds]?|repeat\w*)\b/.test(
      lowerAll,
    )
  ) {
    intent = "rank";
    subject = "creators";
    metric = "videos";
    understood.push("the accounts using it, ranked by their videos with it");
  } else if (
    // ("@le.petit.villa.hoian engagement last 6 months", "Keypad Hotel median saves": one account and a measure,
    // nothing else asked: that measure of its videos.)
    !mentioned &&
    entityCount === 1 &&
    metric !== null &&
    metric !== "videos"
  ) {
    intent = "measure";
    subject = "videos";
  } else if (
    // ("@timmytimmadome has 28 trending videos and none of them topped 210,000 plays. Accurate?": how many of the
    // account's videos pass the bound named.)
    !mentioned &&
    entityCount === 1 &&
    attributes.some((a) => a.kind === "count")
  ) {
    intent = "count";
    subject = "videos";
    metric = null;
  } else if (
    !mentioned &&
    percentile !== null &&
    !/\b(?:vs\.?|versus|compared?|differ\w*|between|against|than)\b/.test(lowerAll)
  ) {
    // ("p50, p90, p99 of plays", nothing else asked: those values; "do they differ between …" is declined.)
    intent = "measure";
  } else if (
    // ("Did any Da Lat video hit 1M?", "has anyone posted about Sa Pa?": whether there are any, counted; not
    // when words are left unread, "did any hotels get fined by regulators?".)
    !mentioned &&
    ignored.every((x) => besideQuestion.includes(x)) &&
    /^\W*(?:did|does|do|has|have|had|was|were|is|are)\s+(?:any|anyone|anybody|someone|somebody)\b/.test(
      lowerAll,
    ) &&
    (topics.length > 0 || attributes.length > 0 || entityCount > 0)
  )
    intent = "count";
  // ("Can you tell me the cheapest hotel in Da Lat rn": the prices stated, read below.)
  else if (priceFigure) intent = priceFigure.of === "median" ? "measure" : "rank";
  else {
    intent = "decline";
    decline = mentioned
      ? lacks(mentioned)
      : inAnotherLanguage(question)
        ? NOT_ENGLISH
        : "it could not tell what to compute (a ranking, a comparison, a count or share, a breakdown, a profile, the newest, trending or breakout items, or a trend report)";
  }
  // "On average, how many hotel videos does a creator post?": the videos per creator (not a median of views).
  if (
    intent === "measure" &&
    metric === null &&
    (subject === "creators" || subject === "advertisers") &&
    /\bhow many\b[^?]*\b(videos?|vids?|posts?|clips?|ads?|uploads?|tiktoks?)\b/.test(lowerAll)
  ) {
    metric = "videos";
    understood.push(`measure: the videos per ${subject === "creators" ? "creator" : "advertiser"}`);
  }
  // "Which recent hotel videos got the most views?": "recent" beside a measure restricts publication to the
  // last 30 days (ending at an old scrape's newest video, as other windows do); alone it asks for the newest.
  // ("What's working lately?", "… these days": recent videos, as "recently"; "lately" asks for no growth window.)
  if (
    window?.shortest &&
    /^(lately|these days|nowadays)$/.test(window.phrase) &&
    !["creators", "advertisers", "trend_reports"].includes(subject) &&
    ["rank", "measure", "count", "share", "breakdown", "drivers", "overview"].includes(intent)
  ) {
    unsay(/^window /);
    window = { days: RECENT_DAYS, phrase: window.phrase };
    understood.push(`window ${RECENT_DAYS} days (from "${window.phrase}")`);
  }
  if (
    !window &&
    !["creators", "advertisers", "trend_reports"].includes(subject) &&
    ["rank", "measure", "count", "share", "breakdown", "drivers", "compare", "overview"].includes(intent) &&
    /\brecent(ly)?\b/.test(lowerAll)
  ) {
    const phrase = (lowerAll.match(/\brecent(ly)?\b/) as RegExpMatchArray)[0];
    window = { days: RECENT_DAYS, phrase };
    understood.push(`window ${RECENT_DAYS} days (from "${phrase}")`);
  }
  // "Viral hotel videos" beside a count, share, measure, breakdown or ranking of what they use: the most played
  // tenth of them ("the most viral", "go viral" stay readings of views).
  // "The words of the top hotel videos": the most played tenth too (the words of every video say little of what
  // the best ones do).
  // "The hashtags the top resort videos use" likewise.
  // (Not "the top 10 most viewed videos": those ten, topPlayed below.)
  const topWords =
    topPlayedAsked === null &&
    (intent === "words" ||
      (intent === "rank" && (subject === "hashtags" || subject === "sounds")) ||
      (intent === "breakdown" && subject === "hook_types")) &&
    /\b(top|best|best performing|most (viewed|watched|played|popular)|highest performing|successful|winning) (?!(?:\d+ )?(?:words?|phrases?|keywords?|terms|emojis?|emoji|hashtags?|tags?|sounds?|songs?|music|hooks?|hook types?|creators?|accounts?|advertisers?|brands?|for|in|on|at|of|with|to|from|among)\b)(?:[\p{L}]+ ){0,2}?(videos|posts|clips|ads|content|slideshows|ones)\b/u.test(
      lowerAll,
    );
  // "The most shared videos" as a set: where a set of videos is asked about, not when they are what is ranked.
  const countedSet =
    mostCounted !== null &&
    (["measure", "count", "share", "breakdown", "overview", "words"].includes(intent) ||
      (intent === "rank" && ["hashtags", "sounds", "hook_types", "regions", "languages"].includes(subject)));
  // ("The emoji of viral captions": the captions of the viral videos.)
  // "Top creators by number of viral videos": the accounts ranked by how many of the viral tenth are theirs.
  const viralCounted = /\b(number|count) of viral (videos|posts|clips|ads)\b/.test(lowerAll);
  const viral =
    (topWords ||
      countedSet ||
      topPercent !== null ||
      /(?<![#\p{L}])viral (?:[\p{L}]+ ){1,2}?(videos?|posts?|clips?|ads?|content|slideshows?|ones|hooks)\b|(?<![#\p{L}])viral (videos?|posts?|clips?|ads?|content|slideshows?|ones)\b|(?<![#\p{L}])viral captions?\b/u.test(
        lowerAll,
      )) &&
    !/\bviral hooks?\b/.test(lowerAll) &&
    !/\b(most|go|goes|went|going|gone) viral\b/.test(lowerAll) &&
    ["rank", "measure", "count", "share", "breakdown", "overview", "cadence", "words"].includes(intent) &&
    (!(intent === "rank" && (subject === "creators" || subject === "advertisers")) || viralCounted);
  const topPlayed =
    !viral &&
    topPlayedAsked !== null &&
    topPlayedAsked > 0 &&
    ["rank", "measure", "count", "share", "breakdown", "overview", "words"].includes(intent) &&
    !(intent === "rank" && (subject === "creators" || subject === "advertisers"))
      ? topPlayedAsked
      : null;
  const viralBy: Plan["viralBy"] =
    topPlayed !== null
      ? setCount(topSet?.[2] ?? topSet?.[4])
      : viral && countedSet
        ? setCount(mostCounted?.[1])
        : "plays";
  // The count that names the set is no measure of it ("how many of the most liked videos are ads?").
  if (viralBy !== "plays" && metric === viralBy) {
    unsay(/^metric /);
    metric = null;
  }
  if (topPlayed !== null) {
    understood.push(
      `the ${topPlayed} ${viralBy === "plays" ? "most played" : `with the most ${viralBy}`} of the videos in question (from "${topSet?.[0]}")`,
    );
  } else if (topPlayedAsked !== null)
    ignored.push(`${topSet?.[0]} (a set of the most played: not for this kind of question)`);
  const topCreators =
    creatorSet && creators.length === 0 && ["rank", "measure", "count", "share", "breakdown"].includes(intent)
      ? Math.min(MAX_COUNT, Math.max(1, numberOf(creatorSet[1] ?? creatorSet[2] ?? String(TOP_CREATORS))))
      : null;
  if (topCreators !== null) {
    // "How many videos do the 3 biggest creators have?": their videos are counted, not the creators.
    subject = subject === "creators" ? "videos" : subject;
    understood.push(
      `the videos of the ${topCreators === 1 ? "creator" : `${topCreators} creators`} with the most followers (from "${creatorSet?.[0]}")`,
    );
  } else if (creatorSet) ignored.push(`${creatorSet[0]} (a set of creators: not for this kind of question)`);
  // "Which creators have posted about both Da Lat and Nha Trang?", "how many creators post about both hotels
  // and resorts?": each topic on some video of theirs.
  let eachTopic: string[] = [];
  let eachPeriod: Plan["eachPeriod"] = [];
  let eachPeriodExcept = false;
  // "How many new creators appeared in 2025?", "new advertisers this month": those whose first video in the
  // corpus was published in the window (an old scrape first saw every account when it was imported).
  const firstIn =
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    // A calendar period: the creator and advertiser "new" views count first sightings in 2, 7 or 30 days.
    window?.from !== undefined &&
    !window.periods &&
    ["count", "rank", "newest"].includes(intent) &&
    /\b(new|newly|debut\w*|appeared|started|joined|first (video|post|time))\b/.test(lowerAll);
  if (firstIn) {
    if (intent === "newest") intent = "rank";
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(new|newly|debut\w*|appeared|started|joined)$/.test(w)),
    );
    understood.push(`${subject} whose first video in the corpus was published in the window (from "new")`);
  }
  // "Which creators posted in every month of Q1 2024?", "accounts that uploaded in each quarter of 2024": the
  // window's months (quarters), each required of an account.
  const everyPeriod = lowerAll.match(EVERY_PERIOD);
  if (
    everyPeriod &&
    window?.from !== undefined &&
    window.to !== undefined &&
    !window.periods &&
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    ["rank", "count"].includes(intent)
  ) {
    const unit = singular(everyPeriod[1] as string) as "month" | "quarter";
    const periods = periodsWithin(window.from, window.to, unit);
    if (periods.length >= 2 && periods.length <= MAX_EACH_PERIODS) {
      eachPeriod = periods;
      unsay(/^window /);
      understood.push(
        `${subject} with videos in every ${unit} of ${window.label} (${periods.length} ${unit}s, from "${everyPeriod[0].trim()}")`,
      );
      const said = new Set(everyPeriod[0].split(/\s+/));
      keepIgnored((w) => !said.has(w));
      window = null;
    }
  }
  // ("Monthly posting and median views for @x": one figure per month of all the videos, not the last 30 days.)
  if (window?.phrase === "monthly" && window.from === undefined && groupBy === "month") {
    unsay(/^window /);
    window = null;
  }
  if (
    window?.each &&
    window.periods &&
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    ["rank", "count"].includes(intent)
  ) {
    eachPeriod = window.periods;
    eachPeriodExcept = window.except === true;
    unsay(/^window /);
    understood.push(
      eachPeriodExcept
        ? `${subject} with videos in ${window.periods[0]?.label} and none in ${window.periods[1]?.label} (from "but not")`
        : `${subject} with videos in each of ${window.periods.map((p) => p.label).join(" and ")} (from "both")`,
    );
    window = null;
  }
  if (
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    topCreators === null &&
    compareTopics.length === 0 &&
    ["rank", "count"].includes(intent)
  ) {
    const both = lowerAll.search(/\bboth\b/);
    const after = [...topicSpans]
      .filter(([, span]) => both >= 0 && span.at > both)
      .sort((x, y) => x[1].at - y[1].at)
      .slice(0, 2);
    const [x, y] = after as [[string, { at: number; end: number }], [string, { at: number; end: number }]];
    if (after.length === 2 && /^[\s,]*(and|&|as well as)[\s,]*$/.test(lowerAll.slice(x[1].end, y[1].at))) {
      eachTopic = [x[0], y[0]];
      understood.push(`${subject} with videos about each of "${x[0]}" and "${y[0]}" (from "both")`);
    }
  }
  if (viral && viralCounted && (subject === "creators" || subject === "advertisers")) {
    unsay(/^metric |read as views/);
    metric = "videos";
  }
  if (viral) {
    // Views were read from "viral" only for want of another measure: the set is what it selects now.
    const read = understood.indexOf('"viral" read as views (plays)');
    if (read >= 0) {
      understood.splice(read, 1);
      const named = understood.indexOf("metric views (plays)");
      if (named >= 0) understood.splice(named, 1);
      if (intent !== "rank") metric = null;
    }
    understood.push(
      viralBy !== "plays"
        ? `the ${Math.round(VIRAL_SHARE * 100)} % of the videos in question with the most ${viralBy} (from "${mostCounted?.[0]}")`
        : topPercent !== null
          ? `the most played ${topPercent} % of the videos in question (from "${topPercentAsked?.[0].trim()}")`
          : `${topWords ? `"top videos"` : "viral"}: the most played ${Math.round(VIRAL_SHARE * 100)} % of the videos in question`,
    );
  }
  if (groupBy !== "length" && metric !== "duration")
    for (const word of lengthWords) if (!ignored.includes(word)) ignored.push(word);
  // "Do videos with an original sound get more views?", "Shape Of You vs other sounds": the videos using the
  // sound named against the rest.
  // ("How many uses and what plays for "Backyard Boy", "Jailhouse Rock" and "Astronomia"?": a video uses one sound,
  // so sounds named apart are each a group, not all required.)
  const soundsNamed = attributes.filter(
    (a): a is Attribute & { kind: "sound" } => a.kind === "sound" && !a.except,
  );
  const soundsApart =
    soundsNamed.length >= 2 &&
    soundsNamed.every((a, i) =>
      soundsNamed.slice(i + 1).every((b) => !b.ids.some((id) => a.ids.includes(id))),
    );
  if (
    placed.some((p) => p.item.kind === "sound") &&
    // ("Who uses <sound>, and how do those videos compare between Nha Trang and Vung Tau?": the places compared;
    // "do bigger accounts get more plays from the same sound?": the tiers of followers, among its videos.)
    compareTopics.length < 2 &&
    bands.length === 0 &&
    entityCount === 0 &&
    // ("How many have an original sound vs a licensed one?": each side's videos.)
    (((["rank", "measure", "overview"].includes(intent) ||
      (intent === "count" && /\b(?:vs\.?|versus|or (?:the )?other sounds)\b/.test(lowerAll))) &&
      /\b(more|better|worse|less|fewer|higher|lower|outperform\w*|compared?|vs\.?|versus|than|or not|or (?:the )?other sounds|without|differen\w*)\b/.test(
        noMusicSpan ? consume(lowerAll, noMusicSpan[0], noMusicSpan[1] - noMusicSpan[0]) : lowerAll,
      )) ||
      (soundsApart &&
        (["measure", "overview", "count"].includes(intent) || (intent === "rank" && subject !== "videos"))))
  ) {
    // ("How many used an original sound vs licensed music?": each side's videos.)
    const counted = intent === "count" && (metric === null || metric === "videos");
    intent = "breakdown";
    groupBy = "sound_use";
    subject = "videos";
    // ("Do licensed-music videos run shorter than original-sound ones? Median duration for each.")
    lengthOfGroups();
    metric = counted ? "videos" : viewsUnless(metric, '"more" / "better" read as views (plays)');
    understood.push(
      placed.filter((p) => p.item.kind === "sound").length >= 2
        ? "groups: the videos using each sound named"
        : "groups: videos using the sound named, and the others",
    );
  } else if (soundsApart) {
    // ("List the videos using tracks by MC Teteu, Mc Jacare and MC Madan": not each a group, so the videos using any
    // of them, one sound each.)
    const [first, ...rest] = soundsNamed as [
      Attribute & { kind: "sound" },
      ...(Attribute & { kind: "sound" })[],
    ];
    const either = eitherSound(soundsNamed);
    attributes.splice(attributes.indexOf(first), 1, either.sound);
    for (const a of rest) attributes.splice(attributes.indexOf(a), 1);
    understood.push(`the sounds of any of them (a video uses one sound): ${either.names}`);
  }
  // "Do videos mentioning pool get more views than those that don't?", "pool videos vs the rest", "… than other
  // hotel videos": the videos about the topics named before against the others (a topic after "other" is of both).
  // ("Does #maldives help Vung Tau videos get views?", "Vung Tau videos tagged #maldives — does that tag actually
  // help?": the videos with the hashtag against the others, the other topics of both.)
  const helped = lowerAll.match(
    /\b(?:does|do|did|will|would|can)\s+(?:(?:tagging|using|adding|including)\s+(?:with\s+)?)?#([\p{L}\p{N}_]+)\s+(?:(?:actually|really|even)\s+)?(?:help|boost|hurt|matter|pay off)\b|#([\p{L}\p{N}_]+)\b[^?.]*?\b(?:does|do|did|will|would|can) (?:that|this|the) (?:tag|hashtag) (?:(?:actually|really|even)\s+)?(?:help|boost|hurt|matter|pay off)\b|\bis\s+it\s+(?:(?:really|even|still|actually)\s+)?worth\s+(?:(?:using|adding|tagging|putting|including)\s+)?(?:the\s+)?#([\p{L}\p{N}_]+)|\bis\s+(?:the\s+)?#([\p{L}\p{N}_]+)\s+(?:(?:tag|hashtag)\s+)?(?:(?:really|even|still|actually)\s+)?worth\b/u,
  );
  // ("Do funny videos work for hotels?", "is #xuhuong actually helping?", "do couple videos do better?": the videos
  // about the one topic named there against the others, the other topics of both.)
  const works = helped ? null : (lowerAll.match(WORKS) ?? lowerAll.match(GETS_MORE));
  const worksSpan = works ? [works.index ?? 0, (works.index ?? 0) + works[0].length] : null;
  const worksTopics = worksSpan
    ? topics.filter((t) => {
        const span = topicSpans.get(t);
        return (
          span !== undefined && span.at >= (worksSpan[0] as number) && span.end <= (worksSpan[1] as number)
        );
      })
    : [];
  const helpedTag = helped
    ? foldText((helped[1] ?? helped[2] ?? helped[3] ?? helped[4]) as string)
    : worksTopics.length === 1
      ? (worksTopics[0] as string)
      : null;
  const rest =
    (helpedTag && topics.includes(helpedTag) ? (helped ?? works) : null) ?? lowerAll.match(THE_REST);
  // (A topic named again later, "… mentioning homestay vs everything else", was first named before; one that
  // scopes the question, "within Da Nang, do …", is of both sides.)
  // (The topics set against the rest: back among the topics if the bands are not compared, below.)
  const restMoved: string[] = [];
  const restTopics =
    rest && (rest === helped || rest === works) && helpedTag
      ? [helpedTag]
      : rest
        ? topics.filter(
            (t) =>
              ((topicSpans.get(t)?.at ?? Number.MAX_SAFE_INTEGER) < (rest.index ?? 0) ||
                findPhrase(lowerAll.slice(0, rest.index ?? 0), t) >= 0) &&
              !/\b(within|among|inside|across|for)\s+(?:the\s+)?$/.test(
                lowerAll.slice(0, topicSpans.get(t)?.at ?? 0),
              ) &&
              !/^(rest|others?|everything)$/.test(t),
          )
        : [];
  if (
    rest &&
    restTopics.length > 0 &&
    // ("Viral hotel videos vs the rest": the viral tenth against the others is not read; nor "X or Y … vs the
    // rest", whose side would be a union; examples listed are one side, "(like "400k" or "800k 1 đêm")".)
    !viral &&
    ((examplesListed &&
      eitherTopics.length === restTopics.length &&
      eitherTopics.every((t) => restTopics.includes(t))) ||
      !/\bor\b|\([^)]*,[^)]*\)/.test(lowerAll.slice(0, rest.index ?? 0))) &&
    (decline === null
      ? ["rank", "measure", "overview", "count", "compare"].includes(intent)
      : decline.startsWith("it could not tell what to compute")) &&
    entityCount === 0 &&
    groupBy === null &&
    bands.length === 0 &&
    compareTopics.length < 2 &&
    !placed.some((p) => p.item.kind === "emoji" || p.item.kind === "sound")
  ) {
    const q = restTopics.join(" ");
    const named = `"${topicWords(restTopics)}"`;
    // ('"Hồ bơi" (pool) versus those that don't': a word or its translation against neither.)
    const either =
      eitherTopics.length === restTopics.length && eitherTopics.every((t) => restTopics.includes(t));
    const each = restTopics.map((t) => `"${topicWords([t])}"`);
    if (either) {
      bands.push(
        { label: `about ${each.join(" or ")}`, attributes: [{ kind: "any_text", qs: [...restTopics] }] },
        {
          label: `about neither ${each.join(" nor ")}`,
          attributes: restTopics.map((t) => ({ kind: "not_text" as const, q: t })),
        },
      );
      eitherTopics = [];
    } else
      bands.push(
        { label: `about ${named}`, attributes: [{ kind: "text", q }] },
        { label: `not about ${named}`, attributes: [{ kind: "not_text", q }] },
      );
    restMoved.push(...restTopics.filter((t) => topics.includes(t)));
    topics.splice(
      0,
      topics.length,
      ...topics.filter((t) => !restTopics.includes(t) && !/^(rest|others?|everything)$/.test(t)),
    );
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(rest|others?|dont|doesnt|didnt|beats?|everything|else|without)$/.test(w)),
    );
    understood.push(
      `groups: the videos about ${either ? each.join(" or ") : named}, and the others (from "${rest[0].trim().replace(/\s{2,}/g, " … ")}")`,
    );
    // ("#xuhuong videos vs videos without #xuhuong": "without" names the other side, not a filter on both.)
    for (let i = attributes.length - 1; i >= 0; i--) {
      const a = attributes[i] as Attribute;
      if (a.kind !== "not_text" || !restTopics.includes(a.q)) continue;
      attributes.splice(i, 1);
      const said = `videos not about "${topicWords([a.q])}"`;
      understood.splice(0, understood.length, ...understood.filter((u) => !u.startsWith(said)));
    }
  }
  // "How does @x compare with every other creator?", "@x vs everyone else", "do @x's videos get more likes than
  // other creators' videos?": the account's videos against everyone else's (topics named apply to both).
  const accountVsRest = lowerAll.match(
    /\b(?:than|vs\.?|versus|compared? (?:to|with)|compares (?:to|with)|against)\s+(?:all\s+)?(?:the\s+)?(?:rest\b|everyone(?: else)?\b|everybody(?: else)?\b|every other (?:creator|account|poster|channel)s?\b|(?:all\s+)?(?:the\s+)?other (?:creators?|accounts?|posters?|channels?)(?:['’]s?)?(?:\s+videos?)?(?=$|[\s?.,!;:]))/,
  );
  const [alone1] = creators;
  if (
    accountVsRest &&
    alone1 &&
    creators.length === 1 &&
    advertisers.length === 0 &&
    bands.length === 0 &&
    groupBy === null &&
    (decline === null || decline.startsWith("it could not tell what to compute")) &&
    ["rank", "measure", "count", "overview", "compare", "profile", "decline"].includes(intent)
  ) {
    creators.splice(0, 1);
    bands.push(
      {
        label: `by @${alone1.handle}`,
        attributes: [{ kind: "creator", uid: alone1.uid, handle: alone1.handle }],
      },
      {
        label: `not by @${alone1.handle}`,
        attributes: [{ kind: "not_creator", uid: alone1.uid, handle: alone1.handle }],
      },
    );
    decline = null;
    intent = "breakdown";
    groupBy = "bounds";
    subject = "videos";
    unsay(/^no question asked/);
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(rest|others?|everyone|everybody|else|creators?|accounts?)$/.test(w)),
    );
    understood.push(
      `groups: the videos by @${alone1.handle}, and everyone else's (from "${accountVsRest[0].trim()}")`,
    );
  }
  // "Late-night posts (after 10pm Vietnam time) versus everything else", "Sunday posts vs the rest": the hours or
  // days named against the others; "posts with no hashtags compared with tagged ones" likewise.
  const timeAlone = attributes.filter((a) => a.kind === "hours" || a.kind === "days");
  const countAlone = attributes.filter((a) => a.kind === "count" && a.metric === "hashtags");
  const against =
    rest !== null ||
    (judged && timeAlone.length === 1) ||
    /\b(?:compared? (?:to|with)|vs\.?|versus|than|against)\s+(?:the\s+)?(?:(?:tagged|hashtagged) (?:ones|videos|posts)|(?:videos?|ones|those|posts?|clips?)\s+(?:that\s+(?:have|has|use|carry)|which\s+(?:have|use)|with)\s+(?:any\s+|some\s+)?(?:hashtags|tags))\b/.test(
      lowerAll,
    );
  const alone =
    timeAlone.length === 1 && countAlone.length === 0
      ? timeAlone[0]
      : countAlone.length === 1 && timeAlone.length === 0
        ? countAlone[0]
        : undefined;
  if (
    alone &&
    against &&
    bands.length === 0 &&
    groupBy === null &&
    // (The topics of a judged time are of both sides: "is posting at night good for hotels?")
    (topics.length === 0 || (judged && rest === null)) &&
    entityCount === 0 &&
    (decline === null || decline.startsWith("it could not tell what to compute")) &&
    ["rank", "measure", "count", "overview", "compare", "decline"].includes(intent)
  ) {
    const other: Attribute =
      alone.kind === "hours"
        ? {
            kind: "hours",
            hours: [...Array(24).keys()].filter((h) => !alone.hours.includes(h)),
            label: `outside ${alone.label}`,
          }
        : alone.kind === "days"
          ? {
              kind: "days",
              days: [...Array(7).keys()].filter((d) => !alone.days.includes(d)),
              label: `days other than ${alone.label}`,
            }
          : alone.kind === "count"
            ? { ...alone, op: OTHER_BOUND[alone.op] }
            : alone;
    attributes.splice(attributes.indexOf(alone), 1);
    bands.push(
      { label: attributeLabel(alone), attributes: [alone] },
      { label: attributeLabel(other), attributes: [other] },
    );
    decline = null;
    intent = "breakdown";
    groupBy = "bounds";
    subject = "videos";
    unsay(/^no question asked/);
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter(
        (w) => !/^(rest|others?|everything|else|tagged|hashtagged|beats?|outperforms?)$/.test(w),
      ),
    );
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    understood.push(`groups: ${attributeLabel(alone)} and the others (${attributeLabel(other)})`);
  }
  // "Does the number of hashtags matter? compare 0-3, 4-7 and 8+": the bands listed, side by side.
  // (A question that is no other shape — "how do under 15s, 15-60s and over 60s compare?" — is this one.)
  const shapeless = decline?.startsWith("it could not tell what to compute") ?? false;
  if (
    bands.length >= 2 &&
    (intent !== "decline" || shapeless) &&
    entityCount === 0 &&
    (subject !== "creators" || bands.some((b) => b.followers || b.accountVideos || b.verified !== undefined))
  ) {
    decline = null;
    intent = "breakdown";
    if (groupBy === "length") unsay(/^groups: video length/);
    // ("What time of day do hotels post, morning or night?": the parts of the day named, not every hour.)
    if (groupBy === "hour" && hourBands.length >= 2) unsay(/^groups: publication hour/);
    // ("The posting hour of macro vs nano accounts": the groups of creators compared; a time within each is said to
    // be unread.)
    if (
      postingTime !== null &&
      postingTime !== "period" &&
      bands.some((b) => b.followers || b.accountVideos || b.verified !== undefined)
    ) {
      unsay(/^groups: publication /);
      const time =
        postingTime === "hour"
          ? "hour of the day"
          : postingTime === "weekday"
            ? "day of the week"
            : postingTime === "weekend"
              ? "weekends or weekdays"
              : postingTime;
      ignored.push(
        `the publication ${time} within each group (one grouping at a time: ask about each group)`,
      );
    }
    groupBy = "bounds";
    subject = "videos";
    // ("Grouped by duration (under 15s, 15-30s, 60s+): count and median views": the bands are of length; the
    // measure is the one named beside it, or how many.)
    if (
      metric === "duration" &&
      bands.every((b) => b.attributes.every((a) => a.kind === "count" && a.metric === "seconds"))
    )
      metric = /\bviews?\b|\bplays?\b/.test(lowerAll)
        ? "plays"
        : (alsoNamed.find((m) => m !== "duration") ?? null);
    // ("How does save rate change with the number of hashtags (0–2, 3–5, 10+)?": the bands are of hashtags; the
    // measure is the one named beside them.)
    if (
      metric === "hashtag_count" &&
      bands.every((b) => b.attributes.every((a) => a.kind === "count" && a.metric === "hashtags"))
    ) {
      const rate = lowerAll.match(/\b(engagement|like|save|share|comment)(?: rates?)?\b/)?.[1];
      const rated =
        rate === "engagement" ? "engagement" : rate && /\brates?\b/.test(lowerAll) ? `${rate}_rate` : null;
      unsay(/^measure: the median number of hashtags/);
      metric =
        (rated as Metric | null) ??
        (/\bviews?\b|\bplays?\b/.test(lowerAll)
          ? "plays"
          : (alsoNamed.find((m) => m !== "hashtag_count") ?? null));
    }
    // ("The median video length for verified vs non-verified creators": each band's median length.)
    if (
      !bands.every(
        (b) =>
          b.attributes.length > 0 && b.attributes.every((a) => a.kind === "count" && a.metric === "seconds"),
      )
    )
      lengthOfGroups();
    // ("The distribution of plays: under 1k, 1k-10k, …", "videos by play band": bands of an engagement count,
    // with no other measure named, are counted, how many videos in each.)
    const [firstBound] = bands[0]?.attributes ?? [];
    const bandCount =
      firstBound?.kind === "count" &&
      ["plays", "likes", "comments", "shares", "saves"].includes(firstBound.metric) &&
      bands.every(
        (b) =>
          b.attributes.length > 0 &&
          b.attributes.every((a) => a.kind === "count" && a.metric === firstBound.metric),
      )
        ? firstBound.metric
        : null;
    if (bandCount !== null && (metric === null || metric === bandCount)) metric = null;
    // ("Creators by follower band: … median plays per band": the measure beside the bands, not their followers.)
    if (metric === "followers" && bands.some((b) => b.followers))
      metric = /\b(?:views?|plays?)\b/.test(lowerAll) ? "plays" : null;
    // ("The distribution of hashtags per video (0, 1-3, 4+)": how many videos in each band.)
    const distribution =
      (metric === null || metric === "videos") &&
      (bandCount !== null || /\b(distribution|histogram|spread|how many|count)\b/.test(lowerAll));
    metric = distribution ? null : sideBySideMetric(metric === "videos" ? null : metric);
  }
  // "Median views for videos under 15 seconds vs over 60 seconds": two bounds on one count that no video meets
  // together, set side by side, are two groups.
  const boundsApart = attributes.filter((a) => a.kind === "count");
  const [low, high] = boundsApart;
  if (
    bands.length === 0 &&
    boundsApart.length === 2 &&
    low?.kind === "count" &&
    high?.kind === "count" &&
    low.metric === high.metric &&
    disjointBounds(low, high) &&
    (withAndWithout !== null || /\b(vs\.?|versus|or|compared?|than|against)\b/.test(lowerAll)) &&
    // ("Short clips under 15s versus long ones over 60s": the two bounds, not every length; "percentage of videos with
    // over 10 hashtags, and their median plays versus 3 or fewer": no video is in both, so no share of one in the
    // other.)
    (["rank", "measure", "count", "overview", "share"].includes(intent) ||
      (intent === "breakdown" && groupBy === "length")) &&
    entityCount === 0 &&
    subject === "videos"
  ) {
    if (groupBy === "length") unsay(/^groups: video length/);
    intent = "breakdown";
    groupBy = "bounds";
    // ("How long are videos with over 1M views vs under 10k views?": each side's median length.)
    if (low.metric !== "seconds") lengthOfGroups();
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    understood.push(`groups: ${attributeLabel(low)} and ${attributeLabel(high)}, side by side`);
  }
  // "Do videos under 15s get more views?", "short vids <15s do better or nah?": the videos within the bound on
  // length against the others ("do videos without hashtags get fewer views?": on hashtags likewise).
  const loneLength = boundsApart.filter(
    (a) => a.kind === "count" && (a.metric === "seconds" || a.metric === "hashtags"),
  );
  const lone = loneLength.length === 1 && boundsApart.length === 1 ? loneLength[0] : undefined;
  if (
    lone?.kind === "count" &&
    bands.length === 0 &&
    groupBy !== "bounds" &&
    (doesItHelp ||
      /\b(do|does|did|perform|performs)\s+(better|worse|best)\b|\bor nah\b|\bor not\b|\bthan (?:the )?(?:longer|shorter|short|long|other|the rest)\b/.test(
        lowerAll,
      )) &&
    (["rank", "measure", "count", "overview", "decline"].includes(intent) ||
      (intent === "breakdown" && groupBy === "length")) &&
    (decline === null || decline.startsWith("it could not tell what to compute")) &&
    entityCount === 0 &&
    subject === "videos"
  ) {
    const other = { ...lone, op: OTHER_BOUND[lone.op] };
    attributes.splice(attributes.indexOf(lone), 1);
    bands.push(
      { label: attributeLabel(lone), attributes: [lone] },
      { label: attributeLabel(other), attributes: [other] },
    );
    if (groupBy === "length") unsay(/^groups: video length/);
    unsay(/^no question asked/);
    keepIgnored((w) => !/^(short|long)$/.test(w));
    intent = "breakdown";
    groupBy = "bounds";
    decline = null;
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    understood.push(`groups: ${attributeLabel(lone)} and the others (${attributeLabel(other)})`);
  }
  // "Which price ranges get the most views?", "prices under 500k vs 500k to 1 triệu vs over 1 triệu: which gets more
  // views?": the videos stating a price in each range, side by side (PRICE_RANGES where none is written).
  const pricesBounded = attributes.filter(
    (a): a is Extract<Attribute, { kind: "price" }> =>
      a.kind === "price" && a.value === "yes" && a.bound !== undefined && !a.bound.hours,
  );
  if (
    bands.length === 0 &&
    (pricesBounded.length >= 3 || (priceRangesCompared && pricesBounded.length === 0)) &&
    entityCount === 0 &&
    ["rank", "measure", "count", "overview", "breakdown", "compare", "decline"].includes(intent) &&
    (decline === null || decline.startsWith("it could not tell what to compute"))
  ) {
    const ranges = pricesBounded.length >= 3 ? pricesBounded.map((a) => a.bound as PriceBound) : PRICE_RANGES;
    for (const a of pricesBounded) attributes.splice(attributes.indexOf(a), 1);
    bands.push(
      ...ranges.map((bound) => ({
        label: priceBoundWords(bound),
        attributes: [{ kind: "price" as const, value: "yes" as const, bound }],
      })),
    );
    intent = "breakdown";
    groupBy = "bounds";
    subject = "videos";
    decline = null;
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    keepIgnored((w) => !/^(?:ranges?|bands?|brackets?|tiers?|levels?|segments?)$/.test(w));
    understood.push(
      `groups: the videos stating a price ${ranges.map(priceBoundWords).join(", ")}${pricesBounded.length >= 3 ? "" : ` (from "${lowerAll.match(PRICE_RANGES_SAID)?.[0]}")`}`,
    );
  }
  // "🔥 vs ❤️: which gets more likes?", "captions with 🔥 vs captions with ❤️": the videos with each, side by side.
  const emojiNamed = attributes.filter((a) => a.kind === "emoji");
  if (
    emojiNamed.length === 2 &&
    bands.length === 0 &&
    groupBy !== "bounds" &&
    /\b(vs\.?|versus|or|compared?|than|against)\b/.test(lowerAll) &&
    // ("🌅 vs 🌊: which emoji goes with more saves?": the two, not the emoji their captions use.)
    ["rank", "measure", "count", "overview", "words"].includes(intent) &&
    entityCount === 0 &&
    subject === "videos"
  ) {
    if (intent === "words") {
      unsay(/^the emoji most used/);
      // ("… which emoji goes with more saves?": the count named.)
      const count = lowerAll.match(/\b(views|plays|likes|comments|shares|saves)\b/)?.[1];
      if (metric === null && count) metric = count === "views" ? "plays" : (count as Metric);
    }
    for (const e of emojiNamed) attributes.splice(attributes.indexOf(e), 1);
    bands.push(...emojiNamed.map((e) => ({ label: attributeLabel(e), attributes: [e] })));
    unsay(/^no question asked/);
    intent = "breakdown";
    groupBy = "bounds";
    metric = sideBySideMetric(metric === "videos" ? null : metric);
    understood.push(`groups: ${emojiNamed.map(attributeLabel).join(" and ")}, side by side`);
  }
  // ("What's the average number of videos per creator?": the accounts' videos each, a measure over them, as "how many
  // videos does a typical creator post?".)
  // ("How many videos per creator on average?": the same.)
  const perAccount =
    lowerAll.match(
      /\b(?:average|avg|mean|median|typical)\s+(?:(?:number|count|amount|#)\s+of\s+)?(?:videos|posts|uploads|clips|ads)\s+(?:per|by|for each|each)\s+(creators?|accounts?|advertisers?|brands?)\b/,
    ) ??
    lowerAll.match(
      /\bhow many\s+(?:videos|posts|uploads|clips|ads)\s+(?:per|by|for each|each)\s+(creators?|accounts?|advertisers?|brands?)\b(?=[^?]*\b(?:on average|average|avg|typically|usually|median)\b)/,
    );
  if (
    perAccount &&
    creators.length + advertisers.length === 0 &&
    (intent === "rank" || intent === "measure")
  ) {
    intent = "measure";
    subject = /^(?:advertiser|brand)/.test(perAccount[1] as string) ? "advertisers" : "creators";
    metric = "videos";
    groupBy = null;
    perVideo = false;
    unsay(/^metric |^ranked by the median per video/);
    understood.push(
      `the number of videos of each ${subject === "advertisers" ? "advertiser" : "creator"}, measured over them`,
    );
  }
  // "How many videos are there per language?", "number of videos by region": each one's videos, ranked.
  if (
    intent === "count" &&
    (subject === "languages" || subject === "regions") &&
    /\b(per|by|each|every|across)\s+(languages?|regions?|countr(y|ies)|markets?)\b/.test(lowerAll)
  ) {
    intent = "rank";
    metric = "videos";
  }
  // ("Which languages have at least 100 videos?", "how many regions have over 50 videos?": each one's videos, the
  // groups with that many kept below.)
  if (
    groupsOf &&
    (intent === "rank" || intent === "count") &&
    (subject === "languages" || subject === "regions") &&
    (metric === null || metric === "videos")
  ) {
    intent = "breakdown";
    groupBy = subject === "regions" ? "region" : "language";
    subject = "videos";
    metric = "videos";
    understood.push(`groups: ${groupBy} (the code the source recorded for each video)`);
  }
  // "What's the median engagement rate per region?", "average views by language": each one's figure.
  if (
    intent === "measure" &&
    metric !== null &&
    (subject === "languages" || subject === "regions") &&
    /\b(per|by|each|every|across|for each)\s+(languages?|regions?|countr(y|ies)|markets?)\b/.test(lowerAll)
  ) {
    intent = "breakdown";
    groupBy = subject === "regions" ? "region" : "language";
    subject = "videos";
    understood.push(`groups: ${groupBy} (the code the source recorded for each video)`);
  }
  // "What hashtags does the top resort video use?", "what sound does the most viewed hotel video use?": that
  // video's own, not those most used by the set.
  let usesShown: Plan["usesShown"] = null;
  // "Show me the hooks of the top 5 resort videos": each of those videos' own.
  const usesOfTop =
    topPlayed !== null && entityCount === 0
      ? lowerAll.match(
          /(?<!\bhow many )\b(hooks?|opening lines?|hashtags|sounds?|songs?) (?:of|from|in|used by|do|did|does) the top \d/,
        )
      : null;
  if (usesOfTop) {
    usesShown = /^(hook|opening)/.test(usesOfTop[1] as string)
      ? "hook_types"
      : usesOfTop[1] === "hashtags"
        ? "hashtags"
        : "sounds";
    intent = "rank";
    groupBy = null;
    subject = "videos";
    understood.push(
      `the ${usesShown === "hook_types" ? "opening hook" : usesShown === "sounds" ? "sound" : "hashtags"} of each of those videos`,
    );
  } else if (
    (theTopOne || whichOne) &&
    (subject === "hashtags" || subject === "sounds" || subject === "hook_types") &&
    (intent === "rank" || intent === "breakdown") &&
    // ("What's @x's most-shared video, and which sound did it use?": that video's, the account named.)
    (entityCount === 0 || /\b(?:did|does|do) (?:it|that video|the video) use\b/.test(lowerAll))
  ) {
    usesShown = subject;
    intent = "rank";
    groupBy = null;
    subject = "videos";
    // ("Which @x video did best on saves, and what sound did it use?": ranked by saves; the count of what it
    // uses, "hashtags", is no measure.)
    if (
      metric !== null &&
      !["plays", "likes", "comments", "shares", "saves"].includes(metric) &&
      !isRate(metric)
    )
      metric = null;
    understood.push(
      `the ${usesShown === "hook_types" ? "opening hook" : usesShown === "sounds" ? "sound" : "hashtags"} of that video`,
    );
  }
  // "Which @x video got the most views, and when was it posted?": that video's publication day.
  if (
    usesShown === null &&
    (theTopOne || whichOne) &&
    intent === "rank" &&
    subject === "videos" &&
    /\bwhen (?:was|did|were) (?:it|that|this|that video|the video)\b(?: (?:first )?(?:posted|published|uploaded|go up|made|released|come out))?/.test(
      lowerAll,
    )
  ) {
    usesShown = "date";
    understood.push("the day that video was published");
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(posted|published|uploaded|released)$/.test(w)),
    );
  }
  // "Which hotel in Da Lat has the most videos?": videos are counted per account, not ranked by themselves.
  if (intent === "rank" && subject === "videos" && metric === "videos" && entityCount === 0) {
    subject = "creators";
    understood.push("the accounts (creators) with the most of the videos in question");
  }
  if (intent === "rank" && subject === "regions") groupBy = "region";
  if (intent === "rank" && subject === "languages") groupBy = "language";
  if (intent === "rank" && subject === "hashtags") groupBy = "hashtag";
  if (intent === "rank" && subject === "formats") {
    intent = "breakdown";
    groupBy = "media_type";
  }

  // "Average comments per video for creators with over 1M followers": a figure of their videos, not a list of
  // creators; the bound keeps the videos of the creators within it.
  if (
    followers &&
    !authorFollowers &&
    ["measure", "share", "breakdown", "words", "overview", "drivers"].includes(intent) &&
    creators.length + advertisers.length === 0
  ) {
    authorFollowers = followers;
    const reading = understood.findIndex((u) => u.startsWith(`creators with ${followers?.op} `));
    if (reading >= 0)
      understood[reading] =
        `videos by ${(understood[reading] as string).replace(/ \(from .*$/, "")} (from the bound on followers)`;
    followers = null;
    subject = "videos";
  }
  // ("Do creators with under 10k followers ever break out?": the breakout videos of the creators within the bound.)
  if (followers && !authorFollowers && intent === "breakout" && creators.length + advertisers.length === 0) {
    authorFollowers = followers;
    followers = null;
  }
  // "How many videos come from verified accounts?", "median views of verified creators' videos per month": a
  // figure of their videos (a list or count of creators stays one of creators).
  // ("Top 10 creators by median plays, not counting verified accounts": the others' videos, and so the others.)
  let authorVerified: Plan["authorVerified"] = null;
  if (
    verifiedLeftOut &&
    creators.length + advertisers.length === 0 &&
    ["measure", "share", "breakdown", "words", "overview", "drivers", "count", "rank"].includes(intent)
  ) {
    authorVerified = "no";
    // ("How many videos come from non-verified creators?": their videos, counted; "top 10 videos, not counting
    // verified accounts": videos, the accounts being the ones left out.)
    const rest = lowerAll.replace(verifiedLeftOutPhrase, " ");
    if (
      (intent !== "rank" && (intent !== "count" || /\bhow many (videos|posts|clips)\b/.test(lowerAll))) ||
      (subject === "creators" &&
        /\b(videos?|posts?|clips?)\b/.test(rest) &&
        !/\b(creators?|accounts?|influencers?|tiktokers?|authors?)\b/.test(rest))
    )
      subject = "videos";
  }
  // ("Top 5 videos from verified accounts by likes": videos, their authors verified.)
  const videosOfVerified =
    /\b(?:videos?|posts?|clips?)\s+(?:by\s+[\p{L}\s]{1,20}?\s+)?(?:from|by|of)\s+(?:the\s+)?verified\b/u.test(
      lowerAll,
    );
  // ("What percent of verified creators have more than one video?": the verified creators, a bound on each.)
  const boundOnEach = groupVideos !== null || groupCreators !== null || groupMedian !== null;
  if (
    creatorType === "verified" &&
    !(intent === "share" && subject === "creators" && boundOnEach) &&
    creators.length + advertisers.length === 0 &&
    (["measure", "share", "breakdown", "words", "overview", "drivers"].includes(intent) ||
      (["count", "rank"].includes(intent) && (subject !== "creators" || videosOfVerified)))
  ) {
    authorVerified = "yes";
    creatorType = null;
    // ("Which search has the most verified creators?": they are counted in each search.)
    const creatorsPerSearch =
      intent === "breakdown" && groupBy === "collection" && subject === "creators" && metric === null;
    if ((intent !== "rank" || videosOfVerified) && !creatorsPerSearch) subject = "videos";
    const reading = understood.findIndex((u) => u.startsWith("verified creators (from "));
    if (reading >= 0 && !creatorsPerSearch) understood[reading] = `videos by ${understood[reading]}`;
  }
  // "What share of videos are ads each year?", "… in each region?": the share within each group.
  if (
    intent === "share" &&
    /\b(each|every|per|by|across) (region|country|market|language)s?\b/.test(lowerAll) &&
    entityCount === 0
  ) {
    intent = "breakdown";
    groupBy = /\blanguages?\b/.test(lowerAll) ? "language" : "region";
    subject = "videos";
  }
  // "Are weekend posts more likely to reach 1M plays than weekday ones?", "are ads likelier to pass 100k views?":
  // each group's share of its videos within the bound, not the bound as a filter.
  const likelyBounds =
    intent === "breakdown" &&
    groupBy !== null &&
    (SHARE_GROUPS as readonly string[]).includes(groupBy) &&
    // (Views read from "best" give way: "which hour gives the best chance of reaching 1M views?")
    (metric === null || metric === "plays") &&
    entityCount === 0 &&
    LIKELY.test(lowerAll)
      ? attributes.filter((a) => a.kind === "count" && a.metric !== "hashtags" && a.metric !== "seconds")
      : [];
  const [likelyBound] = likelyBounds;
  // (Views read for want of a measure give way to a share asked of each group.)
  const viewsByDefault = understood.includes("compared on views (plays): no measure named");
  if (likelyBounds.length === 1 && likelyBound) {
    attributes.splice(attributes.indexOf(likelyBound), 1);
    shareOf = likelyBound;
    if (metric !== null) unsay(/^performance read as views|^metric views/);
    metric = null;
    keepIgnored((w) => !/^(likely|likelier|chances?|odds)$/.test(w));
    const read = understood.findIndex((u) => u.startsWith(`${attributeLabel(likelyBound)} (from `));
    const words = read >= 0 ? (understood.splice(read, 1)[0] as string).replace(/^.* \(from /, "(from ") : "";
    understood.push(
      `the share of the videos with ${attributeLabel(likelyBound)} within each group${words ? ` ${words}` : ""}`,
    );
  }
  const sharePerGroup =
    intent === "breakdown" &&
    groupBy !== null &&
    // (Not of ads and organic, whose "ratio" is their split.)
    (SHARE_GROUPS as readonly string[]).includes(groupBy) &&
    groupBy !== "ad" &&
    groupBy !== "length" &&
    CUES.share.test(shareText) &&
    !/\bhow often\b/.test(lowerAll) &&
    (metric === null ||
      metric === "videos" ||
      // ("Which … say "rooftop", and it have good share or not?": the shares, not a share of them.)
      (metric === "plays" &&
        viewsByDefault &&
        /\b(?:what|which) (?:share|percentage|proportion|fraction)\b|\b(?:share|percentage|proportion|fraction|percent) of\b|%/.test(
          lowerAll,
        ))) &&
    entityCount === 0;
  if (sharePerGroup && viewsByDefault) {
    unsay(/^compared on views \(plays\): no measure named$/);
    metric = null;
  }
  if (intent === "share" || sharePerGroup) {
    // "what share of <base> are <target>": the attribute after the verb is the target.
    const verb = lowerAll.search(
      /\b(are|is|were|was|have|has|had|use|used|uses|carry|carries|contain|contains|come from|came from|comes from|got|get|include|posted|published|uploaded)\b/,
    );
    // ("The ad share of the #reviewhotel search compared with #hoteldanang": the searches are the groups.)
    const candidates = placed.filter((p) => !(sharePerGroup && p.item.kind === groupBy));
    const after = candidates.filter((p) => verb >= 0 && p.at > verb).sort((x, y) => x.at - y.at);
    // ("What's the share of ads among videos over 1M plays?": without a verb, what is named before "among" is the
    // part, what follows the whole.)
    const among = verb < 0 ? lowerAll.search(/\b(?:among|amongst|out of)\b/) : -1;
    const before = candidates.filter((p) => among >= 0 && p.at < among).sort((x, y) => y.at - x.at);
    // (A search named before the verb is the whole: "how many of the trending videos were posted then?".)
    const target =
      after[0] ??
      before[0] ??
      [...candidates]
        .filter((p) => !(verb >= 0 && p.at < verb && p.item.kind === "collection"))
        .sort((x, y) => y.at - x.at)[0];
    // "What percentage of videos mention a price?": the words a verb of saying names are the target.
    const cue = lowerAll.search(MENTION_CUE);
    // "What share of ads in 2024 were about hotels?": a topic after the verb, "about" it, likewise.
    const aboutAfter = (t: string) => {
      const at = topicSpans.get(t)?.at ?? -1;
      // ("… carry #xuhuong", "… are tagged #resort": a hashtag after the verb, likewise.)
      return (
        verb >= 0 &&
        at > verb &&
        /\b(about|on|featuring|mention(ing)?|carry|carries|carrying|tagged(?: with)?|use|uses|using|from|have|has)\s+(?:the\s+)?(?:(?:hash)?tag\s+)?#?$/.test(
          lowerAll.slice(0, at),
        )
      );
    };
    const said = after.length
      ? []
      : cue >= 0
        ? topics.filter((t) => (topicSpans.get(t)?.at ?? -1) > cue)
        : topics.filter(aboutAfter);
    // "What share of ads come from creators with over 100k followers?": the creators' bound is the target.
    // "What percentage of (hotel) creators have over 10k followers?": the creators within the bound.
    // ("What share of creators are verified?": the verified creators among the set's, likewise.)
    // ("What percent of verified creators have more than one video?": the bound's share among the verified, below.)
    if (
      intent === "share" &&
      (authorFollowers || (authorVerified && !boundOnEach)) &&
      SHARE_OF_CREATORS.test(lowerAll)
    ) {
      shareOfAuthors = true;
      shareOfCreators = true;
      unsay(
        /^(?:videos by creators with |videos by verified creators|creators without the verification badge)/,
      );
      understood.push(
        `the share of the ${authorFollowers ? `creators with ${boundWords(authorFollowers)} followers` : authorVerified === "yes" ? "verified creators" : "creators without the verification badge"} among those of the videos in question`,
      );
    } else if (
      intent === "share" &&
      authorFollowers &&
      authorsSpan &&
      verb >= 0 &&
      authorsSpan[0] > verb &&
      after.length === 0
    )
      shareOfAuthors = true;
    else if (
      // ("What fraction of videos have the fitness or gym hashtags?": the videos about either.)
      said.length > 0 &&
      compareJoin === "or" &&
      compareTopics.length >= 2 &&
      compareTopics.includes(said[0] as string) &&
      compareTopics.every((t) => (topicSpans.get(t)?.at ?? -1) > verb)
    ) {
      shareOf = { kind: "any_text", qs: [...compareTopics] };
      topics.splice(0, topics.length, ...topics.filter((t) => !compareTopics.includes(t)));
      compareTopics = [];
      eitherTopics = [];
      groupBy = groupBy === "topic" ? null : groupBy;
    } else if (said.length > 0) {
      shareOf = { kind: "text", q: said.join(" ") };
      topics.splice(0, topics.length, ...topics.filter((t) => !said.includes(t)));
      keepIgnored((w) => !/^(?:carry|carries|carrying)$/.test(w));
    } else if (
      // "What fraction of videos are from 2025?", "what share of ads were posted in 2024?": the window after
      // the verb is what the share is of.
      intent === "share" &&
      window &&
      verb >= 0 &&
      after.length === 0 &&
      lowerAll.indexOf(window.phrase) > verb
    ) {
      shareOfWindow = true;
      understood.push("the share of the videos in question published in the window");
    } else if (
      // "How many of the videos come from verified accounts?", "… longer than 90 seconds, and what share of them
      // come from verified accounts?": the videos by those creators among the rest.
      intent === "share" &&
      authorVerified === "yes" &&
      (!target || (verb >= 0 && lowerAll.search(/\bverified\b/) > verb))
    )
      shareOfAuthors = true;
    else if (target) shareOf = target.item;
    else if (/\bads?\b/.test(lowerAll)) shareOf = { kind: "ad", value: "yes" };
    else if (intent === "share" && creators.length === 1 && advertisers.length === 0) {
      // "What share of all plays comes from @x?", "what share of the videos are by @x?": the account's videos
      // among all of them (it is the part, not the whole).
      const [creator] = creators.splice(0, 1) as [LinkedCreator];
      shareOf = { kind: "creator", uid: creator.uid, handle: creator.handle };
      understood.push(`the share of the videos by @${creator.handle}`);
    }
    // "What share of views do ads get?": the share of the views, not of the videos.
    const weighted = lowerAll.match(
      /\b(?:share|percentage|percent|proportion|fraction|how much) of (?:all |the |total )*(views|plays|likes|comments|shares|saves)\b/,
    );
    if (weighted && intent === "share") {
      shareMeasure = (COUNT_WORDS[singular(weighted[1] as string)] ?? "plays") as Plan["shareMeasure"];
      unsay(/^metric /);
      understood.push(`the share of the ${weighted[1]}, not of the videos`);
    }
    // ("Halloween weekend 2020 (29 Oct – 1 Nov): how many of the trending videos were posted then?": of the
    // whole set, a count.)
    if (
      !shareOf &&
      !shareOfAuthors &&
      !shareOfWindow &&
      intent === "share" &&
      HOW_MANY_OF.test(lowerAll) &&
      !CUES.share.test(shareText) &&
      window?.from !== undefined &&
      /\b(?:posted|uploaded|published|went up|came out)\b/.test(lowerAll)
    )
      intent = "count";
    // ("Share of uploads by month in 2025": each group's part of the videos, which a breakdown by number gives.)
    else if (!shareOf && !shareOfAuthors && !shareOfWindow && sharePerGroup && groupBy !== null) {
      intent = "breakdown";
      metric = null;
      groupShares = true;
      understood.push("each group's share of the videos");
    } else if (
      // ("What percentage of creators have posted more than one video?": those within the bound among them all.)
      !shareOf &&
      !shareOfAuthors &&
      !shareOfWindow &&
      entityCount === 0 &&
      ["creators", "advertisers", "hashtags", "sounds"].includes(subject) &&
      boundOnEach &&
      SHARE_OF_GROUPS.test(lowerAll)
    )
      understood.push(`the share of those ${subject} among all the ${subject} of the videos in question`);
    else if (!shareOf && !shareOfAuthors && !shareOfWindow) {
      intent = "decline";
      decline = "it could not tell which property the share is asked of";
    } else if (sharePerGroup && shareOf)
      understood.push(`the share of ${attributeLabel(shareOf)} within each group`);
  }
  const compared = compareKind !== null && groupBy === compareKind;
  // "Do question hooks work better?": one hook type named in a breakdown of hook types is shown beside the
  // others, not a filter leaving it alone.
  const typeBesideOthers =
    !compared && groupBy === "hook_type" && attributes.some((a) => a.kind === "hook_type");
  if (typeBesideOthers) {
    unsay(/^hook type /);
    understood.push("groups: the hook type named beside the other hook types");
  }
  // The ones named are no filter after all: their readings go with them.
  if (compared) for (const p of placed.filter((p) => p.item.kind === compareKind)) unsayAttribute(p.item);
  // "Which creators post in both English and Vietnamese?": the accounts with a video in each (not one in both).
  let eachCode: Plan["eachCode"] = null;
  if (
    compareKind &&
    compareKind !== "hook_type" &&
    !compared &&
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    ["rank", "count"].includes(intent) &&
    /\bboth\b/.test(lowerAll) &&
    codesNamed.length === 2
  ) {
    eachCode = { kind: compareKind, codes: codesNamed };
    for (const p of placed.filter((p) => p.item.kind === compareKind)) unsayAttribute(p.item);
    understood.push(
      `${subject} with videos in each ${compareKind} of ${codesNamed.join(" and ")} (from "both")`,
    );
  }
  // "How many creators posted in both hotelphuquoc and hoteldanang?", "accounts in both the Đà Lạt and Nha Trang
  // searches": the accounts with a video in each search (not the videos of either).
  // ("… in both the trending set and a hotel search": a side may be every search of a word's.)
  const searchesEach = attributes.find(
    (a): a is Extract<Attribute, { kind: "collection" }> =>
      a.kind === "collection" &&
      (a.names.length === 2 ||
        (collectionSides.length === 2 &&
          collectionSides.some((side) => pooledSides.has(side)) &&
          collectionSides.flat().length === a.names.length)),
  );
  if (
    !eachCode &&
    searchesEach &&
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    ["rank", "count"].includes(intent) &&
    /\bboth\b/.test(lowerAll)
  ) {
    const sides = searchesEach.names.length === 2 ? searchesEach.names.map((n) => [n]) : collectionSides;
    const codes = sides.map((side) =>
      side.length === 1
        ? (side[0] as string)
        : pooledSides.get(side) === "or"
          ? `searches ${side.map((n) => `"${n}"`).join(" or ")}`
          : namesListed(side),
    );
    eachCode = {
      kind: "collection",
      codes,
      ...(sides.some((side) => side.length > 1) ? { sets: sides.map((side) => [...side]) } : {}),
    };
    attributes.splice(attributes.indexOf(searchesEach), 1);
    unsay(/^collections? "|^the \d+ collections /);
    understood.push(
      `${subject} with videos in each of ${
        eachCode.sets
          ? sides
              .map((side, i) => (side.length > 1 ? `the ${codes[i]}` : `the search "${codes[i]}"`))
              .join(" and ")
          : `the searches ${codes.join(" and ")}`
      } (from "both")`,
    );
  }
  // Named but not compared (a share, a ranking of creators): declined rather than answered for the first only.
  if (compareKind && !compared && !eachCode && intent !== "decline") {
    const kinds = KIND_PLURAL[compareKind];
    intent = "decline";
    decline = `it names several ${kinds} (${codesNamed.join(", ")}); the local analyst compares ${kinds} on a count or a measure of their videos ("${codesNamed.slice(0, 2).join(" or ")}: which get more views?") and answers other questions for one at a time — ask once for each`;
  }
  // "Which creators have both ads and organic videos?": those with one of each.
  if (
    adsVsOrganic &&
    /\bboth\b/.test(lowerAll) &&
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    groupBy === "ad"
  ) {
    intent = /\b(how many|number of|count)\b/.test(lowerAll) ? "count" : "rank";
    groupBy = null;
    unsay(/^groups: ads and organic/);
  }
  const adsOnly =
    (subject === "creators" || subject === "advertisers") &&
    creators.length + advertisers.length === 0 &&
    (intent === "rank" || intent === "count")
      ? adsVsOrganic && /\bboth\b/.test(lowerAll)
        ? "both"
        : adsOnlyAsked
          ? ONLY_ADS.test(adsOnlyAsked[0])
            ? "only"
            : "never"
          : null
      : null;
  if (adsOnly) {
    unsay(/^ads \(from |^organic \(non-ad\) videos \(from /);
    understood.push(
      adsOnly === "both"
        ? `${subject} with both ads and organic videos (from "both")`
        : `${subject} whose videos ${adsOnly === "only" ? "are all ads" : "include no ad"} (from "${adsOnlyAsked?.[0]}")`,
    );
  } else if (adsOnlyAsked?.[1] && !ONLY_ADS.test(adsOnlyAsked[0]))
    ignored.push(`${adsOnlyAsked[1]} (accounts with no ad are asked about as creators or advertisers)`);
  // ("Median likes of trending videos" with no trending collection: the trending feed is a list, not a set measured.)
  if (
    intent !== "trending" &&
    intent !== "decline" &&
    lowerAll.match(FIGURE_OF_TRENDING) &&
    !ignored.some((note) => note.startsWith("trending "))
  )
    ignored.push(
      'trending (figures are not taken over the trending feed: "show me trending videos" lists it; a trending scrape imported as a collection is measured as "the trending set")',
    );
  // "Which creators appear in more than one search?": the accounts the searches found, counted per account.
  let inSearches: number | null = null;
  if (inSearchesAsked) {
    const said = inSearchesAsked[1] as string;
    // ("Which sound shows up in the most searches?": each sound's (hashtag's) searches, likewise.)
    if (
      (subject === "creators" ||
        subject === "advertisers" ||
        subject === "sounds" ||
        subject === "hashtags") &&
      creators.length + advertisers.length === 0 &&
      (intent === "rank" || intent === "count" || intent === "decline")
    ) {
      if (intent === "decline") {
        intent = /\b(how many|number of|count)\b/.test(lowerAll) ? "count" : "rank";
        decline = null;
      }
      inSearches = searchesAtLeast(said);
      // ("Creators who posted in 3 or more different city searches": of the searches named for places.)
      const { ofPlaces, placesFrom } = /^(?:city|cities|destination|place|location)$/.test(
        inSearchesAsked[2] ?? "",
      )
        ? placeSearches()
        : { ofPlaces: false, placesFrom: "" };
      understood.push(
        `${subject} found by ${/most/.test(said) ? "the most searches" : `at least ${inSearches} of the searches`}${ofPlaces ? ` named for places${placesFrom}` : ""} (collections, as imported; from "${inSearchesAsked[0].trim()}")`,
      );
    } else
      ignored.push(
        `${inSearchesAsked[0].trim()} (said of creators, advertisers, sounds or hashtags, counted per one)`,
      );
  }
  // A percentile is of one set of videos: asked elsewhere (a breakdown, a ranking of accounts), it is said to be
  // unused.
  if (percentile !== null && intent !== "decline") {
    // ("p90 of duration", "quartiles of video length": the length measured, not the videos grouped by it.)
    if (
      groupBy === "length" &&
      !/\b(?:by|per|each|across)\s+(?:(?:video|clip)\s+)?(?:length|duration)s?\b/.test(lowerAll)
    ) {
      groupBy = null;
      intent = "measure";
      metric = "duration";
      unsay(/^groups: video length/);
      understood.push("measure: video length (recorded duration)");
    }
    if (
      (intent === "measure" || intent === "rank" || intent === "count") &&
      subject === "videos" &&
      groupBy === null &&
      (metric === null || isRate(metric) || COUNTS.includes(metric) || metric === "duration")
    ) {
      intent = "measure";
      unsay(/^no question asked/);
    } else {
      unsay(/^the \d+th percentile|^the values at /);
      ignored.push(
        percentiles.length > 0
          ? `${percentiles.map(percentileName).join(", ")} (measured over one set of videos: ask without a breakdown)`
          : `the ${percentile}th percentile (measured over one set of videos: ask without a breakdown)`,
      );
      percentile = null;
      percentiles = [];
    }
  }
  // ("Top hashtags on Phu Quy videos other than #fyp, #xuhuong and #viral": those tags left out of the ranking,
  // not the videos that carry them.)
  const tagsLeftOut =
    intent === "rank" && subject === "hashtags"
      ? attributes.flatMap((a) => (a.kind === "not_text" && a.tag ? [a.q] : []))
      : [];
  if (tagsLeftOut.length > 0) {
    understood.push(`hashtags left out of the ranking: ${tagsLeftOut.map((t) => `#${t}`).join(", ")}`);
    unsay(/^videos not about /);
  }
  // ("Compare median likes: videos with a price vs videos with a phone number": the two groups side by side, not the
  // videos with both.)
  const qualities = placed
    .filter(
      (p) =>
        ((p.item.kind === "price" && !p.item.bound) ||
          p.item.kind === "phone" ||
          p.item.kind === "cta" ||
          p.item.kind === "any_emoji") &&
        p.item.value === "yes",
    )
    .sort((a, b) => a.at - b.at);
  const [sideA, sideB] = qualities;
  if (
    qualities.length === 2 &&
    sideA &&
    sideB &&
    sideA.item.kind !== sideB.item.kind &&
    groupBy === null &&
    bands.length === 0 &&
    shareOf === null &&
    ["measure", "count", "rank", "breakdown"].includes(intent) &&
    (intent !== "rank" || subject === "videos") &&
    /\b(?:vs\.?|versus|compared (?:to|with)|against|than)\b|\bor\b(?=[^?]*\b(?:more|better|higher|fewer|less|worse|lower)\b)/.test(
      lowerAll.slice(sideA.at, sideB.at),
    )
  ) {
    for (const side of [sideA, sideB]) attributes.splice(attributes.indexOf(side.item), 1);
    bands.push(
      ...[sideA, sideB].map((side) => ({ label: attributeLabel(side.item), attributes: [side.item] })),
    );
    intent = "breakdown";
    groupBy = "bounds";
    subject = "videos";
    metric = sideBySideMetric(metric);
    understood.push(`groups: ${bands.map((b) => b.label).join(" and ")}, side by side`);
  }
  // "Which creators have the highest share of ads?", "which hotel accounts put a phone number in almost every
  // caption?": each account's share of its videos with it, ranked (not one share of all the videos).
  let shareEach = false;
  // ("Which creators with over 10k followers (verified creators) have the highest share of ads?": read as their
  // videos' share; the accounts are ranked, over those videos.)
  const accountsOpen = intent === "share" && subject === "videos" ? lowerAll.match(ACCOUNTS_BY_SHARE) : null;
  if (
    accountsOpen?.[0] &&
    /^\s*(?:which|what|who)\b/.test(accountsOpen[0]) &&
    shareOf !== null &&
    !shareOfAuthors
  )
    subject = /\b(?:advertisers?|brands?)\b/.test(accountsOpen[0].split(/\b(?:with|have|has|had)\b/)[0] ?? "")
      ? "advertisers"
      : "creators";
  if ((subject === "creators" || subject === "advertisers") && entityCount === 0 && intent !== "decline") {
    const almostEvery =
      /\b(?:almost|nearly|practically|virtually)\s+(?:every|all|always)\b|\bmost of (?:their|its|his|her) (?:videos|posts|captions|clips|uploads|content)\b|\bmost of the time\b|\b(?:always|consistently)\b/.test(
        lowerAll,
      );
    const asked = attributes.filter((a) => SHARE_EACH_KINDS.includes(a.kind));
    if (intent === "share" && shareOf !== null && !shareOfCreators && ACCOUNTS_BY_SHARE.test(lowerAll))
      shareEach = true;
    else if (
      intent === "rank" &&
      almostEvery &&
      (metric === null || metric === "videos") &&
      asked.length === 1
    ) {
      shareOf = asked[0] as Attribute;
      attributes.splice(attributes.indexOf(shareOf), 1);
      intent = "share";
      metric = null;
      shareEach = true;
    }
    if (shareEach) {
      keepIgnored((w) => !/^(?:almost|nearly|practically|virtually|always|consistently)$/.test(w));
    }
  }
  // ("What is the top hashtag in each search?", "for each city search, which sound …": hashtags (sounds, accounts)
  // ranked within each search's videos.)
  const withinEachSearch =
    collections.size >= 2 &&
    collectionNames.length === 0 &&
    ["hashtags", "sounds", "creators", "advertisers"].includes(subject) &&
    // (Not "how many distinct creators posted under each search input?", a question of the searches.)
    groupBy !== "collection" &&
    /\b(top|best|most|highest|biggest|largest|leading|greatest|strongest|ranked|rank)\b/.test(lowerAll) &&
    EACH_SEARCH.test(question.toLowerCase());
  // ("For each city search": those named for places.)
  if (withinEachSearch) {
    const { ofPlaces, placesFrom } = placeSearches();
    if (ofPlaces) understood.push(`groups: each search named for a place${placesFrom}`);
  }
  const filters = (shareOf ? attributes.filter((a) => a !== shareOf) : attributes).filter(
    (a) =>
      !(a.kind === "not_text" && a.tag && tagsLeftOut.includes(a.q)) &&
      !((compared || eachCode) && a.kind === compareKind) &&
      !(typeBesideOthers && a.kind === "hook_type") &&
      !(adsOnly && a.kind === "ad"),
  );

  // "Top 3 videos for each month of 2023", "the top creators for each of Da Lat, Sapa and Phu Quoc", "which
  // advertiser ran the most ads each year": a ranking within each group, not a ranking of the groups.
  // ("Top 3 videos by month": "by" a group only with a number to list in each.)
  // ("Posted in every month of Q1": each month required of an account, above, not a ranking within each.)
  const splitMatch = eachPeriod.length > 0 ? null : lowerAll.match(PER_GROUP);
  const splitCue = splitMatch?.groups;
  // ("Uploads by accounts under 5k followers": whose videos, not a split.)
  const byWhom =
    splitCue?.cue === "by" &&
    /^\s*(?:under|over|below|above|with|that|who|of|from|in|less|more|fewer)\b/.test(
      lowerAll.slice((splitMatch?.index ?? 0) + (splitMatch?.[0].length ?? 0)),
    );
  const cued =
    splitCue && !byWhom && (splitCue.cue !== "by" || counted !== null)
      ? (PER_GROUP_WORDS[splitCue.split as string] ?? null)
      : null;
  const perGroupBy: PerGroupSplit | null =
    cued &&
    (groupBy === null ||
      groupBy === cued ||
      (groupBy === "hook_type" && subject === "hook_types") ||
      ["creator", "advertiser", "sound"].includes(cued))
      ? cued
      : compareTopics.length >= 2 && EACH_OF.test(lowerAll)
        ? "topic"
        : // ("Top 3 videos per search": a ranking within each search's videos; not "which search has the most
          // videos from verified creators?", a question of the searches.)
          (groupBy === "collection" && RANKED_NOUN.test(lowerAll) && !whichSearchHas) || withinEachSearch
          ? "collection"
          : null;

  // "Top 2 videos per hook type": the videos are ranked, the hook types are the groups.
  const rankedNoun = perGroupBy ? lowerAll.match(RANKED_NOUN)?.[1] : undefined;
  const rankedSubject = rankedNoun
    ? (SUBJECT_WORDS[rankedNoun] ?? SUBJECT_WORDS[singular(rankedNoun)] ?? null)
    : null;
  if (
    perGroupBy &&
    rankedSubject &&
    rankedSubject !== subject &&
    ["videos", "creators", "advertisers", "sounds", "hashtags"].includes(rankedSubject)
  ) {
    subject = rankedSubject;
  }
  let rankWithin: Plan["perGroup"] = null;
  let perGroupCount = count;
  if (
    perGroupBy &&
    intent !== "decline" &&
    ["videos", "creators", "advertisers", "sounds", "hashtags"].includes(subject) &&
    (counted !== null ||
      // ("The top 10% of videos" is a set, not a ranking.)
      /\b(top|best|most|highest|biggest|largest|leading|greatest|strongest|ranked|rank)\b/.test(
        lowerAll.replace(TOP_PERCENT, " "),
      ))
  ) {
    // ("Per creator": the accounts with the most videos, as many as named.)
    const named = ["creator", "advertiser", "sound"].includes(perGroupBy)
      ? lowerAll.match(GROUPS_NAMED)
      : null;
    rankWithin = {
      by: perGroupBy,
      groups: named ? Math.max(1, Math.min(MAX_RANKED_GROUPS, Number(named[1]))) : MAX_RANKED_GROUPS,
    };
    intent = "rank";
    if (perGroupBy !== "topic" && PER_GROUP_SPLITS.includes(perGroupBy))
      groupBy = perGroupBy as Plan["groupBy"];
    else if (perGroupBy !== "topic") groupBy = null;
    // "The top creator for each month", "which advertiser ran the most ads": one in each.
    const one = new RegExp(
      `\\b(?:top|best|leading|biggest|largest|(?:most|highest)[- ]\\w+|which|what) (?:[\\p{L}#]+ )?(?:${SINGULAR_NOUNS})\\b(?!s)`,
      "u",
    ).test(lowerAll);
    // ("For each of the 5 biggest creators": how many groups, not how many in each.)
    const countsGroups = counted !== null && (named?.[0].includes(counted[0].trim()) ?? false);
    if (countsGroups) unsay(/ results? \(from "/);
    perGroupCount = counted && !countsGroups ? count : one ? 1 : PER_GROUP_COUNT;
    // ("Which month had the most hotel videos, and which search contributed the most": videos are not ranked by
    // how many videos they are.)
    if (subject === "videos" && metric === "videos") {
      metric = null;
      unsay(/^metric videos$/);
    }
    understood.push(
      `a ranking within each ${rankWithin.by === "topic" ? "topic listed" : rankWithin.by === "collection" ? "search (collection, as imported)" : (splitCue?.split ?? rankWithin.by).replace("-", " ")}, ${perGroupCount} in each${named ? ` (for the ${rankWithin.groups} with the most videos, from "${named[0].trim()}")` : ""}`,
    );
  }
  // "Median followers of creators in the Quang Binh search vs the Ha Long search", "top creators in Hội An vs Đà
  // Nẵng", "which has more creators, Đà Lạt or Vũng Tàu": the creators of each topic's videos, side by side, not
  // the creators of videos about all of them.
  if (
    !rankWithin &&
    subject === "creators" &&
    entityCount === 0 &&
    compareTopics.length >= 2 &&
    compareTopics.length <= MAX_RANKED_GROUPS &&
    (intent === "count" || intent === "measure" || intent === "rank")
  ) {
    // ("Which has more creators, X or Y?": how many each has.)
    const howMany = metric === null && MORE_CREATORS.test(lowerAll);
    if (compareJoin !== "or" || howMany) {
      if (howMany) intent = "count";
      rankWithin = {
        by: "topic",
        groups: compareTopics.length,
        ...(intent === "rank" ? {} : { breakdown: true as const }),
      };
      perGroupCount = counted ? count : PER_GROUP_COUNT;
      understood.push(
        intent === "rank"
          ? `a ranking within each topic listed, ${perGroupCount} in each`
          : `the creators of each topic's videos (${compareTopics.join(", ")})`,
      );
    }
  }
  // "The best hook type for each language", "which weekday works best per format": the breakdown repeated
  // within each group (the largest, as for a ranking).
  const split = cued ?? (adsInEachSearch ? "collection" : null);
  if (
    !rankWithin &&
    split !== null &&
    split !== "topic" &&
    intent === "breakdown" &&
    groupBy !== null &&
    groupBy !== split &&
    !["bounds", "topic", "period", "sound_use", "emoji"].includes(groupBy) &&
    !(split === "weekday" && groupBy === "weekend") &&
    entityCount === 0
  ) {
    // (Fewer groups than a ranking's: each one's breakdown is a sentence of the summary; or the accounts named,
    // "for the 10 creators who posted the most".)
    const named = ["creator", "advertiser", "sound"].includes(split) ? lowerAll.match(GROUPS_NAMED) : null;
    const groups = named
      ? Math.max(1, Math.min(MAX_RANKED_GROUPS, Number(named[1])))
      : Math.ceil(MAX_RANKED_GROUPS / 2);
    rankWithin = { by: split, groups, breakdown: true };
    understood.push(
      `the breakdown repeated within each ${(splitCue?.split ?? (split === "collection" ? "search" : split)).replace("-", " ")} (the ${["day", "week", "month", "quarter", "year"].includes(split) ? `latest ${groups}` : `${groups} with the most videos`})`,
    );
  }
  // "Day-of-week upload pattern for Phú Quốc vs Vũng Tàu", "weekend vs weekday posting for Hội An and Huế": a
  // breakdown by time asked of places set side by side, or listed that no video is about together, repeated within
  // each one.
  if (
    !rankWithin &&
    intent === "breakdown" &&
    groupBy !== null &&
    ["weekday", "weekend", "hour", "day", "week", "month", "quarter", "year", "length"].includes(groupBy) &&
    eitherTopics.length === 0 &&
    entityCount === 0
  ) {
    const ordered = [...topicSpans].sort((x, y) => x[1].at - y[1].at);
    let listed = compareTopics.length >= 2 ? compareTopics : [];
    for (let k = 0; k < ordered.length && listed.length === 0; k++) {
      const run = listedFrom(ordered, k, lowerAll, "and|&|vs\\.?|versus|or");
      if (
        run.length >= 2 &&
        run.length <= MAX_RANKED_GROUPS &&
        (await facts.count({ q: run.join(" ") })) === 0
      )
        listed = run;
      k += run.length - 1;
    }
    if (listed.length >= 2 && listed.length <= MAX_RANKED_GROUPS) {
      compareTopics = listed;
      rankWithin = { by: "topic", groups: listed.length, breakdown: true };
      understood.push(`the breakdown repeated within each topic listed (${listed.join(", ")})`);
    }
  }
  if (groupBy !== "topic" && usesBy !== "topic" && !rankWithin) {
    // "The best videos about Da Lat or Sa Pa": a ranking of the videos about either, not of the two.
    if (compareJoin === "or" && eitherTopics.length === 0) eitherTopics = compareTopics;
    compareTopics = [];
    // (The topics left out for a "vs" compared otherwise are read again.)
    if (vsDropped) {
      topics.push(...vsDropped.topics);
      for (const note of vsDropped.notes) ignored.splice(ignored.indexOf(note), 1);
    }
  }
  eitherTopics = eitherTopics.filter((t) => !compareTopics.includes(t) && !eachTopic.includes(t));
  if (eitherTopics.length >= 2) {
    filters.push({ kind: "any_text", qs: eitherTopics });
    understood.push(
      `videos about any of ${eitherTopics.map((t) => (t.startsWith('"') ? t : `"${t}"`)).join(", ")} (${eitherApart ? `listed${eitherCue === "and" ? ' with "and"' : ""}: no video is about them all together` : `from "${eitherCue}"`})`,
    );
  } else eitherTopics = [];
  // "The median views, likes and comments of resort videos": a measure of each count named; elsewhere one
  // measure is used, and the others are said to be unused.
  // ("Weekdays vs weekends: median views and median shares": each group on each count named.)
  const alsoMeasured =
    postsBeside !== null && intent === "rank" && (subject === "creators" || subject === "advertisers")
      ? [postsBeside]
      : (intent === "measure" ||
            (intent === "breakdown" && shareOf === null && !rankWithin) ||
            // ("Compare @a and @b on median views and saves.")
            (intent === "compare" && creators.length + advertisers.length >= 2)) &&
          metric !== null &&
          COUNTS.includes(metric) &&
          !concentration
        ? alsoNamed.filter((m) => m !== metric)
        : [];
  if (postsBeside !== null && alsoMeasured.length > 0) {
    // (A median per video is of the count beside, not of the number of videos ranked.)
    unsay(/^ranked by the median per video/);
    perVideo = false;
  }
  // "High engagement but low views": "low" is no bound the corpus can read; a number is.
  const lowReach = lowerAll.match(/\b(low|few|little|small|modest|not many) (views|plays|reach)\b/);
  if (
    lowReach &&
    !attributes.some((a) => a.kind === "count" && a.metric === "plays") &&
    !(lowest && metric === "plays")
  )
    ignored.push(`${lowReach[0]} (name a bound: "under 10k views")`);
  const countName = (m: Metric) => (m === "plays" ? "views (plays)" : m);
  if (alsoMeasured.length > 0) understood.push(`also measured: ${alsoMeasured.map(countName).join(", ")}`);
  // (A video's own details give every count, its length and sound: "tell me about video 74…: views, saves,
  // length".)
  else if (intent === "video")
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter(
        (w) => !/^(lengths?|durations?|long|sounds?|songs?|music|hashtags?|tags?|posted)$/.test(w),
      ),
    );
  else if (intent !== "decline" && metric !== null && COUNTS.includes(metric))
    for (const m of alsoNamed)
      if (m !== metric) ignored.push(`${countName(m)} (one measure at a time: ${countName(metric)} read)`);
  // "Is there a real correlation between followers and views?", "bootstrap a 95 % interval", "a Gini coefficient":
  // statistics not computed. Beside a breakdown they are said to be unused (the groups show how the measure
  // moves); asked alone, they are declined rather than answered with something else.
  // ("How does video length relate to views?", "a relationship between posting time and views": the groups show it.)
  if (intent === "breakdown" && groupBy !== null)
    keepIgnored(
      (w) =>
        !/^(?:relationships?|relations?|relates?|related|correlates?|linked|connected|associated)$/.test(w),
    );
  const statistic = lowerAll.match(STATISTICS);
  if (statistic && intent !== "decline") {
    const word = statistic[0];
    const [first = word] = word.split(/\s+/);
    keepIgnored((w) => w !== first && !word.includes(w));
    if (intent === "breakdown")
      ignored.push(`${word} (not computed: the groups show how the measure moves across them)`);
    else {
      intent = "decline";
      decline = NO_STATISTICS;
    }
  }
  // "Which searched place had the lowest median saves?", "for each searched place, …": the search that found each
  // video is not recorded. Said beside what else is read; declined when nothing else narrows the question.
  // (Its words were set aside before any other reading; the question as asked still holds them. Asked first, "which
  // searched place had …", it is the question; asked after something else, it is a part left unanswered.)
  // ("Engagement rate per city", "which destination …": the place of each video likewise, when no place is named.)
  // "Median duration of the hotel videos vs the Dec 2020 trending set": two imports set against each other, the
  // word of the other searches (hotel) no topic within the one named; declined rather than answered for videos in
  // both (none).
  const setNamed = attributes.find((a) => a.kind === "collection");
  const otherSet =
    setNamed && intent !== "decline"
      ? topics.find(
          (t) =>
            !setNamed.names.some((n) => n.includes(t)) &&
            // (A word of a third of the searches or more, as "the hotel searches" reads: not "quan" of three.)
            [...collections].filter((n) => n.includes(t)).length >= Math.max(3, collections.size / 3),
        )
      : undefined;
  const setsVersus = /\b(?:vs\.?|versus|compar\w*|than|both|against|or the|and (?:in )?the|stack up)\b/.test(
    lowerAll,
  );
  // (What may narrow one side only is not read: "Đà Lạt hotel videos vs the trending set", "… from 2024".)
  const oneSideNarrowed =
    topics.some((t) => t !== otherSet) ||
    window !== null ||
    creators.length + advertisers.length > 0 ||
    !filters.every((a) => a === setNamed || BOTH_SIDES.includes(a.kind));
  // ("The hotel videos vs the trending set on median views", "the hotel searches vs the trending set": each set
  // named, a collection or every search of a word's, pooled into one group.)
  const setSides =
    setNamed && otherSet
      ? [
          setNamed.names,
          [...collections].filter((n) => n.includes(otherSet) && !setNamed.names.includes(n)).sort(),
        ]
      : collectionSides.length >= 2 && collectionSides.some((side) => pooledSides.has(side))
        ? collectionSides
        : null;
  // ("trending-dec2020", "the 23 "hotel" searches", "hotelhue + hoteldalat")
  const sideLabels = (setSides ?? []).map((side) => {
    const shared = side.length > 2 ? sharedPart(side) : null;
    return shared ? `the ${side.length} "${shared}" searches` : side.join(" + ");
  });
  if (
    setNamed &&
    setSides &&
    setsVersus &&
    !oneSideNarrowed &&
    (groupBy === null || groupBy === "collection") &&
    bands.length === 0 &&
    subject === "videos" &&
    ["measure", "compare", "breakdown", "count", "overview"].includes(intent)
  ) {
    for (const list of [attributes, filters])
      if (list.includes(setNamed)) list.splice(list.indexOf(setNamed), 1);
    if (otherSet) {
      topics.splice(topics.indexOf(otherSet), 1);
      unsay(new RegExp(`^topic "${escapeForRegExp(otherSet)}" `));
    }
    unsay(/^groups: /);
    bands.push(
      ...setSides.map((side, i) => ({
        label: sideLabels[i] as string,
        attributes: [{ kind: "collection", names: side } as Attribute],
      })),
    );
    intent = "breakdown";
    groupBy = "bounds";
    metric = sideBySideMetric(metric);
    understood.push(`groups: ${sideLabels.join(" and ")}, each pooled, side by side`);
  } else if (
    setNamed &&
    setSides &&
    setsVersus &&
    intent !== "decline" &&
    (otherSet || groupBy === "collection")
  ) {
    // ("Top 5 videos of the hotel videos vs the trending set": two sets, each read apart only on one measure.)
    const [one, other] = sideLabels;
    // (As a question names them: "the hotel searches", "the trending-dec2020 set".)
    const [asked, askedOther] = setSides.map((side, i) =>
      side.length === 1
        ? `the ${side[0]} set`
        : (sideLabels[i] as string).startsWith("the ")
          ? `the ${sharedPart(side)} searches`
          : `the ${side.join(" and ")} searches`,
    );
    const example = `'${asked} vs ${askedOther}: median views'`;
    intent = "decline";
    decline = oneSideNarrowed
      ? `it sets ${one} against ${other}, narrowed in a way that may hold for one side only (a topic, a period, a place, a language or an account); set the two side by side as they are (${example}), or ask about each on its own`
      : `it sets ${one} against ${other}; the two are set side by side on one measure (${example}), and anything else is answered for one set at a time`;
  }
  const bySearch =
    groupBy === "collection" || rankWithin?.by === "collection"
      ? null
      : (question.toLowerCase().match(BY_SEARCH) ??
        (collections.size === 0 ? question.toLowerCase().match(BY_KIND_SEARCH) : null));
  // ("Which city has the most hotel ads?": a topic naming no place of the searches keeps the grouping.)
  const byPlace =
    bySearch ||
    groupBy === "collection" ||
    compareTopics.length > 0 ||
    topics.some((t) => [...collections].some((n) => namesPlace(n) && n.replace(SEARCH_KIND, "").includes(t)))
      ? null
      : question.toLowerCase().match(BY_PLACE);
  for (const [by, unrecorded] of [
    [bySearch, SEARCH_NOT_RECORDED],
    [byPlace, PLACE_NOT_RECORDED],
  ] as const) {
    if (!by || intent === "decline") continue;
    // (Where the searches are recorded, they were not the groups asked first: a second grouping, unused.)
    if (by === bySearch && collections.size > 0) {
      ignored.push(`${by[0].trim()} (a second grouping, not computed: ask per search on its own)`);
      continue;
    }
    const first = !/[,;:?]|\band\b/.test(question.toLowerCase().slice(0, by.index ?? 0));
    // ("Which city has the most ads?", "median views per destination", where searches are named for places,
    // "hotelhue", "hoteldalat", and nothing else is left unread: each of those searches.)
    const citySearches = by === byPlace ? [...collections].filter(namesPlace).sort() : [];
    const placeNoun = by[0].trim().split(/\s+/).at(-1) as string;
    if (
      first &&
      citySearches.length >= 2 &&
      groupBy === null &&
      shareOf === null &&
      creators.length + advertisers.length === 0 &&
      // ("… according to the videos": where the answer comes from, not a filter.)
      ignored.every((w) => w === placeNoun || w === "according")
    ) {
      intent = "breakdown";
      groupBy = "collection";
      subject = "videos";
      ignored.splice(0, ignored.length);
      filters.push({ kind: "collection", names: citySearches });
      unsay(/^the accounts \(creators\) with the most /);
      const others = [...collections].filter((n) => !citySearches.includes(n)).sort();
      understood.push(
        `groups: each search named for a place, for "${by[0].trim()}" (the corpus records no city of its own): ${citySearches.length} collections, ${citySearches.join(", ")}${others.length > 0 ? `; left out as naming no place: ${others.join(", ")}` : ""}`,
      );
      // ("hotel" in "the most hotel ads", where every one of them is a hotel search: what they searched for.)
      for (const kind of topics.filter(
        (t) => SEARCH_KIND_WORD.test(t) && citySearches.every((n) => n.startsWith(t)),
      ))
        readInstead(kind, `"${kind}": what each of those searches was for`);
      continue;
    }
    // (With a topic, only the searches named for places are read: otherwise the grouping is left as before.)
    if (by === byPlace && topics.length > 0) continue;
    if (first) {
      intent = "decline";
      decline = `the corpus does not record ${unrecorded.replace(/^not recorded: /, "")}`;
    } else ignored.push(`${by[0].trim()} (${unrecorded})`);
  }
  // "¿Qué videos tienen más vistas?", "Quels sont les hashtags les plus utilisés ?": most words of a question
  // unread (in one seemingly not in English, many of them); an answer from the few read would be a guess. Keywords
  // ("khách sạn đà lạt") are a search: what is read is used, and the rest said to be unused.
  // (Phrases written with accents count as unread only in a question mostly in another language: "giá tốt vs hồ
  // bơi: which gets more likes?" is read.)
  const unread =
    ignored.filter((w) => !w.includes(" ")).length + (accentedShare(question) >= 0.5 ? phraseWords : 0);
  const share = unread / (question.match(WORD)?.length ?? 1);
  if (
    intent !== "decline" &&
    ((/[?？¿]/.test(question) &&
      ((unread >= 2 && share >= 0.4 && inAnotherLanguage(question)) || (unread >= 3 && share >= 0.5))) ||
      // ("So sánh lượt xem trung bình và trung vị của video về Huế.": a sentence, not keywords, with no "?".)
      (unread >= 5 && share >= 0.5 && inAnotherLanguage(question)))
  ) {
    intent = "decline";
    decline = inAnotherLanguage(question) ? NOT_ENGLISH : MOSTLY_UNREAD;
  }
  // "Which month had the most total views?", "combined likes of ads vs organic": a breakdown's sums.
  const totals =
    intent === "breakdown" &&
    !!metric &&
    COUNTS.includes(metric) &&
    /\b(total|totals|in total|combined|altogether|cumulative|summed|sum of)\b/.test(lowerAll);
  if (totals) {
    understood.push(`each group's total ${countName(metric as Metric)} (from "total")`);
    ignored.splice(
      0,
      ignored.length,
      ...ignored.filter((w) => !/^(combined|cumulative|summed|altogether)$/.test(w)),
    );
  }
  if (bands.length > 0 && groupBy !== "bounds" && intent !== "decline") {
    ignored.push(
      `${bands.map((b) => b.label).join(", ")} (bands are compared over videos, one question at a time)`,
    );
    // ("#x … with vs without it, and is the difference driven by a few accounts?": the accounts, over #x's videos.)
    if (restMoved.length > 0) {
      topics.push(...restMoved.filter((t) => !topics.includes(t)));
      unsay(/^groups: the videos about /);
    }
  }
  if (zone && groupBy === "hour")
    understood.push(
      `hours of the day in UTC${zoneOffset < 0 ? "-" : "+"}${Math.abs(zoneOffset)} (from "${zone[0].trim()}")`,
    );
  else if (zone && !hoursRead)
    ignored.push(`${zone[0].trim()} (only hours of the day are read in a time zone; days and dates are UTC)`);
  // "@sojo.hotels.dlk (Buôn Ma Thuột) vs @guru.sojo.hotel.c (Can Tho)", "Saigon boutique accounts: @a vs @b":
  // topics none of the compared accounts' videos is about (together) describe the accounts; all their videos are
  // compared, and the topics are said to be unused.
  const topicsLeft = topics.filter(
    (t) => !compareTopics.includes(t) && !eachTopic.includes(t) && !eitherTopics.includes(t),
  );
  if (
    intent === "compare" &&
    creators.length >= 2 &&
    advertisers.length === 0 &&
    topicsLeft.length > 0 &&
    ["videos", "creators", "advertisers"].includes(subject)
  ) {
    const found = await Promise.all(
      creators.map((c) => facts.count({ q: topicsLeft.join(" "), author_uid: c.uid })),
    );
    if (found.every((n) => n === 0)) {
      for (const t of topicsLeft) {
        topics.splice(topics.indexOf(t), 1);
        unsay(
          new RegExp(
            `^(?:topic|text) ${t.startsWith('"') ? "" : '"'}${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
          ),
        );
      }
      ignored.push(
        `${topicsLeft.map((t) => (t.startsWith('"') ? t : `"${t}"`)).join(", ")} (no video of ${creators.map((c) => `@${c.handle}`).join(", ")} is about ${topicsLeft.length === 1 ? "it" : "them together"}: read as describing the accounts, and all their videos compared)`,
      );
    }
  }
  // "Share of voice in #x: @a vs @b": each account's part of everyone's views (unless another count is named).
  const shareOfWhole =
    intent === "compare" &&
    entityCount >= 2 &&
    (voice ||
      /\bhow much of (?:the |all |their )?(?:[#\p{L}\p{N}'’]+ ){0,3}?(?:views|plays|likes|reach)\b[^?]*\b(?:belongs?|goes|go|comes?|falls?|is)\b|\bshare of (?:the )?(?:posts|videos|uploads|plays|views|likes)\b|\b(?:views|plays) share\b/u.test(
        lowerAll,
      ));
  if (shareOfWhole && metric === null) {
    metric = "plays";
    understood.push("share of voice read as views (plays): each one's part of everyone's views");
  }
  // (A price's figure: a measure of the videos' prices, or the videos ranked by them; the median of each topic or
  // period compared, any other grouping unused.)
  // ("Which city has the cheapest hotels?", "median price per search": each search's median, side by side.)
  const pricesCompared =
    priceFigure !== null &&
    (compareTopics.length >= 2 || (window?.periods?.length ?? 0) >= 2 || groupBy === "collection");
  // ("The most common price, Da Lat vs Nha Trang": each side's median.)
  if (priceFigure?.of === "common" && pricesCompared) {
    priceFigure.of = "median";
    unsay(/^the prices the videos' text states most often/);
    understood.push(
      `each side's median price (from "${priceAt?.match?.[0]}": the prices stated most often are given of one set at a time)`,
    );
  }
  if (priceFigure && groupBy === "collection" && intent !== "decline") {
    priceFigure.eachSearch = true;
    understood.push(
      `each search's median price${priceFigure.of === "median" ? "" : `, the ${priceFigure.of === "lowest" ? "cheapest" : "most expensive"} first`}`,
    );
  }
  if (priceFigure && intent === "decline")
    unsay(/^the (?:median price|cheapest prices|most expensive prices|prices) the videos/);
  // ("Cheapest hotels under 1 triệu/đêm": the prices for a night, as the bound says.)
  if (priceFigure && filters.some((a) => a.kind === "price" && a.bound?.night)) priceFigure.night = true;
  // ("Da Lat hotels under 500k a night": what is priced, no word to find.)
  if (!priceFigure && intent !== "decline" && filters.some((a) => a.kind === "price" && a.bound))
    for (const kind of topics.filter((t) => /^(?:hotels?|khachsan)$/.test(t)))
      readInstead(kind, `"${kind}": what is priced, not a word to find`);
  if (priceFigure && intent !== "decline") {
    if (groupBy !== null && !pricesCompared)
      ignored.push(`by ${groupBy} (a price's figure is read of the whole set)`);
    // ("Which hotel in Nha Trang has the cheapest price": what is priced, no word to find; 'like "300k"': an example
    // of the prices read.)
    for (const kind of topics.filter((t) => /^(?:hotels?|khachsan)$/.test(t)))
      readInstead(kind, `"${kind}": what is priced, not a word to find`);
    for (const example of topics.filter((t) => statesPrice(t.replaceAll('"', ""))))
      readInstead(
        example,
        `"${example.replaceAll('"', "")}": an example of the prices read, not a word to find`,
      );
    // ("The most common price, 300k 350k 500k?": amounts written as examples, unlinked.)
    const amounts = ignored.filter((w) => statesPrice(w));
    if (amounts.length > 0) {
      keepIgnored((w) => !amounts.includes(w));
      understood.push(`${amounts.join(", ")}: examples of the prices read, not words to find`);
    }
    intent = priceFigure.of === "median" || pricesCompared ? "measure" : "rank";
    subject = "videos";
    metric = null;
    groupBy = null;
    rankWithin = null;
    // ("The average nightly rate of hotelhue videos": no share; what it was of selects the videos.)
    if (shareOf) filters.push(shareOf);
    shareOf = null;
    unsay(
      /^metric |^groups: |^a ranking within each |^share |^compared on views |^the accounts \(creators\) with the most of the videos in question$/,
    );
  }
  if (priceShownAt && usesShown === null && intent === "rank" && subject === "videos") {
    usesShown = "price";
    // ("Top Vung Tau videos with the price each one quotes": those that state one.)
    if (!filters.some((a) => a.kind === "price")) {
      filters.push({ kind: "price", value: "yes" });
      understood.push("videos stating a price (each one quotes its own)");
    }
  } else if (
    usesShown === null &&
    !priceFigure &&
    intent === "rank" &&
    subject === "videos" &&
    filters.some((a) => a.kind === "price" && a.bound)
  )
    // ("Da Lat hotels under 500k a night": each video listed shows the prices it states.)
    usesShown = "price";
  else if (priceShownAt) {
    // ("Who is @x, how many vids and what prices do they quote": shown only where videos are listed.)
    unsay(/^the prices each video listed states/);
    ignored.push(
      `${priceShownAt[0]} (prices are shown where videos are listed: "top 5 Da Lat videos with the price each one quotes")`,
    );
  }
  // ("How many captions give a phone number? Top 5 of those by plays.": the count, with the most played as its
  // examples; no total of views.)
  let examples: number | undefined;
  if (
    intent === "count" &&
    metric === "plays" &&
    /[?.]\s*(?:and\s+)?(?:the\s+|list\s+(?:the\s+)?|show\s+(?:me\s+)?(?:the\s+)?)?top \d+(?: of (?:those|them|these))? by (?:plays|views)\W*$/.test(
      lowerAll,
    )
  ) {
    unsay(/^metric /);
    metric = null;
    examples = count;
    understood.push(`the ${count} most played of them given as examples (from "top … by plays")`);
  }
  if (groupsOf && intent === "breakdown" && groupBy !== null && !rankWithin) {
    groupVideos = boundOnly(groupsOf);
    // ("Which searches have more than 8 ads?": how many each has, no measure named.)
    if (groupBy === "collection" && understood.includes("compared on views (plays): no measure named")) {
      unsay(/^compared on views \(plays\): no measure named$/);
      metric = "videos";
    }
    understood.push(`only the groups with ${boundWords(groupsOf)} videos (from "${groupsOf.phrase}")`);
  } else if (groupsOf)
    ignored.push(`${groupsOf.phrase} (a bound on the videos of each group of a breakdown)`);
  if (intent === "share" && shareEach && shareOf)
    understood.push(
      `${subject} ranked by their share of: ${attributeLabel(shareOf)} (each with 5 or more videos)`,
    );
  // ("Videos mentioning a discount or a voucher that have a call to action": the store takes one list of either
  // words at a time; the words named are kept, the call to action said to be unread.)
  const calls = filters.findIndex((a) => a.kind === "cta" && a.value === "yes");
  if (calls >= 0 && filters.some((a) => a.kind === "any_text")) {
    filters.splice(calls, 1);
    unsay(/^videos with a call to action/);
    ignored.push("a call to action (one list of either words at a time: ask for it on its own)");
  }
  return {
    intent,
    subject,
    metric,
    window,
    topics: topics.filter(
      (t) => !compareTopics.includes(t) && !eachTopic.includes(t) && !eitherTopics.includes(t),
    ),
    compareTopics,
    compareCodes: compared ? codesNamed : [],
    besideCode: typeBesideOthers
      ? String((attributes.find((a) => a.kind === "hook_type") as { value: unknown }).value)
      : null,
    perGroup: rankWithin,
    hourOffset: groupBy === "hour" ? zoneOffset : 0,
    bands: groupBy === "bounds" ? bands : [],
    // A word list is short to read: ten unless a number is asked.
    count: rankWithin
      ? perGroupCount
      : intent === "words" && !counted && !theTopOne
        ? WORDS_COUNT
        : // ("Which hashtags do the top 10 most viewed videos use?": each of the ten's.)
          usesShown !== null && topPlayed !== null && !counted
          ? Math.min(MAX_COUNT, topPlayed)
          : count,
    attributes: filters,
    creators,
    advertisers,
    videos,
    similar,
    focus,
    creatorType,
    followers,
    authorFollowers,
    authorVerified,
    groupVideos,
    groupCreators,
    groupMedian,
    ...(spread ? { spread } : {}),
    early,
    perVideo:
      perVideo ||
      perVideoRead ||
      // ("@a vs @b: who gets more views per video?", "compare them on median views": each one's median video.)
      (intent === "compare" &&
        /\b(median|average|avg|mean|typical(ly)?|per (video|post|clip))\b/.test(lowerAll) &&
        metric !== null &&
        COUNTS.includes(metric)),
    perVideoAsked,
    totals,
    byCreators,
    quotes,
    usesShown,
    priceFigure: intent === "decline" ? null : priceFigure,
    tagsLeftOut,
    byArtist,
    respelt,
    words: intent === "words" ? wordCount : null,
    viral,
    topPlayed,
    viralBy,
    nth: intent === "rank" || intent === "newest" ? nth : null,
    alsoMeasured,
    viralShare: viral && topPercent !== null ? topPercent / 100 : VIRAL_SHARE,
    topCreators,
    ...(examples ? { examples } : {}),
    eachTopic,
    eachPeriod,
    eachPeriodExcept,
    eachCode,
    adsOnly,
    inSearches,
    changeBetween,
    firstIn,
    oldest,
    percentile,
    percentiles,
    concentration: intent === "measure" ? concentration : null,
    shareOfWhole,
    usesBy,
    lowest:
      ((lowest || (extremeLength === "shortest" && metric === "duration")) && intent === "rank") ||
      (lowest && (intent === "breakdown" || intent === "compare" || (intent === "share" && shareEach))),
    shareOf,
    shareOfAuthors: intent === "share" && shareOfAuthors,
    shareOfCreators: intent === "share" && shareOfCreators,
    shareOfWindow: intent === "share" && shareOfWindow,
    shareEach: intent === "share" && shareEach,
    groupShares: intent === "breakdown" && groupShares,
    shareMeasure,
    groupBy,
    trendKind,
    understood,
    ignored,
    decline,
  };
}
