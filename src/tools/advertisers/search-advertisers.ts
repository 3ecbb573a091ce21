import { z } from "zod";
import { AdvertiserSummary } from "../../domain/schemas/records.js";
import { searchAdvertisers } from "../../domain/search/advertisers.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam } from "../../registry/schemas.js";
import { advertiserPageSummary } from "../summaries.js";

export const searchAdvertisersTool = defineListTool({
  name: "service_search_advertisers",
  title: "Search advertisers",
  description:
    "Discover canonical advertisers (UUIDs). q matches names and aliases (handles, names, domains). view: all (default), trending (ad activity growth over window), new (first seen within window); focus: all (default), apps, dtc; window: 0 (today, UTC), 2, 7 (default) or 30 days.",
  input: z
    .object({
      q: z.string().max(100).optional().describe("Name, alias, handle or domain words (max 100 characters)."),
      view: z.enum(["all", "trending", "new"]).optional().describe("all (default), trending or new."),
      focus: z.enum(["all", "apps", "dtc"]).optional().describe("all (default), apps or dtc."),
      window: z
        .union([z.literal(0), z.literal(2), z.literal(7), z.literal(30)])
        .optional()
        .describe("Days: 0 (the current UTC day), 2, 7 (default) or 30."),
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: AdvertiserSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/advertisers", errors: [400, 401, 403, 429] },
  summarize: ({ data, meta }, input) =>
    advertiserPageSummary(data, meta, input.q ? `for "${input.q}"` : "matching the filters", input.view),
  handler: (input, ctx) =>
    searchAdvertisers(ctx.deps.store, { ...input, after: ctx.after }, ctx.deps.clock.nowSeconds()),
});
