import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KEY_PLACEHOLDER, remoteUrl, renderMcpConfig, shellWord } from "../../../src/cli/mcp-config.js";

const paths = {
  node: "/usr/local/bin/node",
  cli: "/opt/creative-research-service/dist/cli.js",
  db: "/opt/creative-research-service/data/crs.sqlite",
};

describe("crs mcp-config rendering", () => {
  it("mcp.json in the repository is exactly the Claude Desktop output for example paths", () => {
    const { $comment, ...example } = JSON.parse(readFileSync("mcp.json", "utf8")) as Record<string, unknown>;
    expect($comment).toMatch(/crs mcp-config/);
    expect(JSON.parse(renderMcpConfig({ client: "claude-desktop", ...paths }))).toEqual(example);
  });

  it("quotes shell words only when needed", () => {
    expect(shellWord("/usr/bin/node")).toBe("/usr/bin/node");
    expect(shellWord("/My Apps/node")).toBe("'/My Apps/node'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(renderMcpConfig({ client: "claude-code", ...paths, db: "/a b/crs.sqlite" })).toBe(
      `claude mcp add --scope user --transport stdio --env 'CRS_DB=/a b/crs.sqlite' --env CRS_API_KEY=${KEY_PLACEHOLDER} creative-research -- /usr/local/bin/node /opt/creative-research-service/dist/cli.js mcp\n`,
    );
  });

  it("turns an origin into its /mcp endpoint and keeps an explicit path", () => {
    expect(remoteUrl("http://127.0.0.1:8787")).toBe("http://127.0.0.1:8787/mcp");
    expect(remoteUrl("https://crs.example.com/")).toBe("https://crs.example.com/mcp");
    expect(remoteUrl("https://example.com/tools/crs/mcp")).toBe("https://example.com/tools/crs/mcp");
  });
});
