import { randomUUID } from "node:crypto";
import { LocalEngine } from "../../../src/analyst/local/engine.js";
import type { Answer, MethodStep } from "../../../src/domain/schemas/analyst-record.js";
import { ToolRegistry } from "../../../src/registry/invoke.js";
import type { Principal, ServiceDeps } from "../../../src/registry/types.js";
import { fixedClock } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { allTools } from "../../../src/tools/index.js";
import { CORPUS_NOW } from "./corpus.js";

export const PRINCIPAL: Principal = {
  kind: "api_key",
  credentialId: "k",
  keyId: "k",
  keyPrefix: "p",
  clientId: null,
  userId: "u",
  orgId: "o",
  scopes: ["content:read", "agent:request"],
};

/** The registry's real tools over a corpus (no limiter: internal calls skip it anyway). */
export function corpusRegistry(db: Db): ToolRegistry {
  return new ToolRegistry(allTools, {
    db,
    store: createSqliteStore(db),
    clock: fixedClock(CORPUS_NOW),
    secret: "test-secret-test-secret-test-secret",
    analyst: null,
  } as unknown as ServiceDeps);
}

/** Calls a tool as the analyst's run does (internal transport). */
export async function callTool(registry: ToolRegistry, tool: string, args: Record<string, unknown>) {
  const outcome = await registry.invoke(tool, args, PRINCIPAL, {
    requestId: randomUUID(),
    transport: "internal",
    skipLimiter: true,
  });
  return outcome.output as Record<string, unknown> & { data: unknown; meta?: { total: number | null } };
}

/** Asks the local engine a question, its tool calls going through the registry like a real run's. */
export async function askLocal(
  db: Db,
  registry: ToolRegistry,
  question: string,
  context: string | null = null,
): Promise<Answer> {
  const engine = new LocalEngine({ store: createSqliteStore(db), clock: fixedClock(CORPUS_NOW) });
  const method: MethodStep[] = [];
  return engine.answer({
    question,
    context,
    principal: PRINCIPAL,
    signal: new AbortController().signal,
    method: () => [...method],
    callTool: async (tool, args) => {
      const out = await callTool(registry, tool, args);
      method.push({ tool, arguments: args });
      return out;
    },
  });
}

/** The `aggregate` step's parts: the plan as understood and the machine-readable result. */
export function aggregateOf(answer: Answer): {
  plan: {
    intent: string;
    subject: string;
    metric: string | null;
    window_days: number | null;
    topics: string[];
    filters: string[];
    creators: string[];
    advertisers: string[];
    ignored: string[];
    understood: string[];
    focus?: string;
    creator_type?: string;
    group_by?: string;
    within_each?: string;
    periods?: { label: string; from: string; to: string }[];
    compare_codes?: string[];
    tags_left_out?: string[];
    respelt?: { written: string; read_as: string }[];
    compare_topics?: string[];
    author_verified?: boolean;
    beside_code?: string;
    count?: number;
    top_played?: number;
    top_creators?: number;
    quotes?: boolean;
    author_followers?: { op: string; value: number };
    share_of_authors?: boolean;
    viral?: boolean;
    viral_by?: string;
    uses_shown?: string;
    price_figure?: { of: "median" | "lowest" | "highest"; night: boolean; each_search?: true };
    share_of?: string;
    per_video?: boolean;
    totals?: boolean;
    change_between?: string[];
    lowest?: boolean;
    by_artist?: boolean;
    group_shares?: boolean;
    each_code?: { kind: string; codes: string[]; sets?: string[][] };
    share_each?: boolean;
    group_creators?: { op: string; value: number };
    group_median?: { metric: string; op: string; value: number };
    bands?: string[];
    in_searches?: number;
    share_of_creators?: boolean;
    words?: { field: string; kind: string };
  };
  result: Record<string, unknown>;
} {
  const step = answer.method.at(-1);
  if (step?.tool !== "aggregate") throw new Error("answer has no aggregate step");
  return step.arguments as never;
}

/** Month names as questions write them (the test's own list, not the analyst's). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2025-03" → "March 2025". */
export const monthLabel = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
