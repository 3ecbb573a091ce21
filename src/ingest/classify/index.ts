import type { Db } from "../../store/connection.js";
import { CorpusWriter } from "../../store/corpus-writer.js";
import { AD_TEXT_MODEL, classifyAdText } from "./ad.js";
import { classifyHook, HOOK_MODEL } from "./hook.js";
import type { LabelVerdict } from "./verdict.js";
import { type CreatorBaseline, classifyViralHook, median, VIRAL_HOOK_MODEL } from "./viral-hook.js";

export const PLATFORM_FLAG_MODEL = "platform-flag-v1";
const PAGE = 5_000;

interface VideoRow {
  seq: number;
  id: string;
  caption: string;
  hashtags: string;
  transcript: string | null;
  hook_text: string | null;
  advertiser_id: string | null;
  platform_ad: number | null;
  platform_ad_evidence: string | null;
  language: string | null;
  author_uid: string;
  plays: number;
}

const COLUMNS =
  "seq, id, caption, hashtags, transcript, hook_text, advertiser_id, platform_ad, platform_ad_evidence, language, author_uid, plays";

/** The `ad` label: the platform's own flag when the record carried one, otherwise the text model. */
export function adVerdict(
  row: Pick<
    VideoRow,
    | "caption"
    | "hashtags"
    | "transcript"
    | "hook_text"
    | "advertiser_id"
    | "platform_ad"
    | "platform_ad_evidence"
  >,
): LabelVerdict & { model: string } {
  if (row.platform_ad !== null) {
    const evidence = row.platform_ad_evidence ?? (row.platform_ad ? "isAd" : "isAd=false");
    return {
      value: row.platform_ad ? "yes" : "no",
      confidence: 0.99,
      evidence: `platform flag: ${evidence}`,
      model: PLATFORM_FLAG_MODEL,
    };
  }
  const verdict = classifyAdText({
    caption: row.caption,
    hashtags: row.hashtags.length > 0 ? row.hashtags.split(" ") : [],
    transcript: row.transcript,
    hookText: row.hook_text,
    advertiserAttributed: row.advertiser_id !== null,
  });
  return { ...verdict, model: AD_TEXT_MODEL };
}

/**
 * Runs the ad, hook and viral_hook models over all videos, or only `videoIds`, and stores each label as an
 * observation. Creator baselines for viral_hook always come from the creator's whole history in the corpus.
 */
export function classifyVideos(db: Db, now: number, videoIds?: readonly string[]): { labelled: number } {
  const writer = new CorpusWriter(db);
  let labelled = 0;
  const label = (rows: VideoRow[], baselines: Map<string, CreatorBaseline>) => {
    writer.batch(() => {
      for (const row of rows) {
        const ad = adVerdict(row);
        writer.setLabel(row.id, { label: "ad", ...ad, modelVersion: ad.model, observedAt: now });
        const hook = classifyHook(row.hook_text, row.language);
        writer.setLabel(row.id, { label: "hook", ...hook, modelVersion: HOOK_MODEL, observedAt: now });
        const viral = classifyViralHook(hook.value, row.plays, baselines.get(row.author_uid));
        writer.setLabel(row.id, {
          label: "viral_hook",
          ...viral,
          modelVersion: VIRAL_HOOK_MODEL,
          observedAt: now,
        });
      }
    });
    labelled += rows.length;
  };

  if (videoIds === undefined) {
    const baselines = allBaselines(db);
    const page = db.prepare(`SELECT ${COLUMNS} FROM videos WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`);
    for (let after = 0; ; ) {
      const rows = page.all(after) as VideoRow[];
      if (rows.length === 0) break;
      label(rows, baselines);
      after = (rows[rows.length - 1] as VideoRow).seq;
    }
    return { labelled };
  }

  const byIds = db.prepare(`SELECT ${COLUMNS} FROM videos WHERE id IN (SELECT value FROM json_each(?))`);
  const playsOf = db.prepare("SELECT plays FROM videos WHERE author_uid = ?").pluck();
  const baselines = new Map<string, CreatorBaseline>();
  for (let i = 0; i < videoIds.length; i += PAGE) {
    const rows = byIds.all(JSON.stringify(videoIds.slice(i, i + PAGE))) as VideoRow[];
    for (const row of rows) {
      if (baselines.has(row.author_uid)) continue;
      const plays = playsOf.all(row.author_uid) as number[];
      baselines.set(row.author_uid, { medianPlays: median(plays), videos: plays.length });
    }
    label(rows, baselines);
  }
  return { labelled };
}

/** Every creator's median plays and video count, in one pass over the corpus. */
function allBaselines(db: Db): Map<string, CreatorBaseline> {
  const plays = new Map<string, number[]>();
  const rows = db.prepare("SELECT author_uid, plays FROM videos").raw().iterate() as IterableIterator<
    [string, number]
  >;
  for (const [uid, p] of rows) {
    const list = plays.get(uid);
    if (list) list.push(p);
    else plays.set(uid, [p]);
  }
  const baselines = new Map<string, CreatorBaseline>();
  for (const [uid, list] of plays) baselines.set(uid, { medianPlays: median(list), videos: list.length });
  return baselines;
}
