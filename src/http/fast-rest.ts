import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQuery } from "node:querystring";
import type { ToolDefinition } from "../registry/define.js";
import { inputProperties } from "../registry/input-errors.js";
import { type AppParts, answerFailure, authenticateRequest, observeRequest } from "./app.js";
import { expressPath, restInput, writeAnswer } from "./rest-bridge.js";

interface FastRoute {
  tool: ToolDefinition;
  /** The path under /v1, as express matches it: case-sensitive, one optional trailing slash. */
  pattern: RegExp;
  params: string[];
  /** The route template the metrics label, the same one express reports. */
  template: string;
  props: ReturnType<typeof inputProperties>;
}

function compile(tool: ToolDefinition): FastRoute {
  const params: string[] = [];
  const source = tool.rest.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (param?.[1]) {
        params.push(param[1]);
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    })
    .join("");
  return {
    tool,
    pattern: new RegExp(`^${source}/?$`),
    params,
    template: expressPath(tool.rest.path),
    props: inputProperties(tool.input),
  };
}

type FastParts = Pick<
  AppParts,
  "registry" | "authenticate" | "authFailures" | "clientAddress" | "urls" | "metrics"
>;

/**
 * The hot path of the REST bridge: a GET (or HEAD) of a tool route under /v1 is answered here, before express,
 * with exactly what the express route would answer (the same request id, metrics, access log, authentication,
 * edge limiter, input mapping, `invoke`, answer and problem bodies; test/e2e/fast-rest.test.ts holds them
 * equal). Express costs ~0.2 ms a request in routing and request/response decoration; everything else —
 * POSTs, the analyst's routes, /mcp, documents, 404/405, anything this matcher is unsure of — falls through to
 * express. Returns false when the request is not for this path.
 */
export function createFastRest(parts: FastParts): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routes = parts.registry
    .list()
    .filter((tool) => tool.rest.method === "GET" && !tool.rest.custom)
    .map(compile);

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    route: FastRoute,
    values: string[],
    search: string,
  ): Promise<void> {
    const requestId = observeRequest(req, res, parts.metrics, () => route.template);
    try {
      const principal = await authenticateRequest(parts, req, { url: req.url ?? "", endpoint: "rest" });
      const params: Record<string, string> = {};
      route.params.forEach((name, i) => {
        params[name] = values[i] as string;
      });
      const outcome = await parts.registry.invoke(
        route.tool.name,
        restInput(route.tool, parseQuery(search), params, route.props),
        principal,
        { requestId, transport: "rest" },
      );
      writeAnswer(res, outcome, requestId, req.method === "HEAD");
    } catch (error) {
      answerFailure(res, error, requestId, route.template, parts.urls.problemsUrl);
    }
  }

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/v1/")) return false;
    const query = url.indexOf("?");
    const path = query < 0 ? url.slice(3) : url.slice(3, query);
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const values: string[] = [];
      for (const raw of match.slice(1)) {
        try {
          values.push(decodeURIComponent(raw));
        } catch {
          return false; // express answers a malformed escape
        }
      }
      void serve(req, res, route, values, query < 0 ? "" : url.slice(query + 1));
      return true;
    }
    return false;
  };
}
