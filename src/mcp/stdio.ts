import { randomUUID } from "node:crypto";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { ServiceCore } from "../core.js";
import { ServiceError } from "../errors.js";
import { mcpServerFactory } from "./server.js";

/**
 * MCP over stdio. Every tool call authenticates CRS_API_KEY afresh, so a missing, bad, rotated or revoked
 * key fails each call with the same 401 meaning as REST (never silently), and a rotation takes effect at once.
 */
export function serveMcpStdio(core: ServiceCore, apiKey: string | undefined) {
  return serveStdio(
    mcpServerFactory({
      registry: core.registry,
      guides: core.guides,
      prompts: core.prompts,
      openapiJson: core.openapiJson,
      principal: async () => {
        if (!apiKey) {
          throw new ServiceError("unauthorized", 401, "Unauthorized", {
            detail: "No credential: CRS_API_KEY is not set for `crs mcp`.",
            hint: "Set CRS_API_KEY to an API key (crs keys reveal / crs keys create) in the MCP client's configuration.",
          });
        }
        return core.authenticator.authenticate({
          headers: { authorization: `Bearer ${apiKey}` },
          url: "stdio:",
          endpoint: "mcp",
        });
      },
      requestId: () => randomUUID(),
    }),
  );
}
