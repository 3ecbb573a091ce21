import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/store/connection.js";
import { allTools } from "../../src/tools/index.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// `crs mcp-config` prints what a host runs; these tests run exactly that, the way a host does: from its own
// working directory (a fresh temp dir), with the real SDK client, and check nothing is left in that directory.

const CLI = resolve("dist/cli.js");
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

type ToolResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: { data: { id: string }[] };
};
interface StdioEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

let file: string;
let key: string;
beforeAll(() => {
  const dir = tempDir("crs-mcp-config-db-");
  file = join(dir, "crs.sqlite");
  const out = execFileSync(process.execPath, [CLI, "init", "--db", file, "--videos", "200", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  key = (JSON.parse(out) as { key: { secret: string } }).key.secret;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `crs mcp-config …` run from `cwd` (a host's own directory): stdout and stderr. */
function mcpConfig(args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = execFileSync(process.execPath, [CLI, "mcp-config", ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return result;
}

/** The words of a POSIX shell line as `crs mcp-config --client claude-code` prints it (bare or '…'). */
function shellWords(line: string): string[] {
  return [...line.trim().matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] ?? ""),
  );
}

/** The stdio entry of each host's printed configuration. */
function stdioEntryOf(client: string, printed: string): StdioEntry {
  if (client === "claude-code") {
    const words = shellWords(printed);
    expect(words.slice(0, 3)).toEqual(["claude", "mcp", "add"]);
    const dash = words.indexOf("--");
    const env: Record<string, string> = {};
    words.forEach((word, i) => {
      if (word === "--env") {
        const [name, ...value] = (words[i + 1] ?? "").split("=");
        env[name ?? ""] = value.join("=");
      }
    });
    expect(words[dash - 1]).toBe("creative-research");
    return { command: words[dash + 1] ?? "", args: words.slice(dash + 2), env };
  }
  const json = JSON.parse(printed) as {
    mcpServers?: Record<string, StdioEntry>;
    servers?: Record<string, StdioEntry & { type: string }>;
  };
  const entry =
    client === "vscode" ? json.servers?.["creative-research"] : json.mcpServers?.["creative-research"];
  if (client === "vscode") expect((entry as { type?: string }).type).toBe("stdio");
  if (!entry) throw new Error(`no creative-research entry in ${printed}`);
  return entry;
}

/** Starts the entry exactly as a host does, from `cwd`, with the real SDK client. */
async function connectEntry(entry: StdioEntry, cwd: string) {
  const client = new Client({ name: "crs-host", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent", ...entry.env },
    cwd,
    stderr: "pipe",
  });
  const stderr: string[] = [];
  transport.stderr?.on("data", (chunk) => stderr.push(String(chunk)));
  await client.connect(transport);
  return { client, stderr };
}

describe("crs mcp-config: the printed stdio entry works from any working directory", () => {
  it.each(["claude-desktop", "cursor", "vscode", "claude-code"])("%s", async (host) => {
    const configDir = tempDir("crs-host-config-");
    const printed = mcpConfig(["--client", host, "--db", file, "--key", key], configDir);
    const entry = stdioEntryOf(host, printed);
    expect(entry.command).toBe(process.execPath);
    expect(entry.args).toEqual([CLI, "mcp"]);
    expect(entry.env).toEqual({ CRS_DB: file, CRS_API_KEY: key });

    const hostDir = tempDir("crs-host-cwd-");
    const { client } = await connectEntry(entry, hostDir);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(allTools.length);
    const found = (await client.callTool({
      name: "service_search_videos",
      arguments: { limit: 2 },
    })) as ToolResult;
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent?.data).toHaveLength(2);
    await client.close();
    expect(readdirSync(hostDir)).toEqual([]);
    expect(readdirSync(configDir)).toEqual([]);
  });

  it("resolves the default database against the working directory and writes nothing there", () => {
    const cwd = tempDir("crs-host-default-");
    const printed = JSON.parse(mcpConfig([], cwd)) as { mcpServers: Record<string, StdioEntry> };
    const entry = printed.mcpServers["creative-research"];
    expect(entry?.env.CRS_DB).toBe(join(cwd, "data", "crs.sqlite"));
    expect(entry?.env.CRS_API_KEY).toBe("PASTE_YOUR_CRS_API_KEY_HERE");
    expect(readdirSync(cwd)).toEqual([]);
    const fromEnv = JSON.parse(mcpConfig(["--client", "cursor"], cwd, { CRS_DB: "rel/x.sqlite" })) as {
      mcpServers: Record<string, StdioEntry>;
    };
    expect(fromEnv.mcpServers["creative-research"]?.env.CRS_DB).toBe(join(cwd, "rel", "x.sqlite"));
  });

  it("keeps a PostgreSQL URL as a URL, without its password", () => {
    const cwd = tempDir("crs-host-pg-");
    const printed = JSON.parse(mcpConfig(["--db", "postgres://crs:s3cret-pw@db.internal:5432/crs"], cwd)) as {
      mcpServers: Record<string, StdioEntry>;
    };
    expect(printed.mcpServers["creative-research"]?.env.CRS_DB).toBe("postgres://crs@db.internal:5432/crs");
    expect(JSON.stringify(printed)).not.toContain("s3cret-pw");
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("with the placeholder key, calls fail as a credential problem that names CRS_API_KEY (not headers)", async () => {
    const entry = stdioEntryOf("claude-desktop", mcpConfig(["--db", file], tempDir("crs-host-config-")));
    const { client } = await connectEntry(entry, tempDir("crs-host-cwd-"));
    const denied = (await client.callTool({ name: "service_list_trends", arguments: {} })) as ToolResult;
    expect(denied.isError).toBe(true);
    const text = denied.content[0]?.text ?? "";
    expect(text).toMatch(/unauthorized, HTTP 401/);
    expect(text).toMatch(/CRS_API_KEY/);
    expect(text).not.toMatch(/Authorization|header/i);
    await client.close();
  });

  it("the host may be named alone, as `crs --help` lists them: the same output as --client", () => {
    const cwd = tempDir("crs-host-positional-");
    for (const host of ["claude-desktop", "claude-code", "cursor", "vscode"])
      expect(mcpConfig([host, "--db", file, "--key", key], cwd)).toEqual(
        mcpConfig(["--client", host, "--db", file, "--key", key], cwd),
      );
  });

  it("refuses an unknown host, a bad URL and --db with --remote, one line each", () => {
    const cwd = tempDir("crs-host-bad-");
    for (const [args, message] of [
      [["--client", "zed"], /the host must be one of claude-desktop, claude-code, cursor, vscode, not 'zed'/],
      [["zed"], /the host must be one of claude-desktop, claude-code, cursor, vscode, not 'zed'/],
      [["cursor", "vscode"], /name one host, not 2/],
      [["cursor", "--client", "vscode"], /the host is named twice/],
      [["--remote", "ftp://x"], /--remote must be an http\(s\) URL/],
      [["--remote", "https://u:p@x/mcp"], /must not carry credentials/],
      [["--remote", "https://x/mcp", "--db", file], /give one of them/],
    ] as const) {
      expect(() => mcpConfig([...args], cwd)).toThrow(message);
    }
  });
});

describe("crs mcp-config --remote: the Streamable HTTP entry with an Authorization header", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ videos: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(["cursor", "vscode"])("%s: the printed url and headers reach the server", async (host) => {
    const printed = JSON.parse(
      mcpConfig(["--client", host, "--remote", t.url, "--key", t.key], tempDir("crs-r-")),
    ) as {
      mcpServers?: Record<string, { url: string; headers: Record<string, string> }>;
      servers?: Record<string, { type: string; url: string; headers: Record<string, string> }>;
    };
    const entry = (printed.servers ?? printed.mcpServers)?.["creative-research"];
    if (!entry) throw new Error("no entry");
    expect(entry.url).toBe(`${t.url}/mcp`);
    expect(entry.headers).toEqual({ Authorization: `Bearer ${t.key}` });
    if (host === "vscode") expect(printed.servers?.["creative-research"]?.type).toBe("http");
    const client = new Client(
      { name: "crs-host", version: "1.0.0" },
      { versionNegotiation: { mode: "auto" } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } }),
    );
    const found = (await client.callTool({
      name: "service_search_videos",
      arguments: { limit: 1 },
    })) as ToolResult;
    expect(found.isError).toBeFalsy();
    await client.close();
  });

  it("claude-code: a `claude mcp add --transport http` line with the header; claude-desktop: the mcp-remote bridge", () => {
    const line = mcpConfig(["--client", "claude-code", "--remote", t.url, "--key", t.key], tempDir("crs-r-"));
    expect(shellWords(line)).toEqual([
      "claude",
      "mcp",
      "add",
      "--scope",
      "user",
      "--transport",
      "http",
      "creative-research",
      `${t.url}/mcp`,
      "--header",
      `Authorization: Bearer ${t.key}`,
    ]);
    const desktop = JSON.parse(mcpConfig(["--remote", t.url, "--key", t.key], tempDir("crs-r-"))) as {
      mcpServers: Record<string, StdioEntry>;
    };
    const bridge = desktop.mcpServers["creative-research"];
    expect(bridge?.args).toContain(`${t.url}/mcp`);
    expect(bridge?.env).toEqual({ CRS_AUTH_HEADER: `Bearer ${t.key}` });
    expect(bridge?.args.join(" ")).not.toContain(t.key);
  });
});

describe("crs mcp never creates a database", () => {
  /** `crs mcp` started by a host from `cwd` with `env`. */
  async function hostStart(cwd: string, env: Record<string, string>) {
    return connectEntry(
      { command: process.execPath, args: [CLI, "mcp"], env: { CRS_API_KEY: key, ...env } },
      cwd,
    );
  }

  it("a missing database: nothing is created, every call names the path and `crs init`, said once on stderr", async () => {
    const cwd = tempDir("crs-nodb-");
    const { client, stderr } = await hostStart(cwd, {});
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(allTools.length);
    const expected = join(cwd, "data", "crs.sqlite");
    for (const name of ["service_search_videos", "service_get_usage"]) {
      const res = (await client.callTool({ name, arguments: {} })) as ToolResult;
      expect(res.isError).toBe(true);
      const text = res.content[0]?.text ?? "";
      expect(text).toContain(`The database ${expected} does not exist`);
      expect(text).toContain(`crs init --db ${expected}`);
      expect(text).toMatch(/database_unavailable/);
      expect(text).not.toMatch(/unauthorized|HTTP 401|Authorization/i);
    }
    await client.close();
    expect(readdirSync(cwd)).toEqual([]);
    const said = stderr.join("");
    expect(said.match(/does not exist/g)).toHaveLength(1);
    expect(said).toContain(expected);
  });

  it("an empty file or a schema without data: named as such, left as it was", async () => {
    const dir = tempDir("crs-emptydb-");
    const empty = join(dir, "empty.sqlite");
    writeFileSync(empty, "");
    const bare = join(dir, "bare.sqlite");
    openDb(bare).close();
    const bareSize = statSync(bare).size;
    for (const [db, message] of [
      [empty, `The database ${empty} is empty`],
      [bare, `The database ${bare} is empty (no corpus, no organisation)`],
    ] as const) {
      const { client } = await hostStart(tempDir("crs-host-cwd-"), { CRS_DB: db });
      const res = (await client.callTool({ name: "service_list_trends", arguments: {} })) as ToolResult;
      expect(res.isError).toBe(true);
      expect(res.content[0]?.text).toContain(message);
      expect(res.content[0]?.text).toContain(`crs init --db ${db}`);
      await client.close();
    }
    expect(statSync(empty).size).toBe(0);
    expect(statSync(bare).size).toBe(bareSize);
    expect(readdirSync(dir).sort()).toEqual(["bare.sqlite", "empty.sqlite"]);
  });
});
