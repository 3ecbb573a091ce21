#!/usr/bin/env node
import { CliError, UsageRequested } from "./cli/common.js";

/** The `crs` command: each sub-command lives in src/cli/<name>.ts and exports run(args). */
const COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }
> = {
  serve: {
    summary: "serve REST (/v1), MCP (/mcp), /openapi.json, /healthz, /metrics",
    load: () => import("./cli/serve.js"),
  },
  mcp: { summary: "MCP over stdio (credential from CRS_API_KEY)", load: () => import("./cli/mcp.js") },
  "mcp-config": {
    summary: "print an MCP host's configuration (claude-desktop, claude-code, cursor, vscode)",
    load: () => import("./cli/mcp-config.js"),
  },
  init: {
    summary: "create the schema, the embedded corpus and a first key",
    load: () => import("./cli/init.js"),
  },
  import: {
    summary: "import scraped items (apify, collector, tiktok-web, research-api, jsonl)",
    load: () => import("./cli/import.js"),
  },
  migrate: {
    summary: "migrate --from FILE --to postgres://…: copy an embedded deployment to PostgreSQL, verified",
    load: () => import("./cli/migrate.js"),
  },
  classify: { summary: "re-run the label models over the corpus", load: () => import("./cli/classify.js") },
  trends: { summary: "trends build: (re)build trend reports", load: () => import("./cli/trends.js") },
  orgs: { summary: "orgs create|list|set", load: () => import("./cli/orgs.js") },
  users: {
    summary: "users create|invite EMAIL --org NAME, users set-password EMAIL",
    load: () => import("./cli/users.js"),
  },
  keys: { summary: "keys reveal|create|list|rotate|revoke", load: () => import("./cli/keys.js") },
  "oauth-clients": { summary: "oauth-clients add|list|remove", load: () => import("./cli/oauth-clients.js") },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: crs <command> [options]\n\ncommands:\n${lines.join("\n")}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`crs: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  const module = await command.load();
  return module.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageRequested) {
      process.stdout.write(`${error.message}\n`);
      process.exitCode = 0;
      return;
    }
    const message =
      error instanceof CliError ? error.message : `unexpected failure: ${(error as Error)?.message ?? error}`;
    process.stderr.write(`crs: ${message}\n`);
    if (!(error instanceof CliError) && process.env.CRS_DEBUG)
      process.stderr.write(`${(error as Error)?.stack}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
    // Whatever a failed start left open (a connection, a worker thread) must not keep a failed command alive.
    setTimeout(() => process.exit(), 2_000).unref();
  },
);
