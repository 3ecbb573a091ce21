import type { Principal, Scope } from "../shared/principal.js";
import type { Db } from "../store/connection.js";
import { entitlementMissing, insufficientScope } from "./auth-errors.js";

/** Throws 403 insufficient_scope unless the principal carries the scope (called per tool by the registry). */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw insufficientScope(scope);
}

/** Throws 403 entitlement_missing unless the principal's organisation has the analyst switched on. */
export function requireAnalystEntitlement(db: Db, principal: Principal): void {
  const row = db.prepare("SELECT analyst_enabled FROM organisations WHERE id = ?").get(principal.orgId) as
    | { analyst_enabled: number }
    | undefined;
  if (row?.analyst_enabled !== 1) throw entitlementMissing();
}
