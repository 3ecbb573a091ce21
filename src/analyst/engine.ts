import type { Answer, MethodStep } from "../domain/schemas/analyst-record.js";
import type { Principal } from "../registry/types.js";
import type { Clock } from "../shared/clock.js";
import type { Store } from "../store/types.js";

/** Calls a registry tool on the run's behalf (internal transport, limiter skipped: the run was admitted). */
export type ToolCaller = (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface EngineRequest {
  question: string;
  context: string | null;
  principal: Principal;
  signal: AbortSignal;
  /** Calls a tool and records it in `method`. */
  callTool: ToolCaller;
  /** The calls made so far through callTool, in order. */
  method(): MethodStep[];
}

/** Read-only facts an engine may use besides the tools (aggregates the tools cannot express). */
export interface EngineDeps {
  /** Linking and aggregate reads (the facts repository); evidence checks read ids through it. */
  store: Store;
  clock: Clock;
}

/** Turns a question into an evidence-backed answer; evidence is verified by the service afterwards. */
export interface AnalystEngine {
  readonly name: "local" | "anthropic";
  answer(request: EngineRequest): Promise<Answer>;
}
