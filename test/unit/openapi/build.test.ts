import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { loadConfig, publicUrls } from "../../../src/config/index.js";
import { buildOpenApi, serialiseOpenApi } from "../../../src/openapi/build.js";
import {
  pathParameters,
  restBodySchema,
  restDefinitions,
  type ToolDefinition,
} from "../../../src/registry/define.js";
import { inputProperties } from "../../../src/registry/input-errors.js";
import { NO_LIMITS, ToolRegistry } from "../../../src/registry/invoke.js";
import type { ServiceDeps } from "../../../src/registry/types.js";
import { PROBLEM_CATALOG } from "../../../src/shared/problem-catalog.js";
import { allTools } from "../../../src/tools/index.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests walk a JSON document
type Json = Record<string, any>;

const root = join(import.meta.dirname, "..", "..", "..");
const urls = publicUrls(loadConfig({ env: {}, flags: { db: ":memory:", publicUrl: "https://crs.test" } }));
const doc = buildOpenApi(allTools, urls) as Json;
const registry = new ToolRegistry(allTools, { analyst: null } as unknown as ServiceDeps, NO_LIMITS);
const definitions = restDefinitions(allTools);
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of the document with where it sits. */
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation: operation as Json })),
);
const operationOf = (tool: ToolDefinition): Json => doc.paths[tool.rest.path][tool.rest.method.toLowerCase()];
/** `#/components/schemas/X` → the component. */
const resolve = (ref: string): Json => {
  expect(ref).toMatch(/^#\/components\//);
  let node: Json = doc;
  for (const part of ref.slice(2).split("/")) node = node?.[part];
  expect(node, ref).toBeDefined();
  return node;
};
const camel = (name: string) =>
  name.replace(/^service_/, "").replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

describe("operations derived from the registry", () => {
  it("every REST definition has exactly one operation, at its method and path, with its operationId", () => {
    expect(definitions.map((d) => d.name)).toEqual(registry.restRoutes().map((d) => d.name));
    expect(operations).toHaveLength(definitions.length);
    for (const tool of definitions) {
      const matching = operations.filter((o) => o.operation.operationId === camel(tool.name));
      expect(matching, tool.name).toHaveLength(1);
      expect(matching[0]).toMatchObject({ path: tool.rest.path, method: tool.rest.method.toLowerCase() });
    }
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("each operation requires its tool's scope; tools name their MCP tool, REST-only routes do not", () => {
    const mcpNames = new Set(registry.list().map((tool) => tool.name));
    for (const tool of definitions) {
      const operation = operationOf(tool);
      expect(operation.security, tool.name).toEqual([{ bearerAuth: [tool.scope] }]);
      expect(operation.summary).toBe(tool.title);
      if (mcpNames.has(tool.name)) expect(operation.description).toContain(`MCP tool: \`${tool.name}\``);
      else expect(operation.description).not.toContain("MCP tool");
    }
  });

  it("path parameters are exactly the path's {names}; other GET inputs are query parameters", () => {
    for (const tool of definitions) {
      const parameters = operationOf(tool).parameters as Json[];
      const names = pathParameters(tool.rest.path);
      const inPath = parameters.filter((p) => p.in === "path");
      expect(inPath.map((p) => p.name).sort(), tool.name).toEqual([...names].sort());
      for (const p of inPath) expect(p.required).toBe(true);
      const headers = new Set((tool.rest.headers ?? []).map((h) => h.input));
      const expectedQuery =
        tool.rest.method === "GET"
          ? Object.keys(inputProperties(tool.input)).filter((n) => !names.includes(n) && !headers.has(n))
          : [];
      expect(
        parameters.filter((p) => p.in === "query").map((p) => p.name),
        tool.name,
      ).toEqual(expectedQuery);
    }
  });

  it("a query parameter is required exactly when the input requires it without a default", () => {
    for (const tool of definitions.filter((d) => d.rest.method === "GET")) {
      const shape = tool.input.shape as Record<string, z.ZodType>;
      for (const p of (operationOf(tool).parameters as Json[]).filter((q) => q.in === "query")) {
        const field = shape[p.name] as z.ZodType;
        const optional = field.safeParse(undefined).success;
        expect(p.required, `${tool.name}.${p.name}`).toBe(!optional);
      }
    }
  });

  it("header inputs are header parameters, never query parameters or body properties", () => {
    const withHeaders = definitions.filter((tool) => (tool.rest.headers ?? []).length > 0);
    expect(withHeaders.map((tool) => tool.name)).toContain("service_analyze");
    for (const tool of withHeaders) {
      const operation = operationOf(tool);
      const parameters = operation.parameters as Json[];
      for (const spec of tool.rest.headers ?? []) {
        expect(parameters.filter((p) => p.name === spec.header)).toEqual([
          {
            name: spec.header,
            in: "header",
            required: true,
            description: spec.description,
            schema: { type: "string", minLength: spec.minLength, maxLength: spec.maxLength },
          },
        ]);
        expect(parameters.some((p) => p.name === spec.input)).toBe(false);
        if (operation.requestBody) {
          const body = resolve(operation.requestBody.content["application/json"].schema.$ref);
          expect(Object.keys(body.properties)).not.toContain(spec.input);
        }
      }
    }
  });

  it("a POST's JSON body is the tool's input minus its path and header inputs, strict and required", () => {
    const posts = definitions.filter((tool) => tool.rest.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    for (const tool of posts) {
      const requestBody = operationOf(tool).requestBody as Json;
      expect(requestBody.required).toBe(true);
      expect(Object.keys(requestBody.content)).toEqual(["application/json"]);
      const body = resolve(requestBody.content["application/json"].schema.$ref);
      expect(Object.keys(body.properties)).toEqual(Object.keys(restBodySchema(tool).shape));
      expect(body.additionalProperties).toBe(false);
    }
    for (const tool of definitions.filter((d) => d.rest.method === "GET"))
      expect(operationOf(tool).requestBody, tool.name).toBeUndefined();
  });
});

describe("responses", () => {
  it("200 answers the tool's envelope with request_id; lists reference PageMeta", () => {
    for (const tool of definitions) {
      const ok = operationOf(tool).responses["200"];
      const envelope = resolve(ok.content["application/json"].schema.$ref);
      expect(envelope.required, tool.name).toEqual(expect.arrayContaining(["data", "request_id"]));
      expect(envelope.properties.request_id).toEqual({ type: "string", format: "uuid" });
      if (tool.kind === "list") {
        expect(envelope.properties.meta).toEqual({ $ref: "#/components/schemas/PageMeta" });
        expect(envelope.properties.data.type).toBe("array");
      }
      expect(ok.headers["X-Request-Id"]).toEqual({ $ref: "#/components/headers/X-Request-Id" });
    }
  });

  it("streamed bindings advertise both text/event-stream and application/json; others JSON only", () => {
    const streamed = definitions.filter((tool) => tool.rest.stream);
    expect(streamed.map((tool) => tool.name)).toContain("service_analyze");
    for (const tool of definitions) {
      const types = Object.keys(operationOf(tool).responses["200"].content).sort();
      expect(types, tool.name).toEqual(
        tool.rest.stream ? ["application/json", "text/event-stream"] : ["application/json"],
      );
    }
    const analyze = operationOf(allTools.find((tool) => tool.name === "service_analyze") as ToolDefinition);
    expect(analyze.responses["200"].content["text/event-stream"].schema.description).toMatch(
      /`event: heartbeat`.*`event: final`/,
    );
    expect(analyze.responses["406"]).toBeDefined();
  });

  it("the analyst's REST-only status route exists and is no MCP tool", () => {
    const analyze = allTools.find((tool) => tool.name === "service_analyze") as ToolDefinition;
    const routes = analyze.rest.routes ?? [];
    expect(routes.map((route) => route.name)).toContain("service_get_analyst_request");
    for (const route of routes) {
      expect(operationOf(route).operationId).toBe(camel(route.name));
      expect(registry.list().map((tool) => tool.name)).not.toContain(route.name);
      expect(registry.restRoutes().map((tool) => tool.name)).toContain(route.name);
    }
    expect(doc.paths["/agent/answers/{id}"].get.operationId).toBe("getAnalystRequest");
    // Both answer the same record component.
    const record = (tool: ToolDefinition) =>
      resolve(operationOf(tool).responses["200"].content["application/json"].schema.$ref).properties.data;
    expect(record(analyze)).toEqual({ $ref: "#/components/schemas/AnalystRun" });
    expect(record(routes[0] as ToolDefinition)).toEqual({ $ref: "#/components/schemas/AnalystRun" });
  });

  it("every error response is problem+json referencing the Problem schema, with the binding's statuses", () => {
    for (const tool of definitions) {
      const responses = operationOf(tool).responses as Json;
      const errors = Object.keys(responses).filter((status) => Number(status) >= 400);
      const expected =
        tool.rest.errors ?? (tool.kind === "list" ? [400, 401, 403, 429] : [400, 401, 403, 404, 429]);
      expect(errors.map(Number).sort(), tool.name).toEqual([...new Set([...expected, 503])].sort());
      for (const status of errors) {
        const response = responses[status];
        expect(response.content, `${tool.name} ${status}`).toEqual({
          "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
        });
        if (status === "429" || status === "503") expect(response.headers).toHaveProperty("Retry-After");
        if (status === "401") expect(response.headers).toHaveProperty("WWW-Authenticate");
        const note = tool.rest.errorNotes?.[Number(status)];
        if (note) expect(response.description).toBe(note);
      }
    }
    const problem = doc.components.schemas.Problem;
    expect(problem.properties.code.enum).toEqual(Object.keys(PROBLEM_CATALOG));
    expect(problem.required).toEqual(["type", "title", "status", "request_id"]);
  });

  it("budgeted routes report their budget headers on every authenticated answer", () => {
    for (const tool of definitions.filter((d) => d.rest.budget === "analyst")) {
      const responses = operationOf(tool).responses as Json;
      // Once the caller is authenticated: a 401 knows no organisation, hence no budget.
      for (const status of Object.keys(responses).filter((s) => s !== "401"))
        expect(responses[status].headers, `${tool.name} ${status}`).toHaveProperty("X-Agent-Remaining");
      expect(responses["401"].headers).not.toHaveProperty("X-Agent-Remaining");
    }
    for (const tool of definitions.filter((d) => !d.rest.budget))
      expect(operationOf(tool).responses["200"].headers).not.toHaveProperty("X-Agent-Remaining");
  });

  it("a pending binding documents 202 with Location", () => {
    for (const tool of definitions) {
      const accepted = operationOf(tool).responses["202"];
      if (!tool.rest.pending) expect(accepted, tool.name).toBeUndefined();
      else expect(accepted.headers).toHaveProperty("Location");
    }
  });
});

describe("the document as a whole", () => {
  it("names the deployment's URLs and resolves every $ref", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([expect.objectContaining({ url: "https://crs.test/v1" })]);
    expect(doc.info.description).toContain("https://crs.test/problems/<code>");
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object")
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.push(value);
          else walk(value);
        }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(definitions.length);
    for (const ref of new Set(refs)) resolve(ref);
  });

  it("is deterministic (serialised twice, byte-identical)", () => {
    expect(serialiseOpenApi(buildOpenApi(allTools, urls))).toBe(serialiseOpenApi(doc));
  });

  describe("Redocly lint with the repository's rules (as npm run lint:openapi)", () => {
    const dir = mkdtempSync(join(tmpdir(), "crs-openapi-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const lint = (document: Json) => {
      const file = join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, serialiseOpenApi(document));
      return spawnSync(
        join(root, "node_modules", ".bin", "redocly"),
        ["lint", file, "--config", join(root, "redocly.yaml"), "--format=stylish"],
        {
          encoding: "utf8",
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      );
    };

    it("passes", () => {
      const result = lint(doc);
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/valid/);
    });

    it("and fails a document whose operation lost its error responses (the check is not vacuous)", () => {
      const broken = structuredClone(doc);
      const first = Object.values(broken.paths as Json)[0] as Json;
      const operation = first[Object.keys(first)[0] as string];
      for (const status of Object.keys(operation.responses))
        if (Number(status) >= 400) delete operation.responses[status];
      const result = lint(broken);
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain("operation-4xx-response");
    });
  });
});
