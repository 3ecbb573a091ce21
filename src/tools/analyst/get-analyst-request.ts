import { z } from "zod";
import { runRecordSchema } from "../../domain/schemas/analyst-record.js";
import { defineSingleTool, READ_ONLY } from "../../registry/define.js";
import { internalError, notFound } from "../../shared/errors.js";

type Run = z.output<typeof runRecordSchema>;

/** The status URL of an analyst request: a REST-only route of service_analyze (MCP callers retry the tool). */
export const getAnalystRequestRoute = defineSingleTool({
  name: "service_get_analyst_request",
  title: "Get an analyst request",
  description:
    "The status or result of an analyst request owned by the caller's organisation (others' → 404).",
  input: z
    .object({
      // Any text: an id that is not a UUID names no request (404), as does another organisation's.
      id: z.string().meta({ format: "uuid" }).describe("Analyst request id (UUID)."),
    })
    .strict(),
  record: runRecordSchema,
  annotations: READ_ONLY,
  // Reading a run (question, context, answer) is analyst use: the contract puts it under agent:request.
  scope: "agent:request",
  cost: "usage",
  rest: {
    method: "GET",
    path: "/agent/answers/{id}",
    errors: [400, 401, 403, 404, 429],
    errorNotes: {
      400: "An unknown query parameter (`unknown_parameter`).",
      403: "No `agent:request` scope.",
      404: "No such analyst request for this organisation.",
    },
    recordName: "AnalystRun",
    budget: "analyst",
  },
  summarize: ({ data }) => `The analyst request is ${data.status}.`,
  handler: async (input, ctx) => {
    if (!ctx.deps.analyst) throw internalError(new Error("analyst service not wired"));
    const run = await ctx.deps.analyst.status(ctx.principal, input.id);
    if (!run) throw notFound("analyst request", input.id);
    return run as Run;
  },
});
