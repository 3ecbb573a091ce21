import type { Db } from "../store/connection.js";
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
export function bootstrapIdentity(db: Db, secret: string, now: number): BootstrapResult {
  return db.transaction(() => {
    const org = findOrgByName(db, BOOTSTRAP_ORG) ?? createOrg(db, { name: BOOTSTRAP_ORG }, now);
    const { user, membership } = addUserToOrg(db, { email: BOOTSTRAP_EMAIL, orgName: org.name }, now);
    setMembershipRole(db, membership.id, "owner");
    const key = issueDefaultKey(db, secret, membership, "init", now);
    return {
      org: { id: org.id, name: org.name },
      user: { id: user.id, email: user.email },
      key: { id: key.id, secret: key.secret, prefix: key.prefix, scopes: [...key.scopes] },
    };
  })();
}
