import { z } from "zod";
import { similarHooks } from "../../domain/hooks/similar-hooks.js";
import { SimilarHook } from "../../domain/schemas/records.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { limitParam } from "../../registry/schemas.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";
import { similarHookSummary } from "../summaries.js";

export const findSimilarHooksTool = defineListTool({
  name: "service_find_similar_hooks",
  title: "Find similar hooks",
  description:
    "Videos whose opening hooks are semantically similar to this video's hook (paraphrases, not just the same words), most similar first, each with a similarity score and its hook text. Excludes the video itself; a video without a hook has none. One page only (no cursor).",
  input: z
    .object({
      id: idParam("Video id whose opening hook to match."),
      limit: limitParam(12, 8),
    })
    .strict(),
  item: SimilarHook,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/videos/{id}/similar-hooks", errors: [400, 401, 403, 404, 429] },
  summarize: ({ data, meta }, input) => similarHookSummary(data, meta, input.id),
  handler: async (input, ctx) => {
    const result = await similarHooks(ctx.deps.store, input.id, input.limit);
    if (!result) throw notFound("video", input.id);
    return { ...result, next: null };
  },
});
