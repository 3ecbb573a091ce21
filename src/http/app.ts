import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import express, { type NextFunction, type Request, type Response } from "express";
import type { PublicUrls } from "../config/index.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";
import { internalError, ServiceError } from "../shared/errors.js";
import { logger } from "../shared/log.js";
import { PROBLEM_CATALOG } from "../shared/problem-catalog.js";
import { redactSecrets } from "../shared/redact.js";
import { jsonTooDeep } from "./json-limits.js";
import type { Metrics } from "./metrics.js";
import { sendProblem } from "./problem.js";
import { mountTools } from "./rest-bridge.js";

export interface AuthRequest {
  headers: Record<string, string | string[] | undefined>;
  url: string;
  endpoint: "rest" | "mcp";
  body?: unknown;
}

export interface AppParts {
  registry: ToolRegistry;
  authenticate(req: AuthRequest): Promise<Principal>;
  /** Edge limiter for failed authentication, per client address and presented credential. */
  authFailures: {
    failed(address: string, authorization: string | string[] | undefined, refusal: unknown): Promise<unknown>;
  };
  /** The client address (X-Forwarded-For only through CRS_TRUST_PROXY). */
  clientAddress(req: IncomingMessage): string;
  /** Refuses a credential pasted into a parsed body (read only after the header credential verified). */
  checkBody(req: AuthRequest): void;
  /** Browser origins allowed to call /v1 and /mcp (CRS_CORS_ORIGINS); none = CORS off. */
  corsOrigins?: readonly string[];
  /** When set, /metrics requires this bearer token. */
  metricsToken?: string;
  /** /readyz: the database answers and takes writes. */
  ready?(): Promise<{ ok: boolean; detail: string }>;
  urls: PublicUrls;
  openapiJson: string;
  /** null without OAuth: the well-known paths then answer 404. */
  protectedResourceMetadata(): object | null;
  /** The MCP endpoint (src/mcp): its Host/Origin guards, then the SDK for an authenticated request. */
  mcp: {
    guards: express.RequestHandler[];
    handle(
      req: IncomingMessage,
      res: ServerResponse,
      body: unknown,
      caller: { principal: Principal; requestId: string },
    ): Promise<void>;
  };
  metrics: Metrics;
  health(): Promise<{ ok: boolean; detail: string }>;
  /** The settings web app (src/settings/), mounted at /settings. */
  settings?: express.RequestHandler;
}

interface CrsLocals {
  requestId: string;
  principal?: Principal;
}

const locals = (res: Response) => res.locals as CrsLocals;

/** REST bodies are small (the analyst question is at most 8 000 characters plus 12 000 of context). */
const REST_BODY_LIMIT = "64kb";
/** What a browser caller may send and read (CORS). */
const CORS_ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, Idempotency-Key, Last-Event-ID, Mcp-Protocol-Version, Mcp-Session-Id";
const CORS_EXPOSED =
  "RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, X-Agent-Limit, X-Agent-Remaining, X-Agent-Reset, Location, WWW-Authenticate, Mcp-Protocol-Version, Mcp-Session-Id";
/** MCP messages: the transport's own bound (1 MiB). */
const MCP_BODY_LIMIT = "1mb";

/**
 * Gives a request its id (X-Request-Id) and, when it finishes, counts it in the metrics and writes the access
 * log line. `route` is read at the end (the route template, never the query: it can carry misplaced secrets).
 */
function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: Metrics,
  route: () => string,
): string {
  const requestId = randomUUID();
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Answers to a credential are the caller's own: no shared or private cache keeps them.
  if (req.headers.authorization !== undefined) noStore(res);
  const started = performance.now();
  res.on("finish", () => {
    const seconds = (performance.now() - started) / 1000;
    const template = route();
    const method = req.method ?? "GET";
    metrics.httpRequests.inc({ method, route: template, status: String(res.statusCode) });
    metrics.httpDuration.observe({ method, route: template }, seconds);
    // Checked per request (the level can change at run time); skips building the entry when it is off.
    if (!logger.isLevelEnabled("info")) return;
    // Express rewrites req.url inside mounted routers; originalUrl is what the client asked for.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "";
    const query = url.indexOf("?");
    logger.info(
      {
        requestId,
        method,
        path: redactSecrets(query < 0 ? url : url.slice(0, query)),
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      },
      "request",
    );
  });
  return requestId;
}

/**
 * `Cache-Control: no-store`, kept even when a handler writes its own value: with setHeader (the REST SSE
 * stream's `no-cache`) or with writeHead (the MCP SDK's SSE answer: a plain-object header argument has its
 * Cache-Control replaced).
 */
function noStore(res: ServerResponse): void {
  res.setHeader("Cache-Control", "no-store");
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(
      name,
      name.toLowerCase() === "cache-control" ? "no-store" : value,
    )) as ServerResponse["setHeader"];
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args[args.length - 1];
    if (headers && typeof headers === "object" && !Array.isArray(headers)) {
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === "cache-control") (headers as Record<string, unknown>)[name] = "no-store";
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

