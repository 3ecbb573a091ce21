import { describe, expect, it } from "vitest";
import { loadConfig, publicUrls } from "../../../src/config/index.js";
import { buildOpenApi } from "../../../src/openapi/build.js";
import { restBodySchema, restDefinitions } from "../../../src/registry/define.js";
import { NO_LIMITS, ToolRegistry } from "../../../src/registry/invoke.js";
import type { Principal, ServiceDeps } from "../../../src/registry/types.js";
import { allTools } from "../../../src/tools/index.js";

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document
type Json = Record<string, any>;

const principal: Principal = {
  kind: "api_key",
  credentialId: "k",
  keyId: "k",
  keyPrefix: "p",
  clientId: null,
  userId: "u",
  orgId: "o",
  scopes: ["content:read"],
};

describe("REST-only routes", () => {
  const registry = new ToolRegistry(allTools, { analyst: null } as unknown as ServiceDeps, NO_LIMITS);

  it("are served by REST but are no tool: not listed, unknown to MCP and internal callers", async () => {
    const names = registry.list().map((tool) => tool.name);
    expect(names).toHaveLength(allTools.length);
    expect(names).not.toContain("service_get_analyst_request");
    expect(registry.restRoutes().map((tool) => tool.name)).toContain("service_get_analyst_request");
    for (const transport of ["mcp", "internal"] as const) {
      await expect(
        registry.invoke("service_get_analyst_request", { id: "x" }, principal, { requestId: "r", transport }),
      ).rejects.toMatchObject({ code: "not_found", title: "Unknown tool" });
    }
  });

  it("keep their scope: a content-only key cannot read an analyst run (403 insufficient_scope)", async () => {
    await expect(
      registry.invoke("service_get_analyst_request", { id: "x" }, principal, {
        requestId: "r",
        transport: "rest",
      }),
    ).rejects.toMatchObject({ code: "insufficient_scope", status: 403 });
  });
});

describe("the analyst's REST binding", () => {
  const analyze = allTools.find((tool) => tool.name === "service_analyze");

  it("takes the key from a header, so the JSON body is the input without it", () => {
    expect(analyze).toBeDefined();
    const body = restBodySchema(analyze as NonNullable<typeof analyze>);
    expect(Object.keys(body.shape)).toEqual(["question", "context"]);
    expect(body.safeParse({ question: "q", idempotency_key: crypto.randomUUID() }).success).toBe(false);
  });

  it("is derived into OpenAPI: header parameter, body, SSE and JSON answers, 202, and the status route", () => {
    const config = loadConfig({ env: {}, flags: { db: ":memory:" } });
    const doc = buildOpenApi(allTools, publicUrls(config)) as Json;
    const post = doc.paths["/agent/answers"].post;
    expect(post.operationId).toBe("analyze");
    expect(post.parameters).toEqual([
      expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true }),
    ]);
    const body =
      doc.components.schemas[post.requestBody.content["application/json"].schema.$ref.split("/").at(-1)];
    expect(Object.keys(body.properties)).toEqual(["question", "context"]);
    expect(Object.keys(post.responses["200"].content)).toEqual(["text/event-stream", "application/json"]);
    expect(post.responses["200"].headers).toHaveProperty("X-Agent-Remaining");
    expect(post.responses["202"].headers).toHaveProperty("Location");
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "406", "409", "429", "502", "503"]),
    );
    const status = doc.paths["/agent/answers/{id}"].get;
    expect(status.operationId).toBe("getAnalystRequest");
    expect(status.security).toEqual([{ bearerAuth: ["agent:request"] }]);
    expect(status.description).not.toContain("MCP tool");
    expect(status.parameters).toEqual([
      expect.objectContaining({
        name: "id",
        in: "path",
        required: true,
        schema: { type: "string", format: "uuid" },
      }),
    ]);
    expect(doc.components.schemas.AnalystRun).toBeDefined();
    // Every REST definition has exactly one operation.
    const operations = Object.values(doc.paths as Json).flatMap((item) => Object.keys(item as Json));
    expect(operations).toHaveLength(restDefinitions(allTools).length);
  });
});
