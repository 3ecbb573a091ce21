import { z } from "zod";
import { listCreatorVideos } from "../../domain/read-models/creators.js";
import { VideoSummary } from "../../domain/schemas/records.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam, triState } from "../../registry/schemas.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";
import { videoPageSummary } from "../summaries.js";

export const listCreatorVideosTool = defineListTool({
  name: "service_list_creator_videos",
  title: "List a creator's videos",
  description:
    "A creator's videos by UID, newest first; ads=yes for their ads only, ads=no for organic posts only.",
  input: z
    .object({
      id: idParam("Creator UID."),
      ads: triState("Ad label"),
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: VideoSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/creators/{id}/videos", errors: [400, 401, 403, 404, 429] },
  summarize: ({ data, meta }, input) => videoPageSummary(data, meta, `of creator ${input.id}`),
  handler: async (input, ctx) => {
    const result = await listCreatorVideos(ctx.deps.store, input.id, {
      ads: input.ads,
      limit: input.limit,
      after: ctx.after,
    });
    if (!result) throw notFound("creator", input.id);
    return result;
  },
});
