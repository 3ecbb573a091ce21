import { describe, expect, it } from "vitest";
import { z } from "zod";
import { advertisedSchema } from "../../../src/mcp/advertised-schema.js";
import { allTools } from "../../../src/tools/index.js";

describe("advertisedSchema", () => {
  it("advertises the JSON Schema the SDK would convert, for every tool's input and output", () => {
    for (const tool of allTools) {
      for (const [schema, io] of [
        [tool.input, "input"],
        [tool.output, "output"],
      ] as const) {
        const expected = schema["~standard"].jsonSchema[io]({ target: "draft-2020-12" });
        const advertised = advertisedSchema(schema, io)["~standard"].jsonSchema;
        expect(advertised.input({ target: "draft-2020-12" }), `${tool.name} ${io}`).toEqual(expected);
        expect(advertised.output({ target: "draft-2020-12" }), `${tool.name} ${io}`).toEqual(expected);
      }
    }
  });

  it("leaves checking to ToolRegistry.invoke: any value passes through unchanged", () => {
    const strict = z.strictObject({ limit: z.number().int().max(50) });
    const bad = { limit: 99, colour: "red" };
    expect(strict.safeParse(bad).success).toBe(false);
    expect(advertisedSchema(strict, "input")["~standard"].validate(bad)).toEqual({ value: bad });
  });
});
