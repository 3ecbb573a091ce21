import type { Evidence, Finding } from "../../domain/schemas/analyst-record.js";
import { MIN_RISE, MIN_VIDEOS, TREND_WINDOW_DAYS } from "../../domain/trends/build.js";
import { DAY } from "../../shared/clock.js";
import { addTo } from "../../shared/group-by.js";
import { foldText } from "../../shared/text/normalize.js";
import { countWords, type WordCount } from "../../shared/text/word-counts.js";
import {
  COUNT_RATIOS,
  type CountBound,
  type CountRatio,
  type CreatorFact,
  type FactsFilter,
  type FactsGroup,
  type FactsRepository,
  type FactsSplit,
  type FactsValue,
  isCountRatio,
  type RateBound,
  ratioCounts,
  type TextField,
  type VideoFact,
} from "../../store/facts.js";
import {
  ADVERTISER_WINDOWS,
  CAPTION_BANDS,
  COUNTS,
  CREATOR_WINDOWS,
  HASHTAG_COUNT_BANDS,
  isRate,
  LENGTH_BANDS,
  type Metric,
  ordinalNumber,
  type Period,
  periodOfGroup,
  RATE_COUNT,
  type RateMetric,
  REACH_HASHTAGS,
  snapWindow,
  type WindowReading,
} from "./lexicon.js";
import { median } from "./median.js";
import {
  type Attribute,
  attributeLabel,
  boundWords,
  CTA_PHRASES,
  collectionWords,
  type FollowersBound,
  ORIGINAL_SOUND_TITLES,
  type PerGroupSplit,
  type Plan,
  percentileName,
  SHARE_GROUPS,
  soundWords,
  topicWords,
  VIRAL_SHARE,
} from "./planner.js";
import {
  dong,
  LEAST,
  MOST,
  type PriceBound,
  priceBoundWords,
  pricesQuoted,
  type QuotedPrice,
  withinBound,
} from "./prices.js";

/** Calls a registry tool (through the run's internal transport) and returns its output envelope. */
export type Call = (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface Outcome {
  summary: string;
  findings: Finding[];
  caveats: string[];
  /** The computed result, machine-readable (the `aggregate` step's `result`). */
  result: Record<string, unknown>;
  /** How the result was computed ("tool view", "aggregate over …"). */
  computed: string;
}

/** An answer that ranks nothing: `statement` is its summary and its one finding, with no evidence. */
const emptyRanking = (statement: string, caveats: string[], computed: string): Outcome => ({
  summary: statement,
  findings: [{ statement, evidence: [] }],
  caveats,
  result: { ranking: [] },
  computed,
});

interface Ctx {
  plan: Plan;
  call: Call;
  facts: FactsRepository;
  now: number;
  /** For `plan.viral`: the plays the most played tenth of the videos in question reach (null: no video). */
  viralFloor?: number | null;
  /** For `plan.topCreators`: the creators whose videos are in question. */
  creatorSet?: readonly string[];
  /** Only the videos of these advertisers ("advertisers who posted in both 2024 and 2025"). */
  advertiserSet?: readonly string[];
  /** The set was already searched through the search tool (a breakdown again on another count). */
  corroborated?: true;
}

type Video = {
  id: string;
  desc: string;
  play_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
  save_count: number;
  created_at: string;
  media_type: string;
  region: string | null;
  language: string | null;
  hashtags: string[];
  hook: { text: string; type: string | null } | null;
  music: { id: string; title: string | null } | null;
  author: { uid: string; handle: string };
  advertiser: { id: string; name: string } | null;
};
type Creator = {
  uid: string;
  handle: string;
  nickname: string;
  followers: number | null;
  region: string | null;
  growth: number;
  window_days: number;
  video_count: number;
  ad_count: number;
  first_seen: string;
  verified: boolean;
  flags: { advertised: boolean; hire_ready: boolean; house: boolean };
};
type Advertiser = {
  id: string;
  name: string;
  focus: string;
  industry: string | null;
  video_count: number;
  creator_count: number;
  growth: number;
  window_days: number;
  first_seen: string;
};

const fmt = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 4 });
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;
const list = <T>(out: Record<string, unknown>) => (out.data as T[]) ?? [];

const METRIC_NAME: Record<Metric, string> = {
  plays: "views",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saves: "saves",
  engagement: "engagement rate",
  like_rate: "like rate",
  comment_rate: "comment rate",
  share_rate: "share rate",
  save_rate: "save rate",
  ...(Object.fromEntries(COUNT_RATIOS.map((r) => [r, r.replace(/_/g, " ")])) as Record<CountRatio, string>),
  growth: "growth (plays gained)",
  followers: "followers",
  videos: "videos",
  duration: "length",
  hashtag_count: "number of hashtags",
};

function videoEvidence(v: Video, extra: Evidence["figures"] = {}): Evidence {
  return {
    type: "video",
    id: v.id,
    figures: {
      plays: v.play_count,
      likes: v.like_count,
      comments: v.comment_count,
      shares: v.share_count,
      ...extra,
    },
  };
}

function factEvidence(v: VideoFact, extra: Evidence["figures"] = {}): Evidence {
  return {
    type: "video",
    id: v.id,
    figures: { plays: v.plays, likes: v.likes, comments: v.comments, shares: v.shares, ...extra },
  };
}

/** The count a rate divides, of one video (all four for the engagement rate). */
const rateNumerator = (v: VideoFact, metric: RateMetric): number =>
  metric === "engagement"
    ? v.likes + v.comments + v.shares + v.saves
    : v[isCountRatio(metric) ? ratioCounts(metric).count : RATE_COUNT[metric]];

/** What a rate divides by, of one video: a ratio's second count, plays otherwise. */
const rateBase = (v: VideoFact, metric: RateMetric): number =>
  isCountRatio(metric) ? v[ratioCounts(metric).per] : v.plays;

const factValue = (v: VideoFact, metric: Metric): number => {
  if (isRate(metric)) {
    const base = rateBase(v, metric);
    return base === 0 ? 0 : rateNumerator(v, metric) / base;
  }
  if (
    metric === "plays" ||
    metric === "likes" ||
    metric === "comments" ||
    metric === "shares" ||
    metric === "saves"
  )
    return v[metric];
  if (metric === "duration") return v.duration_s ?? 0;
  if (metric === "hashtag_count") return v.hashtags === "" ? 0 : v.hashtags.split(" ").length;
  return 1;
};

/** A pooled rate: its count(s) summed over the set ÷ the set's plays (a ratio: ÷ its second count's sum). */
function pooledRate(videos: readonly VideoFact[], metric: RateMetric): number {
  const base = videos.reduce((s, v) => s + rateBase(v, metric), 0);
  return base === 0 ? 0 : videos.reduce((s, v) => s + rateNumerator(v, metric), 0) / base;
}

/**
 * A rate ranks only what reached an audience: items under the median plays of those in question are left out,
 * so that 20 likes on 30 plays cannot lead. The caveat names the floor and what it left out.
 */
function reachFloor<T>(
  items: readonly T[],
  plays: (item: T) => number,
  noun: string,
  over = "",
): { kept: T[]; caveat: string[] } {
  const floor = median(items.map(plays)) ?? 0;
  const kept = items.filter((item) => plays(item) > 0 && plays(item) >= floor);
  if (kept.length === items.length) return { kept, caveat: [] };
  return {
    kept,
    caveat: [
      `Ranked among the ${fmt(kept.length)} ${noun} with at least ${fmt(Math.max(1, Math.ceil(floor)))} plays${over} (the median of all ${fmt(items.length)}), so that a rate on a few plays cannot lead; ${fmt(items.length - kept.length)} left out.`,
    ],
  };
}

/** What "a recorded transcript" is, said wherever videos are told apart by one. */
const TRANSCRIPT_CAVEAT =
  "Transcript: the speech to text the source recorded with the video. A scrape records one only where it asked for subtitles and the video had them, so a video without one may still have speech.";

/** "Share rate: shares ÷ plays", "Saves per like: saves ÷ likes", "Engagement rate: (likes + … + saves) ÷ plays". */
const rateFormula = (metric: RateMetric) =>
  `${METRIC_NAME[metric][0]?.toUpperCase()}${METRIC_NAME[metric].slice(1)}: ${
    metric === "engagement"
      ? "(likes + comments + shares + saves) ÷ plays"
      : isCountRatio(metric)
        ? `${ratioCounts(metric).count} ÷ ${ratioCounts(metric).per}`
        : `${RATE_COUNT[metric]} ÷ plays`
  }`;

/** How a rate is computed, said where one is given (none for other measures). */
const rateDefinition = (metric: Metric | null): string[] =>
  metric !== null && isRate(metric) ? [`${rateFormula(metric)}, pooled over the videos in question.`] : [];

/** Bounds in words, "at least 1 and at most 1 hashtags" said "exactly 1 hashtag". */
function exactly(bounds: readonly Attribute[]): string[] {
  const same = (a: Attribute, op: "at least" | "at most") =>
    bounds.find(
      (b) =>
        b.kind === "count" &&
        a.kind === "count" &&
        b.metric === a.metric &&
        b.op === op &&
        b.value === a.value,
    );
  return bounds.flatMap((a) => {
    if (a.kind !== "count" || a.metric === "seconds") return [attributeLabel(a)];
    if (a.op === "at least" && same(a, "at most")) return [];
    if (a.op !== "at most" || !same(a, "at least")) return [attributeLabel(a)];
    const words = attributeLabel(a).replace(/^at most/, "exactly");
    return [a.value === 1 ? words.replace(/s$/, "") : words];
  });
}

/** The plan's filters, as `service_search_videos` arguments (hook type, author, advertiser and window are not tool filters). */
function searchArgs(plan: Plan): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (plan.topics.length > 0) args.q = plan.topics.join(" ");
  for (const a of plan.attributes) {
    if (a.kind === "ad") args.ad = a.value;
    else if (a.kind === "hook") args.hook = a.value;
    else if (a.kind === "viral_hook") args.viral_hook = "yes";
    else if (a.kind === "media_type") args.media_type = a.value;
    else if (a.kind === "region") args.region = a.value;
    else if (a.kind === "language") args.language = a.value;
    else if (a.kind === "hook_type") args.hook = "yes";
  }
  return args;
}

function applyAttribute(filter: FactsFilter, a: Attribute): FactsFilter {
  switch (a.kind) {
    case "ad":
      return { ...filter, ad: a.value };
    case "hook":
      return { ...filter, hook: a.value };
    case "viral_hook":
      return { ...filter, viral_hook: "yes" };
    case "transcript":
      return { ...filter, transcript: a.value };
    case "caption":
      return { ...filter, caption: a.value };
    case "recorded":
      return { ...filter, [`${a.code}_recorded`]: a.value };
    case "days":
      return { ...filter, weekdays: a.days };
    case "hours":
      return { ...filter, hours: a.hours };
    case "text":
      return { ...filter, q: filter.q ? `${filter.q} ${a.q}` : a.q };
    case "not_text":
      return { ...filter, exclude_q: [...(filter.exclude_q ?? []), a.q] };
    case "any_text":
      return { ...filter, any_q: a.qs };
    case "not_creator":
      return { ...filter, exclude_author_uids: [...(filter.exclude_author_uids ?? []), a.uid] };
    case "creator":
      return { ...filter, author_uids: [...(filter.author_uids ?? []), a.uid] };
    case "emoji":
      return { ...filter, caption_contains: [...(filter.caption_contains ?? []), a.emoji] };
    case "any_emoji":
      return { ...filter, caption_emoji: a.value };
    case "price": {
      if (!a.bound) return { ...filter, price: a.value };
      // (Read by boundPrices before the plan is executed: a bound left unread would select every priced video.)
      if (!a.ids) throw new Error("a price bound was not read from the videos' texts");
      return { ...onlyIds(filter, a.ids), price: a.value };
    }
    case "phone":
      return { ...filter, phone: a.value };
    // (Any of the phrases; a second list of either, "about pool or beach", is not combined with it.)
    case "cta":
      return a.value === "yes"
        ? { ...filter, any_q: CTA_QUERIES }
        : { ...filter, exclude_q: [...(filter.exclude_q ?? []), ...CTA_QUERIES] };
    case "collection":
      return { ...filter, collections: a.names };
    case "media_type":
      return { ...filter, media_type: a.value };
    case "region":
      return { ...filter, region: a.value };
    case "language":
      return { ...filter, language: a.value };
    case "hook_type":
      return { ...filter, hook_type: a.value };
    case "count": {
      // Two bounds on one count ("between 10k and 50k views") make one range; other counts add a bound.
      const bound = countBound(a);
      const counts = filter.counts ?? [];
      const same = counts.find((c) => c.metric === bound.metric);
      return {
        ...filter,
        counts: same ? counts.map((c) => (c === same ? { ...c, ...bound } : c)) : [...counts, bound],
      };
    }
    case "sound":
      return a.except
        ? { ...filter, exclude_sound_ids: [...(filter.exclude_sound_ids ?? []), ...a.ids] }
        : { ...filter, sound_ids: a.ids };
    case "exceeds":
      return { ...filter, exceeds: [...(filter.exceeds ?? []), { more: a.more, than: a.than }] };
    case "rate": {
      // Whole percentages are exact as written: "at least 5 %" is 5 % or more, as "over 5 %" is more.
      const bound: RateBound =
        a.op === "over" || a.op === "at least"
          ? { rate: a.rate, over: a.op === "over" ? a.value : a.value - RATE_EPSILON }
          : { rate: a.rate, under: a.op === "under" ? a.value : a.value + RATE_EPSILON };
      return { ...filter, rates: [...(filter.rates ?? []), bound] };
    }
  }
}

/** Only the videos `ids` of those `filter` selects (of its own `ids` too: a price bound's). */
function onlyIds(filter: FactsFilter, ids: readonly string[]): FactsFilter {
  if (!filter.ids) return { ...filter, ids };
  const kept = new Set(filter.ids);
  return { ...filter, ids: ids.filter((id) => kept.has(id)) };
}

/** Whether a follower count passes the plan's bound (an unrecorded count never does). */
function followersPass(bound: FollowersBound): (n: number | null) => boolean {
  return (n) =>
    n !== null &&
    (bound.op === "over"
      ? n > bound.value
      : bound.op === "at least"
        ? n >= bound.value
        : bound.op === "under"
          ? n < bound.value
          : bound.op === "between"
            ? n >= bound.value && n <= bound.to
            : n <= bound.value);
}

const followersLabel = (bound: FollowersBound) => `creators with ${boundWords(bound)} followers`;

/** The creators a plan restricts an answer to: "hire-ready creators with over 10,000 followers". */
function creatorsLabel(plan: Plan): string {
  const type = plan.creatorType ? `${CREATOR_TYPE_NAME[plan.creatorType]} ` : "";
  return `${type}${plan.followers ? followersLabel(plan.followers) : "creators"}`;
}

const CREATOR_TYPE_NAME: Record<NonNullable<Plan["creatorType"]>, string> = {
  advertised: "advertised",
  hire_ready: "hire-ready",
  house: "house-account",
  verified: "verified",
};

/** What each creator type means, for a caveat (resources/metrics.md). */
const CREATOR_TYPE_DEFINITION: Record<NonNullable<Plan["creatorType"]>, string> = {
  advertised: "Advertised: creators with at least one video labelled or platform-flagged as an ad.",
  hire_ready:
    "Hire-ready: not a house account, published within the last 30 days (of the newest video on an older corpus), an engagement rate of at least 5 % over those videos, and no exclusive advertiser.",
  house: "House accounts: creator accounts owned by an advertiser.",
  verified: "Verified: creators with the platform's verification badge, as the source recorded it.",
};

/** How far inside an inclusive rate bound the exclusive one sits ("at least 5 %": over 4.9999999999 %). */
const RATE_EPSILON = 1e-12;

/** A count attribute as the facts filter's exclusive bounds ("at least 10" = over 9). */
function countBound(a: Extract<Attribute, { kind: "count" }>): CountBound {
  switch (a.op) {
    case "over":
      return { metric: a.metric, over: a.value };
    case "at least":
      return { metric: a.metric, over: a.value - 1 };
    case "under":
      return { metric: a.metric, under: a.value };
    case "at most":
      return { metric: a.metric, under: a.value + 1 };
  }
}

/** The videos a plan names, whatever its window: its topics and attributes, and one creator or advertiser. */
export function namedSet(plan: Plan, entities = true): FactsFilter {
  let filter: FactsFilter = {};
  if (plan.topics.length > 0) filter.q = plan.topics.join(" ");
  for (const a of plan.attributes) filter = applyAttribute(filter, a);
  if (entities) {
    if (plan.creators.length === 1) filter.author_uid = plan.creators[0]?.uid;
    if (plan.advertisers.length === 1) filter.advertiser_id = plan.advertisers[0]?.id;
  }
  return filter;
}

function videoFilter(ctx: Ctx, options: { entities?: boolean } = {}): FactsFilter {
  const { plan } = ctx;
  const filter = namedSet(plan, options.entities !== false);
  if (ctx.advertiserSet) filter.advertiser_ids = ctx.advertiserSet;
  if (ctx.creatorSet) filter.author_uids = ctx.creatorSet;
  else if (options.entities !== false && plan.creators.length > 1 && plan.intent !== "compare")
    filter.author_uids = plan.creators.map((c) => c.uid);
  // "Right now"-style wording picks the shortest tool window; it does not restrict publication time.
  if (plan.window?.from !== undefined) {
    filter.since = plan.window.from;
    filter.until = plan.window.to;
  } else if (plan.window && !plan.window.shortest)
    filter.since = windowStart(plan.window.endsAt ?? ctx.now, plan.window.days);
  // No video at all: a floor no video reaches.
  if ((plan.viral || plan.topPlayed !== null) && ctx.viralFloor !== undefined) {
    const floor = ctx.viralFloor ?? Number.MAX_SAFE_INTEGER;
    // The most played: some plays, at least the floor; another count: at least the floor (counts are whole).
    if (plan.viralBy === "plays") filter.min_plays = floor;
    else filter.counts = [...(filter.counts ?? []), { metric: plan.viralBy, over: floor - 1 }];
  }
  return filter;
}

const windowStart = (now: number, days: number) =>
  days === 0 ? Math.floor(now / DAY) * DAY : now - days * DAY;

/** Words describing the selected videos ("ads about "skincare" in region BR in the last 30 days"). */
function describe(plan: Plan, options: { entities?: boolean; noun?: string; one?: boolean } = {}): string {
  const ad = plan.attributes.find((a) => a.kind === "ad");
  const media = plan.attributes.find((a) => a.kind === "media_type");
  let noun =
    options.noun ??
    (media?.value === "slideshow"
      ? ad?.value === "yes"
        ? "slideshow ads"
        : "slideshows"
      : ad?.value === "yes"
        ? "ads"
        : ad?.value === "no"
          ? "organic videos"
          : "videos");
  if (options.one) noun = noun.replace(/s$/, "");
  const most = MOST_OF[plan.viralBy];
  if (plan.viral && options.noun === undefined)
    noun =
      plan.viralBy !== "plays"
        ? `most ${most} ${noun}`
        : plan.viralShare === VIRAL_SHARE
          ? `viral ${noun}`
          : `top-${round(plan.viralShare * 100)} % ${noun}`;
  else if (plan.topPlayed !== null && options.noun === undefined)
    noun =
      plan.viralBy === "plays"
        ? `top-${fmt(plan.topPlayed)} ${noun}`
        : `${noun} among the ${fmt(plan.topPlayed)} most ${most}`;
  const hook = plan.attributes.find((a) => a.kind === "hook");
  if (hook) noun = `${noun} ${hook.value === "yes" ? "with" : "without"} a detected hook`;
  if (plan.attributes.some((a) => a.kind === "viral_hook")) noun = `${noun} with a viral hook`;
  // "videos without a recorded region and without a recorded language".
  const qualities = plan.attributes.flatMap((a) =>
    a.kind === "transcript" ||
    a.kind === "caption" ||
    a.kind === "emoji" ||
    a.kind === "any_emoji" ||
    a.kind === "price" ||
    a.kind === "phone" ||
    a.kind === "cta" ||
    a.kind === "recorded"
      ? // ("1 video that states a price": the verb of one.)
        [options.one ? shareWords(a).replace(/^that (state|give) /, "that $1s ") : shareWords(a)]
      : [],
  );
  if (qualities.length > 0) noun = `${noun} ${qualities.join(" and ")}`;
  const parts = [noun];
  if (plan.topics.length > 0) parts.push(`about "${topicWords(plan.topics)}"`);
  // "about "hotel" and either "dalat" or "sapa"".
  const either = plan.attributes.find((a) => a.kind === "any_text");
  if (either) {
    const names = either.qs.map((q) => `"${topicWords([q])}"`);
    const anyOf = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
    parts.push(plan.topics.length > 0 ? `and either ${anyOf}` : `about ${anyOf}`);
  }
  // ("Not about "xuhuong" or "fyp"": each topic left out, in one phrase.)
  const leftOut = plan.attributes.flatMap((a) => (a.kind === "not_text" ? [`"${topicWords([a.q])}"`] : []));
  if (leftOut.length > 0) parts.push(`not about ${leftOut.join(" or ")}`);
  const others = plan.attributes.flatMap((a) => (a.kind === "not_creator" ? [`@${a.handle}`] : []));
  if (others.length > 0) parts.push(`not by ${others.join(" or ")}`);
  const hookType = plan.attributes.find((a) => a.kind === "hook_type");
  if (hookType) parts.push(`with ${hookType.value} hooks`);
  const bounds = plan.attributes.filter((a) => a.kind === "count");
  // "with over 1,000 likes", but "longer than 60 s"; "with more comments than likes".
  const counts: Attribute[] = [
    ...bounds.filter((a) => a.metric !== "seconds"),
    ...plan.attributes.filter((a) => a.kind === "exceeds" || a.kind === "rate"),
  ];
  const lengths = bounds.filter((a) => a.metric === "seconds");
  if (counts.length > 0) parts.push(`with ${exactly(counts).join(" and ")}`);
  if (lengths.length > 0) parts.push(lengths.map((a) => attributeLabel(a)).join(" and "));
  // ("Not using an original sound and not using "nhạc nền"": each sound left out.)
  const sounds = plan.attributes.filter((a) => a.kind === "sound");
  if (sounds.length > 0)
    parts.push(sounds.map((a) => `${a.except ? "not " : ""}using ${soundWords(a)}`).join(" and "));
  const days = plan.attributes.find((a) => a.kind === "days");
  if (days) parts.push(`on ${days.label} (UTC)`);
  const hours = plan.attributes.find((a) => a.kind === "hours");
  if (hours) parts.push(`in the hours ${hours.label}`);
  const collection = plan.attributes.find((a) => a.kind === "collection");
  if (collection) parts.push(`in ${collectionWords(collection.names)}`);
  const region = plan.attributes.find((a) => a.kind === "region");
  if (region) parts.push(`in region ${region.value}`);
  const language = plan.attributes.find((a) => a.kind === "language");
  if (language) parts.push(`in language ${language.value}`);
  if (plan.topCreators !== null)
    parts.push(
      plan.topCreators === 1
        ? "by the creator with the most followers"
        : `by the top ${fmt(plan.topCreators)} creators`,
    );
  if (plan.authorFollowers) parts.push(`by creators with ${boundWords(plan.authorFollowers)} followers`);
  if (plan.authorVerified)
    parts.push(
      plan.authorVerified === "yes" ? "by verified creators" : "by creators without the verification badge",
    );
  if (plan.eachTopic.length > 0)
    parts.push(
      `by ${plan.subject === "advertisers" ? "advertisers" : "creators"} with videos about both ${plan.eachTopic.map((t) => `"${t}"`).join(" and ")}`,
    );
  if (plan.firstIn) parts.push(`by new ${plan.subject === "advertisers" ? "advertisers" : "creators"}`);
  if (plan.eachPeriod.length > 0)
    parts.push(
      `by ${plan.subject === "advertisers" ? "advertisers" : "creators"} with videos in ${
        plan.eachPeriodExcept
          ? `${plan.eachPeriod[0]?.label} but none in ${plan.eachPeriod[1]?.label}`
          : eachOf(plan.eachPeriod.map((p) => p.label))
      }`,
    );
  if (options.entities !== false) {
    if (plan.creators.length === 1) parts.push(`by @${plan.creators[0]?.handle}`);
    else if (plan.creators.length > 1 && plan.intent !== "compare")
      parts.push(`by ${plan.creators.map((c) => `@${c.handle}`).join(" and ")}`);
    if (plan.advertisers.length === 1) parts.push(`for ${plan.advertisers[0]?.name}`);
  }
  if (plan.window && !plan.window.shortest && !plan.shareOfWindow) parts.push(windowWords(plan.window));
  return parts.join(" ");
}

/** "What share of hotel videos were published in 2025?": the window's videos among the set's. */
async function windowShare(ctx: Ctx, window: WindowReading): Promise<Outcome> {
  await corroborate(ctx);
  const whole = videoFilter({ ...ctx, plan: { ...ctx.plan, window: null } });
  const within = videoFilter(ctx);
  const [base, part, examples] = await Promise.all([
    ctx.facts.count(whole),
    ctx.facts.count(within),
    ctx.facts.videos(within, 3),
  ]);
  const what = describe(ctx.plan);
  const when = windowWords(window);
  const statement =
    base === 0
      ? `There are no ${what}, so no share can be given.`
      : `${fmt(part)} of ${fmt(base)} ${what} ${part === 1 ? "was" : "were"} ${when}: ${pct(part, base)} %.`;
  return {
    summary: statement,
    findings: [{ statement, evidence: examples.map((v) => factEvidence(v)) }],
    caveats: ["Publication time as the source recorded it (UTC)."],
    result: { part, whole: base, share_pct: pct(part, base) },
    computed: `aggregate: share of ${what} ${when}`,
  };
}

/** When the videos of a window were published: "published in 2025 (UTC)", "published in the last 30 days". */
function windowWords(window: WindowReading): string {
  const { days, endsAt, label } = window;
  if (label !== undefined)
    return `published ${/^(since|after|before|until|up to|through) /.test(label) ? "" : / to /.test(label.replace(/\([^)]*\)/g, "")) && !/^the /.test(label) ? "from " : /^(\d{4}-\d{2}-\d{2}|\d{1,2} \p{L}+ \d{4})$/u.test(label) ? "on " : "in "}${label} (UTC)`;
  if (endsAt === undefined)
    return days === 0 ? "published today (UTC)" : `published in the last ${days} days`;
  return days === 0
    ? `published on ${isoDay(endsAt)} (UTC, the corpus's newest day)`
    : `published in the ${days} days up to ${isoDay(endsAt)} (the corpus's newest video)`;
}

/** The most recent publication months a series by month lists. */
const MONTHS_SHOWN = 12;

/** Groups smaller than this are named in a caveat when one of them leads a breakdown under a metric. */
const SMALL_GROUP = 5;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const lowerFirst = (text: string) => `${text.slice(0, 1).toLowerCase()}${text.slice(1)}`;
const upperFirst = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** Quoted text is cut at this many characters (a caption may run to thousands). */
const QUOTE_CHARS = 200;

/** Text on one line, cut at `max` characters. */
const clipped = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const quoted = (text: string) => `"${clipped(text, QUOTE_CHARS)}"`;

/**
 * What a video says, for "what are people saying in …": its opening line (the first sentence of the transcript,
 * else of the caption) when it is not the caption's own start, then the caption.
 */
/** A video's own hashtags, sound or opening hook ("what hashtags does the top resort video use?"). */
function usesLine(v: Video, uses: NonNullable<Plan["usesShown"]>): string {
  // (Prices are read from the text after the ranking: showPrices.)
  if (uses === "price") return "";
  if (uses === "date") return ` Published on ${v.created_at.slice(0, 10)} (UTC).`;
  if (uses === "hashtags")
    return v.hashtags.length > 0
      ? ` Hashtags: ${v.hashtags.map((t) => `#${t}`).join(" ")}.`
      : " No hashtags.";
  if (uses === "sounds")
    return v.music
      ? ` Sound: ${v.music.title ? `"${v.music.title}" ` : ""}(sound ${v.music.id}).`
      : " No sound recorded.";
  return v.hook
    ? ` Opening line: ${quoted(v.hook.text.replace(/\s+/g, " ").trim())}${v.hook.type ? ` (hook type ${v.hook.type})` : " (no hook pattern detected)"}.`
    : " No opening line recorded.";
}

function quoteLine(v: Video): string {
  const caption = v.desc.replace(/\s+/g, " ").trim();
  const opening = v.hook?.text.replace(/\s+/g, " ").trim();
  const parts: string[] = [];
  if (opening && !caption.startsWith(opening)) parts.push(` Opening line: ${quoted(opening)}`);
  parts.push(caption ? ` Caption: ${quoted(caption)}` : " No caption.");
  return parts.join(".");
}

/** "There are 3 ads about …" / "There is 1 ad about …". */
const thereAre = (n: number, plural: string, one: string) =>
  n === 1 ? `There is 1 ${one}` : `There are ${fmt(n)} ${plural}`;

const videosCount = (n: number) => `${fmt(n)} video${n === 1 ? "" : "s"}`;

/** A Unix time as its UTC date (YYYY-MM-DD). */
export const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Topics in one question must all match ("resort and hotel videos" = videos about both). When together they
 * match nothing though each matches alone, say so, with each one's count and what to ask instead.
 */
export async function topicsApartNote(ctx: Ctx): Promise<string | null> {
  const { plan } = ctx;
  if (plan.topics.length < 2 || plan.intent === "decline" || plan.intent === "trend_report") return null;
  const filter = videoFilter(ctx);
  if ((await ctx.facts.coverage(filter)).videos > 0) return null;
  const alone = await Promise.all(
    plan.topics.map(async (t) => ({ t, n: (await ctx.facts.coverage({ ...filter, q: t })).videos })),
  );
  if (alone.every(({ n }) => n === 0)) return null;
  const [a, b] = plan.topics;
  return `No video matches ${joinNames(plan.topics.map((t) => `"${topicWords([t])}"`))} together (every topic of a question must match); alone: ${alone.map(({ t, n }) => `"${topicWords([t])}" ${videosCount(n)}`).join(", ")}. Ask about one at a time, or compare them ("${a} or ${b} videos: which gets more views?").`;
}

/**
 * What the answer's figures leave out because the corpus does not record it: a price only the text can show
 * (said whenever one is read), and the region (language) scraped items often lack (codeCoverage).
 */
export async function coverageNotes(ctx: Ctx): Promise<string[]> {
  const { plan } = ctx;
  // ("Videos that mention a price": what was read as one; a breakdown by it says so with its groups.)
  const priced =
    plan.intent !== "decline" &&
    plan.groupBy !== "price" &&
    (plan.attributes.some((a) => a.kind === "price") || plan.shareOf?.kind === "price");
  // (And what was read as a call to action.)
  const called =
    plan.intent !== "decline" &&
    !bandsOf(plan, "cta") &&
    (plan.attributes.some((a) => a.kind === "cta") || plan.shareOf?.kind === "cta");
  return [...(priced ? [PRICE_CAVEAT] : []), ...(called ? [CTA_CAVEAT] : []), ...(await codeCoverage(ctx))];
}

/**
 * Scraped items often carry no region (and some no language), and a video without one never matches a region
 * (language) filter: said when under 95 % of the videos matching the rest of the question have the field.
 */
async function codeCoverage(ctx: Ctx): Promise<string[]> {
  const { plan } = ctx;
  // "Which region has the most videos?": the ranking counts only the videos that have one.
  const grouped =
    (plan.intent === "rank" || plan.intent === "count") &&
    (plan.subject === "regions" || plan.subject === "languages")
      ? plan.subject === "regions"
        ? ("region" as const)
        : ("language" as const)
      : null;
  if (grouped) {
    const coverage = await ctx.facts.coverage(videoFilter(ctx));
    const known = grouped === "region" ? coverage.withRegion : coverage.withLanguage;
    if (coverage.videos > 0 && known < coverage.videos * 0.95)
      return [
        `The ${grouped} is known for ${fmt(known)} of the ${fmt(coverage.videos)} ${describe(plan)} (${pct(known, coverage.videos)} %); the ${plan.intent === "count" ? "count covers" : "ranking counts"} only those.`,
      ];
    return [];
  }
  const named = plan.attributes.filter(
    (a): a is Extract<Attribute, { kind: "region" | "language" }> =>
      a.kind === "region" || a.kind === "language",
  );
  if (named.length === 0 || plan.intent === "decline") return [];
  const rest = { ...plan, attributes: plan.attributes.filter((a) => !(named as Attribute[]).includes(a)) };
  const filter = videoFilter({ ...ctx, plan: rest });
  const coverage = await ctx.facts.coverage(filter);
  const notes: string[] = [];
  for (const a of named) {
    const field = a.kind as "region" | "language";
    const known = field === "region" ? coverage.withRegion : coverage.withLanguage;
    if (coverage.videos === 0 || known >= coverage.videos * 0.95) continue;
    notes.push(
      `The ${field} is known for ${fmt(known)} of the ${fmt(coverage.videos)} ${describe(rest)} (${pct(known, coverage.videos)} %): a video without one never matches ${field} ${a.value}, so these figures cover only the videos whose ${field} is recorded.${field === "region" && coverage.withLanguage > known ? ` To cover the rest, ask without the region, or by language, which ${fmt(coverage.withLanguage)} of them record.` : ""}`,
    );
  }
  return notes;
}

/** A sound named: a filter only the store applies (the search tool has none). */
const bySound = (plan: Plan) => plan.attributes.some((a) => a.kind === "sound");

const hasVideoFilters = (plan: Plan) =>
  plan.topics.length > 0 ||
  plan.attributes.length > 0 ||
  (plan.window !== null && !plan.window.shortest) ||
  plan.creators.length + plan.advertisers.length > 0;

/** Filters the search tool has no parameter for: the store applies them. */
const NOT_SEARCHED: readonly Attribute["kind"][] = [
  "hook_type",
  "count",
  "exceeds",
  "rate",
  "sound",
  // (The searches that found the videos, as imported.)
  "collection",
  "transcript",
  "caption",
  "emoji",
  "any_emoji",
  "price",
  "phone",
  "cta",
  "any_text",
  "not_creator",
  "hours",
  "days",
];

/** Whether service_search_videos alone finds the plan's videos (else its pages are filtered, or the store ranks). */
const searchedExactly = (ctx: Ctx) =>
  ctx.plan.window === null &&
  !ctx.plan.attributes.some((a) => NOT_SEARCHED.includes(a.kind)) &&
  ctx.plan.creators.length + ctx.plan.advertisers.length === 0 &&
  ctx.creatorSet === undefined &&
  ctx.advertiserSet === undefined;

/** Pages a list tool (at most `pages` pages of 50) and returns every item. */
async function pageAll<T>(call: Call, tool: string, args: Record<string, unknown>, pages = 20): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < pages; page++) {
    const out = await call(tool, { ...args, limit: 50, ...(cursor ? { cursor } : {}) });
    items.push(...list<T>(out));
    const meta = out.meta as { has_more: boolean; next_cursor: string | null };
    if (!meta.has_more || !meta.next_cursor) break;
    cursor = meta.next_cursor;
  }
  return items;
}

export async function execute(ctx: Ctx): Promise<Outcome> {
  const outcome = ctx.plan.priceFigure
    ? await priceFigure(ctx)
    : ctx.plan.perGroup
      ? await executePerGroup(ctx)
      : await executeAuthorFollowers(ctx);
  if (ctx.plan.usesShown === "price") await showPrices(ctx, outcome);
  // "Original sound" reads the localised titles of a creator's own audio: say which.
  if (
    [...ctx.plan.attributes, ...(ctx.plan.shareOf ? [ctx.plan.shareOf] : [])].some(
      (a) => a.kind === "sound" && a.title === "original sound",
    )
  )
    outcome.caveats.push(
      `An original sound: a creator's own audio, titled ${ORIGINAL_SOUND_TITLES.map((t) => `"${t}"`).join(", ")} (accents folded), alone or before " - " and the creator's name.`,
    );
  const excluded = ctx.plan.attributes.flatMap((a) =>
    a.kind === "not_text" ? [`"${topicWords([a.q])}"`] : [],
  );
  if (excluded.length > 0)
    outcome.caveats.push(
      `Not about ${excluded.join(" or ")}: the videos a search for it does not find (a search also finds its run-together tags and spellings apart, as a topic does).`,
    );
  // ("Show me slideshows that did well", none imported: the corpus holds none, not these ones only.)
  if (outcome.summary.startsWith("No ")) {
    const absent = await absentKinds(ctx);
    if (absent) {
      outcome.summary = `${outcome.summary} ${absent}`;
      const first = outcome.findings[0];
      if (first && first.evidence.length === 0) first.statement = `${first.statement} ${absent}`;
    }
  }
  return outcome;
}

// ---------- prices stated ----------

/** The most videos whose texts are read for their prices in one answer (the most played first). */
const PRICE_READ = 5_000;

const PRICE_AMOUNT = `A video's price: read from its caption, opening line and transcript as written ("350k" 350,000 đồng, "1.686.000đ", "2 triệu" and "2 củ" 2,000,000, "1tr5" 1,500,000, "450 xu" 450,000), the lowest it states (where its prices start, "chỉ từ 350k"; the highest for the most expensive); a price in another currency, masked ("3xx.000đ") or outside ${dong(LEAST)} to ${dong(MOST)} is left out, and what each is for (a night, a person) is as written beside it, not converted; one for some hours ("/2h", "/giờ") counts only where hours are asked ("per hour", "theo giờ").`;

const NIGHT_ONLY = 'For a night: only prices said to be for one ("/đêm", "một đêm", "per night").';

