import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { type Clock, systemClock } from "./clock.js";
import { type Config, publicUrls } from "./config/index.js";
import { createServiceCore, type ServiceCore } from "./core.js";
import { type AppParts, createApp } from "./http/app.js";
import { createFastMcp } from "./http/fast-mcp.js";
import { createFastRest } from "./http/fast-rest.js";
import { protectedResourceMetadata } from "./identity/protected-resource.js";
import { logger } from "./log.js";
import { createHttpMcpHandler } from "./mcp/server.js";
import { type Db, openDb } from "./store/connection.js";

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  core: ServiceCore;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** An already-open database (tests); otherwise config.db is opened. */
  db?: Db;
  /** Answer REST tool GETs and MCP POSTs before express (default true; tests turn it off to compare). */
  fastPaths?: boolean;
}

/** REST under /v1, MCP at /mcp and the public documents, on one HTTP server. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const db = options.db ?? openDb(config.db);

  const server: Server = createServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0; // analyst streams run for minutes
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urls = publicUrls(config, port);
  const core = createServiceCore(config, db, urls, clock);

  const mcpHandler = createHttpMcpHandler(
    { registry: core.registry, guides: core.guides, prompts: core.prompts, openapiJson: core.openapiJson },
    config.analystHeartbeatMs,
  );
  const mcpNode = toNodeHandler(mcpHandler);
  const publicHost = new URL(urls.apiOrigin).hostname;

  const appParts: AppParts = {
    registry: core.registry,
    authenticate: (req) => core.authenticator.authenticate(req),
    authFailures: core.limiter.authFailures,
    urls,
    openapiJson: core.openapiJson,
    protectedResourceMetadata: () => ({ ...protectedResourceMetadata(urls, config) }),
    mcp: (req, res, body) => mcpNode(req, res, body),
    metrics: core.metrics,
    health: () => {
      try {
        db.prepare("SELECT 1").get();
        return { ok: true, detail: "ok" };
      } catch (error) {
        return { ok: false, detail: (error as Error).message };
      }
    },
    allowedHosts: [...new Set(["localhost", "127.0.0.1", "[::1]", publicHost, config.host])],
    customRoutes: (router, helpers) => core.analyst.mountRoutes(router, helpers),
  };
  const app = createApp(appParts);
  const fastRest = createFastRest(appParts);
  const fastMcp = createFastMcp(appParts);
  const fast =
    options.fastPaths === false
      ? () => false
      : (req: IncomingMessage, res: ServerResponse) => fastRest(req, res) || fastMcp(req, res);
  server.on("request", (req, res) => {
    if (req.url === "/readyz") return readyz(res);
    if (!fast(req, res)) app(req, res);
  });
  // Ready = the database answers and the shared limits store (Redis, when configured) is reachable.
  const readyz = (res: ServerResponse) => {
    const health = appParts.health();
    const limits = core.limiter.unready();
    const ok = health.ok && limits === undefined;
    res.writeHead(ok ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(
      JSON.stringify({
        status: ok ? "ready" : "unavailable",
        database: health.detail,
        limits: limits ?? `${core.limiter.windowsKind} ok`,
      }),
    );
  };
  logger.info({ url: urls.apiOrigin, mcp: urls.mcpUrl }, "serving");

  return {
    url: urls.apiOrigin,
    port,
    db,
    core,
    async close() {
      await core.analyst.close();
      await core.limiter.close();
      await mcpHandler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.db) db.close();
    },
  };
}
