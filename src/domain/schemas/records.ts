import { z } from "zod";

/** Public record schemas of the research engine (snake_case JSON; they become MCP outputSchemas and OpenAPI components). */

const labelObservation = z
  .object({
    value: z
      .string()
      .describe('The label value: "yes"/"no" for ad and viral_hook, the hook pattern type or "no" for hook.'),
    confidence: z.number().min(0).max(1).describe("Model confidence in the value, 0..1."),
  })
  .describe("A model-assisted observation, not a legal determination.");

const labelDetail = labelObservation
  .extend({
    model_version: z.string().describe("Version of the model that made the observation."),
    evidence: z.string().describe("What the model saw (phrases, platform flags)."),
    observed_at: z.string().describe("When the observation was made, ISO 8601 UTC."),
  })
  .describe("A model-assisted observation with its provenance.");

const nullableLabel = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();

export const VideoSummary = z
  .object({
    id: z.string().describe("Platform video (aweme) ID: the canonical, immutable video ID."),
    desc: z.string().describe("The caption as posted."),
    play_count: z.number().int().describe("Plays at the latest observed snapshot."),
    like_count: z.number().int().describe("Likes at the latest observed snapshot."),
    comment_count: z.number().int().describe("Comments at the latest observed snapshot."),
    share_count: z.number().int().describe("Shares (reposts) at the latest observed snapshot."),
    save_count: z.number().int().describe("Saves at the latest observed snapshot."),
    stats_at: z.string().describe("When the latest snapshot was observed, ISO 8601 UTC."),
    created_at: z.string().describe("When the video was published, ISO 8601 UTC."),
    media_type: z.enum(["video", "slideshow"]).describe("Video or photo slideshow."),
    region: z.string().nullable().describe("Two-letter region code of the post, when known."),
    language: z.string().nullable().describe("Language code of the caption/speech, when known."),
    duration_s: z.number().nullable().describe("Duration in seconds, when known."),
    hashtags: z.array(z.string()).describe("Hashtags, lower-case, without '#'."),
    music: z
      .object({
        id: z.string().describe("Platform sound ID."),
        title: z.string().nullable().describe("Sound title."),
        author: z.string().nullable().describe("Sound author."),
      })
      .nullable()
      .describe("The sound used, when known."),
    hook: z
      .object({
        text: z.string().describe("The opening hook (first line spoken or shown)."),
        type: z
          .string()
          .nullable()
          .describe("Hook pattern type from the hook classifier, null when unclassified."),
      })
      .nullable()
      .describe("The opening hook, when the video has one."),
    labels: z
      .object({
        ad: nullableLabel(labelObservation).describe(
          "Is this an ad (paid or brand-driven)? Null when not classified.",
        ),
        hook: nullableLabel(labelObservation).describe(
          "Does it open with a recognisable hook pattern? Null when not classified.",
        ),
        viral_hook: nullableLabel(labelObservation).describe(
          "Hook that out-performed the creator's baseline. Null when not classified.",
        ),
      })
      .describe("Model-assisted classifications with confidence."),
    author: z
      .object({
        uid: z.string().describe("Immutable platform author UID (the canonical creator ID)."),
        handle: z.string().describe("Current handle (mutable)."),
      })
      .describe("The creator."),
    advertiser: z
      .object({
        id: z.string().describe("Canonical advertiser UUID."),
        name: z.string().describe("Advertiser display name."),
      })
      .nullable()
      .describe("The advertiser the video is assigned to, when any."),
    url: z.string().nullable().describe("Link to the video on the platform, when known."),
  })
  .describe("A video or slideshow with its latest metrics and labels.");
export type VideoSummary = z.infer<typeof VideoSummary>;

const growth = z
  .object({
    window_days: z.number().int().describe("Window length in days."),
    plays: z.number().int().describe("Plays gained within the window (from snapshots)."),
    likes: z.number().int().describe("Likes gained within the window."),
    comments: z.number().int().describe("Comments gained within the window."),
    shares: z.number().int().describe("Shares gained within the window."),
  })
  .describe(
    "Growth over a window, from the earliest snapshot at or before its start (0 before publication).",
  );

