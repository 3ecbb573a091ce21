import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, LimitsConfigError, parseLimitsConfig } from "../../../src/limits/index.js";

describe("parseLimitsConfig", () => {
  it("gives the contract's table for 'default' and an empty value", () => {
    for (const value of ["default", "", "  default "]) {
      const config = parseLimitsConfig(value);
      expect(config).toEqual(DEFAULT_LIMITS);
      expect(config.burst).toEqual({ max: 15, windowSeconds: 10 });
      expect(config.perCredential).toEqual({ max: 60, windowSeconds: 60 });
      expect(config.perOrg).toEqual({ max: 120, windowSeconds: 60 });
      expect(config.dailyContent.max).toBe(2000);
      expect(config.analystHourlyCredential).toEqual({ max: 10, windowSeconds: 3600 });
      expect(config.analystHourlyOrg).toEqual({ max: 20, windowSeconds: 3600 });
      expect(config.analystConcurrency.max).toBe(2);
      expect(config.analystMonthlyDefault.max).toBe(100);
    }
  });

  it("returns a copy, so changing it never changes the defaults", () => {
    parseLimitsConfig("default").burst.max = 1;
    expect(DEFAULT_LIMITS.burst.max).toBe(15);
  });

  it("disables enforcement for 'off' and keeps the figures for reporting", () => {
    const config = parseLimitsConfig("off");
    expect(config.enabled).toBe(false);
    expect(config.burst.max).toBe(15);
  });

  it("overrides single controls field by field from JSON", () => {
    const config = parseLimitsConfig(
      '{"burst":{"max":3},"dailyContent":{"max":5},"perOrg":{"windowSeconds":2}}',
    );
    expect(config.enabled).toBe(true);
    expect(config.burst).toEqual({ max: 3, windowSeconds: 10 });
    expect(config.dailyContent.max).toBe(5);
    expect(config.perOrg).toEqual({ max: 120, windowSeconds: 2 });
    expect(config.perCredential).toEqual(DEFAULT_LIMITS.perCredential);
  });

  it("rejects invalid JSON with a message naming the accepted forms", () => {
    expect(() => parseLimitsConfig("{burst: 3")).toThrow(LimitsConfigError);
    expect(() => parseLimitsConfig("{burst: 3")).toThrow(/'default', 'off' or a JSON object/);
    expect(() => parseLimitsConfig("sometimes")).toThrow(/invalid JSON/);
  });

  it("rejects unknown controls and fields, listing the control names", () => {
    expect(() => parseLimitsConfig('{"bursts":{"max":1}}')).toThrow(
      /unknown bursts.*Controls: burst, perCredential/,
    );
    expect(() => parseLimitsConfig('{"burst":{"limit":1}}')).toThrow(/burst: unknown limit/);
  });

  it("rejects values out of range or of the wrong type", () => {
    expect(() => parseLimitsConfig('{"burst":{"max":-1}}')).toThrow(/burst\.max/);
    expect(() => parseLimitsConfig('{"burst":{"windowSeconds":0}}')).toThrow(/burst\.windowSeconds/);
    expect(() => parseLimitsConfig('{"burst":{"max":1.5}}')).toThrow(LimitsConfigError);
    expect(() => parseLimitsConfig("[1]")).toThrow(LimitsConfigError);
  });
});
