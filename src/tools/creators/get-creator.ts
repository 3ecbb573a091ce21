import { z } from "zod";
import { getCreator } from "../../domain/read-models/creators.js";
import { CreatorDetail } from "../../domain/schemas/records.js";
import { defineSingleTool, READ_ONLY } from "../../registry/define.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";

export const getCreatorTool = defineSingleTool({
  name: "service_get_creator",
  title: "Get a creator",
  description:
    "Fetch a creator by immutable UID. A handle (current or former, with or without @) is accepted as a mutable fallback; the result says how it was resolved and whether the handle has changed.",
  input: z.object({ id: idParam("Creator UID (preferred) or a handle as fallback.") }).strict(),
  record: CreatorDetail,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/creators/{id}", errors: [401, 403, 404, 429] },
  summarize: ({ data }) => `Creator ${data.uid} @${data.handle} (${data.nickname}).`,
  handler: async (input, ctx) => {
    const creator = await getCreator(ctx.deps.store, input.id);
    if (!creator) throw notFound("creator", input.id);
    return creator;
  },
});
