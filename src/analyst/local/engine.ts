import type { Answer } from "../../domain/schemas/analyst-record.js";
import { recencyAnchor } from "../../shared/recency.js";
import type { AnalystEngine, EngineDeps, EngineRequest } from "../engine.js";
import {
  boundPrices,
  coverageNotes,
  declined,
  execute,
  isoDay,
  namedSet,
  topicsApartNote,
} from "./execute.js";
import {
  isYearless,
  moveYearless,
  moveYearlessWords,
  type Period,
  writesYearlessYear,
  YEARLESS_YEAR,
} from "./lexicon.js";
import { attributeLabel, type Plan, planQuestion, VIRAL_SHARE } from "./planner.js";

/** How a bound on a count or a rate is written in `plan.filters` ("plays>=10000", "like_rate>0.05"). */
const BOUND_SIGN = { over: ">", "at least": ">=", under: "<", "at most": "<=" } as const;

const LABEL_CAVEAT =
  "Labels (ad, hook, hook type, viral hook) are model-assisted observations with a confidence, not legal determinations.";

const capitalised = (words: string) => `${words.slice(0, 1).toUpperCase()}${words.slice(1)}`;

/** One filter of a plan as `plan.filters` writes it ("plays>=10000", "any_q=dalat|sapa", "weekday=0|6"). */
function filterWords(a: Plan["attributes"][number]): string {
  switch (a.kind) {
    case "count":
      return `${a.metric}${BOUND_SIGN[a.op]}${a.value}`;
    case "rate":
      return `${a.rate}${BOUND_SIGN[a.op]}${a.value}`;
    case "exceeds":
      return `${a.more}>${a.than}`;
    case "sound":
      // An original sound is thousands of ids (each creator's own audio): named, with how many.
      return `sound${a.except ? "!=" : "="}${a.ids.length > 20 ? `${a.title} (${a.ids.length} sound ids)` : a.ids.join("|")}`;
    case "hours":
      return `hour_utc=${a.hours.join("|")}`;
    case "days":
      return `weekday=${a.days.join("|")}`;
    case "text":
      return `q=${a.q}`;
    case "not_text":
      return `not_q=${a.q}`;
    case "any_text":
      return `any_q=${a.qs.join("|")}`;
    case "cta":
      return `call_to_action=${a.value}`;
    case "not_creator":
      return `not_author=${a.uid}`;
    case "creator":
      return `author=${a.uid}`;
    case "emoji":
      return `caption_contains=${a.emoji}`;
    case "any_emoji":
      return `caption_emoji=${a.value}`;
    case "recorded":
      return `${a.code}=${a.value === "yes" ? "recorded" : "none"}`;
    case "collection":
      return `collection=${a.names.join("|")}`;
    case "price":
      return a.bound
        ? `price_vnd${a.bound.op === "between" ? `=${a.bound.value}..${a.bound.to}` : `${BOUND_SIGN[a.bound.op]}${a.bound.value}`}${a.bound.night ? "/night" : a.bound.hours ? "/hours" : ""}`
        : `price=${a.value}`;
    default:
      return `${a.kind}=${a.value}`;
  }
}

