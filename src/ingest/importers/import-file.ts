import { accessSync, constants, statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { beginBulkLoad } from "../../store/sqlite/bulk.js";
import type { Db } from "../../store/sqlite/connection.js";
import { CorpusWriter } from "../../store/sqlite/corpus-writer.js";
import { parseChunks } from "./parse-chunks.js";
import { parseChunksInWorker, parseWorkerAvailable } from "./parse-in-worker.js";
import { containerOf, type ReadProgress } from "./read-records.js";
import { RecordWriter, type WriteResult } from "./record-writer.js";
import { RejectsFile } from "./rejects.js";
import { ImportFileError, type ImportFormat, type MappedRecord } from "./types.js";

export interface ImportOptions {
  /** A fixed format, or `auto` (default): detected from the file's wrapper or first record. */
  format?: ImportFormat | "auto";
  /** Import time (Unix seconds): the observation time of records without a scrape time. */
  now: number;
  /** When the file was collected (Unix seconds): replaces `now` as that observation time (ParseOptions). */
  observedAt?: number;
  /** Transcripts joined by video id (from a side file); they fill `transcript` when the record has none. */
  transcripts?: ReadonlyMap<string, string>;
  /** A collection every record of the file is in ("trending-dec2020"), normalised (normalizeCollection). */
  collection?: string;
  /** Records per transaction (default 5 000; 50 000 with `bulk`). */
  batchSize?: number;
  /** Where rejected records go; default FILE.rejects.jsonl, or ./<name>.rejects.jsonl when FILE's folder is read-only. */
  rejectsPath?: string;
  onProgress?: (records: number, progress: ReadProgress) => void;
  /** Initial-load mode: defer the videos indexes and rebuild them at the end (see beginBulkLoad). */
  bulk?: boolean;
  /**
   * Read and map the file on a worker thread while this one writes (see parseChunksInWorker). Default: for
   * files of 8 MiB and more, when the compiled worker is there (not when running from the sources).
   */
  parseInWorker?: boolean;
}

export interface ImportSummary {
  file: string;
  format: ImportFormat | null;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Videos inserted or changed (new fields or a new stat snapshot): what afterIngest should refresh. */
  videoIds: string[];
  /** Where rejects were written; null when there were none. */
  rejectsFile: string | null;
  transcriptsJoined: number;
}

// Below this size a worker thread's start-up (~50 ms) costs more than it saves.
const WORKER_MIN_BYTES = 8 * 1024 * 1024;

export function defaultRejectsPath(file: string): string {
  const beside = `${file}.rejects.jsonl`;
  try {
    accessSync(dirname(resolve(file)), constants.W_OK);
    return beside;
  } catch {
    return resolve(`${basename(file)}.rejects.jsonl`);
  }
}

/** `imported N, updated M, rejected R, unchanged U` — the line `crs import` prints per file. */
export function summaryLine(
  s: Pick<ImportSummary, "imported" | "updated" | "rejected" | "unchanged">,
): string {
  return `imported ${s.imported}, updated ${s.updated}, rejected ${s.rejected}, unchanged ${s.unchanged}`;
}

/**
 * Parses one file and writes every valid record (one transaction per batch); bad records go to the rejects
 * file with a specific reason. Does not run afterIngest: the caller does, with `videoIds`.
 */
export async function importFile(db: Db, file: string, options: ImportOptions): Promise<ImportSummary> {
  const bulk = options.bulk ?? false;
  const large = (statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= WORKER_MIN_BYTES;
  const end = beginBulkLoad(db, {
    unsafe: false,
    deferIndexes: bulk,
    // RecordWriter writes a video's creator and advertiser before the video: a bulk load skips the checks.
    parentsWrittenFirst: bulk,
    backgroundCheckpoints: large,
  });
  try {
    return await importFileInBulk(db, file, options, large);
  } finally {
    end();
  }
}

async function importFileInBulk(
  db: Db,
  file: string,
  options: ImportOptions,
  large: boolean,
): Promise<ImportSummary> {
  const container = await (async () => {
    if (!statSync(file).isFile()) throw new Error("not a file");
    return containerOf(file);
  })().catch((error: Error) => {
    throw new ImportFileError(`${file}: cannot read (${error.message})`);
  });
  const rejects = new RejectsFile(options.rejectsPath ?? defaultRejectsPath(file));
  const writer = new RecordWriter(
    db,
    new CorpusWriter(db),
    options.now,
    options.collection ? [options.collection] : [],
  );
  // A bulk load commits less often: fewer, larger FTS segments and WAL writes (measured ~15 % faster at 1M).
  const batchSize = options.batchSize ?? (options.bulk ? 50_000 : 5000);
  const summary: ImportSummary = {
    file,
    format: options.format && options.format !== "auto" ? options.format : null,
    imported: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    videoIds: [],
    rejectsFile: null,
    transcriptsJoined: 0,
  };
  const progress: ReadProgress = { bytesRead: 0, totalBytes: 0 };
  let batch: MappedRecord[] = [];
  let seen = 0;

  const flush = () => {
    const current = batch;
    const format = summary.format;
    batch = [];
    if (format === null || current.length === 0) {
      rejects.flush();
      return;
    }
    const results = writer.writeBatch(current, format, options.transcripts);
    for (let i = 0; i < results.length; i++) {
      const result = results[i] as WriteResult;
      if (result.transcriptJoined) summary.transcriptsJoined++;
      if (result.outcome === "unchanged") summary.unchanged++;
      else {
        summary[result.outcome]++;
        summary.videoIds.push((current[i] as MappedRecord).video.id);
      }
    }
    rejects.flush();
    options.onProgress?.(seen, progress);
  };

  const parseOptions = { format: options.format ?? "auto", now: options.now, observedAt: options.observedAt };
  const inWorker = (options.parseInWorker ?? large) && parseWorkerAvailable();
  const chunks = inWorker
    ? parseChunksInWorker(file, container, parseOptions, 2 * batchSize)
    : parseChunks(file, container, parseOptions);
  for await (const chunk of chunks) {
    seen = chunk.seen;
    progress.bytesRead = chunk.bytesRead;
    progress.totalBytes = chunk.totalBytes;
    summary.format = chunk.format;
    rejects.addLines(chunk.rejects);
    for (const record of chunk.records) {
      batch.push(record);
      if (batch.length >= batchSize) flush();
    }
  }
  flush();
  summary.rejected = rejects.count;
  summary.rejectsFile = rejects.count > 0 ? rejects.path : null;
  return summary;
}
