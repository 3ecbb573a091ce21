import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  AD_SIGNALS_MODEL,
  type AdSignalsInput,
  adProbability,
  BRANDED_MODEL,
  classifyBranded,
} from "./classify/ad-signals.js";
import { isObject } from "./importers/fields.js";
import { openingHook } from "./importers/normalize.js";
import { containerOf, readRecords } from "./importers/read-records.js";
import { mapScraperItem } from "./importers/scraper-item.js";
import { RecordError } from "./importers/types.js";

/** The ad text model's contract (src/ingest/classify/ad.ts). */
export type ClassifyAdText = (input: {
  caption: string;
  hashtags: string[];
  transcript: string | null;
  hookText: string | null;
  advertiserAttributed: boolean;
}) => { value: string; confidence: number; evidence: string };

export interface AdEvaluation {
  records: number;
  positives: number;
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
  trueNegative: number;
  precision: number;
  recall: number;
  f1: number;
}

/** The Apify records of a file that carry a platform ad flag (the truth), mapped as the importer maps them. */
async function* flaggedRecords(
  path: string,
  now: number,
): AsyncGenerator<{ record: ReturnType<typeof mapScraperItem>; truth: boolean }> {
  const progress = { bytesRead: 0, totalBytes: 0 };
  for await (const source of readRecords(path, await containerOf(path), progress)) {
    if (source.error !== undefined || !isObject(source.value)) continue;
    let record: ReturnType<typeof mapScraperItem>;
    try {
      record = mapScraperItem(source.value, now, "apify");
    } catch (error) {
      if (error instanceof RecordError) continue;
      throw error;
    }
    const truth = record.video.platformAd;
    if (truth !== null) yield { record, truth };
  }
}

/**
 * Scores the text model against the platform's own ad flags (isAd / isSponsored) of an Apify export. Only
 * records whose flag is known count; the model never sees the flags (it gets caption, hashtags, hook).
 */
export async function evaluateAdModel(path: string, classify: ClassifyAdText): Promise<AdEvaluation> {
  const now = Math.floor(Date.now() / 1000);
  const e = {
    records: 0,
    positives: 0,
    truePositive: 0,
    falsePositive: 0,
    falseNegative: 0,
    trueNegative: 0,
  };
  for await (const { record, truth } of flaggedRecords(path, now)) {
    const { caption, hashtags, transcript } = record.video;
    const predicted =
      classify({
        caption,
        hashtags,
        transcript,
        hookText: openingHook(transcript, caption),
        advertiserAttributed: false,
      }).value === "yes";
    e.records++;
    if (truth) e.positives++;
    if (predicted && truth) e.truePositive++;
    else if (predicted) e.falsePositive++;
    else if (truth) e.falseNegative++;
    else e.trueNegative++;
  }
  const precision = e.truePositive / Math.max(1, e.truePositive + e.falsePositive);
  const recall = e.truePositive / Math.max(1, e.truePositive + e.falseNegative);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...e, precision, recall, f1 };
}

function report(path: string, e: AdEvaluation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `branded text model (${BRANDED_MODEL}) vs platform flags (isAd/isSponsored) — ${path}`,
    `records with a known flag: ${e.records}; flagged ads: ${e.positives} (base rate ${pct(e.positives / Math.max(1, e.records))})`,
    `confusion: TP ${e.truePositive}  FP ${e.falsePositive}  FN ${e.falseNegative}  TN ${e.trueNegative}`,
    `precision ${pct(e.precision)}  recall ${pct(e.recall)}  F1 ${e.f1.toFixed(3)}`,
  ].join("\n");
}

/** One record as the `ad` model sees it, with the hidden truth beside it. */
interface Scored {
  truth: boolean;
  author: string;
  input: AdSignalsInput;
}

/** Probability bands of eval:labels, highest first (lower bounds). */
export const BANDS = [0.9, 0.7, 0.5, 0.3, 0.1, 0] as const;

export interface BandRow {
  from: number;
  to: number;
  videos: number;
  flagged: number;
  meanP: number;
  /** Precision and recall of "yes" at p ≥ from. */
  precisionAtOrAbove: number;
  recallAtOrAbove: number;
}

export interface SignalsEvaluation {
  records: number;
  positives: number;
  averagePrecision: number;
  bands: BandRow[];
  /** Yes/no at p ≥ 0.5. */
  precision: number;
  recall: number;
}

/** Average precision of a ranking by p (ties broken by order, i.e. stably). */
export function averagePrecision(scored: readonly { p: number; truth: boolean }[]): number {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let hits = 0;
  let sum = 0;
  sorted.forEach((s, i) => {
    if (!s.truth) return;
    hits++;
    sum += hits / (i + 1);
  });
  return hits === 0 ? 0 : sum / hits;
}