/** Each video's prices stated (caption, opening line, transcript, in that order), of those `filter` selects. */
async function statedPrices(
  facts: FactsRepository,
  filter: FactsFilter,
): Promise<Map<string, QuotedPrice[]>> {
  const byId = new Map<string, QuotedPrice[]>();
  // ("150k" in the caption, "150 k" in the transcript: said once.)
  const key = (p: QuotedPrice) => p.said.toLowerCase().replace(/\s+/g, "");
  for (const field of ["caption", "hook", "transcript"] as const)
    for (const { id, text } of await facts.texts({ ...filter, price: "yes" }, field, PRICE_READ)) {
      const prices = byId.get(id) ?? [];
      for (const p of pricesQuoted(text)) if (!prices.some((q) => key(q) === key(p))) prices.push(p);
      byId.set(id, prices);
    }
  return byId;
}

/**
 * The prices read in đồng within every bound, for a night where one is asked; those for some hours ("/2h") where hours
 * are asked ("per hour"), else none of them (a short stay's price is no night's).
 */
const pricesWithin = (asked: { night: boolean; hours?: true }, bounds: readonly PriceBound[]) => {
  const night = asked.night || bounds.some((b) => b.night);
  const hours = asked.hours === true || bounds.some((b) => b.hours);
  return (p: QuotedPrice): boolean =>
    p.vnd !== null &&
    (!night || p.night) &&
    p.hours === hours &&
    bounds.every((b) => withinBound(p.vnd as number, b));
};

const boundsOf = (plan: Plan): PriceBound[] =>
  plan.attributes.flatMap((a) => (a.kind === "price" && a.bound ? [a.bound] : []));

/**
 * Each video of `filter` stating a price in đồng as `asked` (for a night, for some hours; within the plan's price
 * bounds, "the median of rooms under 500k"): its lowest and highest.
 */
async function pricedVideos(
  ctx: Ctx,
  filter: FactsFilter,
  asked: { night: boolean; hours?: true },
): Promise<{ id: string; low: QuotedPrice; high: QuotedPrice }[]> {
  const within = pricesWithin(asked, boundsOf(ctx.plan));
  return [...(await statedPrices(ctx.facts, filter))].flatMap(([id, prices]) => {
    const read = prices.filter(within);
    const byAmount = [...read].sort((a, b) => (a.vnd as number) - (b.vnd as number));
    return byAmount.length > 0
      ? [{ id, low: byAmount[0] as QuotedPrice, high: byAmount.at(-1) as QuotedPrice }]
      : [];
  });
}

const priceWords = (p: QuotedPrice) => `${p.vnd === null ? "" : `${dong(p.vnd)} `}("${p.said}")`;

/** "With the price each one quotes": each video finding shows the prices its text states. */
async function showPrices(ctx: Ctx, outcome: Outcome): Promise<void> {
  const ids = outcome.findings.flatMap((f) => (f.evidence[0]?.type === "video" ? [f.evidence[0].id] : []));
  if (ids.length === 0) return;
  const stated = await statedPrices(ctx.facts, { ids });
  for (const f of outcome.findings) {
    const first = f.evidence[0];
    if (first?.type !== "video") continue;
    const prices = stated.get(first.id) ?? [];
    f.statement = `${f.statement} ${prices.length > 0 ? `Price stated: ${prices.map((p) => `"${p.said}"`).join(", ")}.` : "No price stated."}`;
  }
  outcome.caveats.push(PRICE_AMOUNT);
}

/**
 * The videos each price bound of a plan selects ("rooms under 500k a night"): of those the rest of its set names
 * (whatever its window), the ones stating a price in đồng within it (any price they state; with "a night", one said
 * to be for a night), read from their texts. Set as each bounded attribute's `ids`, before the plan is executed; the
 * caveats say how.
 */
export async function boundPrices(
  plan: Plan,
  facts: FactsRepository,
): Promise<{ plan: Plan; caveats: string[] }> {
  const unread = (a: Attribute) => a.kind === "price" && a.bound !== undefined && a.ids === undefined;
  // ("Which price ranges get the most views?": each group's range too.)
  const bounds = [
    ...plan.attributes,
    ...(plan.shareOf ? [plan.shareOf] : []),
    ...plan.bands.flatMap((b) => b.attributes),
  ].filter(unread);
  if (bounds.length === 0) return { plan, caveats: [] };
  const rest = namedSet({ ...plan, attributes: plan.attributes.filter((a) => !unread(a)) });
  const [stated, stating] = await Promise.all([
    statedPrices(facts, rest),
    facts.count({ ...rest, price: "yes" }),
  ]);
  const read = (a: Attribute): Attribute =>
    a.kind === "price" && a.bound && !a.ids
      ? {
          ...a,
          ids: [...stated].flatMap(([id, prices]) =>
            prices.some(pricesWithin({ night: false }, a.bound ? [a.bound] : [])) ? [id] : [],
          ),
        }
      : a;
  return {
    plan: {
      ...plan,
      attributes: plan.attributes.map(read),
      shareOf: plan.shareOf && read(plan.shareOf),
      bands: plan.bands.map((b) => ({ ...b, attributes: b.attributes.map(read) })),
    },
    caveats: [
      bounds.every((a) => a.kind === "price" && a.bound?.op === "at least" && a.bound.value === 0)
        ? 'For some hours: the videos stating at least one price in đồng for some hours ("119K/2H", "69k/giờ"), whatever else they state.'
        : `${bounds.map((a) => (a.kind === "price" && a.bound ? upperFirst(priceBoundWords(a.bound)) : "")).join("; ")}: the videos stating at least one price in đồng in that range${bounds.some((a) => a.kind === "price" && a.bound?.night) ? " (for a night: said to be for one)" : ""}, whatever else they state.`,
      PRICE_AMOUNT,
      ...(stating > PRICE_READ
        ? [`Prices read from the ${fmt(PRICE_READ)} most played of the ${fmt(stating)} videos stating one.`]
        : []),
    ],
  };
}

/** "The median quoted price of Da Lat videos", "the cheapest hotel in Da Lat": the prices the videos' text states. */
async function priceFigure(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const asked = plan.priceFigure as NonNullable<Plan["priceFigure"]>;
  const filter = videoFilter(ctx);
  const what = describe(plan);
  const forNight = asked.night ? " for a night" : asked.hours ? " for some hours" : "";
  // ("Da Lat vs Nha Trang: median quoted price per night each?", "summer 2024 compared with early 2025": each one's.)
  const searched = plan.attributes.find((a) => a.kind === "collection");
  const sides: { label: string; filter: FactsFilter }[] = asked.eachSearch
    ? (searched?.kind === "collection"
        ? searched.names
        : [...(await ctx.facts.codes()).collections].sort()
      ).map((name) => ({
        label: name,
        filter: { ...filter, collections: [name] },
      }))
    : plan.compareTopics.length >= 2
      ? plan.compareTopics.map((t) => ({
          label: `"${t}"`,
          filter: { ...filter, q: [...plan.topics, t].join(" ") },
        }))
      : (plan.window?.periods ?? []).map((p) => ({
          label: p.label,
          filter: { ...filter, since: p.from, until: p.to },
        }));
  if (sides.length >= 2) {
    const sided = await Promise.all(
      sides.map(async (side) => {
        const priced = await pricedVideos(ctx, side.filter, asked);
        const mid = median(priced.map((p) => p.low.vnd as number));
        // (The video nearest its median, for evidence.)
        const near = [...priced].sort(
          (a, b) =>
            Math.abs((a.low.vnd as number) - (mid ?? 0)) - Math.abs((b.low.vnd as number) - (mid ?? 0)) ||
            (a.id < b.id ? 1 : -1),
        )[0];
        const fact = near ? (await ctx.facts.videos({ ids: [near.id] }))[0] : undefined;
        return {
          ...side,
          count: priced.length,
          median: mid,
          evidence: fact && near ? [factEvidence(fact, { price_vnd: near.low.vnd as number })] : [],
        };
      }),
    );
    // ("Which city has the cheapest hotels?", "is Da Lat or Nha Trang cheaper?": by their median, the cheapest
    // first; none read, last; a search with fewer than SMALL_GROUP videos stating one, after the others.)
    const few = (e: (typeof sided)[number]) => asked.eachSearch === true && e.count < SMALL_GROUP;
    const rank = (e: (typeof sided)[number]) => (e.median === null ? 2 : few(e) ? 1 : 0);
    const each =
      asked.eachSearch || asked.of !== "median"
        ? [...sided].sort(
            (a, b) =>
              rank(a) - rank(b) ||
              (asked.of === "lowest" ? 1 : -1) * ((a.median ?? 0) - (b.median ?? 0)) ||
              (a.label < b.label ? -1 : 1),
          )
        : sided;
    const shown = asked.eachSearch ? each.filter((e) => e.median !== null).slice(0, 5) : each;
    const line = (e: (typeof each)[number]) =>
      e.median === null
        ? `${e.label}: no price${forNight} read`
        : `${e.label}: ${dong(e.median)} (${fmt(e.count)} ${e.count === 1 ? "video" : "videos"})`;
    return {
      summary: `The median price stated${forNight} (each video's lowest) by ${describe({ ...plan, compareTopics: [], window: plan.window?.periods ? null : plan.window })}${asked.eachSearch ? ", in each search" : ""}${asked.of === "median" ? "" : `, the ${asked.of === "lowest" ? "cheapest" : "most expensive"} first`}: ${shown.length > 0 ? shown.map(line).join("; ") : "no price read"}${shown.length < each.length ? ` (${fmt(each.length - shown.length)} more searches below)` : ""}.`,
      findings: each.map((e) => ({ statement: `${line(e)}.`, evidence: e.evidence })),
      caveats: [
        PRICE_AMOUNT,
        ...(asked.night ? [NIGHT_ONLY] : []),
        ...(each.some((e) => e.median !== null && few(e))
          ? [
              `Searches with fewer than ${SMALL_GROUP} videos stating a price come after the others, a median of so few telling little: ${each
                .filter((e) => e.median !== null && few(e))
                .map((e) => `${e.label} (${fmt(e.count)})`)
                .join(", ")}.`,
            ]
          : []),
      ],
      result: {
        ranking: each.map((e) => e.label),
        values: each.map((e) => e.median),
        counts: each.map((e) => e.count),
      },
      computed: `texts (caption, opening line, transcript) of each side's videos stating a price, their prices read as written`,
    };
  }
  const priced = await pricedVideos(ctx, filter, asked);
  const stating = await ctx.facts.count({ ...filter, price: "yes" });
  const caveats = [
    PRICE_AMOUNT,
    ...(asked.night ? [NIGHT_ONLY] : []),
    ...(stating > PRICE_READ
      ? [`Read from the ${fmt(PRICE_READ)} most played of the ${fmt(stating)} videos stating a price.`]
      : []),
  ];
  const computed = `texts (caption, opening line, transcript) of the ${fmt(Math.min(stating, PRICE_READ))} videos stating a price, their prices read as written`;
  if (priced.length === 0)
    return emptyRanking(
      // ("Cheapest Phú Quốc resort over 1 triệu a night": the bound says what was looked for.)
      boundsOf(plan).length > 0
        ? `No ${what}.`
        : `No ${what} state${stating === 1 ? "s" : ""} a price in đồng${forNight} that could be read${stating > 0 ? ` (${fmt(stating)} state${stating === 1 ? "s" : ""} a price of some kind)` : ""}.`,
      caveats,
      computed,
    );
  const amountOf = (p: { low: QuotedPrice; high: QuotedPrice }) =>
    (asked.of === "highest" ? p.high.vnd : p.low.vnd) as number;
  const ranked = [...priced].sort((a, b) =>
    asked.of === "highest"
      ? amountOf(b) - amountOf(a) || (a.id < b.id ? 1 : -1)
      : amountOf(a) - amountOf(b) || (a.id < b.id ? 1 : -1),
  );
  const shownOf = (p: { low: QuotedPrice; high: QuotedPrice }) => (asked.of === "highest" ? p.high : p.low);
  const videosOf = async (ids: string[]) =>
    new Map((await ctx.facts.videos({ ids })).map((v) => [v.id, v] as const));
  const evidenceOf = (v: VideoFact | undefined, p: { low: QuotedPrice; high: QuotedPrice }) =>
    v ? [factEvidence(v, { price_vnd: amountOf(p) })] : [];
  const counted = `${fmt(priced.length)} ${priced.length === 1 ? "video" : "videos"} stating a price in đồng${forNight}`;
  if (asked.of === "median") {
    const mid = median(priced.map((p) => amountOf(p))) as number;
    const first = ranked[0] as (typeof ranked)[number];
    const last = ranked.at(-1) as (typeof ranked)[number];
    const nearest = [...ranked]
      .sort((a, b) => Math.abs(amountOf(a) - mid) - Math.abs(amountOf(b) - mid) || (a.id < b.id ? 1 : -1))
      .slice(0, 3);
    const facts = await videosOf([...nearest, first, last].map((p) => p.id));
    return {
      summary: `The median price stated${forNight} by ${what} is ${dong(mid)} (${counted}${priced.length > 1 ? `, each its lowest; from ${dong(amountOf(first))} to ${dong(amountOf(last))}` : ""}).`,
      findings: [
        {
          statement: `Median: ${dong(mid)} over ${counted}; nearest it: ${nearest.map((p) => `${p.id} ${priceWords(shownOf(p))}`).join(", ")}.`,
          evidence: nearest.flatMap((p) => evidenceOf(facts.get(p.id), p)),
        },
        ...(priced.length > 1
          ? [
              {
                statement: `Cheapest: ${first.id} ${priceWords(first.low)}; most expensive: ${last.id} ${priceWords(last.low)}.`,
                evidence: [first, last].flatMap((p) => evidenceOf(facts.get(p.id), p)),
              },
            ]
          : []),
      ],
      caveats,
      result: { median: mid, count: priced.length, stating, min: amountOf(first), max: amountOf(last) },
      computed,
    };
  }
  if (asked.of === "common") {
    // Each video's lowest amount, counted once: the amounts by how many videos state them, ties the cheaper first.
    const byAmount = new Map<number, (typeof priced)[number][]>();
    for (const p of priced) byAmount.set(amountOf(p), [...(byAmount.get(amountOf(p)) ?? []), p]);
    const common = [...byAmount]
      .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
      .slice(0, plan.count);
    const examples = await videosOf(common.flatMap(([, ps]) => ps.map((p) => p.id)));
    const played = (ps: (typeof priced)[number][]) =>
      [...ps]
        .sort(
          (a, b) =>
            (examples.get(b.id)?.plays ?? 0) - (examples.get(a.id)?.plays ?? 0) || (a.id < b.id ? 1 : -1),
        )
        .slice(0, 2);
    const first = common[0] as [number, (typeof priced)[number][]];
    const second = common[1];
    return {
      summary: `The price stated most often${forNight} by ${what} (each video's lowest) is ${dong(first[0])}: ${fmt(first[1].length)} of the ${counted}${second ? `; then ${dong(second[0])} (${videosCount(second[1].length)})` : ""}.${first[1].length === 1 ? " No amount is stated by more than one video." : ""}`,
      findings: common.map(([amount, ps], i) => ({
        statement: `#${i + 1} ${dong(amount)}: ${videosCount(ps.length)}, as ${[...new Set(ps.map((p) => `"${p.low.said}"`))].slice(0, 3).join(", ")}.`,
        evidence: played(ps).flatMap((p) => evidenceOf(examples.get(p.id), p)),
      })),
      caveats,
      result: {
        ranking: common.map(([amount]) => String(amount)),
        values: common.map(([, ps]) => ps.length),
        count: priced.length,
        stating,
      },
      computed,
    };
  }
  const top = ranked.slice(0, plan.count);
  const facts = await videosOf(top.map((p) => p.id));
  const names = await Promise.all(
    top.map((p) => ctx.facts.nameOf("creator", facts.get(p.id)?.author_uid ?? "")),
  );
  const line = (i: number) => {
    const p = top[i] as (typeof top)[number];
    return `${priceWords(shownOf(p))} in ${p.id} by ${names[i]}`;
  };
  const order = asked.of === "lowest" ? "cheapest" : "most expensive";
  return {
    summary: `The ${order} price stated${forNight} by ${what}: ${line(0)}${top.length > 1 ? `, then ${line(1)}` : ""} (${counted}).`,
    findings: top.map((p, i) => ({
      statement: `#${i + 1} ${p.id} by ${names[i]}: ${priceWords(shownOf(p))}; ${fmt(facts.get(p.id)?.plays ?? 0)} plays.`,
      evidence: evidenceOf(facts.get(p.id), p),
    })),
    caveats,
    result: {
      ranking: top.map((p) => p.id),
      values: top.map((p) => amountOf(p)),
      count: priced.length,
      stating,
    },
    computed,
  };
}

/** Labels a whole import may lack (none of its videos a slideshow, none with a transcript). */
const LABEL_KINDS: readonly Attribute["kind"][] = [
  "media_type",
  "transcript",
  "caption",
  "hook",
  "viral_hook",
  "ad",
  "hook_type",
];

/** "The corpus holds no slideshows at all (0 of its 5,268 videos).": a label of the plan no video has. */
async function absentKinds(ctx: Ctx): Promise<string | null> {
  for (const a of ctx.plan.attributes) {
    if (!LABEL_KINDS.includes(a.kind) || (await ctx.facts.count(applyAttribute({}, a))) > 0) continue;
    const total = await ctx.facts.count({});
    return `The corpus holds no ${attributeLabel(a)} at all (0 of its ${fmt(total)} videos).`;
  }
  return null;
}

const PER_GROUP_NAME: Readonly<Record<PerGroupSplit, string>> = {
  day: "day (UTC)",
  week: "week (Monday to Sunday, UTC)",
  month: "month (UTC)",
  quarter: "quarter (UTC)",
  year: "year (UTC)",
  weekday: "day of the week (UTC)",
  hook_type: "hook type",
  region: "region",
  language: "language",
  ad: "label (ads, organic)",
  media_type: "format",
  topic: "topic",
  creator: "creator",
  advertiser: "advertiser",
  sound: "sound",
  collection: "search",
};

/**
 * A group of a split by search (`by` "collection") that is none of the searches the plan names, where it names
 * some: their videos were found by other searches too, which are no groups asked for.
 */
function unnamedSearch(plan: Plan, by: string, key: unknown): boolean {
  const named = by === "collection" ? plan.attributes.find((a) => a.kind === "collection") : undefined;
  return named !== undefined && !named.names.includes(String(key));
}

/** One group of a ranking asked within each: how it is named, and the question it is ranked as. */
async function rankedGroups(ctx: Ctx): Promise<{ groups: { label: string; plan: Plan }[]; left: number }> {
  const { plan } = ctx;
  const { by, groups: most, breakdown } = plan.perGroup as NonNullable<Plan["perGroup"]>;
  // (A breakdown within each group keeps its own groups.)
  const base: Plan = breakdown
    ? { ...plan, perGroup: null }
    : { ...plan, perGroup: null, groupBy: null, compareTopics: [], totals: false };
  if (by === "topic")
    return {
      groups: plan.compareTopics.map((t) => ({
        label: `"${topicWords([t])}"`,
        plan: { ...base, topics: [...plan.topics, t] },
      })),
      left: 0,
    };
  const [found = []] = await ctx.facts.groups(videoFilter(ctx), [by as FactsSplit], "plays");
  // ("Top videos per search, hotelhue or hoteldalat": the searches named only.)
  const present = found.filter((g) => g.key !== null && g.videos > 0 && !unnamedSearch(plan, by, g.key));
  const time = by === "day" || by === "week" || by === "month" || by === "quarter" || by === "year";
  const accounts = by === "creator" || by === "advertiser" || by === "sound";
  // The latest periods, or the largest groups (then by key), each shown in the key's order; accounts and sounds
  // with the most videos first.
  const byKey = (a: FactsGroup, b: FactsGroup) =>
    String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0;
  const largest = [...present].sort((a, b) => b.videos - a.videos || byKey(a, b)).slice(0, most);
  const chosen = accounts
    ? largest
    : time
      ? [...present].sort(byKey).slice(-most)
      : largest.sort((a, b) =>
          typeof a.key === "number" && typeof b.key === "number" ? a.key - b.key : byKey(a, b),
        );
  // A period within the question's own window: its ends are the later start and the earlier end.
  const outer = videoFilter(ctx);
  const groups: { label: string; plan: Plan }[] = [];
  for (const g of chosen) {
    const key = g.key as string | number;
    if (by === "creator") {
      const name = await ctx.facts.nameOf("creator", String(key));
      const creator = {
        uid: String(key),
        handle: name.replace(/^@/, ""),
        nickname: "",
        verified: false,
        by: "handle" as const,
      };
      groups.push({ label: name, plan: { ...base, creators: [creator] } });
      continue;
    }
    if (by === "advertiser") {
      const name = await ctx.facts.nameOf("advertiser", String(key));
      groups.push({ label: name, plan: { ...base, advertisers: [{ id: String(key), name }] } });
      continue;
    }
    if (by === "sound") {
      const title = await soundTitle(ctx, outer, String(key));
      const attribute: Attribute = { kind: "sound", ids: [String(key)], title };
      groups.push({ label: `"${title}"`, plan: { ...base, attributes: [...plan.attributes, attribute] } });
      continue;
    }
    if (time) {
      const period = periodOfGroup(by, String(key));
      if (!period) continue;
      const from = Math.max(period.from, outer.since ?? period.from);
      const to = Math.min(period.to, outer.until ?? period.to);
      const window: WindowReading = {
        days: Math.max(1, Math.ceil((to - from) / DAY)),
        phrase: plan.window?.phrase ?? period.label,
        from,
        to,
        label: period.label,
      };
      groups.push({ label: period.label, plan: { ...base, window } });
      continue;
    }
    const value = String(key);
    const days = `${WEEKDAYS[Number(key)]}s`;
    const attribute: Attribute =
      by === "weekday"
        ? { kind: "days", days: [Number(key)], label: days }
        : by === "ad"
          ? { kind: "ad", value: Number(key) === 1 ? "yes" : "no" }
          : by === "media_type"
            ? { kind: "media_type", value: value === "slideshow" ? "slideshow" : "video" }
            : { kind: by as "hook_type" | "region" | "language", value };
    if (by === "collection") {
      // (Each search alone: the searches named are the groups, no longer a filter together.)
      const others = plan.attributes.filter((a) => a.kind !== "collection");
      groups.push({
        label: `"${value}"`,
        plan: { ...base, attributes: [...others, { kind: "collection", names: [value] }] },
      });
      continue;
    }
    const label = by === "weekday" ? days : by === "ad" ? (Number(key) === 1 ? "ads" : "organic") : value;
    groups.push({ label, plan: { ...base, attributes: [...plan.attributes, attribute] } });
  }
  return { groups, left: present.length - chosen.length };
}

/**
 * "The top 3 videos for each month of 2023", "top creators for each of Da Lat, Sapa and Phu Quoc": each group
 * ranked as a question of its own (every other restriction of the question kept), then listed group by group.
 */
async function executePerGroup(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const { by } = plan.perGroup as NonNullable<Plan["perGroup"]>;
  const { groups, left } = await rankedGroups(ctx);
  const name = PER_GROUP_NAME[by];
  const scope = describe({ ...plan, perGroup: null, groupBy: null, compareTopics: [] });
  const computed = `aggregate: a ranking of the ${scope} within each ${name}`;
  if (groups.length === 0)
    return emptyRanking(`There are no ${scope} to rank within each ${name}.`, [], computed);
  // One group after another: the method lists each group's tool calls together, in the groups' order.
  const outcomes: Outcome[] = [];
  for (const g of groups) outcomes.push(await executeAuthorFollowers({ ...ctx, plan: g.plan }));
  if (plan.perGroup?.breakdown) return breakdownsWithin(plan, groups, outcomes, left, computed);
  const ranked = outcomes.map((o) => o.findings.filter((f) => /^#\d+ /.test(f.statement)));
  const leaders = groups.map((g, i) => {
    const first = ranked[i]?.[0];
    return `${g.label}: ${first ? first.statement.replace(/^#1 /, "").replace(/\.$/, "") : "none"}`;
  });
  const more = groupsLeftOut(by, left);
  const measure = plan.metric
    ? ` by ${METRIC_NAME[plan.metric]}`
    : plan.subject === "videos"
      ? " by views"
      : "";
  const ranking =
    plan.subject === "videos" ? `the ${scope}${measure}` : `the ${plan.subject}${measure} of the ${scope}`;
  const summary = `Ranked within each ${name}: ${ranking} (${plan.count} in each among the findings). The first in each — ${leaders.join("; ")}.${more}`;
  const findings: Finding[] = groups.flatMap((g, i) => {
    const items = ranked[i] ?? [];
    return items.length > 0
      ? items.map((f) => ({ ...f, statement: `${g.label}, ${f.statement}` }))
      : [{ statement: `${g.label}: ${outcomes[i]?.summary ?? ""}`, evidence: [] }];
  });
  return {
    summary,
    findings,
    caveats: [...new Set(outcomes.flatMap((o) => o.caveats))].slice(0, 6),
    result: {
      groups: groups.map((g, i) => ({ group: g.label, ranking: outcomes[i]?.result.ranking ?? [] })),
      ...(left > 0 ? { groups_left_out: left } : {}),
    },
    computed,
  };
}

/** " 3 more languages are left out (those with the most videos are shown).": the groups a question did not get. */
function groupsLeftOut(by: PerGroupSplit, left: number): string {
  if (left === 0) return "";
  const one = PER_GROUP_NAME[by].replace(/ \(.*$/, "");
  const noun =
    left === 1
      ? by === "collection"
        ? one
        : by.replace("_", " ")
      : one === "day of the week"
        ? "days of the week"
        : /(?:ch|sh|s|x)$/.test(one)
          ? `${one}es`
          : `${one}s`;
  return ` ${fmt(left)} more ${noun} ${left === 1 ? "is" : "are"} left out (${isSeries(by) ? "the latest are shown" : "those with the most videos are shown"}).`;
}

/**
 * "The best hook type for each language": each group's breakdown, its headline in the summary (the group named
 * first) and its leading groups among the findings.
 */
function breakdownsWithin(
  plan: Plan,
  groups: { label: string; plan: Plan }[],
  outcomes: Outcome[],
  left: number,
  computed: string,
): Outcome {
  const { by } = plan.perGroup as NonNullable<Plan["perGroup"]>;
  const name = PER_GROUP_NAME[by];
  // "By median views …, the leading hook type among videos in language en is tutorial: 208,900 …": from "is".
  const headline = (o: Outcome) => {
    const first = o.summary.split(/(?<=\.)\s/)[0]?.replace(/\.$/, "") ?? "";
    return first.match(/^By .*?, the leading .*? is (.*)$/)?.[1] ?? first;
  };
  const more = groupsLeftOut(by, left);
  return {
    summary: `Within each ${name} — ${groups.map((g, i) => `${g.label}: ${headline(outcomes[i] as Outcome)}`).join("; ")}.${more}`,
    findings: groups.flatMap((g, i) =>
      (outcomes[i]?.findings ?? [])
        .slice(0, plan.count)
        .map((f) => ({ ...f, statement: `${g.label}, ${f.statement}` })),
    ),
    caveats: [...new Set(outcomes.flatMap((o) => o.caveats))].slice(0, 6),
    result: {
      groups: groups.map((g, i) => ({
        group: g.label,
        ranking: outcomes[i]?.result.ranking ?? [],
        values: outcomes[i]?.result.values ?? [],
      })),
      ...(left > 0 ? { groups_left_out: left } : {}),
    },
    computed: computed.replace("a ranking of", "a breakdown of"),
  };
}

/** The creators of the filtered videos and what a question may restrict them by (undefined: no record). */
async function factsOfCreators(ctx: Ctx, filter: FactsFilter): Promise<Map<string, CreatorFact | undefined>> {
  const authors = [...(await groupKeys(ctx, filter, "creator"))];
  const facts = await ctx.facts.creators(authors);
  return new Map(authors.map((uid) => [uid, facts.get(uid)]));
}

/** The creators of the filtered videos and each one's latest recorded followers (null: none recorded). */
async function followersOfCreators(ctx: Ctx, filter: FactsFilter): Promise<Map<string, number | null>> {
  return new Map([...(await factsOfCreators(ctx, filter))].map(([uid, c]) => [uid, c?.followers ?? null]));
}

/** The verified ones among the creators of the filtered videos. */
const verifiedOf = (facts: ReadonlyMap<string, CreatorFact | undefined>, verified = true) =>
  [...facts].filter(([, c]) => (c?.verified ?? false) === verified).map(([uid]) => uid);

/** Of creators and their followers, those within the bound, and how many lack a count. */
function creatorsWithin(
  followers: ReadonlyMap<string, number | null>,
  bound: FollowersBound,
): { authors: string[]; kept: string[]; unknown: number } {
  const within = followersPass(bound);
  const authors = [...followers.keys()];
  return {
    authors,
    kept: authors.filter((uid) => within(followers.get(uid) ?? null)),
    unknown: authors.filter((uid) => followers.get(uid) === null).length,
  };
}

/**
 * "Which videos went viral from creators with under 10k followers?": the creators of the videos in question whose
 * latest recorded follower count is within the bound (those without one left out); the question is then
 * answered over their videos.
 */
async function executeAuthorFollowers(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const bound = plan.authorFollowers;
  // ("How many videos come from verified accounts?": the creators with the badge, likewise.)
  if ((!bound && !plan.authorVerified) || plan.intent === "decline") return executeEach(ctx);
  const basePlan: Plan = {
    ...plan,
    viral: false,
    topPlayed: null,
    topCreators: null,
    authorFollowers: null,
    authorVerified: null,
  };
  const whole = videoFilter({ ...ctx, plan: basePlan });
  const { authors, kept, unknown } = bound
    ? creatorsWithin(await followersOfCreators(ctx, whole), bound)
    : await (async () => {
        const facts = await factsOfCreators(ctx, whole);
        return {
          authors: [...facts.keys()],
          kept: verifiedOf(facts, plan.authorVerified === "yes"),
          unknown: 0,
        };
      })();
  const badge = plan.authorVerified === "yes";
  const who = bound
    ? `creators with ${boundWords(bound)} followers`
    : badge
      ? "verified creators"
      : "creators without the verification badge";
  const have = bound
    ? `${boundWords(bound)} followers`
    : badge
      ? "the verification badge"
      : "no verification badge";
  const note = bound
    ? `Creators with ${boundWords(bound)} followers (the latest count the source recorded): ${fmt(kept.length)} of the ${fmt(authors.length)} creators of the ${describe(basePlan)}${unknown > 0 ? `; ${fmt(unknown)} without a recorded count are left out` : ""}.`
    : `${badge ? "Verified creators" : "Creators without the verification badge"} (the platform's badge, as the source recorded it): ${fmt(kept.length)} of the ${fmt(authors.length)} creators of the ${describe(basePlan)}.`;
  if (plan.shareOfCreators) {
    // "What percentage of hotel creators have over 10k followers?": those creators among the set's.
    const what = describe(basePlan);
    const statement =
      authors.length === 0
        ? `There are no creators of ${what}, so no share can be given.`
        : `${fmt(kept.length)} of the ${fmt(authors.length)} creators of ${what} ${kept.length === 1 ? "has" : "have"} ${have}: ${pct(kept.length, authors.length)} %.`;
    return {
      summary: statement,
      findings: [
        { statement, evidence: (await accountsCounted(ctx, "creator", kept, "")).evidence.slice(0, 3) },
      ],
      caveats: [
        bound ? `${note} A creator without a recorded count counts among those outside the bound.` : note,
      ],
      result: { part: kept.length, whole: authors.length, share_pct: pct(kept.length, authors.length) },
      computed: `aggregate: share of the creators of the ${what} with ${have}`,
    };
  }
  if (plan.shareOfAuthors) {
    // "What share of ads come from creators with over 100k followers?": their videos among the set's.
    const [base, part] = await Promise.all([
      ctx.facts.count(whole),
      ctx.facts.count({ ...whole, author_uids: kept }),
    ]);
    const what = describe(basePlan);
    const statement =
      base === 0
        ? `There are no ${what}, so no share can be given.`
        : `${fmt(part)} of ${fmt(base)} ${what} ${part === 1 ? "is" : "are"} by ${who}: ${pct(part, base)} %.`;
    return {
      summary: statement,
      findings: [
        {
          statement,
          evidence: await examples(ctx, await ctx.facts.videos({ ...whole, author_uids: kept }, 3)),
        },
      ],
      caveats: [note],
      result: { part, whole: base, share_pct: pct(part, base), creators: kept.length },
      computed: `aggregate: share of the ${what} by ${who}`,
    };
  }
  const outcome = await executeEach({ ...ctx, creatorSet: kept });
  return {
    ...outcome,
    caveats: [...outcome.caveats, note],
    result: { ...outcome.result, author_followers_creators: kept.length },
  };
}

/** "There are 12 creators with …: @a, @b, … and 2 more", naming (and citing) the first ten. */
async function accountsCounted(
  ctx: Ctx,
  by: "creator" | "advertiser",
  ids: readonly string[],
  what: string,
  kind = "",
): Promise<{ statement: string; evidence: Evidence[] }> {
  const shown = ids.slice(0, 10);
  const names = await Promise.all(shown.map((id) => ctx.facts.nameOf(by, id)));
  const listed =
    ids.length > 0
      ? `: ${names.join(", ")}${ids.length > 10 ? ` and ${fmt(ids.length - 10)} more` : ""}`
      : "";
  return {
    statement: `${thereAre(ids.length, `${kind}${by}s ${what}`, `${kind}${by} ${what}`)}${listed}.`,
    evidence: shown.map((id) => ({ type: by, id, figures: {} }) as Evidence),
  };
}

/**
 * "Which creators appear in more than one search?": the accounts whose videos (under the question's other filters)
 * at least `least` of the searches found (those named, else every collection), most searches first; with a
 * measure named, ranked by it over their videos. Each search is one read of the store.
 */
async function executeInSearches(ctx: Ctx, least: number): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.subject === "sounds" || plan.subject === "hashtags") return usesInSearches(ctx, least);
  const by = plan.subject === "advertisers" ? "advertiser" : "creator";
  const { names, kept, found } = await inSearches(ctx, by, least);
  const who = `${by}s`;
  const what = `found by ${least === 2 ? "more than one" : `${fmt(least)} or more`} of the ${names.length === 1 ? "search" : `${fmt(names.length)} searches`}`;
  const note = `A search: a collection as imported (an Apify export's searchHashtag, searchQuery or input, or \`crs import --collection\`). ${by === "creator" ? "Creators" : "Advertisers"} ${what}${describe(plan) === "videos" ? "" : ` (their ${describe(plan)})`}: ${fmt(kept.length)} of the ${fmt(found.size)} with a video in one. A scrape holds what its searches found, so an account's other videos may be missing from it.`;
  const ids = kept.map(([id]) => id);
  if (plan.intent === "count")
    return accountsCountedOutcome(
      ctx,
      by,
      ids,
      what,
      note,
      { in_searches: least },
      `aggregate: ${who} of the videos of each of ${fmt(names.length)} searches, counted per account`,
    );
  // ("Top creators in more than one search by views": the measure named, over their videos.)
  if (plan.metric !== null && plan.metric !== "videos")
    return accountsRanked(ctx, by, ids, note, { in_searches: least });
  const shown = kept.slice(0, plan.count);
  const handles = await Promise.all(shown.map(([id]) => ctx.facts.nameOf(by, id)));
  const findings = shown.map(([id, searches], i) => {
    const listed = [...searches].sort((a, b) => b.videos - a.videos || (a.name < b.name ? -1 : 1));
    return {
      statement: `${handles[i]}: ${fmt(searches.length)} searches (${listed.map((s) => `${s.name} ${videosCount(s.videos)}`).join(", ")}).`,
      evidence: [{ type: by, id, figures: { searches: searches.length } } as Evidence],
    };
  });
  const [top] = shown;
  const tied = shown.filter(([, searches]) => searches.length === top?.[1].length).length;
  const next = shown[tied];
  const summary =
    top === undefined
      ? `No ${by} was ${what}.`
      : `${thereAre(kept.length, `${who} ${what}`, `${by} ${what}`)}. ${tied > 1 ? `${andList(handles.slice(0, tied))} lead with ${fmt(top[1].length)} each` : `${handles[0]} leads with ${fmt(top[1].length)}`}${next ? `, ahead of ${handles[tied]} (${fmt(next[1].length)})` : ""}.`;
  return {
    summary,
    findings: findings.length > 0 ? findings : [{ statement: summary, evidence: [] }],
    caveats: [note],
    result: {
      ranking: shown.map(([id]) => id),
      values: shown.map(([, searches]) => searches.length),
      count: kept.length,
      in_searches: least,
    },
    computed: `aggregate: ${who} of the videos of each of ${fmt(names.length)} searches, ranked by how many searches found them`,
  };
}

/**
 * The searches each group of `by` (an account, a sound, a hashtag) has videos in, with its videos in each; those in at
 * least `least` of them, the most searches first, then the most videos found (a video two searches found counts in
 * each).
 */
async function inSearches(
  ctx: Ctx,
  by: "creator" | "advertiser" | "sound" | "hashtag",
  least: number,
): Promise<{
  names: string[];
  found: Map<string, { name: string; videos: number }[]>;
  kept: [string, { name: string; videos: number }[]][];
}> {
  const filter = videoFilter(ctx);
  const names = filter.collections ? [...filter.collections] : [...(await ctx.facts.codes()).collections];
  const found = new Map<string, { name: string; videos: number }[]>();
  for (const name of names) {
    const [groups = []] = await ctx.facts.groups({ ...filter, collections: [name] }, [by], "plays");
    for (const g of groups) {
      const id = String(g.key);
      found.set(id, [...(found.get(id) ?? []), { name, videos: g.videos }]);
    }
  }
  const videos = (searches: { videos: number }[]) => searches.reduce((n, s) => n + s.videos, 0);
  const kept = [...found]
    .filter(([, searches]) => searches.length >= least)
    .sort((a, b) => b[1].length - a[1].length || videos(b[1]) - videos(a[1]) || (a[0] < b[0] ? -1 : 1));
  return { names, found, kept };
}

/** "Which sound shows up in the most searches?", "hashtags in more than 5 searches": each one's searches. */
async function usesInSearches(ctx: Ctx, least: number): Promise<Outcome> {
  const { plan } = ctx;
  const by = plan.subject === "sounds" ? "sound" : "hashtag";
  const { names, kept, found } = await inSearches(ctx, by, least);
  const titles =
    by === "sound" ? new Map((await ctx.facts.soundNames()).map((n) => [n.id, n.title] as const)) : null;
  const nameOf = (key: string) => (titles ? `"${titles.get(key) ?? key}" (sound ${key})` : `#${key}`);
  const of = describe(plan) === "videos" ? "" : ` (of ${describe(plan)})`;
  const what = `${by}s${of} in ${least <= 2 ? "more than one" : `${fmt(least)} or more`} of the ${names.length === 1 ? "search" : `${fmt(names.length)} searches`}`;
  const note = `A search: a collection as imported (an Apify export's searchHashtag, searchQuery or input, or \`crs import --collection\`). ${fmt(kept.length)} of the ${fmt(found.size)} ${by}s with a video in a search are in ${least <= 2 ? "more than one" : `${fmt(least)} or more`}; a video two searches found counts in each.`;
  const computed = `aggregate: ${by}s of the videos of each of ${fmt(names.length)} searches, ranked by how many searches have them`;
  if (plan.intent === "count") {
    const statement = `${thereAre(kept.length, what, `${by}${of} in ${least <= 2 ? "more than one" : `${fmt(least)} or more`} of the searches`)}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [] }],
      caveats: [note],
      result: { count: kept.length, in_searches: least },
      computed,
    };
  }
  const shown = kept.slice(0, plan.count);
  const line = ([key, searches]: (typeof kept)[number]) => {
    const listed = [...searches].sort((a, b) => b.videos - a.videos || (a.name < b.name ? -1 : 1));
    return `${nameOf(key)}: ${fmt(searches.length)} ${searches.length === 1 ? "search" : "searches"} (${listed
      .slice(0, 5)
      .map((s) => `${s.name} ${videosCount(s.videos)}`)
      .join(", ")}${listed.length > 5 ? ` and ${fmt(listed.length - 5)} more` : ""})`;
  };
  const [top] = shown;
  const tied = shown.filter(([, searches]) => searches.length === top?.[1].length);
  const next = shown[tied.length];
  const summary =
    top === undefined
      ? `No ${what}.`
      : `${tied.length > 1 ? `${andList(tied.map(([key]) => nameOf(key)))} are each` : `${nameOf(top[0])} is`} in the most searches: ${fmt(top[1].length)} of the ${fmt(names.length)}${next ? `, ahead of ${nameOf(next[0])} (${fmt(next[1].length)})` : ""}.`;
  const evidence = await Promise.all(
    shown.map(async ([key]) => examples(ctx, await ctx.facts.groupTop(videoFilter(ctx), by, key, 1))),
  );
  return {
    summary,
    findings:
      shown.length > 0
        ? shown.map((item, i) => ({ statement: `${line(item)}.`, evidence: evidence[i] ?? [] }))
        : [{ statement: summary, evidence: [] }],
    caveats: [note],
    result: {
      ranking: shown.map(([key]) => key),
      values: shown.map(([, searches]) => searches.length),
      count: kept.length,
      in_searches: least,
    },
    computed,
  };
}

/** "A, B and C". */
const andList = (labels: readonly string[]): string =>
  labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;

/** "both 2024 and 2025"; "each of January, February and March 2025". */
const eachOf = (labels: readonly string[]): string =>
  labels.length === 2 ? `both ${labels.join(" and ")}` : `each of ${andList(labels)}`;

/**
 * "Which creators have posted about both Da Lat and Nha Trang?", "which advertisers posted in both 2024 and
 * 2025?": the accounts with a video about each topic (in each period), under the question's other filters;
 * their videos then answer it.
 */
async function executeEach(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.inSearches !== null && plan.intent !== "decline") return executeInSearches(ctx, plan.inSearches);
  const byPeriod = plan.eachPeriod.length > 0;
  const byCode = plan.eachCode;
  const byAds = plan.adsOnly;
  if (plan.firstIn && plan.intent !== "decline") return executeFirstIn(ctx);
  if ((!byPeriod && !byCode && !byAds && plan.eachTopic.length === 0) || plan.intent === "decline")
    return executeTopCreators(ctx);
  const by = plan.subject === "advertisers" ? "advertiser" : "creator";
  // "Only ads": those with an ad and no organic video; "never ads": those with an organic video and no ad.
  const adSides = [
    { label: "ads", about: "that is an ad", filter: { ...videoFilter(ctx), ad: "yes" as const } },
    { label: "organic videos", about: "that is organic", filter: { ...videoFilter(ctx), ad: "no" as const } },
  ];
  const each = byAds
    ? byAds === "never"
      ? [...adSides].reverse()
      : adSides
    : byPeriod
      ? plan.eachPeriod.map((p) => ({
          label: p.label,
          about: `in ${p.label}`,
          filter: { ...videoFilter(ctx), since: p.from, until: p.to },
        }))
      : byCode
        ? byCode.codes.map((code, i) =>
            byCode.kind === "collection"
              ? // ("A hotel search": one side every search of a word's, its code their label.)
                (byCode.sets?.[i] ?? [code]).length > 1
                ? {
                    label: `the ${code} (any one of them)`,
                    about: `found by one of the ${code}`,
                    filter: { ...videoFilter(ctx), collections: byCode.sets?.[i] ?? [code] },
                  }
                : {
                    label: `the search "${code}"`,
                    about: `found by the search "${code}"`,
                    filter: { ...videoFilter(ctx), collections: [code] },
                  }
              : {
                  label: `${byCode.kind} ${code}`,
                  about: `in ${byCode.kind} ${code}`,
                  filter: { ...videoFilter(ctx), [byCode.kind]: code },
                },
          )
        : plan.eachTopic.map((t) => ({
            label: `"${t}"`,
            about: `about "${t}"`,
            filter: videoFilter({ ...ctx, plan: { ...plan, topics: [...plan.topics, t] } }),
          }));
  const sets = await Promise.all(each.map((e) => groupKeys(ctx, e.filter, by)));
  const [first, ...rest] = sets as [Set<string>, ...Set<string>[]];
  // "In 2023 but not in 2024": those of the first period with none in the second.
  const except = (byPeriod && plan.eachPeriodExcept) || (byAds !== null && byAds !== "both");
  const all = [...first].filter((id) => rest.every((set) => set.has(id) !== except)).sort();
  const who = `${by}s`;
  const named = andList(each.map((e) => e.label));
  const Who = by === "creator" ? "Creators" : "Advertisers";
  const counts = sets.map((set, i) => `${fmt(set.size)} have one ${each[i]?.about}`).join(", ");
  const note = byAds
    ? `${Who} whose videos ${describe({ ...plan, adsOnly: null }) === "videos" ? "" : `(${describe({ ...plan, adsOnly: null })}) `}${byAds === "only" ? "are all ads" : byAds === "both" ? "include both an ad and an organic video" : "include no ad"} (ad label): ${fmt(all.length)} of them; ${counts}. A scrape holds what its searches found, so an account's other videos may be missing from it.`
    : except
      ? `${Who} with at least one video published (UTC) in ${each[0]?.label} and none in ${each[1]?.label}: ${fmt(all.length)} of them; ${counts}. A scrape holds what its searches found, so a later video may be missing from it.`
      : byPeriod
        ? `${Who} with at least one video published (UTC) in each of ${named}: ${fmt(all.length)} of them; ${counts}.`
        : byCode?.kind === "collection"
          ? `${Who} with at least one video found by each of ${named} (not necessarily one video both found): ${fmt(all.length)} of them; ${counts}.`
          : byCode
            ? `${Who} with at least one video in each of ${named} (the code the source recorded for each video): ${fmt(all.length)} of them; ${counts}.`
            : `${Who} with at least one video about each of ${named} (not necessarily one video about both): ${fmt(all.length)} of them; ${counts}.`;
  const what = byAds
    ? byAds === "only"
      ? "whose videos are all ads"
      : byAds === "both"
        ? "with both ads and organic videos"
        : "with no ad among their videos"
    : except
      ? `with videos in ${each[0]?.label} but none in ${each[1]?.label}`
      : byPeriod || byCode
        ? `with videos in ${eachOf(each.map((e) => e.label))}`
        : `with videos about both ${named}`;
  const intersected = `aggregate: ${who} of videos ${each.map((e) => e.about).join(", ")}, intersected`;
  if (plan.intent === "count")
    return accountsCountedOutcome(
      ctx,
      by,
      all,
      what,
      note,
      { each: sets.map((set) => set.size) },
      intersected,
    );
  // ("Which creators appear in both the trending set and a hotel search?": none, said with each side's count.)
  if (all.length === 0)
    return emptyRanking(`No ${by} ${what.replace(/^with /, "has ")}: ${counts}.`, [note], intersected);
  // A ranking: those accounts, over all their videos the question's other filters select.
  return accountsRanked(
    ctx,
    by,
    all,
    note,
    byAds
      ? { ads_only: byAds }
      : byPeriod
        ? { each_period: plan.eachPeriod.map((p) => p.label) }
        : byCode
          ? { each_code: byCode }
          : { each_topic: plan.eachTopic },
  );
}

/** A count of the accounts `ids` (listed by name), with `note` as its caveat and `extra` in its result. */
async function accountsCountedOutcome(
  ctx: Ctx,
  by: "creator" | "advertiser",
  ids: string[],
  what: string,
  note: string,
  extra: Record<string, unknown>,
  computed: string,
): Promise<Outcome> {
  const { statement, evidence } = await accountsCounted(ctx, by, ids, what);
  return {
    summary: statement,
    findings: [{ statement, evidence }],
    caveats: [note],
    result: { count: ids.length, [`${by}s`]: ids, ...extra },
    computed,
  };
}

/** The accounts `ids` ranked over all their videos the question's other filters select, `note` said of them. */
async function accountsRanked(
  ctx: Ctx,
  by: "creator" | "advertiser",
  ids: string[],
  note: string,
  extra: Record<string, unknown>,
): Promise<Outcome> {
  const outcome = await executeTopCreators(
    by === "creator" ? { ...ctx, creatorSet: ids } : { ...ctx, advertiserSet: ids },
  );
  return {
    ...outcome,
    caveats: [...outcome.caveats, `${note} They are ranked over all their videos the other filters select.`],
    result: { ...outcome.result, ...extra },
  };
}

/**
 * "How many new creators appeared in 2025?": the accounts with a video in the window and none published before
 * it (under the question's other filters): counted and named, or ranked over their videos in the window.
 */
async function executeFirstIn(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const by = plan.subject === "advertisers" ? "advertiser" : "creator";
  const within = videoFilter(ctx);
  const start = within.since ?? 0;
  const { since: _since, until: _until, ...rest } = within;
  const [inWindow, earlier] = await Promise.all([
    groupKeys(ctx, within, by),
    groupKeys(ctx, { ...rest, until: start }, by),
  ]);
  const fresh = [...inWindow].filter((id) => !earlier.has(id)).sort();
  const when = describe({ ...plan, attributes: [], topics: [], firstIn: false }).replace(/^videos /, "");
  const who = `${by}s`;
  const note = `New ${who}: those with a video ${when} and none published before (UTC) in the corpus — ${fmt(fresh.length)} of the ${fmt(inWindow.size)} with a video then. A scrape holds what its searches found, so an account's earlier videos may be missing from it.`;
  if (plan.intent === "count") {
    const { statement, evidence } = await accountsCounted(ctx, by, fresh, `(a first video ${when})`, "new ");
    return {
      summary: statement,
      findings: [{ statement, evidence }],
      caveats: [note],
      result: { count: fresh.length, [who]: fresh, active: inWindow.size },
      computed: `aggregate: ${who} of the window's videos without an earlier video`,
    };
  }
  const outcome = await executeTopCreators(
    by === "creator" ? { ...ctx, creatorSet: fresh } : { ...ctx, advertiserSet: fresh },
  );
  return { ...outcome, caveats: [...outcome.caveats, note] };
}

/**
 * "The top creators": the N with the most followers among the creators of the videos in question (their topics,
 * places and window; those without a recorded count left out); the question is then answered over their videos.
 */
async function executeTopCreators(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.topCreators === null || plan.intent === "decline") return executeViral(ctx);
  const basePlan: Plan = {
    ...plan,
    viral: false,
    topPlayed: null,
    topCreators: null,
    attributes: plan.attributes.filter((a) => a.kind === "region" || a.kind === "language"),
  };
  const authors = [...(await groupKeys(ctx, videoFilter({ ...ctx, plan: basePlan }), "creator"))];
  const top = [...(await ctx.facts.creators(authors))]
    .flatMap(([uid, c]) => (c.followers === null ? [] : [[uid, c.followers] as const]))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, plan.topCreators);
  const outcome = await executeViral({ ...ctx, creatorSet: top.map(([uid]) => uid) });
  const names = await Promise.all(top.map(([uid]) => ctx.facts.nameOf("creator", uid)));
  const of = `the ${fmt(authors.length)} creators of the ${describe(basePlan)}`;
  return {
    ...outcome,
    caveats: [
      ...outcome.caveats,
      top.length === 0
        ? `The ${plan.topCreators === 1 ? "creator" : `top ${fmt(plan.topCreators)} creators`} by followers: none of ${of} has a recorded follower count.`
        : plan.topCreators === 1
          ? `The creator with the most followers among ${of} (creators without a recorded count left out): ${names[0]} (${fmt(top[0]?.[1] ?? 0)}).`
          : `The top ${fmt(plan.topCreators)} creators: the ${fmt(top.length)} with the most followers among ${of} (creators without a recorded count left out): ${top.map(([, n], i) => `${names[i]} (${fmt(n)})`).join(", ")}.`,
    ],
    result: { ...outcome.result, top_creators: top.map(([uid]) => uid) },
  };
}