export const CreatorSummary = z
  .object({
    uid: z.string().describe("Immutable platform author UID: the canonical creator ID."),
    handle: z.string().describe("Current handle (mutable; use uid to refer to the creator)."),
    nickname: z.string().describe("Display name."),
    former_handles: z.array(z.string()).describe("Handles this creator used before, oldest first."),
    followers: z.number().int().nullable().describe("Follower count at the last observation, when known."),
    verified: z.boolean().describe("Platform verification badge."),
    region: z.string().nullable().describe("Two-letter region code, when known."),
    flags: z
      .object({
        advertised: z.boolean().describe("Has at least one video labelled or flagged as an ad."),
        hire_ready: z
          .boolean()
          .describe("Non-house, strong recent engagement, no exclusive advertiser (see metrics guide)."),
        house: z.boolean().describe("An account owned by an advertiser."),
      })
      .describe("Derived creator flags."),
    growth: z
      .number()
      .int()
      .describe(
        "Plays gained across the creator's videos over the requested window (as of the last refresh).",
      ),
    window_days: z.number().int().describe("The window growth refers to."),
    video_count: z.number().int().describe("Videos in the corpus."),
    ad_count: z.number().int().describe("Videos labelled or flagged as ads."),
    first_seen: z.string().describe("When the creator was first observed, ISO 8601 UTC."),
  })
  .describe("A creator (author account).");
export type CreatorSummary = z.infer<typeof CreatorSummary>;

export const AdvertiserSummary = z
  .object({
    id: z.string().describe("Canonical advertiser UUID assigned by the service."),
    name: z.string().describe("Display name."),
    focus: z
      .enum(["apps", "dtc", "other"])
      .describe("Business focus: apps, direct-to-consumer goods, or other."),
    industry: z.string().nullable().describe("Industry, when known."),
    aliases: z
      .array(z.string())
      .describe("Other names, handles and domains that resolve to this advertiser."),
    video_count: z.number().int().describe("Videos assigned to the advertiser."),
    creator_count: z.number().int().describe("Distinct creators of those videos."),
    growth: z
      .number()
      .int()
      .describe("Plays gained across its videos over the requested window (0 = today, UTC)."),
    window_days: z.number().int().describe("The window growth refers to (0 = the current UTC day)."),
    first_seen: z.string().describe("When the advertiser was first observed, ISO 8601 UTC."),
  })
  .describe("A canonical advertiser.");
export type AdvertiserSummary = z.infer<typeof AdvertiserSummary>;

const scores = z
  .object({
    velocity: z.number().describe("Plays per hour over the latest snapshot interval."),
    trending: z.number().describe("Recency-weighted view velocity (see metrics guide)."),
    breakout: z
      .number()
      .describe("Plays as a multiple of the creator's baseline, for recent videos; 0 when not a breakout."),
    early_breakout: z
      .number()
      .describe(
        "Early pace as a multiple of the creator's baseline pace, for videos up to 72 h old; 0 otherwise.",
      ),
  })
  .describe("Precomputed ranking scores (as of the last refresh).");

export const VideoDetail = VideoSummary.extend({
  growth: z.array(growth).describe("Growth over 1, 7 and 30 days, from snapshots."),
  snapshots: z
    .array(
      z.object({
        observed_at: z.string().describe("When observed, ISO 8601 UTC."),
        play_count: z.number().int().describe("Plays."),
        like_count: z.number().int().describe("Likes."),
        comment_count: z.number().int().describe("Comments."),
        share_count: z.number().int().describe("Shares."),
        save_count: z.number().int().describe("Saves."),
      }),
    )
    .describe("Every stat snapshot, oldest first."),
  label_details: z
    .record(z.string(), labelDetail)
    .describe("Every label observation keyed by label name, with model version and evidence."),
  creator: CreatorSummary.describe("The creator's summary."),
  advertiser_detail: AdvertiserSummary.nullable().describe("The advertiser's summary, when assigned."),
  scores,
  transcript: z.string().nullable().describe("Transcript, when known."),
}).describe("A video with its full metrics history, labels with provenance, creator, advertiser and scores.");
export type VideoDetail = z.infer<typeof VideoDetail>;

