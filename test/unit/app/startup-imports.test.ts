import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The packages only some deployments use load when configured (jose: with the first OAuth token), not at
// every start (`crs mcp` answered `initialize` in 1.54 s with them, 1.16 s without the first four).
const OPTIONAL = ["@anthropic-ai/sdk", "ioredis", "pg", "pg-copy-streams", "jose"];

const dir = mkdtempSync(join(tmpdir(), "crs-startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bare package names the built modules import while `entry` (under dist/) is loaded and `code` runs. */
function packagesLoaded(entry: string, code = ""): string[] {
  const log = join(dir, `${entry.replace(/\W/g, "_")}.log`);
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!specifier.startsWith(".") && !specifier.startsWith("node:") && !specifier.startsWith("file:"))
    appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}`,
  );
  const register = join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hooks).href)});`,
  );
  writeFileSync(log, "");
  const url = pathToFileURL(join(process.cwd(), "dist", entry)).href;
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      pathToFileURL(register).href,
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(url)});${code}`,
    ],
    { encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  return [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))];
}

const packageOf = (specifier: string) =>
  specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : (specifier.split("/")[0] as string);

describe("what a start loads", () => {
  it.each(["cli/mcp.js", "cli/serve.js", "app/server.js"])(
    "%s loads neither the Claude SDK, ioredis, the PostgreSQL driver nor jose",
    (entry) => {
      const loaded = packagesLoaded(entry).map(packageOf);
      // The probe sees the imports (the MCP SDK is imported by both entries).
      expect(loaded).toContain("@modelcontextprotocol/server");
      for (const name of OPTIONAL) expect(loaded).not.toContain(name);
    },
  );

  it("the modules that need them still load them", () => {
    const loaded = packagesLoaded(
      "app/core.js",
      `await import(${JSON.stringify(pathToFileURL(join(process.cwd(), "dist/app/backend.js")).href)});` +
        ["analyst/anthropic/engine.js", "limits/redis.js", "store/postgres/connection.js"]
          .map((m) => `await import(${JSON.stringify(pathToFileURL(join(process.cwd(), "dist", m)).href)});`)
          .join(""),
    ).map(packageOf);
    for (const name of ["@anthropic-ai/sdk", "ioredis", "pg"]) expect(loaded).toContain(name);
  });
});
