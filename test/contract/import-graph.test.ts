import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

describe("the import graph of src/", () => {
  it("has no cycle and no upward import between layers (.ci/check-imports.mjs)", () => {
    const out = execFileSync(process.execPath, [join(root, ".ci", "check-imports.mjs")], {
      stdio: "pipe",
      encoding: "utf8",
    });
    expect(out).toMatch(/no cycles, no upward imports/);
  });
});
