import type { Db } from "../../store/sqlite/connection.js";
import {
  CorpusWriter,
  type LabelEntry,
  type LabelFlags,
  type LabelInput,
} from "../../store/sqlite/corpus-writer.js";
import type { AdTextInput } from "./ad.js";
import { AdContext } from "./ad-context.js";
import { AD_SIGNALS_MODEL, BRANDED_MODEL, classifyAdSignals, classifyBranded } from "./ad-signals.js";
import { classifyHook, HOOK_MODEL } from "./hook.js";
import type { LabelVerdict } from "./verdict.js";
import { type CreatorBaseline, classifyViralHook, median, VIRAL_HOOK_MODEL } from "./viral-hook.js";

export const PLATFORM_FLAG_MODEL = "platform-flag-v1";
/** Videos (or ids) per read and per lookup of their stored labels. */
const PAGE = 5_000;
/** Pages per write transaction: fewer commits, while other writers wait at most ~0.5 s. */
const PAGES_PER_TRANSACTION = 4;

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
  /** The filter columns as stored, so setLabels can skip an UPDATE that would change nothing. */
  flags: LabelFlags;
}

const COLUMNS =
  "seq, id, caption, hashtags, transcript, hook_text, advertiser_id, platform_ad, platform_ad_evidence, language, author_uid, plays, label_ad, label_hook, hook_type, label_viral_hook";

type RawRow = [
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  string | null,
  string | null,
  string,
  number,
  number,
  number,
  string | null,
  number,
];

/** Rows are read raw (arrays): better-sqlite3 builds a result object far slower than a literal does. */
function videoRow(r: RawRow): VideoRow {
  return {
    seq: r[0],
    id: r[1],
    caption: r[2],
    hashtags: r[3],
    transcript: r[4],
    hook_text: r[5],
    advertiser_id: r[6],
    platform_ad: r[7],
    platform_ad_evidence: r[8],
    language: r[9],
    author_uid: r[10],
    plays: r[11],
    flags: { ad: r[12], hook: r[13], hookType: r[14], viral: r[15] },
  };
}

/** A stored observation: value, confidence, model_version, evidence. */
type StoredLabel = [string, number, string, string];

/** The labels stored for a batch, by video id and label name. */
type StoredLabels = Map<string, Map<string, StoredLabel>>;

/** Same observation as stored (the re-run check): every field equal, so nothing to write. */
function unchanged(stored: StoredLabel | undefined, verdict: LabelVerdict, modelVersion: string): boolean {
  return (
    stored !== undefined &&
    stored[0] === verdict.value &&
    stored[1] === verdict.confidence &&
    stored[2] === modelVersion &&
    stored[3] === verdict.evidence
  );
}

type AdRow = Pick<
  VideoRow,
  | "caption"
  | "hashtags"
  | "transcript"
  | "hook_text"
  | "advertiser_id"
  | "platform_ad"
  | "platform_ad_evidence"
  | "author_uid"
  | "plays"
>;

function adText(row: AdRow): AdTextInput {
  return {
    caption: row.caption,
    hashtags: row.hashtags.length > 0 ? row.hashtags.split(" ") : [],
    transcript: row.transcript,
    hookText: row.hook_text,
    advertiserAttributed: row.advertiser_id !== null,
  };
}

/**
 * The `ad` label (paid placement): the platform's own flag when the record carried one, otherwise the
 * signals model over the author's account, reach, the author's other flagged videos and text disclosure
 * (see ad-signals.ts).
 */
export function adVerdict(row: AdRow, context: AdContext): LabelVerdict & { model: string } {
  if (row.platform_ad !== null) {
    const evidence = row.platform_ad_evidence ?? (row.platform_ad ? "isAd" : "isAd=false");
    return {
      value: row.platform_ad ? "yes" : "no",
      confidence: 0.99,
      // The importer records "platform flag isAd=true": said once.
      evidence: `platform flag: ${evidence.replace(/^platform flag:? /, "")}`,
      model: PLATFORM_FLAG_MODEL,
    };
  }
  const verdict = classifyAdSignals({
    text: adText(row),
    author: context.author(row.author_uid),
    plays: row.plays,
    history: context.history(row.author_uid),
  });
  return { ...verdict, model: AD_SIGNALS_MODEL };
}

/** The `branded` observation: commercial intent in the text, whatever the platform flag says. */
export function brandedVerdict(row: AdRow): LabelVerdict {
  return classifyBranded(adText(row));
}

/**
 * Runs the ad, hook and viral_hook models over all videos, or only `videoIds`, and stores each label as an
 * observation. Creator baselines for viral_hook always come from the creator's whole history in the corpus.
 */
