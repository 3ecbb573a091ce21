import { DAY } from "../../clock.js";
import type { Db } from "../../store/connection.js";
import type { Evidence, Finding } from "../record.js";
import {
  breakoutMultiple,
  creatorBaselines,
  engagementRate,
  isBreakout,
  median,
  metricOf,
  playsGained,
  type VideoFacts,
} from "./corpus-query.js";
import type { Flag, ParsedQuestion } from "./question.js";

export interface AnalysisInput {
  db: Db;
  q: ParsedQuestion;
  now: number;
  videos: VideoFacts[];
  /** Creator medians for every author in `videos` (filled when breakouts are involved). */
  baselines: Map<string, number>;
  /** What the selected videos are, in words ("breakout ads in US in the last 7 days"). */
  subject: string;
}

export interface Analysis {
  summary: string;
  findings: Finding[];
  /** The entity the answer is about, for follow-up tool calls. */
  headline?: { type: Evidence["type"]; id: string };
  definitions: string[];
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString("en-US") : n.toFixed(n < 1 ? 4 : 1));
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

function videoEvidence(
  v: VideoFacts,
  baselines: Map<string, number>,
  extra: Evidence["figures"] = {},
): Evidence {
  const multiple = breakoutMultiple(v, baselines);
  return {
    type: "video",
    id: v.id,
    figures: {
      plays: v.plays,
      likes: v.likes,
      ...(multiple !== null ? { breakout_multiple: round(multiple, 2) } : {}),
      ...extra,
    },
  };
}

const byPlays = (a: VideoFacts, b: VideoFacts) => b.plays - a.plays || a.id.localeCompare(b.id);

interface Group {
  key: string;
  videos: VideoFacts[];
  count: number;
  total: number;
}

/** Groups ranked by the measure (video count unless a metric was asked), ties by plays then key. */
function rankGroups(input: AnalysisInput, keyOf: (v: VideoFacts) => string[] | string | null): Group[] {
  const groups = new Map<string, VideoFacts[]>();
  for (const v of input.videos) {
    const keys = keyOf(v);
    for (const key of Array.isArray(keys) ? keys : keys === null ? [] : [keys]) {
      const list = groups.get(key) ?? [];
      list.push(v);
      groups.set(key, list);
    }
  }
  const metric = input.q.metric === "engagement" ? "plays" : input.q.metric;
  const ranked = [...groups].map(([key, videos]) => ({
    key,
    videos: videos.sort(byPlays),
    count: videos.length,
    total: videos.reduce((s, v) => s + metricOf(v, metric), 0),
  }));
  const asked = input.q.metricAsked;
  return ranked.sort((a, b) =>
    asked
      ? b.total - a.total || b.count - a.count || a.key.localeCompare(b.key)
      : b.count - a.count || b.total - a.total || a.key.localeCompare(b.key),
  );
}

function nameOf(db: Db, type: "advertiser" | "creator", id: string): string {
  if (type === "advertiser")
    return (
      db.prepare<[string], { name: string }>("SELECT name FROM advertisers WHERE id = ?").get(id)?.name ?? id
    );
  const handle = db
    .prepare<[string], { handle: string }>("SELECT handle FROM creators WHERE uid = ?")
    .get(id)?.handle;
  return handle ? `@${handle}` : id;
}

function entityRanking(input: AnalysisInput, type: "advertiser" | "creator"): Analysis {
  const groups = rankGroups(input, (v) => (type === "advertiser" ? v.advertiser_id : v.author_uid));
  const measure = input.q.metricAsked
    ? `${input.q.metric === "engagement" ? "plays" : input.q.metric}`
    : "videos";
  const top = groups[0];
  if (!top) return empty(`No ${type} has ${input.subject}.`);
  const name = nameOf(input.db, type, top.key);
  const amount = input.q.metricAsked ? top.total : top.count;
  const entity = (g: Group): Evidence => ({
    type,
    id: g.key,
    figures: {
      name: nameOf(input.db, type, g.key),
      videos: g.count,
      [`total_${measure === "videos" ? "plays" : measure}`]:
        measure === "videos" ? g.videos.reduce((s, v) => s + v.plays, 0) : g.total,
    },
  });
  return {
    summary: `${name} leads with ${fmt(amount)} ${measure === "videos" ? input.subject : `${measure} across ${input.subject}`} (${groups.length} ${type}s in total).`,
    headline: { type, id: top.key },
    findings: [
      {
        statement: `${name} has the most ${measure === "videos" ? input.subject : measure}: ${fmt(amount)}${measure === "videos" ? "" : ` over ${top.count} videos`}.`,
        evidence: [entity(top), ...top.videos.slice(0, 3).map((v) => videoEvidence(v, input.baselines))],
      },
      {
        statement: `Ranking: ${groups
          .slice(0, 5)
          .map((g) => `${nameOf(input.db, type, g.key)} ${fmt(input.q.metricAsked ? g.total : g.count)}`)
          .join(", ")}.`,
        evidence: groups.slice(1, 5).map(entity),
      },
    ],
    definitions: [],
  };
}

