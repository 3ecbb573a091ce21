/** Who is calling and what a call draws on: a leaf module, so the limiter can name them without the registry. */

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

/** Which limiter budget a call draws on. `read`: an MCP protocol read (resources/read, tools/list, prompts/*,
 * ping), counted in its own cheap window. */
export type CostClass = "content" | "analyst" | "usage" | "read";
