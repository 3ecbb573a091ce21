import { z } from "zod";

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
