import { buildTrendReports } from "../domain/trends/build.js";
import { isTranscriptRow } from "../ingest/importers/detect.js";
import { type ImportSummary, importFile, summaryLine } from "../ingest/importers/import-file.js";
import { MAX_COLLECTION, normalizeCollection } from "../ingest/importers/normalize.js";
import { ImportProgress } from "../ingest/importers/progress-bar.js";
import { containerOf, readRecords } from "../ingest/importers/read-records.js";
import { readTranscriptFile } from "../ingest/importers/transcripts.js";
import { IMPORT_FORMATS, ImportFileError, type ImportFormat } from "../ingest/importers/types.js";
import { afterIngest } from "../ingest/pipeline.js";
import type { Db } from "../store/sqlite/connection.js";
import { createSqliteStore } from "../store/sqlite/index.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";
import { onCorpus } from "./open-backend.js";

const USAGE = `usage: crs import FILE… [--format auto|${IMPORT_FORMATS.join("|")}] [--transcripts FILE] [--observed-at DATE] [--collection NAME] [--bulk] [--db FILE|postgres://…] [--json]

Upserts scraped videos by id. Bad records go to FILE.rejects.jsonl with their reason.
--observed-at says when the FILEs were collected (2025-05-13 or 2025-05-13T08:00:00Z, UTC): their counts
are dated then instead of now, for records that carry no scrape time of their own (an Apify export has
none), so stats_at and growth windows are right for an old export. A record published after it is rejected.
--collection NAME puts every video of the FILEs in the collection NAME ("trending-dec2020"), beside the
searches an Apify export names per video (searchHashtag, searchQuery, input); the analyst reads "the
trending-dec2020 set" or "per search" from them. NAME is read case-blind, at most 100 characters.
--bulk is for a large initial load: the ranking indexes are rebuilt once at the end instead of updated per
record (much faster); searches of a server reading the same database fail until the load ends.
Transcript side files (a CSV/JSONL of id or webVideoUrl + script_video|transcript) are joined by video id,
whether given with --transcripts or among the FILEs (auto-detected).
On PostgreSQL the corpus is copied into a temporary file (under TMPDIR), imported there, and the changes
are written back in one transaction: servers answer from the old corpus until it commits. With
CRS_CHECKOUT_CACHE=DIR the copy is kept in DIR and reused by the next import or classify while the corpus
is unchanged (no copy: minutes saved on a large corpus).`;

