import { describe, expect, it } from "vitest";
import { limits, rejection, setup } from "./helpers.js";

describe("authFailures (edge limit per client address)", () => {
  it("blocks an address after 20 failures in 5 minutes until they age out", () => {
    const t = setup();
    const { authFailures } = t.limiter;
    for (let i = 0; i < 20; i += 1) {
      authFailures.check("203.0.113.7");
      authFailures.recordFailure("203.0.113.7");
      t.clock.advance(5);
    }
    const error = rejection(() => authFailures.check("203.0.113.7"));
    expect(error.code).toBe("rate_limited");
    expect(error.status).toBe(429);
    // First failure at 0, now 100: it leaves the 300 s window at 300.
    expect(error.retryAfter).toBe(200);
    expect(error.headers?.["Retry-After"]).toBe("200");
    expect(error.detail).not.toMatch(/20|300/);
    expect(() => authFailures.check("198.51.100.1")).not.toThrow();
    t.clock.advance(199);
    expect(() => authFailures.check("203.0.113.7")).toThrow();
    t.clock.advance(1);
    expect(() => authFailures.check("203.0.113.7")).not.toThrow();
  });

  it("follows overrides and never blocks when limits are off", () => {
    const small = setup(limits({ authFailures: { max: 2, windowSeconds: 60 } }));
    small.limiter.authFailures.recordFailure("::1");
    small.limiter.authFailures.recordFailure("::1");
    expect(rejection(() => small.limiter.authFailures.check("::1")).retryAfter).toBe(60);

    const off = setup(limits({ enabled: false, authFailures: { max: 1, windowSeconds: 60 } }));
    for (let i = 0; i < 10; i += 1) off.limiter.authFailures.recordFailure("::1");
    expect(() => off.limiter.authFailures.check("::1")).not.toThrow();
  });
});