/** How "the most … videos" is said of each count a set of the most can be selected by. */
const MOST_OF: Record<Plan["viralBy"], string> = {
  plays: "played",
  likes: "liked",
  comments: "commented",
  shares: "shared",
  saves: "saved",
};

async function executeViral(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if ((!plan.viral && plan.topPlayed === null) || plan.intent === "decline") return executePlan(ctx);
  // "Viral": the most played tenth (at least one video) of the videos of the question's topics, places, window
  // and accounts; labels and bounds then select among them ("viral hotel ads" are the hotel videos' viral ads).
  // "The top 100 videos": the 100 most played of them, alike.
  const basePlan: Plan = {
    ...plan,
    viral: false,
    topPlayed: null,
    attributes: plan.attributes.filter((a) => a.kind === "region" || a.kind === "language"),
  };
  const base = videoFilter({ ...ctx, plan: basePlan });
  const all = await ctx.facts.count(base);
  const within = plan.topPlayed ?? Math.max(1, Math.ceil(all * plan.viralShare));
  const viralFloor = all === 0 ? null : await ctx.facts.nthHighest(base, plan.viralBy, Math.min(within, all));
  const outcome = await executePlan({ ...ctx, viralFloor });
  const what = describe(basePlan);
  const most = MOST_OF[plan.viralBy];
  const set =
    plan.topPlayed === null
      ? `${plan.viralBy === "plays" ? (plan.viralShare === VIRAL_SHARE ? "Viral" : "Top") : `Most ${most}`}: the most ${most} ${round(plan.viralShare * 100)} %`
      : `Top ${fmt(plan.topPlayed)}: the ${fmt(plan.topPlayed)} most ${most}`;
  return {
    ...outcome,
    caveats: [
      ...outcome.caveats,
      viralFloor === null
        ? `${set} of the ${what}, of which there are none.`
        : `${set} of the ${fmt(all)} ${what}, those with ${fmt(plan.viralBy === "plays" ? Math.max(1, viralFloor) : viralFloor)} ${plan.viralBy} or more (ties at the floor included).`,
    ],
    result: {
      ...outcome.result,
      viral_floor: viralFloor,
      viral_of: all,
      ...(plan.viralBy === "plays" ? {} : { viral_by: plan.viralBy }),
      ...(plan.topPlayed === null ? {} : { top_played: plan.topPlayed }),
    },
  };
}

async function executePlan(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  switch (plan.intent) {
    case "decline":
      return declined(plan, plan.decline ?? "the question could not be read");
    case "profile":
      return profile(ctx);
    case "video":
      return videoRecords(ctx);
    case "trending":
      return trending(ctx);
    case "newest":
      return newest(ctx);
    case "breakout":
      return breakout(ctx);
    case "trend_report":
      return trendReport(ctx);
    case "compare":
      return compareAlso(ctx);
    case "breakdown":
      return breakdownAlso(ctx);
    case "share":
      return share(ctx);
    case "count":
      return count(ctx);
    case "measure":
      return measure(ctx);
    case "rank":
      return rank(ctx);
    case "overview":
      return overview(ctx);
    case "drivers":
      return drivers(ctx);
    case "cadence":
      return cadence(ctx);
    case "words":
      return wordsUsed(ctx);
  }
}

export function declined(plan: Plan, reason: string): Outcome {
  const understood =
    plan.understood.length > 0 ? plan.understood.join("; ") : "no names, places, measures or time window";
  const summary = `I cannot answer this question: ${reason}. What I understood: ${understood}.${plan.ignored.length > 0 ? ` Words I could not link: ${plan.ignored.join(", ")}.` : ""}`;
  return {
    summary,
    findings: [{ statement: `Not answered: ${reason}.`, evidence: [] }],
    caveats: [
      "The local analyst answers rankings, comparisons, counts and shares, breakdowns by hook type or format, what went with more views, the most used words, phrases and emoji of captions, opening lines or transcripts, how often accounts post, profiles, videos named by id (and those with similar hooks), the newest, trending and breakout items, and trend-report look-ups (see service://guide/workflows).",
    ],
    result: { declined: reason },
    computed: "nothing (declined)",
  };
}

// ---------- cadence ----------

/** How often an account posted, from the publish times (UTC) of its videos in the corpus. */
interface Cadence {
  videos: number;
  first: number | null;
  last: number | null;
  /** Videos a week after the first, over the days from the first to the last (null: under 2, or within a day). */
  perWeek: number | null;
  /** The median days between consecutive videos (null: fewer than 2). */
  medianGapDays: number | null;
}

function cadenceOf(times: readonly number[]): Cadence {
  const t = [...times].sort((a, b) => a - b);
  const first = t[0] ?? null;
  const last = t[t.length - 1] ?? null;
  const spanDays = first !== null && last !== null ? (last - first) / DAY : 0;
  return {
    videos: t.length,
    first,
    last,
    perWeek: t.length >= 2 && spanDays >= 1 ? ((t.length - 1) / spanDays) * 7 : null,
    medianGapDays: median(t.slice(1).map((x, i) => (x - (t[i] as number)) / DAY)),
  };
}

/** "14 videos about "hotel" published from 2025-03-01 to 2025-05-12: about 1.4 a week, a median of 4 days apart". */
function cadenceText(c: Cadence, noun: string): string {
  const many = `${fmt(c.videos)} ${c.videos === 1 ? noun.replace(/s\b/, "") : noun}`;
  if (c.first === null || c.last === null) return `no ${noun}`;
  if (c.videos === 1) return `${many}, published on ${isoDay(c.first)}`;
  const span = `${many} published from ${isoDay(c.first)} to ${isoDay(c.last)}`;
  if (c.perWeek === null) return `${span}, all within a day`;
  const perMonth = (c.perWeek * 365.25) / 7 / 12;
  const rate =
    c.perWeek >= 1
      ? `${round(c.perWeek, 1)} a week`
      : perMonth >= 1
        ? `${round(perMonth, 1)} a month`
        : `one every ${round(1 / perMonth, 1)} months`;
  const gap = c.medianGapDays ?? 0;
  const apart =
    gap < 1 ? `${Math.round(gap * 24)} hours` : `${round(gap, 1)} day${round(gap, 1) === 1 ? "" : "s"}`;
  return `${span}: about ${rate}, a median of ${apart} apart`;
}

const CADENCE_CAVEAT =
  "Posting frequency is read from the publish times (UTC) of the videos the corpus holds: a scrape holds what its searches found, so an account may post more often than shown. A week's rate counts the videos after the first over the days from the first to the last.";

const cadenceResult = (id: string, c: Cadence) => ({
  id,
  videos: c.videos,
  first: c.first === null ? null : isoDay(c.first),
  last: c.last === null ? null : isoDay(c.last),
  per_week: c.perWeek === null ? null : round(c.perWeek, 2),
  median_gap_days: c.medianGapDays === null ? null : round(c.medianGapDays, 2),
});

async function cadence(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const filter = videoFilter(ctx);
  const noun = describe(plan, { entities: false });
  const creator = plan.creators[0];
  const advertiser = plan.advertisers[0];
  if (creator || advertiser) {
    // One account: its own videos (bounded by the account), with the question's other filters.
    const c = cadenceOf((await ctx.facts.videos(filter)).map((v) => v.created_at));
    const evidence = creator
      ? creatorEvidence((await call("service_get_creator", { id: creator.uid })).data as Creator)
      : advertiserEvidence((await call("service_get_advertiser", { id: advertiser?.id })).data as Advertiser);
    const statement = `${creator ? `@${creator.handle}` : advertiser?.name} has ${cadenceText(c, noun)}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [evidence] }],
      caveats: [CADENCE_CAVEAT],
      result: { cadence: [cadenceResult(evidence.id, c)] },
      computed: "aggregate: publish times of the account's videos",
    };
  }
  const advertisers = plan.subject === "advertisers";
  const byVideos = plan.metric === "videos";
  const [[whole] = [], groups = []] = await ctx.facts.groups(
    filter,
    [null, advertisers ? "advertiser" : "creator"],
    "plays",
  );
  const kind = advertisers ? "advertisers" : "creators";
  if (!whole || groups.length === 0) {
    const statement = `No ${noun} ${advertisers ? "assigned to an advertiser" : "to measure"}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [] }],
      caveats: [],
      result: { count: 0 },
      computed: "aggregate: none",
    };
  }
  const ranked = groups
    .filter((g) => !plan.groupVideos || followersPass(plan.groupVideos)(g.videos))
    .sort(
      (a, b) =>
        (byVideos ? b.videos - a.videos : b.sum - a.sum) ||
        b.videos - a.videos ||
        String(a.key).localeCompare(String(b.key)),
    )
    .slice(0, plan.count);
  // One after another: the method lists the tool calls in the ranking's order.
  const rows: { key: string; c: Cadence; evidence: Evidence; name: string }[] = [];
  for (const g of ranked) {
    const key = String(g.key);
    const own = advertisers ? { ...filter, advertiser_id: key } : { ...filter, author_uid: key };
    const c = cadenceOf((await ctx.facts.videos(own)).map((v) => v.created_at));
    const evidence = advertisers
      ? advertiserEvidence((await call("service_get_advertiser", { id: key })).data as Advertiser)
      : creatorEvidence((await call("service_get_creator", { id: key })).data as Creator);
    const name = advertisers ? String(evidence.figures.name) : `@${evidence.figures.handle}`;
    rows.push({ key, c, evidence, name });
  }
  const counts = groups.map((g) => g.videos);
  const typical = median(counts) ?? 0;
  const ones = counts.filter((n) => n === 1).length;
  const lead = `Of the ${fmt(groups.length)} ${kind} of the ${fmt(whole.videos)} ${noun}, the median ${kind.replace(/s$/, "")} has ${fmt(typical)} of these videos (${fmt(ones)} have only one).`;
  const findings = rows.map((r, i) => ({
    statement: `#${i + 1} ${r.name}: ${cadenceText(r.c, noun)}.`,
    evidence: [r.evidence],
  }));
  const first = rows[0] as (typeof rows)[number];
  return {
    summary: `${lead} ${byVideos ? "The most active" : "The most viewed"}: ${first.name}, ${cadenceText(first.c, noun)}.`,
    findings,
    caveats: [
      CADENCE_CAVEAT,
      `${kind[0]?.toUpperCase()}${kind.slice(1)} ranked by ${byVideos ? "their number of" : "the total views of their"} ${noun}; each one's frequency is over those ${noun}.`,
    ],
    result: {
      ranking: rows.map((r) => r.key),
      cadence: rows.map((r) => cadenceResult(r.key, r.c)),
      median_videos: typical,
      single_video: ones,
      [kind]: groups.length,
    },
    computed: `aggregate: ${kind} of the videos, ranked by ${byVideos ? "videos" : "views"}; publish times of each one's videos`,
  };
}

// ---------- profile ----------

/** What the video record (service_get_video) adds to a list item, as read here. */
type VideoRecord = Video & {
  duration_s: number | null;
  music: { id: string; title: string | null } | null;
  labels: Record<"ad" | "hook" | "viral_hook", { value: string; confidence: number }>;
  label_details?: Record<string, { evidence?: string }>;
};

/** Videos named by id read at most (a question naming more lists the rest as not read). */
const VIDEOS_READ = 3;

/**
 * "Tell me about video 739…", "is 739… an ad?", "how many views does 739… have?": each named video's record
 * (counts, engagement, labels with their confidence and evidence, opening hook, length, hashtags, sound);
 * "videos similar to 739…": the videos whose opening hooks read most like its own.
 */
async function videoRecords(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const first = plan.videos[0] as string;
  if (plan.similar) {
    const limit = Math.min(plan.count, 12);
    const out = await call("service_find_similar_hooks", { id: first, limit });
    const items = list<{ similarity: number; hook_text: string; video: Video }>(out);
    const computed = "service_find_similar_hooks";
    const caveats = [
      "Similarity compares the words of the opening hooks (service_find_similar_hooks), not the footage or the sound.",
    ];
    if (items.length === 0) {
      const none = `No video in the corpus opens with a hook like video ${first}'s.`;
      return emptyRanking(none, caveats, computed);
    }
    const line = (i: (typeof items)[number]) =>
      `${i.video.id} by @${i.video.author.handle} ("${clipped(i.hook_text, 80)}", similarity ${round(i.similarity, 2)}, ${fmt(i.video.play_count)} plays)`;
    return {
      summary: `Videos whose opening hooks read most like video ${first}'s: ${items.slice(0, 2).map(line).join(", then ")}.`,
      findings: items.map((i, k) => ({
        statement: `#${k + 1} ${line(i)}.`,
        evidence: [videoEvidence(i.video, { similarity: round(i.similarity, 4) })],
      })),
      caveats,
      result: { ranking: items.map((i) => i.video.id), values: items.map((i) => round(i.similarity, 4)) },
      computed,
    };
  }
  const read = plan.videos.slice(0, VIDEOS_READ);
  const records: VideoRecord[] = [];
  for (const id of read) records.push((await call("service_get_video", { id })).data as VideoRecord);
  const statementOf = (v: VideoRecord) => {
    const rate =
      v.play_count > 0
        ? pct(v.like_count + v.comment_count + v.share_count + v.save_count, v.play_count)
        : null;
    // The ad label with what decided it; the hook label beside the opening line it read.
    const label = (name: "ad" | "hook", why = true) => {
      const l = v.labels[name];
      const evidence = why ? v.label_details?.[name]?.evidence : undefined;
      return `${l.value} (confidence ${l.confidence}${evidence ? `; ${clipped(evidence, 80)}` : ""})`;
    };
    return [
      `Video ${v.id} by @${v.author.handle}${v.advertiser ? ` for ${v.advertiser.name}` : ""}, published ${v.created_at.slice(0, 10)}: ${fmt(v.play_count)} plays, ${fmt(v.like_count)} likes, ${fmt(v.comment_count)} comments, ${fmt(v.share_count)} shares, ${fmt(v.save_count)} saves${rate === null ? "" : ` (engagement rate ${rate} %)`}.`,
      `Ad: ${label("ad")}.`,
      v.hook
        ? `Opening line: "${clipped(v.hook.text, 120)}"; hook: ${label("hook", false)}${v.hook.type ? `, type ${v.hook.type}` : ""}.`
        : `Hook: ${label("hook")}.`,
      `${v.media_type === "slideshow" ? "A slideshow" : v.duration_s ? `${v.duration_s} s long` : "Length not recorded"}${v.hashtags.length ? `; hashtags ${v.hashtags.map((h) => `#${h}`).join(" ")}` : ""}${v.music?.title ? `; sound "${v.music.title}"` : ""}.`,
    ].join(" ");
  };
  const findings = records.map((v) => ({
    statement: statementOf(v),
    evidence: [
      videoEvidence(v, {
        saves: v.save_count,
        ad: v.labels.ad.value,
        hook: v.labels.hook.value,
        ...(v.hook?.type ? { hook_type: v.hook.type } : {}),
        ...(v.duration_s ? { duration_s: v.duration_s } : {}),
      }),
    ],
  }));
  const skipped = plan.videos.length - read.length;
  // One line per video (its counts, and its ad label when asked "is 739… an ad?"); the findings hold the rest.
  const asksAd = plan.attributes.some((a) => a.kind === "ad");
  const summary = records
    .map(
      (v) =>
        `Video ${v.id} by @${v.author.handle}${asksAd ? ` is ${v.labels.ad.value === "yes" ? "" : "not "}labelled an ad (confidence ${v.labels.ad.confidence});` : ":"} ${fmt(v.play_count)} plays, ${fmt(v.like_count)} likes, ${fmt(v.comment_count)} comments, ${fmt(v.share_count)} shares, ${fmt(v.save_count)} saves, ${v.media_type === "slideshow" ? "a slideshow" : v.duration_s ? `${v.duration_s} s long` : "length not recorded"}, published ${v.created_at.slice(0, 10)}.`,
    )
    .join(" ");
  return {
    summary,
    findings,
    caveats: skipped > 0 ? [`Only the first ${VIDEOS_READ} videos named are read; ${skipped} more not.`] : [],
    result: {
      videos: records.map((v) => v.id),
      ads: records.map((v) => v.labels.ad.value),
    },
    computed: "service_get_video",
  };
}

async function profile(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const creator = plan.creators[0];
  if (creator) {
    const c = (await call("service_get_creator", { id: creator.uid })).data as Creator & {
      growth_by_window: Record<string, number>;
      baseline_plays: number;
      recent_videos: Video[];
      house_advertiser: { id: string; name: string } | null;
    };
    const window = snapWindow(plan.window?.days ?? 7, CREATOR_WINDOWS);
    const growth = c.growth_by_window[String(window)] ?? 0;
    const flags = Object.entries(c.flags)
      .filter(([, on]) => on)
      .map(([f]) => f.replace("_", "-"));
    const summary = `@${c.handle} (${c.nickname}${c.region ? `, ${c.region}` : ""}): ${c.followers === null ? "followers unknown" : `${fmt(c.followers)} followers`}, ${videosCount(c.video_count)} of which ${fmt(c.ad_count)} ${c.ad_count === 1 ? "is an ad" : "are ads"}, ${fmt(growth)} plays gained over ${window} days${flags.length ? `; ${flags.join(", ")}` : ""}.`;
    return {
      summary,
      findings: [
        {
          statement: summary,
          evidence: [
            {
              type: "creator",
              id: c.uid,
              figures: {
                handle: c.handle,
                followers: c.followers,
                videos: c.video_count,
                ads: c.ad_count,
                [`growth_${window}d`]: growth,
                baseline_plays: round(c.baseline_plays, 1),
              },
            },
          ],
        },
        ...(c.house_advertiser
          ? [
              {
                statement: `A house account of ${c.house_advertiser.name}.`,
                evidence: [
                  {
                    type: "advertiser" as const,
                    id: c.house_advertiser.id,
                    figures: { name: c.house_advertiser.name },
                  },
                ],
              },
            ]
          : []),
        {
          statement: `Most recent videos: ${
            c.recent_videos
              .slice(0, 3)
              .map((v) => `${v.id} (${fmt(v.play_count)} plays)`)
              .join(", ") || "none"
          }.`,
          evidence: c.recent_videos.slice(0, 3).map((v) => videoEvidence(v)),
        },
      ],
      caveats: [],
      result: {
        creator: c.uid,
        followers: c.followers,
        videos: c.video_count,
        ads: c.ad_count,
        growth,
        window_days: window,
      },
      computed: "service_get_creator",
    };
  }
  const advertiser = plan.advertisers[0] as { id: string; name: string };
  const a = (await call("service_get_advertiser", { id: advertiser.id })).data as Advertiser & {
    growth_by_window: Record<string, number>;
    top_creators: { uid: string; handle: string; videos: number }[];
    recent_videos: Video[];
    domain: string | null;
  };
  const window = snapWindow(plan.window?.days ?? 7, ADVERTISER_WINDOWS);
  const growth = a.growth_by_window[String(window)] ?? 0;
  // "Is Furama Resort advertising?": how many of its videos are ads, as a creator profile says.
  const ads = await ctx.facts.count({ advertiser_id: a.id, ad: "yes" });
  const summary = `${a.name} (${a.focus}${a.industry ? `, ${a.industry}` : ""}${a.domain ? `, ${a.domain}` : ""}): ${videosCount(a.video_count)} (${ads === 0 ? "none of them an ad" : ads === 1 ? "1 of them an ad" : `${fmt(ads)} of them ads`}) by ${fmt(a.creator_count)} creator${a.creator_count === 1 ? "" : "s"}, ${fmt(growth)} plays gained ${window === 0 ? "today (UTC)" : `over ${window} days`}.`;
  return {
    summary,
    findings: [
      {
        statement: summary,
        evidence: [
          {
            type: "advertiser",
            id: a.id,
            figures: {
              name: a.name,
              focus: a.focus,
              videos: a.video_count,
              creators: a.creator_count,
              ads,
              [`growth_${window}d`]: growth,
            },
          },
        ],
      },
      {
        statement: `Creators with the most videos for ${a.name}: ${a.top_creators.map((c) => `@${c.handle} (${c.videos})`).join(", ") || "none"}.`,
        evidence: a.top_creators.slice(0, 3).map((c) => ({
          type: "creator" as const,
          id: c.uid,
          figures: { handle: c.handle, videos: c.videos },
        })),
      },
      {
        statement: `Most recent: ${
          a.recent_videos
            .slice(0, 3)
            .map((v) => `${v.id} (${fmt(v.play_count)} plays)`)
            .join(", ") || "none"
        }.`,
        evidence: a.recent_videos.slice(0, 3).map((v) => videoEvidence(v)),
      },
    ],
    caveats: [],
    result: {
      advertiser: a.id,
      videos: a.video_count,
      creators: a.creator_count,
      growth,
      window_days: window,
    },
    computed: "service_get_advertiser",
  };
}

// ---------- tool views: trending, newest, breakout ----------

async function restrictCreators(
  ctx: Ctx,
  creators: Creator[],
): Promise<{ items: Creator[]; note: string | null }> {
  const { plan } = ctx;
  const region = plan.attributes.find((a) => a.kind === "region")?.value;
  let items = creators;
  const notes: string[] = [];
  if (region) {
    items = items.filter((c) => c.region === region);
    notes.push(`creators whose region is ${region}`);
  }
  if (plan.followers) {
    const pass = followersPass(plan.followers);
    items = items.filter((c) => pass(c.followers));
    notes.push(followersLabel(plan.followers));
  }
  // Named in the view's title, as the tool's own types are.
  if (plan.creatorType === "verified") items = items.filter((c) => c.verified);
  if (plan.topics.length > 0 || plan.attributes.some((a) => a.kind !== "region")) {
    const filter = videoFilter(ctx, { entities: false });
    delete filter.region;
    delete filter.since;
    delete filter.until;
    const authors = await groupKeys(ctx, filter, "creator");
    items = items.filter((c) => authors.has(c.uid));
    notes.push(
      `creators with at least one of the ${describe({ ...plan, window: null, attributes: plan.attributes.filter((a) => a.kind !== "region") })}`,
    );
  }
  return { items, note: notes.length > 0 ? notes.join(" and ") : null };
}

function creatorEvidence(c: Creator, extra: Evidence["figures"] = {}): Evidence {
  return {
    type: "creator",
    id: c.uid,
    figures: { handle: c.handle, followers: c.followers, videos: c.video_count, ...extra },
  };
}

function advertiserEvidence(a: Advertiser, extra: Evidence["figures"] = {}): Evidence {
  return {
    type: "advertiser",
    id: a.id,
    figures: { name: a.name, focus: a.focus, videos: a.video_count, ...extra },
  };
}

