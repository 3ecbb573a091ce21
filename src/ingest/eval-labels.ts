import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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
    if (truth === null) continue;
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
    `ad text model vs platform flags (isAd/isSponsored) — ${path}`,
    `records with a known flag: ${e.records}; flagged ads: ${e.positives} (base rate ${pct(e.positives / Math.max(1, e.records))})`,
    `confusion: TP ${e.truePositive}  FP ${e.falsePositive}  FN ${e.falseNegative}  TN ${e.trueNegative}`,
    `precision ${pct(e.precision)}  recall ${pct(e.recall)}  F1 ${e.f1.toFixed(3)}`,
  ].join("\n");
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
  // Resolved at run time: the ad model is its own module (src/ingest/classify/ad.ts).
  const adModule: string = "./classify/ad.js";
  const loaded = (await import(adModule)) as { classifyAdText?: ClassifyAdText };
  if (typeof loaded.classifyAdText !== "function") {
    process.stderr.write("eval:labels: classify/ad.js does not export classifyAdText\n");
    return 1;
  }
  process.stdout.write(`${report(path, await evaluateAdModel(path, loaded.classifyAdText))}\n`);
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
