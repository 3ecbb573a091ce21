import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAnthropicEngine } from "../../../src/analyst/anthropic/engine.js";
import type { MethodStep } from "../../../src/analyst/record.js";
import { fixedClock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config/index.js";
import { defineSingleTool, READ_ONLY } from "../../../src/registry/define.js";
import { ToolRegistry } from "../../../src/registry/invoke.js";
import type { Principal, ServiceDeps } from "../../../src/registry/types.js";

/** A local fake of the Messages API: turn 1 asks for a search, turn 2 submits the answer. */
let server: Server;
let baseUrl: string;
const requests: { messages: { role: string; content: unknown }[]; tools: { name: string }[] }[] = [];

const message = (content: unknown[], stop: string) => ({
  id: `msg_${requests.length}`,
  type: "message",
  role: "assistant",
  model: "fake",
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      requests.push(JSON.parse(body));
      const reply =
        requests.length === 1
          ? message(
              [{ type: "tool_use", id: "tu_1", name: "service_search_videos", input: { q: "skincare" } }],
              "tool_use",
            )
          : message(
              [
                {
                  type: "tool_use",
                  id: "tu_2",
                  name: "submit_answer",
                  input: {
                    summary: "Skincare leads.",
                    findings: [
                      {
                        statement: "v1 has 10 plays",
                        evidence: [{ type: "video", id: "v1", figures: { plays: 10 } }],
                      },
                    ],
                    caveats: ["Labels are model-assisted."],
                  },
                },
              ],
              "tool_use",
            );
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const searchTool = defineSingleTool({
  name: "service_search_videos",
  title: "Search",
  description: "Search videos.",
  input: z.object({ q: z.string().optional() }).strict(),
  record: z.object({ ids: z.array(z.string()) }),
  annotations: READ_ONLY,
  scope: "content:read",
  cost: "content",
  rest: { method: "GET", path: "/videos" },
  summarize: () => "found",
  handler: () => ({ ids: ["v1"] }),
});

describe("anthropic engine (against a local fake Messages API)", () => {
  it("plans tool calls through the registry and returns the submitted answer with the method", async () => {
    const config = loadConfig({
      env: { CRS_ANALYST_ENGINE: "anthropic", ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: baseUrl },
      flags: { db: ":memory:" },
    });
    const registry = new ToolRegistry([searchTool as never], { clock: fixedClock(0) } as ServiceDeps);
    const engine = createAnthropicEngine(config, registry);
    const method: MethodStep[] = [];
    const answer = await engine.answer({
      question: "What leads in skincare?",
      context: null,
      principal: {} as Principal,
      signal: new AbortController().signal,
      method: () => method,
      callTool: async (tool, args) => {
        method.push({ tool, arguments: args });
        return { data: { ids: ["v1"] } };
      },
    });
    expect(answer.engine).toBe("anthropic");
    expect(answer.summary).toBe("Skincare leads.");
    expect(answer.findings[0]?.evidence[0]?.id).toBe("v1");
    expect(answer.method).toEqual([{ tool: "service_search_videos", arguments: { q: "skincare" } }]);
    expect(requests[0]?.tools.map((t) => t.name)).toEqual(["service_search_videos", "submit_answer"]);
    const toolResult = requests[1]?.messages.at(-1)?.content as {
      type: string;
      tool_use_id: string;
      content: string;
    }[];
    expect(toolResult[0]).toMatchObject({ type: "tool_result", tool_use_id: "tu_1" });
    expect(JSON.parse(toolResult[0]?.content ?? "{}")).toEqual({ data: { ids: ["v1"] } });
  });
});