async function creatorView(ctx: Ctx, view: "trending" | "new" | "all"): Promise<Outcome> {
  const { plan, call } = ctx;
  const window = snapWindow(plan.window?.shortest ? 2 : (plan.window?.days ?? 7), CREATOR_WINDOWS);
  const args: Record<string, unknown> = { view };
  if (view !== "all") args.window = window;
  // The creators tool filters by its own types; verified ones are picked from its pages here.
  if (plan.creatorType && plan.creatorType !== "verified") args.type = plan.creatorType;
  const needsFilter = plan.topics.length > 0 || plan.attributes.length > 0 || plan.creatorType === "verified";
  const fetched = needsFilter
    ? await pageAll<Creator>(call, "service_search_creators", args, 10)
    : list<Creator>(await call("service_search_creators", { ...args, limit: Math.max(10, plan.count) }));
  const { items, note } = await restrictCreators(ctx, fetched);
  const top = items.slice(0, plan.count);
  const label =
    view === "trending"
      ? `plays gained over ${window} days`
      : view === "new"
        ? `first seen within ${window} days`
        : "followers";
  const figure = (c: Creator) =>
    view === "trending"
      ? `${fmt(c.growth)} plays gained`
      : view === "new"
        ? `first seen ${c.first_seen}`
        : `${fmt(c.followers ?? 0)} followers`;
  const what = `${view === "trending" ? "Trending" : view === "new" ? "Newest" : "Largest"} creators${plan.creatorType ? ` (${plan.creatorType.replace("_", "-")})` : ""}${note ? ` among ${note}` : ""} (${label})`;
  if (view === "all" && needsFilter && items.every((c) => c.followers === null)) {
    // ("The biggest creators in the trending set by followers", a source with no follower counts: said so.)
    const followers = await followersOfCreators(ctx, videoFilter(ctx));
    const counted = [...followers.values()].filter((f) => f !== null).length;
    if (followers.size > 0 && counted === 0) {
      const statement = `No follower count is recorded for any of the ${fmt(followers.size)} creators of the ${describe(plan)}: their source records none, so they cannot be ranked by followers. Rank them by the views of their videos instead ("the creators with the most views in …").`;
      return emptyRanking(
        statement,
        [],
        `service_search_creators view=all; followers of the creators of the ${describe(plan)}`,
      );
    }
  }
  if (top.length === 0) {
    // Scraped profiles often carry no region: an empty answer says how many of the creators read have one.
    const region = plan.attributes.find((a) => a.kind === "region")?.value;
    const withRegion = fetched.filter((c) => c.region !== null).length;
    return {
      summary: `There are no ${lowerFirst(what)}.`,
      findings: [{ statement: `There are no ${lowerFirst(what)}.`, evidence: [] }],
      caveats:
        region && withRegion < fetched.length
          ? [
              `A creator's region is recorded for ${fmt(withRegion)} of the ${fmt(fetched.length)} creators read, and a creator without one never matches region ${region}. Ask without the region, or about videos in a language.`,
            ]
          : [],
      result: { ranking: [] },
      computed: `service_search_creators view=${view}`,
    };
  }
  return {
    summary: leadLine(
      what,
      top.map((c) => ({ name: `@${c.handle}`, shown: figure(c) })),
    ),
    findings: top.map((c, i) => ({
      statement: `#${i + 1} @${c.handle}: ${figure(c)}.`,
      evidence: [
        creatorEvidence(
          c,
          view === "trending"
            ? { growth: c.growth, window_days: c.window_days }
            : { first_seen: c.first_seen },
        ),
      ],
    })),
    caveats: [
      view === "trending"
        ? `Trending creators are the service_search_creators view=trending ranking (plays gained across a creator's videos over ${window} days; the tool offers 2, 7 and 30).`
        : view === "new"
          ? `New creators: first observed within ${window} days, newest first (service_search_creators view=new).`
          : "Ordered by followers (service_search_creators view=all).",
      ...(plan.window && plan.window.days !== window && view !== "all"
        ? [`The ${plan.window.days}-day window asked for was read as the tool's ${window}-day window.`]
        : []),
    ],
    result: { ranking: top.map((c) => c.uid), window_days: window },
    computed: `service_search_creators view=${view}`,
  };
}

async function advertiserView(ctx: Ctx, view: "trending" | "new" | "all"): Promise<Outcome> {
  const { plan, call } = ctx;
  const days = plan.window?.shortest ? 2 : (plan.window?.days ?? 7);
  const window = snapWindow(days, ADVERTISER_WINDOWS);
  const args: Record<string, unknown> = { view, limit: Math.max(10, plan.count) };
  if (view !== "all") args.window = window;
  if (plan.focus) args.focus = plan.focus;
  const items = list<Advertiser>(await call("service_search_advertisers", args));
  const top = items.slice(0, plan.count);
  const label =
    view === "trending"
      ? `plays gained ${window === 0 ? "today (UTC)" : `over ${window} days`}`
      : view === "new"
        ? `first seen ${window === 0 ? "today" : `within ${window} days`}`
        : "videos in the corpus";
  const figure = (a: Advertiser) =>
    view === "trending"
      ? `${fmt(a.growth)} plays gained`
      : view === "new"
        ? `first seen ${a.first_seen}`
        : `${fmt(a.video_count)} videos`;
  const what = `${view === "trending" ? "Trending" : view === "new" ? "Newest" : "Largest"} ${plan.focus ? `${plan.focus} ` : ""}advertisers (${label})`;
  if (top.length === 0)
    return emptyRanking(`There are no ${lowerFirst(what)}.`, [], `service_search_advertisers view=${view}`);
  return {
    summary: leadLine(
      what,
      top.map((a) => ({ name: a.name, shown: figure(a) })),
    ),
    findings: top.map((a, i) => ({
      statement: `#${i + 1} ${a.name}: ${figure(a)}.`,
      evidence: [
        advertiserEvidence(
          a,
          view === "trending"
            ? { growth: a.growth, window_days: a.window_days }
            : { first_seen: a.first_seen },
        ),
      ],
    })),
    caveats: [
      view === "trending"
        ? "Trending advertisers are the service_search_advertisers view=trending ranking (plays gained across the advertiser's videos; windows 0 = today, 2, 7, 30 days)."
        : view === "new"
          ? "New advertisers: first observed within the window, newest first (service_search_advertisers view=new)."
          : "Ordered by videos in the corpus (service_search_advertisers view=all).",
      ...(plan.window && plan.window.days !== window && view !== "all"
        ? [`The ${plan.window.days}-day window asked for was read as the tool's ${window}-day window.`]
        : []),
      ...(hasVideoFilters(plan)
        ? [
            `The advertiser views cannot be narrowed by ${describe(plan)}; this is the ${plan.focus ?? "whole"} advertiser ranking.`,
          ]
        : []),
    ],
    result: { ranking: top.map((a) => a.id), window_days: window },
    computed: `service_search_advertisers view=${view}`,
  };
}

/** Videos from a feed or a sorted search, with any filter the tool lacks applied to its items in order. */
async function videoView(
  ctx: Ctx,
  order: "trending" | "newest" | "views" | "comments" | "reposts",
  pool = 10,
): Promise<{ items: Video[]; tool: string; args: Record<string, unknown> }> {
  const { plan, call } = ctx;
  if (plan.creators.length === 1 && order === "newest") {
    const ad = plan.attributes.find((a) => a.kind === "ad")?.value;
    const args = { id: plan.creators[0]?.uid, ...(ad ? { ads: ad } : {}) };
    const items = await filterByFacts(
      ctx,
      await pageAll<Video>(call, "service_list_creator_videos", args, 4),
    );
    return { items, tool: "service_list_creator_videos", args };
  }
  if (plan.advertisers.length === 1 && order === "newest") {
    const args = { id: plan.advertisers[0]?.id };
    const items = await filterByFacts(
      ctx,
      await pageAll<Video>(call, "service_list_advertiser_videos", args, 4),
    );
    return { items, tool: "service_list_advertiser_videos", args };
  }
  if (!hasVideoFilters(plan) && (order === "trending" || order === "newest")) {
    const args = { feed: order, limit: Math.max(pool, plan.count) };
    return { items: list<Video>(await call("service_list_feed", args)), tool: "service_list_feed", args };
  }
  const either = plan.attributes.find((a) => a.kind === "any_text");
  if (either) return eitherView(ctx, order, either.qs);
  const args = { ...searchArgs(plan), sort: order };
  if (searchedExactly(ctx)) {
    return {
      items: list<Video>(await call("service_search_videos", { ...args, limit: Math.max(pool, plan.count) })),
      tool: "service_search_videos",
      args,
    };
  }
  const items = await filterByFacts(ctx, await pageAll<Video>(call, "service_search_videos", args, 20));
  return { items, tool: "service_search_videos", args };
}

/** The VideoFact field each view order sorts by (then id, descending), as the store orders it. */
const VIEW_KEY = {
  trending: "trending",
  newest: "created_at",
  views: "plays",
  comments: "comments",
  reposts: "shares",
} as const;

/**
 * A view of videos about any of several words ("#anime / #animeedit trending vids"): each word searched in the
 * view's order, the results merged in that order. (One browse in the order, filtered, sees only its first pages:
 * the 1,000 leading trending videos of the real corpus hold none of the 64 about anime or animeedit.)
 */
async function eitherView(
  ctx: Ctx,
  order: keyof typeof VIEW_KEY,
  qs: readonly string[],
): Promise<{ items: Video[]; tool: string; args: Record<string, unknown> }> {
  const base = searchArgs(ctx.plan);
  const pages = Math.max(4, Math.ceil(20 / qs.length));
  const found = new Map<string, Video>();
  for (const q of qs) {
    const args = { ...base, q: [base.q, q].filter(Boolean).join(" "), sort: order };
    for (const v of await pageAll<Video>(ctx.call, "service_search_videos", args, pages))
      if (!found.has(v.id)) found.set(v.id, v);
  }
  const facts = found.size === 0 ? [] : await ctx.facts.videos(onlyIds(videoFilter(ctx), [...found.keys()]));
  const key = VIEW_KEY[order];
  const items = facts
    .sort((a, b) => b[key] - a[key] || (a.id < b.id ? 1 : -1))
    .map((f) => found.get(f.id) as Video);
  return { items, tool: "service_search_videos", args: { ...base, each_q: qs, sort: order } };
}

/** Keeps the items (in order) that pass the plan's whole filter (author, advertiser, window, hook type too). */
async function filterByFacts(ctx: Ctx, items: Video[]): Promise<Video[]> {
  if (items.length === 0) return items;
  const ids = new Set(
    (
      await ctx.facts.videos(
        onlyIds(
          videoFilter(ctx),
          items.map((v) => v.id),
        ),
      )
    ).map((v) => v.id),
  );
  return items.filter((v) => ids.has(v.id));
}

/** Evidence: the filtered set's `n` (three) most played videos (plays, then id, descending). */
async function mostPlayed(ctx: Ctx, filter: FactsFilter, n = 3): Promise<Evidence[]> {
  return (await ctx.facts.videos(filter, n)).map((v) => factEvidence(v));
}

/** The creators (advertisers) with at least one of the filtered videos, found in the store. */
async function groupKeys(ctx: Ctx, filter: FactsFilter, by: "creator" | "advertiser"): Promise<Set<string>> {
  const [groups] = await ctx.facts.groups(filter, [by], "plays");
  return new Set((groups ?? []).map((g) => String(g.key)));
}

function videoRanking(
  plan: Plan,
  items: Video[],
  what: string,
  key: (v: Video) => string,
  result: Record<string, unknown>,
  computed: string,
  caveats: string[],
): Outcome {
  const top = items.slice(0, plan.count);
  // "No most viewed ads about …" reads badly: an empty ranking says there are no such videos at all.
  const none = `No ${what.startsWith("most ") ? describe(plan) : what}.`;
  if (top.length === 0)
    return {
      summary: none,
      findings: [{ statement: none, evidence: [] }],
      caveats,
      result: { ...result, ranking: [] },
      computed,
    };
  const first = top[0] as Video;
  // Asked about hooks ("hook examples for a hotel video"): each video's opening line, as the classifier read it.
  const hooksAsked = plan.attributes.some(
    (a) => (a.kind === "hook" && a.value === "yes") || a.kind === "hook_type" || a.kind === "viral_hook",
  );
  const hookLine = (v: Video) =>
    plan.usesShown
      ? usesLine(v, plan.usesShown)
      : plan.quotes
        ? quoteLine(v)
        : hooksAsked && v.hook
          ? ` Hook${v.hook.type ? ` (${v.hook.type})` : ""}: "${v.hook.text}"`
          : "";
  // One asked for ("who posted the most viewed hotel video?"): named in the singular; "the second most viewed
  // video": that one, after those before it.
  const order = what.match(/^(most \w+|newest) /)?.[1];
  const nth = plan.nth !== null && order ? top[plan.nth - 1] : undefined;
  const byWhom = (v: Video) => (plan.creators.length === 1 ? "" : ` by @${v.author.handle}`);
  const named = plan.count === 1 && order ? `the ${order} ${describe(plan, { one: true })}` : what;
  return {
    summary: nth
      ? `The ${ordinalWord(plan.nth as number)} ${order} ${describe(plan, { one: true })}: ${nth.id}${byWhom(nth)} (${key(nth)}), after ${top
          .slice(0, (plan.nth as number) - 1)
          .map((v) => v.id)
          .join(", ")}.`
      : `${named[0]?.toUpperCase()}${named.slice(1)}: ${first.id}${byWhom(first)} (${key(first)})${top[1] ? `, then ${top[1].id} (${key(top[1])})` : ""}.${plan.usesShown ? usesLine(first, plan.usesShown) : ""}`,
    findings: top.map((v, i) => ({
      statement: `#${i + 1} ${v.id} by @${v.author.handle}${v.advertiser ? ` for ${v.advertiser.name}` : ""}: ${key(v)}.${hookLine(v)}`,
      evidence: [
        videoEvidence(v, { created_at: v.created_at, ...(v.hook?.type ? { hook_type: v.hook.type } : {}) }),
      ],
    })),
    caveats,
    result: { ...result, ranking: top.map((v) => v.id) },
    computed,
  };
}

async function trending(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.subject === "creators") return creatorView(ctx, "trending");
  if (plan.subject === "advertisers") return advertiserView(ctx, "trending");
  if (
    plan.subject === "hashtags" ||
    plan.subject === "sounds" ||
    plan.subject === "hook_types" ||
    plan.subject === "formats"
  )
    return trendReport(ctx);
  const TRENDING =
    "Trending: recency-weighted view velocity, the order of the trending feed and of sort=trending (service://guide/metrics).";
  // "Trending videos with the most shares": the leading trending videos, ranked again by the count named.
  const count = plan.metric && plan.metric in VIDEO_COUNT ? (plan.metric as keyof typeof VIDEO_COUNT) : null;
  const { items, tool } = await videoView(ctx, "trending", count ? TRENDING_POOL : 10);
  const source = `${tool} ${tool === "service_list_feed" ? "feed=trending" : "sort=trending"}`;
  if (count) {
    const pool = items.slice(0, TRENDING_POOL);
    const field = VIDEO_COUNT[count];
    const ranked = [...pool].sort((a, b) => b[field] - a[field] || (a.id < b.id ? 1 : -1));
    return videoRanking(
      plan,
      ranked,
      // (None at all: "No trending videos by @x", not "No the 0 leading …".)
      pool.length === 0
        ? `trending ${describe(plan)}`
        : `the ${fmt(pool.length)} leading trending ${describe(plan)}, by ${METRIC_NAME[count]}`,
      (v) => `${fmt(v[field])} ${METRIC_NAME[count]}`,
      { trending_pool: pool.length },
      `${source}, the first ${pool.length} ranked by ${count}`,
      [
        TRENDING,
        `Ranked by ${METRIC_NAME[count]} among the ${fmt(pool.length)} leading videos of the trending order.`,
      ],
    );
  }
  return videoRanking(
    plan,
    items,
    `trending ${describe(plan)}`,
    (v) => `${fmt(v.play_count)} plays`,
    {},
    source,
    [TRENDING],
  );
}

/** How many leading trending videos a ranking by a count reads ("trending videos with the most shares"). */
const TRENDING_POOL = 50;

/** A Video's field for each count a trending ranking can be ranked again by. */
const VIDEO_COUNT = {
  plays: "play_count",
  likes: "like_count",
  comments: "comment_count",
  shares: "share_count",
  saves: "save_count",
} as const;

async function newest(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.subject === "creators" && plan.creators.length === 0) return creatorView(ctx, "new");
  if (plan.subject === "advertisers" && plan.advertisers.length === 0) return advertiserView(ctx, "new");
  const saveWindow = plan.window;
  const { items, tool, args } = await videoView(ctx, "newest");
  return videoRanking(
    { ...plan, window: saveWindow },
    items,
    `newest ${describe(plan)}`,
    (v) => `published ${v.created_at}`,
    {},
    `${tool} ${JSON.stringify(args)}`,
    ["Newest: by publication time, newest first."],
  );
}

async function breakout(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const feed = plan.early ? "early_breakout" : "breakout";
  const all = await pageAll<Video>(call, "service_list_feed", { feed }, 20);
  const items = hasVideoFilters(plan) || ctx.creatorSet ? await filterByFacts(ctx, all) : all;
  const what = `${plan.early ? "early breakout" : "breakout"} ${describe(plan)}`;
  const caveats = [
    plan.early
      ? "Early breakout: a video in the early_breakout feed (at most 72 h old, early pace well above its creator's baseline pace; service://guide/metrics)."
      : "Breakout: a video in the breakout feed (recent, with plays a wide multiple of its creator's baseline; service://guide/metrics).",
    ...(all.length >= 1000 ? ["The feed was read to its first 1,000 items (20 pages)."] : []),
  ];
  const computed = `service_list_feed feed=${feed}, ${items.length} of ${all.length} items match the filters`;
  if (
    plan.subject === "advertisers" ||
    plan.subject === "creators" ||
    plan.subject === "hook_types" ||
    plan.subject === "hashtags" ||
    plan.subject === "sounds"
  ) {
    // "Breakout hashtags this week": each one's breakout videos (a video counts for each of its hashtags; reach
    // tags that go with any topic are left out).
    const keysOf = (v: Video): string[] =>
      plan.subject === "advertisers"
        ? v.advertiser
          ? [v.advertiser.id]
          : []
        : plan.subject === "creators"
          ? [v.author.uid]
          : plan.subject === "hashtags"
            ? v.hashtags.filter((t) => !REACH_HASHTAGS.has(t))
            : plan.subject === "sounds"
              ? v.music
                ? [v.music.id]
                : []
              : v.hook?.type
                ? [v.hook.type]
                : [];
    const groups = new Map<string, Video[]>();
    for (const v of items) for (const k of keysOf(v)) addTo(groups, k, v);
    const ranked = [...groups].sort(
      (a, b) =>
        b[1].length - a[1].length ||
        b[1].reduce((s, v) => s + v.play_count, 0) - a[1].reduce((s, v) => s + v.play_count, 0) ||
        a[0].localeCompare(b[0]),
    );
    const name = (k: string, vs: Video[]) =>
      plan.subject === "advertisers"
        ? (vs[0]?.advertiser?.name ?? k)
        : plan.subject === "creators"
          ? `@${vs[0]?.author.handle}`
          : plan.subject === "hashtags"
            ? `#${k}`
            : plan.subject === "sounds"
              ? `"${vs[0]?.music?.title ?? k}" (sound ${k})`
              : k;
    const top = ranked.slice(0, plan.count);
    if (top.length === 0)
      return {
        summary: `No ${what}.`,
        findings: [{ statement: `No ${what}.`, evidence: [] }],
        caveats,
        result: { count: items.length, ranking: [] },
        computed,
      };
    const [k0, v0] = top[0] as [string, Video[]];
    const evidenceOf = (k: string, vs: Video[]): Evidence[] => [
      ...(plan.subject === "advertisers"
        ? [{ type: "advertiser" as const, id: k, figures: { name: name(k, vs), breakout_videos: vs.length } }]
        : plan.subject === "creators"
          ? [
              {
                type: "creator" as const,
                id: k,
                figures: { handle: vs[0]?.author.handle ?? k, breakout_videos: vs.length },
              },
            ]
          : []),
      ...vs.slice(0, 2).map((v) => videoEvidence(v, plan.subject === "hook_types" ? { hook_type: k } : {})),
    ];
    return {
      summary: (() => {
        const { tied, next } = leaders(
          top.map(([k, vs]) => ({ name: name(k, vs), shown: String(vs.length) })),
        );
        return tied.length > 1
          ? `${joinNames(tied)} have the most ${what}: ${v0.length} each of ${items.length}${next ? `, ahead of ${next.name} (${next.shown})` : ""}.`
          : `${name(k0, v0)} has the most ${what}: ${v0.length} of ${items.length}${next ? `, ahead of ${next.name} (${next.shown})` : ""}.`;
      })(),
      findings: top.map(([k, vs], i) => ({
        statement: `#${i + 1} ${name(k, vs)}: ${vs.length} ${what}.`,
        evidence: evidenceOf(k, vs),
      })),
      caveats,
      result: { count: items.length, ranking: top.map(([k]) => k), counts: top.map(([, vs]) => vs.length) },
      computed,
    };
  }
  const out = videoRanking(
    plan,
    items,
    what,
    (v) => `${fmt(v.play_count)} plays`,
    { count: items.length },
    computed,
    caveats,
  );
  // (None: the ranking says so, once.)
  if (items.length > 0)
    out.summary = `${fmt(items.length)} ${what}${all.length >= 1000 ? " among the first 1,000 feed items" : ""}. ${out.summary}`;
  return out;
}

// ---------- trend reports ----------

type Trend = {
  id: string;
  kind: string;
  subject: string;
  title: string;
  summary: string;
  period: { start: string; end: string };
  signal: { videos: number; previous_videos: number; growth_ratio: number; plays: number };
};

/** The days the reports' windows span, "2025-05-05 to 2025-05-12" (UTC). */
function reportDays(reports: readonly Trend[]): string {
  const starts = reports.map((r) => r.period.start.slice(0, 10)).sort();
  const ends = reports.map((r) => r.period.end.slice(0, 10)).sort();
  return `${starts[0]} to ${ends.at(-1)}`;
}

/** The kind of trend report a subject asks for ("which sounds are rising?": sound reports). */
const TREND_KIND_OF = {
  hook_types: "hook_pattern",
  sounds: "sound",
  hashtags: "hashtag",
  formats: "format",
} as const;

async function trendReport(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const reports = list<Trend>(await call("service_list_trends", { limit: 50 }));
  const hookType = plan.attributes.find((a) => a.kind === "hook_type")?.value;
  // ("Which sounds are blowing up on hotel videos?": the reports on sounds, none of another kind.)
  const kind =
    plan.trendKind ??
    (hookType ? "hook_pattern" : (TREND_KIND_OF[plan.subject as keyof typeof TREND_KIND_OF] ?? null));
  // ("What was trending in March 2025?": the reports whose window meets the period named.)
  const period = plan.window?.from !== undefined ? plan.window : null;
  const meets = (r: Trend) =>
    !period ||
    (Date.parse(r.period.start) / 1000 < (period.to ?? Number.POSITIVE_INFINITY) &&
      Date.parse(r.period.end) / 1000 > (period.from as number));
  const matches = reports.filter((r) => {
    if (!meets(r)) return false;
    if (kind && r.kind !== kind) return false;
    if (hookType && r.kind === "hook_pattern" && r.subject !== hookType) return false;
    if (plan.topics.length > 0) {
      const text = `${r.subject} ${r.title} ${r.summary}`.toLowerCase();
      return plan.topics.some((t) => text.includes(topicWords([t])));
    }
    return true;
  });
  const caveats = [
    "Trend reports are the published reports (service_list_trends), newest first; each compares a window with the one before it.",
  ];
  const unapplied = plan.attributes.filter((a) => a.kind !== "hook_type");
  if (unapplied.length > 0 || plan.creators.length + plan.advertisers.length > 0)
    caveats.push(
      `Trend reports cover the whole corpus; they cannot be narrowed to ${[...unapplied.map(attributeLabel), ...plan.creators.map((c) => `@${c.handle}`), ...plan.advertisers.map((a) => a.name)].join(", ")}.`,
    );
  if (matches.length === 0) {
    const of = kind ? ` of kind ${kind}` : "";
    const kinds = new Map<string, number>();
    for (const r of reports) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
    const existing = `${reports.length} report${reports.length === 1 ? "" : "s"} exist${reports.length === 1 ? "s" : ""}${
      reports.length > 0
        ? `: ${[...kinds]
            .sort((a, b) => a[0].localeCompare(b[0]))
            .map(([k, n]) => `${k} ${n}`)
            .join(", ")}`
        : ""
    }`;
    const outside = period && reports.length > 0 && !reports.some(meets);
    const reason = outside
      ? `No published trend report covers ${period.label ?? windowWords(period)} (${existing}, of the days ${reportDays(reports)})`
      : plan.topics.length
        ? `No published trend report${of} mentions "${topicWords(plan.topics)}" (${existing})`
        : `No trend report${of} is published (${existing})`;
    // (The ranking is narrowed as asked: not the caveat that reports cannot be.)
    const rankedInstead = async (over: string, rule: string[]): Promise<Outcome> => {
      const used = await rank({ ...ctx, plan: { ...plan, intent: "rank", metric: plan.metric ?? "videos" } });
      return {
        ...used,
        summary: `${reason}; ranked over ${over} instead: ${used.summary}`,
        caveats: [caveats[0] as string, ...rule, ...used.caveats],
      };
    };
    // ("Which hashtags were trending in March 2025?", no report then: the most used ones of that period.)
    if (outside && plan.subject in TREND_KIND_OF) return rankedInstead("the videos published then", []);
    if (kind && !kinds.has(kind)) {
      const rule = `A ${kind.replace("_", " ")} is reported when at least ${MIN_VIDEOS} videos used it in the report's ${TREND_WINDOW_DAYS}-day window and it rose at least ${MIN_RISE}× on the ${TREND_WINDOW_DAYS} days before; none did.`;
      // ("Top 5 sounds by plays — does using a trending sound matter?": with no report of the kind at all, the
      // most used ones over the videos in question, said so.)
      if (plan.subject in TREND_KIND_OF) return rankedInstead("the videos", [rule]);
      caveats.push(
        `${rule} For the most used ones, ask which ${kind === "hook_pattern" ? "hook types" : `${kind}s`} are used the most.`,
      );
    }
    return {
      summary: `${reason}.`,
      findings: [{ statement: `${reason}.`, evidence: [] }],
      caveats,
      result: { reports: [] },
      computed: "service_list_trends",
    };
  }
  const top = matches[0] as Trend;
  const detail = (await call("service_get_trend", { id: top.id })).data as Trend & {
    examples: { rank: number; note: string; video: Video }[];
  };
  return {
    summary: `${top.title} (report ${top.id}): ${top.signal.videos} videos in the window vs ${top.signal.previous_videos} before (×${round(top.signal.growth_ratio, 2)}).${
      matches.length > 1
        ? ` ${matches.length - 1} more matching report(s): ${matches
            .slice(1, 4)
            .map((m) => m.title)
            .join("; ")}.`
        : ""
    }`,
    findings: [
      {
        statement: `${top.title}: ${top.summary}`,
        evidence: detail.examples
          .slice(0, 3)
          .map((e) => videoEvidence(e.video, { trend_report: top.id, example_rank: e.rank })),
      },
      ...matches.slice(1, 4).map((m) => ({
        statement: `${m.title} (report ${m.id}): ${m.signal.videos} videos vs ${m.signal.previous_videos}.`,
        evidence: [],
      })),
    ],
    caveats,
    result: { reports: matches.map((m) => m.id) },
    computed: "service_list_trends + service_get_trend",
  };
}

// ---------- aggregates ----------

function figureOf(videos: readonly VideoFact[], metric: Metric, statistic: "sum" | "median"): number {
  if (isRate(metric))
    return statistic === "sum"
      ? pooledRate(videos, metric)
      : (median(videos.map((v) => factValue(v, metric))) ?? 0);
  if (metric === "videos" || metric === "followers" || metric === "growth") return videos.length;
  return statistic === "sum"
    ? videos.reduce((s, v) => s + factValue(v, metric), 0)
    : (median(videos.map((v) => factValue(v, metric))) ?? 0);
}

const showFigure = (metric: Metric, value: number) =>
  isCountRatio(metric)
    ? fmt(round(value, 4))
    : isRate(metric)
      ? `${round(value * 100, 2)} %`
      : metric === "duration"
        ? showSeconds(value)
        : fmt(round(value, 1));

/** 45 → "45 s", 95 → "1 min 35 s", 120 → "2 min". */
function showSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
}

async function examples(_ctx: Ctx, videos: VideoFact[], n = 3): Promise<Evidence[]> {
  return [...videos]
    .sort((a, b) => b.plays - a.plays || b.id.localeCompare(a.id))
    .slice(0, n)
    .map((v) => factEvidence(v));
}

async function corroborate(ctx: Ctx): Promise<void> {
  // The same filter through the search tool, so a client can repeat it (the tool does not count; it has no
  // account or sound filter).
  if (!ctx.corroborated && ctx.plan.creators.length + ctx.plan.advertisers.length === 0 && !bySound(ctx.plan))
    await ctx
      .call("service_search_videos", { ...searchArgs(ctx.plan), sort: "views", limit: 5 })
      .catch(() => null);
}

/**
 * Who leads a ranking, in words: "A leads with 5, then B (3)", or, when the first ones are equal, "A and B
 * tie with 2 each" (a lead that is no lead would mislead). `shown` is each item's figure as printed.
 */
function leaders(items: readonly { name: string; shown: string }[]): {
  tied: string[];
  next?: { name: string; shown: string };
} {
  const first = items[0];
  if (!first) return { tied: [] };
  const tied = items.filter((i) => i.shown === first.shown).map((i) => i.name);
  return { tied, next: items[tied.length] };
}

/** "A", "A and B", "A, B and C", "A, B, C and 4 more". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length > 3) return `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A creator or advertiser ranking's summary: "<what>: A leads with 8 videos, then B (3 videos)", or a tie. */
function leadLine(what: string, items: readonly { name: string; shown: string }[]): string {
  const { tied, next } = leaders(items);
  const then = next ? `, then ${next.name} (${next.shown})` : "";
  return tied.length > 1
    ? `${what}: ${joinNames(tied)} tie with ${items[0]?.shown} each${then}.`
    : `${what}: ${items[0]?.name} leads with ${items[0]?.shown}${then}.`;
}

/** What a comparison of imports says its groups are ("the hotel searches vs the trending set"). */
const COLLECTIONS_POOLED_CAVEAT =
  "Each group is the videos its searches found, as imported (the collections an Apify export's searchHashtag, searchQuery or input names, or `crs import --collection`), pooled: a video two of them found counts once in the group, and in both groups if they are on either side. Two imports are scraped at different times and by different rules: it shows which set's videos did well, not why.";

/** How many videos a group must have for all of them recording 0 of a count to mean its source records none. */
const UNRECORDED_GROUP = 20;

/** What a price stated is, as every answer that reads one says. */
const PRICE_CAVEAT =
  'A price: a figure with a currency or its shorthand after it, or a sign before it, in the caption, opening line or transcript ("350k/đêm", "1.686.000đ", "2 triệu", "1tr5", "2 củ", "450 xu", "$10"); a count ("10k views"), a distance ("5km") or the length of a stay ("2N1Đ") is none. Read from the text as written, so a price given only on screen or in speech not transcribed is not seen.';

/** Each phrase of CTA_PHRASES as a search phrase: its words together, in order. */
const CTA_QUERIES = CTA_PHRASES.map((p) => (p.includes(" ") ? `"${p}"` : p));
/** The least a bound lets through ("over 2": 3, "at least 5": 5), 0 for a bound from above. */
const boundFloor = (bound: FollowersBound): number =>
  bound.op === "over" ? bound.value + 1 : bound.op === "at least" || bound.op === "between" ? bound.value : 0;

/** What a call to action is, as every answer that reads one says. */
const CTA_CAVEAT = `A call to action: a caption, opening line or transcript holding one of ${CTA_PHRASES.length} phrases asking the viewer to act (${CTA_PHRASES.map((p) => `"${p}"`).join(", ")}), matched as words are in search; read from the text as written, so a call only on screen or in speech not transcribed is not seen.`;

/** What a breakdown by search says its groups are. */
const COLLECTION_CAVEAT =
  "Each group is the videos one search found, as imported (the collection an Apify export's searchHashtag, searchQuery or input names, or `crs import --collection`); a video two searches found counts in each, and a search's videos need not carry its word. It shows which search's videos did well, not that the search caused it.";

/** What a video set is split by: a breakdown's groups, or one property of the drivers answer. */
type SplitBy = Exclude<
  NonNullable<Plan["groupBy"]>,
  "topic" | "hashtag" | "sound_use" | "emoji" | "price" | "phone" | "period" | "bounds"
>;

/** How an answer names a group the store keys `key` (FactsGroup.key) when split by `by`. */
function nameOfGroup(by: SplitBy, key: string | number, hourOffset = 0): string {
  switch (by) {
    case "hook":
      return key === 1 ? "with a detected hook" : "without a detected hook";
    case "transcript":
      return key === 1 ? "with a recorded transcript" : "without a recorded transcript";
    case "ad":
      return key === 1 ? "ads" : "organic";
    case "weekday":
      return WEEKDAYS[Number(key)] as string;
    case "weekend":
      return key === 1 ? "weekends (Saturday, Sunday)" : "weekdays (Monday to Friday)";
    case "hour":
      return hourOffset === 0
        ? `${String(key).padStart(2, "0")}:00 UTC`
        : `${String((Number(key) + hourOffset + 24) % 24).padStart(2, "0")}:00 (UTC${hourOffset < 0 ? "-" : "+"}${Math.abs(hourOffset)})`;
    case "length":
      return (LENGTH_BANDS[Number(key)] as (typeof LENGTH_BANDS)[number]).label;
    case "caption_length":
      return `captions ${(CAPTION_BANDS[Number(key)] as { label: string }).label.replace(/^(?!under)/, "of ")}`;
    case "hashtag_count":
      return `videos with ${(HASHTAG_COUNT_BANDS[Number(key)] as { label: string }).label}`;
    default:
      return String(key);
  }
}

/** One group of a split, as the analyst reads it: named, sized, and its figure. */
interface Group {
  key: string;
  /** Its videos: the filter, and the split and store key (FactsGroup.key) within it; null for all of them. */
  filter: FactsFilter;
  by: SplitBy | null;
  raw: string | number | null;
  size: number;
  value: number;
  /** The per-video values added up (of a count: whether any video of the group recorded one). */
  sum?: number;
}

/** Groups given by their own filters (two topics, a sound and the rest), each measured in the store, best first. */
async function filterGroups(
  ctx: Ctx,
  sides: readonly (readonly [string, FactsFilter])[],
  metric: Metric | null,
  statistic: "sum" | "median",
): Promise<Group[]> {
  const groups = await Promise.all(
    sides.map(async ([key, filter]): Promise<Group | null> => {
      const g = await wholeSet(ctx, filter, metric);
      return g
        ? {
            key,
            filter,
            by: null,
            raw: null,
            size: g.videos,
            value: groupFigure(g, metric, statistic),
            sum: g.sum,
          }
        : null;
    }),
  );
  return groups.filter((g): g is Group => g !== null).sort(byFigure);
}

/**
 * The groups of a breakdown by topics compared ("Hue vs Hoi An": each topic's videos, the plan's topics applying to
 * all) or by periods named ("2024 vs 2025"), each a filter on `filter`.
 */
function filterSides(
  plan: Plan,
  filter: FactsFilter,
  by: "topic" | "hashtag" | "period",
): [string, FactsFilter][] {
  if (by === "period")
    return (plan.window?.periods ?? []).map((p) => [p.label, { ...filter, since: p.from, until: p.to }]);
  return plan.compareTopics.map((t) => [t, { ...filter, q: [...plan.topics, t].join(" ") }]);
}

/** A group's figure under `metric`: its size with none; the pooled rate for a summed rate. */
function groupFigure(g: FactsGroup, metric: Metric | null, statistic: "sum" | "median"): number {
  if (metric === null || metric === "videos" || metric === "followers" || metric === "growth")
    return g.videos;
  if (statistic === "sum") return isRate(metric) ? (g.base === 0 ? 0 : g.interactions / g.base) : g.sum;
  return g.median ?? 0;
}

/**
 * The filtered set split by each of `splits` in the store (one scan), each split's groups best figure first
 * (then larger, then by name); with the whole set's figures first.
 */
async function splitGroups(
  ctx: Ctx,
  filter: FactsFilter,
  splits: readonly SplitBy[],
  metric: Metric | null,
  statistic: "sum" | "median",
  options: { creators?: boolean } = {},
): Promise<{ whole: FactsGroup | null; splits: Group[][] }> {
  const [whole, ...lists] = await ctx.facts.groups(filter, [null, ...splits], factsValueOf(metric), options);
  return {
    whole: whole?.[0] ?? null,
    splits: lists.map((groups, i) => {
      const by = splits[i] as SplitBy;
      return groups
        .map((g) => ({
          key: nameOfGroup(by, g.key as string | number, ctx.plan.hourOffset),
          filter,
          by,
          raw: g.key,
          size: g.videos,
          value: options.creators ? (g.creators ?? 0) : groupFigure(g, metric, statistic),
          sum: g.sum,
        }))
        .sort(byFigure);
    }),
  };
}

/** The figures of the whole filtered set under `metric`, from the store; null when it is empty. */
async function wholeSet(ctx: Ctx, filter: FactsFilter, metric: Metric | null): Promise<FactsGroup | null> {
  return (await ctx.facts.groups(filter, [null], factsValueOf(metric)))[0]?.[0] ?? null;
}

/** The per-video value of a metric (a count of videos, followers or growth takes plays: its value is unused). */
const factsValueOf = (metric: Metric | null): FactsValue =>
  metric !== null && isFactsValue(metric) ? metric : "plays";

/** How a measure is named: "median views per video", or a pooled rate ("engagement rate"). */
const measureName = (metric: Metric, statistic: "sum" | "median") =>
  statistic === "median"
    ? `median ${METRIC_NAME[metric]} per video`
    : `${isRate(metric) ? "" : "total "}${METRIC_NAME[metric]}`;

/** A sound's title as the most played of `filter`'s videos using it recorded it (its id when none did). */
async function soundTitle(ctx: Ctx, filter: FactsFilter, id: string): Promise<string> {
  return (await ctx.facts.groupTop(filter, "sound", id, 1))[0]?.music_title ?? id;
}

