import { z } from "zod";
import { getVideo } from "../../domain/read-models/videos.js";
import { VideoDetail } from "../../domain/schemas/records.js";
import { defineSingleTool, READ_ONLY } from "../../registry/define.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";

export const getVideoTool = defineSingleTool({
  name: "service_get_video",
  title: "Get a video",
  description:
    "Fetch one video by its platform id: caption, opening hook and its type, metrics (latest snapshot and growth), labels with confidence and evidence, creator and advertiser summaries.",
  input: z.object({ id: idParam("Video (aweme) id, from search or feed results.") }).strict(),
  record: VideoDetail,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/videos/{id}", errors: [401, 403, 404, 429] },
  summarize: ({ data }) => `Video ${data.id}: ${data.desc.slice(0, 120)} — ${data.play_count} plays.`,
  handler: async (input, ctx) => {
    const video = await getVideo(ctx.deps.store, input.id);
    if (!video) throw notFound("video", input.id);
    return video;
  },
});
