import type { ServerResponse } from "node:http";
import type { Request, RequestHandler, Response, Router } from "express";
import { type RestHeaderInput, restBodySchema, type ToolDefinition } from "../registry/define.js";
import { inputError, inputProperties } from "../registry/input-errors.js";
import type { InvokeOutcome, ToolRegistry } from "../registry/invoke.js";
import type { Principal, ProgressUpdate } from "../registry/types.js";
import { invalidParameter, ServiceError } from "../shared/errors.js";
import { SseStream } from "./sse.js";

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

const inQuery = (name: string, where: string) =>
  new ServiceError("unknown_parameter", 400, "Unknown parameter", {
    detail: `'${name.slice(0, 40)}' is ${where} here and cannot also be sent in the query.`,
    hint: `Remove '${name.slice(0, 40)}' from the query string.`,
    extra: { parameter: name },
  });

/** Builds a tool's input from the path and query of a GET (strictness is left to the tool's schema). */
function queryInput(
  query: Record<string, unknown>,
  params: Record<string, string>,
  props: Record<string, JsonSchemaProp>,
  fromHeaders: ReadonlySet<string>,
): Record<string, unknown> {
  // No prototype: `?__proto__=x` becomes an own key the strict input refuses, not a prototype swap.
  const input: Record<string, unknown> = Object.create(null);
  const pathNames = Object.keys(params);
  for (const [name, raw] of Object.entries(query)) {
    if (pathNames.includes(name)) throw inQuery(name, "a path parameter");
    if (fromHeaders.has(name)) throw inQuery(name, "taken from a header");
    if (typeof raw !== "string")
      throw invalidParameter(name.slice(0, 40), "must be given once, as a plain value");
    input[name] = coerce(props[name], raw);
  }
  for (const name of pathNames) input[name] = params[name];
  return input;
}

/** A header input's text, checked against its rule (required, 8..200 characters and the like). */
function headerText(req: Request, spec: RestHeaderInput): string {
  const text = req.get(spec.header);
  if (text === undefined) throw invalidParameter(spec.header, "is required", spec.hint);
  if (text.length < spec.minLength || text.length > spec.maxLength)
    throw invalidParameter(spec.header, `must be ${spec.minLength} to ${spec.maxLength} characters`);
  return text;
}

/** `{...}` + request_id as the last member, without copying the output object to add it. */
export function withRequestId(outputJson: string, requestId: string): string {
  const members = outputJson === "{}" ? "{" : `${outputJson.slice(0, -1)},`;
  return `${members}"request_id":${JSON.stringify(requestId)}}`;
}

/** A tool's answer: serialised once and written as is (res.json would copy the output to add request_id). */
function writeAnswer(
  res: ServerResponse,
  status: number,
  output: unknown,
  headers: Record<string, string>,
  requestId: string,
  head: boolean,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const body = withRequestId(JSON.stringify(output), requestId);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(head ? undefined : body);
}

const notAcceptable = () =>
  new ServiceError("not_acceptable", 406, "Not acceptable", {
    detail: "This endpoint answers text/event-stream (default) or application/json.",
    hint: "Send Accept: text/event-stream or Accept: application/json.",
  });

export interface BridgeOptions {
  registry: ToolRegistry;
  principalOf(req: Request): Principal;
  requestIdOf(req: Request): string;
  /** Checks and parses a JSON object body (415/400/413 problems). */
  jsonBody: RequestHandler[];
}

/**
 * Mounts one route per definition the registry serves over REST (each tool's `rest` binding and its
 * REST-only routes): input from the path, the query (GET) or the JSON body (POST), and header inputs; one
 * `invoke`; the answer as JSON, or as Server-Sent Events where the binding streams and Accept prefers them.
 * Returns path → methods for the 405 answers.
 */
export function mountTools(router: Router, options: BridgeOptions): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const tool of options.registry.restRoutes()) {
    const path = expressPath(tool.rest.path);
    const methods = routes.get(path) ?? new Set<string>();
    methods.add(tool.rest.method);
    if (tool.rest.method === "GET") methods.add("HEAD");
    routes.set(path, methods);
    const handler = toolHandler(tool, options);
    if (tool.rest.method === "GET") router.get(path, handler);
    else router.post(path, ...options.jsonBody, handler);
  }
  return routes;
}

function toolHandler(tool: ToolDefinition, options: BridgeOptions) {
  const { registry } = options;
  const binding = tool.rest;
  const headerInputs = binding.headers ?? [];
  const fromHeaders = new Set(headerInputs.map((h) => h.input));
  // Read once per tool, not per request.
  const props = inputProperties(tool.input);
  const body = binding.method === "POST" ? restBodySchema(tool) : undefined;

  return async (req: Request, res: Response) => {
    const requestId = options.requestIdOf(req);
    const principal = options.principalOf(req);
    const budget = async () => (binding.budget ? registry.budgetHeaders(principal, binding.budget) : {});
    if (binding.budget) res.set(await budget());

    const params = (req.params ?? {}) as Record<string, string>;
    const sentAs: Record<string, string> = {};
    const mapped: Record<string, string> = {};
    for (const spec of headerInputs) {
      const text = headerText(req, spec);
      sentAs[spec.input] = text;
      mapped[spec.input] = spec.toInput ? spec.toInput(text) : text;
    }
    let input: Record<string, unknown>;
    if (body) {
      const parsed = body.safeParse(req.body);
      if (!parsed.success) throw inputError(body, parsed.error);
      input = { ...parsed.data, ...params, ...mapped };
    } else {
      input = { ...queryInput(req.query as Record<string, unknown>, params, props, fromHeaders), ...mapped };
    }

    let stream: SseStream | undefined;
    if (binding.stream) {
      const accepted = req.accepts(["text/event-stream", "application/json"]);
      if (accepted === false) throw notAcceptable();
      if (accepted !== "application/json") stream = new SseStream(res);
    }
    const events = binding.stream;
    // The budget is read asynchronously: events go out in order, the first opening the stream with it.
    let sending: Promise<void> = Promise.resolve();
    const progress =
      stream && events
        ? (update: ProgressUpdate) => {
            sending = sending
              .then(async () => {
                if (!stream.isOpen) stream.open(await budget());
                stream.send(events.progressEvent, update.detail ?? { progress: update.progress });
              })
              // A heartbeat that cannot go out is skipped (the answer reports its own failure).
              .catch(() => {});
          }
        : undefined;

    let outcome: InvokeOutcome;
    try {
      outcome = await registry.invoke(tool.name, input, principal, {
        requestId,
        transport: "rest",
        progress,
        sentAs: headerInputs.length > 0 ? sentAs : undefined,
      });
    } catch (error) {
      await sending;
      // A failure carries the budget as it stands now (a 429 brings its own, identical values).
      if (binding.budget && error instanceof ServiceError && !stream?.isOpen) res.set(await budget());
      throw error;
    }
    await sending;
    const headers = { ...outcome.headers, ...(await budget()) };
    const data = (outcome.output as { data: unknown }).data;
    const single = tool.kind === "single";

    const location = single ? binding.pending?.location(data as never) : undefined;
    if (location !== undefined) {
      writeAnswer(res, 202, outcome.output, { ...headers, Location: location }, requestId, false);
      return;
    }
    if (stream && events) {
      stream.open(headers);
      stream.send(events.finalEvent, data);
      stream.end();
      return;
    }
    const failure = single ? binding.failure?.(data as never) : undefined;
    if (failure) {
      res.set(headers);
      throw failure;
    }
    writeAnswer(res, 200, outcome.output, headers, requestId, req.method === "HEAD");
  };
}