function hookPatterns(input: AnalysisInput): Analysis {
  const hooked = input.videos.filter((v) => v.label_hook === 1 && v.hook_type);
  const groups = rankGroups(
    { ...input, videos: hooked, q: { ...input.q, metricAsked: false } },
    (v) => v.hook_type,
  );
  const top = groups[0];
  if (!top) return empty(`None of the ${fmt(input.videos.length)} ${input.subject} has a detected hook.`);
  const share = (g: Group) => pct(g.count, hooked.length);
  return {
    summary: `"${top.key}" hooks dominate ${input.subject}: ${top.count} of ${hooked.length} hooked videos (${share(top)} %)${groups[1] ? `, ahead of "${groups[1].key}" (${share(groups[1])} %)` : ""}.`,
    findings: [
      ...groups.slice(0, 3).map((g) => ({
        statement: `"${g.key}": ${g.count} of ${hooked.length} hooked videos (${share(g)} %).`,
        evidence: g.videos.slice(0, 2).map((v) => videoEvidence(v, input.baselines, { hook_type: g.key })),
      })),
      {
        statement: `${input.videos.length - hooked.length} of ${input.videos.length} ${input.subject} have no detected hook.`,
        evidence: [],
      },
    ],
    headline: { type: "video", id: (top.videos[0] as VideoFacts).id },
    definitions: [
      "Hook pattern: the hook type the hook classifier recorded for the opening line (label `hook`).",
    ],
  };
}

function simpleGroups(
  input: AnalysisInput,
  what: string,
  keyOf: (v: VideoFacts) => string[] | string | null,
): Analysis {
  const groups = rankGroups(input, keyOf);
  const top = groups[0];
  if (!top) return empty(`No ${what} found among ${input.subject}.`);
  const amount = (g: Group) =>
    input.q.metricAsked ? `${fmt(g.total)} ${input.q.metric}` : `${g.count} videos`;
  return {
    summary: `The top ${what} for ${input.subject} is ${top.key} (${amount(top)}).`,
    findings: groups.slice(0, 5).map((g) => ({
      statement: `${what} ${g.key}: ${amount(g)} (${pct(g.count, input.videos.length)} % of ${input.videos.length}).`,
      evidence: g.videos.slice(0, 2).map((v) => videoEvidence(v, input.baselines)),
    })),
    definitions: [],
  };
}

function compareEntities(input: AnalysisInput, type: "creator" | "advertiser"): Analysis {
  const entities =
    type === "creator"
      ? input.q.creators.map((c) => ({ id: c.uid, name: `@${c.handle}` }))
      : input.q.advertisers.map((a) => ({ id: a.id, name: a.name }));
  const rows = entities.map((e) => {
    const videos = input.videos.filter((v) => (type === "creator" ? v.author_uid : v.advertiser_id) === e.id);
    const plays = videos.reduce((s, v) => s + v.plays, 0);
    const score =
      input.q.metric === "engagement"
        ? (engagementRate(videos) ?? 0)
        : videos.reduce((s, v) => s + metricOf(v, input.q.metric), 0);
    return { ...e, videos, plays, score, medianPlays: median(videos.map((v) => v.plays)) ?? 0 };
  });
  const ranked = [...rows].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const [first, second] = ranked;
  if (!first) return empty("No entities to compare.");
  const label = input.q.metric === "engagement" ? "engagement rate" : `total ${input.q.metric}`;
  const show = (r: (typeof rows)[number]) =>
    input.q.metric === "engagement" ? `${pct(r.score, 1)} %` : fmt(r.score);
  return {
    summary: `${first.name} is ahead on ${label} (${show(first)}${second ? ` vs ${show(second)} for ${second.name}` : ""}).`,
    headline: { type, id: first.id },
    findings: rows.map((r) => ({
      statement: `${r.name}: ${label} ${show(r)} over ${r.videos.length} videos (${fmt(r.plays)} plays, median ${fmt(r.medianPlays)}).`,
      evidence: [
        {
          type,
          id: r.id,
          figures: {
            name: r.name,
            videos: r.videos.length,
            plays: r.plays,
            median_plays: r.medianPlays,
            ...(input.q.metric === "engagement"
              ? { engagement_rate: round(r.score) }
              : { [`total_${input.q.metric}`]: r.score }),
          },
        },
        ...[...r.videos]
          .sort(byPlays)
          .slice(0, 2)
          .map((v) => videoEvidence(v, input.baselines)),
      ],
    })),
    definitions: [
      "Engagement rate: (likes + comments + shares + saves) ÷ plays, summed over the entity's videos.",
    ],
  };
}