export function classifyVideos(db: Db, now: number, videoIds?: readonly string[]): { labelled: number } {
  const writer = new CorpusWriter(db);
  const adContext = new AdContext(db);
  const existing = db
    .prepare(
      "SELECT video_id, label, value, confidence, model_version, evidence FROM labels WHERE video_id IN (SELECT value FROM json_each(?))",
    )
    .raw();
  const storedLabels = (rows: readonly VideoRow[]): StoredLabels => {
    const stored: StoredLabels = new Map();
    const found = existing.all(JSON.stringify(rows.map((row) => row.id))) as [
      string,
      string,
      string,
      number,
      string,
      string,
    ][];
    for (const [videoId, name, value, confidence, modelVersion, evidence] of found) {
      let labels = stored.get(videoId);
      if (!labels) {
        labels = new Map();
        stored.set(videoId, labels);
      }
      labels.set(name, [value, confidence, modelVersion, evidence]);
    }
    return stored;
  };
  const observation = (name: string, verdict: LabelVerdict, modelVersion: string): LabelInput => ({
    label: name,
    value: verdict.value,
    confidence: verdict.confidence,
    evidence: verdict.evidence,
    modelVersion,
    observedAt: now,
  });
  // Runs inside the batch's transaction: the flags setLabelsOfMany compares against are the ones it writes.
  const label = (rows: readonly VideoRow[], baselines: Map<string, CreatorBaseline>) => {
    const stored = storedLabels(rows);
    const entries: LabelEntry[] = [];
    for (const row of rows) {
      const labels = stored.get(row.id);
      const ad = adVerdict(row, adContext);
      const branded = brandedVerdict(row);
      const hook = classifyHook(row.hook_text, row.language);
      const viral = classifyViralHook(hook.value, row.plays, baselines.get(row.author_uid));
      // A re-run over unchanged videos writes nothing: only labels whose observation changed are stored.
      const changed: LabelInput[] = [];
      if (!unchanged(labels?.get("ad"), ad, ad.model)) changed.push(observation("ad", ad, ad.model));
      if (!unchanged(labels?.get("branded"), branded, BRANDED_MODEL))
        changed.push(observation("branded", branded, BRANDED_MODEL));
      if (!unchanged(labels?.get("hook"), hook, HOOK_MODEL))
        changed.push(observation("hook", hook, HOOK_MODEL));
      if (!unchanged(labels?.get("viral_hook"), viral, VIRAL_HOOK_MODEL))
        changed.push(observation("viral_hook", viral, VIRAL_HOOK_MODEL));
      if (changed.length > 0) entries.push({ videoId: row.id, labels: changed, current: row.flags });
    }
    writer.setLabelsOfMany(entries);
  };

  if (videoIds === undefined || videoIds.length >= manyIds(db)) {
    // Every video, or ids covering most of them (a first import): one pass in seq order, filtered to the
    // ids, costs less than looking each id up, and one scan gives every creator's baseline. Each id is
    // labelled once; a repeated id would have found its labels stored and unchanged the second time.
    const wanted = videoIds === undefined ? null : new Set(videoIds);
    const found = new Set<string>();
    const baselines = allBaselines(db);
    adContext.preloadHistory();
    const page = db.prepare(`SELECT ${COLUMNS} FROM videos WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`).raw();
    let after = 0;
    let done = false;
    while (!done) {
      writer.batch(() => {
        for (let i = 0; i < PAGES_PER_TRANSACTION && !done; i++) {
          const raw = page.all(after) as RawRow[];
          if (raw.length === 0) {
            done = true;
            break;
          }
          after = (raw[raw.length - 1] as RawRow)[0];
          const rows = (wanted ? raw.filter((r) => wanted.has(r[1])) : raw).map(videoRow);
          for (const row of rows) found.add(row.id);
          label(rows, baselines);
        }
      });
    }
    return { labelled: videoIds === undefined ? found.size : labelledBySlices(videoIds, found) };
  }

  const byIds = db
    .prepare(`SELECT ${COLUMNS} FROM videos WHERE id IN (SELECT value FROM json_each(?))`)
    .raw();
  const playsOf = db.prepare("SELECT plays FROM videos WHERE author_uid = ?").pluck();
  const baselines = new Map<string, CreatorBaseline>();
  let labelled = 0;
  for (let i = 0; i < videoIds.length; i += PAGE * PAGES_PER_TRANSACTION) {
    writer.batch(() => {
      const end = Math.min(videoIds.length, i + PAGE * PAGES_PER_TRANSACTION);
      for (let j = i; j < end; j += PAGE) {
        const rows = (byIds.all(JSON.stringify(videoIds.slice(j, Math.min(end, j + PAGE)))) as RawRow[]).map(
          videoRow,
        );
        for (const row of rows) {
          if (baselines.has(row.author_uid)) continue;
          const plays = playsOf.all(row.author_uid) as number[];
          baselines.set(row.author_uid, { medianPlays: median(plays), videos: plays.length });
        }
        label(rows, baselines);
        labelled += rows.length;
      }
    });
  }
  return { labelled };
}

/** How many ids make the seq-order pass cheaper than looking them up: half the corpus. */
function manyIds(db: Db): number {
  const maxSeq = db.prepare("SELECT coalesce(max(seq), 0) FROM videos").pluck().get() as number;
  return Math.max(PAGE, Math.ceil(maxSeq / 2));
}

/**
 * `labelled` as the id-by-id path counts it: the distinct ids of each PAGE-id slice that exist (an id
 * repeated in another slice counts again there).
 */
function labelledBySlices(videoIds: readonly string[], found: ReadonlySet<string>): number {
  let labelled = 0;
  for (let i = 0; i < videoIds.length; i += PAGE) {
    for (const id of new Set(videoIds.slice(i, i + PAGE))) if (found.has(id)) labelled++;
  }
  return labelled;
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
