import type { IncomingMessage, ServerResponse } from "node:http";
import { hostHeaderValidation, originValidation } from "@modelcontextprotocol/express";
import { toNodeHandler } from "@modelcontextprotocol/node";
import type { RequestHandler } from "express";
import type { Principal } from "../registry/types.js";
import { createHttpMcpHandler, type McpParts, mcpAuthInfo } from "./server.js";

export interface McpEndpoint {
  /** Host/Origin checks against DNS rebinding, run before the body is read or the caller authenticated. */
  guards: RequestHandler[];
  /** Serves one request through the SDK; `body` is the JSON-RPC message already parsed. */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    caller: { principal: Principal; requestId: string },
  ): Promise<void>;
  close(): Promise<void>;
}

/** /mcp on a node HTTP server: the SDK's Streamable HTTP handler behind its own Host/Origin guards. */
export function createMcpEndpoint(
  parts: Omit<McpParts, "principal" | "requestId">,
  options: { keepAliveMs: number; allowedHosts: string[]; corsOrigins?: readonly string[] },
): McpEndpoint {
  const handler = createHttpMcpHandler(parts, options.keepAliveMs);
  const node = toNodeHandler(handler);
  return {
    // A browser origin the operator allowed (CRS_CORS_ORIGINS) passes the Origin check too.
    guards: [
      hostHeaderValidation(options.allowedHosts),
      originValidation([
        ...new Set([...options.allowedHosts, ...(options.corsOrigins ?? []).map((o) => new URL(o).hostname)]),
      ]),
    ],
    handle(req, res, body, caller) {
      Object.assign(req, { auth: mcpAuthInfo(caller.principal, caller.requestId) });
      return node(req, res, body);
    },
    close: () => handler.close(),
  };
}
