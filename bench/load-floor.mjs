// The floors bench/load.mjs measures beside the service, in a process of their own:
//  - http: bare node:http answering every request with the service's own REST body for the search;
//  - sdk:  the MCP SDK (createMcpHandler, one tool) answering tools/call with the service's own result, the
//          tool doing no work. Its cost is what any tools/call through the SDK pays here.
// Usage (from load.mjs): node bench/load-floor.mjs http|sdk FILE — FILE holds {rest, mcp}; prints "listening PORT".
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const [mode, file] = process.argv.slice(2);
const { rest, mcp } = JSON.parse(readFileSync(file, "utf8"));
let answer;
if (mode === "http") {
  const body = JSON.stringify(rest);
  answer = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  };
} else if (mode === "sdk") {
  const factory = () => {
    const server = new McpServer({ name: "floor", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.registerTool(
      "service_search_videos",
      { description: "floor", inputSchema: z.object({ q: z.string() }).passthrough() },
      async () => ({ content: mcp.content, structuredContent: mcp.structuredContent }),
    );
    return server;
  };
  const handler = toNodeHandler(createMcpHandler(factory, { responseMode: "auto" }));
  answer = (req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => void handler(req, res, JSON.parse(Buffer.concat(chunks).toString("utf8"))));
  };
} else throw new Error(`unknown floor ${mode}`);
const server = createServer(answer).listen(0, "127.0.0.1", () =>
  process.stdout.write(`listening ${server.address().port}\n`),
);