export const SimilarHook = z
  .object({
    similarity: z.number().min(0).max(1).describe("Cosine similarity of the hook embeddings, 0..1."),
    hook_text: z.string().describe("The neighbour's opening hook."),
    video: VideoSummary.describe("The neighbouring video."),
  })
  .describe("A video whose opening hook is semantically similar.");
export type SimilarHook = z.infer<typeof SimilarHook>;

export const CreatorDetail = CreatorSummary.extend({
  resolved_by: z.enum(["uid", "handle", "former_handle"]).describe("How the requested id resolved."),
  handle_changed: z.boolean().describe("True when the handle asked for is not the creator's current handle."),
  baseline_plays: z.number().describe("The creator's baseline: geometric mean of plays over its videos."),
  growth_by_window: z
    .object({ "2": z.number().int(), "7": z.number().int(), "30": z.number().int() })
    .describe("Plays gained over 2, 7 and 30 days."),
  house_advertiser: AdvertiserSummary.pick({ id: true, name: true })
    .nullable()
    .describe("Owner, for house accounts."),
  recent_videos: z.array(VideoSummary).describe("Up to 5 most recent videos."),
}).describe("A creator with resolution details, baseline and recent videos.");
export type CreatorDetail = z.infer<typeof CreatorDetail>;

export const AdvertiserDetail = AdvertiserSummary.extend({
  domain: z.string().nullable().describe("Primary web domain, when known."),
  growth_by_window: z
    .object({ "0": z.number().int(), "2": z.number().int(), "7": z.number().int(), "30": z.number().int() })
    .describe("Plays gained today (UTC), over 2, 7 and 30 days."),
  top_creators: z
    .array(
      z.object({
        uid: z.string().describe("Creator UID."),
        handle: z.string().describe("Current handle."),
        videos: z.number().int().describe("Videos for this advertiser."),
      }),
    )
    .describe("Creators with the most videos for this advertiser (up to 5)."),
  recent_videos: z.array(VideoSummary).describe("Up to 5 most recent videos."),
}).describe("An advertiser with growth, top creators and recent videos.");
export type AdvertiserDetail = z.infer<typeof AdvertiserDetail>;

export const TrendSummary = z
  .object({
    id: z.string().describe("Trend report ID (deterministic: kind, subject and period end)."),
    kind: z.enum(["hashtag", "sound", "hook_pattern", "format"]).describe("What rose."),
    subject: z.string().describe("The hashtag, sound ID, hook pattern or format that rose."),
    title: z.string().describe("Headline."),
    summary: z.string().describe("One-paragraph summary with the figures."),
    period: z
      .object({
        start: z.string().describe("Window start, ISO 8601 UTC."),
        end: z.string().describe("Window end, ISO 8601 UTC."),
      })
      .describe("The window in which the rise was measured."),
    signal: z
      .object({
        videos: z.number().int().describe("Videos published in the window."),
        previous_videos: z
          .number()
          .int()
          .describe("Videos published in the preceding window of equal length."),
        growth_ratio: z.number().describe("(videos + 1) / (previous_videos + 1)."),
        plays: z.number().int().describe("Plays of the window's videos at their latest snapshot."),
      })
      .describe("The signal's figures."),
    published_at: z.string().describe("When the report was built, ISO 8601 UTC."),
  })
  .describe("A trend report.");
export type TrendSummary = z.infer<typeof TrendSummary>;

export const TrendDetail = TrendSummary.extend({
  examples: z
    .array(
      z.object({
        rank: z.number().int().describe("1 = strongest example."),
        note: z.string().describe("Why it was picked."),
        video: VideoSummary,
      }),
    )
    .describe("Example videos, strongest first."),
}).describe("A trend report with its example videos.");
export type TrendDetail = z.infer<typeof TrendDetail>;