/** The plan as the `aggregate` step reports it (what was understood, what was ignored). */
function planSummary(plan: Plan): Record<string, unknown> {
  return {
    intent: plan.intent,
    subject: plan.subject,
    metric: plan.metric,
    // "Before 2024" has a start only in name (the epoch): no length.
    window_days: plan.window?.from === 0 ? null : (plan.window?.days ?? null),
    // A calendar period: where it starts and ends; an open end ("since 2024", "before 2024") has one of them.
    ...(plan.window?.from ? { window_from: new Date(plan.window.from * 1000).toISOString() } : {}),
    ...(plan.window?.from !== undefined && plan.window.to !== undefined
      ? { window_to: new Date(plan.window.to * 1000).toISOString() }
      : {}),
    ...(plan.window?.periods
      ? {
          periods: plan.window.periods.map((p) => ({
            label: p.label,
            from: new Date(p.from * 1000).toISOString(),
            to: new Date(p.to * 1000).toISOString(),
          })),
        }
      : {}),
    ...(plan.window?.endsAt !== undefined
      ? { window_ends_at: new Date(plan.window.endsAt * 1000).toISOString() }
      : {}),
    topics: plan.topics,
    ...(plan.groupBy ? { group_by: plan.groupBy } : {}),
    ...(plan.perGroup?.breakdown ? { within_each: plan.perGroup.by } : {}),
    ...(plan.compareTopics.length > 0 ? { compare_topics: plan.compareTopics } : {}),
    ...(plan.compareCodes.length > 0 ? { compare_codes: plan.compareCodes } : {}),
    count: plan.count,
    filters: plan.attributes.map(filterWords),
    creators: plan.creators.map((c) => c.uid),
    advertisers: plan.advertisers.map((a) => a.id),
    ...(plan.videos.length > 0 ? { videos: plan.videos } : {}),
    ...(plan.similar ? { similar: true } : {}),
    ...(plan.focus ? { focus: plan.focus } : {}),
    ...(plan.creatorType ? { creator_type: plan.creatorType } : {}),
    ...(plan.perVideo ? { per_video: true } : {}),
    ...(plan.totals ? { totals: true } : {}),
    ...(plan.alsoMeasured.length > 0 ? { also_measured: plan.alsoMeasured } : {}),
    ...(plan.tagsLeftOut.length > 0 ? { tags_left_out: plan.tagsLeftOut } : {}),
    ...(plan.respelt.length > 0
      ? { respelt: plan.respelt.map((r) => ({ written: r.written, read_as: r.tag })) }
      : {}),
    ...(plan.followUpAlone ? { follow_up_without_context: true } : {}),
    ...(plan.authorVerified ? { author_verified: plan.authorVerified === "yes" } : {}),
    ...(plan.byCreators ? { by_creators: true } : {}),
    ...(plan.groupCreators ? { group_creators: plan.groupCreators } : {}),
    ...(plan.groupMedian
      ? { group_median: { metric: plan.groupMedian.metric, ...plan.groupMedian.bound } }
      : {}),
    ...(plan.quotes ? { quotes: true } : {}),
    ...(plan.spread ? { spread: plan.spread } : {}),
    ...(plan.usesShown ? { uses_shown: plan.usesShown } : {}),
    ...(plan.priceFigure
      ? {
          price_figure: {
            of: plan.priceFigure.of,
            night: plan.priceFigure.night,
            ...(plan.priceFigure.hours ? { hours: true } : {}),
            ...(plan.priceFigure.eachSearch ? { each_search: true } : {}),
          },
        }
      : {}),
    ...(plan.words ? { words: plan.words } : {}),
    ...(plan.viral ? { viral: true } : {}),
    ...(plan.viral && plan.viralShare !== VIRAL_SHARE
      ? { viral_percent: Math.round(plan.viralShare * 1000) / 10 }
      : {}),
    ...((plan.viral || plan.topPlayed !== null) && plan.viralBy !== "plays"
      ? { viral_by: plan.viralBy }
      : {}),
    ...(plan.topPlayed !== null ? { top_played: plan.topPlayed } : {}),
    ...(plan.topCreators !== null ? { top_creators: plan.topCreators } : {}),
    ...(plan.authorFollowers ? { author_followers: plan.authorFollowers } : {}),
    ...(plan.shareOfAuthors ? { share_of_authors: true } : {}),
    ...(plan.shareOfCreators ? { share_of_creators: true } : {}),
    ...(plan.shareOfWindow ? { share_of_window: true } : {}),
    ...(plan.shareEach ? { share_each: true } : {}),
    ...(plan.groupShares ? { group_shares: true } : {}),
    ...(plan.eachTopic.length > 0 ? { each_topic: plan.eachTopic } : {}),
    ...(plan.eachCode ? { each_code: plan.eachCode } : {}),
    ...(plan.adsOnly ? { ads_only: plan.adsOnly } : {}),
    ...(plan.inSearches !== null ? { in_searches: plan.inSearches } : {}),
    ...(plan.eachPeriod.length > 0 ? { each_period: plan.eachPeriod.map((p) => p.label) } : {}),
    ...(plan.eachPeriodExcept ? { each_period_except: true } : {}),
    ...(plan.changeBetween.length > 0 ? { change_between: plan.changeBetween.map((p) => p.label) } : {}),
    ...(plan.usesBy ? { uses_by: plan.usesBy } : {}),
    ...(plan.firstIn ? { first_in_window: true } : {}),
    ...(plan.oldest ? { oldest: true } : {}),
    ...(plan.percentile !== null ? { percentile: plan.percentile } : {}),
    ...(plan.percentiles.length > 0 ? { percentiles: plan.percentiles } : {}),
    ...(plan.hourOffset !== 0 ? { utc_offset_hours: plan.hourOffset } : {}),
    ...(plan.bands.length > 0 ? { bands: plan.bands.map((b) => b.label) } : {}),
    ...(plan.concentration ? { concentration: plan.concentration } : {}),
    ...(plan.shareOfWhole ? { share_of_whole: true } : {}),
    ...(plan.shareMeasure ? { share_measure: plan.shareMeasure } : {}),
    ...(plan.besideCode !== null ? { beside_code: plan.besideCode } : {}),
    ...(plan.lowest ? { lowest: true } : {}),
    ...(plan.byArtist ? { by_artist: true } : {}),
    ...(plan.shareOf && plan.intent === "breakdown" ? { share_of: attributeLabel(plan.shareOf) } : {}),
    understood: plan.understood,
    ignored: plan.ignored,
  };
}

