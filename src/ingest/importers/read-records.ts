import { createReadStream, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { parse as parseCsv } from "csv-parse";
import { unflattenRow } from "./csv-paths.js";
import { isObject } from "./fields.js";
import { researchVideosOf } from "./research-api.js";
import { ImportFileError, type ImportFormat, type RecordPosition } from "./types.js";

/** One record as read from a file: its value, or why it could not be decoded. */
export interface SourceRecord {
  position: RecordPosition;
  value?: unknown;
  /** Set when the record could not be decoded (malformed JSON line, ragged CSV row). */
  error?: string;
  raw?: string;
  /** The format a wrapper implies (`{collector:[…]}`, `{data:{videos:[…]}}`, `{itemList:[…]}`). */
  hint?: ImportFormat;
}

export type Container = "jsonl" | "json" | "csv";

/** Whole-JSON files above this are refused with advice to convert to JSON Lines (which streams). */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** Progress of the current read, for the TTY bar. */
export interface ReadProgress {
  bytesRead: number;
  totalBytes: number;
}

// 19-digit aweme ids as JSON numbers would be rounded by JSON.parse; id-named fields are read as strings.
const BIG_ID = /"(id|[A-Za-z]*Id|[a-z_]*_id)"(\s*:\s*)(\d{16,})(?=\s*[,}\]])/g;

// Every BIG_ID match has this shape: a cheap pre-check, as ids in JSON Lines are usually strings already.
const BARE_BIG_NUMBER = /:\s*\d{16}/;

function parseJson(text: string): unknown {
  return JSON.parse(BARE_BIG_NUMBER.test(text) ? text.replace(BIG_ID, '"$1"$2"$3"') : text);
}

/** Picks the container from the extension, else from the first bytes (JSON Lines when line one is a whole object). */
export async function containerOf(path: string): Promise<Container> {
  const ext = extname(path).toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  const head = await readHead(path, 64 * 1024);
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("[")) return "json";
  if (!text.startsWith("{")) {
    if (ext === ".json" || text === "") return "json";
    return "csv";
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  try {
    JSON.parse(firstLine);
    return "jsonl";
  } catch {
    return "json";
  }
}

async function readHead(path: string, bytes: number): Promise<string> {
  const stream = createReadStream(path, { start: 0, end: bytes - 1, encoding: "utf8" });
  let text = "";
  for await (const chunk of stream) text += chunk;
  return text;
}

/** Records inside one decoded JSON value: arrays, known wrappers, or the value itself. */
function unwrap(value: unknown): { items: unknown[]; hint?: ImportFormat; single: boolean } {
  if (Array.isArray(value)) return { items: value, single: false };
  if (isObject(value)) {
    if (Array.isArray(value.collector)) return { items: value.collector, hint: "collector", single: false };
    const videos = researchVideosOf(value);
    if (videos) return { items: videos, hint: "research-api", single: false };
    if (Array.isArray(value.itemList)) return { items: value.itemList, hint: "tiktok-web", single: false };
    if (Array.isArray(value.items)) return { items: value.items, single: false };
  }
  return { items: [value], single: true };
}

function clip(raw: string): string {
  return raw.length > 10_000 ? `${raw.slice(0, 10_000)}…` : raw;
}

/** Records one at a time (see readRecordChunks). */
export async function* readRecords(
  path: string,
  container: Container,
  progress: ReadProgress,
): AsyncGenerator<SourceRecord> {
  for await (const chunk of readRecordChunks(path, container, progress)) yield* chunk;
}

/** Records in file order, in chunks (one per block read from JSON Lines): one await per chunk, not per record. */
export async function* readRecordChunks(
  path: string,
  container: Container,
  progress: ReadProgress,
): AsyncGenerator<SourceRecord[]> {
  progress.totalBytes = statSync(path).size;
  if (container === "json") yield* readJson(path, progress);
  else if (container === "jsonl") yield* readJsonLines(path, progress);
  else for await (const record of readCsv(path, progress)) yield [record];
}

async function* readJson(path: string, progress: ReadProgress): AsyncGenerator<SourceRecord[]> {
  if (progress.totalBytes > MAX_JSON_BYTES) {
    throw new ImportFileError(
      `${path}: ${progress.totalBytes} bytes of JSON is over the ${MAX_JSON_BYTES}-byte limit for whole-file JSON; convert it to JSON Lines (one record per line) to stream it`,
    );
  }
  const text = (await readFile(path, "utf8")).replace(/^\uFEFF/, "");
  progress.bytesRead = progress.totalBytes;
  if (text.trim() === "") return;
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new ImportFileError(`${path}: malformed JSON (${(error as Error).message})`);
  }
  const { items, hint } = unwrap(value);
  yield items.map((item, index) => ({ position: { index }, value: item, hint }));
}

// Line ends as readline knows them: CRLF, LF or a lone CR.
const LINE_END = /\r\n|\n|\r/;

/** Splits a stream of text into lines exactly as readline (crlfDelay: Infinity) does, a block at a time. */
async function* linesOf(stream: AsyncIterable<string>): AsyncGenerator<string[]> {
  let rest = "";
  for await (const chunk of stream) {
    const text = rest + chunk;
    // A CR at the end may be the first half of a CRLF split across blocks: keep it for the next block.
    const cut = text.endsWith("\r") ? text.length - 1 : text.length;
    const lines = text.includes("\r") ? text.slice(0, cut).split(LINE_END) : text.split("\n");
    rest = (lines.pop() ?? "") + text.slice(cut);
    yield lines;
  }
  if (rest !== "") yield rest.endsWith("\r") ? [rest.slice(0, -1)] : [rest];
}

async function* readJsonLines(path: string, progress: ReadProgress): AsyncGenerator<SourceRecord[]> {
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 1024 * 1024 });
  let line = 0;
  for await (const lines of linesOf(stream)) {
    progress.bytesRead = stream.bytesRead;
    const records: SourceRecord[] = [];
    for (const rawLine of lines) {
      line++;
      const text = (line === 1 ? rawLine.replace(/^\uFEFF/, "") : rawLine).trim();
      if (text === "") continue;
      let value: unknown;
      try {
        value = parseJson(text);
      } catch (error) {
        records.push({
          position: { line },
          error: `malformed JSON: ${(error as Error).message}`,
          raw: clip(text),
        });
        continue;
      }
      const { items, hint, single } = unwrap(value);
      if (single) records.push({ position: { line }, value: items[0], hint });
      else
        for (let index = 0; index < items.length; index++)
          records.push({ position: { line, index }, value: items[index], hint });
    }
    yield records;
  }
}

async function* readCsv(path: string, progress: ReadProgress): AsyncGenerator<SourceRecord> {
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
  const parser = stream.pipe(
    parseCsv({ bom: true, columns: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let ragged = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number; invalid_field_length: number };
    }>) {
      progress.bytesRead = stream.bytesRead;
      // csv-parse counts ragged rows cumulatively; a rise means this row is one.
      if (info.invalid_field_length > ragged) {
        ragged = info.invalid_field_length;
        yield {
          position: { line: info.lines },
          error: "CSV row has a different number of fields than the header",
          raw: clip(JSON.stringify(record)),
        };
        continue;
      }
      yield { position: { line: info.lines }, value: unflattenRow(record) };
    }
  } catch (error) {
    throw new ImportFileError(`${path}: malformed CSV (${(error as Error).message})`);
  }
}