function flagTest(flag: Flag, input: AnalysisInput): (v: VideoFacts) => boolean {
  switch (flag) {
    case "ad":
      return (v) => v.label_ad === 1;
    case "organic":
      return (v) => v.label_ad === 0;
    case "slideshow":
      return (v) => v.media_type === "slideshow";
    case "hook":
      return (v) => v.label_hook === 1;
    case "breakout": {
      const baselines =
        input.baselines.size > 0
          ? input.baselines
          : creatorBaselines(
              input.db,
              input.videos.map((v) => v.author_uid),
            );
      return (v) => isBreakout(v, baselines, input.q.early ? "early" : "breakout", input.now);
    }
  }
}

function shareOf(input: AnalysisInput): Analysis {
  const flag = input.q.shareOf ?? "ad";
  const matching = input.videos.filter(flagTest(flag, input)).sort(byPlays);
  const words: Record<Flag, string> = {
    ad: "ads",
    organic: "organic (non-ad)",
    slideshow: "slideshows",
    hook: "hooked",
    breakout: input.q.early ? "early breakouts" : "breakouts",
  };
  const share = pct(matching.length, input.videos.length);
  return {
    summary: `${share} % of ${input.subject} are ${words[flag]} (${matching.length} of ${input.videos.length}).`,
    findings: [
      {
        statement: `${matching.length} of ${input.videos.length} ${input.subject} are ${words[flag]}: ${share} %.`,
        evidence: matching.slice(0, 3).map((v) => videoEvidence(v, input.baselines)),
      },
    ],
    definitions: [],
  };
}

function count(input: AnalysisInput): Analysis {
  const top = [...input.videos].sort(byPlays);
  return {
    summary: `There are ${fmt(input.videos.length)} ${input.subject}.`,
    findings: [
      {
        statement: `${fmt(input.videos.length)} ${input.subject}${top[0] ? `; the most viewed has ${fmt(top[0].plays)} plays` : ""}.`,
        evidence: top.slice(0, 5).map((v) => videoEvidence(v, input.baselines)),
      },
    ],
    definitions: [],
  };
}

function medianOf(input: AnalysisInput): Analysis {
  const metric = input.q.metric;
  const values = input.videos.map((v) => metricOf(v, metric));
  const value = median(values);
  if (value === null) return empty(`No ${input.subject} to measure.`);
  const nearest = [...input.videos]
    .sort(
      (a, b) =>
        Math.abs(metricOf(a, metric) - value) - Math.abs(metricOf(b, metric) - value) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, 3);
  const unit = metric === "engagement" ? "engagement rate" : metric;
  return {
    summary: `The median ${unit} of ${input.subject} is ${fmt(metric === "engagement" ? round(value) : value)} (${input.videos.length} videos).`,
    findings: [
      {
        statement: `Median ${unit}: ${fmt(metric === "engagement" ? round(value) : value)} over ${input.videos.length} videos; the cited videos sit at the median.`,
        evidence: nearest.map((v) =>
          videoEvidence(v, input.baselines, { [metric]: round(metricOf(v, metric)) }),
        ),
      },
    ],
    definitions:
      metric === "engagement"
        ? ["Engagement rate per video: (likes + comments + shares + saves) ÷ plays."]
        : [],
  };
}

function topVideos(input: AnalysisInput): Analysis {
  const metric = input.q.metric;
  const ranked = [...input.videos].sort(
    (a, b) => metricOf(b, metric) - metricOf(a, metric) || a.id.localeCompare(b.id),
  );
  const top = ranked[0];
  if (!top) return empty(`No ${input.subject} found.`);
  return {
    summary: `The top ${input.subject} by ${metric} is ${top.id} with ${fmt(round(metricOf(top, metric)))} ${metric}.`,
    headline: { type: "video", id: top.id },
    findings: ranked.slice(0, 5).map((v, i) => ({
      statement: `#${i + 1}: video ${v.id} with ${fmt(round(metricOf(v, metric)))} ${metric}.`,
      evidence: [videoEvidence(v, input.baselines, { [metric]: round(metricOf(v, metric)) })],
    })),
    definitions: [],
  };
}

