import {
  isObject,
  optionalCount,
  optionalNumber,
  optionalText,
  requiredCount,
  requiredId,
  requiredText,
  requiredTime,
} from "./fields.js";
import {
  cleanText,
  hashtagsInCaption,
  MAX_CAPTION,
  MAX_TRANSCRIPT,
  normalizeHashtags,
  normalizeRegion,
} from "./normalize.js";
import { type MappedRecord, RecordError } from "./types.js";

/**
 * A TikTok Research API video record (`/v2/research/video/query/` fields). The API names the author only by
 * `username`, so the creator UID is resolved against the store by handle, or a surrogate `@username` is used
 * (see import-file.ts). It has no ad flag (platformAd null) and its `voice_to_text` is the transcript.
 */
export function mapResearchVideo(record: Record<string, unknown>, now: number): MappedRecord {
  const caption = cleanText(
    optionalText(record.video_description, "video_description") ?? "",
    "video_description",
    MAX_CAPTION,
  );
  const tags = record.hashtag_names;
  if (tags !== undefined && tags !== null && !Array.isArray(tags)) {
    throw new RecordError("hashtag_names is not an array");
  }
  const transcript = optionalText(record.voice_to_text, "voice_to_text");
  const username = requiredText(record.username, "username").replace(/^@/, "");
  const id = requiredId(record.id, "id");
  return {
    video: {
      id,
      caption,
      transcript: transcript?.trim() ? cleanText(transcript, "voice_to_text", MAX_TRANSCRIPT) : null,
      createdAt: requiredTime(record.create_time, "create_time", now),
      mediaType: "video",
      region: normalizeRegion(optionalText(record.region_code, "region_code")),
      language: null,
      durationS: optionalNumber(record.video_duration, "video_duration"),
      musicId: optionalText(record.music_id, "music_id"),
      musicTitle: null,
      musicAuthor: null,
      hashtags: Array.isArray(tags)
        ? normalizeHashtags(tags.map((t) => (typeof t === "string" ? t : "")))
        : hashtagsInCaption(caption),
      platformAd: null,
      platformAdEvidence: null,
      url: `https://www.tiktok.com/@${username}/video/${id}`,
    },
    creator: {
      uid: `@${username}`,
      handle: username,
      nickname: "",
      followers: null,
      verified: false,
      region: null,
    },
    uidFromHandle: true,
    stats: {
      plays: requiredCount(record.view_count, "view_count"),
      likes: requiredCount(record.like_count, "like_count"),
      comments: requiredCount(record.comment_count, "comment_count"),
      shares: requiredCount(record.share_count, "share_count"),
      saves: optionalCount(record.favorites_count, "favorites_count") ?? 0,
    },
    observedAt: null,
    advertiser: null,
  };
}

/** Unwraps the API response `{data:{videos:[…]}}` (or `{videos:[…]}`) to its records. */
export function researchVideosOf(value: Record<string, unknown>): unknown[] | null {
  const data = value.data;
  if (isObject(data) && Array.isArray(data.videos)) return data.videos;
  if (Array.isArray(value.videos)) return value.videos;
  return null;
}
