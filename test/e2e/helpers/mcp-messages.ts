/** Raw MCP messages as the SDK clients put them on the wire, for tests that compare two handlers byte for byte. */

export const MODERN = "2026-07-28";

/** The request `_meta` the v2 client sends with every 2026-07-28 request. */
export const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "equivalence", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

export interface McpMessage {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A tools/call as the v2 SDK client sends it (modern) or the v1 client (2025 era); `tweak` edits the message. */
export function toolCall(
  era: "modern" | "legacy",
  name: unknown,
  args?: unknown,
  tweak: (message: McpMessage) => void = () => {},
): McpMessage {
  const headers: Record<string, string> = {
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-protocol-version": era === "modern" ? MODERN : "2025-11-25",
  };
  if (era === "modern") {
    headers["mcp-method"] = "tools/call";
    if (typeof name === "string") headers["mcp-name"] = name;
  }
  const params = { name, arguments: args, ...(era === "modern" ? { _meta: { ...META } } : {}) };
  const message = { headers, body: { jsonrpc: "2.0", id: 7, method: "tools/call", params } };
  tweak(message);
  return message;
}
