import { DAY } from "../../shared/clock.js";
import type { SnapshotRow, Store } from "../../store/types.js";
import type { VideoDetail } from "../schemas/records.js";
import { isoTime, toAdvertiserSummary, toCreatorSummary, toVideoSummary } from "./summaries.js";

/** Counts at time `at`: the latest snapshot at or before it, 0 before publication, linear up to the first. */
function countsAt(snapshots: readonly SnapshotRow[], createdAt: number, at: number): SnapshotRow {
  const zero = { observedAt: at, plays: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
  const before = snapshots.filter((s) => s.observedAt <= at).pop();
  if (before) return before;
  const first = snapshots[0];
  if (!first || at <= createdAt || first.observedAt <= createdAt) return zero;
  const f = (at - createdAt) / (first.observedAt - createdAt);
  return {
    observedAt: at,
    plays: Math.round(first.plays * f),
    likes: Math.round(first.likes * f),
    comments: Math.round(first.comments * f),
    shares: Math.round(first.shares * f),
    saves: Math.round(first.saves * f),
  };
}

/** The full video record; growth windows end at the latest snapshot. */
export async function getVideo(store: Store, id: string): Promise<VideoDetail | null> {
  const [row] = await store.videos.summaries([id]);
  const extra = row ? await store.videos.detail(id) : null;
  if (!row || !extra) return null;
  const [creator] = await store.creators.summaries([extra.authorUid]);
  if (!creator) return null;
  const [advertiser] = extra.advertiserId ? await store.advertisers.summaries([extra.advertiserId]) : [];
  const { snapshots } = extra;
  const latest = snapshots[snapshots.length - 1];
  const growth = [1, 7, 30].map((days) => {
    const end = latest ?? countsAt(snapshots, extra.createdAt, extra.statsAt);
    const start = countsAt(snapshots, extra.createdAt, (latest?.observedAt ?? extra.statsAt) - days * DAY);
    return {
      window_days: days,
      plays: Math.max(0, end.plays - start.plays),
      likes: Math.max(0, end.likes - start.likes),
      comments: Math.max(0, end.comments - start.comments),
      shares: Math.max(0, end.shares - start.shares),
    };
  });
  return {
    ...toVideoSummary(row),
    growth,
    snapshots: snapshots.map((s) => ({
      observed_at: isoTime(s.observedAt),
      play_count: s.plays,
      like_count: s.likes,
      comment_count: s.comments,
      share_count: s.shares,
      save_count: s.saves,
    })),
    label_details: Object.fromEntries(
      extra.labels.map((l) => [
        l.label,
        {
          value: l.value,
          confidence: l.confidence,
          model_version: l.modelVersion,
          evidence: l.evidence,
          observed_at: isoTime(l.observedAt),
        },
      ]),
    ),
    creator: toCreatorSummary(creator, 7),
    advertiser_detail: advertiser ? toAdvertiserSummary(advertiser, 7) : null,
    scores: {
      velocity: extra.velocity,
      trending: extra.trending,
      breakout: extra.breakout,
      early_breakout: extra.earlyBreakout,
    },
    transcript: extra.transcript,
  };
}
