import { z } from "zod";
import { listAdvertiserVideos } from "../../domain/read-models/advertisers.js";
import { VideoSummary } from "../../domain/schemas/records.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam } from "../../registry/schemas.js";
import { notFound } from "../../shared/errors.js";
import { videoPageSummary } from "../summaries.js";

export const listAdvertiserVideosTool = defineListTool({
  name: "service_list_advertiser_videos",
  title: "List an advertiser's videos",
  description: "Videos attributed to the advertiser (by canonical UUID), newest first.",
  input: z
    .object({
      id: z.string().uuid().describe("Canonical advertiser UUID."),
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: VideoSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/advertisers/{id}/videos", errors: [400, 401, 403, 404, 429] },
  summarize: ({ data, meta }, input) => videoPageSummary(data, meta, `of advertiser ${input.id}`),
  handler: async (input, ctx) => {
    const result = await listAdvertiserVideos(ctx.deps.store, input.id, {
      limit: input.limit,
      after: ctx.after,
    });
    if (!result) throw notFound("advertiser", input.id);
    return result;
  },
});
