import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const auth = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

/** The SDK v2 client negotiating the 2026-07-28 protocol. */
export async function connectModern(baseUrl: string, key: string): Promise<Client> {
  const client = new Client(
    { name: "crs-e2e-modern", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: auth(key) }),
  );
  return client;
}

/** The v1 SDK client (2025-11-25, stateless Streamable HTTP). */
export async function connectLegacy(baseUrl: string, key: string): Promise<V1Client> {
  const client = new V1Client({ name: "crs-e2e-legacy", version: "1.0.0" });
  await client.connect(new V1Transport(new URL(`${baseUrl}/mcp`), { requestInit: auth(key) }));
  return client;
}

/** The v2 client over stdio against `node dist/cli.js mcp` (needs a build). */
/** `crs mcp` over stdio on `dbFile` (a SQLite file or a postgres:// URL, as CRS_DB takes). */
export async function connectStdio(dbFile: string, key: string | undefined): Promise<Client> {
  const client = new Client(
    { name: "crs-e2e-stdio", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    CRS_DB: dbFile,
    CRS_LOG_LEVEL: "silent",
  };
  if (key) env.CRS_API_KEY = key;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["dist/cli.js", "mcp"],
      env,
      stderr: "pipe",
    }),
  );
  return client;
}
