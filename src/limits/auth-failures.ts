import type { Clock } from "../clock.js";
import { ServiceError } from "../errors.js";
import type { LimitsConfig } from "./config.js";
import type { WindowStore } from "./windows.js";

/**
 * Edge limiter for failed authentication per client address (throttles key guessing): after
 * `authFailures.max` failures within `authFailures.windowSeconds` (default 20 per 300 s), the address
 * is refused until enough failures have aged out of the window. Successful calls never count.
 */
export interface AuthFailureLimiter {
  /** Throws 429 rate_limited with Retry-After when the address is blocked; call before authenticating. */
  check(ip: string): void;
  /** Counts one failed authentication from the address. */
  recordFailure(ip: string): void;
}

export function createAuthFailureLimiter(
  clock: Clock,
  config: LimitsConfig,
  windows: WindowStore,
): AuthFailureLimiter {
  const rule = config.authFailures;
  const key = (ip: string) => `auth:${ip}`;
  const now = () => Math.floor(clock.nowSeconds());
  return {
    check(ip) {
      if (!config.enabled) return;
      const state = windows.peek(key(ip), rule, now());
      if (state.remaining > 0) return;
      const retryAfter = Math.max(1, Math.ceil(state.retryAfter));
      // Values stay out of the message: the contract does not show them to callers.
      throw new ServiceError("rate_limited", 429, "Too many failed authentications", {
        detail: "Too many failed authentication attempts from this address.",
        hint: `Check the credential; retry after ${retryAfter} s.`,
        retryAfter,
        headers: { "Retry-After": String(retryAfter) },
        extra: { control: "authFailures" },
      });
    },
    recordFailure(ip) {
      if (!config.enabled) return;
      windows.take(key(ip), rule, now());
    },
  };
}
