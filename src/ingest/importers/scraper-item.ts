import { detectLanguage } from "../../shared/text/language.js";
import { accountSignalsOf } from "./account-signals.js";
import {
  isObject,
  objectAt,
  optionalBool,
  optionalCount,
  optionalNumber,
  optionalText,
  optionalTime,
  requiredCount,
  requiredId,
  requiredText,
} from "./fields.js";
import {
  cleanText,
  hashtagsInCaption,
  MAX_CAPTION,
  MAX_TRANSCRIPT,
  normalizeCollections,
  normalizeHashtags,
  normalizeLanguage,
  normalizeRegion,
} from "./normalize.js";
import { platformAdFlags } from "./platform-ad.js";
import { type MappedRecord, RecordError } from "./types.js";

/** Flags the Apify actor sets on a video; `authorMeta.commerceUserInfo` describes the account, not the video. */
const AD_FLAGS = ["isAd", "isSponsored", "isPaidPartnership", "paidPartnership"] as const;

function hashtagNames(item: Record<string, unknown>, caption: string): string[] {
  const tags = item.hashtags;
  if (!Array.isArray(tags)) return hashtagsInCaption(caption);
  return normalizeHashtags(
    tags.map((t) => (typeof t === "string" ? t : isObject(t) && typeof t.name === "string" ? t.name : "")),
  );
}

/**
 * The searches that found an Apify item: `searchHashtag.name` (a hashtag input), `searchQuery` (a keyword
 * search) and `input` (the actor's input, when it is a word, not a profile or video URL).
 */
function collectionsOf(item: Record<string, unknown>): string[] {
  const hashtag = objectAt(item, "searchHashtag").name;
  const names = [hashtag, item.searchQuery, item.input].filter(
    (v): v is string => typeof v === "string" && !v.includes("/"),
  );
  return normalizeCollections(names);
}

/**
 * The tiktok-scraper collector puts TikTok's request log id in `videoUrl` (`l=YYYYMMDDhhmmss…`): the time the
 * feed was fetched, so the best scrape time the record has. Read as UTC (the server zone is not stated, so it
 * may be off by hours — far better than the import time for a 2020 file). Null when absent or implausible.
 */
export function collectorScrapeTime(
  item: Record<string, unknown>,
  createdAt: number,
  now: number,
): number | null {
  const url = typeof item.videoUrl === "string" ? item.videoUrl : "";
  const m = /[?&]l=(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(url);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const at = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) / 1000;
  return Number.isFinite(at) && at >= createdAt && at <= now ? at : null;
}

/**
 * The record's language: detected from its caption and transcript when the text says so clearly, else the
 * source's code. Apify's `textLanguage` is often wrong (English captions marked `ha`, `un` for hashtag-only
 * captions), so the text wins over it.
 */
function languageOf(caption: string, transcript: string | null, code: string | null): string | null {
  const detected = detectLanguage(`${caption}\n${transcript ?? ""}`);
  return detected?.language ?? normalizeLanguage(code);
}

/**
 * Apify `clockworks/tiktok-scraper` items and the tiktok-scraper collector records share one shape
 * (`text`, `createTime`, `authorMeta`, `musicMeta`, `videoMeta`, flattened counts). Apify adds
 * `textLanguage`, `locationCreated`, `collectCount`, `isAd`/`isSponsored`, `isSlideshow`; the collector has
 * no ad flags (platformAd stays null) and no saves (0).
 */
export function mapScraperItem(
  item: Record<string, unknown>,
  now: number,
  variant: "apify" | "collector",
): MappedRecord {
  const author = objectAt(item, "authorMeta");
  const music = objectAt(item, "musicMeta");
  const videoMeta = objectAt(item, "videoMeta");
  const id = requiredId(item.id, "id");
  const caption = cleanText(optionalText(item.text, "text") ?? "", "text", MAX_CAPTION);
  const createdAt =
    optionalTime(item.createTime, "createTime", now) ??
    optionalTime(item.createTimeISO, "createTimeISO", now);
  if (createdAt === null) throw new RecordError("missing createTime");
  const transcriptText = optionalText(item.transcript ?? item.script_video, "transcript");
  const slideshow =
    optionalBool(item.isSlideshow, "isSlideshow") === true || Array.isArray(item.slideshowImageLinks);
  const flags = variant === "apify" ? platformAdFlags(item, AD_FLAGS) : { platformAd: null, evidence: null };
  const scrapedAt =
    optionalTime(item.scrapedAt, "scrapedAt", now) ??
    (variant === "collector" ? collectorScrapeTime(item, createdAt, now) : null);
  return {
    video: {
      id,
      caption,
      transcript: transcriptText ? cleanText(transcriptText, "transcript", MAX_TRANSCRIPT) : null,
      createdAt,
      mediaType: slideshow ? "slideshow" : "video",
      region: normalizeRegion(optionalText(item.locationCreated, "locationCreated")),
      language: languageOf(caption, transcriptText, optionalText(item.textLanguage, "textLanguage")),
      durationS: optionalNumber(videoMeta.duration, "videoMeta.duration"),
      musicId: optionalText(music.musicId, "musicMeta.musicId"),
      musicTitle: optionalText(music.musicName, "musicMeta.musicName"),
      musicAuthor: optionalText(music.musicAuthor, "musicMeta.musicAuthor"),
      hashtags: hashtagNames(item, caption),
      platformAd: flags.platformAd,
      platformAdEvidence: flags.evidence,
      url: optionalText(item.webVideoUrl, "webVideoUrl"),
    },
    creator: {
      uid: requiredId(author.id, "authorMeta.id"),
      handle: requiredText(author.name, "authorMeta.name"),
      nickname: optionalText(author.nickName, "authorMeta.nickName") ?? "",
      followers: optionalCount(author.fans, "authorMeta.fans"),
      verified: optionalBool(author.verified, "authorMeta.verified") ?? false,
      region: normalizeRegion(optionalText(author.region, "authorMeta.region")),
      account: accountSignalsOf(author, "authorMeta"),
    },
    uidFromHandle: false,
    stats: {
      plays: requiredCount(item.playCount, "playCount"),
      likes: requiredCount(item.diggCount, "diggCount"),
      comments: requiredCount(item.commentCount, "commentCount"),
      shares: requiredCount(item.shareCount, "shareCount"),
      saves: optionalCount(item.collectCount, "collectCount") ?? 0,
    },
    observedAt: scrapedAt,
    advertiser: null,
    collections: variant === "apify" ? collectionsOf(item) : [],
  };
}
