import {
  type CallToolResult,
  createMcpHandler,
  type GetPromptResult,
  McpServer,
  type ReadResourceResult,
  type ResourceMetadata,
  type ServerContext,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Guide } from "../content/guides.js";
import { type PromptTemplate, renderPrompt } from "../content/prompts.js";
import type { InvokeOptions, ToolRegistry } from "../registry/invoke.js";
import type { Principal } from "../registry/types.js";
import { internalError, ServiceError } from "../shared/errors.js";
import { advertisedSchema } from "./advertised-schema.js";

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

/** Where MCP results carry the request id (REST puts it in the body's request_id), for users to quote. */
export const REQUEST_ID_META_KEY = "crs/request_id";

/** Turns any failure into an isError result whose text tells the caller how to fix the call. */
export function errorResult(error: unknown, requestId?: string) {
  const e = error instanceof ServiceError ? error : internalError(error);
  const retry = e.retryAfter !== undefined ? ` Retry after ${Math.ceil(e.retryAfter)} s.` : "";
  const hint = e.hint ? ` Hint: ${e.hint}` : "";
  return {
    isError: true as const,
    content: [
      {
        type: "text" as const,
        text: `${e.title} (${e.code}, HTTP ${e.status}): ${e.detail ?? e.title}${hint}${retry}${requestId ? ` Request id: ${requestId}.` : ""}`,
      },
    ],
    _meta: {
      ...(requestId ? { [REQUEST_ID_META_KEY]: requestId } : {}),
      "crs/error": {
        code: e.code,
        status: e.status,
        ...(e.retryAfter !== undefined ? { retry_after: Math.ceil(e.retryAfter) } : {}),
        ...(e.extra ?? {}),
      },
    },
  };
}

/** A tool call's MCP result: the output as structuredContent plus its text summary, or an isError result. */
async function callTool(
  registry: ToolRegistry,
  name: string,
  args: unknown,
  principal: Principal,
  options: Omit<InvokeOptions, "transport">,
): Promise<CallToolResult> {
  try {
    const outcome = await registry.invoke(name, args, principal, { ...options, transport: "mcp" });
    return {
      content: [{ type: "text" as const, text: outcome.text }],
      structuredContent: outcome.output,
      _meta: { [REQUEST_ID_META_KEY]: options.requestId },
    };
  } catch (error) {
    return errorResult(error, options.requestId);
  }
}

interface ToolConfig {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON;
  outputSchema: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
}
type ToolHandler = (args: unknown, ctx: ServerContext) => Promise<CallToolResult>;
interface PromptConfig {
  title: string;
  description: string;
  argsSchema: StandardSchemaWithJSON;
}
type PromptHandler = (args: unknown) => GetPromptResult;

interface Registration {
  tools: { name: string; config: ToolConfig; handler: ToolHandler }[];
  resources: {
    name: string;
    uri: string;
    metadata: ResourceMetadata;
    read: (uri: URL) => ReadResourceResult;
  }[];
  prompts: { name: string; config: PromptConfig; handler: PromptHandler }[];
}

/**
 * Everything a server registers, built once: the factory runs per HTTP request, and rebuilding schemas,
 * configs and closures there was most of the MCP overhead.
 */
