import { afterEach, describe, expect, it, vi } from "vitest";
import { TimedMemo } from "../../../src/store/timed-memo.js";

describe("TimedMemo", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("keeps values per owner, boxed so that undefined and null are values", () => {
    const memo = new TimedMemo<object, number | undefined>(1000, 10);
    const a = {};
    const b = {};
    memo.set(a, "x", undefined);
    memo.set(a, "y", 2);
    expect(memo.get(a, "x")).toMatchObject({ value: undefined });
    expect(memo.get(a, "y")).toMatchObject({ value: 2 });
    expect(memo.get(a, "z")).toBeUndefined();
    expect(memo.get(b, "y")).toBeUndefined();
  });

  it("forgets a value once it is older than the time to live", () => {
    let now = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const memo = new TimedMemo<object, string>(500, 10);
    const owner = {};
    memo.set(owner, "k", "v");
    now = 1499;
    expect(memo.get(owner, "k")).toMatchObject({ value: "v" });
    now = 1500;
    expect(memo.get(owner, "k")).toBeUndefined();
    memo.set(owner, "k", "w");
    expect(memo.get(owner, "k")).toMatchObject({ value: "w" });
  });

  it("holds at most `size` values per owner, dropping the least recently stored", () => {
    const memo = new TimedMemo<object, number>(10_000, 2);
    const owner = {};
    memo.set(owner, "a", 1);
    memo.set(owner, "b", 2);
    memo.set(owner, "a", 3); // stored again: now the newest
    memo.set(owner, "c", 4);
    expect(memo.get(owner, "b")).toBeUndefined();
    expect(memo.get(owner, "a")).toMatchObject({ value: 3 });
    expect(memo.get(owner, "c")).toMatchObject({ value: 4 });
  });

  it("forget drops every value of one owner only", () => {
    const memo = new TimedMemo<object, number>(10_000, 10);
    const a = {};
    const b = {};
    memo.set(a, "k", 1);
    memo.set(b, "k", 2);
    memo.forget(a);
    expect(memo.get(a, "k")).toBeUndefined();
    expect(memo.get(b, "k")).toMatchObject({ value: 2 });
  });
});
