import type { ListResult } from "../../shared/principal.js";
import type {
  AdvertiserRow,
  AdvertiserWindow,
  CreatorRow,
  CreatorWindow,
  Keyed,
  Store,
  TrendReportRow,
  VideoRow,
} from "../../store/types.js";
import type { AdvertiserSummary, CreatorSummary, TrendSummary, VideoSummary } from "../schemas/records.js";
import { pageOf } from "./paging.js";

export const isoTime = (seconds: number): string => new Date(seconds * 1000).toISOString();

export function toVideoSummary(r: VideoRow): VideoSummary {
  return {
    id: r.id,
    desc: r.caption,
    play_count: r.plays,
    like_count: r.likes,
    comment_count: r.comments,
    share_count: r.shares,
    save_count: r.saves,
    stats_at: isoTime(r.statsAt),
    created_at: isoTime(r.createdAt),
    media_type: r.mediaType,
    region: r.region,
    language: r.language,
    duration_s: r.durationS,
    hashtags: r.hashtags.split(" ").filter((h) => h.length > 0),
    music: r.musicId ? { id: r.musicId, title: r.musicTitle, author: r.musicAuthor } : null,
    hook: r.hookText ? { text: r.hookText, type: r.hookType } : null,
    labels: { ad: r.labels.ad ?? null, hook: r.labels.hook ?? null, viral_hook: r.labels.viral_hook ?? null },
    author: { uid: r.authorUid, handle: r.authorHandle },
    advertiser: r.advertiserId ? { id: r.advertiserId, name: r.advertiserName ?? "" } : null,
    url: r.url,
  };
}

/** `window` picks which growth figure is reported. */
export function toCreatorSummary(r: CreatorRow, window: CreatorWindow): CreatorSummary {
  return {
    uid: r.uid,
    handle: r.handle,
    nickname: r.nickname,
    former_handles: r.formerHandles,
    followers: r.followers,
    verified: r.verified,
    region: r.region,
    flags: { advertised: r.advertised, hire_ready: r.hireReady, house: r.house },
    growth: Math.round(r.gains[window]),
    window_days: window,
    video_count: r.videos,
    ad_count: r.adVideos,
    first_seen: isoTime(r.firstSeen),
  };
}

/** `window` picks the growth figure (0 = today UTC). */
export function toAdvertiserSummary(r: AdvertiserRow, window: AdvertiserWindow): AdvertiserSummary {
  return {
    id: r.id,
    name: r.name,
    focus: r.focus,
    industry: r.industry,
    aliases: r.aliases,
    video_count: r.videos,
    creator_count: r.creators,
    growth: Math.round(r.gains[window]),
    window_days: window,
    first_seen: isoTime(r.firstSeen),
  };
}

export const toTrendSummary = (r: TrendReportRow): TrendSummary => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  title: r.title,
  summary: r.summary,
  period: { start: isoTime(r.periodStart), end: isoTime(r.periodEnd) },
  signal: r.signal,
  published_at: isoTime(r.publishedAt),
});

/** Video summaries in the order asked (unknown ids skipped). */
export const loadVideoSummaries = async (store: Store, ids: readonly string[]): Promise<VideoSummary[]> =>
  (await store.videos.summaries(ids)).map(toVideoSummary);

/** One page of a keyset list: the first `limit` rows as summaries, and where the next page starts. */
export async function videoPage(
  store: Store,
  rows: readonly Keyed[],
  limit: number,
  total: number | null,
): Promise<ListResult<VideoSummary>> {
  const { page, next } = pageOf(rows, limit);
  return {
    items: await loadVideoSummaries(
      store,
      page.map((r) => r.id),
    ),
    total,
    next,
  };
}
