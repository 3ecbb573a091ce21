import { z } from "zod";
import { usageRecordSchema } from "../../limits/index.js";
import { defineSingleTool } from "../../registry/define.js";

export const getUsageTool = defineSingleTool({
  name: "service_get_usage",
  title: "Get usage",
  description:
    "The organisation's remaining monthly analyst requests (limit, used, remaining, reset), analyst hourly and concurrency state, and the search fair-use settings with today's count. Reading it costs no content call.",
  input: z.object({}).strict(),
  record: usageRecordSchema,
  // Not idempotent in the strict sense: the figures move as the organisation works.
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "content:read",
  cost: "usage",
  rest: { method: "GET", path: "/usage", errors: [401, 403, 429] },
  summarize: ({ data }) =>
    `Analyst: ${data.analyst.monthly.remaining} of ${data.analyst.monthly.limit} requests left this month (resets ${data.analyst.monthly.reset_at}).`,
  handler: (_input, ctx) => ctx.deps.limiter.usage(ctx.principal),
});
