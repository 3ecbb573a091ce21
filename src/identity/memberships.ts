import type { SqlClient } from "../store/sql-client.js";
import type { Subscription } from "./orgs.js";

/** An owner sees and can revoke every key of the organisation; a member manages their own keys. */
export type MembershipRole = "owner" | "member";

/** One organisation a user belongs to, as the settings app's organisation switcher lists it. */
export interface UserMembership {
  membershipId: string;
  orgId: string;
  orgName: string;
  subscription: Subscription;
  analystEnabled: boolean;
  role: MembershipRole;
}

interface Row {
  membership_id: string;
  org_id: string;
  org_name: string;
  subscription: Subscription;
  analyst_enabled: number;
  role: MembershipRole;
}

/** The user's memberships, by organisation name. */
export async function listUserMemberships(sql: SqlClient, userId: string): Promise<UserMembership[]> {
  const rows = await sql.all<Row>(
    `SELECT m.id AS membership_id, o.id AS org_id, o.name AS org_name, o.subscription, o.analyst_enabled, m.role
     FROM memberships m JOIN organisations o ON o.id = m.org_id
     WHERE m.user_id = ? ORDER BY o.name`,
    [userId],
  );
  return rows.map((r) => ({
    membershipId: r.membership_id,
    orgId: r.org_id,
    orgName: r.org_name,
    subscription: r.subscription,
    analystEnabled: r.analyst_enabled === 1,
    role: r.role,
  }));
}

export async function setMembershipRole(
  sql: SqlClient,
  membershipId: string,
  role: MembershipRole,
): Promise<void> {
  await sql.run("UPDATE memberships SET role = ? WHERE id = ?", [role, membershipId]);
}
