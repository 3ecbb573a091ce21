import type { ToolCallContext } from "../registry/types.js";

/** One heartbeat: what the run is doing and how long it has taken so far. */
export interface Heartbeat {
  status: "queued" | "running";
  elapsed_ms: number;
}

/**
 * What the REST route passes to `service_analyze` through InvokeOptions.meta.analyst: the raw
 * Idempotency-Key header (any 8..200 characters, not only a UUID) and a heartbeat listener for SSE.
 */
export interface AnalystCallMeta {
  idempotencyKey?: string;
  /** Called once when a new run is accepted (before work starts) and then every heartbeat interval. */
  onHeartbeat?: (beat: Heartbeat) => void;
}

export function analystMeta(ctx: ToolCallContext): AnalystCallMeta {
  const raw = ctx.meta?.analyst;
  if (typeof raw !== "object" || raw === null) return {};
  const meta = raw as Record<string, unknown>;
  return {
    idempotencyKey: typeof meta.idempotencyKey === "string" ? meta.idempotencyKey : undefined,
    onHeartbeat:
      typeof meta.onHeartbeat === "function"
        ? (meta.onHeartbeat as AnalystCallMeta["onHeartbeat"])
        : undefined,
  };
}