/**
 * Offline engine: a planner links the question's names against the corpus and reads its window, metric and
 * intent; the plan runs through the registry's tools (the same views REST and MCP serve) and, for aggregates
 * no tool offers, through read-only queries over the store (the store's facts repository). Unlinked words are reported, not
 * used; questions it cannot answer are declined with what it understood.
 */
export class LocalEngine implements AnalystEngine {
  readonly name = "local" as const;

  constructor(private readonly deps: EngineDeps) {}

  /**
   * "This month vs last month": the two windows (counted back from their end) end now, or at the corpus's newest
   * video (included) when it has nothing that recent, and are named by their dates then.
   */
  private async anchorPair(plan: Plan, now: number): Promise<{ plan: Plan; caveats: string[] }> {
    const periods = plan.window?.periods ?? plan.changeBetween;
    if (!periods.some((p) => p.fromEnd) || plan.intent === "decline") return { plan, caveats: [] };
    const span = Math.max(...periods.map((p) => -p.from));
    const newest = await this.deps.store.trends.newestVideoAt(now);
    const anchor = recencyAnchor(newest, now, span / 86_400);
    const end = anchor.at + 1;
    const days = (span / 2 / 86_400).toLocaleString("en-US");
    const at = (p: Period): Period => ({
      from: p.from + end,
      to: p.to + end,
      label:
        anchor.basis === "now"
          ? p.label
          : p.to === 0
            ? `the ${days} days to ${isoDay(anchor.at)}`
            : `the ${days} days before`,
    });
    const anchored = periods.map(at);
    const dated = anchored.map((p) => `${p.label}: ${isoDay(p.from)} to ${isoDay(p.to - 1)}`).join("; ");
    const caveat = `${dated[0]?.toUpperCase()}${dated.slice(1)} (UTC, publication time), ${
      anchor.basis === "now"
        ? "up to now"
        : `up to the corpus's newest video: nothing was published after ${isoDay(anchor.at)}`
    }.`;
    return {
      plan: {
        ...plan,
        window: plan.window && {
          ...plan.window,
          from: end - span,
          to: end,
          periods: anchored,
          ...(anchor.basis === "corpus" ? { label: `${isoDay(end - span)} to ${isoDay(anchor.at)}` } : {}),
        },
        changeBetween: plan.changeBetween.map(at),
      },
      caveats: [caveat],
    };
  }

  /**
   * "Videos from April", "between Nov 20 and Dec 5": dates named without a year (read in YEARLESS_YEAR) are the
   * latest such dates up to the corpus's newest video, or now.
   */
  private async placeYearless(
    plan: Plan,
    question: string,
    now: number,
  ): Promise<{ plan: Plan; caveats: string[] }> {
    const window = plan.window;
    const periods = [
      ...(window?.periods ?? []),
      ...(window?.ends ?? []),
      ...plan.changeBetween,
      ...plan.eachPeriod,
      ...(window?.from !== undefined ? [{ from: window.from, to: window.to ?? window.from }] : []),
    ];
    const times = periods.flatMap((p) => [p.from, p.to]).filter(isYearless);
    // (A year written as such is the user's: "in 2196" is not moved.)
    if (times.length === 0 || writesYearlessYear(question)) return { plan, caveats: [] };
    // The latest period named has begun by the newest video ("November–February vs June–August": the last June
    // before it, and the winter before that).
    const starts = [
      ...(window?.periods ?? (window?.from !== undefined ? [window as { from: number }] : [])),
      ...plan.changeBetween,
      ...plan.eachPeriod,
    ]
      .map((p) => p.from)
      .filter(isYearless);
    const start = starts.length > 0 ? Math.max(...starts) : Math.min(...times);
    // ("@nuri100100's #drawing clip … posted on 3 December": the newest of the videos named, when the question
    // names some, an older collection's December; else the corpus's newest.)
    // (An account named whose videos match nothing else named still sets it: "@x's "That's akward" clip".)
    const newestOf = async (set: ReturnType<typeof namedSet>) =>
      Object.keys(set).length > 0 ? (await this.deps.store.facts.topBy(set, "published", 1))[0] : undefined;
    const newestNamed =
      (await newestOf(namedSet(plan))) ?? (await newestOf(namedSet({ ...plan, topics: [], attributes: [] })));
    const newest = newestNamed?.created_at ?? (await this.deps.store.trends.newestVideoAt(now)) ?? now;
    let years = new Date(newest * 1000).getUTCFullYear() - YEARLESS_YEAR;
    if (moveYearless(start, years) > newest) years -= 1;
    const move = (p: Period): Period => ({
      ...p,
      from: moveYearless(p.from, years),
      to: moveYearless(p.to, years),
      label: moveYearlessWords(p.label, years),
    });
    const moved: Plan = {
      ...plan,
      window: window && {
        ...window,
        ...(window.from !== undefined ? { from: moveYearless(window.from, years) } : {}),
        ...(window.to !== undefined ? { to: moveYearless(window.to, years) } : {}),
        ...(window.label !== undefined ? { label: moveYearlessWords(window.label, years) } : {}),
        ...(window.periods ? { periods: window.periods.map(move) } : {}),
        ...(window.ends ? { ends: window.ends.map(move) } : {}),
      },
      changeBetween: plan.changeBetween.map(move),
      eachPeriod: plan.eachPeriod.map(move),
      understood: plan.understood.map((u) => moveYearlessWords(u, years)),
    };
    const named = moved.window?.label ?? moved.changeBetween.map((p) => p.label).join(" and ");
    // (A question declined says the dates it read as they would have been placed.)
    if (plan.intent === "decline") return { plan: moved, caveats: [] };
    return {
      plan: moved,
      caveats: [
        `No year was named${window ? ` in "${window.phrase}"` : ""}: read as ${named}, the latest such dates up to ${newestNamed ? "the newest of the videos named" : "the corpus's newest video"} (${isoDay(newest)}). Name the year for another.`,
      ],
    };
  }

  async answer(request: EngineRequest): Promise<Answer> {
    const facts = this.deps.store.facts;
    const now = Math.floor(this.deps.clock.nowSeconds());
    const yearless = await this.placeYearless(
      await planQuestion(facts, request.question, request.context),
      request.question,
      now,
    );
    let plan = yearless.plan;
    // "Since March 2025": its length runs to now.
    if (plan.window?.openEnded && plan.window.from !== undefined && plan.window.to === undefined)
      plan = {
        ...plan,
        window: { ...plan.window, days: Math.max(1, Math.ceil((now - plan.window.from) / 86_400)) },
      };
    const paired = await this.anchorPair(plan, now);
    plan = paired.plan;
    // A corpus with nothing this recent (an old scrape) answers for the window ending at its newest video.
    const windowed =
      plan.window && !plan.window.shortest && plan.window.from === undefined && plan.intent !== "decline"
        ? plan.window
        : null;
    if (windowed) {
      const newest = await this.deps.store.trends.newestVideoAt(now);
      const anchor = recencyAnchor(newest, now, windowed.days === 0 ? 1 : windowed.days);
      if (anchor.basis === "corpus") plan = { ...plan, window: { ...windowed, endsAt: anchor.at } };
    }
    // ("Rooms under 500k a night": the videos whose stated prices pass, read from their texts.)
    const priced = await boundPrices(plan, facts);
    plan = priced.plan;
    const call = async (tool: string, args: Record<string, unknown>) => {
      if (request.signal.aborted) throw request.signal.reason ?? new Error("aborted");
      return request.callTool(tool, args);
    };
    let outcome: Awaited<ReturnType<typeof execute>>;
    try {
      outcome = await execute({ plan, call, facts, now });
    } catch (error) {
      if (request.signal.aborted) throw error;
      // A tool refusing the plan's call: say so rather than answer something else.
      outcome = declined(plan, `a tool call failed (${(error as Error).message.slice(0, 200)})`);
    }
    const caveats = [
      LABEL_CAVEAT,
      ...outcome.caveats.filter((c) => !priced.caveats.includes(c)),
      ...priced.caveats,
      ...yearless.caveats,
      ...paired.caveats,
    ];
    if (plan.followUpAlone && plan.intent !== "decline")
      caveats.push(
        "This reads as a follow-up to an earlier question, but no context was given, and the analyst keeps no conversation: it is answered as it reads alone. To carry on from an earlier answer, send the earlier question and its summary as context.",
      );
    if (plan.respelt.length > 0)
      caveats.push(
        `Read ${plan.respelt.map((r) => `"${r.written}" as #${r.tag}`).join(" and ")}: the nearest spelling the corpus tags (what was written is not a word its videos use). If you meant something else, check the spelling.`,
      );
    if (plan.ignored.length > 0)
      caveats.push(
        `Words not linked to anything in the corpus, and ignored (not used as filters): ${plan.ignored.join(", ")}.`,
      );
    const toolWindow = /^service_search_(creators|advertisers)\b/.test(outcome.computed);
    if (plan.window?.endsAt !== undefined && toolWindow) {
      // Growth windows end at the latest observation when none falls inside them (scores.ts, recency.ts).
      const observed = await this.deps.store.trends.latestObservationAt(now);
      const growthEnd = recencyAnchor(observed, now, Math.max(1, plan.window.days));
      caveats.push(
        `The corpus's newest video was published on ${isoDay(plan.window.endsAt)}. ${
          growthEnd.basis === "corpus"
            ? `Nothing was observed after ${isoDay(growthEnd.at)}, so creator and advertiser growth windows end at that last observation (a window of N days is the N days up to it; service://guide/metrics).`
            : "Creator and advertiser growth windows end now: the counts were observed recently (service://guide/metrics)."
        } A "new" view counts first sightings back from now, so on an old corpus it can be empty.`,
      );
    } else if (plan.window?.endsAt !== undefined)
      caveats.push(
        `The corpus's newest video was published on ${isoDay(plan.window.endsAt)}, before this window would begin: the window ends at that video (within-corpus recency, as in trend reports), not now. Publication windows select videos by their publish time.`,
      );
    else if (plan.window?.from !== undefined && plan.intent !== "decline") {
      // "In 1899", "in 2030": a period the corpus does not reach says where its videos are.
      const [oldest, newest] = await Promise.all([
        this.deps.store.trends.oldestVideoAt(),
        this.deps.store.trends.newestVideoAt(Number.MAX_SAFE_INTEGER),
      ]);
      const outside =
        oldest !== null &&
        newest !== null &&
        ((plan.window.to !== undefined && plan.window.to <= oldest) || plan.window.from > newest)
          ? ` The corpus holds no video published then: its videos were published from ${isoDay(oldest)} to ${isoDay(newest)}.`
          : "";
      caveats.push(
        `${capitalised(plan.window.label ?? "")} selects videos by their publish time (UTC).${outside}${plan.subject === "creators" || plan.subject === "advertisers" ? " Creator and advertiser growth rankings (windows of 2, 7 or 30 days) cannot be narrowed to a calendar period." : ""}`,
      );
    } else if (plan.window?.shortest && plan.intent !== "decline") {
      // "Right now" on a scrape collected long ago: growth and trending end at its last observation.
      const observed = await this.deps.store.trends.latestObservationAt(now);
      const end = recencyAnchor(observed, now, plan.window.days);
      caveats.push(
        `"${plan.window.phrase}" reads as the shortest window a view offers; it does not restrict publication time.${
          end.basis === "corpus"
            ? ` Nothing was observed after ${isoDay(end.at)}, so growth and the trending order are measured up to that last observation (service://guide/metrics).`
            : ""
        }`,
      );
    } else if (plan.window && plan.intent !== "decline")
      caveats.push(
        "Time windows end now (the service clock); publication windows select videos by their publish time.",
      );
    const apart = request.signal.aborted ? null : await topicsApartNote({ plan, call, facts, now });
    if (!request.signal.aborted) caveats.push(...(await coverageNotes({ plan, call, facts, now })));
    // A word the question meant as a topic but the corpus does not know ("skincare" in a hotel scrape) would
    // otherwise widen the answer silently: the summary says it was left out (a declined answer lists it).
    const summary = [
      outcome.summary,
      ...(apart ? [apart] : []),
      ...(plan.intent === "decline" ? [] : ignoredNotes(plan.ignored)),
    ].join(" ");
    return {
      summary,
      findings: request.signal.aborted
        ? outcome.findings
        : await withLinks(outcome.findings, this.deps.store),
      method: [
        ...request.method(),
        {
          tool: "aggregate",
          arguments: { plan: planSummary(plan), computed: outcome.computed, result: outcome.result },
        },
      ],
      caveats,
      engine: this.name,
    };
  }
}

/**
 * Each video cited with its link on the platform (`figures.url`, where the source gave one): "send me the link",
 * "top 5 w links" are answered by the evidence itself. One lookup of the cited ids.
 */
async function withLinks(
  findings: Answer["findings"],
  store: EngineDeps["store"],
): Promise<Answer["findings"]> {
  const ids = [
    ...new Set(findings.flatMap((f) => f.evidence.filter((e) => e.type === "video").map((e) => e.id))),
  ];
  if (ids.length === 0) return findings;
  const links = new Map((await store.videos.summaries(ids)).map((v) => [v.id, v.url]));
  return findings.map((f) => ({
    ...f,
    evidence: f.evidence.map((e) => {
      const url = e.type === "video" ? links.get(e.id) : null;
      return url ? { ...e, figures: { ...e.figures, url } } : e;
    }),
  }));
}

/** The words a question used that the answer did not: unknown words, then those left out for a reason given. */
function ignoredNotes(ignored: readonly string[]): string[] {
  const unknown = ignored.filter((w) => !w.includes(" ("));
  const reasoned = ignored.filter((w) => w.includes(" ("));
  return [
    ...(unknown.length > 0 ? [`Not used (not a name or hashtag in the corpus): ${unknown.join(", ")}.`] : []),
    ...(reasoned.length > 0 ? [`Not used: ${reasoned.join("; ")}.`] : []),
  ];
}
