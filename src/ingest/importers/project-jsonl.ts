import { z } from "zod";
import { requiredTime } from "./fields.js";
import {
  cleanText,
  MAX_CAPTION,
  MAX_TRANSCRIPT,
  normalizeHashtags,
  normalizeLanguage,
  normalizeRegion,
} from "./normalize.js";
import { checkProjectRecord } from "./project-record-check.js";
import { type MappedRecord, RecordError } from "./types.js";

const count = z.number().int().min(0);
const time = z
  .union([z.number().int(), z.string()])
  .describe("Unix seconds, or an ISO-8601 date-time string");

/**
 * The project's own import format: JSON Lines, one video per line, snake_case fields mirroring the store's
 * VideoInput plus the author, a stats observation and an optional named advertiser. Example line:
 * {"id":"7301","caption":"POV: you found the cheapest flight","created_at":1700000000,"hashtags":["travel"],
 *  "author":{"uid":"6801","handle":"anna"},"stats":{"plays":1200,"likes":80,"comments":4,"shares":2,"saves":9}}
 */
export const projectRecordSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9A-Za-z_.:-]{1,64}$/)
    .describe("Platform video (aweme) id, as a string"),
  caption: z.string().default("").describe("Caption as posted"),
  hook_text: z.string().nullish().describe("Opening hook; omit to derive it from transcript or caption"),
  transcript: z.string().nullish().describe("Spoken text, when known"),
  created_at: time.describe("When the video was posted"),
  media_type: z.enum(["video", "slideshow"]).default("video"),
  region: z.string().nullish().describe("ISO 3166-1 alpha-2; anything else is stored as null"),
  language: z.string().nullish().describe("BCP 47 tag; the primary subtag is kept"),
  duration_s: z.number().min(0).nullish(),
  music_id: z.string().nullish(),
  music_title: z.string().nullish(),
  music_author: z.string().nullish(),
  hashtags: z.array(z.string()).default([]).describe("With or without '#'; stored lower-case without it"),
  platform_ad: z.boolean().nullish().describe("The platform's own ad flag; null/absent when unknown"),
  platform_ad_evidence: z.string().nullish(),
  url: z.string().nullish(),
  author: z.object({
    uid: z
      .string()
      .regex(/^[0-9A-Za-z_.:-]{1,64}$/)
      .describe("Immutable platform author UID"),
    handle: z.string().min(1).describe("Handle (uniqueId) at observation time"),
    nickname: z.string().default(""),
    followers: count.nullish(),
    verified: z.boolean().default(false),
    region: z.string().nullish(),
  }),
  stats: z.object({
    plays: count,
    likes: count,
    comments: count,
    shares: count,
    saves: count.default(0),
    observed_at: time.nullish().describe("When these figures were scraped; default the import time"),
  }),
  advertiser: z
    .object({
      name: z.string().min(1),
      focus: z.enum(["apps", "dtc", "other"]).default("other"),
      industry: z.string().nullish(),
      domain: z.string().nullish(),
      handle: z.string().nullish(),
    })
    .nullish()
    .describe("Only when the source names the brand behind the video"),
});
export type ProjectRecord = z.input<typeof projectRecordSchema>;
/** A project record as the schema outputs it (defaults applied). */
export type ProjectRecordData = z.output<typeof projectRecordSchema>;

function parseProjectRecord(value: unknown): ProjectRecordData {
  const parsed = projectRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new RecordError(`${where}${issue?.message ?? "invalid record"}`);
  }
  return parsed.data;
}

export function mapProjectRecord(value: unknown, now: number): MappedRecord {
  const r = checkProjectRecord(value) ?? parseProjectRecord(value);
  const caption = cleanText(r.caption, "caption", MAX_CAPTION);
  const ad = r.advertiser;
  return {
    video: {
      id: r.id,
      caption,
      hookText:
        r.hook_text === undefined ? undefined : r.hook_text && cleanText(r.hook_text, "hook_text", 1000),
      transcript: r.transcript?.trim() ? cleanText(r.transcript, "transcript", MAX_TRANSCRIPT) : null,
      createdAt: requiredTime(r.created_at, "created_at", now),
      mediaType: r.media_type,
      region: normalizeRegion(r.region ?? null),
      language: normalizeLanguage(r.language ?? null),
      durationS: r.duration_s ?? null,
      musicId: r.music_id ?? null,
      musicTitle: r.music_title ?? null,
      musicAuthor: r.music_author ?? null,
      hashtags: normalizeHashtags(r.hashtags),
      platformAd: r.platform_ad ?? null,
      platformAdEvidence:
        r.platform_ad === undefined || r.platform_ad === null
          ? null
          : (r.platform_ad_evidence ?? "platform_ad in source"),
      url: r.url ?? null,
    },
    creator: {
      uid: r.author.uid,
      handle: r.author.handle.trim(),
      nickname: r.author.nickname,
      followers: r.author.followers ?? null,
      verified: r.author.verified,
      region: normalizeRegion(r.author.region ?? null),
    },
    uidFromHandle: false,
    stats: {
      plays: r.stats.plays,
      likes: r.stats.likes,
      comments: r.stats.comments,
      shares: r.stats.shares,
      saves: r.stats.saves,
    },
    observedAt:
      r.stats.observed_at === undefined || r.stats.observed_at === null
        ? null
        : requiredTime(r.stats.observed_at, "stats.observed_at", now),
    advertiser: ad
      ? {
          name: ad.name.trim(),
          focus: ad.focus,
          industry: ad.industry ?? null,
          domain: ad.domain ?? null,
          handle: ad.handle ?? null,
        }
      : null,
  };
}
