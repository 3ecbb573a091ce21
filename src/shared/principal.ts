/**
 * Who is calling, what a call draws on, and what a list handler returns: a leaf module, so identity, limits and
 * the domain can name them without the registry.
 */

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

/** JSON-serialisable resume point produced by a domain list function. */
export type PagePosition = string | number | boolean | null | PagePosition[] | { [k: string]: PagePosition };

/** What a list handler returns; invokeTool turns it into `{data, meta}` with a signed cursor. */
export interface ListResult<T> {
  items: T[];
  total: number | null;
  next: PagePosition | null;
  /** Search only, when nothing matched every word: what dropping one word finds (PageMeta.relaxed). */
  relaxed?: Relaxation[];
  /** Search only, beside `relaxed`: the words (or phrases) no video holds (PageMeta.unmatched). */
  unmatched?: string[];
}

/** The same search without one of its words (or "quoted phrases"): `total` null = found, count not known. */
export interface Relaxation {
  without: string;
  total: number | null;
}
