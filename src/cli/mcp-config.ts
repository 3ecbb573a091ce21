import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describeUrl, isPostgresUrl } from "../store/postgres/url.js";
import { CliError, commandConfig, parseCommand } from "./common.js";
import { databaseProblem } from "./database-check.js";

/** The hosts `crs mcp-config` knows, each with the shape its configuration file (or command) expects. */
export const CLIENTS = ["claude-desktop", "claude-code", "cursor", "vscode"] as const;
export type Client = (typeof CLIENTS)[number];

/** The server's name in every host's configuration. */
export const SERVER_NAME = "creative-research";
/** Stands for the key when --key is not given: unmistakably not a key (a call with it answers 401). */
export const KEY_PLACEHOLDER = "PASTE_YOUR_CRS_API_KEY_HERE";
/** The stdio→Streamable HTTP bridge Claude Desktop needs for a remote server with a bearer header. */
const MCP_REMOTE = "mcp-remote@0.15.1";

/** This installation's `dist/cli.js`, absolute, wherever the command runs from. */
export const cliPath = (): string => fileURLToPath(new URL("../cli.js", import.meta.url));

export interface McpConfigOptions {
  client: Client;
  /** Absolute database path (stdio). */
  db: string;
  /** The /mcp URL (remote). */
  remote?: string;
  key?: string;
  node: string;
  cli: string;
}

interface StdioEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

function stdioEntry(o: McpConfigOptions, key: string): StdioEntry {
  return { command: o.node, args: [o.cli, "mcp"], env: { CRS_DB: o.db, CRS_API_KEY: key } };
}

/** A word for a POSIX shell: bare when safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_\-./:=@%+,]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The configuration text for one host: JSON for the config-file hosts, a `claude mcp add` line for Claude Code. */
export function renderMcpConfig(o: McpConfigOptions): string {
  const key = o.key ?? KEY_PLACEHOLDER;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  if (o.client === "claude-code") {
    const words = o.remote
      ? ["claude", "mcp", "add", "--scope", "user", "--transport", "http", SERVER_NAME, o.remote]
          .map(shellWord)
          .concat(["--header", shellWord(`Authorization: Bearer ${key}`)])
      : [
          "claude",
          "mcp",
          "add",
          "--scope",
          "user",
          "--transport",
          "stdio",
          "--env",
          `CRS_DB=${o.db}`,
          "--env",
          `CRS_API_KEY=${key}`,
          SERVER_NAME,
          "--",
          o.node,
          o.cli,
          "mcp",
        ].map(shellWord);
    return `${words.join(" ")}\n`;
  }
  if (o.client === "vscode") {
    // VS Code prompts for the key once and keeps it in its secret storage when none is given.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's input variable, substituted by VS Code
    const secret = o.key ?? "${input:crs-api-key}";
    const inputs = o.key
      ? undefined
      : [
          {
            type: "promptString",
            id: "crs-api-key",
            description: "Creative Research Service API key",
            password: true,
          },
        ];
    const server = o.remote
      ? { type: "http", url: o.remote, headers: { Authorization: `Bearer ${secret}` } }
      : { type: "stdio", ...stdioEntry(o, secret) };
    return json({ ...(inputs ? { inputs } : {}), servers: { [SERVER_NAME]: server } });
  }
  if (o.client === "cursor") {
    const server = o.remote
      ? { url: o.remote, headers: { Authorization: `Bearer ${key}` } }
      : stdioEntry(o, key);
    return json({ mcpServers: { [SERVER_NAME]: server } });
  }
  // Claude Desktop's file starts local (stdio) servers only: a remote server with a bearer header goes
  // through the mcp-remote bridge, the header passed by environment so the key stays out of the arguments.
  const server = o.remote
    ? {
        command: "npx",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: expanded by mcp-remote from env
        args: ["-y", MCP_REMOTE, o.remote, "--header", "Authorization:${CRS_AUTH_HEADER}"],
        env: { CRS_AUTH_HEADER: `Bearer ${key}` },
      }
    : stdioEntry(o, key);
  return json({ mcpServers: { [SERVER_NAME]: server } });
}

