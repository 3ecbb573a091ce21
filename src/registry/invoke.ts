import { performance } from "node:perf_hooks";
import type { z } from "zod";
import { internalError, ServiceError } from "../shared/errors.js";
import { logger } from "../shared/log.js";
import { decodeCursor, encodeCursor, MAX_PAGES, queryHash } from "./cursor.js";
import {
  type ListToolDefinition,
  restDefinitions,
  type SingleToolDefinition,
  type ToolDefinition,
} from "./define.js";
import { inputError, nulInputError } from "./input-errors.js";
import type { PageMeta } from "./schemas.js";
import type { CostClass, PagePosition, Principal, ServiceDeps, ToolCallContext } from "./types.js";

/** The limiter hook invokeTool draws on (the limits layer implements it; one instance for REST and MCP). */
export interface ToolLimiter {
  admit(principal: Principal, cost: CostClass): Promise<{ headers: Record<string, string> }>;
  /** The standing of a cost class's budget as headers (a REST binding's `budget`). */
  budgetHeaders(principal: Principal, cost: CostClass): Promise<Record<string, string>>;
  /** Gives an admission back when the tool itself refused the call with rate_limited (e.g. the analyst). */
  refund?(principal: Principal, cost: CostClass): Promise<void>;
}

export const NO_LIMITS: ToolLimiter = {
  admit: async () => ({ headers: {} }),
  budgetHeaders: async () => ({}),
};

export interface InvokeOptions {
  requestId: string;
  transport: ToolCallContext["transport"];
  signal?: AbortSignal;
  progress?: ToolCallContext["progress"];
  sentAs?: ToolCallContext["sentAs"];
  /** Internal calls (the analyst planning through the registry) skip the limiter: the run was already admitted. */
  skipLimiter?: boolean;
}

export interface InvokeOutcome {
  /** `{data, meta}` for lists, `{data}` for single records: the REST body minus request_id, the MCP structuredContent. */
  output: Record<string, unknown>;
  /** Headers to send with a REST answer (RateLimit-*, X-Agent-*). */
  headers: Record<string, string>;
  text: string;
}

export type CallObserver = (tool: string, transport: string, outcome: string, seconds: number) => void;

