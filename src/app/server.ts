import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Config, publicUrls } from "../config/index.js";
import { createApp } from "../http/app.js";
import { clientAddress, parseTrustProxy } from "../http/client-address.js";
import { validateJwksSource } from "../identity/jwks.js";
import { protectedResourceMetadata } from "../identity/protected-resource.js";
import { admitMcpReads } from "../limits/mcp-reads.js";
import { createMcpEndpoint } from "../mcp/http.js";
import { createSettingsRouter } from "../settings/router.js";
import { type Clock, systemClock } from "../shared/clock.js";
import { logger } from "../shared/log.js";
import type { Db } from "../store/connection.js";
import { type Backend, openBackend } from "./backend.js";
import { createServiceCore, type ServiceCore } from "./core.js";

export interface RunningServer {
  url: string;
  port: number;
  /** Where the service keeps its state (SQLite file or PostgreSQL). */
  backend: Backend;
  core: ServiceCore;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** An already-open database (tests); otherwise config.db is opened. */
  db?: Db;
}

/** A setting that cannot work: `crs serve` refuses to start, with this one-line reason. */
export class StartSettingError extends Error {}

const ALL_INTERFACES = new Set(["0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0"]);

/**
 * Settings that would fail on the first request fail at start instead (also run by a --workers primary):
 * the proxy list, the JWKS source, an analyst engine without its key, an address no client can use, and the
 * CORS origins.
 */
export function checkStartSettings(config: Config): {
  trustProxy: ReturnType<typeof parseTrustProxy>;
  corsOrigins: string[];
} {
  const trustProxy = parseTrustProxy(config.trustProxy);
  if (config.oauthJwks) validateJwksSource(config.oauthJwks);
  if (config.analystEngine === "anthropic" && !config.anthropicApiKey)
    throw new StartSettingError(
      "CRS_ANALYST_ENGINE=anthropic needs ANTHROPIC_API_KEY; set it, or use CRS_ANALYST_ENGINE=local (offline).",
    );
  if (ALL_INTERFACES.has(config.host) && !config.publicUrl)
    throw new StartSettingError(
      `--host ${config.host} binds every interface, so the address clients use is unknown: set --public-url (CRS_PUBLIC_URL), e.g. https://crs.example.com, so documents, problem links and OAuth metadata name it.`,
    );
  return { trustProxy, corsOrigins: parseCorsOrigins(config.corsOrigins) };
}

/** CRS_CORS_ORIGINS: exact origins only (never `*`: answers carry credentials-bound data). */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const raw of (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, ""))
      throw new StartSettingError(
        `CRS_CORS_ORIGINS: '${raw.slice(0, 80)}' is not an origin; list exact origins like https://app.example.com (scheme, host, optional port; no path, no '*').`,
      );
    origins.push(url.origin);
  }
  return origins;
}

/** REST under /v1, MCP at /mcp and the public documents, on one HTTP server. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const { trustProxy, corsOrigins } = checkStartSettings(config);
  const backend = await openBackend(config.db, options.db ? { db: options.db } : {});

  // Receiving a request (headers + body) is bounded; answering is not (analyst streams run for minutes).
  const server: Server = createServer({
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: Math.floor(config.requestTimeoutMs / 2),
    connectionsCheckingInterval: Math.min(1000, Math.floor(config.requestTimeoutMs / 4)),
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urls = publicUrls(config, port);
  let core: Awaited<ReturnType<typeof createServiceCore>>;
  try {
    core = await createServiceCore(config, backend, urls, clock);
  } catch (error) {
    // A start that fails (a damaged database file) must not leave the port bound with no one answering.
    server.close();
    await backend.close().catch(() => undefined);
    throw error;
  }

  const publicHost = new URL(urls.apiOrigin).hostname;
  const mcp = createMcpEndpoint(
    { registry: core.registry, guides: core.guides, prompts: core.prompts, openapiJson: core.openapiJson },
    {
      keepAliveMs: config.analystHeartbeatMs,
      // Hostnames accepted in Host/Origin at /mcp (DNS-rebinding protection).
      allowedHosts: [...new Set(["localhost", "127.0.0.1", "[::1]", publicHost, config.host])],
      corsOrigins,
    },
  );

  const app = createApp({
    registry: core.registry,
    authenticate: (req) => core.authenticator.authenticate(req),
    authFailures: core.limiter.authFailures,
    clientAddress: (req) => clientAddress(req, trustProxy),
    checkBody: (req) => core.authenticator.checkBody(req),
    metricsToken: config.metricsToken,
    corsOrigins,
    urls,
    openapiJson: core.openapiJson,
    protectedResourceMetadata: () => protectedResourceMetadata(urls, config),
    mcp: {
      guards: mcp.guards,
      handle: async (req, res, body, caller) => {
        // MCP protocol reads (resources/read, tools/list, prompts/*, ping) draw on their own cheap window.
        for (const [name, value] of Object.entries(await admitMcpReads(core.limiter, caller.principal, body)))
          res.setHeader(name, value);
        await mcp.handle(req, res, body, caller);
      },
    },
    metrics: core.metrics,
    health: () => backend.health(),
    settings: createSettingsRouter({
      sql: core.deps.sql,
      secret: core.deps.secret,
      clock,
      limiter: core.limiter,
      publicOrigin: urls.apiOrigin,
    }),
    ready: async () => {
      const ready = await backend.ready();
      const limits = core.limiter.unready();
      return ready.ok && limits ? { ok: false, detail: `limits store: ${limits}` } : ready;
    },
  });
  server.on("request", app);
  logger.info({ url: urls.apiOrigin, mcp: urls.mcpUrl }, "serving");

  return {
    url: urls.apiOrigin,
    port,
    backend,
    core,
    async close() {
      await core.analyst.close();
      await core.limiter.close();
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    },
  };
}
