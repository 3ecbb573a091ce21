import { DAY } from "../../shared/clock.js";
import { type RecencyAnchor, recencyAnchor } from "../../shared/recency.js";
import type { Store, TrendReportRow, TrendVideoRow } from "../../store/types.js";

/**
 * Trend reports: what rose in the last TREND_WINDOW_DAYS against the window before it. Subjects are
 * hashtags, sounds (music id), hook patterns (hook_type) and formats (media type × duration band).
 * rise = (videos + 1) / (previous + 1); a subject needs MIN_VIDEOS in the window and a rise of at least
 * MIN_RISE; strength = rise × ln(1 + videos). The strongest of each kind are published (QUOTA, ~12 in all),
 * each with up to EXAMPLES example videos (highest trending score in the window). Ids are deterministic:
 * `<kind>-<subject slug>-<period end date>`. A build replaces the previous set.
 */
export const TREND_WINDOW_DAYS = 7;
export const MIN_VIDEOS = 3;
export const MIN_RISE = 1.2;
const EXAMPLES = 5;
const QUOTA = { hashtag: 4, sound: 3, hook_pattern: 3, format: 2 } as const;
const TOTAL = 12;

type Kind = keyof typeof QUOTA;

interface Tally {
  kind: Kind;
  subject: string;
  label: string;
  videos: number;
  previous: number;
  plays: number;
  examples: { id: string; trending: number; plays: number }[];
}

function formatOf(r: TrendVideoRow): string {
  if (r.mediaType === "slideshow") return "slideshow";
  const d = r.durationS ?? 0;
  return d <= 15 ? "video up to 15 s" : d <= 60 ? "video 15-60 s" : "video over 60 s";
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "x";

export async function buildTrendReports(
  store: Store,
  publishedAt: number,
): Promise<{ reports: number; basis: RecencyAnchor["basis"] }> {
  // Windows end now, or at the newest video of a corpus collected earlier (see recency.ts).
  const anchor = recencyAnchor(await store.trends.newestVideoAt(publishedAt), publishedAt, TREND_WINDOW_DAYS);
  const now = anchor.at;
  const basisNote =
    anchor.basis === "corpus"
      ? ` Windows end at the corpus's newest video (${new Date(now * 1000).toISOString().slice(0, 10)}): within-corpus recency, not snapshot history.`
      : "";
  const start = now - TREND_WINDOW_DAYS * DAY;
  const previousStart = start - TREND_WINDOW_DAYS * DAY;
  const tallies = new Map<string, Tally>();
  for await (const r of store.trends.videosCreatedBetween(previousStart, now)) {
    const current = r.createdAt > start;
    const subjects: [Kind, string, string][] = [
      ...r.hashtags
        .split(" ")
        .filter((h) => h.length > 0)
        .map((h): [Kind, string, string] => ["hashtag", h, `#${h}`]),
      ["format", formatOf(r), formatOf(r)],
    ];
    if (r.musicId) subjects.push(["sound", r.musicId, r.musicTitle ?? r.musicId]);
    if (r.hookType) subjects.push(["hook_pattern", r.hookType, `"${r.hookType}" hooks`]);
    for (const [kind, subject, label] of subjects) {
      const key = `${kind}\u0000${subject}`;
      let t = tallies.get(key);
      if (!t) {
        t = { kind, subject, label, videos: 0, previous: 0, plays: 0, examples: [] };
        tallies.set(key, t);
      }
      if (!current) {
        t.previous += 1;
        continue;
      }
      t.videos += 1;
      t.plays += r.plays;
      t.examples.push({ id: r.id, trending: r.trending, plays: r.plays });
      if (t.examples.length > EXAMPLES * 4) trimExamples(t);
    }
  }
  const strength = (t: Tally) => ((t.videos + 1) / (t.previous + 1)) * Math.log(1 + t.videos);
  const rising = [...tallies.values()]
    .filter((t) => t.videos >= MIN_VIDEOS && (t.videos + 1) / (t.previous + 1) >= MIN_RISE)
    .sort((a, b) => strength(b) - strength(a) || (a.subject < b.subject ? -1 : 1));
  const picked: Tally[] = [];
  for (const kind of Object.keys(QUOTA) as Kind[]) {
    picked.push(...rising.filter((t) => t.kind === kind).slice(0, QUOTA[kind]));
  }
  for (const t of rising) if (picked.length < TOTAL && !picked.includes(t)) picked.push(t);
  const day = new Date(now * 1000).toISOString().slice(0, 10);
  const reports = picked.map((t) => {
    const rise = (t.videos + 1) / (t.previous + 1);
    const id = `${t.kind.replace("_", "-")}-${slug(t.subject)}-${day}`;
    const kindName = { hashtag: "Hashtag", sound: "Sound", hook_pattern: "Hook pattern", format: "Format" }[
      t.kind
    ];
    const report: TrendReportRow = {
      id,
      kind: t.kind,
      subject: t.subject,
      title: `${kindName} ${t.label} is rising (${rise.toFixed(1)}x in ${TREND_WINDOW_DAYS} days)`,
      summary:
        `${t.videos} videos used ${t.label} in the last ${TREND_WINDOW_DAYS} days, against ${t.previous} in the ` +
        `${TREND_WINDOW_DAYS} days before (${rise.toFixed(2)}x); together they have ${t.plays.toLocaleString("en-US")} plays.${basisNote}`,
      periodStart: start,
      periodEnd: now,
      signal: {
        videos: t.videos,
        previous_videos: t.previous,
        growth_ratio: Number(rise.toFixed(4)),
        plays: t.plays,
      },
      publishedAt,
    };
    trimExamples(t);
    const examples = t.examples.slice(0, EXAMPLES).map((e, i) => ({
      rank: i + 1,
      videoId: e.id,
      note: `trending score ${e.trending.toFixed(1)}, ${e.plays} plays`,
    }));
    return { report, examples };
  });
  await store.trends.replaceReports(reports);
  return { reports: picked.length, basis: anchor.basis };
}

function trimExamples(t: Tally): void {
  t.examples.sort((a, b) => b.trending - a.trending || b.plays - a.plays || (a.id < b.id ? -1 : 1));
  t.examples.length = Math.min(t.examples.length, EXAMPLES);
}
