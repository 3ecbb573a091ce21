import { randomUUID } from "node:crypto";
import type { Db } from "../store/connection.js";
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

export function findUserByEmail(db: Db, email: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE email = ?").get(email.trim()) as UserRow | undefined;
  return row && { id: row.id, email: row.email, createdAt: row.created_at };
}

export function findUserById(db: Db, id: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
  return row && { id: row.id, email: row.email, createdAt: row.created_at };
}

export function requireUser(db: Db, email: string): User {
  const user = findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new IdentityError(`unknown user '${email}'`);
  return user;
}

export function findMembership(db: Db, userId: string, orgId: string): Membership | undefined {
  const row = db
    .prepare("SELECT id, user_id, org_id, created_at FROM memberships WHERE user_id = ? AND org_id = ?")
    .get(userId, orgId) as { id: string; user_id: string; org_id: string; created_at: number } | undefined;
  return row && { id: row.id, userId: row.user_id, orgId: row.org_id, createdAt: row.created_at };
}

/**
 * Creates the user if new and adds its membership of the organisation; running it again for another
 * organisation adds that membership. Idempotent for an existing membership.
 */
export function addUserToOrg(
  db: Db,
  input: { email: string; orgName: string },
  now: number,
): { user: User; membership: Membership; createdUser: boolean; createdMembership: boolean } {
  const email = normaliseEmail(input.email);
  const org = requireOrg(db, input.orgName);
  return db.transaction(() => {
    let user = findUserByEmail(db, email);
    const createdUser = !user;
    if (!user) {
      user = { id: randomUUID(), email, createdAt: now };
      db.prepare("INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)").run(user.id, email, now);
    }
    let membership = findMembership(db, user.id, org.id);
    const createdMembership = !membership;
    if (!membership) {
      membership = { id: randomUUID(), userId: user.id, orgId: org.id, createdAt: now };
      db.prepare("INSERT INTO memberships (id, user_id, org_id, created_at) VALUES (?, ?, ?, ?)").run(
        membership.id,
        user.id,
        org.id,
        now,
      );
    }
    return { user, membership, createdUser, createdMembership };
  })();
}

/** The membership of user EMAIL in organisation NAME, or a one-line error saying which is missing. */
export function requireMembership(db: Db, orgName: string, email: string): Membership {
  const org = requireOrg(db, orgName);
  const user = requireUser(db, email);
  const membership = findMembership(db, user.id, org.id);
  if (!membership) throw new IdentityError(`user '${user.email}' is not a member of '${org.name}'`);
  return membership;
}
