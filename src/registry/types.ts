import type { Config, PublicUrls } from "../config/index.js";
import type { Limiter } from "../limits/index.js";
import type { Clock } from "../shared/clock.js";
import type { Principal } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import type { Store } from "../store/types.js";

export { ALL_SCOPES, type CostClass, type Principal, type Scope } from "../shared/principal.js";

/** Everything a handler may depend on; built once per process. */
export interface ServiceDeps {
  /** The corpus store every content tool reads (repositories, no database module). */
  store: Store;
  /** Identity, usage, counters and analyst runs, on whichever engine holds them (SQLite or PostgreSQL). */
  sql: SqlClient;
  config: Config;
  clock: Clock;
  secret: string;
  urls: PublicUrls;
  /** The one limiter (usage reads it; invokeTool admits through it). */
  limiter: Limiter;
  /** The analyst service (run store, engine, streaming); set once the registry exists, since it plans through it. */
  analyst: AnalystPort | null;
}

/**
 * What the tool layer needs from the analyst service; the analyst module implements it.
 * Kept structural so the registry does not depend on the analyst's internals.
 */
export interface AnalystPort {
  /** Starts or joins a run for `service_analyze` and resolves with its current record once terminal or on duplicate. */
  analyzeForTool(
    principal: Principal,
    input: { question: string; context?: string; idempotency_key: string },
    ctx: ToolCallContext,
  ): Promise<Record<string, unknown>>;
  /** A run as its organisation sees it; undefined for another organisation's run or an unknown id. */
  status(principal: Principal, id: string): Promise<Record<string, unknown> | undefined>;
}

export interface ToolCallContext {
  principal: Principal;
  deps: ServiceDeps;
  requestId: string;
  transport: "rest" | "mcp" | "internal";
  signal?: AbortSignal;
  /** Progress for long tools (MCP progress notifications; SSE frames carrying `detail` over REST). */
  progress?: (update: ProgressUpdate) => void;
  /** Inputs the transport mapped from another form, by input name: their text as sent (a REST header's). */
  sentAs?: Record<string, string>;
}

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
  /** The update as structured data (REST streams send it as the event's data; MCP sends the rest). */
  detail?: Record<string, unknown>;
}

export type { ListResult, PagePosition } from "../shared/principal.js";

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}
