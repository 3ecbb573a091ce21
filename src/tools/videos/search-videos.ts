import { z } from "zod";
import { VideoSummary } from "../../domain/schemas/records.js";
import { searchVideos } from "../../domain/search/videos.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam, triState } from "../../registry/schemas.js";
import { languageParam, regionParam } from "../params.js";
import { videoPageSummary } from "../summaries.js";

export const searchVideosTool = defineListTool({
  name: "service_search_videos",
  title: "Search videos",
  description:
    "Full-text search and filtered browse over videos and slideshows (caption, opening hook, transcript, hashtags). Filter by ad, hook, viral hook, media type, region and language; sort by best_match (relevance blended with popularity; default with q), trending (recent view velocity; default without q), newest, views, comments or reposts. Use it to find example creatives; follow up with service_get_video for the full record.",
  input: z
    .object({
      q: z
        .string()
        .max(200)
        .optional()
        .describe(
          'Words to search for (max 200 characters): plain words, accents and case folded, an English singular also finds its plural and back; "quoted words" must appear together as a phrase. No other query syntax.',
        ),
      sort: z
        .enum(["best_match", "trending", "newest", "views", "comments", "reposts"])
        .optional()
        .describe(
          "Order: best_match (default with q), trending (default without q), newest, views, comments, reposts (shares).",
        ),
      ad: triState("Ad label (model-assisted)"),
      hook: triState("Has a recognised opening hook"),
      viral_hook: triState("Viral hook label"),
      media_type: z
        .enum(["any", "video", "slideshow"])
        .optional()
        .describe("any (default), video or slideshow."),
      region: regionParam,
      language: languageParam,
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: VideoSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/videos", errors: [400, 401, 403, 429] },
  summarize: ({ data, meta }, input) =>
    videoPageSummary(data, meta, input.q ? `for "${input.q}"` : "matching the filters"),
  handler: (input, ctx) =>
    searchVideos(ctx.deps.store, { ...input, after: ctx.after }, ctx.deps.clock.nowSeconds()),
});