/**
 * The one call path for both interfaces: strict parse → scope → limiter → handler → output parse.
 * MCP and REST only translate the outcome. Tools are served by both; a tool's REST-only routes (its
 * `rest.routes`, e.g. a status URL) by REST alone, through the same path.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();
  private readonly tools: ToolDefinition[];
  private readonly restOnly: Set<string>;

  constructor(
    tools: readonly ToolDefinition[],
    readonly deps: ServiceDeps,
    private readonly limiter: ToolLimiter = NO_LIMITS,
    private readonly observe?: CallObserver,
  ) {
    this.tools = [...tools];
    this.restOnly = new Set(tools.flatMap((tool) => (tool.rest.routes ?? []).map((route) => route.name)));
    for (const tool of restDefinitions(tools)) {
      if (this.byName.has(tool.name)) throw new Error(`duplicate tool ${tool.name}`);
      this.byName.set(tool.name, tool);
    }
  }

  /** The tools (MCP and REST). */
  list(): ToolDefinition[] {
    return [...this.tools];
  }

  /** Every definition REST serves: the tools and their REST-only routes. */
  restRoutes(): ToolDefinition[] {
    return [...this.byName.values()];
  }

  get(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** The standing of a cost class's budget as headers (see RestBinding.budget). */
  budgetHeaders(principal: Principal, cost: CostClass): Promise<Record<string, string>> {
    return this.limiter.budgetHeaders(principal, cost);
  }

  async invoke(
    name: string,
    rawInput: unknown,
    principal: Principal,
    options: InvokeOptions,
  ): Promise<InvokeOutcome> {
    const started = performance.now();
    let outcome = "ok";
    try {
      return await this.run(name, rawInput, principal, options);
    } catch (error) {
      const known = error instanceof ServiceError ? error : internalError(error);
      outcome = known.code;
      if (!(error instanceof ServiceError)) {
        logger.error({ err: error, tool: name, requestId: options.requestId }, "tool failed");
      }
      throw known;
    } finally {
      this.observe?.(name, options.transport, outcome, (performance.now() - started) / 1000);
    }
  }

  private async run(name: string, rawInput: unknown, principal: Principal, options: InvokeOptions) {
    const found = this.byName.get(name);
    // A REST-only route is no tool to MCP or the analyst.
    const tool = options.transport === "rest" || !this.restOnly.has(name) ? found : undefined;
    if (!tool) {
      throw new ServiceError("not_found", 404, "Unknown tool", {
        detail: `There is no tool named '${name.slice(0, 80)}'.`,
        hint: "List the tools and use one of their names.",
      });
    }
    // reportInput: the issues carry what was sent, so the error names the received value, not only the rule.
    const parsed = tool.input.safeParse(rawInput ?? {}, { reportInput: true });
    if (!parsed.success) throw inputError(tool.input, parsed.error, rawInput ?? {});
    const nul = nulInputError(rawInput);
    if (nul) throw nul;
    const input = parsed.data as Record<string, unknown>;

    if (!principal.scopes.includes(tool.scope)) {
      throw new ServiceError("insufficient_scope", 403, "Insufficient scope", {
        detail: `This call needs the '${tool.scope}' scope, which the credential does not have.`,
        hint: `Use a key created with the '${tool.scope}' scope.`,
        headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${tool.scope}"` },
        extra: { required_scope: tool.scope },
      });
    }
    const { headers } = options.skipLimiter
      ? { headers: {} }
      : await this.limiter.admit(principal, tool.cost);

    const ctx: ToolCallContext = {
      principal,
      deps: this.deps,
      requestId: options.requestId,
      transport: options.transport,
      signal: options.signal,
      progress: options.progress,
      sentAs: options.sentAs,
    };
    let output: Record<string, unknown>;
    try {
      output =
        tool.kind === "list"
          ? await this.runList(tool, input, ctx)
          : { data: await this.runSingle(tool, input, ctx) };
    } catch (error) {
      // Refused by a limit of the tool's own (the analyst's budgets): the request windows are given back.
      if (!options.skipLimiter && error instanceof ServiceError && error.code === "rate_limited")
        await this.limiter.refund?.(principal, tool.cost);
      throw error;
    }

    const checked = tool.output.safeParse(output);
    if (!checked.success) {
      logger.error({ tool: name, issues: checked.error.issues.slice(0, 5) }, "tool output failed its schema");
      throw internalError(checked.error);
    }
    // Both kinds summarise their own validated output (the union is not callable without a cast).
    const text = tool.summarize(checked.data as never, input);
    return { output: checked.data as Record<string, unknown>, headers, text };
  }

  private runSingle(tool: SingleToolDefinition, input: Record<string, unknown>, ctx: ToolCallContext) {
    return tool.handler(input as z.output<typeof tool.input>, ctx);
  }

  private async runList(tool: ListToolDefinition, input: Record<string, unknown>, ctx: ToolCallContext) {
    const { secret, clock } = this.deps;
    const now = clock.nowSeconds();
    const query = queryHash(tool.name, input);
    let after: PagePosition | null = null;
    let page = 1;
    if (typeof input.cursor === "string") {
      const decoded = decodeCursor(secret, input.cursor, { query, orgId: ctx.principal.orgId, now });
      after = decoded.position;
      page = decoded.page;
    }
    const result = await tool.handler(input as z.output<typeof tool.input>, { ...ctx, after });
    const more = result.next !== null && result.items.length > 0;
    const capped = more && page >= MAX_PAGES;
    const meta: PageMeta = {
      count: result.items.length,
      total: result.total,
      has_more: more && !capped,
      next_cursor:
        more && !capped
          ? encodeCursor(secret, {
              position: result.next as PagePosition,
              page: page + 1,
              query,
              orgId: ctx.principal.orgId,
              now,
            })
          : null,
    };
    if (capped) meta.truncated = true;
    if (result.relaxed) meta.relaxed = result.relaxed;
    if (result.unmatched) meta.unmatched = result.unmatched;
    return { data: result.items, meta };
  }
}
