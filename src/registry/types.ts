import type { Clock } from "../clock.js";
import type { Config, PublicUrls } from "../config/index.js";
import type { Limiter } from "../limits/index.js";
import type { Db } from "../store/connection.js";

export type Scope = "content:read" | "agent:request";
export const ALL_SCOPES: readonly Scope[] = ["content:read", "agent:request"];

/** Who is calling: produced by identity's authenticate(), never by a tool. */
export interface Principal {
  kind: "api_key" | "oauth";
  /** What the per-credential limits count: the key id, or `oauth:<client_id>:<org_id>:<user_id>`. */
  credentialId: string;
  keyId: string | null;
  keyPrefix: string | null;
  clientId: string | null;
  userId: string;
  orgId: string;
  scopes: Scope[];
}

/** Everything a handler may depend on; built once per process. */
export interface ServiceDeps {
  db: Db;
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
}

export interface ToolCallContext {
  principal: Principal;
  deps: ServiceDeps;
  requestId: string;
  transport: "rest" | "mcp" | "internal";
  signal?: AbortSignal;
  /** Progress for long tools (MCP progress notifications, SSE heartbeats). */
  progress?: (update: { progress: number; total?: number; message?: string }) => void;
  /** Extra transport facts a tool may need (e.g. the analyst's Accept mode). */
  meta?: Record<string, unknown>;
}

/** JSON-serialisable resume point produced by a domain list function. */
export type PagePosition = string | number | boolean | null | PagePosition[] | { [k: string]: PagePosition };

/** What a list handler returns; invokeTool turns it into `{data, meta}` with a signed cursor. */
export interface ListResult<T> {
  items: T[];
  total: number | null;
  next: PagePosition | null;
}

export interface RestBinding {
  method: "GET" | "POST";
  /** Relative to /v1, with `{name}` path parameters, e.g. `/videos/{id}`. */
  path: string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Which limiter budget a call draws on. */
/** `read`: an MCP protocol read (resources/read, tools/list, prompts/*, ping), counted in its own cheap window. */
export type CostClass = "content" | "analyst" | "usage" | "read";
