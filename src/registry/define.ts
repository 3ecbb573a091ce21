import type { z } from "zod";
import { listEnvelope, type PageMeta, singleEnvelope } from "./schemas.js";
import type {
  CostClass,
  ListResult,
  PagePosition,
  RestBinding,
  Scope,
  ToolAnnotations,
  ToolCallContext,
} from "./types.js";

/** A handler's context for list tools: where to resume (null = first page). */
export interface ListCallContext extends ToolCallContext {
  after: PagePosition | null;
}

interface ToolBase<I extends z.ZodObject> {
  /** Verb-first snake_case name, `service_…`. */
  name: string;
  title: string;
  /** What the tool is for and when to choose it (shown to agents). */
  description: string;
  /** Strict input object: unknown keys fail. */
  input: I;
  annotations: ToolAnnotations;
  scope: Scope;
  cost: CostClass;
  /** How the REST bridge exposes it; `custom` routes are mounted by their own module (the analyst). */
  rest: RestBinding & { custom?: boolean; errors?: number[] };
}

export interface ListToolDefinition<I extends z.ZodObject = z.ZodObject, T extends z.ZodType = z.ZodType>
  extends ToolBase<I> {
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
  extends ToolBase<I> {
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

/** Read-only content tools all carry the same hints; spelled out once. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
