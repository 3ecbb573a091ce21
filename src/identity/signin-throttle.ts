import type { Db } from "../store/connection.js";

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
export function signinBlockedFor(db: Db, attempt: SigninAttempt, now: number): number | null {
  let wait = 0;
  for (const [subject, rule] of subjects(attempt)) {
    const rows = db
      .prepare("SELECT at FROM signin_failures WHERE subject = ? AND at > ? ORDER BY at DESC LIMIT ?")
      .all(subject, now - rule.windowSeconds, rule.max) as { at: number }[];
    const oldestCounted = rows[rule.max - 1];
    if (oldestCounted) wait = Math.max(wait, oldestCounted.at + rule.windowSeconds - now);
  }
  return wait > 0 ? wait : null;
}

export function recordSigninFailure(db: Db, attempt: SigninAttempt, now: number): void {
  db.transaction(() => {
    const insert = db.prepare("INSERT INTO signin_failures (subject, at) VALUES (?, ?)");
    for (const [subject] of subjects(attempt)) insert.run(subject, now);
    const longest = Math.max(SIGNIN_THROTTLE.account.windowSeconds, SIGNIN_THROTTLE.address.windowSeconds);
    db.prepare("DELETE FROM signin_failures WHERE at <= ?").run(now - longest);
  })();
}

/** A successful sign-in forgives the account's failures (the address's stay counted). */
export function clearAccountFailures(db: Db, email: string): void {
  db.prepare("DELETE FROM signin_failures WHERE subject = ?").run(`account:${email}`);
}
