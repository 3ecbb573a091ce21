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
import { type ProjectRecordData, projectRecordSchema } from "./project-schema.js";
import { type MappedRecord, RecordError } from "./types.js";

export { type ProjectRecord, type ProjectRecordData, projectRecordSchema } from "./project-schema.js";

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
