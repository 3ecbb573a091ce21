import { z } from "zod";
import { getAdvertiser } from "../../domain/read-models/advertisers.js";
import { AdvertiserDetail } from "../../domain/schemas/records.js";
import { defineSingleTool, READ_ONLY } from "../../registry/define.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";

export const getAdvertiserTool = defineSingleTool({
  name: "service_get_advertiser",
  title: "Get an advertiser",
  description:
    "Fetch an advertiser by its canonical UUID (from service_search_advertisers or a video's advertiser).",
  input: z.object({ id: idParam("Canonical advertiser UUID.") }).strict(),
  record: AdvertiserDetail,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/advertisers/{id}", errors: [401, 403, 404, 429] },
  summarize: ({ data }) => `Advertiser ${data.id}: ${data.name} (${data.focus}).`,
  handler: async (input, ctx) => {
    const advertiser = await getAdvertiser(ctx.deps.store, input.id);
    if (!advertiser) throw notFound("advertiser", input.id);
    return advertiser;
  },
});
