import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeReceived, inputError } from "../../../src/registry/input-errors.js";
import { limitParam } from "../../../src/registry/schemas.js";
import type { ServiceError } from "../../../src/shared/errors.js";
import { searchVideosTool } from "../../../src/tools/videos/search-videos.js";

const schema = z
  .object({
    id: z.string().min(1).max(256),
    q: z.string().max(200).optional(),
    limit: limitParam(),
    sort: z.enum(["best_match", "newest"]).optional(),
    region: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    key: z.uuid().optional(),
  })
  .strict();

/** The error the registry raises for this input (parsed the way invoke parses it). */
function errorFor(input: unknown, tool: z.ZodObject = schema): ServiceError {
  const parsed = tool.safeParse(input, { reportInput: true });
  if (parsed.success) throw new Error("expected a parse failure");
  return inputError(tool, parsed.error, input);
}

describe("inputError", () => {
  it.each([
    [
      { id: "x", limit: "5" },
      "wrong_type",
      /'limit' has the wrong type: received the string "5"; it must be an integer from 1 to 50/,
    ],
    [
      { id: "x", limit: 2.5 },
      "wrong_type",
      /'limit' must be a whole number: received the number 2.5; it must be an integer from 1 to 50/,
    ],
    [{ id: "x", limit: true }, "wrong_type", /'limit' has the wrong type: received the boolean true/],
    [{ id: "x", limit: null }, "wrong_type", /'limit' has the wrong type: received null/],
    [
      { id: "x", q: 123 },
      "wrong_type",
      /'q' has the wrong type: received the number 123; it must be a string of 0 to 200 characters/,
    ],
    [
      { id: "x", limit: 500 },
      "out_of_range",
      /'limit' is out of range: received the number 500; it must be an integer from 1 to 50/,
    ],
    [{ id: "x", limit: 0 }, "out_of_range", /'limit' is out of range: received the number 0/],
    [
      { id: "x", q: "w".repeat(250) },
      "out_of_range",
      /'q' is too long: received a string of 250 characters; it must be a string of 0 to 200/,
    ],
    [{ id: "" }, "out_of_range", /'id' is too short: received the string ""/],
    [{}, "missing", /'id' is missing; it is required and must be a string of 1 to 256 characters/],
    [
      { id: "x", sort: "best" },
      "not_allowed",
      /'sort' has a value that is not allowed: received the string "best"; it must be one of best_match, newest/,
    ],
    [
      { id: "x", region: "us" },
      "wrong_format",
      /'region' has the wrong format: received the string "us"; it must be two upper-case letters/,
    ],
    [
      { id: "x", key: "nope" },
      "wrong_format",
      /'key' has the wrong format: received the string "nope"; it must be a UUID/,
    ],
  ])("%j → %s", (input, reason, detail) => {
    const error = errorFor(input);
    expect(error.code).toBe("invalid_parameter");
    expect(error.status).toBe(400);
    expect(error.detail).toMatch(detail);
    expect(error.extra).toMatchObject({ parameter: Object.keys(input).at(-1) ?? "id", reason });
    expect(error.hint).toContain(`'${error.extra?.parameter}'`);
  });

  it("names an unknown key with its received value and the accepted names", () => {
    const error = errorFor({ id: "x", colour: "red" });
    expect(error.code).toBe("unknown_parameter");
    expect(error.detail).toBe(
      `Unknown parameter 'colour' (received the string "red"). Accepted: id, q, limit, sort, region, key.`,
    );
    expect(error.extra).toMatchObject({ parameter: "colour", reason: "unknown" });
  });

  it("tells an LLM to send a number rather than a numeric string", () => {
    expect(errorFor({ id: "x", limit: "5" }).hint).toBe(
      `Send 'limit' as a number, not a string: 5 instead of "5".`,
    );
  });

  it("answers a non-object input as such", () => {
    const error = errorFor("limit=5");
    expect(error.code).toBe("invalid_parameter");
    expect(error.detail).toBe(
      `The input must be an object of named parameters; received the string "limit=5".`,
    );
    expect(error.extra).toMatchObject({ reason: "not_an_object" });
  });

  it("bounds what it echoes and never echoes a credential", () => {
    const long = errorFor({ id: "x", sort: `${"z".repeat(500)}` });
    expect(long.detail).toContain("a string of 500 characters");
    expect(long.detail?.length).toBeLessThan(300);
    const key = "crs_abcd1234_s3cr3tS3cr3tS3cr3tS3cr3t";
    for (const input of [
      { id: "x", sort: key },
      { id: "x", apiKey: key },
      { id: "x", q: 5, other: key },
    ]) {
      const error = errorFor(input);
      expect(`${error.detail} ${error.hint} ${JSON.stringify(error.extra)}`).not.toContain("s3cr3t");
    }
    expect(describeReceived(`Bearer ${key}`)).toMatch(/not shown: it looks like a credential/);
    expect(describeReceived("line\nbreak")).toBe('the string "line?break"');
  });

  it("without the input (no reportInput) tells missing from invalid by zod's message", () => {
    const missing = schema.safeParse({});
    const tooLong = schema.safeParse({ id: "x", q: "w".repeat(250) });
    if (missing.success || tooLong.success) throw new Error("expected failures");
    expect(inputError(schema, missing.error).extra).toMatchObject({ reason: "missing" });
    expect(inputError(schema, tooLong.error).detail).toMatch(/'q' is too long: received a value;/);
  });

  it("works on a real tool's schema (the issue's examples)", () => {
    const tool = searchVideosTool.input;
    for (const [limit, reason] of [
      ["5", "wrong_type"],
      [2.5, "wrong_type"],
      [true, "wrong_type"],
      [null, "wrong_type"],
      [0, "out_of_range"],
    ] as const) {
      const error = errorFor({ limit }, tool);
      expect(error.extra).toMatchObject({ parameter: "limit", reason });
      expect(error.detail).not.toMatch(/is required/);
    }
    expect(errorFor({ q: 123 }, tool).detail).toMatch(/'q' has the wrong type: received the number 123/);
  });
});
