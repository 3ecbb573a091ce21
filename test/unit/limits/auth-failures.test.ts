import { describe, expect, it } from "vitest";
import { credentialFingerprint } from "../../../src/limits/auth-failures.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { limits, setup } from "./helpers.js";

const refusal = () =>
  new ServiceError("unauthorized", 401, "Unauthorized", { headers: { "WWW-Authenticate": "Bearer" } });
const bad = "Bearer crs_abcd1234_notthesecretnotthesecret00";

describe("authFailures (edge limit per client address and presented credential)", () => {
  it("answers 429 once an (address, key prefix) pair failed 20 times in 5 minutes, until they age out", async () => {
    const t = setup();
    const { authFailures } = t.limiter;
    for (let i = 0; i < 20; i += 1) {
      expect(((await authFailures.failed("203.0.113.7", bad, refusal())) as ServiceError).status).toBe(401);
      t.clock.advance(5);
    }
    const error = (await authFailures.failed("203.0.113.7", bad, refusal())) as ServiceError;
    expect(error.code).toBe("rate_limited");
    expect(error.status).toBe(429);
    // First failure at 0, now 100: it leaves the 300 s window at 300.
    expect(error.retryAfter).toBe(200);
    expect(error.headers?.["Retry-After"]).toBe("200");
    expect(error.headers?.["WWW-Authenticate"]).toBe("Bearer");
    expect(error.detail).not.toMatch(/20|300/);
    // Another address, or another credential from the same address, is counted on its own.
    expect(((await authFailures.failed("198.51.100.1", bad, refusal())) as ServiceError).status).toBe(401);
    const other = "Bearer crs_zzzz9999_notthesecretnotthesecret00";
    expect(((await authFailures.failed("203.0.113.7", other, refusal())) as ServiceError).status).toBe(401);
    t.clock.advance(200);
    expect(((await authFailures.failed("203.0.113.7", bad, refusal())) as ServiceError).status).toBe(401);
  });

  it("passes 403s and non-service errors through, follows overrides and never blocks when limits are off", async () => {
    const small = setup(limits({ authFailures: { max: 2, windowSeconds: 60 } }));
    const forbidden = new ServiceError("insufficient_scope", 403, "Insufficient scope");
    for (let i = 0; i < 5; i += 1)
      expect(await small.limiter.authFailures.failed("::1", bad, forbidden)).toBe(forbidden);
    await small.limiter.authFailures.failed("::1", undefined, refusal());
    await small.limiter.authFailures.failed("::1", undefined, refusal());
    expect(
      ((await small.limiter.authFailures.failed("::1", undefined, refusal())) as ServiceError).retryAfter,
    ).toBe(60);

    const off = setup(limits({ enabled: false, authFailures: { max: 1, windowSeconds: 60 } }));
    for (let i = 0; i < 10; i += 1)
      expect(((await off.limiter.authFailures.failed("::1", bad, refusal())) as ServiceError).status).toBe(
        401,
      );
  });

  it("fingerprints into one of 256 buckets by key prefix or token hash, never keeping the secret", () => {
    expect(credentialFingerprint(bad)).toMatch(/^b:[0-9a-f]{2}$/);
    // Every guess at one key (same prefix, any secret) lands in the same bucket.
    expect(credentialFingerprint("Bearer crs_abcd1234_othersecretothersecret11")).toBe(
      credentialFingerprint(bad),
    );
    expect(credentialFingerprint(undefined)).toBe("none");
    const jwt = credentialFingerprint("Bearer eyJhbGciOi.eyJzdWIi.sig");
    expect(jwt).toMatch(/^b:[0-9a-f]{2}$/);
    const buckets = new Set(Array.from({ length: 5000 }, (_, i) => credentialFingerprint(`Bearer t${i}`)));
    expect(buckets.size).toBeLessThanOrEqual(256);
  });
});
