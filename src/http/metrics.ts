import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** Prometheus metrics for one process: requests by route/status, tool calls, limiter rejections, analyst runs. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: "crs_http_requests_total",
    help: "HTTP requests by route and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "crs_http_request_duration_seconds",
    help: "HTTP request latency by route.",
    labelNames: ["method", "route"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });
  const toolCalls = new Counter({
    name: "crs_tool_calls_total",
    help: "Tool calls by tool, transport and outcome (ok or the problem code).",
    labelNames: ["tool", "transport", "outcome"],
    registers: [registry],
  });
  const toolDuration = new Histogram({
    name: "crs_tool_call_duration_seconds",
    help: "Tool call latency (parse, limiter, handler, output check).",
    labelNames: ["tool", "transport"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30, 120],
    registers: [registry],
  });
  const limiterRejections = new Counter({
    name: "crs_limiter_rejections_total",
    help: "Calls refused with rate_limited, by tool.",
    labelNames: ["tool"],
    registers: [registry],
  });
  const analystRuns = new Counter({
    name: "crs_analyst_runs_total",
    help: "Analyst runs by terminal status.",
    labelNames: ["status"],
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    analystRuns,
    observeTool(tool: string, transport: string, outcome: string, seconds: number) {
      toolCalls.inc({ tool, transport, outcome });
      toolDuration.observe({ tool, transport }, seconds);
      if (outcome === "rate_limited") limiterRejections.inc({ tool });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
