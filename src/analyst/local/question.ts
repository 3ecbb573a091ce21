import type { Db } from "../../store/connection.js";
import { LANGUAGE_NAMES, METRIC_WORDS, type Metric, REGION_NAMES, STOPWORDS } from "./vocabulary.js";

export type Intent =
  | "compare_creators"
  | "compare_advertisers"
  | "hook_patterns"
  | "top_advertiser"
  | "top_creator"
  | "top_hashtags"
  | "top_regions"
  | "top_languages"
  | "media_comparison"
  | "growth"
  | "share"
  | "count"
  | "median"
  | "top_videos"
  | "overview";

export type Flag = "ad" | "organic" | "slideshow" | "hook" | "breakout";

/** What the local engine understood: an intent plus the filters that select the videos it is about. */
export interface ParsedQuestion {
  intent: Intent;
  metric: Metric;
  /** The question named the measure (otherwise rankings count videos). */
  metricAsked: boolean;
  topicWords: string[];
  region: string | null;
  language: string | null;
  mediaType: "video" | "slideshow" | null;
  ad: boolean | null;
  hook: boolean | null;
  breakout: "breakout" | "early" | null;
  windowDays: number | null;
  advertisers: { id: string; name: string }[];
  creators: { uid: string; handle: string }[];
  /** For `share`: the property whose share of the selected videos is asked for. */
  shareOf: Flag | null;
  /** The question says "early" about breakouts (young videos already out-running their creator). */
  early: boolean;
}

const WINDOW_UNITS: Record<string, number> = {
  hour: 1 / 24,
  day: 1,
  week: 7,
  month: 30,
  quarter: 90,
  year: 365,
};

function windowDays(text: string): number | null {
  const numbered = text.match(/\b(?:last|past|previous|recent)\s+(\d{1,3})\s+(hour|day|week|month)s?\b/);
  if (numbered)
    return Math.max(1, Math.round(Number(numbered[1]) * (WINDOW_UNITS[numbered[2] as string] ?? 1)));
  const single = text.match(/\b(?:last|past|this|previous)\s+(day|week|month|quarter|year)\b/);
  if (single) return WINDOW_UNITS[single[1] as string] ?? null;
  if (/\b(today|last 24 hours|past 24 hours)\b/.test(text)) return 1;
  return null;
}

function findRegion(raw: string, lower: string, known: Set<string>): string | null {
  for (const [name, code] of Object.entries(REGION_NAMES).sort((a, b) => b[0].length - a[0].length)) {
    if (new RegExp(`\\b${name}\\b`).test(lower)) return code;
  }
  // Upper-case two-letter codes only (so the pronoun "us" is not the United States).
  for (const match of raw.matchAll(/\b([A-Z]{2})\b/g)) {
    if (known.has(match[1] as string)) return match[1] as string;
  }
  return null;
}

function findLanguage(lower: string): string | null {
  for (const [name, code] of Object.entries(LANGUAGE_NAMES))
    if (new RegExp(`\\b${name}\\b`).test(lower)) return code;
  return null;
}

function findAdvertisers(db: Db, lower: string): { id: string; name: string }[] {
  const names = db
    .prepare<[], { id: string; name: string; alias: string }>(
      `SELECT id, name, name AS alias FROM advertisers
       UNION SELECT a.id, a.name, x.alias FROM advertiser_aliases x JOIN advertisers a ON a.id = x.advertiser_id WHERE x.kind = 'name'`,
    )
    .all()
    .filter((row) => row.alias.length >= 3)
    .sort((a, b) => b.alias.length - a.alias.length);
  const found = new Map<string, string>();
  let rest = lower;
  for (const row of names) {
    const alias = row.alias.toLowerCase();
    const at = wordIndex(rest, alias);
    if (at < 0) continue;
    found.set(row.id, row.name);
    rest = `${rest.slice(0, at)} ${rest.slice(at + alias.length)}`;
  }
  return [...found].map(([id, name]) => ({ id, name }));
}

function wordIndex(text: string, phrase: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(phrase, from);
    if (at < 0) return -1;
    const before = text[at - 1];
    const after = text[at + phrase.length];
    if (
      (before === undefined || !/[\p{L}\p{N}]/u.test(before)) &&
      (after === undefined || !/[\p{L}\p{N}]/u.test(after))
    )
      return at;
    from = at + 1;
  }
}

function findCreators(db: Db, raw: string): { uid: string; handle: string }[] {
  const out: { uid: string; handle: string }[] = [];
  for (const match of raw.matchAll(/@([\p{L}\p{N}._]{1,64})/gu)) {
    const handle = (match[1] as string).replace(/\.+$/, "");
    const row =
      db
        .prepare<[string], { uid: string; handle: string }>(
          "SELECT uid, handle FROM creators WHERE handle = ? COLLATE NOCASE",
        )
        .get(handle) ??
      db
        .prepare<[string], { uid: string; handle: string }>(
          "SELECT c.uid, c.handle FROM creator_handles h JOIN creators c ON c.uid = h.uid WHERE h.handle = ? COLLATE NOCASE ORDER BY h.last_seen DESC",
        )
        .get(handle);
    if (row && !out.some((c) => c.uid === row.uid)) out.push(row);
  }
  return out;
}

function findMetric(lower: string): Metric | null {
  for (const word of lower.split(/[^\p{L}]+/u)) {
    const metric = METRIC_WORDS[word];
    if (metric) return metric;
  }
  return null;
}

const has = (lower: string, pattern: RegExp) => pattern.test(lower);

