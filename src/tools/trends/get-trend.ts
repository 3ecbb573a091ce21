import { z } from "zod";
import { TrendDetail } from "../../domain/schemas/records.js";
import { getTrend } from "../../domain/trends/reports.js";
import { defineSingleTool, READ_ONLY } from "../../registry/define.js";
import { notFound } from "../../shared/errors.js";
import { idParam } from "../params.js";

export const getTrendTool = defineSingleTool({
  name: "service_get_trend",
  title: "Get a trend report",
  description: "One trend report with its period, signal figures and example videos.",
  input: z.object({ id: idParam("Trend report id.") }).strict(),
  record: TrendDetail,
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/trends/{id}", errors: [401, 403, 404, 429] },
  summarize: ({ data }) => `Trend ${data.id}: ${data.title}.`,
  handler: async (input, ctx) => {
    const trend = await getTrend(ctx.deps.store, input.id);
    if (!trend) throw notFound("trend report", input.id);
    return trend;
  },
});
