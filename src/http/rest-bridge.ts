import type { ServerResponse } from "node:http";
import type { Request, Response, Router } from "express";
import { invalidParameter, ServiceError } from "../errors.js";
import type { ToolDefinition } from "../registry/define.js";
import { inputProperties } from "../registry/input-errors.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";

type JsonSchemaProp = ReturnType<typeof inputProperties>[string];

/** `/videos/{id}` → `/videos/:id` */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

const NUMERIC = /^-?\d+(\.\d+)?$/;

function isNumeric(schema: JsonSchemaProp | undefined): boolean {
  if (!schema) return false;
  if (schema.type === "integer" || schema.type === "number") return true;
  return (schema.anyOf ?? []).some(
    (s) => s.type === "number" || s.type === "integer" || typeof s.const === "number",
  );
}

/** Query strings carry text; numbers are converted only where the schema says number and the text is numeric. */
function coerce(schema: JsonSchemaProp | undefined, value: string): unknown {
  if (isNumeric(schema) && NUMERIC.test(value)) return Number(value);
  if (schema?.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** Builds a tool's input from the path and query of a REST request (strictness is left to the tool's schema). */
export function restInput(
  tool: ToolDefinition,
  query: Record<string, unknown>,
  params: Record<string, string>,
  props: Record<string, JsonSchemaProp> = inputProperties(tool.input),
): Record<string, unknown> {
  // No prototype: `?__proto__=x` becomes an own key the strict input refuses, not a prototype swap.
  const input: Record<string, unknown> = Object.create(null);
  const pathNames = Object.keys(params);
  for (const [name, raw] of Object.entries(query)) {
    if (pathNames.includes(name)) {
      throw new ServiceError("unknown_parameter", 400, "Unknown parameter", {
        detail: `'${name.slice(0, 40)}' is a path parameter here and cannot also be sent in the query.`,
        hint: `Remove '${name.slice(0, 40)}' from the query string.`,
        extra: { parameter: name },
      });
    }
    if (typeof raw !== "string")
      throw invalidParameter(name.slice(0, 40), "must be given once, as a plain value");
    input[name] = coerce(props[name], raw);
  }
  for (const name of pathNames) input[name] = params[name];
  return input;
}

/** `{...}` + request_id as the last member, without copying the output object to add it. */
export function withRequestId(outputJson: string, requestId: string): string {
  const members = outputJson === "{}" ? "{" : `${outputJson.slice(0, -1)},`;
  return `${members}"request_id":${JSON.stringify(requestId)}}`;
}

/** A tool's 200 answer: serialised once and written as is (res.json would copy the output to add request_id). */
export function writeAnswer(
  res: ServerResponse,
  outcome: { output: unknown; headers: Record<string, string> },
  requestId: string,
  head: boolean,
): void {
  for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
  const body = withRequestId(JSON.stringify(outcome.output), requestId);
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(head ? undefined : body);
}

export interface BridgeOptions {
  registry: ToolRegistry;
  principalOf(req: Request): Principal;
  requestIdOf(req: Request): string;
}

/** Mounts one route per tool from its `rest` binding; returns path → methods for the 405 answers. */
export function mountTools(router: Router, options: BridgeOptions): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const tool of options.registry.list()) {
    const path = expressPath(tool.rest.path);
    const methods = routes.get(path) ?? new Set<string>();
    methods.add(tool.rest.method);
    if (tool.rest.method === "GET") methods.add("HEAD");
    routes.set(path, methods);
    if (tool.rest.custom) continue;
    // The schema's properties are read once per tool, not per request.
    const props = inputProperties(tool.input);
    const handler = async (req: Request, res: Response) => {
      const requestId = options.requestIdOf(req);
      const outcome = await options.registry.invoke(
        tool.name,
        restInput(
          tool,
          req.query as Record<string, unknown>,
          (req.params ?? {}) as Record<string, string>,
          props,
        ),
        options.principalOf(req),
        {
          requestId,
          transport: "rest",
        },
      );
      writeAnswer(res, outcome, requestId, req.method === "HEAD");
    };
    if (tool.rest.method === "GET") router.get(path, handler);
    else router.post(path, handler);
  }
  return routes;
}
