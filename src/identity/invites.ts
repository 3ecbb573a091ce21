import { createHash, randomBytes } from "node:crypto";
import { DAY } from "../shared/clock.js";
import type { Db } from "../store/connection.js";
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
export function createInvite(
  db: Db,
  input: { email: string; orgName: string; owner?: boolean; actor: string },
  now: number,
): Invite {
  return db.transaction(() => {
    const { user, membership, createdUser } = addUserToOrg(db, input, now);
    if (input.owner) setMembershipRole(db, membership.id, "owner");
    db.prepare("DELETE FROM user_invites WHERE user_id = ? AND used_at IS NULL").run(user.id);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + INVITE_LIFETIME_SECONDS;
    db.prepare(
      `INSERT INTO user_invites (token_digest, user_id, org_id, created_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(tokenDigest(token), user.id, membership.orgId, input.actor, now, expiresAt);
    return { token, expiresAt, user, orgName: input.orgName, createdUser };
  })();
}

interface InviteRow {
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

function usableInvite(db: Db, token: string, now: number): InviteRow | undefined {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = db
    .prepare("SELECT user_id, expires_at, used_at FROM user_invites WHERE token_digest = ?")
    .get(tokenDigest(token)) as InviteRow | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined;
  return row;
}

/** The user an unused, unexpired invitation is for; undefined for anything else (one answer for all). */
export function peekInvite(db: Db, token: string, now: number): User | undefined {
  const row = usableInvite(db, token, now);
  return row && findUserById(db, row.user_id);
}

/**
 * Spends the invitation and stores the password hash (hashed by the caller: scrypt is slow and async).
 * Refuses a used, expired or unknown token with one message.
 */
export function redeemInvite(db: Db, token: string, passwordHash: string, now: number): User {
  return db.transaction(() => {
    const row = usableInvite(db, token, now);
    const user = row && findUserById(db, row.user_id);
    if (!user) throw new IdentityError("this invitation link is not valid: it was used, or it expired");
    db.prepare("UPDATE user_invites SET used_at = ? WHERE token_digest = ?").run(now, tokenDigest(token));
    storePasswordHash(db, user.id, passwordHash, now);
    return user;
  })();
}
