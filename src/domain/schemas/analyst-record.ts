import { z } from "zod";

/** The figures attached to one piece of evidence: numbers or short labels, keyed by what they measure. */
const figuresSchema = z
  .record(z.string(), z.union([z.number(), z.string(), z.null()]))
  .describe(
    "What this evidence shows, by measure (e.g. plays, engagement_rate, breakout_multiple, hook_type); a video cited also carries its link on the platform (url), where the source recorded one.",
  );

export const evidenceSchema = z
  .object({
    type: z.enum(["video", "creator", "advertiser"]).describe("What the id names."),
    id: z
      .string()
      .describe(
        "Video id, creator UID or advertiser UUID; verified to exist in the store before the answer was saved.",
      ),
    figures: figuresSchema,
  })
  .describe("One cited record and the figures it contributes.");

export const findingSchema = z
  .object({
    statement: z.string().describe("One claim, in a sentence, with its figure."),
    evidence: z
      .array(evidenceSchema)
      .describe("The records that support the claim (may be empty for a count of zero)."),
  })
  .describe("A claim with its evidence.");

export const methodStepSchema = z
  .object({
    tool: z.string().describe("The tool called (a `service_…` name) or `aggregate` for a computed figure."),
    arguments: z
      .record(z.string(), z.unknown())
      .describe(
        "The arguments, so a client can repeat the call (for `aggregate`: the definition and filters).",
      ),
  })
  .describe("One step of how the answer was produced.");

export const answerSchema = z
  .object({
    summary: z.string().describe("The answer in one or two sentences."),
    findings: z.array(findingSchema).describe("Claims, each with evidence."),
    method: z.array(methodStepSchema).describe("The calls and aggregates behind the answer, in order."),
    caveats: z
      .array(z.string())
      .describe("Limits of the answer: definitions used, model-assisted labels, coverage."),
    engine: z.string().describe("Which analyst engine answered (`local` or `anthropic`)."),
  })
  .describe("An evidence-backed answer.");

export const runStatusSchema = z
  .enum(["queued", "running", "completed", "failed"])
  .describe(
    "queued (accepted, waiting for a worker) → running → completed (answer saved) or failed (error saved). Terminal: completed, failed.",
  );

export const runRecordSchema = z
  .object({
    id: z.string().describe("Analyst request id (UUID)."),
    status: runStatusSchema,
    status_url: z
      .string()
      .describe("Where to fetch this request's status or result: `{base_url}/agent/answers/{id}`."),
    question: z.string().describe("The question as asked."),
    context: z.string().nullable().describe("The context sent with the question, or null."),
    created_at: z.number().int().describe("When the request was accepted, Unix seconds UTC."),
    started_at: z.number().int().nullable().describe("When work began, Unix seconds UTC; null while queued."),
    finished_at: z.number().int().nullable().describe("When a terminal status was saved, Unix seconds UTC."),
    elapsed_ms: z
      .number()
      .int()
      .describe("Milliseconds from acceptance to the terminal status (or to now while running)."),
    replayed: z
      .boolean()
      .describe(
        "True when this response returns an existing request for the same idempotency key (no new work, no allowance used).",
      ),
    answer: answerSchema.nullable().describe("The answer once completed; null otherwise."),
    error: z
      .object({
        code: z
          .string()
          .describe(
            "`interrupted` (the service restarted mid-run), `engine_failed`, `evidence_unverified` or `timeout`.",
          ),
        message: z.string().describe("What went wrong, in a sentence."),
      })
      .nullable()
      .describe(
        "Why the request failed (allowance refunded; retry with the same key starts fresh work); null otherwise.",
      ),
  })
  .describe("An analyst request: its status and, once completed, its evidence-backed answer.");

export type Evidence = z.infer<typeof evidenceSchema>;
export type Finding = z.infer<typeof findingSchema>;
export type MethodStep = z.infer<typeof methodStepSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type RunStatus = z.infer<typeof runStatusSchema>;
export type RunRecord = z.infer<typeof runRecordSchema>;
