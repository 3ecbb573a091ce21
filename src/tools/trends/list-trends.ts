import { z } from "zod";
import { TrendSummary } from "../../domain/schemas/records.js";
import { listTrends } from "../../domain/trends/reports.js";
import { defineListTool, READ_ONLY } from "../../registry/define.js";
import { cursorParam, limitParam } from "../../registry/schemas.js";
import { trendPageSummary } from "../summaries.js";

export const listTrendsTool = defineListTool({
  name: "service_list_trends",
  title: "List trend reports",
  description:
    "Published trend reports, newest first: what rose recently (hashtags, sounds, hook patterns, formats) with the signal's figures. Fetch one with service_get_trend for its example videos.",
  input: z.object({ limit: limitParam(), cursor: cursorParam }).strict(),
  item: TrendSummary,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/trends", errors: [400, 401, 403, 429] },
  summarize: ({ data, meta }) => trendPageSummary(data, meta),
  handler: (input, ctx) => listTrends(ctx.deps.store, { limit: input.limit, after: ctx.after }),
});
