import { accountSignalsOf } from "./account-signals.js";
import {
  isObject,
  objectAt,
  optionalBool,
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
  normalizeHashtags,
  normalizeLanguage,
  normalizeRegion,
} from "./normalize.js";
import { platformAdFlags } from "./platform-ad.js";
import type { MappedRecord } from "./types.js";

/** `isAd` is the web item's ad flag; paid partnerships appear as `isPaidPartnership` on newer items. */
const AD_FLAGS = ["isAd", "isPaidPartnership", "paidPartnership"] as const;

/** Unwraps `{itemInfo:{itemStruct}}` and `{itemStruct}` to the item itself. */
export function itemStructOf(value: Record<string, unknown>): Record<string, unknown> {
  const info = value.itemInfo;
  if (isObject(info) && isObject(info.itemStruct)) return info.itemStruct;
  if (isObject(value.itemStruct)) return value.itemStruct;
  return value;
}

function hashtagNames(item: Record<string, unknown>, caption: string): string[] {
  const fromExtra = Array.isArray(item.textExtra)
    ? item.textExtra.map((t) => (isObject(t) && typeof t.hashtagName === "string" ? t.hashtagName : ""))
    : [];
  const fromChallenges = Array.isArray(item.challenges)
    ? item.challenges.map((c) => (isObject(c) && typeof c.title === "string" ? c.title : ""))
    : [];
  const named = normalizeHashtags([...fromExtra, ...fromChallenges]);
  return named.length > 0 ? named : hashtagsInCaption(caption);
}

/**
 * A TikTok web item (`itemStruct` of the web app's item detail / item list responses). Counts come from
 * `stats` (numbers) or, when missing there, `statsV2` (strings); `imagePost` marks a slideshow.
 */
export function mapWebItem(raw: Record<string, unknown>, now: number): MappedRecord {
  const item = itemStructOf(raw);
  const author = objectAt(item, "author");
  const authorStats = objectAt(item, "authorStats");
  const stats = { ...objectAt(item, "statsV2"), ...objectAt(item, "stats") };
  const music = objectAt(item, "music");
  const video = objectAt(item, "video");
  const caption = cleanText(optionalText(item.desc, "desc") ?? "", "desc", MAX_CAPTION);
  const flags = platformAdFlags(item, AD_FLAGS);
  const handle = requiredText(author.uniqueId, "author.uniqueId");
  const id = requiredId(item.id, "id");
  return {
    video: {
      id,
      caption,
      transcript: null,
      createdAt: requiredTime(item.createTime, "createTime", now),
      mediaType: isObject(item.imagePost) ? "slideshow" : "video",
      region: normalizeRegion(optionalText(item.locationCreated, "locationCreated")),
      language: normalizeLanguage(optionalText(item.textLanguage, "textLanguage")),
      durationS: optionalNumber(video.duration, "video.duration") || null,
      musicId: optionalText(music.id, "music.id"),
      musicTitle: optionalText(music.title, "music.title"),
      musicAuthor: optionalText(music.authorName, "music.authorName"),
      hashtags: hashtagNames(item, caption),
      platformAd: flags.platformAd,
      platformAdEvidence: flags.evidence,
      url: `https://www.tiktok.com/@${handle}/video/${id}`,
    },
    creator: {
      uid: requiredId(author.id, "author.id"),
      handle,
      nickname: optionalText(author.nickname, "author.nickname") ?? "",
      followers: optionalCount(authorStats.followerCount, "authorStats.followerCount"),
      verified: optionalBool(author.verified, "author.verified") ?? false,
      region: normalizeRegion(optionalText(author.region, "author.region")),
      account: accountSignalsOf(author, "author"),
    },
    uidFromHandle: false,
    stats: {
      plays: requiredCount(stats.playCount, "stats.playCount"),
      likes: requiredCount(stats.diggCount, "stats.diggCount"),
      comments: requiredCount(stats.commentCount, "stats.commentCount"),
      shares: requiredCount(stats.shareCount, "stats.shareCount"),
      saves: optionalCount(stats.collectCount, "stats.collectCount") ?? 0,
    },
    observedAt: null,
    advertiser: null,
  };
}
