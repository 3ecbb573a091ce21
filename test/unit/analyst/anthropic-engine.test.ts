import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicEngine, DEFAULT_MODEL } from "../../../src/analyst/anthropic/engine.js";
import { unresolvedEvidence } from "../../../src/analyst/evidence.js";
import { loadConfig } from "../../../src/config/index.js";
import type { MethodStep } from "../../../src/domain/schemas/analyst-record.js";
import type { ToolRegistry } from "../../../src/registry/invoke.js";
import { fixedClock } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { analystCorpus, CORPUS_NOW } from "./corpus.js";
import { callTool, corpusRegistry, PRINCIPAL } from "./harness.js";

/**
 * A local fake of the Messages API, scripted like a model that plans with the registry's tools:
 * turn 1 asks for the trending creators, turn 2 submits an answer citing an id that does not exist,
 * turn 3 (after the engine's evidence check sends it back) cites the id the tool returned.
 */
type Block = {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
};
type Request = {
  model: string;
  system: string;
  messages: { role: string; content: string | Block[] }[];
  tools: { name: string }[];
};
let server: Server;
let baseUrl: string;
const requests: Request[] = [];
let db: Db;
let registry: ToolRegistry;

const message = (content: unknown[]) => ({
  id: `msg_${requests.length}`,
  type: "message",
  role: "assistant",
  model: "fake",
  content,
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
});

const submit = (id: string, uid: string) => ({
  type: "tool_use",
  id,
  name: "submit_answer",
  input: {
    summary: "The top trending creator this week.",
    findings: [
      {
        statement: "Leads on plays gained over 7 days.",
        evidence: [{ type: "creator", id: uid, figures: { rank: 1 } }],
      },
    ],
    caveats: ["Labels are model-assisted."],
  },
});

function reply(body: Request): unknown {
  const turn = requests.length;
  if (turn === 1)
    return message([
      {
        type: "tool_use",
        id: "tu_1",
        name: "service_search_creators",
        input: { view: "trending", window: 7, limit: 3 },
      },
    ]);
  if (turn === 2) return message([submit("tu_2", "0000000000000000000")]);
  // Turn 3: read the uid from the tool result of turn 1, as a model would.
  const toolResult = ((body.messages[2]?.content ?? []) as Block[])[0];
  const uid = (JSON.parse(String(toolResult?.content)) as { data: { uid: string }[] }).data[0]?.uid as string;
  return message([submit("tu_3", uid)]);
}

beforeAll(async () => {
  db = analystCorpus(1500);
  registry = corpusRegistry(db);
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const parsed = JSON.parse(body) as Request;
      requests.push(parsed);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply(parsed)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  db.close();
});

describe("anthropic engine (against a local fake Messages API)", () => {
  it("plans with the registry's tools, is held to the evidence check, and uses a current default model", async () => {
    const config = loadConfig({
      env: { CRS_ANALYST_ENGINE: "anthropic", ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: baseUrl },
      flags: { db: ":memory:" },
    });
    const engine = createAnthropicEngine(config, registry, {
      store: createSqliteStore(db),
      clock: fixedClock(CORPUS_NOW),
    });
    const method: MethodStep[] = [];
    const answer = await engine.answer({
      question: "Which creators are trending this week, asking for my boss?",
      context: null,
      principal: PRINCIPAL,
      signal: new AbortController().signal,
      method: () => [...method],
      callTool: async (tool, args) => {
        const out = await callTool(registry, tool, args);
        method.push({ tool, arguments: args });
        return out;
      },
    });

    // The same tool view REST serves; the cited id is the one it returned, and it resolves.
    const truth = (
      await callTool(registry, "service_search_creators", { view: "trending", window: 7, limit: 1 })
    ).data as { uid: string }[];
    expect(answer.engine).toBe("anthropic");
    expect(answer.findings[0]?.evidence[0]).toMatchObject({ type: "creator", id: truth[0]?.uid });
    expect(await unresolvedEvidence(createSqliteStore(db), answer)).toEqual([]);
    expect(answer.method).toEqual([
      { tool: "service_search_creators", arguments: { view: "trending", window: 7, limit: 3 } },
    ]);

    // Tools offered = the registry's content tools (never the analyst itself) + submit_answer.
    const offered = requests[0]?.tools.map((t) => t.name) ?? [];
    const content = registry
      .list()
      .filter((t) => t.scope === "content:read")
      .map((t) => t.name);
    expect(offered).toEqual([...content, "submit_answer"]);
    expect(offered).not.toContain("service_analyze");

    // The fabricated id was sent back as an error before the corrected answer was accepted.
    expect(requests).toHaveLength(3);
    const rejection = ((requests[2]?.messages.at(-1)?.content ?? []) as Block[])[0];
    expect(rejection).toMatchObject({ type: "tool_result", tool_use_id: "tu_2", is_error: true });
    expect(String(rejection?.content)).toMatch(/creator 0000000000000000000/);

    // The planner's reading goes along; the stray words are named as matching nothing.
    const first = String(requests[0]?.messages[0]?.content);
    expect(first).toMatch(/window 7 days/);
    expect(first).toMatch(/match nothing in the corpus: .*boss/);
    expect(requests[0]?.model).toBe(DEFAULT_MODEL);
    expect(DEFAULT_MODEL).not.toMatch(/^claude-3|sonnet-4-5/);
  });
});
