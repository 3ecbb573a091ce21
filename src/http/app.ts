import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import express, { type NextFunction, type Request, type Response } from "express";
import type { PublicUrls } from "../config/index.js";
import { internalError, ServiceError } from "../errors.js";
import { logger } from "../log.js";
import { PROBLEM_CATALOG } from "../problem-catalog.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";
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
  /** Edge limiter for failed authentication, per client address. */
  authFailures: { check(ip: string): void; recordFailure(ip: string): void };
  urls: PublicUrls;
  openapiJson: string;
  protectedResourceMetadata(): Record<string, unknown>;
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
  health(): { ok: boolean; detail: string };
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
        path: query < 0 ? url : url.slice(0, query),
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      },
      "request",
    );
  });
  return requestId;
}

/**
 * Bearer authentication behind the failed-authentication edge limiter: a client address with too many recent
 * 401s is refused before its credential is looked at, and each new 401 counts against it.
 */
async function authenticateRequest(
  parts: Pick<AppParts, "authenticate" | "authFailures">,
  req: IncomingMessage,
  request: { url: string; endpoint: "rest" | "mcp"; body?: unknown },
): Promise<Principal> {
  const ip = req.socket.remoteAddress ?? "unknown";
  parts.authFailures.check(ip);
  try {
    return await parts.authenticate({ headers: req.headers, ...request });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) parts.authFailures.recordFailure(ip);
    throw error;
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
      () => (req.route?.path as string | undefined) ?? (res.statusCode === 404 ? "unmatched" : req.path),
    );
    next();
  });

  const requestIdOf = (req: Request) => locals(req.res as Response).requestId;
  const principalOf = (req: Request) => {
    const principal = locals(req.res as Response).principal;
    if (!principal) throw internalError(new Error("route reached without authentication"));
    return principal;
  };

  const authenticate =
    (endpoint: "rest" | "mcp") => async (req: Request, res: Response, next: NextFunction) => {
      locals(res).principal = await authenticateRequest(parts, req, {
        url: req.originalUrl,
        endpoint,
        body: req.body as unknown,
      });
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
  app.get("/healthz", (_req, res) => {
    const health = parts.health();
    res
      .status(health.ok ? 200 : 503)
      .json({ status: health.ok ? "ok" : "unavailable", database: health.detail });
  });
  app.get("/metrics", async (_req, res) => {
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
  const prm = (_req: Request, res: Response) => {
    res.json(parts.protectedResourceMetadata());
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
      if (e.type === "entity.too.large") return next(error);
      res
        .status(400)
        .json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: invalid JSON" } });
    });
  };
  app.all("/mcp", ...parts.mcp.guards, mcpBody, authenticate("mcp"), async (req, res) => {
    await parts.mcp.handle(req, res, req.body, { principal: principalOf(req), requestId: requestIdOf(req) });
  });

  // REST under /v1.
  const v1 = express.Router({ caseSensitive: true, strict: false });
  // JSON bodies are parsed before authentication so a key pasted into a body is refused, never accepted.
  const parseJson = express.json({ limit: REST_BODY_LIMIT, strict: true });
  v1.use((req, res, next) =>
    req.method === "POST" && req.is("application/json") ? parseJson(req, res, next) : next(),
  );
  v1.use(authenticate("rest"));
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
      detail: `No route ${req.method} ${req.path.slice(0, 200)}.`,
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
      detail: `The body exceeds ${REST_BODY_LIMIT}.`,
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

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string,
  );
}
