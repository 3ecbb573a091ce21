import { ALL_SCOPES, type Scope } from "../shared/principal.js";
import { IdentityError } from "./identity-error.js";

export const isScope = (value: string): value is Scope => (ALL_SCOPES as readonly string[]).includes(value);

/** Parses `content:read,agent:request` (commas or spaces); `content:read` is always required on a key. */
export function parseKeyScopes(text: string): Scope[] {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const scopes: Scope[] = [];
  for (const name of names) {
    if (!isScope(name)) throw new IdentityError(`unknown scope '${name}': use ${ALL_SCOPES.join(", ")}`);
    if (!scopes.includes(name)) scopes.push(name);
  }
  if (!scopes.includes("content:read"))
    throw new IdentityError("every key needs scope 'content:read' ('agent:request' is optional)");
  return ALL_SCOPES.filter((s) => scopes.includes(s));
}

/** Stored form: space-separated, like an OAuth `scope` claim. */
export const formatScopes = (scopes: readonly Scope[]): string => scopes.join(" ");

/** Known scopes in a stored or claimed list; unknown names are dropped, never an error. */
export const knownScopes = (text: string): Scope[] => {
  const names = new Set(text.split(/[\s,]+/));
  return ALL_SCOPES.filter((s) => names.has(s));
};
