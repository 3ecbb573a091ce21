import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allTools } from "../../src/tools/index.js";

/**
 * Every tool's input and output JSON Schema, snapshotted. A change fails CI until the snapshot is reviewed and
 * updated on purpose (`npx vitest run test/contract -u`).
 */
describe("tool schema snapshots", () => {
  it("matches the reviewed snapshot", async () => {
    const schemas = Object.fromEntries(
      allTools.map((tool) => [
        tool.name,
        {
          title: tool.title,
          scope: tool.scope,
          rest: `${tool.rest.method} ${tool.rest.path}`,
          annotations: tool.annotations,
          input: z.toJSONSchema(tool.input, { io: "input" }),
          output: z.toJSONSchema(tool.output, { unrepresentable: "any" }),
        },
      ]),
    );
    expect(Object.keys(schemas)).toHaveLength(allTools.length);
    await expect(`${JSON.stringify(schemas, null, 2)}\n`).toMatchFileSnapshot(
      "./__snapshots__/tool-schemas.json",
    );
  });
});
