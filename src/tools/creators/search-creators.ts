import { z } from "zod";
import { CreatorSummary } from "../../domain/schemas/records.js";
import { searchCreators } from "../../domain/search/creators.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam } from "../../registry/schemas.js";
import { creatorPageSummary } from "../summaries.js";

export const searchCreatorsTool = defineListTool({
  name: "service_search_creators",
  title: "Search creators",
  description:
    "Discover creators and their immutable UIDs. q matches current handles, former handles and nicknames. view: all (default), trending (growth over window days), new (first seen within window); type: all (default), advertised (has ad videos), hire_ready, house (owned by an advertiser). Use the UID, not the handle, in later calls: handles change.",
  input: z
    .object({
      q: z
        .string()
        .max(100)
        .optional()
        .describe("Handle, former handle or nickname words (max 100 characters)."),
      view: z.enum(["all", "trending", "new"]).optional().describe("all (default), trending or new."),
      type: z
        .enum(["all", "advertised", "hire_ready", "house"])
        .optional()
        .describe("all (default), advertised, hire_ready or house."),
      window: z
        .union([z.literal(2), z.literal(7), z.literal(30)])
        .optional()
        .describe("Days for view=trending/new: 2, 7 (default) or 30."),
      limit: limitParam(),
      cursor: cursorParam,
    })
    .strict(),
  item: CreatorSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/creators", errors: [400, 401, 403, 429] },
  summarize: ({ data, meta }, input) =>
    creatorPageSummary(data, meta, input.q ? `for "${input.q}"` : "matching the filters", input.view),
  handler: (input, ctx) =>
    searchCreators(ctx.deps.store, { ...input, after: ctx.after }, ctx.deps.clock.nowSeconds()),
});
