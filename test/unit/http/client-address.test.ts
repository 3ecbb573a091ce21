import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy, TrustProxyError } from "../../../src/http/client-address.js";
import { redactSecrets } from "../../../src/shared/redact.js";

const req = (socket: string, xff?: string) =>
  ({
    socket: { remoteAddress: socket },
    headers: xff === undefined ? {} : { "x-forwarded-for": xff },
  }) as unknown as IncomingMessage;

describe("client address under CRS_TRUST_PROXY", () => {
  it("off: the socket address, whatever X-Forwarded-For says", () => {
    expect(clientAddress(req("::ffff:127.0.0.1", "10.0.0.9"), parseTrustProxy("off"))).toBe("127.0.0.1");
  });

  it("a hop count believes that many proxies from the right", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress(req("127.0.0.1", "6.6.6.6, 10.0.0.9"), one)).toBe("10.0.0.9");
    expect(clientAddress(req("127.0.0.1"), one)).toBe("127.0.0.1");
    expect(clientAddress(req("127.0.0.1", "6.6.6.6, 10.0.0.9"), parseTrustProxy("2"))).toBe("6.6.6.6");
  });

  it("a CIDR list walks past trusted proxies only, and only when the socket is one", () => {
    const trust = parseTrustProxy("127.0.0.1, 10.0.0.0/8");
    expect(clientAddress(req("127.0.0.1", "6.6.6.6, 203.0.113.5, 10.1.2.3"), trust)).toBe("203.0.113.5");
    expect(clientAddress(req("198.51.100.7", "203.0.113.5"), trust)).toBe("198.51.100.7");
    expect(clientAddress(req("127.0.0.1", "not-an-ip, 10.1.2.3"), trust)).toBe("127.0.0.1");
  });

  it("refuses a value that is neither", () => {
    expect(() => parseTrustProxy("yes please")).toThrow(TrustProxyError);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(TrustProxyError);
    expect(() => parseTrustProxy("99")).toThrow(TrustProxyError);
  });
});

describe("redactSecrets", () => {
  it("keeps a key's public prefix and drops its secret; masks JWTs and bearer values", () => {
    const key = `crs_ab12cd34_${"S".repeat(32)}`;
    expect(redactSecrets(`/foo/${key}/bar`)).toBe("/foo/crs_ab12cd34_[redacted]/bar");
    expect(redactSecrets("/x/eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln")).toBe("/x/[redacted-token]");
    expect(redactSecrets("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [redacted]");
    expect(redactSecrets("/v1/videos/abc")).toBe("/v1/videos/abc");
  });
});