/**
 * Bearer authentication from the headers, behind the failed-authentication edge limiter: the credential is
 * always verified (one that verifies is never refused); a 401 counts against (client address, credential
 * fingerprint) and becomes a 429 once that pair failed too often.
 */
export async function authenticateRequest(
  parts: Pick<AppParts, "authenticate" | "authFailures" | "clientAddress">,
  req: IncomingMessage,
  request: { url: string; endpoint: "rest" | "mcp"; body?: unknown },
): Promise<Principal> {
  try {
    return await parts.authenticate({ headers: req.headers, ...request });
  } catch (error) {
    throw await parts.authFailures.failed(parts.clientAddress(req), req.headers.authorization, error);
  }
}

export function createApp(parts: AppParts): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", false);
  app.set("query parser", "simple");

  // Request id + access log + metrics. Only the path is logged: query strings can carry misplaced secrets.
  app.use((req, res, next) => {
    locals(res).requestId = observeRequest(
      req,
      res,
      parts.metrics,
      // The route template only: a request that matched no route (401 before routing, 404, 405) is one label.
      () => (req.route?.path as string | undefined) ?? "unmatched",
    );
    next();
  });

  // CORS (CRS_CORS_ORIGINS; off by default): an allowed origin's preflight is answered here, before
  // authentication (browsers send no credential on it); answers to it name that exact origin, never `*`.
  const corsOrigins = new Set(parts.corsOrigins ?? []);
  if (corsOrigins.size > 0) {
    app.use((req, res, next) => {
      const origin = req.headers.origin;
      const api = req.path === "/mcp" || req.path === "/v1" || req.path.startsWith("/v1/");
      if (!api || typeof origin !== "string" || !corsOrigins.has(origin)) return next();
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.append("Vary", "Origin");
      res.setHeader("Access-Control-Expose-Headers", CORS_EXPOSED);
      if (req.method !== "OPTIONS" || !req.headers["access-control-request-method"]) return next();
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, DELETE, OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS);
      res.setHeader("Access-Control-Max-Age", "600");
      res.status(204).end();
    });
  }

  const requestIdOf = (req: Request) => locals(req.res as Response).requestId;
  const principalOf = (req: Request) => {
    const principal = locals(req.res as Response).principal;
    if (!principal) throw internalError(new Error("route reached without authentication"));
    return principal;
  };

  const authenticate =
    (endpoint: "rest" | "mcp") => async (req: Request, res: Response, next: NextFunction) => {
      locals(res).principal = await authenticateRequest(parts, req, { url: req.originalUrl, endpoint });
      next();
    };
  // After the body was read (only once the header credential verified): a key pasted into it is refused.
  const bodyGuard = (endpoint: "rest" | "mcp") => (req: Request, _res: Response, next: NextFunction) => {
    if (req.body !== undefined && tooDeep(req, req.body)) {
      throw new ServiceError("invalid_json", 400, "Invalid JSON", {
        detail: "The JSON body is nested too deeply.",
        hint: "Send a flat JSON object with the documented properties.",
      });
    }
    if (req.body !== undefined)
      parts.checkBody({ headers: req.headers, url: req.originalUrl, endpoint, body: req.body as unknown });
    next();
  };

  const jsonBody: express.RequestHandler[] = [
    (req, _res, next) => {
      if (!req.is("application/json")) {
        throw new ServiceError("unsupported_media_type", 415, "Unsupported media type", {
          detail: "Send the body as application/json.",
          hint: "Set Content-Type: application/json.",
        });
      }
      next();
    },
    express.json({ limit: REST_BODY_LIMIT, strict: true }),
    (req, _res, next) => {
      if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) {
        throw new ServiceError("invalid_json", 400, "Invalid JSON", {
          detail: "The body must be a JSON object.",
          hint: "Send a JSON object with the documented properties.",
        });
      }
      next();
    },
  ];

  // Public documents.
  app.get("/healthz", async (_req, res) => {
    const health = await parts.health();
    res
      .status(health.ok ? 200 : 503)
      .json({ status: health.ok ? "ok" : "unavailable", database: health.detail });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await (parts.ready?.() ?? parts.health());
    res.status(ready.ok ? 200 : 503);
    if (!ready.ok) res.set("Retry-After", "5");
    res.json({ status: ready.ok ? "ready" : "unavailable", database: ready.detail });
  });
  app.get("/metrics", async (req, res) => {
    if (parts.metricsToken !== undefined && !bearerMatches(req.headers.authorization, parts.metricsToken)) {
      throw new ServiceError("unauthorized", 401, "Unauthorized", {
        detail: "/metrics requires the metrics bearer token.",
        hint: "Send 'Authorization: Bearer <CRS_METRICS_TOKEN>'.",
        headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
      });
    }
    res.type(parts.metrics.registry.contentType).send(await parts.metrics.registry.metrics());
  });
  app.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(parts.openapiJson);
  });
  app.get("/problems/:code", (req, res) => {
    const entry = PROBLEM_CATALOG[req.params.code as keyof typeof PROBLEM_CATALOG];
    if (!entry) throw new ServiceError("not_found", 404, "Not found", { detail: "No such problem type." });
    res
      .type("text/html")
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>${entry.title}</title></head><body><h1>${entry.title}</h1><p>HTTP ${entry.status} · code <code>${req.params.code}</code></p><p>${escapeHtml(entry.description)}</p></body></html>`,
      );
  });
  const prm = (req: Request, res: Response) => {
    const document = parts.protectedResourceMetadata();
    if (!document) {
      throw new ServiceError("not_found", 404, "Not found", {
        detail: `No route ${req.method} ${redactSecrets(req.path.slice(0, 200))}.`,
        hint: "This server accepts API keys only (no OAuth authorization server is configured).",
      });
    }
    res.json(document);
  };
  app.get("/.well-known/oauth-protected-resource", prm);
  app.get("/.well-known/oauth-protected-resource/mcp", prm);

  // MCP: Host/Origin checks against DNS rebinding, then bearer authentication before any MCP processing.
  // The JSON-RPC body is parsed once here (so a key pasted into it is refused, and the SDK need not re-read
  // the stream); a body that is not JSON gets the JSON-RPC parse error an MCP client expects.
  const parseMcpJson = express.json({ limit: MCP_BODY_LIMIT, strict: false });
  const mcpBody = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || !req.is("application/json")) return next();
    parseMcpJson(req, res, (error?: unknown) => {
      if (!error) return next();
      const e = error as { type?: string };
      if (e.type === "entity.too.large") {
        res.status(413).json({
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: "Request body too large: the limit at /mcp is 1 MiB (1048576 bytes).",
          },
        });
        return;
      }
      res
        .status(400)
        .json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: invalid JSON" } });
    });
  };
  const mcpDepth = (req: Request, res: Response, next: NextFunction) => {
    if (req.body === undefined || !tooDeep(req, req.body)) return next();
    res.status(400).json({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: JSON nested too deeply" },
    });
  };
  app.all(
    "/mcp",
    ...parts.mcp.guards,
    authenticate("mcp"),
    mcpBody,
    mcpDepth,
    bodyGuard("mcp"),
    async (req, res) => {
      await parts.mcp.handle(req, res, req.body, {
        principal: principalOf(req),
        requestId: requestIdOf(req),
      });
    },
  );

  // REST under /v1.
  const v1 = express.Router({ caseSensitive: true, strict: false });
  // Bodies are read only once the header credential verified; a key pasted into a body is then refused.
  const parseJson = express.json({ limit: REST_BODY_LIMIT, strict: true });
  v1.use(authenticate("rest"));
  v1.use((req, res, next) =>
    req.method === "POST" && req.is("application/json") ? parseJson(req, res, next) : next(),
  );
  v1.use(bodyGuard("rest"));
  const routes = mountTools(v1, { registry: parts.registry, principalOf, requestIdOf, jsonBody });
  for (const [path, methods] of routes) {
    v1.all(path, (req) => {
      throw new ServiceError("method_not_allowed", 405, "Method not allowed", {
        detail: `${req.method} is not allowed on this route.`,
        hint: `Use ${[...methods].join(" or ")}.`,
        headers: { Allow: [...methods].join(", ") },
      });
    });
  }
  app.use("/v1", v1);
  if (parts.settings) app.use("/settings", parts.settings);

  app.use((req) => {
    throw new ServiceError("not_found", 404, "Not found", {
      detail: `No route ${req.method} ${redactSecrets(req.path.slice(0, 200))}.`,
      hint: "See /openapi.json for the routes; REST routes live under /v1.",
    });
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestId = locals(res).requestId ?? randomUUID();
    sendProblem(res, toServiceError(error, req, requestId), requestId, parts.urls.problemsUrl);
  });

  return app;
}

/** Maps body-parser and unknown failures onto the problem family without leaking internals. */
function toServiceError(error: unknown, req: Request, requestId: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const e = error as { type?: string; status?: number };
  if (e?.type === "entity.parse.failed") {
    return new ServiceError("invalid_json", 400, "Invalid JSON", {
      detail: "The request body is not valid JSON.",
      hint: "Send a JSON object.",
    });
  }
  if (e?.type === "entity.too.large") {
    return new ServiceError("payload_too_large", 413, "Payload too large", {
      detail: "The body exceeds the 64 KiB (65536 bytes) limit of REST requests.",
    });
  }
  if (e?.type === "encoding.unsupported" || e?.type === "charset.unsupported") {
    return new ServiceError("unsupported_media_type", 415, "Unsupported media type", {
      detail: "Send the body as UTF-8 JSON.",
    });
  }
  if (e?.status === 400 || (e as { code?: string })?.code === "ERR_INVALID_URL") {
    return new ServiceError("invalid_parameter", 400, "Bad request", {
      detail: "The request could not be parsed.",
    });
  }
  logger.error({ err: error, requestId, path: req.path }, "unhandled error");
  return internalError(error);
}

/** A JSON body nested beyond what any operation takes: refused (and logged) before anything walks it. */
function tooDeep(req: Request, body: unknown): boolean {
  if (!jsonTooDeep(body)) return false;
  logger.warn(
    { path: redactSecrets(req.path.slice(0, 200)), method: req.method },
    "JSON body too deep refused",
  );
  return true;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1];
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string,
  );
}
