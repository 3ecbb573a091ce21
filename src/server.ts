import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Clock, systemClock } from "./clock.js";
import { type Config, publicUrls } from "./config/index.js";
import { createServiceCore, type ServiceCore } from "./core.js";
import { createApp } from "./http/app.js";
import { protectedResourceMetadata } from "./identity/protected-resource.js";
import { logger } from "./log.js";
import { createMcpEndpoint } from "./mcp/http.js";
import { createSettingsRouter } from "./settings/router.js";
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

  const publicHost = new URL(urls.apiOrigin).hostname;
  const mcp = createMcpEndpoint(
    { registry: core.registry, guides: core.guides, prompts: core.prompts, openapiJson: core.openapiJson },
    {
      keepAliveMs: config.analystHeartbeatMs,
      // Hostnames accepted in Host/Origin at /mcp (DNS-rebinding protection).
      allowedHosts: [...new Set(["localhost", "127.0.0.1", "[::1]", publicHost, config.host])],
    },
  );

  const app = createApp({
    registry: core.registry,
    authenticate: (req) => core.authenticator.authenticate(req),
    authFailures: core.limiter.authFailures,
    urls,
    openapiJson: core.openapiJson,
    protectedResourceMetadata: () => ({ ...protectedResourceMetadata(urls, config) }),
    mcp,
    metrics: core.metrics,
    health: () => {
      try {
        db.prepare("SELECT 1").get();
        return { ok: true, detail: "ok" };
      } catch (error) {
        return { ok: false, detail: (error as Error).message };
      }
    },
    settings: createSettingsRouter({
      db,
      secret: core.deps.secret,
      clock,
      limiter: core.limiter,
      publicOrigin: urls.apiOrigin,
    }),
  });
  server.on("request", app);
  logger.info({ url: urls.apiOrigin, mcp: urls.mcpUrl }, "serving");

  return {
    url: urls.apiOrigin,
    port,
    db,
    core,
    async close() {
      await core.analyst.close();
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.db) db.close();
    },
  };
}
