import { CreatorObservations } from "./creator-observations.js";
import { detectRecordFormat } from "./detect.js";
import { mapRecord } from "./map-record.js";
import { openingHook } from "./normalize.js";
import { type Container, type ReadProgress, readRecordChunks } from "./read-records.js";
import { rejectLine } from "./rejects.js";
import {
  IMPORT_FORMATS,
  ImportFileError,
  type ImportFormat,
  type MappedRecord,
  RecordError,
} from "./types.js";

/** " (keys: id, value, label)" for an object record, to show what the file holds instead. */
function keysOf(value: unknown): string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "";
  const keys = Object.keys(value);
  if (keys.length === 0) return "";
  const shown = keys.slice(0, 8).map((k) => JSON.stringify(k.slice(0, 40)).slice(1, -1));
  return ` (keys: ${shown.join(", ")}${keys.length > 8 ? `, … ${keys.length - 8} more` : ""})`;
}

/** What reading and mapping a stretch of a file gives: its valid records and its rejects, both in file order. */
export interface ParsedChunk {
  records: MappedRecord[];
  /** FILE.rejects.jsonl lines (see rejectLine). */
  rejects: string[];
  /** The file's format: detected from the first decodable record, null until then. */
  format: ImportFormat | null;
  /** Records read so far, valid or not. */
  seen: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ParseOptions {
  /** A fixed format, or `auto`: detected from a wrapper's hint or the first decodable record. */
  format: ImportFormat | "auto";
  /** Import time (Unix seconds), for records without their own observation time. */
  now: number;
  /**
   * When the file was collected (Unix seconds; `crs import --observed-at`): the observation time of its
   * records without their own, instead of `now`. A record published after it is rejected.
   */
  observedAt?: number;
}

/**
 * Reads, decodes and maps a file a block at a time (no store access: this runs in the parse worker as well
 * as in-thread). A record that cannot be decoded or mapped becomes a reject line with its reason; a file
 * whose format cannot be detected throws ImportFileError.
 */
export async function* parseChunks(
  file: string,
  container: Container,
  options: ParseOptions,
): AsyncGenerator<ParsedChunk> {
  const progress: ReadProgress = { bytesRead: 0, totalBytes: 0 };
  let format = options.format === "auto" ? null : options.format;
  let seen = 0;
  const creators = new CreatorObservations();
  for await (const block of readRecordChunks(file, container, progress)) {
    const records: MappedRecord[] = [];
    const rejects: string[] = [];
    for (const source of block) {
      seen++;
      if (source.error !== undefined) {
        rejects.push(rejectLine(source.position, source.error, source.raw));
        continue;
      }
      if (format === null) {
        const detected = source.hint ?? detectRecordFormat(source.value);
        if (detected === null || detected === "transcripts") {
          throw new ImportFileError(
            detected === "transcripts"
              ? `${file}: this is a transcript file; pass it with --transcripts (or alongside the videos file)`
              : `${file}: cannot detect the format from its first record${keysOf(source.value)}: it looks like none of the video exports crs import reads (${IMPORT_FORMATS.join(", ")}: records of one video each, with its id and caption); if it is one of them, pass --format`,
          );
        }
        format = detected;
      }
      try {
        const record = mapRecord(format, source.value, options.now);
        if (record.observedAt === null && options.observedAt !== undefined) {
          if (record.video.createdAt > options.observedAt)
            throw new RecordError(
              `published at ${new Date(record.video.createdAt * 1000).toISOString()}, after the file was collected (--observed-at ${new Date(options.observedAt * 1000).toISOString()})`,
            );
          record.observedAt = options.observedAt;
        }
        records.push(prepareRecord(record, creators, options.now));
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        rejects.push(rejectLine(source.position, error.message, source.value));
      }
    }
    yield { records, rejects, format, seen, bytesRead: progress.bytesRead, totalBytes: progress.totalBytes };
  }
}

/**
 * Work the writer would do that needs no store, done here (on the parse worker's core): see
 * MappedRecord.ownHook and creatorRepeated. Records are written in file order, so an earlier record's
 * creator observation is in the store by the time a repeat of it is written. A record that names only a
 * handle may resolve to any creator, so it makes every earlier observation unknown.
 */
function prepareRecord(record: MappedRecord, creators: CreatorObservations, now: number): MappedRecord {
  if (record.video.hookText === undefined)
    record.ownHook = openingHook(record.video.transcript, record.video.caption);
  if (record.uidFromHandle) creators.forgetAll();
  else record.creatorRepeated = creators.repeat(record.creator.uid, record.creator, record.observedAt ?? now);
  return record;
}
