import type { Answer } from "../../domain/schemas/analyst-record.js";
import type { AnalystEngine, EngineDeps, EngineRequest } from "../engine.js";
import { declined, execute } from "./execute.js";
import { type Plan, planQuestion } from "./planner.js";

const LABEL_CAVEAT =
  "Labels (ad, hook, hook type, viral hook) are model-assisted observations with a confidence, not legal determinations.";

/** The plan as the `aggregate` step reports it (what was understood, what was ignored). */
function planSummary(plan: Plan): Record<string, unknown> {
  return {
    intent: plan.intent,
    subject: plan.subject,
    metric: plan.metric,
    window_days: plan.window?.days ?? null,
    topics: plan.topics,
    filters: plan.attributes.map((a) => `${a.kind}=${a.value}`),
    creators: plan.creators.map((c) => c.uid),
    advertisers: plan.advertisers.map((a) => a.id),
    ...(plan.focus ? { focus: plan.focus } : {}),
    ...(plan.creatorType ? { creator_type: plan.creatorType } : {}),
    understood: plan.understood,
    ignored: plan.ignored,
  };
}

/**
 * Offline engine: a planner links the question's names against the corpus and reads its window, metric and
 * intent; the plan runs through the registry's tools (the same views REST and MCP serve) and, for aggregates
 * no tool offers, through read-only queries over the store (the store's facts repository). Unlinked words are reported, not
 * used; questions it cannot answer are declined with what it understood.
 */
export class LocalEngine implements AnalystEngine {
  readonly name = "local" as const;

  constructor(private readonly deps: EngineDeps) {}

  async answer(request: EngineRequest): Promise<Answer> {
    const facts = this.deps.store.facts;
    const plan = await planQuestion(facts, request.question, request.context);
    const call = async (tool: string, args: Record<string, unknown>) => {
      if (request.signal.aborted) throw request.signal.reason ?? new Error("aborted");
      return request.callTool(tool, args);
    };
    let outcome: Awaited<ReturnType<typeof execute>>;
    try {
      outcome = await execute({ plan, call, facts, now: Math.floor(this.deps.clock.nowSeconds()) });
    } catch (error) {
      if (request.signal.aborted) throw error;
      // A tool refusing the plan's call: say so rather than answer something else.
      outcome = declined(plan, `a tool call failed (${(error as Error).message.slice(0, 200)})`);
    }
    const caveats = [LABEL_CAVEAT, ...outcome.caveats];
    if (plan.ignored.length > 0)
      caveats.push(
        `Words not linked to anything in the corpus, and ignored (not used as filters): ${plan.ignored.join(", ")}.`,
      );
    if (plan.window && plan.intent !== "decline")
      caveats.push(
        "Time windows end now (the service clock); publication windows select videos by their publish time.",
      );
    return {
      summary: outcome.summary,
      findings: outcome.findings,
      method: [
        ...request.method(),
        {
          tool: "aggregate",
          arguments: { plan: planSummary(plan), computed: outcome.computed, result: outcome.result },
        },
      ],
      caveats,
      engine: this.name,
    };
  }
}