function registration(parts: McpParts): Registration {
  const tools = parts.registry.list().map((tool) => ({
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: advertisedSchema(tool.input, "input"),
      outputSchema: advertisedSchema(tool.output, "output"),
      annotations: { title: tool.title, ...tool.annotations },
    },
    handler: async (args: unknown, ctx: ServerContext): Promise<CallToolResult> => {
      const requestId = parts.requestId(ctx);
      try {
        const principal = await parts.principal(ctx);
        const token = ctx.mcpReq._meta?.progressToken;
        const progress =
          token === undefined
            ? undefined
            : ({ progress, total, message }: { progress: number; total?: number; message?: string }) => {
                void ctx.mcpReq
                  .notify({
                    method: "notifications/progress",
                    params: { progressToken: token, progress, total, message },
                  })
                  .catch(() => undefined);
              };
        return await callTool(parts.registry, tool.name, args, principal, {
          requestId,
          signal: ctx.mcpReq.signal,
          progress,
        });
      } catch (error) {
        return errorResult(error, requestId);
      }
    },
  }));

  // Reading a resource runs no search and costs nothing.
  const resources = parts.guides.map((guide) => ({
    name: guide.name,
    uri: guide.uri,
    metadata: { title: guide.title, description: guide.description, mimeType: guide.mimeType },
    read: (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: guide.mimeType, text: guide.text }] }),
  }));
  resources.push({
    name: "schema-openapi",
    uri: "service://schema/openapi",
    metadata: {
      title: "OpenAPI 3.1 REST contract",
      description:
        "The complete OpenAPI 3.1 description of the REST interface (same bytes as /openapi.json).",
      mimeType: "application/json",
    },
    read: (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: parts.openapiJson }],
    }),
  });

  // Invoking a prompt calls nothing: it only fills a template.
  const prompts = parts.prompts.map((prompt) => {
    const shape: Record<string, z.ZodOptional<z.ZodString> | z.ZodString> = {};
    for (const arg of prompt.arguments) {
      const base = z.string().min(1).max(2000).describe(arg.description);
      shape[arg.name] = arg.required ? base : base.optional();
    }
    return {
      name: prompt.name,
      config: { title: prompt.title, description: prompt.description, argsSchema: z.object(shape) },
      handler: (args: unknown) => ({
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
    };
  });
  return { tools, resources, prompts };
}

/**
 * The one MCP server definition, from the registry, the guides and the prompts: a factory of identical
 * servers (stateless: one per HTTP request, or one for a stdio session) sharing one registration.
 */
export function mcpServerFactory(parts: McpParts): () => McpServer {
  const { tools, resources, prompts } = registration(parts);
  return () => {
    const server = new McpServer(SERVER_INFO, {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: INSTRUCTIONS,
    });
    for (const tool of tools) server.registerTool(tool.name, tool.config, tool.handler);
    for (const resource of resources) {
      server.registerResource(resource.name, resource.uri, resource.metadata, async (uri: URL) =>
        resource.read(uri),
      );
    }
    for (const prompt of prompts) server.registerPrompt(prompt.name, prompt.config, prompt.handler);
    return server;
  };
}

/** What the HTTP endpoint hands the SDK as `authInfo`: the caller our authentication resolved, and the request id. */
export function mcpAuthInfo(principal: Principal, requestId: string) {
  return {
    token: "",
    clientId: principal.clientId ?? principal.keyId ?? principal.credentialId,
    scopes: principal.scopes,
    extra: { principal, requestId },
  };
}

/**
 * Streamable HTTP through the SDK: 2026-07-28 requests, and 2025-era clients through its stateless fallback.
 * Answers are plain JSON unless the call sends a notification first (the SDK's "auto" mode), so a tool that
 * reports progress (the analyst) streams over SSE from its first notification, with keep-alive comments.
 */
export function createHttpMcpHandler(parts: Omit<McpParts, "principal" | "requestId">, keepAliveMs: number) {
  const fromAuth = (ctx: ServerContext) =>
    (ctx.http?.authInfo?.extra ?? {}) as { principal?: Principal; requestId?: string };
  const factory = mcpServerFactory({
    ...parts,
    principal: async (ctx) => {
      const principal = fromAuth(ctx).principal;
      if (!principal) throw internalError(new Error("MCP request reached a tool without a principal"));
      return principal;
    },
    requestId: (ctx) => fromAuth(ctx).requestId ?? "00000000-0000-0000-0000-000000000000",
  });
  return createMcpHandler(factory, {
    keepAliveMs,
    maxRequestBodySize: MCP_BODY_LIMIT_BYTES,
    responseMode: "auto",
  });
}

/** The transport's own bound on one MCP message (1 MiB). */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;