/** --observed-at: a UTC date or date-time, not in the future (Unix seconds). */
function collectedAt(text: string, now: number): number {
  const shown = text.slice(0, 40);
  const match = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(text);
  if (!match)
    throw new CliError(`--observed-at '${shown}' is not a date: give 2025-05-13 or 2025-05-13T08:00:00Z`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.parse rolls 2025-02-30 over to March 2: the day must exist.
  const ms = Date.parse(match[4] ? text : `${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day || month > 12)
    throw new CliError(`--observed-at '${shown}' is not a calendar date and time`);
  const at = Math.floor(ms / 1000);
  if (at > now + 60)
    throw new CliError(`--observed-at '${shown}' is in the future: give when the files were collected`);
  return at;
}

/** --collection: a name normalizeCollection keeps. */
function collectionName(text: string): string {
  const name = normalizeCollection(text);
  if (name === null)
    throw new CliError(
      text.trim() === ""
        ? "--collection is empty: give the collection's name, e.g. --collection trending-dec2020"
        : `--collection is ${text.length} characters: give a name of at most ${MAX_COLLECTION}`,
    );
  return name;
}

/** A FILE whose first decodable record is a transcript row is a side file, not videos. */
async function isTranscriptFile(file: string): Promise<boolean> {
  for await (const record of readRecords(file, await containerOf(file), { bytesRead: 0, totalBytes: 0 })) {
    if (record.error === undefined) return isTranscriptRow(record.value);
  }
  return false;
}

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    format: { type: "string", default: "auto" },
    transcripts: { type: "string", multiple: true },
    bulk: { type: "boolean", default: false },
    "observed-at": { type: "string" },
    collection: { type: "string" },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = values.format as string;
  if (format !== "auto" && !(IMPORT_FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`--format must be auto or one of ${IMPORT_FORMATS.join(", ")}`);
  }
  if (positionals.length === 0) throw new CliError(`no FILE given\n${USAGE}`);
  const config = commandConfig(values);
  const now = Math.floor(Date.now() / 1000);
  const observedAt =
    values["observed-at"] === undefined ? undefined : collectedAt(values["observed-at"], now);

  const collection = values.collection === undefined ? undefined : collectionName(values.collection);

  const sideFiles = [...(values.transcripts ?? [])];
  const videoFiles: string[] = [];
  for (const file of positionals) {
    try {
      if (format === "auto" && (await isTranscriptFile(file))) sideFiles.push(file);
      else videoFiles.push(file);
    } catch (error) {
      throw new CliError(`${file}: cannot read (${(error as Error).message})`);
    }
  }
  const transcripts = new Map<string, string>();
  for (const file of sideFiles) {
    const read = await readTranscriptFile(file).catch((error: Error) => {
      throw new CliError(`${file}: ${error.message}`);
    });
    for (const [id, text] of read.transcripts) transcripts.set(id, text);
    process.stderr.write(
      `${file}: ${read.transcripts.size} transcripts${read.unusable ? `, ${read.unusable} rows naming no video` : ""}\n`,
    );
  }

  const work = (db: Db) =>
    importAll(db, videoFiles, {
      format: format as ImportFormat | "auto",
      now,
      observedAt,
      collection,
      transcripts,
      bulk: values.bulk === true,
      json: values.json === true,
    });
  const { summaries, failed } = await onCorpus("import", config.db, work);
  const total = summaries.reduce(
    (t, s) => ({
      imported: t.imported + s.imported,
      updated: t.updated + s.updated,
      rejected: t.rejected + s.rejected,
      unchanged: t.unchanged + s.unchanged,
    }),
    { imported: 0, updated: 0, rejected: 0, unchanged: 0 },
  );
  if (values.json) {
    output(true, { ...total, files: summaries.map(({ videoIds: _ids, ...rest }) => rest) }, "");
  } else {
    output(false, total, summaryLine(total));
  }
  return failed ? 1 : 0;
}

interface ImportOptions {
  format: ImportFormat | "auto";
  now: number;
  observedAt: number | undefined;
  collection: string | undefined;
  transcripts: Map<string, string>;
  bulk: boolean;
  json: boolean;
}

interface ImportOutcome {
  summaries: ImportSummary[];
  /** Records were stored but labels, scores or trend reports were not refreshed. */
  failed: boolean;
}

/** Imports every file into `db`, refreshes what depends on the changed videos, then the trend reports. */
async function importAll(
  db: Db,
  videoFiles: readonly string[],
  options: ImportOptions,
): Promise<ImportOutcome> {
  const summaries: ImportSummary[] = [];
  const progress = new ImportProgress(process.stderr);
  let failed = false;
  let changed = 0;
  for (const file of videoFiles) {
    progress.start("parse/write", file);
    let summary: ImportSummary;
    try {
      summary = await importFile(db, file, {
        format: options.format,
        now: options.now,
        observedAt: options.observedAt,
        collection: options.collection,
        transcripts: options.transcripts,
        onProgress: progress.update,
        bulk: options.bulk,
      });
    } catch (error) {
      progress.abort();
      if (error instanceof ImportFileError) throw new CliError(error.message);
      throw error;
    }
    progress.end(`${file} [${summary.format ?? "empty"}]: ${summaryLine(summary)}`);
    summaries.push(summary);
    if (summary.rejectsFile) process.stderr.write(`${file}: rejects written to ${summary.rejectsFile}\n`);
    if (!options.json && videoFiles.length > 1) {
      process.stdout.write(`${file} [${summary.format ?? "empty"}]: ${summaryLine(summary)}\n`);
    }
    const videos = summary.videoIds.length;
    if (videos > 0) {
      const subject = `${ImportProgress.count(videos)} video(s)`;
      try {
        let first = true;
        afterIngest(db, options.now, summary.videoIds, (phase) => {
          if (!first) progress.end(subject);
          first = false;
          progress.start(phase, subject);
        });
        progress.end(subject);
        changed += videos;
      } catch (error) {
        // The records are stored; only the derived labels/scores are stale. Say so and fail the command.
        progress.abort();
        failed = true;
        process.stderr.write(
          `crs: ${file}: records stored, but labels/scores were not refreshed: ${(error as Error).message}\n`,
        );
      }
    }
  }
  if (changed > 0 && !failed) {
    // Trend reports compare windows of the whole corpus: rebuilt once, after every file.
    progress.start("trends", "the whole corpus");
    try {
      const { reports } = await buildTrendReports(createSqliteStore(db), options.now);
      progress.end(`${reports} trend report(s)`);
    } catch (error) {
      progress.abort();
      failed = true;
      process.stderr.write(
        `crs: records stored, but trend reports were not rebuilt: ${(error as Error).message}\n`,
      );
    }
  }
  return { summaries, failed };
}
