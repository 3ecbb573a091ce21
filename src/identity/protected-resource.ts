import type { Config, PublicUrls } from "../config/index.js";
import { ALL_SCOPES } from "../shared/principal.js";

/** RFC 9728 metadata for the MCP endpoint, served at both well-known paths. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  bearer_methods_supported: ["header"];
  scopes_supported: string[];
  resource_name: string;
}

/** The well-known paths the HTTP layer serves the document at (plain and suffixed with `/mcp`). */
export const PROTECTED_RESOURCE_PATHS = [
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
] as const;

/** Where 401s from /mcp point clients (`WWW-Authenticate: Bearer resource_metadata="…"`). */
export const protectedResourceMetadataUrl = (urls: PublicUrls): string =>
  `${urls.apiOrigin}/.well-known/oauth-protected-resource/mcp`;

/**
 * Published only with OAuth configured (issuer and key set): the MCP authorization spec requires
 * `authorization_servers`, so in API-key mode there is no document (null → 404) and no challenge links one.
 */
export function protectedResourceMetadata(
  urls: PublicUrls,
  config: Config,
): ProtectedResourceMetadata | null {
  if (!config.oauthIssuer || !config.oauthJwks) return null;
  return {
    resource: urls.mcpUrl,
    authorization_servers: [config.oauthIssuer],
    bearer_methods_supported: ["header"],
    scopes_supported: [...ALL_SCOPES],
    resource_name: "Creative Research Service",
  };
}
