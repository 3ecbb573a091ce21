import { z } from "zod";
import { listFeed } from "../../domain/feeds/list-feed.js";
import { VideoSummary } from "../../domain/schemas/records.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam } from "../../registry/schemas.js";
import { videoPageSummary } from "../summaries.js";

export const listFeedTool = defineListTool({
  name: "service_list_feed",
  title: "List a ranked feed",
  description:
    "Browse a ranked feed: breakout (videos out-performing their creator's baseline by a wide factor recently), early_breakout (young videos whose early velocity already out-runs the creator's baseline), trending (recency-weighted view velocity), newest. Definitions: service://guide/metrics.",
  input: z
    .object({
      feed: z
        .enum(["breakout", "early_breakout", "trending", "newest"])
        .describe("Which ranking: breakout, early_breakout, trending or newest."),
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: VideoSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/feeds/{feed}", errors: [400, 401, 403, 429] },
  summarize: ({ data, meta }, input) => videoPageSummary(data, meta, `from the ${input.feed} feed`),
  handler: (input, ctx) =>
    listFeed(
      ctx.deps.store,
      input.feed,
      { limit: input.limit, after: ctx.after },
      ctx.deps.clock.nowSeconds(),
    ),
});
