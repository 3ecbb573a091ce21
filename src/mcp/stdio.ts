import { randomUUID } from "node:crypto";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Guide } from "../content/guides.js";
import type { PromptTemplate } from "../content/prompts.js";
import type { Authenticator } from "../identity/authenticate.js";
import type { ToolRegistry } from "../registry/invoke.js";
import { ServiceError } from "../shared/errors.js";
import { mcpServerFactory } from "./server.js";

/** What to do about a refused CRS_API_KEY, in stdio terms (the HTTP hint speaks of Authorization headers). */
const STDIO_KEY_HINT =
  "Set CRS_API_KEY in the MCP client's configuration (the server's env) to a current API key: `crs keys reveal --org NAME --user EMAIL` or `crs keys create …`; after a rotation, paste the new key.";

/**
 * MCP over stdio. Every tool call authenticates CRS_API_KEY afresh, so a missing, bad, rotated or revoked
 * key fails each call with the same 401 meaning as REST (never silently), and a rotation takes effect at once.
 * `unavailable` (a missing or empty database) fails every call before any credential is looked at.
 */
/** What stdio needs of the service core (built by the composition root). */
export interface StdioCore {
  registry: ToolRegistry;
  guides: Guide[];
  prompts: PromptTemplate[];
  openapiJson: string;
  authenticator: Authenticator;
}

export function serveMcpStdio(core: StdioCore, apiKey: string | undefined, unavailable?: ServiceError) {
  return serveStdio(
    mcpServerFactory({
      registry: core.registry,
      guides: core.guides,
      prompts: core.prompts,
      openapiJson: core.openapiJson,
      principal: async () => {
        if (unavailable) throw unavailable;
        if (!apiKey) {
          throw new ServiceError("unauthorized", 401, "Unauthorized", {
            detail: "No credential: CRS_API_KEY is not set for `crs mcp`.",
            hint: STDIO_KEY_HINT,
          });
        }
        try {
          return await core.authenticator.authenticate({
            headers: { authorization: `Bearer ${apiKey}` },
            url: "stdio:",
            endpoint: "mcp",
          });
        } catch (error) {
          if (error instanceof ServiceError && error.status === 401) {
            throw new ServiceError(error.code, 401, error.title, {
              detail:
                "The key in CRS_API_KEY is not valid (unknown, malformed, expired, revoked or rotated out).",
              hint: STDIO_KEY_HINT,
            });
          }
          throw error;
        }
      },
      requestId: () => randomUUID(),
    }),
  );
}
