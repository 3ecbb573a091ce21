import type { SqlClient } from "../store/sql-client.js";
import { issueDefaultKey } from "./keys.js";
import { setMembershipRole } from "./memberships.js";
import { createOrg, findOrgByName } from "./orgs.js";
import { addUserToOrg } from "./users.js";

export interface BootstrapResult {
  org: { id: string; name: string };
  user: { id: string; email: string };
  key: { id: string; secret: string; prefix: string; scopes: string[] };
}

export const BOOTSTRAP_ORG = "default";
export const BOOTSTRAP_EMAIL = "admin@localhost";

/**
 * First identity of a fresh install: org `default`, user `admin@localhost`, their membership (owner) and its default
 * key slot (both scopes). The secret is returned once for `crs init` to print. Refuses (IdentityError) when
 * that slot was already revealed.
 */
export async function bootstrapIdentity(
  sql: SqlClient,
  secret: string,
  now: number,
): Promise<BootstrapResult> {
  return sql.transaction(async (tx) => {
    const org =
      (await findOrgByName(tx, BOOTSTRAP_ORG)) ?? (await createOrg(tx, { name: BOOTSTRAP_ORG }, now));
    const { user, membership } = await addUserToOrg(tx, { email: BOOTSTRAP_EMAIL, orgName: org.name }, now);
    await setMembershipRole(tx, membership.id, "owner");
    const key = await issueDefaultKey(tx, secret, membership, "init", now);
    return {
      org: { id: org.id, name: org.name },
      user: { id: user.id, email: user.email },
      key: { id: key.id, secret: key.secret, prefix: key.prefix, scopes: [...key.scopes] },
    };
  });
}