/** Precision/recall per band, AP and calibration of probabilities against the truth. */
export function scoreProbabilities(scored: readonly { p: number; truth: boolean }[]): SignalsEvaluation {
  const positives = scored.filter((s) => s.truth).length;
  const bands: BandRow[] = BANDS.map((from, i) => {
    const to = i === 0 ? 1 : (BANDS[i - 1] as number);
    const inBand = scored.filter((s) => s.p >= from && (i === 0 ? s.p <= 1 : s.p < to));
    const above = scored.filter((s) => s.p >= from);
    const aboveTrue = above.filter((s) => s.truth).length;
    return {
      from,
      to,
      videos: inBand.length,
      flagged: inBand.filter((s) => s.truth).length,
      meanP: inBand.length > 0 ? inBand.reduce((t, s) => t + s.p, 0) / inBand.length : 0,
      precisionAtOrAbove: above.length > 0 ? aboveTrue / above.length : 0,
      recallAtOrAbove: positives > 0 ? aboveTrue / positives : 0,
    };
  });
  const yes = scored.filter((s) => s.p >= 0.5);
  const tp = yes.filter((s) => s.truth).length;
  return {
    records: scored.length,
    positives,
    averagePrecision: averagePrecision(scored),
    bands,
    precision: yes.length > 0 ? tp / yes.length : 0,
    recall: positives > 0 ? tp / positives : 0,
  };
}

/**
 * Scores the `ad` signals model against the platform flags of an Apify export, flags hidden from the model.
 * With `history`, each video gets the flags of its author's OTHER videos in the file (leave-one-out).
 */
export async function evaluateAdSignals(
  path: string,
): Promise<{ withHistory: SignalsEvaluation; withoutHistory: SignalsEvaluation }> {
  const now = Math.floor(Date.now() / 1000);
  const scored: Scored[] = [];
  for await (const { record, truth } of flaggedRecords(path, now)) {
    const { caption, hashtags, transcript } = record.video;
    const c = record.creator;
    scored.push({
      truth,
      author: c.uid,
      input: {
        text: {
          caption,
          hashtags,
          transcript,
          hookText: openingHook(transcript, caption),
          advertiserAttributed: false,
        },
        author: {
          followers: c.followers,
          verified: c.verified,
          business: c.account?.business ?? null,
          seller: c.account?.seller ?? null,
          bioLink: c.account?.bioLink ?? null,
        },
        plays: record.stats.plays,
        history: null,
      },
    });
  }
  const totals = new Map<string, { flagged: number; known: number }>();
  for (const s of scored) {
    const t = totals.get(s.author) ?? { flagged: 0, known: 0 };
    t.known++;
    if (s.truth) t.flagged++;
    totals.set(s.author, t);
  }
  const withoutHistory = scoreProbabilities(
    scored.map((s) => ({ p: adProbability(s.input).p, truth: s.truth })),
  );
  const withHistory = scoreProbabilities(
    scored.map((s) => {
      const t = totals.get(s.author) as { flagged: number; known: number };
      // Leave-one-out: the author's other videos only.
      const history = { flagged: t.flagged - (s.truth ? 1 : 0), known: t.known - 1 };
      return { p: adProbability({ ...s.input, history }).p, truth: s.truth };
    }),
  );
  return { withHistory, withoutHistory };
}

export function signalsReport(title: string, e: SignalsEvaluation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${title}: ${e.records} videos, ${e.positives} flagged; average precision ${e.averagePrecision.toFixed(3)} (base rate ${pct(e.positives / Math.max(1, e.records))}); at p>=0.5 precision ${pct(e.precision)} recall ${pct(e.recall)}`,
    "  band        videos  flagged  mean p  observed  | p>=band: precision  recall",
  ];
  for (const b of e.bands) {
    const observed = b.videos > 0 ? b.flagged / b.videos : 0;
    lines.push(
      `  ${b.from.toFixed(1)}-${b.to.toFixed(1)}  ${String(b.videos).padStart(7)}  ${String(b.flagged).padStart(7)}  ${b.meanP.toFixed(3).padStart(6)}  ${pct(observed).padStart(8)}  |           ${pct(b.precisionAtOrAbove).padStart(6)}  ${pct(b.recallAtOrAbove).padStart(6)}`,
    );
  }
  return lines.join("\n");
}

/** A folder stands for the one export in it (JSON or CSV, transcript side files aside); null when ambiguous. */
export function exportIn(folder: string): string | null {
  const candidates = readdirSync(folder).filter(
    (name) => /\.(json|jsonl|csv)$/i.test(name) && !/transcript/i.test(name),
  );
  return candidates.length === 1 && candidates[0] ? join(folder, candidates[0]) : null;
}

async function main(argv: string[]): Promise<number> {
  let path = argv[0];
  if (path && existsSync(path) && statSync(path).isDirectory()) {
    const found = exportIn(path);
    if (!found) {
      process.stderr.write(
        `eval:labels: ${path} is a folder without exactly one JSON/CSV export in it; pass the export file itself\n`,
      );
      return 2;
    }
    path = found;
  }
  if (!path || !existsSync(path)) {
    process.stderr.write(
      `eval:labels: ${path ? `${path} not found` : "no PATH given"}. Usage: npm run eval:labels -- PATH/videos_apify_flat.csv\n` +
        "(the real Apify export is not part of the repository; point PATH at your local copy)\n",
    );
    return 2;
  }
  process.stdout.write(`${report(path, await evaluateAdModel(path, classifyBranded))}\n\n`);
  const { withHistory, withoutHistory } = await evaluateAdSignals(path);
  process.stdout.write(
    `ad model (${AD_SIGNALS_MODEL}) vs platform flags, flags hidden; weights are documented priors, not fitted here\n` +
      `${signalsReport("with history (author's other flagged videos, leave-one-out)", withHistory)}\n` +
      `${signalsReport("without history", withoutHistory)}\n` +
      "mean p vs observed per band is the calibration table.\n",
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`eval:labels: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
