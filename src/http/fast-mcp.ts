import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type CallToolResult,
  SERVER_INFO_META_KEY,
  validateHostHeader,
  validateOriginHeader,
} from "@modelcontextprotocol/server";
import { logger } from "../log.js";
import { callTool, LONG_RUNNING, SERVER_INFO } from "../mcp/server.js";
import {
  type AppParts,
  answerFailure,
  authenticateRequest,
  MCP_BODY_LIMIT_BYTES,
  mcpAuthInfo,
  observeRequest,
} from "./app.js";
import { jsonTooDeep } from "./json-limits.js";

type FastMcpParts = Pick<
  AppParts,
  | "registry"
  | "authenticate"
  | "authFailures"
  | "clientAddress"
  | "checkBody"
  | "urls"
  | "metrics"
  | "allowedHosts"
  | "mcp"
>;

const MODERN = "2026-07-28";
const META_PROTOCOL = "io.modelcontextprotocol/protocolVersion";
const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
const META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const hasOnlyKeys = (value: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(value).every((key) => allowed.includes(key));

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** The tools/call a modern client sends, exactly as the SDK client shapes it; null for anything else. */
function plainModernCall(
  headers: IncomingMessage["headers"],
  body: unknown,
  callable: ReadonlySet<string>,
): { id: string | number; name: string; args: Record<string, unknown> } | null {
  const accept = headers.accept ?? "";
  if (
    headers["mcp-protocol-version"] !== MODERN ||
    headers["mcp-method"] !== "tools/call" ||
    headers["mcp-session-id"] !== undefined ||
    !accept.includes("application/json") ||
    !accept.includes("text/event-stream")
  )
    return null;
  if (!isPlainObject(body) || !hasOnlyKeys(body, ["jsonrpc", "id", "method", "params"])) return null;
  const { id, params } = body;
  if (body.jsonrpc !== "2.0" || body.method !== "tools/call") return null;
  if (!(typeof id === "string" && id.length <= 200) && !Number.isSafeInteger(id)) return null;
  if (!isPlainObject(params) || !hasOnlyKeys(params, ["name", "arguments", "_meta"])) return null;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== "string" || name !== headers["mcp-name"] || !callable.has(name)) return null;
  if (args !== undefined && !isPlainObject(args)) return null;
  if (!isPlainObject(meta) || !hasOnlyKeys(meta, [META_PROTOCOL, META_CLIENT_INFO, META_CAPABILITIES]))
    return null;
  const info = meta[META_CLIENT_INFO];
  const capabilities = meta[META_CAPABILITIES];
  if (meta[META_PROTOCOL] !== MODERN) return null;
  if (
    !isPlainObject(info) ||
    !hasOnlyKeys(info, ["name", "version", "title"]) ||
    Object.values(info).some((v) => typeof v !== "string" || v === "") ||
    typeof info.name !== "string" ||
    typeof info.version !== "string"
  )
    return null;
  if (!isPlainObject(capabilities) || !Object.values(capabilities).every(isPlainObject)) return null;
  return { id: id as string | number, name, args: args ?? {} };
}

/**
 * The result as the SDK's 2026-07-28 codec writes it: fields in the CallToolResult schema's order,
 * `resultType: "complete"` stamped, and the server's identity in `_meta` (added to the tool's own _meta).
 */
function encodeModernResult(result: CallToolResult): Record<string, unknown> {
  const encoded: Record<string, unknown> = {};
  if (result._meta !== undefined) encoded._meta = { ...result._meta, [SERVER_INFO_META_KEY]: SERVER_INFO };
  encoded.content = result.content;
  if (result.structuredContent !== undefined) encoded.structuredContent = result.structuredContent;
  if (result.isError !== undefined) encoded.isError = result.isError;
  encoded.resultType = "complete";
  if (result._meta === undefined) encoded._meta = { [SERVER_INFO_META_KEY]: SERVER_INFO };
  return encoded;
}

function writeJson(res: ServerResponse, status: number, type: string, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

function readBody(req: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // The limit holds while reading: a body longer than it announced is cut off.
      if (size > length) return req.destroy();
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The MCP endpoint without express: a JSON POST to /mcp gets the same guards, body parsing, authentication,
 * metrics and access log as the express route, then goes to the SDK handler — except a plain 2026-07-28
 * tools/call of a quick tool (no progress token, no session, the exact envelope the SDK client sends), which is
 * answered here as the SDK would answer it (test/e2e/fast-paths.test.ts holds the bytes equal). The SDK's
 * per-request server, web-stream conversion and codec cost ~0.5 ms a call; the protocol logic stays the SDK's
 * for every other message. Returns false (express handles it) for anything it does not take.
 */
export function createFastMcp(parts: FastMcpParts): (req: IncomingMessage, res: ServerResponse) => boolean {
  const callable = new Set(
    parts.registry
      .list()
      .filter((tool) => tool.cost !== LONG_RUNNING)
      .map((tool) => tool.name),
  );

  async function serve(req: IncomingMessage, res: ServerResponse, length: number): Promise<void> {
    const requestId = observeRequest(req, res, parts.metrics, () => "/mcp");
    try {
      // The credential in the headers is verified before the body is read.
      const principal = await authenticateRequest(parts, req, { url: req.url ?? "", endpoint: "mcp" });
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req, length)).toString("utf8"));
        if (jsonTooDeep(body)) {
          logger.warn({ path: "/mcp" }, "JSON body too deep refused");
          writeJson(res, 400, "application/json; charset=utf-8", {
            jsonrpc: "2.0",
            id: null,
            error: { code: -32600, message: "Invalid Request: JSON nested too deeply" },
          });
          return;
        }
      } catch {
        writeJson(res, 400, "application/json; charset=utf-8", {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: "Parse error: invalid JSON" },
        });
        return;
      }
      parts.checkBody({ headers: req.headers, url: req.url ?? "", endpoint: "mcp", body });
      const call = plainModernCall(req.headers, body, callable);
      if (!call) {
        Object.assign(req, { body, auth: mcpAuthInfo(principal, requestId) });
        await parts.mcp(
          req as Parameters<FastMcpParts["mcp"]>[0],
          res as Parameters<FastMcpParts["mcp"]>[1],
          body,
        );
        return;
      }
      const result = await callTool(parts.registry, call.name, call.args, principal, { requestId });
      writeJson(res, 200, "application/json", {
        result: encodeModernResult(result),
        jsonrpc: "2.0",
        id: call.id,
      });
    } catch (error) {
      answerFailure(res, error, requestId, "/mcp", parts.urls.problemsUrl);
    }
  }

  return (req, res) => {
    if (req.method !== "POST" || req.url !== "/mcp") return false;
    const { headers } = req;
    const length = Number(headers["content-length"]);
    if (
      !JSON_TYPE.test(headers["content-type"] ?? "") ||
      headers["transfer-encoding"] !== undefined ||
      (headers["content-encoding"] ?? "identity") !== "identity" ||
      !Number.isInteger(length) ||
      length <= 0 ||
      length > MCP_BODY_LIMIT_BYTES ||
      !validateHostHeader(headers.host, parts.allowedHosts).ok ||
      !validateOriginHeader(headers.origin, parts.allowedHosts).ok
    )
      return false;
    void serve(req, res, length);
    return true;
  };
}