const byFigure = (a: Group, b: Group) => b.value - a.value || b.size - a.size || a.key.localeCompare(b.key);

const isFactsValue = (metric: Metric): metric is Metric & FactsValue =>
  isRate(metric) ||
  ["plays", "likes", "comments", "shares", "saves", "duration", "hashtag_count"].includes(metric);

/** Evidence for a group: its `n` most played videos, each with the group named under `as`. */
async function groupExamples(ctx: Ctx, g: Group, n: number, as: string): Promise<Evidence[]> {
  return (await ctx.facts.groupTop(g.filter, g.by, g.raw, n)).map((v) => {
    const e = factEvidence(v);
    return { ...e, figures: { ...e.figures, [as]: g.key } };
  });
}

/** How the videos with an attribute are named after a set ("videos" + "that are ads", "with a detected hook"). */
function shareWords(target: Attribute): string {
  switch (target.kind) {
    case "ad":
      return target.value === "yes" ? "that are ads" : "that are organic (not ads)";
    case "media_type":
      return target.value === "slideshow" ? "that are slideshows" : "that are regular videos";
    case "hook":
      return `${target.value === "yes" ? "with" : "without"} a detected hook`;
    case "viral_hook":
      return "with a viral hook";
    case "transcript":
      return `${target.value === "yes" ? "with" : "without"} a recorded transcript`;
    case "caption":
      return `${target.value === "yes" ? "with" : "without"} a caption`;
    case "recorded":
      return `${target.value === "yes" ? "with" : "without"} a recorded ${target.code}`;
    case "days":
      return attributeLabel(target);
    case "hours":
      return `published ${target.label}`;
    case "text":
      return `that mention "${topicWords([target.q])}"`;
    case "not_text":
      return `not about "${topicWords([target.q])}"`;
    case "any_text":
      return `about ${target.qs.map((q) => `"${topicWords([q])}"`).join(" or ")}`;
    case "not_creator":
      return `not by @${target.handle}`;
    case "creator":
      return `by @${target.handle}`;
    case "emoji":
      return `with "${target.emoji}" in the caption`;
    case "any_emoji":
      return `${target.value === "yes" ? "with" : "without"} emoji in the caption`;
    case "price":
      return `that state ${target.value === "yes" ? "a" : "no"} price${target.bound ? ` ${priceBoundWords(target.bound)}` : ""}`;
    case "phone":
      return `that give ${target.value === "yes" ? "a" : "no"} phone number in the caption`;
    case "cta":
      return `that hold ${target.value === "yes" ? "a" : "no"} call to action`;
    case "collection":
      return `in ${collectionWords(target.names)}`;
    case "hook_type":
      return `with a ${target.value} hook`;
    case "region":
    case "language":
      return `in ${attributeLabel(target)}`;
    case "sound":
      return `${target.except ? "not " : ""}using ${soundWords(target)}`;
    case "count":
      return target.metric === "seconds" ? attributeLabel(target) : `with ${attributeLabel(target)}`;
    case "exceeds":
    case "rate":
      return `with ${attributeLabel(target)}`;
  }
}

/** "second", "third" … for a place in a ranking. */
const ordinalWord = (n: number) => ({ 2: "second", 3: "third", 4: "fourth", 5: "fifth" })[n] ?? `${n}th`;

/** How many of a series' most recent groups an answer lists: a month of days, a year of months. */
const shownOf = (by: string) => (by === "day" ? 31 : MONTHS_SHOWN);

/** Splits by publication time read as a series: the most recent ones in order, not a ranking. */
const SERIES = { day: "Days", week: "Weeks", month: "Months", quarter: "Quarters", year: "Years" } as const;
const isSeries = (by: string): by is keyof typeof SERIES => Object.hasOwn(SERIES, by);

/** Groups whose share of an attribute a breakdown can give ("what share of videos are ads each year?"). */
const SHARE_SPLITS = SHARE_GROUPS.filter((g) => g !== "topic" && g !== "period") as readonly SplitBy[];

/**
 * "What share of videos are ads each year?": per group of the split, how many of its videos have the
 * attribute; a series in time order for months and years, a ranking by share otherwise.
 */
async function shareBreakdown(
  ctx: Ctx,
  by: SplitBy | "topic" | "period",
  target: Attribute,
): Promise<Outcome> {
  const { plan } = ctx;
  await corroborate(ctx);
  const filter = videoFilter(ctx);
  // ("What share of Hue vs Hoi An videos are ads?": each topic's, or period's, own filter.)
  const sides = by === "topic" || by === "period" ? filterSides(plan, filter, by) : null;
  const [whole, part] = sides
    ? await Promise.all([
        filterGroups(ctx, sides, null, "median"),
        filterGroups(
          ctx,
          sides.map(([key, f]) => [key, applyAttribute(f, target)] as const),
          null,
          "median",
        ),
      ])
    : await Promise.all([
        splitGroups(ctx, filter, [by as SplitBy], null, "median").then((g) => g.splits[0] ?? []),
        splitGroups(ctx, applyAttribute(filter, target), [by as SplitBy], null, "median").then(
          (g) => g.splits[0] ?? [],
        ),
      ]);
  const keyOf = (g: Group) => (sides ? g.key : String(g.raw));
  const parts = new Map(part.map((g) => [keyOf(g), g.size]));
  const groups = whole
    .filter((g) => !unnamedSearch(plan, by, g.raw))
    .map((g) => {
      const n = parts.get(keyOf(g)) ?? 0;
      return { ...g, part: n, value: pct(n, g.size) };
    });
  const base = describe(plan);
  const what = `the share of ${base} ${shareWords(target)}`;
  const show = (g: (typeof groups)[number]) => `${g.value} % (${fmt(g.part)} of ${fmt(g.size)})`;
  const computed = `aggregate: ${what}, per ${by}`;
  const caveats = [
    isSeries(by)
      ? `${SERIES[by]} by publication time (UTC${by === "week" ? "; a week runs Monday to Sunday and is named by its Monday" : ""}). A scrape holds what was found when it was collected: its older ${by}s hold only the videos still found then, and its newest ${by} may be partial.`
      : by === "hour" && plan.hourOffset !== 0
        ? `Publication hours are shown in UTC${plan.hourOffset < 0 ? "-" : "+"}${Math.abs(plan.hourOffset)}, as asked (the corpus records UTC times).`
        : by === "weekday" || by === "weekend" || by === "hour"
          ? "Publication day and hour are in UTC (the corpus records no time zone)."
          : by === "region" || by === "language"
            ? `${by === "region" ? "Region" : "Language"}: the code the source recorded for each video; a video without one is in no group.`
            : by === "length"
              ? "Length: the duration the source recorded; slideshows and videos without one are in no group."
              : by === "collection"
                ? COLLECTION_CAVEAT
                : "Each group shows which did well, not that what sets it apart caused it.",
  ];
  if (groups.length === 0) return emptyRanking(`No ${base} to break down.`, caveats, computed);
  if (groups.every((g) => g.part === 0))
    return emptyRanking(
      `None of the ${fmt(groups.reduce((n, g) => n + g.size, 0))} ${base} ${shareWords(target)
        .replace(/^that are /, "are ")
        .replace(/^with /, "have ")
        .replace(/^using /, "use ")
        .replace(
          /^in /,
          "are in ",
        )}, in any ${by === "weekday" ? "day" : by === "collection" ? "search" : by}.`,
      caveats,
      computed,
    );
  const series = isSeries(by);
  // A share over a handful of videos says little: groups that small come after the others, and lead nothing.
  const byShare = (a: (typeof groups)[number], b: (typeof groups)[number]) =>
    Number(b.size >= SMALL_GROUP) - Number(a.size >= SMALL_GROUP) ||
    b.value - a.value ||
    b.size - a.size ||
    a.key.localeCompare(b.key);
  const listed = series
    ? [...groups].sort((a, b) => a.key.localeCompare(b.key)).slice(-shownOf(by))
    : [...groups].sort(byShare);
  const top = [...listed].sort(byShare)[0] as (typeof groups)[number];
  const small = listed.filter((g) => g.size < SMALL_GROUP && g.value > top.value);
  if (small.length > 0)
    caveats.push(
      `Groups under ${SMALL_GROUP} videos lead nothing, too few to tell: ${small.map((g) => `${g.key} (${show(g)})`).join(", ")}.`,
    );
  const span =
    series && listed.length < groups.length ? ` (the last ${listed.length} of ${groups.length} ${by}s)` : "";
  const summary = series
    ? `${what[0]?.toUpperCase()}${what.slice(1)} per publication ${by} (UTC)${span}: ${listed.map((g) => `${g.key} ${show(g)}`).join(", ")}. The highest: ${top.key} (${top.value} %).`
    : `By ${what}, the leading ${by === "weekday" || by === "weekend" ? "publication day" : by === "hour" ? "publication hour" : by === "ad" ? "group" : by === "collection" ? "search" : by} is ${top.key}: ${show(top)}${listed[1] ? `; next ${listed[1].key}: ${show(listed[1])}` : ""}.`;
  const shown = series ? listed : listed.slice(0, plan.count);
  return {
    summary,
    findings: await Promise.all(
      shown.map(async (g) => ({
        statement: `${g.key}: ${show(g)}.`,
        evidence: await groupExamples(
          ctx,
          { ...g, filter: applyAttribute(g.filter ?? filter, target) },
          2,
          by,
        ),
      })),
    ),
    caveats,
    result: shareResult(listed, `share of ${attributeLabel(target)} (%)`),
    computed,
  };
}

/**
 * "Weekdays vs weekends: median views and median shares": the breakdown on the first count named, then again on
 * each other one, said group by group in its order.
 */
async function breakdownAlso(ctx: Ctx): Promise<Outcome> {
  const main = await breakdown(ctx);
  const keys = main.result.ranking;
  if (ctx.plan.alsoMeasured.length === 0 || !Array.isArray(keys) || keys.length === 0) return main;
  const also: Record<string, (number | null)[]> = {};
  const lines: string[] = [];
  // (Said for the groups the answer lists, each a finding: "en: …"; all of them in `result.also`.)
  const listed = keys.filter((k) => main.findings.some((f) => f.statement.startsWith(`${k}: `)));
  for (const metric of ctx.plan.alsoMeasured) {
    const other = await breakdown({
      ...ctx,
      corroborated: true,
      plan: { ...ctx.plan, metric, alsoMeasured: [] },
    });
    const [ranking, values] = [other.result.ranking, other.result.values];
    if (!Array.isArray(ranking) || !Array.isArray(values)) continue;
    const byKey = new Map(ranking.map((k, i) => [String(k), values[i] as number]));
    also[metric] = keys.map((k) => byKey.get(String(k)) ?? null);
    const parts = (listed.length > 0 ? listed : keys)
      .filter((k) => byKey.has(String(k)))
      .map((k) => `${k} ${showFigure(metric, byKey.get(String(k)) as number)}`);
    if (parts.length > 0)
      lines.push(
        `${ctx.plan.totals ? "Total" : "Median"} ${METRIC_NAME[metric]}${ctx.plan.totals ? "" : " per video"}: ${parts.join(", ")}.`,
      );
  }
  if (lines.length === 0) return main;
  return {
    ...main,
    summary: `${main.summary} ${lines.join(" ")}`,
    result: { ...main.result, also },
  };
}

async function breakdown(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const by = plan.groupBy ?? "hook_type";
  if (plan.shareOf && (by === "topic" || by === "period" || (SHARE_SPLITS as readonly string[]).includes(by)))
    return shareBreakdown(ctx, by as SplitBy | "topic" | "period", plan.shareOf);
  let filter = videoFilter(ctx);
  const named = (by === "region" || by === "language" || by === "hook_type") && plan.compareCodes.length > 0;
  if (by === "hook_type") filter = { ...filter, hook: "yes" };
  if (by === "media_type") delete filter.media_type;
  if (by === "hook_type") delete filter.hook_type;
  if (by === "ad") delete filter.ad;
  if (by === "hook") delete filter.hook;
  if (by === "transcript") delete filter.transcript;
  await corroborate(ctx);
  const metric =
    plan.metric && plan.metric !== "videos" && plan.metric !== "followers" && plan.metric !== "growth"
      ? plan.metric
      : null;
  const statistic = isRate(metric) || plan.totals ? "sum" : "median";
  // "How many creators posted each month?": each period's distinct creators, not its videos.
  const distinctCreators =
    plan.subject === "creators" && metric === null && (isSeries(by) || by === "collection");
  // Topic groups are two searches (a video may be in both); the others split one set of videos, in the store.
  let ranked: Group[];
  let total: number;
  let matching = 0;
  let either = "";
  let bandNote: string | null = null;
  // ("How many creators in each follower tier?": the creators of each band of accounts, said beside its videos.)
  const bandCreators = new Map<string, number>();
  if (by === "sound_use") {
    // Two store filters: the videos using the sound named, and the rest (those with no recorded sound too).
    const sounds = plan.attributes.filter((a) => a.kind === "sound");
    const sound = sounds[0];
    const { sound_ids: ids = sound?.ids ?? [], ...rest } = filter;
    const name = (s: typeof sound) => (s ? soundWords(s) : '""');
    // ("Morsmordre vs Somewhere Only We Know": two sounds or more named, each its own group.)
    const sides: [string, FactsFilter][] =
      sounds.length >= 2
        ? sounds.map((s) => [`videos using ${name(s)}`, { ...rest, sound_ids: s.ids }])
        : [
            [`videos using ${name(sound)}`, { ...rest, sound_ids: ids }],
            ["videos using other sounds or none recorded", { ...rest, exclude_sound_ids: ids }],
          ];
    ranked = await filterGroups(ctx, sides, metric, statistic);
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "emoji") {
    // Two store filters: the captions holding the emoji, and the rest (no caption too); any emoji when none is
    // named.
    const { caption_contains: emoji = [], caption_emoji: _any, ...rest } = filter;
    const named = emoji.map((e) => `"${e}"`).join(" and ");
    const sides: [string, FactsFilter][] =
      emoji.length > 0
        ? [
            [`with ${named} in the caption`, { ...rest, caption_contains: emoji }],
            [`without ${named} in the caption`, { ...rest, caption_lacks: emoji }],
          ]
        : [
            ["with emoji in the caption", { ...rest, caption_emoji: "yes" }],
            ["without emoji in the caption", { ...rest, caption_emoji: "no" }],
          ];
    ranked = await filterGroups(ctx, sides, metric, statistic);
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "phone") {
    // Two store filters: the captions giving a phone number, and the rest (no caption too).
    const { phone: _phone, ...rest } = filter;
    ranked = await filterGroups(
      ctx,
      [
        ["with a phone number in the caption", { ...rest, phone: "yes" }],
        ["without a phone number in the caption", { ...rest, phone: "no" }],
      ],
      metric,
      statistic,
    );
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "price") {
    // Two store filters: the videos stating a price, and the rest; with a bound, those within it and all the others;
    // with two, those within each.
    const bounded = plan.attributes.flatMap((a) => (a.kind === "price" && a.bound && a.ids ? [a] : []));
    const { price: _price, ...rest } =
      bounded.length > 0
        ? videoFilter({
            ...ctx,
            plan: {
              ...plan,
              attributes: plan.attributes.filter((a) => !(bounded as Attribute[]).includes(a)),
            },
          })
        : filter;
    const within = (a: (typeof bounded)[number]) =>
      [
        `with a price ${priceBoundWords(a.bound as PriceBound)} stated`,
        onlyIds(rest, a.ids as string[]),
      ] as const;
    const [first, second] = bounded;
    // ("Prices under 500k vs ads without a price": the others are those stating none.)
    const againstNone = plan.attributes.some((a) => a.kind === "price" && !a.bound && a.value === "no");
    ranked = await filterGroups(
      ctx,
      first && second
        ? [within(first), within(second)]
        : first
          ? [
              within(first),
              againstNone
                ? ["with no price stated", { ...rest, price: "no" }]
                : ["all the others", { ...rest, exclude_ids: first.ids }],
            ]
          : [
              ["with a price stated", { ...rest, price: "yes" }],
              ["with no price stated", { ...rest, price: "no" }],
            ],
      metric,
      statistic,
    );
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "bounds" && plan.bands.length > 0) {
    // "0-3, 4-7 and 8+ hashtags": each band on the whole filter (its other bounds kept); "under 10k, 10k-100k and
    // over 100k followers": the videos of the creators in each band.
    const whole = videoFilter(ctx);
    const filters: (readonly [string, FactsFilter])[] = [];
    let unknown = 0;
    // (The creators' followers read once for all bands: at 1M videos three bands took 27 s read apart, 12 s once.)
    const followers = plan.bands.some((b) => b.followers) ? await followersOfCreators(ctx, whole) : null;
    // ("Verified creators versus non-verified": whether each creator of the videos has the badge.)
    const badges = plan.bands.some((b) => b.verified !== undefined)
      ? await factsOfCreators(ctx, whole)
      : null;
    // ("Creators with 1 video vs 5 or more": how many of the videos in question each creator has.)
    // ("Across authors with 3+ videos, how does follower count go with plays?": each band's creators with that many.)
    const accountBound =
      plan.groupVideos && plan.bands.some((b) => b.followers || b.verified !== undefined)
        ? plan.groupVideos
        : null;
    const videosOf =
      plan.bands.some((b) => b.accountVideos) || accountBound
        ? new Map(
            ((await ctx.facts.groups(whole, ["creator"], "plays"))[0] ?? []).map((g) => [
              String(g.key),
              g.videos as number | null,
            ]),
          )
        : null;
    const enough = (uids: string[]) => {
      if (!accountBound || !videosOf) return uids;
      const pass = followersPass(accountBound);
      return uids.filter((uid) => pass(videosOf.get(uid) ?? 0));
    };
    for (const b of plan.bands) {
      const banded = b.attributes.reduce(applyAttribute, whole);
      const accounts =
        b.followers && followers
          ? { bound: b.followers, of: followers }
          : b.accountVideos && videosOf
            ? { bound: b.accountVideos, of: videosOf }
            : null;
      if (b.verified !== undefined && badges) {
        const uids = enough(verifiedOf(badges, b.verified));
        bandCreators.set(b.label, uids.length);
        filters.push([b.label, { ...banded, author_uids: uids }]);
        continue;
      }
      if (!accounts) {
        filters.push([b.label, banded]);
        continue;
      }
      const within = creatorsWithin(accounts.of, accounts.bound);
      if (b.followers) unknown = within.unknown;
      const kept = enough(within.kept);
      bandCreators.set(b.label, kept.length);
      filters.push([b.label, { ...banded, author_uids: kept }]);
    }
    ranked = await filterGroups(ctx, filters, metric, statistic);
    if (plan.bands.some((b) => b.followers))
      bandNote = `Each band: the videos of the creators with that many followers (the latest count the source recorded)${unknown > 0 ? `; ${fmt(unknown)} creators without a recorded count are in none` : ""}.`;
    else if (badges)
      bandNote =
        "Each group: the videos of the creators with (or without) the platform's verification badge, as the source recorded it.";
    else if (plan.bands.some((b) => b.accountVideos))
      bandNote = `Each band: the videos of the creators with that many of the ${describe({ ...plan, groupBy: null })}.`;
    if (accountBound)
      bandNote = `${bandNote ? `${bandNote} ` : ""}Only the creators with ${boundWords(accountBound)} of the ${describe({ ...plan, groupBy: null })} are in a band.`;
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "bounds") {
    // "Under 15 s vs over 60 s": each bound on the rest of the filter.
    const bounds = plan.attributes.filter((a) => a.kind === "count");
    const rest = videoFilter({
      ...ctx,
      plan: { ...plan, attributes: plan.attributes.filter((a) => a.kind !== "count") },
    });
    ranked = await filterGroups(
      ctx,
      bounds.map((b) => [attributeLabel(b), applyAttribute(rest, b)] as const),
      metric,
      statistic,
    );
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "period") {
    // "2025 vs 2024": each period named is a filter on publication time; the plan's window spans them.
    ranked = await filterGroups(ctx, filterSides(plan, filter, by), metric, statistic);
    total = ranked.reduce((n, g) => n + g.size, 0);
  } else if (by === "topic" || by === "hashtag") {
    ranked = await filterGroups(ctx, filterSides(plan, filter, by), metric, statistic);
    // The videos about any of the topics (a video about two counts in each group, once here); of two, those
    // about both are the rest.
    total = await ctx.facts.count({ ...filter, any_q: plan.compareTopics });
    const both = ranked.length === 2 ? ranked.reduce((n, g) => n + g.size, 0) - total : 0;
    // "How many videos mention price or giá?": those about either come first.
    if (!metric && ranked.length >= 2) {
      const names = plan.compareTopics.map((t) => `"${t}"`);
      const anyOf = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
      either = `${thereAre(total, `${describe(plan)} about ${anyOf}`, `${describe(plan, { one: true })} about ${anyOf}`)}${both > 0 ? ` (${fmt(both)} about both)` : ""}. `;
    }
  } else {
    ranked = (await splitGroups(ctx, filter, [by], metric, statistic, { creators: distinctCreators }))
      .splits[0] as Group[];
    // "English or Spanish videos": the groups of the codes named only.
    if (named) ranked = ranked.filter((g) => plan.compareCodes.includes(String(g.raw)));
    // ("Which searches have zero or one ad?": a search none of whose videos is one has none, and is a group.)
    if (by === "collection" && !metric && plan.groupVideos && followersPass(plan.groupVideos)(0)) {
      const unnarrowed = videoFilter({ ...ctx, plan: { ...plan, attributes: [] } });
      const [all] = await ctx.facts.groups(unnarrowed, ["collection"], "plays");
      for (const g of all ?? [])
        if (!ranked.some((r) => r.raw === g.key))
          ranked.push({ key: String(g.key), filter, by: "collection", raw: g.key, size: 0, value: 0 });
    }
    // "hotelhue vs hoteldalat search": the searches named only (their videos may be in other searches too).
    ranked = ranked.filter((g) => !unnamedSearch(plan, by, g.raw));
    // (A video two searches found is in both groups: the set is counted once.)
    total = by === "collection" ? await ctx.facts.count(filter) : ranked.reduce((n, g) => n + g.size, 0);
    // Length groups hold the videos whose duration the source recorded (a slideshow has none of its own).
    if (by === "length") matching = await ctx.facts.count(filter);
  }
  // Regions and languages are recorded for some videos only: how many of the set have one.
  const recorded =
    by === "region" || by === "language"
      ? await ctx.facts.coverage(filter).then((c) => ({
          videos: c.videos,
          known: by === "region" ? c.withRegion : c.withLanguage,
        }))
      : null;
  const basePlan = {
    ...plan,
    attributes: plan.attributes.filter(
      (a) =>
        !(by === "media_type" && a.kind === "media_type") &&
        !(by === "ad" && a.kind === "ad") &&
        !(by === "sound_use" && a.kind === "sound") &&
        !(by === "emoji" && (a.kind === "emoji" || a.kind === "any_emoji")) &&
        !(by === "price" && a.kind === "price") &&
        !(by === "phone" && a.kind === "phone") &&
        !(by === "bounds" && plan.bands.length === 0 && a.kind === "count") &&
        a.kind !== "hook_type",
    ),
  };
  const base = describe(basePlan);
  const groupName =
    by === "hook_type"
      ? "hook type"
      : by === "ad" || by === "hook" || by === "transcript"
        ? "group"
        : by === "topic"
          ? "topic"
          : by === "sound_use" || by === "emoji" || by === "price" || by === "phone"
            ? by === "emoji" || by === "price" || by === "phone"
              ? "group"
              : "sound group"
            : by === "bounds"
              ? "group"
              : by === "weekday" || by === "weekend"
                ? "publication day"
                : by === "hour"
                  ? "publication hour"
                  : by === "month"
                    ? "publication month"
                    : by === "week"
                      ? "publication week"
                      : by === "day"
                        ? "publication day"
                        : by === "year"
                          ? "publication year"
                          : by === "quarter"
                            ? "publication quarter"
                            : by === "period"
                              ? "period"
                              : by === "length"
                                ? "length"
                                : by === "caption_length"
                                  ? "caption length"
                                  : by === "hashtag_count"
                                    ? "number of hashtags"
                                    : by === "region" || by === "language"
                                      ? by
                                      : by === "collection"
                                        ? "search"
                                        : "format";
  const measure = metric
    ? measureName(metric, statistic)
    : distinctCreators
      ? "number of distinct creators"
      : "number of videos";
  const caveats = [
    by === "hook_type"
      ? "Hook type: the pattern the hook classifier recorded for the opening line, over videos with a detected hook (label hook = yes)."
      : by === "ad"
        ? "Ads: videos whose ad label is yes; organic: every other video (label ad = no)."
        : by === "hook"
          ? "With a detected hook: videos whose hook label is yes (the opening line matched one of the hook patterns; service://guide/metrics); without: every other video. It shows which group did well, not that the hook caused it."
          : by === "transcript"
            ? TRANSCRIPT_CAVEAT
            : by === "hour" && plan.hourOffset !== 0
              ? `Publication hours are shown in UTC${plan.hourOffset < 0 ? "-" : "+"}${Math.abs(plan.hourOffset)}, as asked (the corpus records UTC times and no time zone). They describe when the videos were posted, not when their audience watched.`
              : by === "weekday" || by === "weekend" || by === "hour"
                ? "Publication day and hour are in UTC (the corpus records no time zone): a creator's local day or hour may differ. They describe when the videos were posted, not when their audience watched."
                : isSeries(by) || by === "period"
                  ? `${isSeries(by) ? SERIES[by] : "Periods"} by publication time (UTC${by === "week" ? "; a week runs Monday to Sunday and is named by its Monday" : ""}). A scrape holds what was found when it was collected: its older ${by}s hold only the videos still found then, and its newest ${by} may be partial.`
                  : by === "bounds"
                    ? bandsOf(plan, "cta")
                      ? `${CTA_CAVEAT} It shows which group did well, not that the call caused it.`
                      : bandsOf(plan, "price")
                        ? "Each group is the videos stating at least one price in đồng in its range: a video stating prices in two ranges counts in each. It shows which range did well, not that the price caused it."
                        : bandsOf(plan, "any_text")
                          ? "Each group is the videos about any of its topics, as the question defined them (a video about topics of two groups counts in each). It shows which group did well, not that the place caused it."
                          : bandsOf(plan, "collection")
                            ? COLLECTIONS_POOLED_CAVEAT
                            : plan.bands.length > 0 && plan.bands.every((b) => b.attributes.length === 0)
                              ? "Each group is the videos of the creators it names. It shows which group did well, not that being among those creators caused it."
                              : bandsOverlap(plan)
                                ? "Each group is the videos with what it names. It shows which group did well, not that what it names caused it."
                                : "Each group is the videos within one of the bounds named (the other left out). It shows which group did well, not that the bound caused it."
                    : by === "emoji"
                      ? emojiCaveat(plan)
                      : by === "price"
                        ? `${PRICE_CAVEAT} It shows which group did well, not that the price caused it.`
                        : by === "sound_use"
                          ? "Sounds by the music id the source recorded; videos with no recorded sound count with the others. It shows which group did well, not that the sound caused it."
                          : by === "topic"
                            ? `Each topic's videos are those service_search_videos finds for it${plan.topics.length > 0 ? ` together with "${topicWords(plan.topics)}"` : ""}; a video matching both counts in both.`
                            : by === "length"
                              ? `Length: the duration the source recorded (duration_s), in bands ${LENGTH_BANDS.map((b) => b.label).join(", ")}. ${matching - total === 0 ? "Every matching video has one." : `${fmt(matching - total)} of the ${fmt(matching)} matching videos have no recorded duration or are slideshows, and are left out.`} It shows which lengths did well, not that length caused it.`
                              : by === "caption_length"
                                ? `Caption length: the characters of the whole caption as scraped, hashtags and emoji included, in bands ${CAPTION_BANDS.map((b) => b.label).join(", ")}. It shows which lengths did well, not that the caption caused it.`
                                : by === "hashtag_count"
                                  ? `Number of hashtags: the distinct hashtags a video carries, in bands ${HASHTAG_COUNT_BANDS.map((b) => b.label).join(", ")}. It shows which counts did well, not that the hashtags caused it.`
                                  : by === "collection"
                                    ? COLLECTION_CAVEAT
                                    : recorded
                                      ? `${by === "region" ? "Region" : "Language"}: the code the source recorded for each video, ${recorded.known === recorded.videos ? `which all ${fmt(recorded.videos)} ${base} have` : `which ${fmt(recorded.known)} of the ${fmt(recorded.videos)} ${base} have (${pct(recorded.known, recorded.videos)} %); a video without one is in no group`}. It shows which group did well, not that the ${by} caused it.`
                                      : "Format: video or slideshow (media_type).",
    ...rateDefinition(metric),
    ...(bandNote ? [bandNote] : []),
  ];
  // "For each language with at least 10 videos": the groups with that many.
  const unbounded = ranked;
  if (plan.groupVideos && !["creators", "advertisers", "hashtags", "sounds"].includes(plan.subject)) {
    const pass = followersPass(plan.groupVideos);
    const kept = ranked.filter((g) => pass(g.size));
    if (kept.length < ranked.length)
      caveats.push(
        `Only the groups with ${boundWords(plan.groupVideos)} videos: ${fmt(kept.length)} of ${fmt(ranked.length)}.`,
      );
    ranked = kept;
  }
  // ("Which search had the lowest median saves?": a scrape whose source records no saves is no low figure.)
  const unrecorded =
    metric && COUNTS.includes(metric) ? ranked.filter((g) => g.size >= UNRECORDED_GROUP && g.sum === 0) : [];
  if (unrecorded.length > 0 && unrecorded.length < ranked.length) {
    ranked = ranked.filter((g) => !unrecorded.includes(g));
    caveats.push(
      `Left out: ${joinNames(unrecorded.map((g) => `${g.key} (${videosCount(g.size)})`))}: every one of ${unrecorded.length === 1 ? "its" : "their"} videos records 0 ${METRIC_NAME[metric as Metric]}, which most likely means ${unrecorded.length === 1 ? "its source records" : "their sources record"} no such count, not that none were made.`,
    );
  }
  // ("Videos with a price vs videos with a phone number": a video with both is in each group; how many are.)
  if (by === "bounds" && bandsOverlap(plan)) {
    const both = await ctx.facts.count(
      plan.bands.flatMap((b) => b.attributes).reduce((f, a) => applyAttribute(f, a), filter),
    );
    caveats.push(
      both === 0
        ? "No video is in both groups."
        : `${videosCount(both)} ${both === 1 ? "is" : "are"} in both groups (${plan.bands.map((b) => b.label).join(" and ")}), counted in each.`,
    );
  }
  const computed = `aggregate: ${groupName} groups of ${base}, ranked by ${measure}`;
  // A median or rate over a handful of videos says little: when the leader is such a group, say so.
  const leader = ranked[0];
  if (metric && leader && leader.size < SMALL_GROUP && !isSeries(by))
    caveats.push(
      `${leader.key} leads on ${videosCount(leader.size)} only: too few to tell a pattern from chance. Groups under ${SMALL_GROUP} videos: ${ranked
        .filter((g) => g.size < SMALL_GROUP)
        .map((g) => `${g.key} (${g.size})`)
        .join(", ")}.`,
    );
  // ("How many searches have at least 10 ads?": none of the groups has that many; the most said.)
  const boundHas = plan.groupVideos
    ? `${boundWords(plan.groupVideos)} ${plan.groupVideos.op !== "between" && plan.groupVideos.value === 1 ? describe(basePlan, { one: true }) : base}`
    : "";
  // (What the groups left out have: fewer, more, or a number outside the two ends.)
  const othersHave =
    plan.groupVideos?.op === "under" || plan.groupVideos?.op === "at most"
      ? "more"
      : plan.groupVideos?.op === "between"
        ? "more or fewer"
        : "fewer";
  // (Of "fewer than 2 ads", "no ads": the fewest.)
  const fewest = othersHave === "more";
  const most = [...unbounded].sort(
    (a, b) => (fewest ? a.size - b.size : b.size - a.size) || (a.key < b.key ? -1 : 1),
  )[0];
  if (plan.groupVideos && ranked.length === 0 && most)
    return emptyRanking(
      `${boundWords(plan.groupVideos) === "no" ? `Every ${groupName} has at least one ${describe(basePlan, { one: true })}` : `No ${groupName} has ${boundHas}`}: the ${fewest ? "fewest" : "most"} ${fewest ? "are in" : "is"} ${most.key}, with ${videosCount(most.size)}.`,
      caveats,
      computed,
    );
  if (ranked.length === 0) {
    // Hook types are recorded for hooked videos only: say so when there are videos, but none is hooked.
    const unhooked = by === "hook_type" ? await ctx.facts.count({ ...filter, hook: undefined }) : 0;
    const none =
      unhooked === 1
        ? `The one ${describe(basePlan, { one: true })} does not open with a detected hook, so there is no hook type to compare.`
        : unhooked > 1
          ? `None of the ${fmt(unhooked)} ${base} opens with a detected hook, so there is no hook type to compare.`
          : named
            ? `No ${base} ${recorded?.videos ? `(of ${fmt(recorded.videos)}) ` : ""}is in ${by} ${plan.compareCodes.join(" or ")}.`
            : `No ${base} to break down.`;
    // ("The correlation between followers and plays in the trending set": a source with no follower counts.)
    if (by === "bounds" && plan.bands.some((b) => b.followers)) {
      const followers = await followersOfCreators(ctx, videoFilter(ctx));
      if (followers.size > 0 && [...followers.values()].every((f) => f === null))
        return emptyRanking(
          `No follower count is recorded for any of the ${fmt(followers.size)} creators of the ${base}: their source records none, so their videos cannot be grouped by followers.`,
          caveats,
          computed,
        );
    }
    return emptyRanking(none, caveats, computed);
  }
  const first = ranked[0] as (typeof ranked)[number];
  const byCreators = (g: (typeof ranked)[number]) => {
    const n = bandCreators.get(g.key);
    return n === undefined ? "" : ` by ${fmt(n)} creator${n === 1 ? "" : "s"}`;
  };
  const show = (g: (typeof ranked)[number]) =>
    // ("6 median number of hashtags per video" reads badly: "a median of 6 hashtags per video".)
    metric === "hashtag_count"
      ? `a median of ${showFigure(metric, g.value)} hashtag${g.value === 1 ? "" : "s"} per video over ${videosCount(g.size)}${byCreators(g)}`
      : metric
        ? `${showFigure(metric, g.value)} ${measure} over ${videosCount(g.size)}${byCreators(g)}`
        : distinctCreators
          ? // ("Which search has the most creators?": each one's distinct creators, of its videos.)
            `${fmt(g.value)} creator${g.value === 1 ? "" : "s"} of ${videosCount(g.size)}`
          : `${videosCount(g.size)}${byCreators(g)} (${pct(g.size, total)} %)`;
  // The answer: the listed groups with two example videos each, and `all` in the machine-readable result.
  const answer = async (
    summary: string,
    listed: typeof ranked,
    all: typeof ranked,
    how: string,
  ): Promise<Outcome> => ({
    summary,
    findings: await Promise.all(
      listed.map(async (g) => ({
        statement: `${g.key}: ${show(g)}.`,
        evidence: await groupExamples(ctx, g, 2, by),
      })),
    ),
    caveats,
    result: {
      ranking: all.map((g) => g.key),
      values: all.map((g) => round(g.value)),
      ...(bandCreators.size > 0 ? { creators: all.map((g) => bandCreators.get(g.key) ?? 0) } : {}),
      videos: total,
      measure,
    },
    computed: how,
  });
  // Months read as a series: the most recent ones in order, not a ranking.
  if (isSeries(by) && ranked.length > 0) {
    const months = [...ranked].sort((a, b) => a.key.localeCompare(b.key)).slice(-shownOf(by));
    // ("What was the busiest upload day?": the most and the least of every period, not only of those shown.)
    const most = [...ranked].sort(
      (a, b) => b.value - a.value || b.key.localeCompare(a.key),
    )[0] as (typeof ranked)[number];
    // ("Share of uploads by month": each month's part of all the months' videos beside its count.)
    const all = ranked.reduce((sum, g) => sum + g.size, 0);
    const figure = (g: (typeof ranked)[number]) =>
      metric
        ? showFigure(metric, g.value)
        : distinctCreators
          ? fmt(g.value)
          : plan.groupShares && all > 0
            ? `${fmt(g.size)} (${fmt(Math.round((g.size / all) * 10000) / 100)} %)`
            : fmt(g.size);
    const span =
      months.length === ranked.length ? "" : ` (the last ${months.length} of ${ranked.length} ${by}s)`;
    // ("How many creators posted each month?": the distinct creators of each month's videos.)
    const what = metric
      ? `${measure[0]?.toUpperCase()}${measure.slice(1)} of ${base}`
      : distinctCreators
        ? `Distinct creators of ${base}`
        : `${base[0]?.toUpperCase()}${base.slice(1)}`;
    const least = [...ranked].sort(
      (a, b) => a.value - b.value || a.key.localeCompare(b.key),
    )[0] as typeof most;
    const ofAll = span === "" ? "" : ` of all ${ranked.length} ${by}s`;
    const one = (g: (typeof ranked)[number]) =>
      plan.groupShares ? `${g.key}, ${figure(g)}` : `${g.key} (${figure(g)})`;
    const statement = `${what} per publication ${by} (UTC)${span}: ${months.map((g) => `${g.key} ${figure(g)}`).join(", ")}. ${plan.lowest ? `The least${ofAll}: ${one(least)}; the most` : `The most${ofAll}`}: ${one(most)}.`;
    // (The most and the least outside those shown are findings too, with their examples.)
    const named = [most, ...(plan.lowest ? [least] : [])].filter((g) => !months.includes(g));
    return answer(
      statement,
      [...months, ...named],
      months,
      `aggregate: ${base} per publication ${by}, ${measure}`,
    );
  }
  // One group only ("slideshows or videos" in a corpus without slideshows): nothing to compare.
  if (ranked.length === 1 && by !== "topic" && by !== "period" && by !== "bounds" && !named)
    return answer(
      plan.groupVideos && unbounded.length > 1
        ? `One ${groupName} has ${boundHas}: ${first.key}${first.size > 0 ? ` (${videosCount(first.size)})` : ""}; ${theOthers(unbounded.length - 1)} ${first.size > 0 ? othersHave : "at least one"}.`
        : `${total === 1 ? `The one ${describe(basePlan, { one: true })} is` : `All ${fmt(total)} ${base} are`} in one ${groupName}: ${first.key}${metric ? ` (${showFigure(metric, first.value)} ${measure})` : ""}; there is no other to compare it with.`,
      [first],
      [first],
      computed,
    );
  // The headline goes to the best group large enough to tell, when one is; the small ones above it are named.
  const firstLarge =
    metric && first.size < SMALL_GROUP ? ranked.find((g) => g.size >= SMALL_GROUP) : undefined;
  const above = firstLarge ? ranked.slice(0, ranked.indexOf(firstLarge)) : [];
  const summary = firstLarge
    ? `By ${measure}, the leading ${groupName} among ${base} with at least ${SMALL_GROUP} videos is ${firstLarge.key}: ${show(firstLarge)}. Ahead of it on fewer videos, too few to tell: ${above
        .slice(0, 3)
        .map((g) => `${g.key} (${showFigure(metric as Metric, g.value)} over ${videosCount(g.size)})`)
        .join(", ")}${above.length > 3 ? ` and ${above.length - 3} more` : ""}.`
    : (() => {
        // Equal first places are a tie, not a lead (as in rankings).
        const { tied } = leaders(
          ranked.map((g) => ({
            name: g.key,
            shown: metric || distinctCreators ? showFigure(metric ?? "videos", g.value) : fmt(g.size),
          })),
        );
        const next = ranked[tied.length];
        const then = next ? `; next ${next.key}: ${show(next)}` : "";
        return tied.length > 1
          ? `By ${measure}, ${joinNames(tied)} tie as the leading ${groupName} among ${base}: ${metric ? `${showFigure(metric, first.value)} ${measure}` : show(first)} each${then}.`
          : `By ${measure}, the leading ${groupName} among ${base} is ${first.key}: ${show(first)}${then}.`;
      })();
  // "Which weekday is worst for hotel videos?": the lowest group large enough to tell, beside the highest.
  const large = metric ? ranked.filter((g) => g.size >= SMALL_GROUP) : ranked;
  const last = (large.length > 0 ? large : ranked).at(-1) as typeof first;
  const lowTied = (large.length > 0 ? large : ranked).filter((g) => g.value === last.value);
  const among = `${groupName} among ${base}${large.length > 0 && large.length < ranked.length ? ` with at least ${SMALL_GROUP} videos` : ""}`;
  const highest = `the highest ${(large[0] ?? first).key}: ${show(large[0] ?? first)}`;
  const bottom =
    plan.lowest && ranked.length > 1
      ? lowTied.length > 1
        ? `By ${measure}, ${joinNames(lowTied.map((g) => g.key))} tie as the lowest ${among}: ${metric ? `${showFigure(metric, last.value)} ${measure}` : show(last)} each; ${highest}.`
        : `By ${measure}, the lowest ${among} is ${last.key}: ${show(last)}; ${highest}.`
      : null;
  // "Hotel ads in Da Nang compared to those in Hoi An" with no Hoi An ones: the empty side is said, not dropped.
  const empty =
    by === "topic"
      ? plan.compareTopics.filter((t) => !ranked.some((g) => g.key === t))
      : by === "period"
        ? (plan.window?.periods ?? []).map((p) => p.label).filter((p) => !ranked.some((g) => g.key === p))
        : by === "bounds" && plan.bands.length > 0
          ? plan.bands
              .filter((b) => !ranked.some((g) => g.key === b.label))
              // ("… using the sound by someone else": "by @x" and "not by @x" read on their own.)
              .map((b) => (/^(?:not )?by @/.test(b.label) ? b.label : `with ${b.label}`))
          : by === "bounds"
            ? plan.attributes
                .filter((a) => a.kind === "count")
                .filter((a) => !ranked.some((g) => g.key === attributeLabel(a)))
                .map((a) => shareWords(a))
            : named
              ? plan.compareCodes.filter((c) => !ranked.some((g) => g.raw === c))
              : [];
  const none =
    empty.length === 0
      ? ""
      : by === "topic"
        ? ` There are none about ${empty.map((t) => (t.startsWith('"') ? t : `"${t}"`)).join(" or ")} to compare with.`
        : by === "period"
          ? ` There are none published in ${empty.join(" or ")} to compare with.`
          : by === "bounds"
            ? ` There are no ${describe(basePlan)} ${empty.join(" or ")} to compare with.`
            : by === "hook_type"
              ? ` There are no ${empty.join(" or ")} hooks among them to compare with.`
              : ` There are none in ${by} ${empty.join(" or ")} to compare with.`;
  // "Do question hooks work better?": where the type named stands, and its group among those shown.
  const beside = by === "hook_type" && plan.besideCode !== null ? plan.besideCode : null;
  const besideGroup = beside === null ? undefined : ranked.find((g) => g.raw === beside);
  const standing =
    beside === null
      ? ""
      : besideGroup
        ? ` The ${beside} hooks asked about: ${show(besideGroup)}, ${ordinal(ranked.indexOf(besideGroup) + 1)} of ${ranked.length} ${groupName}s.`
        : ` There are no ${beside} hooks among them.`;
  const shown = ranked.slice(0, plan.count);
  if (besideGroup && !shown.includes(besideGroup)) shown.push(besideGroup);
  if (bottom && !shown.includes(last)) shown.push(last);
  // ("How many languages have at least 100 videos?": how many groups have that many, named, before the ranking.)
  const groups = `${groupName}${groupName.endsWith("search") ? "es" : "s"}`;
  // (Of "no ads", the groups named are all there is to say.)
  const noneHave = plan.groupVideos !== null && boundWords(plan.groupVideos) === "no";
  const counted =
    plan.groupVideos && ranked.length > 1 && (!metric || unbounded.length > ranked.length)
      ? `${fmt(ranked.length)} ${groups} have ${boundHas}${ranked.length <= 10 && !metric ? `: ${joinNames(ranked.map((g) => (noneHave ? g.key : `${g.key} (${fmt(g.size)})`)))}` : ""}${unbounded.length > ranked.length ? `; ${theOthers(unbounded.length - ranked.length)} ${noneHave ? "at least one" : othersHave}` : ""}. `
      : "";
  return answer(
    `${either}${counted}${noneHave && !metric ? "" : (bottom ?? summary)}${none}${standing}`.trim(),
    shown,
    ranked,
    computed,
  );
}

