import type { Answer } from "../domain/schemas/analyst-record.js";
import type {
  AdvertiserSummary,
  CreatorSummary,
  SimilarHook,
  TrendSummary,
  VideoSummary,
} from "../domain/schemas/records.js";
import type { PageMeta } from "../registry/schemas.js";

/**
 * MCP text summaries that stand alone: a client that reads only the text (not structuredContent) gets every
 * returned ID, one line each, and the exact cursor to page on, so it can cite and continue.
 */

/** A line of user-visible text, single-line and bounded. */
export function clip(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How a page ends: the exact next_cursor when there is more, the cap when the traversal stopped, or the end. */
export function pageTail(meta: Pick<PageMeta, "has_more" | "next_cursor" | "truncated">): string {
  if (meta.has_more && meta.next_cursor)
    return `More results: call again with the same parameters and cursor "${meta.next_cursor}".`;
  if (meta.truncated) return "Stopped at the 20-page cap; narrow the query to see more.";
  return "No more results.";
}

/** `N thing(s)[ of T] what:` + one line per item + the page tail. */
export function pageSummary(
  noun: string,
  meta: Pick<PageMeta, "total" | "has_more" | "next_cursor" | "truncated">,
  what: string,
  lines: readonly string[],
): string {
  const total = meta.total !== null && meta.total !== undefined ? ` of ${meta.total}` : "";
  const head = `${lines.length} ${noun}(s)${total}${what ? ` ${what}` : ""}${lines.length ? ":" : "."}`;
  return [head, ...lines.map((line) => `- ${line}`), pageTail(meta)].join("\n");
}

export const videoLine = (v: VideoSummary) => `${v.id}: ${clip(v.desc)} (${v.play_count} plays)`;

/** A page of videos: how many, from what, every video id with its caption and plays, and the cursor. */
export function videoPageSummary(data: readonly VideoSummary[], meta: PageMeta, what: string): string {
  const page = pageSummary("video", meta, what, data.map(videoLine));
  if (!meta.relaxed) return page;
  const unmatched = meta.unmatched?.length ? `\nIn no video at all: ${meta.unmatched.join(", ")}.` : "";
  return `${page}\n${relaxedLine(meta.relaxed)}${unmatched}`;
}

/** Which word to drop when a search of several words found nothing (meta.relaxed). */
function relaxedLine(relaxed: NonNullable<PageMeta["relaxed"]>): string {
  if (relaxed.length === 0)
    return "No video holds every word, and leaving out any one of them still finds none: search fewer words.";
  const found = relaxed.map(
    (r) => `without ${r.without}: ${r.total === null ? "some videos" : `${r.total} video(s)`}`,
  );
  return `No video holds every word; ${found.join("; ")}.`;
}

/**
 * What a creator or advertiser list is ordered by, for its lines: a trending list shows each one's plays gained
 * (its order), a new list when each was first seen; `all` shows nothing more.
 */
export type ListView = "all" | "trending" | "new" | undefined;

function viewFigure(
  view: ListView,
  item: { growth: number; window_days: number; first_seen: string },
): string {
  if (view === "trending")
    return `, +${item.growth} plays ${item.window_days === 0 ? "today (UTC)" : `in ${item.window_days} days`}`;
  if (view === "new") return `, first seen ${item.first_seen.slice(0, 10)}`;
  return "";
}

export function creatorPageSummary(
  data: readonly CreatorSummary[],
  meta: PageMeta,
  what: string,
  view?: ListView,
): string {
  return pageSummary(
    "creator",
    meta,
    what,
    data.map(
      (c) =>
        `${c.uid} @${c.handle}${c.nickname ? ` (${clip(c.nickname, 40)})` : ""}, ${c.video_count} video(s)${
          c.followers !== null ? `, ${c.followers} followers` : ""
        }${viewFigure(view, c)}`,
    ),
  );
}

export function advertiserPageSummary(
  data: readonly AdvertiserSummary[],
  meta: PageMeta,
  what: string,
  view?: ListView,
): string {
  return pageSummary(
    "advertiser",
    meta,
    what,
    data.map(
      (a) => `${a.id} ${clip(a.name, 60)} (${a.focus}), ${a.video_count} video(s)${viewFigure(view, a)}`,
    ),
  );
}

export function trendPageSummary(data: readonly TrendSummary[], meta: PageMeta): string {
  return pageSummary(
    "trend report",
    meta,
    "",
    data.map((t) => `${t.id}: ${clip(t.title)} (${t.kind}, ${t.signal.videos} videos)`),
  );
}

export function similarHookSummary(data: readonly SimilarHook[], meta: PageMeta, id: string): string {
  const page = pageSummary(
    "video",
    meta,
    `with a hook similar to video ${id}`,
    data.map((h) => `${h.video.id} (similarity ${h.similarity.toFixed(2)}): ${clip(h.hook_text)}`),
  );
  if (data.length > 0) return page;
  // Empty is an answer, not a failure: say why it happens (a third of the hooks of a real scrape have none).
  return `${page}\nNo hook is similar enough to list: a video without a hook has none, and so does one whose hook makes no recognised move (a question, a list, an offer, a review…) and names no topic the model knows, unless another hook has nearly the same words. Search by its words with service_search_videos instead.`;
}

/** The analyst's answer in text: summary, each finding with its evidence IDs, and the caveats. */
export function answerSummary(answer: Answer, requestId: string): string {
  const lines = [answer.summary, ""];
  if (answer.findings.length === 0) lines.push("Findings: none.");
  else lines.push("Findings:");
  answer.findings.forEach((finding, i) => {
    const evidence = finding.evidence.map((e) => `${e.type} ${e.id}`).join(", ");
    lines.push(`${i + 1}. ${finding.statement}`);
    lines.push(`   Evidence: ${evidence || "none (a count of zero)"}`);
  });
  if (answer.caveats.length > 0) {
    lines.push("", "Caveats:");
    for (const caveat of answer.caveats) lines.push(`- ${caveat}`);
  }
  lines.push("", `Analyst request ${requestId} (engine ${answer.engine}).`);
  return lines.join("\n");
}
