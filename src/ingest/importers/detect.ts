import { isObject } from "./fields.js";
import type { ImportFormat } from "./types.js";

const TIME_KEYS = ["createTime", "create_time", "created_at", "createTimeISO"] as const;
export const TRANSCRIPT_KEYS = ["script_video", "transcript", "voice_to_text"] as const;
// Keys only the Apify actor writes; collector records have the same shape without them.
const APIFY_ONLY = ["createTimeISO", "isAd", "isSponsored", "textLanguage", "collectCount", "input"] as const;

/** A transcript side-file row: a transcript keyed by video, with no post time (so not a video record). */
export function isTranscriptRow(value: unknown): boolean {
  return (
    isObject(value) &&
    TRANSCRIPT_KEYS.some((k) => typeof value[k] === "string") &&
    !TIME_KEYS.some((k) => k in value)
  );
}

/** The format one decoded record looks like, or null when it matches none (`auto` then asks for --format). */
export function detectRecordFormat(value: unknown): ImportFormat | "transcripts" | null {
  if (!isObject(value)) return null;
  if (isObject(value.itemInfo) || isObject(value.itemStruct)) return "tiktok-web";
  if (isObject(value.author) && "uniqueId" in value.author) return "tiktok-web";
  if ("video_description" in value || "view_count" in value || "create_time" in value) return "research-api";
  if (isObject(value.authorMeta)) return APIFY_ONLY.some((k) => k in value) ? "apify" : "collector";
  if ("created_at" in value && isObject(value.author) && isObject(value.stats)) return "jsonl";
  if (isTranscriptRow(value)) return "transcripts";
  return null;
}