function mediaComparison(input: AnalysisInput): Analysis {
  const metric = input.q.metric;
  const side = (type: "video" | "slideshow") => {
    const videos = input.videos.filter((v) => v.media_type === type);
    return { type, videos, value: median(videos.map((v) => metricOf(v, metric))) ?? 0 };
  };
  const sides = [side("slideshow"), side("video")].sort((a, b) => b.value - a.value);
  const [winner, other] = sides as [ReturnType<typeof side>, ReturnType<typeof side>];
  return {
    summary: `${winner.type === "slideshow" ? "Slideshows" : "Videos"} do better: median ${metric} ${fmt(round(winner.value))} vs ${fmt(round(other.value))}.`,
    findings: sides.map((s) => ({
      statement: `${s.type}s: median ${metric} ${fmt(round(s.value))} over ${s.videos.length}.`,
      evidence: [...s.videos]
        .sort(byPlays)
        .slice(0, 2)
        .map((v) => videoEvidence(v, input.baselines)),
    })),
    definitions: [],
  };
}

function growth(input: AnalysisInput): Analysis {
  const days = input.q.windowDays ?? 7;
  const since = input.now - days * DAY;
  const gained = playsGained(
    input.db,
    input.videos.map((v) => v.id),
    since,
  );
  const total = [...gained.values()].reduce((s, n) => s + n, 0);
  const ranked = [...input.videos].sort(
    (a, b) => (gained.get(b.id) ?? 0) - (gained.get(a.id) ?? 0) || a.id.localeCompare(b.id),
  );
  return {
    summary: `${input.subject} gained ${fmt(total)} plays in the last ${days} days.`,
    headline: ranked[0] ? { type: "video", id: ranked[0].id } : undefined,
    findings: [
      {
        statement: `Total plays gained in the last ${days} days: ${fmt(total)} across ${input.videos.length} videos.`,
        evidence: ranked
          .slice(0, 3)
          .map((v) => videoEvidence(v, input.baselines, { plays_gained: gained.get(v.id) ?? 0 })),
      },
    ],
    definitions: [
      `Growth: latest plays minus plays at the last stats snapshot at or before the window start (0 for videos first seen later).`,
    ],
  };
}

function overview(input: AnalysisInput): Analysis {
  const ranked = [...input.videos].sort(byPlays);
  const mid = median(input.videos.map((v) => v.plays));
  return {
    summary: `${fmt(input.videos.length)} ${input.subject}; median plays ${mid === null ? "n/a" : fmt(mid)}.`,
    findings: [
      {
        statement: `${fmt(input.videos.length)} ${input.subject}, median plays ${mid === null ? "n/a" : fmt(mid)}, ${pct(input.videos.filter((v) => v.label_ad === 1).length, input.videos.length)} % ads.`,
        evidence: ranked.slice(0, 5).map((v) => videoEvidence(v, input.baselines)),
      },
    ],
    definitions: [],
  };
}

function empty(summary: string): Analysis {
  return { summary, findings: [{ statement: summary, evidence: [] }], definitions: [] };
}

/** The aggregate the question asks for, over the selected videos. */
export function analyse(input: AnalysisInput): Analysis {
  const analysis = ((): Analysis => {
    switch (input.q.intent) {
      case "top_advertiser":
        return entityRanking(input, "advertiser");
      case "top_creator":
        return entityRanking(input, "creator");
      case "compare_creators":
        return compareEntities(input, "creator");
      case "compare_advertisers":
        return compareEntities(input, "advertiser");
      case "hook_patterns":
        return hookPatterns(input);
      case "top_hashtags":
        return simpleGroups(input, "hashtag", (v) => [...new Set(v.hashtags.split(/\s+/).filter(Boolean))]);
      case "top_regions":
        return simpleGroups(input, "region", (v) => v.region);
      case "top_languages":
        return simpleGroups(input, "language", (v) => v.language);
      case "media_comparison":
        return mediaComparison(input);
      case "growth":
        return growth(input);
      case "share":
        return shareOf(input);
      case "count":
        return count(input);
      case "median":
        return medianOf(input);
      case "top_videos":
        return topVideos(input);
      case "overview":
        return overview(input);
    }
  })();
  if (input.q.breakout || input.q.shareOf === "breakout")
    analysis.definitions.push(
      `Breakout: a video in the breakout feed — published within 14 days with at least 5× its creator's baseline plays (see service://guide/metrics).${input.q.early ? " Early breakout: at most 72 h old with an early pace at least 3× the creator's baseline pace." : ""}`,
    );
  return analysis;
}
