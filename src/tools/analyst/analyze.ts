import { z } from "zod";
import { runRecordSchema } from "../../analyst/record.js";
import { internalError } from "../../errors.js";
import { defineSingleTool } from "../../registry/define.js";
import { answerSummary } from "../summaries.js";

export const analyzeTool = defineSingleTool({
  name: "service_analyze",
  title: "Ask the analyst",
  description:
    "Ask the analyst a research question about the corpus (advertisers, creators, hooks, breakouts, engagement, growth) and get an evidence-backed answer: a summary, findings with the video/creator/advertiser ids behind each figure, the calls that produced it, and caveats. Runs take a while (minutes in production): send a progress token to receive progress notifications and keep your client's request timeout above the runtime. Consumes one analyst request from the organisation's monthly allowance when accepted (refunded if the service fails). Retry with the same idempotency_key and the same question/context: a running request returns its status, a completed one returns the saved answer for free; a different question under the same key is refused (idempotency_conflict).",
  input: z
    .object({
      question: z.string().min(1).max(8000).describe("The research question, 1..8000 characters."),
      context: z
        .string()
        .max(12_000)
        .optional()
        .describe("Optional background (brand, market, goals), up to 12000 characters."),
      idempotency_key: z
        .uuid()
        .describe("A UUID you generate per distinct request and reuse only to retry that identical request."),
    })
    .strict(),
  record: runRecordSchema,
  // Not read-only (it consumes allowance and stores a run), not destructive, idempotent per key, closed world.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "agent:request",
  cost: "analyst",
  rest: { method: "POST", path: "/agent/answers", custom: true, errors: [400, 401, 403, 409, 429, 502, 503] },
  summarize: ({ data }) => {
    if (data.status === "completed" && data.answer) return answerSummary(data.answer, data.id);
    if (data.status === "failed")
      return `The analyst request failed (${data.error?.code ?? "engine_failed"}); it was refunded. Retry with the same idempotency_key.`;
    return `The analyst request is ${data.status}; call again with the same idempotency_key for the result (status: ${data.status_url}).`;
  },
  handler: (input, ctx) => {
    if (!ctx.deps.analyst) throw internalError(new Error("analyst service not wired"));
    return ctx.deps.analyst.analyzeForTool(ctx.principal, input, ctx) as Promise<
      z.output<typeof runRecordSchema>
    >;
  },
});