/** "the other 3 have", "the other has": the groups left out, before what they have. */
const theOthers = (n: number) => (n === 1 ? "the other has" : `the other ${fmt(n)} have`);

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th"}`;

// ---------- words ----------

/**
 * The most played texts a word count reads: every one up to this many (the real scrape's 5,268 captions are
 * counted in 0.2 s), else the most played this many, and the answer says so (a million captions would be ~100 MB).
 */
const WORD_TEXTS = 20_000;

const FIELD_NAME: Record<TextField, string> = {
  caption: "captions",
  hook: "opening lines (hooks)",
  transcript: "transcripts",
};

/** One of each text field, as an answer says a video has it ("with a caption"). */
const FIELD_ONE: Record<TextField, string> = {
  caption: "a caption",
  hook: "an opening line",
  transcript: "a recorded transcript",
};

/** "The most common words in hotel hooks": the words (phrases, emoji) of one text field, counted per video. */
async function wordsUsed(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const asked = plan.words ?? { field: "caption" as const, kind: "words" as const };
  await corroborate(ctx);
  const filter = videoFilter(ctx);
  const [matching, texts] = await Promise.all([
    ctx.facts.count(filter),
    ctx.facts.texts(filter, asked.field, WORD_TEXTS),
  ]);
  const ranked = await countWords(
    texts.map((t) => t.text),
    asked.kind,
    plan.count,
  );
  const what = describe(plan);
  const field = FIELD_NAME[asked.field];
  const unit = asked.kind === "emojis" ? "emoji" : asked.kind;
  const read =
    texts.length === WORD_TEXTS
      ? `the ${fmt(WORD_TEXTS)} most played of the ${fmt(matching)} ${what} with ${field}`
      : texts.length === matching
        ? `the ${field} of all ${fmt(matching)} ${what}`
        : `the ${fmt(texts.length)} of ${fmt(matching)} ${what} with ${FIELD_ONE[asked.field]}`;
  const caveats = [
    `Counted over ${read}: each ${asked.kind === "emojis" ? "emoji" : asked.kind === "phrases" ? "phrase" : "word"} once per video, lower-cased.${asked.kind === "emojis" ? " Skin tones are one emoji." : " Hashtags, @mentions, links, one-letter words and common function words (English, Vietnamese and six more languages) are left out; words are what lies between spaces, so a language written without them (Thai, Japanese) counts whole runs."}${asked.kind === "phrases" ? " A phrase is two or three words in a row within a sentence, on at least 2 videos; one inside a longer phrase used as often gives way to it." : ""}`,
    ...(asked.field === "transcript"
      ? [TRANSCRIPT_CAVEAT]
      : asked.field === "hook"
        ? [
            "Opening line: the first line of speech or on-screen text the source recorded (hook_text), whether or not the hook classifier found a hook in it.",
          ]
        : []),
  ];
  const computed = `aggregate: the ${unit} of ${field} of ${what}, counted per video`;
  if (ranked.length === 0)
    return emptyRanking(
      texts.length === 0
        ? `None of the ${fmt(matching)} ${what} has ${FIELD_ONE[asked.field]} to count ${unit} in.`
        : `No ${unit} ${asked.kind === "phrases" ? "recur" : "are used"} in ${read}${asked.kind === "words" ? " once function words are left out" : ""}.`,
      caveats,
      computed,
    );
  const shown = (w: WordCount) => `"${w.text}" ${fmt(w.texts)} (${pct(w.texts, texts.length)} %)`;
  const statement = `The most used ${unit} in ${read}, by videos using each: ${ranked.map(shown).join(", ")}.`;
  return {
    summary: statement,
    findings: [
      {
        statement,
        // The most played video using each of the first few (the texts come most played first).
        evidence: ranked.slice(0, 5).map(
          (w) =>
            ({
              type: "video",
              id: (texts[w.first] as { id: string }).id,
              figures: { [unit === "emoji" ? "emoji" : unit.replace(/s$/, "")]: w.text, videos: w.texts },
            }) as Evidence,
        ),
      },
    ],
    caveats,
    result: {
      field: asked.field,
      kind: asked.kind,
      videos: matching,
      counted: texts.length,
      ranking: ranked.map((w) => ({ text: w.text, videos: w.texts, share_pct: pct(w.texts, texts.length) })),
    },
    computed,
  };
}

// ---------- drivers ----------

/** A drivers group "stands out" (is named in the summary) at this multiple of the whole set's figure. */
const STANDS_OUT = 1.1;

/** The properties the drivers answer splits a video set by, and how each is named. */
const DRIVER_SPLITS: readonly { by: SplitBy; name: string; show: (key: string) => string }[] = [
  { by: "hook", name: "opening hook", show: (k) => `videos ${k}` },
  { by: "hook_type", name: "hook type", show: (k) => `${k} hooks` },
  { by: "length", name: "length", show: (k) => `videos of ${k}` },
  { by: "media_type", name: "format", show: (k) => (k === "slideshow" ? "slideshows" : "regular videos") },
  { by: "ad", name: "ads or organic", show: (k) => (k === "ads" ? "ads" : "organic videos") },
];

/**
 * "What makes a hotel video go viral?": the set split by each property the corpus records for every video
 * (opening hook, hook type, length, format, ad label); for each split with two groups of SMALL_GROUP videos
 * or more, the group with the best figure against the whole set's, the property lifting it most first.
 */
async function drivers(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const metric: Metric =
    plan.metric && !["videos", "followers", "growth", "duration"].includes(plan.metric)
      ? plan.metric
      : "plays";
  const statistic = isRate(metric) ? "sum" : "median";
  const measure = measureName(metric, statistic);
  await corroborate(ctx);
  const filter = videoFilter(ctx);
  // Each split grouped and measured in the store, all in one pass: a million videos never leave it.
  const { whole, splits: lists } = await splitGroups(
    ctx,
    filter,
    DRIVER_SPLITS.map((d) => d.by),
    metric,
    statistic,
  );
  const total = whole?.videos ?? 0;
  const base = describe(plan);
  const overall = whole ? groupFigure(whole, metric, statistic) : 0;
  const caveats = [
    `What went with more ${METRIC_NAME[metric]} among these videos, not what caused it: the videos of a group differ in more than that one property (subject, creator, audience). Each group holds at least ${SMALL_GROUP} videos.`,
    "Opening hook and hook type: what the hook classifier recorded for the opening line (labels are model-assisted).",
    ...rateDefinition(metric),
  ];
  const computed = `aggregate: ${base} split by ${DRIVER_SPLITS.map((d) => d.name).join(", ")}; ${measure} of each group against all of them`;
  if (total < 2 * SMALL_GROUP) {
    const summary = `${base[0]?.toUpperCase()}${base.slice(1)}: ${videosCount(total)}, too few to compare groups of them (each needs at least ${SMALL_GROUP} videos).`;
    return {
      summary,
      findings: [{ statement: summary, evidence: await mostPlayed(ctx, filter) }],
      caveats,
      result: { videos: total, splits: [] },
      computed,
    };
  }
  const splits = DRIVER_SPLITS.map((d, i) => {
    const all = lists[i] as Group[];
    const groups = all.filter((g) => g.size >= SMALL_GROUP);
    return { ...d, all, groups, lift: overall > 0 && groups[0] ? groups[0].value / overall : 0 };
  });
  const compared = splits.filter((s) => s.groups.length >= 2).sort((a, b) => b.lift - a.lift);
  const notCompared = splits.filter((s) => s.groups.length < 2);
  if (notCompared.length > 0)
    caveats.push(
      `Not compared, for want of two groups of ${SMALL_GROUP}+ videos: ${notCompared
        .map((s) => {
          const sizes = s.all.map((g) => `${s.show(g.key)}: ${fmt(g.size)}`);
          return `${s.name} (${sizes.length > 0 ? sizes.join(", ") : "none recorded"})`;
        })
        .join("; ")}.`,
    );
  caveats.push(
    `When to post is a question of its own: "When should I post ${plan.topics.length > 0 ? `${topicWords(plan.topics)} ` : ""}videos?" (publication hour, UTC).`,
  );
  const times = (value: number) => (overall > 0 ? `${round(value / overall, 1)}× all` : "");
  const figure = (value: number) => showFigure(metric, value);
  const statementOf = (s: (typeof compared)[number]) => {
    const best = s.groups[0] as (typeof s.groups)[number];
    const low = s.groups.at(-1) as (typeof s.groups)[number];
    return `${s.name[0]?.toUpperCase()}${s.name.slice(1)}: ${s.show(best.key)} did best, ${figure(best.value)} ${measure} over ${videosCount(best.size)}${overall > 0 ? ` (${times(best.value)})` : ""}; the lowest, ${s.show(low.key)}: ${figure(low.value)} over ${videosCount(low.size)}.`;
  };
  const head = `Among ${fmt(total)} ${base} (${figure(overall)} ${measure})`;
  // A best group within 10 % of the whole set stands out from nothing.
  const standing = compared.filter((s) => s.lift >= STANDS_OUT);
  const summary =
    compared.length === 0
      ? `${head}, no property the corpus records splits them into two groups of at least ${SMALL_GROUP} videos: nothing to compare.`
      : standing.length === 0
        ? `${head}, no group of ${SMALL_GROUP}+ videos by ${compared.map((s) => s.name).join(", ")} does more than ${Math.round((STANDS_OUT - 1) * 100)} % better than all of them.`
        : `${head}, what went with ${isRate(metric) ? `a higher ${METRIC_NAME[metric]}` : `more ${METRIC_NAME[metric]}`}: ${standing
            .map((s) => {
              const best = s.groups[0] as (typeof s.groups)[number];
              return `${s.show(best.key)} (${figure(best.value)}, ${times(best.value)})`;
            })
            .join("; ")}. Associations in this corpus, not causes.`;
  if (compared.length === 0)
    return {
      summary,
      findings: [{ statement: summary, evidence: await mostPlayed(ctx, filter) }],
      caveats,
      result: { videos: total, measure, overall: round(overall), splits: [] },
      computed,
    };
  return {
    summary,
    findings: await Promise.all(
      compared.map(async (s) => ({
        statement: statementOf(s),
        evidence: await groupExamples(ctx, s.groups[0] as Group, 2, s.by),
      })),
    ),
    caveats,
    result: {
      videos: total,
      measure,
      overall: round(overall),
      splits: compared.map((s) => ({
        by: s.by,
        ranking: s.groups.map((g) => g.key),
        values: s.groups.map((g) => round(g.value)),
        videos: s.groups.map((g) => g.size),
        lift: round(s.lift),
      })),
    },
    computed,
  };
}

/**
 * "Which creators have the highest share of ads?", "which accounts put a phone number in almost every caption?":
 * each account's share of its videos (those in question) that have the attribute, over accounts with 5 or more.
 */
async function accountsByShare(ctx: Ctx, target: Attribute): Promise<Outcome> {
  const { plan, call } = ctx;
  const by = plan.subject === "advertisers" ? "advertiser" : "creator";
  const filter = videoFilter(ctx);
  const [[all = []], [part = []]] = await Promise.all([
    ctx.facts.groups(filter, [by], "plays"),
    ctx.facts.groups(applyAttribute(filter, target), [by], "plays"),
  ]);
  const parts = new Map(part.map((g) => [String(g.key), g.videos]));
  const base = describe(plan);
  const what = `the share of their ${base} ${shareWords(target)}`;
  const computed = `aggregate: ${what}, per ${by}`;
  const sized = all.filter((g) => g.videos >= SMALL_GROUP);
  const caveats = [
    `Each ${by} with at least ${SMALL_GROUP} ${base}: ${fmt(sized.length)} of ${fmt(all.length)}; ${fmt(all.length - sized.length)} with fewer are left out (a share of one or two videos says little). A scrape holds what its searches found, so an account's other videos may be missing from it.`,
  ];
  const ranked = sized
    .map((g) => {
      const n = parts.get(String(g.key)) ?? 0;
      return { key: String(g.key), size: g.videos, part: n, value: pct(n, g.videos) };
    })
    .sort((a, b) =>
      plan.lowest
        ? a.value - b.value || b.size - a.size || a.key.localeCompare(b.key)
        : b.value - a.value || b.part - a.part || a.key.localeCompare(b.key),
    );
  if (ranked.length === 0)
    return emptyRanking(
      all.length === 0
        ? `No ${by} has any ${base}.`
        : `No ${by} has ${SMALL_GROUP} or more ${base}, too few for a share of them: the most is ${fmt(Math.max(...all.map((g) => g.videos)))}.`,
      caveats,
      computed,
    );
  const top = ranked.slice(0, plan.count);
  const findings = [];
  for (const g of top) {
    const evidence =
      by === "creator"
        ? creatorEvidence((await call("service_get_creator", { id: g.key })).data as Creator, {
            share: g.value,
          })
        : advertiserEvidence((await call("service_get_advertiser", { id: g.key })).data as Advertiser, {
            share: g.value,
          });
    const name = by === "creator" ? `@${evidence.figures.handle}` : String(evidence.figures.name);
    findings.push({
      statement: `${name}: ${g.value} % (${fmt(g.part)} of ${fmt(g.size)}).`,
      evidence: [evidence],
    });
  }
  const [first, second] = findings;
  const firstOf = top[0] as (typeof top)[number];
  const whole = ranked.filter((g) => g.value === 100).length;
  const none = ranked.filter((g) => g.part === 0).length;
  const summary = `${(first?.statement ?? "").replace(/:.*$/, "")} has the ${plan.lowest ? "lowest" : "highest"} ${what.replace(/^the /, "")}: ${firstOf.value} % (${fmt(firstOf.part)} of ${fmt(firstOf.size)})${second ? `, then ${second.statement.replace(/:/, "").replace(/\.$/, "")}` : ""}.${!plan.lowest && whole > 1 ? ` ${fmt(whole)} of the ${fmt(ranked.length)} have it on every one.` : ""}${plan.lowest && none > 1 ? ` ${fmt(none)} of the ${fmt(ranked.length)} have none.` : ""}`;
  return {
    summary,
    findings,
    caveats,
    result: shareResult(ranked, what),
    computed,
  };
}

async function share(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  if (plan.shareOfWindow && plan.window) return windowShare(ctx, plan.window);
  if (
    !plan.shareOf &&
    plan.subject in DISTINCT_OF &&
    (plan.groupVideos || plan.groupCreators || plan.groupMedian)
  )
    return groupsShare(ctx);
  const target = plan.shareOf as Attribute;
  if (plan.shareEach) return accountsByShare(ctx, target);
  const creator = plan.creators[0];
  if (
    creator &&
    target.kind === "ad" &&
    target.value === "yes" &&
    plan.attributes.length === 0 &&
    !plan.window &&
    plan.topics.length === 0
  ) {
    const c = (await call("service_get_creator", { id: creator.uid })).data as Creator;
    const s = pct(c.ad_count, c.video_count);
    const statement = `${fmt(c.ad_count)} of @${c.handle}'s ${fmt(c.video_count)} videos are ads: ${s} %.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [creatorEvidence(c, { ads: c.ad_count, share_pct: s })] }],
      caveats: [],
      result: { part: c.ad_count, whole: c.video_count, share_pct: s },
      computed: "service_get_creator (ad_count ÷ video_count)",
    };
  }
  await corroborate(ctx);
  // Counted in the store.
  const filter = videoFilter(ctx);
  if (plan.shareMeasure) return measureShare(ctx, filter, target, plan.shareMeasure);
  const base = await ctx.facts.count(filter);
  const partFilter = applyAttribute(filter, target);
  const partVideos = await ctx.facts.videos(partFilter, 3);
  const part = await ctx.facts.count(partFilter);
  const s = pct(part, base);
  const whole = describe(plan);
  // "294 of 5,268 videos have a detected hook", "12 of 98 ads are slideshows".
  const has =
    target.kind === "hook" ||
    target.kind === "viral_hook" ||
    target.kind === "transcript" ||
    target.kind === "caption" ||
    target.kind === "emoji" ||
    target.kind === "any_emoji";
  const are =
    target.kind === "region" || target.kind === "language"
      ? `are in ${attributeLabel(target)}`
      : target.kind === "hook_type"
        ? `are videos with a ${target.value} hook`
        : target.kind === "creator"
          ? `are ${shareWords(target)}`
          : has
            ? shareWords(target)
                .replace(/^with /, "have ")
                .replace(/^without an? /, "have no ")
            : target.kind === "text" ||
                target.kind === "price" ||
                target.kind === "phone" ||
                target.kind === "cta"
              ? shareWords(target).replace(/^that /, "")
              : `${(target.kind === "count" && target.metric !== "seconds") || target.kind === "exceeds" || target.kind === "rate" ? "have" : "are"} ${attributeLabel(target)}`;
  const one =
    part === 1
      ? are
          .replace(/^have /, "has ")
          .replace(/^are /, "is ")
          .replace(/^mention /, "mentions ")
          .replace(/^state /, "states ")
          .replace(/^give /, "gives ")
      : are;
  // ("What percentage of the trending set is from the US?": of the videos whose source records a region.)
  const recordedField = target.kind === "region" || target.kind === "language" ? target.kind : null;
  const coverage = recordedField ? await ctx.facts.coverage(filter) : null;
  const known = coverage ? (recordedField === "region" ? coverage.withRegion : coverage.withLanguage) : base;
  const unrecorded =
    recordedField && base > 0 && known < base * 0.95
      ? `The ${recordedField} is recorded for ${fmt(known)} of the ${fmt(base)} ${whole} (${pct(known, base)} %): a video without one is counted in the whole, never in the part${known > 0 ? `; among those with one, ${pct(part, known)} %` : ""}.`
      : null;
  const statement = `${fmt(part)} of ${fmt(base)} ${whole} ${one}: ${s} %.${known === 0 && base > 0 ? ` None of them records a ${recordedField}, so this says nothing of ${recordedField === "region" ? "where they are from" : "their language"}.` : ""}`;
  return {
    summary: base === 0 ? `There are no ${whole}, so no share can be given.` : statement,
    findings: [{ statement, evidence: await examples(ctx, partVideos) }],
    caveats: unrecorded ? [unrecorded] : [],
    result: { part, whole: base, share_pct: s, ...(recordedField ? { recorded: known } : {}) },
    computed: `aggregate: share of ${attributeLabel(target)} among ${whole}`,
  };
}

/** "What share of views do ads get?": the target's total of the count over the whole set's. */
async function measureShare(
  ctx: Ctx,
  filter: FactsFilter,
  target: Attribute,
  measure: "plays" | "likes" | "comments" | "shares" | "saves",
): Promise<Outcome> {
  const { plan } = ctx;
  const partFilter = applyAttribute(filter, target);
  const [whole, part] = await Promise.all([
    wholeSet(ctx, filter, measure),
    wholeSet(ctx, partFilter, measure),
  ]);
  const [all, held] = [whole?.sum ?? 0, part?.sum ?? 0];
  const unit = METRIC_NAME[measure];
  const base = describe(plan);
  const s = all === 0 ? 0 : Math.round((held / all) * 10000) / 100;
  const statement =
    all === 0
      ? `The ${base} have no ${unit} to share out.`
      : `The ${base} ${shareWords(target)} hold ${s} % of the ${unit} of all ${fmt(whole?.videos ?? 0)} ${base}: ${fmt(held)} of ${fmt(all)}, over ${videosCount(part?.videos ?? 0)} (${pct(part?.videos ?? 0, whole?.videos ?? 0)} % of the videos).`;
  return {
    summary: statement,
    findings: [{ statement, evidence: await examples(ctx, await ctx.facts.videos(partFilter, 3)) }],
    caveats: [`${unit[0]?.toUpperCase()}${unit.slice(1)} as last counted, summed over each set.`],
    result: {
      part: held,
      whole: all,
      share_pct: s,
      videos: part?.videos ?? 0,
      of_videos: whole?.videos ?? 0,
      measure,
    },
    computed: `aggregate: share of the ${unit} of ${base} held by ${attributeLabel(target)}`,
  };
}

const DISTINCT_OF = {
  creators: "creator",
  advertisers: "advertiser",
  hashtags: "hashtag",
  sounds: "sound",
  regions: "region",
  languages: "language",
} as const;

/**
 * The distinct creators (advertisers, hashtags, sounds …) of the videos in question, and those within the bounds
 * asked of each: "with more than one video", "used by over 5 creators", "a median above 50k views".
 */
async function distinctWithin(ctx: Ctx, ofAll = false) {
  const { plan } = ctx;
  const filter = videoFilter(ctx);
  // The set and its creators (advertisers, hashtags, sounds) in one pass.
  const [[whole] = [], entities = []] = await ctx.facts.groups(
    filter,
    [null, plan.byArtist ? "artist" : DISTINCT_OF[plan.subject as keyof typeof DISTINCT_OF]],
    factsValueOf(plan.groupMedian?.metric ?? "plays"),
    { creators: plan.groupCreators !== null },
  );
  const bound = plan.groupVideos;
  // ("How many sounds are used by more than 5 creators?": those whose videos have that many.)
  const creatorsBound = plan.subject === "creators" ? null : plan.groupCreators;
  // ("How many creators have median views above 50k?": those with 5 or more videos whose median is.)
  const median = plan.groupMedian;
  let all = new Set(entities.map((g) => String(g.key)));
  const within = new Set(
    entities
      .filter((g) => !bound || followersPass(bound)(g.videos))
      .filter((g) => !creatorsBound || followersPass(creatorsBound)(g.creators ?? 0))
      .filter((g) => !median || (g.videos >= SMALL_GROUP && followersPass(median.bound)(g.median ?? 0)))
      .map((g) => String(g.key)),
  );
  // "How many hire-ready (verified, house) creators …", "… with over 10k followers": those only.
  // (The whole is read only for a share: a count needs the facts of those within the bounds alone.)
  const restricted = plan.subject === "creators" && (plan.creatorType !== null || plan.followers !== null);
  if (restricted) {
    const type = plan.creatorType;
    const followers = plan.followers ? followersPass(plan.followers) : null;
    const facts = await ctx.facts.creators([...(ofAll ? all : within)]);
    all = new Set(
      [...facts]
        .filter(([, c]) => (!type || c[type]) && (!followers || followers(c.followers)))
        .map(([uid]) => uid),
    );
  }
  const kept = new Set([...within].filter((key) => all.has(key)));
  const medianWords = median
    ? `a median of ${boundWords(median.bound)} ${METRIC_NAME[median.metric]} per video`
    : "";
  const what = bound
    ? `with ${boundWords(bound)} of the ${describe(plan)}${median ? ` and ${medianWords}` : ""}`
    : creatorsBound
      ? `whose ${describe(plan)} are by ${boundWords(creatorsBound)} creators`
      : median
        ? `with ${SMALL_GROUP} or more of the ${describe(plan)} and ${medianWords}`
        : plan.subject === "hashtags" || plan.subject === "sounds"
          ? `used by the ${describe(plan)}`
          : plan.subject === "regions" || plan.subject === "languages"
            ? `recorded for the ${describe(plan)}`
            : `with at least one of the ${describe(plan)}`;
  // What each one within the bounds has, said of the whole: "have over 1 of them".
  const have = bound
    ? `have ${boundWords(bound)} of them${median ? ` and ${medianWords}` : ""}`
    : creatorsBound
      ? `have videos by ${boundWords(creatorsBound)} creators`
      : `have ${SMALL_GROUP} or more of them and ${medianWords}`;
  const who = restricted ? creatorsLabel(plan) : plan.byArtist ? "artists" : plan.subject;
  return { filter, all, kept, matching: whole?.videos ?? 0, what, have, who, restricted };
}

/** "What percentage of creators have posted more than one video?": those within the bounds among them all. */
async function groupsShare(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const d = await distinctWithin(ctx, true);
  const what = describe(plan);
  const statement =
    d.all.size === 0
      ? `There are no ${d.who} of the ${what}, so no share can be given.`
      : `${fmt(d.kept.size)} of the ${fmt(d.all.size)} ${d.who} of the ${what} ${d.kept.size === 1 ? d.have.replace(/^have\b/, "has") : d.have}: ${pct(d.kept.size, d.all.size)} %.`;
  return {
    summary: statement,
    findings: [{ statement, evidence: await mostPlayed(ctx, d.filter) }],
    caveats: d.restricted && plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : [],
    result: { part: d.kept.size, whole: d.all.size, share_pct: pct(d.kept.size, d.all.size) },
    computed: `aggregate: share of the distinct ${plan.subject} over the videos within the bounds`,
  };
}

async function count(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  const onlyEntity =
    plan.topics.length === 0 &&
    !plan.window &&
    plan.attributes.every((a) => a.kind === "ad" && a.value === "yes");
  const sumMetric = plan.metric && COUNTS.includes(plan.metric) ? plan.metric : null;
  if (!sumMetric && onlyEntity && plan.creators.length === 1 && plan.advertisers.length === 0) {
    const c = (await call("service_get_creator", { id: plan.creators[0]?.uid })).data as Creator;
    const ads = plan.attributes.length > 0;
    const n = ads ? c.ad_count : c.video_count;
    const statement = `@${c.handle} has ${fmt(n)} ${ads ? "ads" : "videos"} in the corpus${ads ? ` (of ${fmt(c.video_count)} videos)` : ""}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [creatorEvidence(c, { ads: c.ad_count })] }],
      caveats: [],
      result: { count: n },
      computed: "service_get_creator",
    };
  }
  // Its ads ("how many ads did Keypad Hotel run?") are counted below, over its videos.
  if (
    !sumMetric &&
    onlyEntity &&
    plan.attributes.length === 0 &&
    plan.advertisers.length === 1 &&
    plan.creators.length === 0
  ) {
    const a = (await call("service_get_advertiser", { id: plan.advertisers[0]?.id })).data as Advertiser;
    const statement = `${a.name} has ${videosCount(a.video_count)} assigned in the corpus, by ${fmt(a.creator_count)} creator${a.creator_count === 1 ? "" : "s"}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: [advertiserEvidence(a, { creators: a.creator_count })] }],
      caveats: [],
      result: { count: a.video_count },
      computed: "service_get_advertiser",
    };
  }
  if (
    plan.subject === "advertisers" &&
    plan.advertisers.length === 0 &&
    !hasVideoFilters(plan) &&
    !plan.groupCreators
  ) {
    const out = await call("service_search_advertisers", {
      ...(plan.focus ? { focus: plan.focus } : {}),
      limit: 1,
    });
    const total = (out.meta as { total: number | null }).total ?? 0;
    const statement = `There are ${fmt(total)} ${plan.focus ? `${plan.focus} ` : ""}advertisers in the corpus.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: list<Advertiser>(out).map((a) => advertiserEvidence(a)) }],
      caveats: [],
      result: { count: total },
      computed: "service_search_advertisers (meta.total)",
    };
  }
  if (plan.subject in DISTINCT_OF && plan.creators.length + plan.advertisers.length === 0) {
    const d = await distinctWithin(ctx);
    const statement = `${thereAre(d.kept.size, `${d.who} ${d.what}`, `${d.who.replace(/s$/, "").replace(/creators /, "creator ")} ${d.what}`)} (${videosCount(d.matching)}).`;
    return {
      summary: statement,
      findings: [{ statement, evidence: await mostPlayed(ctx, d.filter) }],
      caveats: d.restricted && plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : [],
      result: { count: d.kept.size, videos: d.matching },
      computed: `aggregate: distinct ${plan.subject} over the videos`,
    };
  }
  await corroborate(ctx);
  const what = describe(plan);
  if (!sumMetric) {
    // Counted in the store, with the three most played as examples: a million videos never leave it.
    const filter = videoFilter(ctx);
    const n = await ctx.facts.count(filter);
    const statement = `${thereAre(n, what, describe(plan, { one: true }))}.`;
    return {
      summary: statement,
      findings: [{ statement, evidence: await mostPlayed(ctx, filter, plan.examples) }],
      caveats: [],
      result: { count: n },
      computed: "aggregate: count",
    };
  }
  const filter = videoFilter(ctx);
  const whole = await wholeSet(ctx, filter, sumMetric);
  const n = whole?.videos ?? 0;
  const total = whole?.sum ?? 0;
  const statement = `${what[0]?.toUpperCase()}${what.slice(1)} have ${fmt(total)} ${METRIC_NAME[sumMetric]} in total (${videosCount(n)}, latest snapshots).`;
  return {
    summary: statement,
    findings: [{ statement, evidence: await mostPlayed(ctx, filter) }],
    caveats: [],
    result: { count: n, total, metric: sumMetric },
    computed: `aggregate: sum of ${sumMetric}`,
  };
}

/**
 * "What share of views do the top 10 creators get?": the accounts (sounds, videos) ranked by their total of the
 * measure over the videos in question, and the share the leading ones hold; with no number, the top 1, the top
 * 10, the top 1 % and how many hold half.
 */
