import { TRANSCRIPT_KEYS } from "./detect.js";
import { isObject } from "./fields.js";
import { containerOf, readRecords } from "./read-records.js";

/**
 * A transcript side file (e.g. the Apify set's transcripts_1027.csv) maps videos to spoken text. The video is
 * named by `id` when that is a platform id (digits), else by the id in `webVideoUrl` (…/video/<id>): that
 * file's `id` column is the author's own label ("video01"). Returns null for a row naming no video.
 */
export function transcriptEntry(value: unknown): { videoId: string; transcript: string } | null {
  if (!isObject(value)) return null;
  const key = TRANSCRIPT_KEYS.find((k) => typeof value[k] === "string" && (value[k] as string).trim() !== "");
  if (!key) return null;
  const id = typeof value.id === "string" && /^\d{6,}$/.test(value.id.trim()) ? value.id.trim() : null;
  const fromUrl =
    typeof value.webVideoUrl === "string" ? (/\/video\/(\d+)/.exec(value.webVideoUrl)?.[1] ?? null) : null;
  const videoId = id ?? fromUrl;
  return videoId ? { videoId, transcript: value[key] as string } : null;
}

/** Reads a transcript side file into videoId → transcript; rows naming no video are counted, not fatal. */
export async function readTranscriptFile(
  path: string,
): Promise<{ transcripts: Map<string, string>; unusable: number }> {
  const transcripts = new Map<string, string>();
  let unusable = 0;
  const container = await containerOf(path);
  for await (const record of readRecords(path, container, { bytesRead: 0, totalBytes: 0 })) {
    const entry = record.error ? null : transcriptEntry(record.value);
    if (entry) transcripts.set(entry.videoId, entry.transcript);
    else unusable++;
  }
  return { transcripts, unusable };
}