function flagsIn(text: string): Flag[] {
  const flags: Flag[] = [];
  if (/\b(ads?|adverts?|advertisements?|sponsored|promoted)\b/.test(text)) flags.push("ad");
  if (/\b(organic|non-ads?)\b/.test(text)) flags.push("organic");
  if (/\b(slideshows?|carousels?|photo posts?)\b/.test(text)) flags.push("slideshow");
  if (/\bhooks?\b/.test(text)) flags.push("hook");
  if (/\b(breakouts?|broke out|breaking out)\b/.test(text)) flags.push("breakout");
  return flags;
}

function intentOf(lower: string, creators: number, advertisers: number): Intent {
  const comparing = has(lower, /\b(compare|comparison|versus|vs\.?|against|better|outperform)\b/);
  if (comparing && creators >= 2) return "compare_creators";
  if (comparing && advertisers >= 2) return "compare_advertisers";
  if (has(lower, /\bhook (patterns?|types?|styles?)\b|\bkinds? of hooks?\b|\bwhich hooks?\b|\bwhat hooks?\b/))
    return "hook_patterns";
  if (has(lower, /\b(which|what|top|leading) (advertisers?|brands?)\b|\badvertisers? (had|has|ran|with)\b/))
    return "top_advertiser";
  if (
    has(lower, /\b(which|what|top|leading) (creators?|influencers?|accounts?)\b|\bcreators? (had|has|with)\b/)
  )
    return "top_creator";
  if (has(lower, /\bhashtags?\b/)) return "top_hashtags";
  if (has(lower, /\b(which|what|top) (regions?|countries|country|markets?)\b/)) return "top_regions";
  if (has(lower, /\b(which|what|top) languages?\b/)) return "top_languages";
  if (
    has(
      lower,
      /\bslideshows? (or|vs\.?|versus) (regular )?videos?\b|\bvideos? (or|vs\.?|versus) slideshows?\b/,
    )
  )
    return "media_comparison";
  if (has(lower, /\b(grew|growth|grow|growing|gained|gain)\b/)) return "growth";
  if (has(lower, /\b(share|percentage|percent|fraction|proportion|what portion)\b/)) return "share";
  if (has(lower, /\b(median|typical|average|mean)\b/)) return "median";
  if (has(lower, /\b(how many|number of|count)\b/)) return "count";
  if (has(lower, /\b(most|top|best|highest|biggest)\b/)) return "top_videos";
  return "overview";
}

/** Reads a question (and, for filters the question leaves open, its context) into an intent and filters. */
export function parseQuestion(db: Db, question: string, context: string | null): ParsedQuestion {
  const lower = question.toLowerCase();
  const contextLower = (context ?? "").toLowerCase();
  const regions = new Set(
    db
      .prepare<[], { region: string }>("SELECT DISTINCT region FROM videos WHERE region IS NOT NULL")
      .all()
      .map((r) => r.region),
  );
  const advertisers = findAdvertisers(db, lower);
  const creators = findCreators(db, question);
  const intent = intentOf(lower, creators.length, advertisers.length);

  let flags = flagsIn(lower);
  let shareOf: Flag | null = null;
  if (intent === "share") {
    // "what share of skincare videos are ads?": the flag after the verb is the target, those before filter.
    const split = lower.split(/\b(?:are|were|is|use|used|have|had|got|went)\b/);
    const target = split.length > 1 ? flagsIn(split.slice(1).join(" ")) : [];
    shareOf = target[0] ?? flags[flags.length - 1] ?? null;
    const before = flagsIn(split[0] ?? "");
    flags = before.filter((f) => f !== shareOf);
  }
  if (intent === "hook_patterns") flags = flags.filter((f) => f !== "hook");
  const early = /\bearly[- ]breakouts?\b|\bearly\b.*\bbreak/.test(lower);

  return {
    intent,
    metricAsked: findMetric(lower) !== null,
    metric:
      findMetric(lower) ??
      (intent === "compare_creators" || intent === "compare_advertisers" ? "engagement" : "plays"),
    topicWords: topicWords(question, advertisers, creators),
    region: findRegion(question, lower, regions) ?? findRegion(context ?? "", contextLower, regions),
    language: findLanguage(lower) ?? findLanguage(contextLower),
    mediaType: intent === "media_comparison" ? null : flags.includes("slideshow") ? "slideshow" : null,
    ad: flags.includes("ad") ? true : flags.includes("organic") ? false : null,
    hook: flags.includes("hook") ? true : null,
    breakout:
      shareOf === "breakout"
        ? null
        : flags.includes("breakout") || early
          ? early
            ? "early"
            : "breakout"
          : null,
    early,
    windowDays: windowDays(lower) ?? windowDays(contextLower),
    advertisers,
    creators,
    shareOf,
  };
}

function topicWords(
  question: string,
  advertisers: { name: string }[],
  creators: { handle: string }[],
): string[] {
  let text = question.toLowerCase().replace(/@[\p{L}\p{N}._]+/gu, " ");
  for (const a of advertisers) text = text.split(a.name.toLowerCase()).join(" ");
  for (const c of creators) text = text.split(c.handle.toLowerCase()).join(" ");
  for (const name of [...Object.keys(REGION_NAMES), ...Object.keys(LANGUAGE_NAMES)]) {
    text = text.replace(new RegExp(`\\b${name}\\b`, "g"), " ");
  }
  const words = text
    .split(/[^\p{L}\p{N}#]+/u)
    .map((w) => w.replace(/^#/, ""))
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w) && !METRIC_WORDS[w]);
  return [...new Set(words)];
}
