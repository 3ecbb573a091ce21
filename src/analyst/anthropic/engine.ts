import Anthropic from "@anthropic-ai/sdk";
import Bottleneck from "bottleneck";
import { z } from "zod";
import type { Config } from "../../config/index.js";
import { type Answer, answerSchema } from "../../domain/schemas/analyst-record.js";
import type { ToolRegistry } from "../../registry/invoke.js";
import type { AnalystEngine, EngineDeps, EngineRequest } from "../engine.js";
import { unresolvedEvidence } from "../evidence.js";
import { planQuestion } from "../local/planner.js";

/** A current Sonnet (claude-sonnet-4-5 reaches end of life on 2026-11-30); override with CRS_ANALYST_MODEL. */
export const DEFAULT_MODEL = "claude-sonnet-5-5";
/** Model turns per run before the engine gives up (each turn may call several tools). */
const MAX_TURNS = 12;
/** Tool results sent back to the model are cut here to bound the prompt. */
const MAX_RESULT_CHARS = 20_000;
const SUBMIT = "submit_answer";

const submittedAnswer = answerSchema.omit({ engine: true, method: true });

const SYSTEM = `You are the analyst of the Creative Research Service, a corpus of short-form video creatives.
Answer the user's question using the tools; every figure must come from tool results. Finish by calling ${SUBMIT}
exactly once with a summary, findings (each with evidence: type video|creator|advertiser, the id exactly as the
tools returned it, and the figures you used) and caveats (labels are model-assisted observations). Never invent ids:
every cited id is checked against the store and an answer citing an unknown id is sent back to you.
Prefer the tools' own views: trending or new creators (service_search_creators view/window), advertisers by
focus and window (service_search_advertisers), the feeds (service_list_feed), trend reports (service_list_trends).
If the corpus cannot answer the question (forecasts, spend, revenue, causes), say what you understood and what
you cannot do, with no findings; never answer a different question.`;

/** Claude with tool use over the registry's content tools; outbound calls throttled with bottleneck. */
export function createAnthropicEngine(
  config: Config,
  registry: ToolRegistry,
  deps: EngineDeps,
): AnalystEngine {
  const client = new Anthropic({
    apiKey: config.anthropicApiKey ?? "missing",
    baseURL: config.anthropicBaseUrl,
    maxRetries: 2,
  });
  const throttle = new Bottleneck({ maxConcurrent: 2, minTime: 250 });
  const tools: Anthropic.Messages.Tool[] = [
    ...registry
      .list()
      .filter((tool) => tool.scope === "content:read")
      .map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: inputSchema(tool.input),
      })),
    {
      name: SUBMIT,
      description: "Submit the final evidence-backed answer.",
      input_schema: inputSchema(submittedAnswer),
    },
  ];

  return {
    name: "anthropic",
    async answer(request: EngineRequest): Promise<Answer> {
      // The local planner's reading (names linked against the corpus, window, metric) as a starting point.
      const plan = await planQuestion(deps.store.facts, request.question, request.context);
      const reading = [
        plan.understood.length > 0 ? `Linked in the corpus: ${plan.understood.join("; ")}.` : "",
        plan.ignored.length > 0 ? `Words that match nothing in the corpus: ${plan.ignored.join(", ")}.` : "",
      ]
        .filter(Boolean)
        .join("\n");
      const messages: Anthropic.Messages.MessageParam[] = [
        {
          role: "user",
          content: [
            request.question,
            request.context ? `Context:\n${request.context}` : "",
            reading ? `Service notes (not from the user):\n${reading}` : "",
          ]
            .filter(Boolean)
            .join("\n\n"),
        },
      ];
      for (let turn = 0; turn < MAX_TURNS; turn++) {
        const response = await throttle.schedule(() =>
          client.messages.create(
            {
              model: config.analystModel ?? DEFAULT_MODEL,
              max_tokens: 4096,
              system: SYSTEM,
              tools,
              messages,
            },
            { signal: request.signal },
          ),
        );
        messages.push({ role: "assistant", content: response.content });
        const calls = response.content.filter(
          (block): block is Anthropic.Messages.ToolUseBlock => block.type === "tool_use",
        );
        const submit = calls.find((call) => call.name === SUBMIT);
        if (submit) {
          const parsed = submittedAnswer.safeParse(submit.input);
          const answer: Answer | null = parsed.success
            ? { ...parsed.data, method: request.method(), engine: "anthropic" }
            : null;
          const missing = answer ? await unresolvedEvidence(deps.store, answer) : [];
          if (answer && missing.length === 0) return answer;
          // The same evidence check the service applies before saving: send the answer back to be fixed.
          messages.push({
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: submit.id,
                is_error: true,
                content: parsed.success
                  ? `These cited ids do not exist in the store: ${missing
                      .slice(0, 10)
                      .map((m) => `${m.type} ${m.id}`)
                      .join(", ")}. Cite only ids returned by the tools, then submit again.`
                  : `The answer does not match the schema: ${parsed.error.issues
                      .slice(0, 5)
                      .map((i) => `${i.path.join(".")}: ${i.message}`)
                      .join("; ")}. Submit again.`,
              },
              ...calls
                .filter((call) => call !== submit)
                .map((call) => ({
                  type: "tool_result" as const,
                  tool_use_id: call.id,
                  is_error: true,
                  content: "Not run: the answer was submitted in the same turn.",
                })),
            ],
          });
          continue;
        }
        if (calls.length === 0)
          throw new Error(`model stopped (${response.stop_reason}) without submitting an answer`);
        const results: Anthropic.Messages.ToolResultBlockParam[] = [];
        for (const call of calls) {
          try {
            const output = await request.callTool(call.name, (call.input ?? {}) as Record<string, unknown>);
            results.push({
              type: "tool_result",
              tool_use_id: call.id,
              content: JSON.stringify(output).slice(0, MAX_RESULT_CHARS),
            });
          } catch (error) {
            results.push({
              type: "tool_result",
              tool_use_id: call.id,
              is_error: true,
              content: (error as Error).message,
            });
          }
        }
        messages.push({ role: "user", content: results });
      }
      throw new Error(`no answer after ${MAX_TURNS} model turns`);
    },
  };
}

function inputSchema(schema: z.ZodType): Anthropic.Messages.Tool.InputSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return { ...rest, type: "object" };
}
