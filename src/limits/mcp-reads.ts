import type { Principal } from "../shared/principal.js";

/** MCP methods that only read protocol documents: admitted at the cheap `read` cost class. */
export const MCP_READ_METHODS: ReadonlySet<string> = new Set([
  "resources/read",
  "resources/list",
  "resources/templates/list",
  "tools/list",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "ping",
]);

/**
 * Admits each protocol read in a JSON-RPC message (or batch) before the MCP server sees it; tool calls are
 * admitted by the registry at their own cost. Throws rate_limited (429, Retry-After) when the window is spent.
 */
export async function admitMcpReads(
  limiter: { admit(principal: Principal, cost: "read"): Promise<{ headers: Record<string, string> }> },
  principal: Principal,
  body: unknown,
): Promise<Record<string, string>> {
  let headers: Record<string, string> = {};
  for (const message of Array.isArray(body) ? body : [body]) {
    const method = (message as { method?: unknown } | null)?.method;
    if (typeof method === "string" && MCP_READ_METHODS.has(method))
      headers = (await limiter.admit(principal, "read")).headers;
  }
  return headers;
}
