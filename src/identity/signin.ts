import type { SqlClient } from "../store/sql-client.js";
import { dummyPasswordHash, storedPasswordHash, verifyPassword } from "./passwords.js";
import { clearAccountFailures, recordSigninFailure, signinBlockedFor } from "./signin-throttle.js";
import { findUserByEmail, type User } from "./users.js";

export type SigninResult =
  | { ok: true; user: User }
  /** One reason for an unknown email, a user with no password yet and a wrong password: no enumeration. */
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfter: number };

/**
 * Checks a settings-app sign-in: throttled per account and per address first, then the password (an unknown
 * account is checked against a dummy hash, so it costs the same time as a wrong password).
 */
export async function checkSignin(
  sql: SqlClient,
  input: { email: string; password: string; address: string },
  now: () => number,
): Promise<SigninResult> {
  const email = input.email.trim().toLowerCase().slice(0, 320);
  const attempt = { email, address: input.address };
  const wait = await signinBlockedFor(sql, attempt, now());
  if (wait !== null) return { ok: false, reason: "throttled", retryAfter: wait };
  const user = await findUserByEmail(sql, email);
  const stored = user ? await storedPasswordHash(sql, user.id) : undefined;
  const matches = await verifyPassword(input.password, stored ?? (await dummyPasswordHash()));
  if (!user || !stored || !matches) {
    await recordSigninFailure(sql, attempt, now());
    return { ok: false, reason: "invalid" };
  }
  await clearAccountFailures(sql, email);
  return { ok: true, user };
}
