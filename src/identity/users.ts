import { randomUUID } from "node:crypto";
import type { SqlClient } from "../store/sql-client.js";
import { IdentityError } from "./identity-error.js";
import { requireOrg } from "./orgs.js";

export interface User {
  id: string;
  email: string;
  createdAt: number;
}

export interface Membership {
  id: string;
  userId: string;
  orgId: string;
  createdAt: number;
}

// Deliberately loose (local@domain, no spaces): `admin@localhost` must pass; delivery is not our concern.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export function normaliseEmail(email: string): string {
  const clean = email.trim().toLowerCase();
  if (!EMAIL.test(clean)) throw new IdentityError(`invalid email '${email}'`);
  return clean;
}

interface UserRow {
  id: string;
  email: string;
  created_at: number;
}

const toUser = (row: UserRow): User => ({ id: row.id, email: row.email, createdAt: row.created_at });

export async function findUserByEmail(sql: SqlClient, email: string): Promise<User | undefined> {
  // Emails match case-insensitively: SQLite's column is COLLATE NOCASE (its unique index serves `=`),
  // PostgreSQL's unique index is on lower(email).
  const row = await sql.get<UserRow>(
    sql.engine === "postgres"
      ? "SELECT * FROM users WHERE lower(email) = lower(?)"
      : "SELECT * FROM users WHERE email = ?",
    [email.trim()],
  );
  return row && toUser(row);
}

export async function findUserById(sql: SqlClient, id: string): Promise<User | undefined> {
  const row = await sql.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
  return row && toUser(row);
}

export async function requireUser(sql: SqlClient, email: string): Promise<User> {
  const user = await findUserByEmail(sql, normaliseEmail(email));
  if (!user) throw new IdentityError(`unknown user '${email}'`);
  return user;
}

export async function findMembership(
  sql: SqlClient,
  userId: string,
  orgId: string,
): Promise<Membership | undefined> {
  const row = await sql.get<{ id: string; user_id: string; org_id: string; created_at: number }>(
    "SELECT id, user_id, org_id, created_at FROM memberships WHERE user_id = ? AND org_id = ?",
    [userId, orgId],
  );
  return row && { id: row.id, userId: row.user_id, orgId: row.org_id, createdAt: row.created_at };
}

/**
 * Creates the user if new and adds its membership of the organisation; running it again for another
 * organisation adds that membership. Idempotent for an existing membership.
 */
export async function addUserToOrg(
  sql: SqlClient,
  input: { email: string; orgName: string },
  now: number,
): Promise<{ user: User; membership: Membership; createdUser: boolean; createdMembership: boolean }> {
  const email = normaliseEmail(input.email);
  const org = await requireOrg(sql, input.orgName);
  return sql.transaction(async (tx) => {
    // Inserts that lose a race with another process (PostgreSQL) do nothing, and the row is read back.
    let user = await findUserByEmail(tx, email);
    let createdUser = false;
    if (!user) {
      const fresh = { id: randomUUID(), email, createdAt: now };
      const { changes } = await tx.run(
        "INSERT INTO users (id, email, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [fresh.id, email, now],
      );
      createdUser = changes === 1;
      user = createdUser ? fresh : await findUserByEmail(tx, email);
      if (!user) throw new Error(`user '${email}' was neither created nor found`);
    }
    let membership = await findMembership(tx, user.id, org.id);
    let createdMembership = false;
    if (!membership) {
      const fresh = { id: randomUUID(), userId: user.id, orgId: org.id, createdAt: now };
      const { changes } = await tx.run(
        "INSERT INTO memberships (id, user_id, org_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [fresh.id, user.id, org.id, now],
      );
      createdMembership = changes === 1;
      membership = createdMembership ? fresh : await findMembership(tx, user.id, org.id);
      if (!membership) throw new Error(`membership of '${email}' was neither created nor found`);
    }
    return { user, membership, createdUser, createdMembership };
  });
}

/** The membership of user EMAIL in organisation NAME, or a one-line error saying which is missing. */
export async function requireMembership(sql: SqlClient, orgName: string, email: string): Promise<Membership> {
  const org = await requireOrg(sql, orgName);
  const user = await requireUser(sql, email);
  const membership = await findMembership(sql, user.id, org.id);
  if (!membership) throw new IdentityError(`user '${user.email}' is not a member of '${org.name}'`);
  return membership;
}