async function concentrationOf(ctx: Ctx, c: NonNullable<Plan["concentration"]>): Promise<Outcome> {
  const { plan } = ctx;
  // ("What share of all ads do the top five advertisers represent?": the videos, counted.)
  const byCount = plan.metric === "videos" && c.of !== "video";
  const metric = (byCount ? "plays" : (plan.metric ?? "plays")) as
    | "plays"
    | "likes"
    | "comments"
    | "shares"
    | "saves";
  await corroborate(ctx);
  const filter = videoFilter(ctx);
  const whole = await wholeSet(ctx, filter, metric);
  const total = (byCount ? whole?.videos : whole?.sum) ?? 0;
  const what = describe(plan);
  const unit = byCount ? "videos" : METRIC_NAME[metric];
  // "the views of resort videos"; counted, "the resort videos".
  const heldOf = byCount ? what : `${unit} of ${what}`;
  const noun = `${c.of}s`;
  const videos = whole?.videos ?? 0;
  const onePct = (of: number) => Math.max(1, Math.ceil(of / 100));
  // How many of the largest the answer takes, out of `of`: the top N (or N %), else the top 10 and the top 1 %.
  const needed = (of: number) =>
    Math.max(
      1,
      c.top === null ? Math.max(10, onePct(of)) : c.percent ? Math.ceil((of * c.top) / 100) : c.top,
    );
  // Each one's total, largest first, read once: every account's or sound's, summed in the store; for videos,
  // only as many as the answer needs.
  const ranked =
    c.of === "video"
      ? (await ctx.facts.topBy(filter, metric, needed(videos))).map((v) => ({
          key: v.id,
          value: factValue(v, metric),
        }))
      : ((await ctx.facts.groups(filter, [c.of], metric))[0] ?? [])
          .map((g) => ({ key: String(g.key), value: byCount ? g.videos : g.sum }))
          .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  const members = c.of === "video" ? videos : ranked.length;
  const share = (part: number) => (total === 0 ? 0 : Math.round((part / total) * 10000) / 100);
  const held = (n: number) => ranked.slice(0, n).reduce((x, g) => x + g.value, 0);
  const nameOf = async (key: string) =>
    c.of === "creator" || c.of === "advertiser"
      ? await ctx.facts.nameOf(c.of, key)
      : c.of === "video"
        ? key
        : `"${await soundTitle(ctx, filter, key)}" (sound ${key})`;
  // (Evidence names a video, a creator or an advertiser: a sound is cited by its leading video among those measured.)
  const cited = async (key: string): Promise<{ type: Evidence["type"]; id: string } | null> => {
    if (c.of !== "sound")
      return {
        type: c.of === "advertiser" ? "advertiser" : c.of === "creator" ? "creator" : "video",
        id: key,
      };
    const attribute: Attribute = { kind: "sound", ids: [key], title: key };
    const sub = { ...ctx, plan: { ...plan, attributes: [...plan.attributes, attribute] } };
    const [lead] = await ctx.facts.topBy(videoFilter(sub), metric, 1);
    return lead ? { type: "video", id: lead.id } : null;
  };
  // (A sound's figure, cited on its video, is named as the sound's.)
  const heldAs = `${c.of === "sound" ? "sound_" : ""}${byCount ? "videos" : metric}`;
  const caveats = [
    byCount
      ? `Each ${c.of}'s ${what} counted; a ${c.of} with no video among them holds none.`
      : `Each ${c.of}'s ${unit} summed over the ${what} (latest counts); ${c.of === "video" ? "each video its own" : `a ${c.of} with no video among them holds none`}.`,
  ];
  const computed = `aggregate: the share of the ${heldOf} held by the leading ${noun}`;
  if (total === 0 || members === 0)
    return emptyRanking(`No ${what} with ${unit} to share out.`, caveats, computed);
  if (c.top !== null) {
    const n = needed(members);
    const top = ranked.slice(0, Math.min(n, 5));
    const part = held(n);
    const names = await Promise.all(top.slice(0, 5).map((g) => nameOf(g.key)));
    const cites = await Promise.all(top.slice(0, 5).map((g) => cited(g.key)));
    const statement = `The top ${c.percent ? `${c.top} % of ${noun} (${fmt(n)} of ${fmt(members)})` : `${fmt(n)} ${noun} (of ${fmt(members)})`} hold ${share(part)} % of the ${heldOf}: ${fmt(part)} of ${fmt(total)}. The largest: ${top
      .slice(0, 5)
      .map((g, i) => `${names[i]} ${share(g.value)} %`)
      .join(", ")}.`;
    return {
      summary: statement,
      findings: [
        {
          statement,
          evidence: top.slice(0, 5).flatMap((g, i) => {
            const at = cites[i];
            return at
              ? [{ ...at, figures: { [heldAs]: g.value, share_pct: share(g.value) } } as Evidence]
              : [];
          }),
        },
      ],
      caveats,
      result: {
        top: n,
        members,
        part,
        whole: total,
        share_pct: share(part),
        ranking: top.slice(0, 5).map((g) => g.key),
      },
      computed,
    };
  }
  // A profile: the top 1, 10 and 1 %, and (for accounts and sounds) how many hold half.
  const pct = onePct(members);
  const [first, ten, pct1] = [held(1), held(10), held(pct)];
  let half: number | null = null;
  if (c.of !== "video") {
    let run = 0;
    half =
      ranked.findIndex((g) => {
        run += g.value;
        return run * 2 >= total;
      }) + 1;
  }
  const leader = ranked[0] as { key: string; value: number };
  const statement = `Of the ${heldOf} (${fmt(total)} over ${fmt(members)} ${noun}), the top ${c.of} (${await nameOf(leader.key)}) holds ${share(first)} %, the top 10 hold ${share(ten)} % and the top 1 % (${fmt(pct)}) hold ${share(pct1)} %${half === null ? "" : `; ${fmt(half)} ${noun} (${Math.round((half / members) * 10000) / 100} %) hold half`}.`;
  return {
    summary: statement,
    findings: [
      {
        statement,
        evidence: await cited(leader.key).then((at) =>
          at ? [{ ...at, figures: { [heldAs]: leader.value, share_pct: share(first) } } as Evidence] : [],
        ),
      },
    ],
    caveats,
    result: {
      members,
      whole: total,
      top1_pct: share(first),
      top10_pct: share(ten),
      top1_percent_pct: share(pct1),
      ...(half === null ? {} : { half_held_by: half }),
    },
    computed,
  };
}

async function measure(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  if (plan.concentration) return concentrationOf(ctx, plan.concentration);
  if (plan.metric === "followers" && plan.creators.length === 0) return followersMedian(ctx);
  if (
    plan.metric === "videos" &&
    (plan.subject === "creators" || plan.subject === "advertisers") &&
    plan.creators.length + plan.advertisers.length === 0
  )
    return videosPerAccount(ctx, plan.subject === "creators" ? "creator" : "advertiser");
  const metric: Metric =
    plan.metric && !["videos", "followers", "growth"].includes(plan.metric) ? plan.metric : "plays";
  await corroborate(ctx);
  // The median in the store; the cited videos are the three nearest it.
  const filter = videoFilter(ctx);
  const whole = await wholeSet(ctx, filter, metric);
  const matching = whole?.videos ?? 0;
  // A length is the duration the source recorded; slideshows and videos without one are left out.
  const measured = whole?.valued ?? 0;
  const what = describe(plan);
  if (!whole || whole.median === null) {
    const none =
      matching > 0
        ? `None of the ${fmt(matching)} ${what} has a recorded length (slideshows have none).`
        : `There are no ${what} to measure.`;
    return {
      summary: none,
      findings: [{ statement: none, evidence: [] }],
      caveats: [],
      result: { videos: 0 },
      computed: "aggregate: median",
    };
  }
  if (plan.percentiles.length > 0) return percentilesOf(ctx, filter, whole, metric as Metric & FactsValue);
  if (plan.percentile !== null)
    return percentileOf(ctx, filter, metric as Metric & FactsValue, measured, plan.percentile);
  const value = whole.median;
  const near = await ctx.facts.nearest(filter, metric as FactsValue, value, 3);
  const medianLine =
    metric === "duration"
      ? `The median length of ${what} is ${showFigure(metric, value)} (${videosCount(measured)} with a recorded length).`
      : `The median ${METRIC_NAME[metric]} per video of ${what} is ${showFigure(metric, value)} (${videosCount(measured)}).`;
  // "What's the engagement rate of …" asks for the set's rate: pooled first, then the typical video's.
  const pooled = isRate(metric) ? groupFigure(whole, metric, "sum") : null;
  // "The median views, likes and comments": each other count named, over the same videos.
  const others = await Promise.all(
    plan.alsoMeasured.filter(isFactsValue).map(async (m) => {
      const median = (await wholeSet(ctx, filter, m))?.median ?? 0;
      return { metric: m, median, near: await ctx.facts.nearest(filter, m, median, 3) };
    }),
  );
  const statement =
    pooled === null
      ? others.length === 0
        ? medianLine
        : `${medianLine.replace(/\.$/, "")}; the median ${others.map((o) => `${METRIC_NAME[o.metric]} ${showFigure(o.metric, o.median)}`).join(", ")}.`
      : `The ${METRIC_NAME[metric]} of ${what} is ${showFigure(metric, pooled)} pooled over ${videosCount(measured)}; the median video's is ${showFigure(metric, value)}.`;
  return {
    summary: statement,
    findings: [
      {
        statement: `${medianLine} The cited videos sit at the median.`,
        evidence: near.map((v) => factEvidence(v, { [metric]: round(factValue(v, metric)) })),
      },
      ...others.map((o) => ({
        statement: `The median ${METRIC_NAME[o.metric]} per video of ${what} is ${showFigure(o.metric, o.median)}. The cited videos sit at the median.`,
        evidence: o.near.map((v) => factEvidence(v, { [o.metric]: round(factValue(v, o.metric)) })),
      })),
    ],
    caveats: isRate(metric)
      ? [
          `${rateFormula(metric)}, pooled over the videos (each weighs by its ${isCountRatio(metric) ? ratioCounts(metric).per : "plays"}) and per video (the median).`,
        ]
      : metric === "duration"
        ? [
            `Length: the duration the source recorded (duration_s). ${matching === measured ? "Every matching video has one." : `${fmt(matching - measured)} of the ${fmt(matching)} matching videos have no recorded duration or are slideshows, and are left out.`}`,
          ]
        : [],
    result: {
      median: round(value),
      ...(pooled === null ? {} : { pooled: round(pooled) }),
      videos: measured,
      metric,
      ...(others.length > 0
        ? { also: Object.fromEntries(others.map((o) => [o.metric, round(o.median)])) }
        : {}),
    },
    computed: `aggregate: median ${metric} per video`,
  };
}

/**
 * "The 90th percentile of views of hotel ads", "p95 likes": the value at that rank of the per-video values,
 * lowest first (nearest rank: at least that share of the videos have at most it), cited by the three nearest.
 */
async function percentileOf(
  ctx: Ctx,
  filter: FactsFilter,
  metric: Metric & FactsValue,
  measured: number,
  p: number,
): Promise<Outcome> {
  const what = describe(ctx.plan);
  const value = await valueAt(ctx, filter, metric, measured, p);
  const near = await ctx.facts.nearest(filter, metric, value, 3);
  const nth = ordinalNumber(p);
  const unit = metric === "duration" ? "length" : `${METRIC_NAME[metric]} per video`;
  const statement = `The ${nth} percentile of ${unit} of ${what} is ${showFigure(metric, value)} (${videosCount(measured)}): at least ${p} % of them have at most that.`;
  return {
    summary: statement,
    findings: [
      {
        statement: `${statement} The cited videos sit at it.`,
        evidence: near.map((v) => factEvidence(v, { [metric]: round(factValue(v, metric)) })),
      },
    ],
    caveats: [
      `Percentile by nearest rank: the value of the video at rank ⌈${p} % × ${fmt(measured)}⌉ from the lowest.`,
      ...(isRate(metric) ? [`${rateFormula(metric)}, per video.`] : []),
    ],
    result: { percentile: p, value: round(value), videos: measured, metric },
    computed: `aggregate: ${nth} percentile of ${metric} per video`,
  };
}

/** The value at percentile p of `measured` per-video values, by nearest rank (0: the lowest, 100: the highest). */
async function valueAt(
  ctx: Ctx,
  filter: FactsFilter,
  metric: Metric & FactsValue,
  measured: number,
  p: number,
): Promise<number> {
  const fromTop = measured - Math.max(1, Math.ceil((p / 100) * measured)) + 1;
  return (await ctx.facts.nthHighest(filter, metric, fromTop)) ?? 0;
}

/**
 * "p10, p25, p50, p75 and p90 of views", "the quartiles", "the IQR", "min, median and max": each value by nearest
 * rank, lowest first (the median as every answer gives it), with the range between the quartiles when both are
 * asked; each count named after the first measured the same way ("for plays and for saves"). The videos at each of
 * the first's values are cited.
 */
async function percentilesOf(
  ctx: Ctx,
  filter: FactsFilter,
  whole: FactsGroup,
  first: Metric & FactsValue,
): Promise<Outcome> {
  const { plan } = ctx;
  const what = describe(plan);
  const metrics = [first, ...plan.alsoMeasured.filter(isFactsValue).filter((m) => m !== first)];
  const read = await Promise.all(
    metrics.map(async (metric) => {
      const set = metric === first ? whole : await wholeSet(ctx, filter, metric);
      const measured = set?.valued ?? 0;
      const values = await Promise.all(
        plan.percentiles.map((p) =>
          p === 50 ? (set?.median ?? 0) : valueAt(ctx, filter, metric, measured, p),
        ),
      );
      const at = plan.percentiles.map((p, i) => ({ p, value: values[i] as number }));
      const q1 = at.find((x) => x.p === 25);
      const q3 = at.find((x) => x.p === 75);
      const iqr = q1 && q3 ? q3.value - q1.value : null;
      const unit = metric === "duration" ? "Length" : `${upperFirst(METRIC_NAME[metric])} per video`;
      const statement = `${unit} of ${what} (${videosCount(measured)}): ${at.map((x) => `${percentileName(x.p)} ${showFigure(metric, x.value)}`).join(", ")}${iqr === null ? "" : `; the range between the quartiles (p75 − p25) is ${showFigure(metric, iqr)}`}.`;
      return { metric, measured, at, iqr, statement };
    }),
  );
  const main = read[0] as (typeof read)[number];
  const cited = await Promise.all(main.at.map((x) => ctx.facts.nearest(filter, first, x.value, 1)));
  return {
    summary: read.map((r) => r.statement).join(" "),
    findings: [
      ...read.map((r) => ({ statement: r.statement, evidence: [] })),
      ...main.at.map((x, i) => ({
        statement: `${upperFirst(percentileName(x.p))}: ${showFigure(first, x.value)}. The cited video sits nearest it.`,
        evidence: (cited[i] ?? []).map((v) => factEvidence(v, { [first]: round(factValue(v, first)) })),
      })),
    ],
    caveats: [
      `Percentiles by nearest rank: the value at rank ⌈p % × n⌉ from the lowest (the lowest and the highest are the first and the last; the median is the middle value, or the mean of the two middle ones).`,
      ...(isRate(first) ? [`${rateFormula(first)}, per video.`] : []),
    ],
    result: {
      percentiles: main.at.map((x) => ({ percentile: x.p, value: round(x.value) })),
      ...(main.iqr === null ? {} : { iqr: round(main.iqr) }),
      videos: main.measured,
      metric: first,
      ...(read.length > 1
        ? {
            also: Object.fromEntries(
              read
                .slice(1)
                .map((r) => [r.metric, r.at.map((x) => ({ percentile: x.p, value: round(x.value) }))]),
            ),
          }
        : {}),
    },
    computed: `aggregate: ${plan.percentiles.join(", ")} percentiles per video`,
  };
}

async function overview(ctx: Ctx): Promise<Outcome> {
  const filter = videoFilter(ctx);
  const whole = await wholeSet(ctx, filter, "plays");
  const n = whole?.videos ?? 0;
  // The ad share, unless the set is ads or organic videos already.
  const ads = filter.ad ? null : await ctx.facts.count({ ...filter, ad: "yes" });
  const what = describe(ctx.plan);
  const mid = whole?.median ?? null;
  const statement = `${fmt(n)} ${what}; median plays ${mid === null ? "n/a" : fmt(mid)}${ads === null ? "" : `; ${pct(ads, n)} % ads`}.`;
  // ("Overview of the hotelhoian search": its own most played videos, which the search tool cannot narrow to.)
  const evidence = searchedExactly(ctx)
    ? list<Video>(
        await ctx.call("service_search_videos", { ...searchArgs(ctx.plan), sort: "views", limit: 5 }),
      )
        .slice(0, 3)
        .map((v) => videoEvidence(v))
    : await mostPlayed(ctx, filter);
  return {
    summary: statement,
    findings: [{ statement, evidence }],
    caveats: [],
    result: { count: n, median_plays: mid },
    computed: "aggregate: count, median plays, ad share",
  };
}

/**
 * "Compare the hashtags of @a and @b": each account's most used hashtags (sounds, hook types) over its videos,
 * side by side, and those they share.
 */
async function compareUses(ctx: Ctx, by: "hashtag" | "sound" | "hook_type"): Promise<Outcome> {
  const { plan } = ctx;
  await corroborate(ctx);
  const base = videoFilter(ctx, { entities: false });
  // ("Which hashtags does @x use most in 2024 vs 2025?": periods, ad groups or topics of the account's videos.)
  const within = videoFilter(ctx);
  const sides =
    plan.usesBy === "period"
      ? (plan.window?.periods ?? []).map((p) => ({
          name: p.label,
          filter: { ...within, since: p.from, until: p.to },
        }))
      : plan.usesBy === "ad"
        ? [
            { name: "ads", filter: { ...within, ad: "yes" as const } },
            { name: "organic videos", filter: { ...within, ad: "no" as const } },
          ]
        : plan.usesBy === "topic"
          ? plan.compareTopics.map((t) => ({
              name: `"${topicWords([t])}" videos`,
              filter: videoFilter({ ...ctx, plan: { ...plan, topics: [...plan.topics, t] } }),
            }))
          : [
              ...plan.creators.map((c) => ({ name: `@${c.handle}`, filter: { ...base, author_uid: c.uid } })),
              ...plan.advertisers.map((a) => ({ name: a.name, filter: { ...base, advertiser_id: a.id } })),
            ];
  const noun = by === "hashtag" ? "hashtags" : by === "sound" ? "sounds" : "hook types";
  // "Which hook type works better for ads or organic?": each side's groups by a measure, those on enough videos.
  const metric = plan.metric && isFactsValue(plan.metric) ? plan.metric : null;
  const statistic = isRate(metric) ? "sum" : "median";
  const measure = metric ? measureName(metric, statistic) : "";
  const used = await Promise.all(
    sides.map(async (side) => {
      const [groups = []] = await ctx.facts.groups(
        by === "hook_type" ? { ...side.filter, hook: "yes" } : side.filter,
        [by],
        factsValueOf(metric),
      );
      const all = groups
        .map((g) => ({ key: String(g.key), videos: g.videos, value: groupFigure(g, metric, statistic) }))
        .sort((a, b) => b.videos - a.videos || a.key.localeCompare(b.key));
      const ranked = metric
        ? all
            .filter((g) => g.videos >= SMALL_GROUP)
            .sort((a, b) => b.value - a.value || b.videos - a.videos || a.key.localeCompare(b.key))
        : all;
      return { ...side, all, ranked, videos: await ctx.facts.count(side.filter) };
    }),
  );
  // A sound is shown by its title (the most played video's), a hashtag with its "#".
  const titles = new Map<string, string>();
  if (by === "sound")
    for (const side of used)
      for (const g of side.ranked.slice(0, plan.count))
        if (!titles.has(g.key)) titles.set(g.key, `"${await soundTitle(ctx, side.filter, g.key)}"`);
  const nameOf = (k: string) => (by === "hashtag" ? `#${k}` : (titles.get(k) ?? k));
  const shared = (used[0]?.all ?? [])
    .map((g) => g.key)
    .filter((k) => used.every((side) => side.all.some((g) => g.key === k)));
  const whose = (name: string) => `${name}${name.endsWith("s") ? "'" : "'s"}`;
  const lines = used.map((side) =>
    side.all.length === 0
      ? `${side.name}: no ${noun} on ${plan.usesBy ? "their" : "its"} ${videosCount(side.videos)}`
      : metric === null
        ? `${whose(side.name)} most used ${noun} (of ${videosCount(side.videos)}): ${side.ranked
            .slice(0, plan.count)
            .map((g) => `${nameOf(g.key)} ${fmt(g.videos)}`)
            .join(", ")}`
        : side.ranked.length === 0
          ? `${side.name}: none of ${plan.usesBy ? "their" : "its"} ${fmt(side.all.length)} ${noun} is on ${SMALL_GROUP} videos or more`
          : `${whose(side.name)} ${noun} by ${measure} (those on ${SMALL_GROUP} videos or more): ${side.ranked
              .slice(0, plan.count)
              .map((g) => `${nameOf(g.key)} ${showFigure(metric, g.value)} (${videosCount(g.videos)})`)
              .join(", ")}`,
  );
  const both =
    shared.length === 0
      ? `They share no ${noun.replace(/s$/, "")}.`
      : `${used.length === 2 ? "Both" : "All"} use ${shared.length === 1 ? `one ${noun.replace(/s$/, "")}` : `${fmt(shared.length)} ${noun}`} in common: ${shared
          .slice(0, 8)
          .map(nameOf)
          .join(", ")}${shared.length > 8 ? ` and ${shared.length - 8} more` : ""}.`;
  const summary = `${lines.join("; ").replace(/^./, (c) => c.toUpperCase())}. ${both}`;
  return {
    summary,
    findings: await Promise.all(
      used.map(async (side, i) => ({
        statement: `${lines[i]}.`,
        evidence: (await ctx.facts.videos(side.filter, 2)).map((v) => factEvidence(v)),
      })),
    ),
    caveats: [
      `Counted over each ${plan.usesBy === "ad" ? "group" : plan.usesBy === "period" ? "period" : plan.usesBy === "topic" ? "topic" : "account"}'s videos in the corpus${hasVideoFilters(plan.usesBy ? plan : { ...plan, creators: [], advertisers: [] }) ? ` (${describe(plan.usesBy ? plan : { ...plan, creators: [], advertisers: [] })})` : ""}: the number of its videos using each.${by === "hook_type" ? " Hook types are recorded for videos with a detected hook." : ""}`,
    ],
    result: {
      sides: used.map((side) => ({
        name: side.name,
        videos: side.videos,
        ranking: side.ranked.slice(0, plan.count).map((g) => g.key),
        values: side.ranked.slice(0, plan.count).map((g) => (metric ? round(g.value) : g.videos)),
        ...(metric ? { videos_each: side.ranked.slice(0, plan.count).map((g) => g.videos) } : {}),
      })),
      shared,
    },
    computed: `aggregate: ${noun} of each account's videos, side by side`,
  };
}

/** "Compare @a and @b on median views and saves": the comparison on the first count, and each other one said. */
async function compareAlso(ctx: Ctx): Promise<Outcome> {
  const main = await compare(ctx);
  const { ranking: ids, names } = main.result;
  if (ctx.plan.alsoMeasured.length === 0 || !Array.isArray(ids) || !Array.isArray(names)) return main;
  const also: Record<string, number[]> = {};
  const lines: string[] = [];
  for (const metric of ctx.plan.alsoMeasured) {
    const other = await compare({ ...ctx, plan: { ...ctx.plan, metric, alsoMeasured: [] } });
    const [ranking, values] = [other.result.ranking, other.result.values];
    if (!Array.isArray(ranking) || !Array.isArray(values)) continue;
    const byId = new Map(ranking.map((id, i) => [String(id), values[i] as number]));
    also[metric] = ids.map((id) => byId.get(String(id)) ?? 0);
    lines.push(
      `${ctx.plan.perVideo ? "Median" : "Total"} ${METRIC_NAME[metric]}${ctx.plan.perVideo ? " per video" : ""}: ${ids.map((id, i) => `${names[i]} ${showFigure(metric, byId.get(String(id)) ?? 0)}`).join(", ")}.`,
    );
  }
  if (lines.length === 0) return main;
  return { ...main, summary: `${main.summary} ${lines.join(" ")}`, result: { ...main.result, also } };
}

async function compare(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  // ("Who gets more views per video?", "compare them on median views": each one's median video.)
  const statistic = plan.perVideo ? "median" : "sum";
  if (plan.subject === "hashtags" || plan.subject === "sounds" || plan.subject === "hook_types")
    return compareUses(
      ctx,
      plan.subject === "hashtags" ? "hashtag" : plan.subject === "sounds" ? "sound" : "hook_type",
    );
  const profiles = new Map<string, Creator & { growth_by_window: Record<string, number> }>();
  for (const c of plan.creators)
    profiles.set(
      c.uid,
      (await call("service_get_creator", { id: c.uid })).data as Creator & {
        growth_by_window: Record<string, number>;
      },
    );
  // Creators compare on followers unless one of them has none recorded (scraped items often do not).
  const unknown = [...profiles.values()].filter((d) => d.followers === null).map((d) => `@${d.handle}`);
  const metric: Metric =
    plan.metric ?? (plan.creators.length >= 2 ? (unknown.length > 0 ? "plays" : "followers") : "videos");
  const caveats: string[] = rateDefinition(metric);
  if (plan.metric === null && metric === "plays")
    caveats.push(
      `Followers are not recorded for ${joinNames(unknown)}, so they are compared on the views of their videos.`,
    );
  type Row = {
    id: string;
    name: string;
    type: "creator" | "advertiser";
    value: number;
    figures: Evidence["figures"];
  };
  const rows: Row[] = [];
  /** Each creator's number of the videos in question (when they were read). */
  const posted = new Map<string, number>();
  // Accounts with none of the videos in question: said so, not compared on a figure of nothing (0).
  const none: string[] = [];
  let windowNote = "";
  const viaFacts =
    COUNTS.includes(metric) || isRate(metric) || hasVideoFilters({ ...plan, creators: [], advertisers: [] });
  for (const c of plan.creators) {
    const d = profiles.get(c.uid) as Creator & { growth_by_window: Record<string, number> };
    const window = snapWindow(plan.window?.days ?? 7, CREATOR_WINDOWS);
    let value: number;
    if (metric === "growth") {
      value = d.growth_by_window[String(window)] ?? 0;
      windowNote = ` over ${window} days`;
    } else if (metric === "followers")
      // An account's followers, whichever of its videos the question is about (its videos are not counted).
      value = d.followers ?? 0;
    else if (viaFacts) {
      const vs = await ctx.facts.videos({ ...videoFilter(ctx, { entities: false }), author_uid: c.uid });
      value = metric === "videos" ? vs.length : figureOf(vs, metric, statistic);
      posted.set(d.uid, vs.length);
      if (vs.length === 0 && metric !== "videos") none.push(`@${d.handle}`);
    } else if (metric === "videos")
      value = plan.attributes.some((a) => a.kind === "ad" && a.value === "yes") ? d.ad_count : d.video_count;
    else value = d.followers ?? 0;
    rows.push({
      id: d.uid,
      name: `@${d.handle}`,
      type: "creator",
      value,
      figures: {
        handle: d.handle,
        followers: d.followers,
        videos: d.video_count,
        ads: d.ad_count,
        [metric]: round(value),
      },
    });
  }
  for (const a of plan.advertisers) {
    const d = (await call("service_get_advertiser", { id: a.id })).data as Advertiser & {
      growth_by_window: Record<string, number>;
    };
    const window = snapWindow(plan.window?.days ?? 7, ADVERTISER_WINDOWS);
    let value: number;
    if (metric === "growth") {
      value = d.growth_by_window[String(window)] ?? 0;
      windowNote = window === 0 ? " today (UTC)" : ` over ${window} days`;
    } else if (viaFacts || metric === "followers") {
      const vs = await ctx.facts.videos({ ...videoFilter(ctx, { entities: false }), advertiser_id: a.id });
      value = metric === "videos" || metric === "followers" ? vs.length : figureOf(vs, metric, statistic);
      if (vs.length === 0 && metric !== "videos" && metric !== "followers") none.push(d.name);
    } else value = d.video_count;
    rows.push({
      id: d.id,
      name: d.name,
      type: "advertiser",
      value,
      figures: { name: d.name, videos: d.video_count, creators: d.creator_count, [metric]: round(value) },
    });
  }
  const ranked = [...rows]
    .filter((r) => !none.includes(r.name))
    .sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));
  const [first, second] = ranked as [Row, Row];
  // ("How does @a compare to @b?": no measure named, followers first, and each one's videos and median video beside.)
  const beside = new Map<string, { videos: number; median: number }>();
  if (plan.metric === null && metric === "followers" && plan.advertisers.length === 0)
    for (const r of rows) {
      const vs = await ctx.facts.videos({ ...videoFilter(ctx, { entities: false }), author_uid: r.id });
      if (vs.length > 0) beside.set(r.id, { videos: vs.length, median: figureOf(vs, "plays", "median") });
    }
  const besideSaid =
    beside.size === rows.length && rows.length >= 2
      ? ` By median views per video${hasVideoFilters({ ...plan, creators: [], advertisers: [] }) ? ` of their ${describe({ ...plan, creators: [], advertisers: [] })}` : ""}: ${[
          ...rows,
        ]
          .sort((a, b) => (beside.get(b.id)?.median ?? 0) - (beside.get(a.id)?.median ?? 0))
          .map((r) => `${r.name} ${fmt(beside.get(r.id)?.median ?? 0)}`)
          .join(", ")}.`
      : "";
  const label = `${metric === "videos" && plan.attributes.some((a) => a.kind === "ad" && a.value === "yes") ? "ads" : statistic === "median" && viaFacts && COUNTS.includes(metric) && metric !== "videos" ? `median ${METRIC_NAME[metric]} per video` : METRIC_NAME[metric]}${windowNote}`;
  const scope =
    viaFacts && metric !== "followers" && hasVideoFilters({ ...plan, creators: [], advertisers: [] })
      ? ` (over their ${describe({ ...plan, creators: [], advertisers: [] })})`
      : "";
  const tie = second !== undefined && first.value === second.value;
  // Followers asked for by name, not recorded for some: no comparison on a figure that is not there.
  const unrecorded = metric === "followers" ? unknown : [];
  const nothing = `no ${describe({ ...plan, creators: [], advertisers: [] })}`;
  const noneSaid =
    none.length > 0 ? ` ${joinNames(none)} ${none.length === 1 ? "has" : "have"} ${nothing}.` : "";
  // "Share of voice in #x: @a, @b": each one's part of everyone's total over the videos in question.
  const whole =
    plan.shareOfWhole && viaFacts && statistic === "sum" && COUNTS.includes(metric) && scope !== ""
      ? await wholeSet(ctx, videoFilter(ctx, { entities: false }), metric)
      : null;
  const everyone = whole && whole.videos > 0 ? groupFigure(whole, metric, "sum") : null;
  const voice =
    whole && everyone !== null
      ? ` Of everyone's ${showFigure(metric, everyone)} ${METRIC_NAME[metric]} of ${describe({ ...plan, creators: [], advertisers: [] })} (${videosCount(whole.videos)}): ${ranked
          .map(
            (r) =>
              `${r.name} ${pct(r.value, everyone)} %${metric === "videos" || !posted.has(r.id) ? "" : ` (${pct(posted.get(r.id) as number, whole.videos)} % of the videos)`}`,
          )
          .join(", ")}.`
      : "";
  return {
    summary:
      ranked.length < 2
        ? `${first ? `${first.name}: ${showFigure(metric, first.value)} ${label}${scope}.` : ""}${noneSaid}`.trim()
        : `${
            unrecorded.length > 0
              ? `Followers are not recorded for ${joinNames(unrecorded)}, so they cannot be compared on followers; ask which gets more views instead.`
              : plan.lowest && ranked.length > 1
                ? // "Which of @a, @b and @c is the weakest on views?": the last named first.
                  `${(ranked.at(-1) as Row).name} is behind on ${label}${scope}: ${showFigure(metric, (ranked.at(-1) as Row).value)} vs ${ranked
                    .slice(0, -1)
                    .reverse()
                    .map((r) => `${showFigure(metric, r.value)} for ${r.name}`)
                    .join(" and ")}.`
                : tie
                  ? `${first.name} and ${second.name} are level on ${label}${scope}: ${showFigure(metric, first.value)} each.`
                  : `${first.name} is ahead on ${label}${scope}: ${showFigure(metric, first.value)} vs ${ranked
                      .slice(1)
                      .map((r) => `${showFigure(metric, r.value)} for ${r.name}`)
                      .join(" and ")}.`
          }${noneSaid}${voice}${besideSaid}`,
    findings: rows.map((r) => ({
      // "1 video", "1 ad", "1 follower".
      statement: unrecorded.includes(r.name)
        ? `${r.name}: followers not recorded.`
        : none.includes(r.name)
          ? `${r.name}: ${nothing}.`
          : `${r.name}: ${showFigure(metric, r.value)} ${r.value === 1 ? label.replace(/^(\w+)s\b/, "$1") : label}${
              beside.has(r.id)
                ? `; ${videosCount(beside.get(r.id)?.videos ?? 0)}, a median of ${fmt(beside.get(r.id)?.median ?? 0)} views per video`
                : ""
            }.`,
      evidence: [{ type: r.type, id: r.id, figures: r.figures }],
    })),
    caveats,
    result: {
      ranking: ranked.map((r) => r.id),
      names: ranked.map((r) => r.name),
      values: ranked.map((r) => round(r.value)),
      metric,
      ...(whole && everyone !== null
        ? {
            whole: { [metric]: round(everyone), videos: whole.videos },
            shares: ranked.map((r) => pct(r.value, everyone)),
          }
        : {}),
    },
    computed: `compare on ${metric}${statistic === "median" && viaFacts ? " (median per video)" : ""}`,
  };
}

/**
 * The largest creators (by followers) within a followers bound, among the authors of the videos in question:
 * read from the store, since the creators tool pages by followers and an "under" bound sits at its far end.
 */
async function largestWithin(ctx: Ctx, bound: FollowersBound | null): Promise<Outcome> {
  const { plan } = ctx;
  const filtered = hasVideoFilters({ ...plan, creators: [], advertisers: [] });
  const authors = [...(await groupKeys(ctx, videoFilter(ctx), "creator"))];
  const pass = bound ? followersPass(bound) : (n: number | null) => n !== null;
  const ranked = [...(await ctx.facts.creators(authors))]
    .filter(([, c]) => !plan.creatorType || c[plan.creatorType])
    .map(([uid, c]) => [uid, c.followers] as const)
    .filter(([, n]) => pass(n))
    .sort((a, b) => (b[1] as number) - (a[1] as number) || (a[0] < b[0] ? -1 : 1))
    .slice(0, plan.count);
  const what = `Largest ${creatorsLabel(plan)}${filtered ? ` among the creators of ${describe(plan)}` : ""} (followers)`;
  const caveats = [
    "Creators whose follower count is not recorded are left out.",
    ...(plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : []),
  ];
  const computed = "aggregate: creators by followers within the bound";
  if (ranked.length === 0) return emptyRanking(`There are no ${lowerFirst(what)}.`, caveats, computed);
  const names = await Promise.all(ranked.map(([uid]) => ctx.facts.nameOf("creator", uid)));
  return {
    summary: leadLine(
      what,
      ranked.map(([, n], i) => ({ name: names[i] as string, shown: `${fmt(n as number)} followers` })),
    ),
    findings: ranked.map(([uid, n], i) => ({
      statement: `#${i + 1} ${names[i]}: ${fmt(n as number)} followers.`,
      evidence: [{ type: "creator", id: uid, figures: { followers: n as number } } as Evidence],
    })),
    caveats,
    result: { ranking: ranked.map(([uid]) => uid), values: ranked.map(([, n]) => n) },
    computed,
  };
}

/**
 * "What's the average follower count of hotel creators?": the median followers of the creators of the videos
 * in question (those with a recorded count), cited by the three creators nearest it.
 */
/**
 * "How many videos does the average creator post?": the median number of the videos in question per creator
 * (advertiser) among those with at least one, and the mean; the cited ones sit nearest the median.
 */
async function videosPerAccount(ctx: Ctx, by: "creator" | "advertiser"): Promise<Outcome> {
  const { plan } = ctx;
  await corroborate(ctx);
  const [groups = []] = await ctx.facts.groups(videoFilter(ctx), [by], "plays");
  let counts = groups.map((g) => [String(g.key), g.videos] as const);
  if (by === "creator" && (plan.creatorType || plan.followers)) {
    const known = await ctx.facts.creators(counts.map(([uid]) => uid));
    const pass = plan.followers ? followersPass(plan.followers) : () => true;
    counts = counts.filter(([uid]) => {
      const c = known.get(uid);
      return c !== undefined && (!plan.creatorType || c[plan.creatorType]) && pass(c.followers);
    });
  }
  const who = `${by === "creator" ? creatorsLabel(plan) : "advertisers"} of ${describe(plan)}`;
  const caveats = [
    "Counted over the videos the corpus holds: a scrape holds what its searches found, so an account may have posted more.",
    ...(by === "creator" && plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : []),
  ];
  const computed = `aggregate: videos per ${by}`;
  if (counts.length === 0) {
    const none = `There are no ${who}.`;
    return {
      summary: none,
      findings: [{ statement: none, evidence: [] }],
      caveats,
      result: { [`${by}s`]: 0 },
      computed,
    };
  }
  const value = median(counts.map(([, n]) => n)) as number;
  const total = counts.reduce((n, [, k]) => n + k, 0);
  const mean = total / counts.length;
  const near = [...counts]
    .sort((a, b) => Math.abs(a[1] - value) - Math.abs(b[1] - value) || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3);
  const noun = plan.attributes.some((a) => a.kind === "ad" && a.value === "yes") ? "ad" : "video";
  const statement = `The ${fmt(counts.length)} ${who} have a median of ${fmt(value)} ${noun}${value === 1 ? "" : "s"} each (mean ${showFigure("videos", mean)}; ${fmt(total)} ${noun}${total === 1 ? "" : "s"} in all).`;
  return {
    summary: statement,
    findings: [
      {
        statement: `${statement} The cited ${by}s sit nearest the median.`,
        evidence: near.map(([id, n]) => ({ type: by, id, figures: { videos: n } }) as Evidence),
      },
    ],
    caveats,
    result: {
      median: round(value),
      mean: round(mean),
      [`${by}s`]: counts.length,
      videos: total,
      metric: "videos",
    },
    computed,
  };
}

async function followersMedian(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  await corroborate(ctx);
  const filtered = hasVideoFilters({ ...plan, creators: [], advertisers: [] });
  const authors = [...(await groupKeys(ctx, videoFilter(ctx), "creator"))];
  const known = [...(await ctx.facts.creators(authors))].filter(
    ([, c]) => !plan.creatorType || c[plan.creatorType],
  );
  const recorded = known
    .filter(
      ([, c]) => c.followers !== null && (!plan.followers || followersPass(plan.followers)(c.followers)),
    )
    .map(([uid, c]) => [uid, c.followers as number] as const);
  const who = `${creatorsLabel(plan)}${filtered ? ` of ${describe(plan)}` : ""}`;
  const caveats = [
    "Followers as the creator's profile recorded them when scraped; creators without a recorded count are left out.",
    ...(plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : []),
  ];
  const computed = "aggregate: median followers of the creators";
  if (recorded.length === 0) {
    const none =
      known.length === 0
        ? `There are no ${who}.`
        : `None of the ${fmt(known.length)} ${who} has a recorded follower count.`;
    return {
      summary: none,
      findings: [{ statement: none, evidence: [] }],
      caveats,
      result: { creators: 0 },
      computed,
    };
  }
  const value = median(recorded.map(([, n]) => n)) as number;
  const near = [...recorded]
    .sort((a, b) => Math.abs(a[1] - value) - Math.abs(b[1] - value) || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3);
  const left = known.length - recorded.length;
  const statement = `The median follower count of the ${fmt(recorded.length)} ${who}${left > 0 && !plan.followers ? ` with a recorded count (${fmt(left)} without)` : ""} is ${fmt(value)}.`;
  return {
    summary: statement,
    findings: [
      {
        statement: `${statement} The cited creators sit nearest the median.`,
        evidence: near.map(
          ([uid, n]) => ({ type: "creator", id: uid, figures: { followers: n } }) as Evidence,
        ),
      },
    ],
    caveats,
    result: { median: round(value), creators: recorded.length, metric: "followers" },
    computed,
  };
}

