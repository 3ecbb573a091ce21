import type { SqlClient } from "../store/sql-client.js";

export interface ThrottleRule {
  max: number;
  windowSeconds: number;
}

/**
 * Failed settings sign-ins allowed per account (keyed by the email as typed, normalised, whether or not such
 * an account exists — so the throttle says nothing about which accounts exist) and per client address, within
 * a sliding window. Counted in the store, so every instance shares them.
 */
export const SIGNIN_THROTTLE = {
  account: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export interface SigninAttempt {
  /** Normalised (trimmed, lower-case) email as typed. */
  email: string;
  address: string;
}

const subjects = (attempt: SigninAttempt) =>
  [
    [`account:${attempt.email}`, SIGNIN_THROTTLE.account],
    [`address:${attempt.address}`, SIGNIN_THROTTLE.address],
  ] as const;

/** null when the attempt may go ahead; otherwise the seconds until one more attempt fits. */
export async function signinBlockedFor(
  sql: SqlClient,
  attempt: SigninAttempt,
  now: number,
): Promise<number | null> {
  let wait = 0;
  for (const [subject, rule] of subjects(attempt)) {
    const rows = await sql.all<{ at: number }>(
      "SELECT at FROM signin_failures WHERE subject = ? AND at > ? ORDER BY at DESC LIMIT ?",
      [subject, now - rule.windowSeconds, rule.max],
    );
    const oldestCounted = rows[rule.max - 1];
    if (oldestCounted) wait = Math.max(wait, oldestCounted.at + rule.windowSeconds - now);
  }
  return wait > 0 ? wait : null;
}

export async function recordSigninFailure(
  sql: SqlClient,
  attempt: SigninAttempt,
  now: number,
): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const [subject] of subjects(attempt))
      await tx.run("INSERT INTO signin_failures (subject, at) VALUES (?, ?)", [subject, now]);
    const longest = Math.max(SIGNIN_THROTTLE.account.windowSeconds, SIGNIN_THROTTLE.address.windowSeconds);
    await tx.run("DELETE FROM signin_failures WHERE at <= ?", [now - longest]);
  });
}

/** A successful sign-in forgives the account's failures (the address's stay counted). */
export async function clearAccountFailures(sql: SqlClient, email: string): Promise<void> {
  await sql.run("DELETE FROM signin_failures WHERE subject = ?", [`account:${email}`]);
}