/** `http(s)://host[:port][/path]` → the /mcp endpoint URL (an origin gets `/mcp` appended). */
export function remoteUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(
      `--remote must be an http(s) URL such as https://crs.example.com/mcp, not '${raw.slice(0, 80)}'`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`--remote must be an http(s) URL, not '${url.protocol}'`);
  if (url.username || url.password || url.search)
    throw new CliError("--remote must not carry credentials or a query string; pass the key with --key");
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/mcp";
  return url.href;
}

const WHERE: Record<Client, string> = {
  "claude-desktop":
    "Merge into claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/, Windows: %APPDATA%\\Claude\\, Linux: ~/.config/Claude/) and restart Claude Desktop.",
  "claude-code": "Run this command once; `claude mcp list` shows the server.",
  cursor: "Merge into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project).",
  vscode:
    "Merge into .vscode/mcp.json (one workspace) or the user mcp.json (command 'MCP: Open User Configuration').",
};

const USAGE =
  "usage: crs mcp-config [--client claude-desktop|claude-code|cursor|vscode] [--db FILE] [--remote URL] [--key KEY]\n" +
  "       (the host may also be named alone: crs mcp-config claude-code)\n";

/** `crs mcp-config`: prints a host's MCP configuration on stdout (notes on stderr); writes no file. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    client: { type: "string" },
    remote: { type: "string" },
    key: { type: "string" },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  // `crs mcp-config claude-code`, as `crs --help` lists the hosts: the same as --client claude-code.
  if (positionals.length > 1)
    throw new CliError(
      `name one host, not ${positionals.length}: crs mcp-config [--client] ${CLIENTS.join("|")}`,
    );
  const named = positionals[0];
  if (named !== undefined && values.client !== undefined && named !== values.client)
    throw new CliError(
      `the host is named twice ('${named.slice(0, 40)}' and --client ${values.client.slice(0, 40)}): give one`,
    );
  const client = named ?? values.client ?? "claude-desktop";
  if (!(CLIENTS as readonly string[]).includes(client))
    throw new CliError(`the host must be one of ${CLIENTS.join(", ")}, not '${client.slice(0, 40)}'`);
  if (values.remote !== undefined && values.db !== undefined)
    throw new CliError(
      "--db is for the local (stdio) entry and --remote for a server's /mcp: give one of them",
    );
  const key = values.key === undefined ? undefined : values.key.trim();
  if (key !== undefined && !/^\S+$/.test(key)) throw new CliError("--key must be one API key without spaces");
  const config = commandConfig(values);
  const postgres = isPostgresUrl(config.db);
  // A PostgreSQL URL goes into the host's file without its password (PGPASSWORD in the entry's env instead).
  const db = postgres ? withoutPassword(config.db) : resolve(config.db);
  const options: McpConfigOptions = {
    client: client as Client,
    db,
    remote: values.remote === undefined ? undefined : remoteUrl(values.remote),
    key,
    node: process.execPath,
    cli: cliPath(),
  };
  process.stdout.write(renderMcpConfig(options));

  const notes = [WHERE[options.client]];
  if (!options.remote && postgres)
    notes.push(
      `The entry reaches PostgreSQL at ${describeUrl(db)}: add PGPASSWORD to its env in the host's configuration if the server asks for a password (never put it in the URL).`,
    );
  if (!options.remote && !postgres) {
    const problem = databaseProblem(db);
    if (problem)
      notes.push(`Warning: ${problem}; create it with \`crs init --db ${db}\` (add --empty for real data).`);
  }
  if (options.key === undefined) {
    notes.push(
      options.client === "vscode"
        ? "VS Code asks for the API key on first start and keeps it in its secret storage."
        : `Replace ${KEY_PLACEHOLDER} with an API key (\`crs keys reveal --org default --user admin@localhost\`, or the key \`crs init\` printed), or pass --key.`,
    );
  }
  if (options.client === "claude-desktop" && options.remote)
    notes.push(
      `Claude Desktop's file starts local servers only, so the remote entry runs the ${MCP_REMOTE} bridge through npx.`,
    );
  if (!options.remote)
    notes.push(
      `The entry runs ${options.node}; if that Node installation moves (a version manager upgrade), print the configuration again.`,
    );
  process.stderr.write(`${notes.join("\n")}\n`);
  return 0;
}

/** The URL with no password in it (user, host, port, database and options kept). */
function withoutPassword(value: string): string {
  const url = new URL(value);
  url.password = "";
  url.searchParams.delete("password");
  return url.toString();
}
