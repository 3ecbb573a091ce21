import type { Principal, Scope } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import { entitlementMissing, insufficientScope } from "./auth-errors.js";

/** Throws 403 insufficient_scope unless the principal carries the scope (called per tool by the registry). */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw insufficientScope(scope);
}

/** Throws 403 entitlement_missing unless the principal's organisation has the analyst switched on. */
export async function requireAnalystEntitlement(sql: SqlClient, principal: Principal): Promise<void> {
  const row = await sql.get<{ analyst_enabled: number }>(
    "SELECT analyst_enabled FROM organisations WHERE id = ?",
    [principal.orgId],
  );
  if (row?.analyst_enabled !== 1) throw entitlementMissing();
}
