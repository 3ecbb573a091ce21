import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

/** The JSON Schema dialect the SDK converts tool schemas to for tools/list. */
const TARGET = "draft-2020-12";

/** A tool schema as JSON Schema, converted by the same call the SDK makes for tools/list. */
export function advertisedJson(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return schema["~standard"].jsonSchema[io]({ target: TARGET });
}

/**
 * A tool schema the SDK advertises but does not check. ToolRegistry.invoke already parses the input strictly
 * (with hints) and the output, so the SDK's second parse, and its JSON Schema conversion on every per-request
 * server, are pure cost. The JSON Schema is converted once, here.
 */
export function advertisedSchema(schema: z.ZodType, io: "input" | "output"): StandardSchemaWithJSON {
  const json = advertisedJson(schema, io);
  return {
    "~standard": {
      version: 1,
      vendor: "crs",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
