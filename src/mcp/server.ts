import { createMcpHandler, McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Guide } from "../content/guides.js";
import { type PromptTemplate, renderPrompt } from "../content/prompts.js";
import { internalError, ServiceError } from "../errors.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";

export const SERVER_INFO = { name: "creative-research-service", version: "1.0.0-beta.1" } as const;

export interface McpParts {
  registry: ToolRegistry;
  guides: Guide[];
  openapiJson: string;
  prompts: PromptTemplate[];
  /** Resolves the caller for a tool call (HTTP: from authInfo; stdio: the CRS_API_KEY credential). */
  principal(ctx: ServerContext): Promise<Principal>;
  requestId(ctx: ServerContext): string;
}

const INSTRUCTIONS =
  "Creative Research Service: search and read a classified corpus of short-form video creatives (videos, slideshows, creators, advertisers, ranked feeds, trend reports) and ask the analyst for evidence-backed answers. Start with the resource service://guide/getting-started. IDs are immutable (video id, creator UID, advertiser UUID); handles change. Labels (ad, hook, viral hook) are model-assisted observations with confidence.";

/** Turns any failure into an isError result whose text tells the caller how to fix the call. */
export function errorResult(error: unknown) {
  const e = error instanceof ServiceError ? error : internalError(error);
  const retry = e.retryAfter !== undefined ? ` Retry after ${Math.ceil(e.retryAfter)} s.` : "";
  const hint = e.hint ? ` Hint: ${e.hint}` : "";
  return {
    isError: true as const,
    content: [
      {
        type: "text" as const,
        text: `${e.title} (${e.code}, HTTP ${e.status}): ${e.detail ?? e.title}${hint}${retry}`,
      },
    ],
    _meta: {
      "crs/error": {
        code: e.code,
        status: e.status,
        ...(e.retryAfter !== undefined ? { retry_after: Math.ceil(e.retryAfter) } : {}),
        ...(e.extra ?? {}),
      },
    },
  };
}

/** One server definition from the registry, the guides and the prompts; built per request (stateless). */
export function buildMcpServer(parts: McpParts): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: INSTRUCTIONS,
  });

  for (const tool of parts.registry.list()) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: unknown, ctx: ServerContext) => {
        try {
          const principal = await parts.principal(ctx);
          const token = ctx.mcpReq._meta?.progressToken;
          const progress =
            token === undefined
              ? undefined
              : (update: { progress: number; total?: number; message?: string }) => {
                  void ctx.mcpReq
                    .notify({ method: "notifications/progress", params: { progressToken: token, ...update } })
                    .catch(() => undefined);
                };
          const outcome = await parts.registry.invoke(tool.name, args, principal, {
            requestId: parts.requestId(ctx),
            transport: "mcp",
            signal: ctx.mcpReq.signal,
            progress,
          });
          return {
            content: [{ type: "text" as const, text: outcome.text }],
            structuredContent: outcome.output,
          };
        } catch (error) {
          return errorResult(error);
        }
      },
    );
  }

  // Reading a resource runs no search and costs nothing.
  for (const guide of parts.guides) {
    server.registerResource(
      guide.name,
      guide.uri,
      { title: guide.title, description: guide.description, mimeType: guide.mimeType },
      async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: guide.mimeType, text: guide.text }] }),
    );
  }
  server.registerResource(
    "schema-openapi",
    "service://schema/openapi",
    {
      title: "OpenAPI 3.1 REST contract",
      description:
        "The complete OpenAPI 3.1 description of the REST interface (same bytes as /openapi.json).",
      mimeType: "application/json",
    },
    async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: parts.openapiJson }],
    }),
  );

  // Invoking a prompt calls nothing: it only fills a template.
  for (const prompt of parts.prompts) {
    const shape: Record<string, z.ZodOptional<z.ZodString> | z.ZodString> = {};
    for (const arg of prompt.arguments) {
      const base = z.string().min(1).max(2000).describe(arg.description);
      shape[arg.name] = arg.required ? base : base.optional();
    }
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: z.object(shape) },
      (args: Record<string, unknown>) => ({
        description: prompt.description,
        messages: [
          {
            role: "user" as const,
            content: {
              type: "text" as const,
              text: renderPrompt(prompt, args as Record<string, string | undefined>),
            },
          },
        ],
      }),
    );
  }
  return server;
}

/** Streamable HTTP: 2026-07-28 requests and the stateless fallback for 2025-era clients, always answered over SSE. */
export function createHttpMcpHandler(parts: Omit<McpParts, "principal" | "requestId">, keepAliveMs: number) {
  const fromAuth = (ctx: ServerContext) =>
    (ctx.http?.authInfo?.extra ?? {}) as { principal?: Principal; requestId?: string };
  return createMcpHandler(
    () =>
      buildMcpServer({
        ...parts,
        principal: async (ctx) => {
          const principal = fromAuth(ctx).principal;
          if (!principal) throw internalError(new Error("MCP request reached a tool without a principal"));
          return principal;
        },
        requestId: (ctx) => fromAuth(ctx).requestId ?? "00000000-0000-0000-0000-000000000000",
      }),
    { responseMode: "sse", keepAliveMs, maxRequestBodySize: 1024 * 1024 },
  );
}
