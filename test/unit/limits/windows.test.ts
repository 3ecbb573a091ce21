import { describe, expect, it } from "vitest";
import { MemoryWindowStore } from "../../../src/limits/index.js";

const rule = { max: 3, windowSeconds: 10 };

describe("MemoryWindowStore", () => {
  it("counts units in a sliding window and says when one more fits", () => {
    const store = new MemoryWindowStore();
    expect(store.peek("k", rule, 100)).toEqual({ used: 0, remaining: 3, retryAfter: 0, resetIn: 0 });
    store.take("k", rule, 100);
    store.take("k", rule, 100);
    store.take("k", rule, 104);
    expect(store.peek("k", rule, 105)).toEqual({ used: 3, remaining: 0, retryAfter: 5, resetIn: 9 });
    // Both units of second 100 leave together at 110.
    expect(store.peek("k", rule, 110)).toEqual({ used: 1, remaining: 2, retryAfter: 0, resetIn: 4 });
    expect(store.peek("k", rule, 114)).toEqual({ used: 0, remaining: 3, retryAfter: 0, resetIn: 0 });
  });

  it("a max of 0 never has room", () => {
    const store = new MemoryWindowStore();
    expect(store.peek("k", { max: 0, windowSeconds: 10 }, 100).remaining).toBe(0);
    expect(store.peek("k", { max: 0, windowSeconds: 10 }, 100).retryAfter).toBe(10);
  });

  it("forgets idle keys, so memory follows active callers only", () => {
    const store = new MemoryWindowStore();
    for (let i = 0; i < 50; i += 1) store.take(`caller-${i}`, rule, 100);
    expect(store.size).toBe(50);
    store.take("active", rule, 200);
    expect(store.size).toBe(1);
  });
});
