import { DAY } from "../../clock.js";
import type { AnalystEngine, EngineDeps, EngineRequest } from "../engine.js";
import type { Answer, MethodStep } from "../record.js";
import { creatorBaselines, isBreakout, selectVideos, windowEnd } from "./corpus-query.js";
import { analyse } from "./findings.js";
import { type ParsedQuestion, parseQuestion } from "./question.js";

const LABEL_CAVEAT =
  "Labels (ad, hook, hook type, viral hook) are model-assisted observations with a confidence, not legal determinations.";

/** The words that describe the selected videos, e.g. "breakout ads about skincare in US in the last 7 days". */
function subjectOf(q: ParsedQuestion, topic: string | undefined): string {
  const kind =
    q.mediaType === "slideshow"
      ? "slideshows"
      : q.ad === true
        ? "ads"
        : q.ad === false
          ? "organic videos"
          : "videos";
  const parts = [
    `${q.breakout === "early" ? "early breakout " : q.breakout ? "breakout " : ""}${q.hook ? "hooked " : ""}${kind}`,
  ];
  if (topic) parts.push(`about "${topic}"`);
  if (q.region) parts.push(`in ${q.region}`);
  if (q.language) parts.push(`in language ${q.language}`);
  if (q.advertisers.length > 0 && !q.intent.startsWith("compare"))
    parts.push(`by ${q.advertisers.map((a) => a.name).join(", ")}`);
  if (q.creators.length > 0 && !q.intent.startsWith("compare"))
    parts.push(`by ${q.creators.map((c) => `@${c.handle}`).join(", ")}`);
  if (q.windowDays !== null && q.intent !== "growth") parts.push(`in the last ${q.windowDays} days`);
  return parts.join(" ");
}

/**
 * Offline engine: parses the question, makes the corroborating tool calls a client could repeat, computes the
 * asked-for aggregate over the store (read-only SQL where the tools cannot express it) and cites the records.
 */
export class LocalEngine implements AnalystEngine {
  readonly name = "local" as const;

  constructor(private readonly deps: EngineDeps) {}

  async answer(request: EngineRequest): Promise<Answer> {
    const { db } = this.deps;
    const q = parseQuestion(db, request.question, request.context);
    const now = windowEnd(db, Math.floor(this.deps.clock.nowSeconds()));
    const tryTool = async (tool: string, args: Record<string, unknown>) => {
      if (request.signal.aborted) throw request.signal.reason ?? new Error("aborted");
      try {
        return await request.callTool(tool, args);
      } catch {
        return null; // A tool refusing a planned call does not sink the answer; only made calls are listed.
      }
    };

    const growthQuestion = q.intent === "growth";
    const selection = selectVideos(db, growthQuestion ? { ...q, windowDays: null } : q, now, {
      byCreators: true,
      byAdvertisers: true,
    });
    await tryTool("service_search_videos", searchArguments(q, selection.filters.topic as string | undefined));
    if (q.breakout)
      await tryTool("service_list_feed", {
        feed: q.breakout === "early" ? "early_breakout" : "breakout",
        limit: 20,
      });
    for (const c of q.creators) await tryTool("service_get_creator", { id: c.uid });
    for (const a of q.advertisers) await tryTool("service_get_advertiser", { id: a.id });

    const needsBaselines = q.breakout !== null || q.shareOf === "breakout";
    const baselines = needsBaselines
      ? creatorBaselines(
          db,
          selection.videos.map((v) => v.author_uid),
        )
      : new Map<string, number>();
    const videos = q.breakout
      ? selection.videos.filter((v) => isBreakout(v, baselines, q.breakout ?? "breakout", now))
      : selection.videos;
    const analysis = analyse({
      db,
      q,
      now,
      videos,
      baselines,
      subject: subjectOf(q, selection.filters.topic as string | undefined),
    });

    if (
      analysis.headline?.type === "advertiser" &&
      !q.advertisers.some((a) => a.id === analysis.headline?.id)
    )
      await tryTool("service_get_advertiser", { id: analysis.headline.id });
    if (analysis.headline?.type === "creator" && !q.creators.some((c) => c.uid === analysis.headline?.id))
      await tryTool("service_get_creator", { id: analysis.headline.id });
    if (q.intent === "hook_patterns" && analysis.headline?.type === "video")
      await tryTool("service_find_similar_hooks", { id: analysis.headline.id, limit: 8 });

    const aggregate: MethodStep = {
      tool: "aggregate",
      arguments: {
        intent: q.intent,
        measure: q.metric,
        filters: selection.filters,
        ...(q.breakout ? { breakout: q.breakout } : {}),
        ...(growthQuestion ? { growth_window_days: q.windowDays ?? 7 } : {}),
        window_end: now,
        videos_considered: videos.length,
      },
    };
    const caveats = [LABEL_CAVEAT, ...analysis.definitions];
    if (q.windowDays !== null || growthQuestion)
      caveats.push(
        `Time windows end at the latest stats observation in the store, or now if earlier (${new Date(now * 1000).toISOString()}), ${q.windowDays ?? 7} days = ${(q.windowDays ?? 7) * DAY} s.`,
      );
    if (selection.ignoredWords.length > 0)
      caveats.push(`Words that matched no video and were ignored: ${selection.ignoredWords.join(", ")}.`);
    if (selection.filters.topic)
      caveats.push(
        "Topic words are matched as whole words in captions, opening hooks, transcripts and hashtags.",
      );
    if (videos.length < 10)
      caveats.push(`Only ${videos.length} videos matched; treat the figures as indicative.`);
    return {
      summary: analysis.summary,
      findings: analysis.findings,
      method: [...request.method(), aggregate],
      caveats,
      engine: this.name,
    };
  }
}

function searchArguments(q: ParsedQuestion, topic: string | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = { sort: "views", limit: 10 };
  if (topic) args.q = topic.slice(0, 200);
  if (q.region) args.region = q.region;
  if (q.language) args.language = q.language;
  if (q.mediaType) args.media_type = q.mediaType;
  if (q.ad !== null) args.ad = q.ad ? "yes" : "no";
  if (q.hook !== null) args.hook = "yes";
  return args;
}
