import { createHash } from "node:crypto";
import type { Clock } from "../shared/clock.js";
import { ServiceError } from "../shared/errors.js";
import type { LimitsConfig } from "./config.js";
import type { AtomicWindowStore } from "./windows.js";

/**
 * Edge limiter for failed authentication (throttles guessing): failures are counted per (client address,
 * presented credential fingerprint) — the key prefix of an API key, a hash of any other bearer, `none` when
 * nothing was presented. After `authFailures.max` failures within `authFailures.windowSeconds` (default 20
 * per 300 s) a further failure of that pair is answered 429 instead of 401. The credential is always
 * verified first: a credential that verifies is never refused, so one client behind the same proxy (or a
 * probe, or a misconfigured client) cannot lock out the others.
 */
export interface AuthFailureLimiter {
  /**
   * Counts one failed authentication of `credential` (the raw Authorization header, never stored) from
   * `address`; resolves to the error to answer: `refusal` itself, or 429 rate_limited once the pair is over.
   * Counting and checking are one step of the window store (exact across processes sharing it).
   */
  failed(address: string, authorization: string | string[] | undefined, refusal: unknown): Promise<unknown>;
}

/**
 * What the throttle counts a credential by, never the secret itself: one of 256 buckets per address, chosen by
 * a hash of the API key's prefix (so every guess at one key lands in one bucket) or of any other bearer, or
 * `none`. Bucketing bounds what one address can make the throttle remember, however many values it sends.
 */
export function credentialFingerprint(authorization: string | string[] | undefined): string {
  if (authorization === undefined) return "none";
  const text = Array.isArray(authorization) ? authorization.join(",") : authorization;
  const token = /^\s*Bearer\s+(\S+)/i.exec(text)?.[1] ?? text;
  const identity = /^crs_([a-z0-9]{8})_/.exec(token)?.[1] ?? token;
  return `b:${createHash("sha256").update(identity).digest("hex").slice(0, 2)}`;
}

export function createAuthFailureLimiter(
  clock: Clock,
  config: LimitsConfig,
  windows: AtomicWindowStore,
): AuthFailureLimiter {
  const rule = config.authFailures;
  const now = () => Math.floor(clock.nowSeconds());
  return {
    async failed(address, authorization, refusal) {
      if (!config.enabled) return refusal;
      if (!(refusal instanceof ServiceError) || refusal.status !== 401) return refusal;
      const key = `auth:${address}|${credentialFingerprint(authorization)}`;
      const outcome = await windows.takeAll([{ key, rule }], now());
      if (outcome.taken) return refusal;
      const state = outcome.states[0] as { retryAfter: number };
      const retryAfter = Math.max(1, Math.ceil(state.retryAfter));
      // Values stay out of the message: the contract does not show them to callers.
      return new ServiceError("rate_limited", 429, "Too many failed authentications", {
        detail: "Too many failed authentication attempts with this credential from this address.",
        hint: `Check the credential; retry after ${retryAfter} s.`,
        retryAfter,
        headers: { ...refusal.headers, "Retry-After": String(retryAfter) },
        extra: { control: "authFailures" },
      });
    },
  };
}
