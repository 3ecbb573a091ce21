import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * CSRF tokens. Signed in: the session's own synchronizer token (random, kept in the session row). Before
 * sign-in (the sign-in and invitation forms): an HMAC, under the server secret, of a random value held in an
 * HttpOnly cookie, so a page elsewhere can neither read nor forge the pair.
 */
export const newPreSessionValue = (): string => randomBytes(24).toString("base64url");

export const preSessionToken = (secret: string, cookieValue: string): string =>
  createHmac("sha256", secret).update(`settings-csrf:${cookieValue}`, "utf8").digest("base64url");

/** Constant-time equality of a submitted token and the expected one; anything missing is a mismatch. */
export function tokensMatch(submitted: unknown, expected: string | undefined): boolean {
  if (typeof submitted !== "string" || !expected || submitted.length === 0) return false;
  const a = Buffer.from(submitted, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A state-changing request's Origin, when the browser sent one, must be this site: the public origin or the
 * origin the request itself was addressed to.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  return allowed.includes(origin.replace(/\/+$/, ""));
}
