import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, publicUrls } from "../../src/config/index.js";
import { buildOpenApi, serialiseOpenApi } from "../../src/openapi/build.js";
import { allTools } from "../../src/tools/index.js";

const root = join(import.meta.dirname, "..", "..");

describe("registry-derived documents", () => {
  it("the committed OpenAPI document (resources/openapi.json) is what the registry gives", () => {
    const built = serialiseOpenApi(
      buildOpenApi(allTools, publicUrls(loadConfig({ env: {}, flags: { db: ":memory:" } }))),
    );
    const committed = readFileSync(join(root, "resources", "openapi.json"), "utf8");
    // On a difference: npm run docs, review, commit.
    expect(committed === built).toBe(true);
  });

  it("the tool tables of the guides and the README match the registry (npm run docs:check)", () => {
    // Throws (non-zero exit) on drift; the message names the file.
    expect(() =>
      execFileSync(process.execPath, [join(root, ".ci", "gen-docs.mjs"), "--check"], { stdio: "pipe" }),
    ).not.toThrow();
  });
});