/**
 * "Which hashtags grew the most from 2024 to 2025?": each hashtag's (sound's, account's) videos published in the
 * later period less those in the earlier one (or their views), the largest rises (falls) first.
 */
async function changeRanking(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const by = (
    { hashtags: "hashtag", sounds: "sound", creators: "creator", advertisers: "advertiser" } as const
  )[plan.subject as "hashtags" | "sounds" | "creators" | "advertisers"];
  const [early, late] = plan.changeBetween as [Period, Period];
  const views = plan.metric === "plays";
  await corroborate(ctx);
  const base = videoFilter(ctx);
  const inPeriod = (p: Period) => ({ ...base, since: p.from, until: p.to });
  const [before, after] = await Promise.all(
    [early, late].map(async (p) => {
      const [groups = []] = await ctx.facts.groups(inPeriod(p), [by], "plays");
      return new Map(groups.map((g) => [String(g.key), views ? g.plays : g.videos]));
    }),
  );
  const rows = [...new Set([...(before?.keys() ?? []), ...(after?.keys() ?? [])])]
    .map((key) => {
      const b = before?.get(key) ?? 0;
      const a = after?.get(key) ?? 0;
      return { key, before: b, after: a, change: a - b };
    })
    .sort((x, y) =>
      plan.lowest
        ? x.change - y.change || y.before - x.before || x.key.localeCompare(y.key)
        : y.change - x.change || y.after - x.after || x.key.localeCompare(y.key),
    );
  const top = rows.slice(0, plan.count);
  const noun = `${by}s`;
  const unit = (n: number) => `${views ? "view" : "video"}${n === 1 ? "" : "s"}`;
  const names = new Map<string, string>();
  for (const r of top)
    names.set(
      r.key,
      by === "hashtag"
        ? `#${r.key}`
        : by === "sound"
          ? `"${await soundTitle(ctx, inPeriod(r.after > 0 ? late : early), r.key)}" (sound ${r.key})`
          : by === "creator"
            ? await ctx.facts.nameOf("creator", r.key)
            : await ctx.facts.nameOf("advertiser", r.key),
    );
  const signed = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : "±"}${fmt(Math.abs(n))}`;
  const line = (r: (typeof rows)[number]) =>
    `${names.get(r.key)}: ${fmt(r.before)} ${unit(r.before)} in ${early.label}, ${fmt(r.after)} in ${late.label} (${signed(r.change)})`;
  const what = describe({ ...plan, window: null });
  const caveats = [
    `Periods by publication time (UTC): the ${views ? "views (latest counts) of the" : "number of"} ${what} published in each period that ${by === "hashtag" ? "carry the hashtag" : by === "sound" ? "use the sound" : `are by the ${by}`}. A scrape holds what was found when it was collected: the earlier period holds only the videos still found then, and the later one may be partial.`,
  ];
  const computed = `aggregate: ${noun} of ${what} in ${early.label} and in ${late.label}, by the change`;
  if (top.length === 0)
    return emptyRanking(`No ${what} published in ${early.label} or ${late.label}.`, caveats, computed);
  const first = top[0] as (typeof rows)[number];
  const summary = `${names.get(first.key)} ${plan.lowest ? "fell" : "rose"} the most from ${early.label} to ${late.label}: ${fmt(first.before)} ${unit(first.before)} to ${fmt(first.after)} (${signed(first.change)})${top[1] ? `; then ${line(top[1])}` : ""}.`;
  return {
    summary,
    findings: await Promise.all(
      top.map(async (r) => ({
        statement: `${line(r)}.`,
        evidence: (await ctx.facts.groupTop(inPeriod(r.after > 0 ? late : early), by, r.key, 2)).map((v) =>
          factEvidence(v),
        ),
      })),
    ),
    caveats,
    result: {
      ranking: top.map((r) => r.key),
      values: top.map((r) => r.change),
      before: top.map((r) => r.before),
      after: top.map((r) => r.after),
      measure: `change in ${views ? "views (plays)" : "number of videos"}`,
    },
    computed,
  };
}

/** How many of the oldest videos are read for the creators who posted first, each named once. */
const FIRST_POSTERS_POOL = 200;

/**
 * "What's the oldest video?", "@x's first video", "who was the first to post about Da Lat?": the videos in
 * question oldest first (publication time), or the creators of the oldest ones, each named once.
 */
async function oldestFirst(ctx: Ctx): Promise<Outcome> {
  const { plan } = ctx;
  const byCreator = plan.subject === "creators";
  const want = Math.max(plan.count, plan.nth ?? 0);
  const oldest = await ctx.facts.nearest(
    videoFilter(ctx),
    "published",
    0,
    byCreator ? FIRST_POSTERS_POOL : want,
  );
  const caveats = [
    "Publication time as the source recorded it (UTC). A scrape holds what its searches found, so an earlier video may be missing from it.",
  ];
  const computed = "aggregate: videos by publication time, oldest first";
  const one = describe(plan, { one: true });
  if (oldest.length === 0) {
    const none = `No ${describe(plan)}.`;
    return {
      summary: none,
      findings: [{ statement: none, evidence: [] }],
      caveats,
      result: { ranking: [] },
      computed,
    };
  }
  const firsts: VideoFact[] = [];
  const seen = new Set<string>();
  for (const v of oldest)
    if (firsts.length < want && (!byCreator || !seen.has(v.author_uid))) {
      seen.add(v.author_uid);
      firsts.push(v);
    }
  const names = await Promise.all(firsts.map((v) => ctx.facts.nameOf("creator", v.author_uid)));
  const at = plan.nth !== null && firsts[plan.nth - 1] ? plan.nth - 1 : 0;
  const v0 = firsts[at] as VideoFact;
  const published = (v: VideoFact) => new Date(v.created_at * 1000).toISOString();
  const byWhom = (i: number) => (plan.creators.length === 1 ? "" : ` by ${names[i]}`);
  const then = (i: number) =>
    byCreator
      ? `${names[i]} (${isoDay(firsts[i]?.created_at ?? 0)})`
      : `${firsts[i]?.id} (${isoDay(firsts[i]?.created_at ?? 0)})`;
  const after = firsts
    .slice(0, at)
    .map((_, i) => (byCreator ? names[i] : firsts[i]?.id))
    .join(", ");
  const summary = byCreator
    ? at > 0
      ? `The ${ordinalWord(at + 1)} creator to post ${one.replace(/^\S+ ?/, "")}: ${names[at]}, with ${v0.id} published ${isoDay(v0.created_at)} (UTC), after ${after}.`
      : `${names[0]} posted the oldest ${one}: ${v0.id}, published ${isoDay(v0.created_at)} (UTC)${
          firsts.length > 1
            ? `; then ${firsts
                .slice(1, 3)
                .map((_, i) => then(i + 1))
                .join(", ")}`
            : ""
        }.`
    : at > 0
      ? `The ${ordinalWord(at + 1)} oldest ${one}: ${v0.id}${byWhom(at)}, published ${isoDay(v0.created_at)} (UTC), after ${after}.`
      : plan.count === 1
        ? `The oldest ${one}: ${v0.id}${byWhom(0)}, published ${isoDay(v0.created_at)} (UTC), ${fmt(v0.plays)} views.`
        : `Oldest ${describe(plan)}: ${v0.id}${byWhom(0)}, published ${isoDay(v0.created_at)} (UTC)${firsts[1] ? `, then ${then(1)}` : ""}.`;
  return {
    summary,
    findings: firsts.map((v, i) => ({
      statement: byCreator
        ? `#${i + 1} ${names[i]}: the oldest of their ${describe(plan)}, ${v.id}, published ${isoDay(v.created_at)}.`
        : `#${i + 1} ${v.id}${byWhom(i)}: published ${isoDay(v.created_at)}, ${fmt(v.plays)} views.`,
      evidence: [
        ...(byCreator
          ? [{ type: "creator" as const, id: v.author_uid, figures: { first_video: v.id } }]
          : []),
        factEvidence(v, { created_at: published(v) }),
      ],
    })),
    caveats: byCreator
      ? [
          ...caveats,
          `Each creator is named by the oldest of their videos among the ${fmt(oldest.length)} oldest in question.`,
        ]
      : caveats,
    result: byCreator
      ? { ranking: firsts.map((v) => v.author_uid), videos: firsts.map((v) => v.id) }
      : { ranking: firsts.map((v) => v.id) },
    computed,
  };
}

/** Groups ranked by a share, as the result names them: each one's share (`values`) is its `parts` of its `wholes`. */
const shareResult = (
  groups: readonly { key: string; value: number; part: number; size: number }[],
  measure: string,
) => ({
  ranking: groups.map((g) => g.key),
  values: groups.map((g) => g.value),
  parts: groups.map((g) => g.part),
  wholes: groups.map((g) => g.size),
  measure,
});

/** Whether every group the question defined is of one kind of attribute ("Da Lat, Nha Trang or Vung Tau": any_text). */
const bandsOf = (plan: Plan, kind: Attribute["kind"]): boolean =>
  plan.bands.length > 0 &&
  plan.bands.every((b) => b.attributes.length > 0 && b.attributes.every((a) => a.kind === kind));

/**
 * Two groups of videos named by different things they hold ("with a price vs with a phone number"), which one video
 * may both be in: the filters of both together select those.
 */
const bandsOverlap = (plan: Plan): boolean => {
  const [a, b] = plan.bands;
  // (Groups of creators, "verified vs unverified", carry no attributes: they cannot overlap this way.)
  if (plan.bands.length !== 2 || !a || !b || a.attributes.length === 0 || b.attributes.length === 0)
    return false;
  const kinds = new Set(a.attributes.map((x) => x.kind));
  return (
    [...a.attributes, ...b.attributes].every((x) => x.kind !== "count") &&
    b.attributes.every((x) => !kinds.has(x.kind))
  );
};

/** The caveat of groups by what their captions hold: an emoji (in any skin tone), or a mark ("?", "!", "@"). */
function emojiCaveat(plan: Plan): string {
  const said = plan.attributes.flatMap((a) => (a.kind === "emoji" ? [a.emoji] : []));
  const marks = said.length > 0 && said.every((e) => /^[?!@]$/.test(e));
  return `Each group by its caption as written${marks ? "" : " (an emoji in any skin tone counts)"}; videos with no caption are among those without. It shows which group did well, not that ${marks ? said.map((e) => `"${e}"`).join(" or ") : "the emoji"} caused it.`;
}

async function rank(ctx: Ctx): Promise<Outcome> {
  const { plan, call } = ctx;
  if (plan.changeBetween.length === 2) return changeRanking(ctx);
  if (plan.oldest) return oldestFirst(ctx);
  const metric = plan.metric;
  // "Which creators posted more than 20 videos?": a bound on each one's videos is counted over the videos.
  const filtered =
    hasVideoFilters({ ...plan, creators: [], advertisers: [] }) ||
    plan.groupVideos !== null ||
    ctx.creatorSet !== undefined ||
    ctx.advertiserSet !== undefined;
  // "Which creators work with <advertiser>" / "which brands has <creator> worked with": grouped over its videos.
  const acrossEntity =
    (plan.subject === "creators" && plan.advertisers.length === 1) ||
    (plan.subject === "advertisers" && plan.creators.length === 1);
  // The creator and advertiser views list the largest or fastest-growing first, and only those.
  const viewed =
    (plan.subject === "creators" &&
      !acrossEntity &&
      (metric === "followers" ||
        metric === "growth" ||
        (metric === null && (!filtered || plan.followers)))) ||
    (plan.subject === "advertisers" &&
      !acrossEntity &&
      (metric === "growth" || (!filtered && !plan.byCreators && (metric === null || metric === "videos"))));
  if (plan.lowest && viewed)
    return declined(
      plan,
      `the ${plan.subject} views list the largest (or fastest-growing) first, not the smallest; ask for the lowest over their videos instead ("which ${plan.subject} get the fewest views on hotel videos?")`,
    );
  // Within a bound on followers, or a set of creators ("the most followed creators who never posted an ad").
  if (
    plan.subject === "creators" &&
    (plan.followers || (ctx.creatorSet !== undefined && metric === "followers")) &&
    !plan.groupVideos &&
    !acrossEntity &&
    (metric === null || metric === "followers")
  )
    return largestWithin(ctx, plan.followers);
  if (
    plan.subject === "creators" &&
    !acrossEntity &&
    ((!filtered && metric === null) || metric === "followers")
  )
    return creatorView(ctx, "all");
  if (
    plan.subject === "advertisers" &&
    !acrossEntity &&
    !filtered &&
    !plan.byCreators &&
    (metric === null || metric === "videos")
  )
    return advertiserView(ctx, "all");
  if (metric === "growth" && (plan.subject === "creators" || plan.subject === "advertisers"))
    return trending(ctx);
  if (plan.subject === "videos" || plan.subject === "trend_reports") {
    const sort =
      metric === "comments"
        ? "comments"
        : metric === "shares"
          ? "reposts"
          : metric === null || metric === "plays" || metric === "videos"
            ? "views"
            : null;
    const view =
      sort && !plan.lowest && !bySound(plan) && plan.creators.length + plan.advertisers.length === 0
        ? await videoView(ctx, sort)
        : null;
    // The search's pages are filtered afterwards (bounds, window): when its first pages hold fewer of the
    // set than asked for ("videos between 10k and 50k views" sorted by views), the store ranks the set.
    const short =
      view !== null &&
      view.items.length < plan.count &&
      (await ctx.facts.count(videoFilter(ctx))) > view.items.length;
    if (sort && view && !short) {
      const { items, tool, args } = view;
      const key = (v: Video) =>
        sort === "comments"
          ? `${fmt(v.comment_count)} comments`
          : sort === "reposts"
            ? `${fmt(v.share_count)} shares`
            : `${fmt(v.play_count)} plays`;
      return videoRanking(
        plan,
        items,
        `most ${sort === "reposts" ? "shared" : sort === "comments" ? "commented" : "viewed"} ${describe(plan)}`,
        key,
        {},
        `${tool} sort=${sort} ${JSON.stringify(args)}`,
        [],
      );
    }
    const m: Metric =
      metric &&
      (isRate(metric) || ["plays", "likes", "comments", "shares", "saves", "duration"].includes(metric))
        ? metric
        : "plays";
    await corroborate(ctx);
    // Ranked in the store. A rate ranks the videos with at least the median plays (reachFloor's rule).
    const filter = videoFilter(ctx);
    const floor: string[] = [];
    let ranking = filter;
    if (isRate(m)) {
      const whole = await wholeSet(ctx, filter, "plays");
      const median = whole?.median ?? 0;
      ranking = { ...filter, min_plays: median };
      const kept = whole ? await ctx.facts.count(ranking) : 0;
      if (whole && kept < whole.videos)
        floor.push(
          `Ranked among the ${fmt(kept)} videos with at least ${fmt(Math.max(1, Math.ceil(median)))} plays (the median of all ${fmt(whole.videos)}), so that a rate on a few plays cannot lead; ${fmt(whole.videos - kept)} left out.`,
        );
    }
    // From the bottom: the values nearest 0 (none is negative), then by id.
    const ranked = plan.lowest
      ? await ctx.facts.nearest(ranking, factsValueOf(m), 0, plan.count)
      : await ctx.facts.topBy(ranking, factsValueOf(m), plan.count);
    const what = `${describe(plan)} by ${METRIC_NAME[m]}`;
    if (ranked.length === 0)
      return {
        summary: `No ${what}.`,
        findings: [{ statement: `No ${describe(plan)}.`, evidence: [] }],
        caveats: [],
        result: { ranking: [] },
        computed: "aggregate",
      };
    // "The second most liked video": that one, after those before it.
    const place = plan.nth !== null ? ranked[plan.nth - 1] : undefined;
    const top = place ?? (ranked[0] as VideoFact);
    // The first one's creator named, as a ranking by views names it; one asked for, in the singular.
    const first =
      plan.creators.length === 1
        ? top.id
        : `${top.id} by ${await ctx.facts.nameOf("creator", top.author_uid)}`;
    const one = plan.count === 1;
    // ("@x's most-shared video, and which sound did it use?": that video's own, as the video tool gives it.)
    const uses = plan.usesShown
      ? usesLine((await ctx.call("service_get_video", { id: top.id })).data as Video, plan.usesShown)
      : "";
    return {
      summary: `${
        place
          ? `The ${ordinalWord(plan.nth as number)} ${describe(plan, { one: true })} by ${m === "duration" ? "length" : METRIC_NAME[m]}${plan.lowest ? ", from the bottom" : ""}: ${first} (${showFigure(m, factValue(top, m))}${m === "duration" ? "" : ` ${METRIC_NAME[m]}`}), after ${ranked
              .slice(0, (plan.nth as number) - 1)
              .map((v) => v.id)
              .join(", ")}.`
          : m === "duration"
            ? `${one ? `The ${plan.lowest ? "shortest" : "longest"} ${describe(plan, { one: true })}` : `${plan.lowest ? "Shortest" : "Longest"} ${describe(plan)}`}: ${first} (${showFigure(m, factValue(top, m))})${ranked[1] ? `, then ${ranked[1].id} (${showFigure(m, factValue(ranked[1], m))})` : ""}.`
            : `${one ? `The ${plan.lowest ? "lowest" : "top"} ${describe(plan, { one: true })} by ${METRIC_NAME[m]}` : `${plan.lowest ? "Lowest" : "Top"} ${what}`}: ${first} with ${showFigure(m, factValue(top, m))} ${factValue(top, m) === 1 ? METRIC_NAME[m].replace(/^(\w+)s\b/, "$1") : METRIC_NAME[m]}${ranked[1] ? `, then ${ranked[1].id} (${showFigure(m, factValue(ranked[1], m))})` : ""}.`
      }${uses}`,
      findings: ranked.map((v, i) => ({
        statement: `#${i + 1} ${v.id}: ${showFigure(m, factValue(v, m))} ${METRIC_NAME[m]}.`,
        evidence: [factEvidence(v, { [m]: round(factValue(v, m)) })],
      })),
      caveats: [
        ...(isRate(m)
          ? [`${rateFormula(m).replace(":", " per video:")}.`]
          : m === "duration"
            ? [
                "Length: the duration the source recorded (duration_s); slideshows and videos without one are left out.",
              ]
            : []),
        ...floor,
      ],
      result: { ranking: ranked.map((v) => v.id) },
      computed: `aggregate: videos ranked by ${m}`,
    };
  }
  // Groups over the filtered videos: creators, advertisers, hashtags, regions, languages.
  const by =
    plan.subject === "creators"
      ? "creator"
      : plan.subject === "advertisers"
        ? "advertiser"
        : plan.subject === "hashtags"
          ? "hashtag"
          : plan.subject === "sounds"
            ? plan.byArtist
              ? "artist"
              : "sound"
            : plan.subject === "languages"
              ? "language"
              : plan.subject === "regions"
                ? "region"
                : "region";
  await corroborate(ctx);
  const m: Metric =
    metric &&
    (isRate(metric) ||
      ["plays", "likes", "comments", "shares", "saves", "duration", "hashtag_count"].includes(metric))
      ? metric
      : "videos";
  // "Highest average views per video": each group's median video, over groups large enough to have one (a
  // length or a number of hashtags is only ever a median per video).
  let perVideo =
    (plan.perVideo && m !== "videos" && !isRate(m)) ||
    m === "duration" ||
    m === "hashtag_count" ||
    // ("The most consistent creators": each one's best video against their median, of enough videos for one.)
    (plan.spread !== undefined && COUNTS.includes(m));
  // Grouped and measured in the store: a million videos never leave it.
  const filter = videoFilter(ctx);
  const byCreators =
    plan.byCreators && (by === "advertiser" || by === "hashtag" || by === "sound" || by === "artist");
  const creatorsBound =
    by === "advertiser" || by === "hashtag" || by === "sound" || by === "artist" ? plan.groupCreators : null;
  const [listed] = await ctx.facts.groups(filter, [by], factsValueOf(m), {
    creators: byCreators || creatorsBound !== null,
  });
  const groups = new Map((listed ?? []).map((g) => [String(g.key), g]));
  if (by === "advertiser" && plan.focus) {
    const focusIds = new Set(
      (await pageAll<Advertiser>(call, "service_search_advertisers", { focus: plan.focus }, 20)).map(
        (a) => a.id,
      ),
    );
    for (const key of [...groups.keys()]) if (!focusIds.has(key)) groups.delete(key);
  }
  // "Hashtags that go with #hotel": the topic's own tag is not one of its companions.
  if (by === "hashtag")
    for (const key of [...groups.keys()]) if (plan.topics.includes(foldText(key))) groups.delete(key);
  // The hashtags that go with a topic: reach tags (#fyp, #xuhuong) would lead on any topic, so they are set
  // aside and named in a caveat.
  const reach =
    by === "hashtag" && plan.topics.length > 0
      ? [...groups].filter(([k]) => REACH_HASHTAGS.has(k)).sort((a, b) => b[1].videos - a[1].videos)
      : [];
  for (const [k] of reach) groups.delete(k);
  // ("Top hashtags other than #fyp and #xuhuong": left out as asked.)
  const leftOut = by === "hashtag" ? plan.tagsLeftOut.filter((t) => groups.has(t)) : [];
  for (const t of plan.tagsLeftOut) if (by === "hashtag") groups.delete(t);
  // "Creators with over 100k followers", "hire-ready creators": only those creators' groups.
  const followersNote: string[] = [];
  let restrictedFrom: number | null = null;
  if (by === "creator" && (plan.followers || plan.creatorType)) {
    const known = await ctx.facts.creators([...groups.keys()]);
    const pass = plan.followers ? followersPass(plan.followers) : () => true;
    const type = plan.creatorType;
    const before = groups.size;
    restrictedFrom = before;
    for (const key of [...groups.keys()]) {
      const c = known.get(key);
      if (!c || !pass(c.followers) || (type && !c[type])) groups.delete(key);
    }
    followersNote.push(
      `Only ${creatorsLabel(plan)}: ${fmt(groups.size)} of the ${fmt(before)} creators of ${describe(plan)}${plan.followers ? "; creators whose follower count is not recorded are left out" : ""}.`,
      ...(type ? [CREATOR_TYPE_DEFINITION[type]] : []),
    );
  }
  // "Creators who posted more than 10 hotel videos": only groups with that many of the videos.
  if (plan.groupVideos) {
    const pass = followersPass(plan.groupVideos);
    for (const [key, g] of [...groups]) if (!pass(g.videos)) groups.delete(key);
    followersNote.push(
      `Only those with ${boundWords(plan.groupVideos)} ${describe(plan)}: ${fmt(groups.size)}.`,
    );
  }
  // "Sounds used by more than 5 different creators": only groups whose videos have that many creators.
  if (creatorsBound) {
    const pass = followersPass(creatorsBound);
    const before = groups.size;
    for (const [key, g] of [...groups]) if (!pass(g.creators ?? 0)) groups.delete(key);
    followersNote.push(
      `Only those whose ${describe(plan)} are by ${boundWords(creatorsBound)} creators: ${fmt(groups.size)} of ${fmt(before)}.`,
    );
  }
  const noun = {
    creator: "creators",
    advertiser: "advertisers",
    hashtag: "hashtags",
    sound: "sounds",
    artist: "artists",
    language: "languages",
    region: "regions",
  }[by];
  const perVideoNote: string[] = [];
  let perVideoFrom = 0;
  // ("Sounds used by 3 or more creators, and each one's median plays": each has 3 or more videos, enough for one.)
  const creatorsFloor = creatorsBound ? boundFloor(creatorsBound) : 0;
  const spreadFloor = plan.spread && plan.groupVideos ? boundFloor(plan.groupVideos) : 0;
  const fewest =
    creatorsFloor >= 3
      ? Math.min(creatorsFloor, SMALL_GROUP)
      : spreadFloor >= 2
        ? Math.min(spreadFloor, SMALL_GROUP)
        : SMALL_GROUP;
  if (
    perVideo &&
    // ("@x: median views, and which hashtags?": one account's few videos, whose tags get the totals.)
    (!plan.perVideoAsked ||
      ((by === "hashtag" || by === "sound") && plan.creators.length + plan.advertisers.length === 1)) &&
    groups.size > 0 &&
    [...groups.values()].every((g) => g.videos < fewest)
  ) {
    // None has enough videos for a median: the totals, said so.
    perVideo = false;
    perVideoNote.push(
      `No one of the ${fmt(groups.size)} ${noun} has ${fewest} or more ${describe(plan)}, too few for a median per video: ranked by the total ${METRIC_NAME[m]} of their videos instead.`,
    );
  } else if (perVideo) {
    const before = groups.size;
    perVideoFrom = before;
    for (const [key, g] of [...groups]) if (g.videos < fewest) groups.delete(key);
    perVideoNote.push(
      before === groups.size && creatorsFloor >= 3
        ? `The median per video of ${groups.size === 1 ? `the one ${noun.replace(/(?<=[^s])s$/, "")}` : `each of the ${fmt(groups.size)} ${noun}`}: by ${boundWords(creatorsBound as FollowersBound)} creators, each has ${creatorsFloor} or more ${describe(plan)}.`
        : `The median per video of ${groups.size === 1 ? `the one ${noun.replace(/(?<=[^s])s$/, "")}` : `each of the ${fmt(groups.size)} ${noun}`} with at least ${fewest} ${describe(plan)}; ${fmt(before - groups.size)} with fewer ${before - groups.size === 1 ? "is" : "are"} left out (a median of one or two videos says little).`,
    );
  }
  // "Creators with median views under 10k": only groups whose median video is within the bound.
  let medianFrom: FactsGroup[] = [];
  if (plan.groupMedian && perVideo && plan.groupMedian.metric === m) {
    const pass = followersPass(plan.groupMedian.bound);
    const before = groups.size;
    medianFrom = [...groups.values()];
    for (const [key, g] of [...groups]) if (!pass(g.median ?? 0)) groups.delete(key);
    followersNote.push(
      `Only those whose median ${METRIC_NAME[m]} per video is ${boundWords(plan.groupMedian.bound)}: ${fmt(groups.size)} of ${fmt(before)}.`,
    );
  }
  // A hashtag or sound on one or two videos is those videos' rate: ranked among those on 5+ videos, if any.
  const usedNote: string[] = [];
  if (
    isRate(m) &&
    (by === "hashtag" || by === "sound" || by === "artist") &&
    [...groups.values()].some((g) => g.videos >= SMALL_GROUP)
  ) {
    const before = groups.size;
    for (const [key, g] of [...groups]) if (g.videos < SMALL_GROUP) groups.delete(key);
    if (groups.size < before)
      usedNote.push(
        `Only the ${fmt(groups.size)} ${noun} on ${SMALL_GROUP} or more ${describe(plan)} are ranked; ${fmt(before - groups.size)} on fewer are left out (their rate is that of a video or two).`,
      );
  }
  // (How even: a median of 0 has no ratio.)
  const spreadNote: string[] = [];
  if (plan.spread && perVideo) {
    for (const [key, g] of [...groups]) if (!g.median || g.highest === null) groups.delete(key);
    spreadNote.push(
      `How even: each one's best video against their median video (${METRIC_NAME[m]}); 1× means their best did no better than their typical video, a high ratio one video far above the rest. A scrape holds what its searches found, so an account's other videos may be missing.`,
    );
  }
  const floor = isRate(m)
    ? reachFloor([...groups], ([, g]) => g.plays, noun, ` over their ${describe(plan)}`)
    : { kept: [...groups], caveat: [] };
  const spreadOf = (g: FactsGroup) => (g.highest ?? 0) / (g.median || 1);
  const ranked = floor.kept
    .map(([key, g]) => ({
      key,
      size: g.videos,
      value: byCreators
        ? (g.creators ?? 0)
        : plan.spread && perVideo
          ? spreadOf(g)
          : groupFigure(g, m, perVideo ? "median" : "sum"),
    }))
    .sort((a, b) =>
      plan.lowest || (plan.spread === "even" && perVideo)
        ? a.value - b.value || a.size - b.size || a.key.localeCompare(b.key)
        : b.value - a.value || b.size - a.size || a.key.localeCompare(b.key),
    );
  const what = describe(plan);
  const reachNote = [
    ...(leftOut.length > 0 ? [`Left out as asked: ${leftOut.map((t) => `#${t}`).join(", ")}.`] : []),
    ...(reach.length > 0
      ? [
          `Left out as reach tags that go with any topic: ${reach
            .slice(0, 5)
            .map(([k, g]) => `#${k} (${videosCount(g.videos)})`)
            .join(", ")}${reach.length > 5 ? ` and ${reach.length - 5} more` : ""}.`,
        ]
      : []),
  ];
  const spreadShown = plan.spread !== undefined && perVideo;
  const measureName = byCreators
    ? `number of creators of their ${what}`
    : spreadShown
      ? `ratio of their best video's ${METRIC_NAME[m]} to their median (of their ${what})`
      : m === "videos"
        ? `number of ${what}`
        : isRate(m)
          ? `${METRIC_NAME[m]} of their ${what}`
          : perVideo
            ? `median ${METRIC_NAME[m]} per video of their ${what}`
            : `total ${METRIC_NAME[m]} of their ${what}`;
  if (ranked.length === 0) {
    const medians = medianFrom.map((g) => g.median ?? 0);
    const none =
      plan.groupMedian && medians.length > 0
        ? `None of the ${fmt(medians.length)} ${restrictedFrom !== null ? creatorsLabel(plan) : noun} with ${SMALL_GROUP} or more ${what} has a median of ${boundWords(plan.groupMedian.bound)} ${METRIC_NAME[m]} per video: the ${plan.groupMedian.bound.op === "under" || plan.groupMedian.bound.op === "at most" ? `lowest is ${fmt(Math.min(...medians))}` : `highest is ${fmt(Math.max(...medians))}`}.`
        : restrictedFrom !== null && restrictedFrom > 0
          ? `None of the ${fmt(restrictedFrom)} creators of ${what} is one of the ${creatorsLabel(plan)}.`
          : perVideo && perVideoFrom > 0
            ? `None of the ${fmt(perVideoFrom)} ${noun} of ${what} has ${SMALL_GROUP} or more of them, too few for a median per video.`
            : creatorsBound && listed && listed.length > 0
              ? `No ${by} has ${what} by ${boundWords(creatorsBound)} creators: the most is ${fmt(Math.max(...listed.map((g) => g.creators ?? 0)))}, among ${fmt(listed.length)} ${noun}.`
              : `No ${by} has any ${what}.`;
    return emptyRanking(
      none,
      plan.creatorType ? [CREATOR_TYPE_DEFINITION[plan.creatorType]] : [],
      "aggregate",
    );
  }
  const names = new Map<string, string>();
  const top = ranked.slice(0, plan.count);
  // (A ratio near 1 with two decimals: "1.31×" and "1.34×" are no tie.)
  const shownOf = (v: number) => (spreadShown ? `${round(v, v < 10 ? 2 : 1)}×` : showFigure(m, v));
  if (by === "creator" || by === "advertiser") {
    const headline = top[0] as (typeof ranked)[number];
    if (by === "creator") {
      const c = (await call("service_get_creator", { id: headline.key })).data as Creator;
      names.set(c.uid, `@${c.handle}`);
    } else {
      const a = (await call("service_get_advertiser", { id: headline.key })).data as Advertiser;
      names.set(a.id, a.name);
    }
    for (const g of top.slice(1)) names.set(g.key, await ctx.facts.nameOf(by, g.key));
  }
  // ("Which creators post the most, and how do their views compare?": each account's median of the count named
  // beside its number of videos.)
  const beside =
    m === "videos" && (by === "creator" || by === "advertiser") ? (plan.alsoMeasured[0] ?? null) : null;
  const besideOf = new Map<string, number | null>();
  if (beside === "followers") {
    const facts = await ctx.facts.creators(top.map((g) => g.key));
    for (const g of top) besideOf.set(g.key, facts.get(g.key)?.followers ?? null);
  } else if (beside) {
    const [measured] = await ctx.facts.groups(filter, [by], factsValueOf(beside));
    const listed = new Set(top.map((g) => g.key));
    for (const g of measured ?? []) if (listed.has(String(g.key))) besideOf.set(String(g.key), g.median);
  }
  const besideWords = (key: string) => {
    const v = besideOf.get(key);
    const total = beside === "plays" ? groups.get(key)?.plays : undefined;
    if (!beside || v === undefined || v === null) return "";
    return beside === "followers"
      ? `; ${fmt(v)} followers`
      : `; median ${showFigure(beside, v)} ${METRIC_NAME[beside]} per video${total !== undefined ? ` (${fmt(total)} in total)` : ""}`;
  };
  // Each listed group's most played videos: its examples, and a sound's title.
  const tops = new Map(
    await Promise.all(top.map(async (g) => [g.key, await ctx.facts.groupTop(filter, by, g.key, 2)] as const)),
  );
  if (by === "sound")
    for (const g of top) names.set(g.key, `"${tops.get(g.key)?.[0]?.music_title ?? g.key}" (sound ${g.key})`);
  const nameOf = (k: string) => names.get(k) ?? (by === "hashtag" ? `#${k}` : k);
  const evidenceOf = async (g: (typeof ranked)[number]): Promise<Evidence[]> => [
    ...(by === "creator" || by === "advertiser"
      ? [
          {
            type: by,
            id: g.key,
            figures: {
              name: nameOf(g.key),
              videos: g.size,
              [byCreators ? "creators" : m]: round(g.value),
              ...(beside && besideOf.get(g.key) != null
                ? {
                    [beside === "followers" ? beside : `median_${beside}`]: round(
                      besideOf.get(g.key) as number,
                    ),
                  }
                : {}),
            },
          } as Evidence,
        ]
      : []),
    ...(tops.get(g.key) ?? []).map((v) => factEvidence(v)),
  ];
  const first = top[0] as (typeof ranked)[number];
  return {
    summary: (() => {
      const { tied, next } = leaders(top.map((g) => ({ name: nameOf(g.key), shown: shownOf(g.value) })));
      const figure = shownOf(first.value);
      const among =
        by === "creator" && (plan.followers || plan.creatorType) ? `Among ${creatorsLabel(plan)}, ` : "";
      if (plan.lowest || (spreadShown && plan.spread === "even"))
        return tied.length > 1
          ? `${among}${joinNames(tied)} tie for the lowest ${measureName}: ${figure} each${next ? `, then ${next.name} (${next.shown})` : ""}.`
          : `${among}${nameOf(first.key)} has the lowest ${measureName}: ${figure}${next ? `, then ${next.name} (${next.shown})` : ""}.`;
      return tied.length > 1
        ? `${among}${joinNames(tied)} tie by ${measureName}: ${figure} each${next ? `, ahead of ${next.name} (${next.shown})` : ""}.`
        : `${among}${nameOf(first.key)} leads by ${measureName}: ${figure}${next ? `, ahead of ${next.name} (${next.shown})` : ""}.`;
    })().concat(
      beside
        ? ` ${beside === "followers" ? "Followers (the latest count the source recorded)" : `Median ${METRIC_NAME[beside]} per video`}: ${top
            .flatMap((g) => {
              const v = besideOf.get(g.key);
              return v === undefined || v === null ? [] : [`${nameOf(g.key)} ${showFigure(beside, v)}`];
            })
            .join(", ")}.`
        : "",
    ),
    findings: await Promise.all(
      top.map(async (g, i) => ({
        statement: spreadShown
          ? `#${i + 1} ${nameOf(g.key)}: best video ${showFigure(m, groups.get(g.key)?.highest ?? 0)} ${METRIC_NAME[m]}, ${shownOf(g.value)} their median of ${showFigure(m, groups.get(g.key)?.median ?? 0)} over ${videosCount(g.size)}.`
          : `#${i + 1} ${nameOf(g.key)}: ${showFigure(m, g.value)}${byCreators ? ` creator${g.value === 1 ? "" : "s"} over ${videosCount(g.size)}` : m === "videos" ? ` video${g.value === 1 ? "" : "s"}${besideWords(g.key)}` : ` over ${videosCount(g.size)}`}.`,
        evidence: await evidenceOf(g),
      })),
    ),
    caveats: [
      ...rateDefinition(m),
      ...followersNote,
      ...perVideoNote,
      ...usedNote,
      ...spreadNote,
      ...floor.caveat,
      ...reachNote,
    ],
    result: {
      ranking: top.map((g) => g.key),
      values: top.map((g) => round(g.value)),
      ...(spreadShown
        ? {
            best: top.map((g) => groups.get(g.key)?.highest ?? 0),
            median: top.map((g) => groups.get(g.key)?.median ?? 0),
          }
        : {}),
      ...(beside ? { [`median_${beside}`]: top.map((g) => round(besideOf.get(g.key) ?? 0)) } : {}),
    },
    computed: `aggregate: ${by}s ranked by ${byCreators ? "distinct creators" : spreadShown ? `their best video's ${m} ÷ their median` : m === "videos" ? "video count" : perVideo ? `median ${m} per video` : m}`,
  };
}
