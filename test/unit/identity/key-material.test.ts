import { describe, expect, it } from "vitest";
import {
  digestKey,
  digestsEqual,
  maskKey,
  mintKeyMaterial,
  parseKeyPrefix,
} from "../../../src/identity/key-material.js";

describe("key material", () => {
  it("mints crs_<8-char prefix>_<32 base62> keys with ≥128 bits of secret", () => {
    const { key, prefix } = mintKeyMaterial();
    expect(key).toMatch(/^crs_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(key.startsWith(`crs_${prefix}_`)).toBe(true);
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
  });

  it("never repeats a key across many draws", () => {
    const keys = new Set(Array.from({ length: 2000 }, () => mintKeyMaterial().key));
    expect(keys.size).toBe(2000);
  });

  it("parses the prefix only from a well-formed key", () => {
    const { key, prefix } = mintKeyMaterial();
    expect(parseKeyPrefix(key)).toBe(prefix);
    expect(parseKeyPrefix(`${key}x`)).toBeNull();
    expect(parseKeyPrefix("crs_short_abc")).toBeNull();
    expect(parseKeyPrefix(key.replace("crs_", "sk_"))).toBeNull();
  });

  it("digests as v1: + hex HMAC-SHA256, depending on the pepper", () => {
    const { key } = mintKeyMaterial();
    const digest = digestKey(key, "pepper-one-000000");
    expect(digest).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(digest).not.toContain(key.slice(13));
    expect(digestKey(key, "pepper-two-000000")).not.toBe(digest);
    expect(digestsEqual(digest, digestKey(key, "pepper-one-000000"))).toBe(true);
    expect(digestsEqual(digest, `${digest}0`)).toBe(false);
  });

  it("masks a key to its prefix", () => {
    expect(maskKey("ab12cd34")).toBe("crs_ab12cd34_…");
  });
});
