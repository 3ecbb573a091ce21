import type { Db } from "../../store/connection.js";
import { CorpusWriter, type LabelInput } from "../../store/corpus-writer.js";
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

interface StoredLabel {
  video_id: string;
  label: string;
  value: string;
  confidence: number;
  model_version: string;
  evidence: string;
}

const labelKey = (value: string, confidence: number, model: string, evidence: string) =>
  `${value}\u0000${confidence}\u0000${model}\u0000${evidence}`;

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
  const existing = db.prepare(
    "SELECT video_id, label, value, confidence, model_version, evidence FROM labels WHERE video_id IN (SELECT value FROM json_each(?))",
  );
  const label = (rows: VideoRow[], baselines: Map<string, CreatorBaseline>) => {
    // A re-run over unchanged videos writes nothing: only labels whose observation changed are stored.
    const stored = new Map<string, string>();
    for (const l of existing.all(JSON.stringify(rows.map((row) => row.id))) as StoredLabel[]) {
      stored.set(`${l.video_id}\t${l.label}`, labelKey(l.value, l.confidence, l.model_version, l.evidence));
    }
    const changed: LabelInput[] = [];
    const put = (id: string, name: string, verdict: LabelVerdict, modelVersion: string) => {
      if (
        stored.get(`${id}\t${name}`) ===
        labelKey(verdict.value, verdict.confidence, modelVersion, verdict.evidence)
      )
        return;
      changed.push({
        label: name,
        value: verdict.value,
        confidence: verdict.confidence,
        evidence: verdict.evidence,
        modelVersion,
        observedAt: now,
      });
    };
    writer.batch(() => {
      for (const row of rows) {
        changed.length = 0;
        const ad = adVerdict(row);
        put(row.id, "ad", ad, ad.model);
        const hook = classifyHook(row.hook_text, row.language);
        put(row.id, "hook", hook, HOOK_MODEL);
        put(
          row.id,
          "viral_hook",
          classifyViralHook(hook.value, row.plays, baselines.get(row.author_uid)),
          VIRAL_HOOK_MODEL,
        );
        writer.setLabels(row.id, changed);
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
