import { createHash, randomBytes } from "node:crypto";
import { DAY } from "../shared/clock.js";
import type { SqlClient } from "../store/sql-client.js";
import { IdentityError } from "./identity-error.js";
import { setMembershipRole } from "./memberships.js";
import { storePasswordHash } from "./passwords.js";
import { addUserToOrg, findUserById, type User } from "./users.js";

/** An invitation link works once, for this long. */
export const INVITE_LIFETIME_SECONDS = DAY;

export interface Invite {
  /** The one-time token: goes into the printed link, never stored (only its SHA-256 digest is). */
  token: string;
  expiresAt: number;
  user: User;
  orgName: string;
  createdUser: boolean;
}

export const tokenDigest = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Invites EMAIL into organisation NAME: creates the user and the membership when new (`owner` makes the
 * membership an owner) and a one-time token to set a settings-app password. A new invitation replaces the
 * user's unused earlier ones.
 */
export async function createInvite(
  sql: SqlClient,
  input: { email: string; orgName: string; owner?: boolean; actor: string },
  now: number,
): Promise<Invite> {
  return sql.transaction(async (tx) => {
    const { user, membership, createdUser } = await addUserToOrg(tx, input, now);
    if (input.owner) await setMembershipRole(tx, membership.id, "owner");
    await tx.run("DELETE FROM user_invites WHERE user_id = ? AND used_at IS NULL", [user.id]);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + INVITE_LIFETIME_SECONDS;
    await tx.run(
      `INSERT INTO user_invites (token_digest, user_id, org_id, created_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [tokenDigest(token), user.id, membership.orgId, input.actor, now, expiresAt],
    );
    return { token, expiresAt, user, orgName: input.orgName, createdUser };
  });
}

interface InviteRow {
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

async function usableInvite(sql: SqlClient, token: string, now: number): Promise<InviteRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await sql.get<InviteRow>(
    "SELECT user_id, expires_at, used_at FROM user_invites WHERE token_digest = ?",
    [tokenDigest(token)],
  );
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined;
  return row;
}

/** The user an unused, unexpired invitation is for; undefined for anything else (one answer for all). */
export async function peekInvite(sql: SqlClient, token: string, now: number): Promise<User | undefined> {
  const row = await usableInvite(sql, token, now);
  return row && findUserById(sql, row.user_id);
}

/**
 * Spends the invitation and stores the password hash (hashed by the caller: scrypt is slow and async).
 * Refuses a used, expired or unknown token with one message.
 */
export async function redeemInvite(
  sql: SqlClient,
  token: string,
  passwordHash: string,
  now: number,
): Promise<User> {
  const invalid = () => new IdentityError("this invitation link is not valid: it was used, or it expired");
  return sql.transaction(async (tx) => {
    const row = await usableInvite(tx, token, now);
    const user = row && (await findUserById(tx, row.user_id));
    if (!user) throw invalid();
    // Spent once even when two redemptions race (PostgreSQL): the second changes nothing and is refused.
    const { changes } = await tx.run(
      "UPDATE user_invites SET used_at = ? WHERE token_digest = ? AND used_at IS NULL",
      [now, tokenDigest(token)],
    );
    if (changes !== 1) throw invalid();
    await storePasswordHash(tx, user.id, passwordHash, now);
    return user;
  });
}
