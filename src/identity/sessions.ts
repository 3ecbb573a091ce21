import { randomBytes } from "node:crypto";
import type { SqlClient } from "../store/sql-client.js";
import { tokenDigest } from "./invites.js";

/** A settings session ends after this long without a request… */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** …and this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** `last_seen_at` moves at most this often (a write per page view would be wasted). */
const TOUCH_INTERVAL_SECONDS = 60;

/**
 * A signed-in settings-app user. Lives in the store (so every instance and worker sees it); the browser holds
 * only a random 256-bit token whose SHA-256 digest is the row's key. Never an API credential.
 */
export interface SettingsSession {
  userId: string;
  /** The selected organisation: every key action applies to it (null when the user has none). */
  orgId: string | null;
  /** The synchronizer token every state-changing form of this session carries. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

interface SessionRow {
  user_id: string;
  org_id: string | null;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

const newToken = () => randomBytes(32).toString("base64url");

/** Starts a session (sign-in always makes a new one: no session fixation) and clears expired ones. */
export async function createSession(
  sql: SqlClient,
  userId: string,
  orgId: string | null,
  now: number,
): Promise<{ token: string; session: SettingsSession }> {
  const token = newToken();
  const session: SettingsSession = {
    userId,
    orgId,
    csrfToken: newToken(),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_ABSOLUTE_SECONDS,
  };
  await sql.transaction(async (tx) => {
    await purgeExpiredSessions(tx, now);
    await tx.run(
      `INSERT INTO settings_sessions (token_digest, user_id, org_id, csrf_token, created_at, last_seen_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [tokenDigest(token), userId, orgId, session.csrfToken, now, now, session.expiresAt],
    );
  });
  return { token, session };
}

/** The live session for a cookie token, its idle clock moved on; undefined (and removed) when expired. */
export async function readSession(
  sql: SqlClient,
  token: string,
  now: number,
): Promise<SettingsSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const digest = tokenDigest(token);
  const row = await sql.get<SessionRow>("SELECT * FROM settings_sessions WHERE token_digest = ?", [digest]);
  if (!row) return undefined;
  if (row.expires_at <= now || row.last_seen_at + SESSION_IDLE_SECONDS <= now) {
    await sql.run("DELETE FROM settings_sessions WHERE token_digest = ?", [digest]);
    return undefined;
  }
  if (now - row.last_seen_at >= TOUCH_INTERVAL_SECONDS)
    await sql.run("UPDATE settings_sessions SET last_seen_at = ? WHERE token_digest = ?", [now, digest]);
  return {
    userId: row.user_id,
    orgId: row.org_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    lastSeenAt: Math.max(row.last_seen_at, now),
    expiresAt: row.expires_at,
  };
}

export async function selectSessionOrg(sql: SqlClient, token: string, orgId: string): Promise<void> {
  await sql.run("UPDATE settings_sessions SET org_id = ? WHERE token_digest = ?", [
    orgId,
    tokenDigest(token),
  ]);
}

export async function endSession(sql: SqlClient, token: string): Promise<void> {
  await sql.run("DELETE FROM settings_sessions WHERE token_digest = ?", [tokenDigest(token)]);
}

export async function purgeExpiredSessions(sql: SqlClient, now: number): Promise<number> {
  const { changes } = await sql.run(
    "DELETE FROM settings_sessions WHERE expires_at <= ? OR last_seen_at <= ?",
    [now, now - SESSION_IDLE_SECONDS],
  );
  return changes;
}
