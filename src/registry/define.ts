import type { z } from "zod";
import type { ServiceError } from "../shared/errors.js";
import { listEnvelope, type PageMeta, singleEnvelope } from "./schemas.js";
import type {
  CostClass,
  ListResult,
  PagePosition,
  Scope,
  ToolAnnotations,
  ToolCallContext,
} from "./types.js";

/** A handler's context for list tools: where to resume (null = first page). */
export interface ListCallContext extends ToolCallContext {
  after: PagePosition | null;
}

/**
 * A tool input that REST takes from a request header instead of the body or query (required). Over MCP it
 * stays an ordinary argument. The handler sees the header's own text in `ctx.sentAs[input]`.
 */
export interface RestHeaderInput {
  /** The header as documented, e.g. `Idempotency-Key`. */
  header: string;
  /** The input property it fills; the body and query cannot carry it. */
  input: string;
  description: string;
  minLength: number;
  maxLength: number;
  /** How to fix a request that lacks the header. */
  hint: string;
  /** The input's value for the header's text (default: the text as is). */
  toInput?(text: string): string;
}

/**
 * Server-Sent Events as a response mode, chosen by `Accept` (the default when the client accepts both it and
 * JSON): each progress update becomes a `progressEvent` frame whose data is the update's `detail`, and the
 * record closes the stream as one `finalEvent` frame. The stream opens at the first progress update, so a long
 * call shows life at once; JSON waits for the record.
 */
export interface RestStream {
  progressEvent: string;
  finalEvent: string;
  /** The 200 answer, as OpenAPI describes it. */
  description: string;
}

/** How the REST bridge exposes a definition. `D` is the record (single tools) or item (list tools). */
export interface RestBinding<D = unknown> {
  method: "GET" | "POST";
  /** Relative to /v1, with `{name}` path parameters, e.g. `/videos/{id}`. */
  path: string;
  /** The error statuses OpenAPI lists (default: by kind); `errorNotes` replaces the generic text of some. */
  errors?: readonly number[];
  errorNotes?: Readonly<Record<number, string>>;
  /** What OpenAPI says of the operation, where REST differs from the tool's description (default: that). */
  description?: string;
  /** Component name of the record in OpenAPI, when several operations share it. */
  recordName?: string;
  /** Inputs taken from request headers (POST bodies and GET queries then cannot carry them). */
  headers?: readonly RestHeaderInput[];
  stream?: RestStream;
  /**
   * The standing of this cost class's budget (the limiter's headers, e.g. the analyst allowance), sent with
   * every answer of the route once the caller is authenticated, failures included.
   */
  budget?: CostClass;
  /** A record that is not final yet (a retry while the first call runs): 202 with this `Location`, as JSON. */
  pending?: { location(data: D): string | undefined; description: string };
  /** A record that reports a failure: as JSON it is answered as this problem (a stream ends with the record). */
  failure?(data: D): ServiceError | undefined;
  /** Routes that exist only over REST (e.g. a status URL), each an ordinary definition invoked the same way. */
  routes?: readonly ToolDefinition[];
}

interface ToolBase<I extends z.ZodObject, D> {
  /** Verb-first snake_case name, `service_…`. */
  name: string;
  title: string;
  /** What the tool is for and when to choose it (shown to agents). */
  description: string;
  /** Strict input object: unknown keys fail. */
  input: I;
  annotations: ToolAnnotations;
  /** The scope a credential needs. */
  scope: Scope;
  cost: CostClass;
  /** How the REST bridge exposes it. */
  rest: RestBinding<D>;
}

export interface ListToolDefinition<I extends z.ZodObject = z.ZodObject, T extends z.ZodType = z.ZodType>
  extends ToolBase<I, z.output<T>> {
  kind: "list";
  item: T;
  output: ReturnType<typeof listEnvelope<T>>;
  summarize(result: { data: z.output<T>[]; meta: PageMeta }, input: z.output<I>): string;
  handler(
    input: z.output<I>,
    ctx: ListCallContext,
  ): ListResult<z.output<T>> | Promise<ListResult<z.output<T>>>;
}

export interface SingleToolDefinition<I extends z.ZodObject = z.ZodObject, T extends z.ZodType = z.ZodType>
  extends ToolBase<I, z.output<T>> {
  kind: "single";
  record: T;
  output: ReturnType<typeof singleEnvelope<T>>;
  summarize(result: { data: z.output<T> }, input: z.output<I>): string;
  handler(input: z.output<I>, ctx: ToolCallContext): z.output<T> | Promise<z.output<T>>;
}

export type ToolDefinition = ListToolDefinition | SingleToolDefinition;

export function defineListTool<I extends z.ZodObject, T extends z.ZodType>(
  def: Omit<ListToolDefinition<I, T>, "kind" | "output">,
): ListToolDefinition<I, T> {
  return { ...def, kind: "list", output: listEnvelope(def.item) };
}

export function defineSingleTool<I extends z.ZodObject, T extends z.ZodType>(
  def: Omit<SingleToolDefinition<I, T>, "kind" | "output">,
): SingleToolDefinition<I, T> {
  return { ...def, kind: "single", output: singleEnvelope(def.record) };
}

/**
 * The registry's tool list. Each definition keeps its own input/output types where it is written; the list
 * holds them under the common ToolDefinition shape (handlers are only ever called with parsed input).
 */
export function defineTools(
  // biome-ignore lint/suspicious/noExplicitAny: a definition of any input/output type joins the list
  ...tools: (ListToolDefinition<any, any> | SingleToolDefinition<any, any>)[]
): readonly ToolDefinition[] {
  return tools;
}

/** Every definition REST serves: the tools, then each tool's REST-only routes. */
export function restDefinitions(tools: readonly ToolDefinition[]): ToolDefinition[] {
  return [...tools, ...tools.flatMap((tool) => tool.rest.routes ?? [])];
}

/** The `{name}` parameters of a REST path. */
export const pathParameters = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** The JSON body of a POST route: the tool's input minus what its path and headers carry (strict, as the input). */
export function restBodySchema(tool: ToolDefinition): z.ZodObject {
  const omitted = [...(tool.rest.headers ?? []).map((h) => h.input), ...pathParameters(tool.rest.path)];
  const mask = Object.fromEntries(omitted.map((name) => [name, true as const]));
  return tool.input.omit(mask as Parameters<z.ZodObject["omit"]>[0]);
}

/** Read-only content tools all carry the same hints; spelled out once. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
