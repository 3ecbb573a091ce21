import type { Config, PublicUrls } from "../config/index.js";
import { ALL_SCOPES } from "../registry/types.js";

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

/** Without `CRS_OAUTH_ISSUER` no authorization server is named: API keys are the only bearer then. */
export function protectedResourceMetadata(urls: PublicUrls, config: Config): ProtectedResourceMetadata {
  return {
    resource: urls.mcpUrl,
    ...(config.oauthIssuer ? { authorization_servers: [config.oauthIssuer] } : {}),
    bearer_methods_supported: ["header"],
    scopes_supported: [...ALL_SCOPES],
    resource_name: "Creative Research Service",
  };
}
