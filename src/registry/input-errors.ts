import { z } from "zod";
import { ServiceError, truncateForMessage } from "../errors.js";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  description?: string;
};

/** The rule a parameter must follow, in words, read from its JSON Schema (so messages match the docs). */
export function describeRule(schema: JsonSchema | undefined): string {
  if (!schema) return "is not valid";
  const values = schema.enum ?? schema.anyOf?.map((s) => s.const).filter((v) => v !== undefined);
  if (values && values.length > 0) return `must be one of ${values.map((v) => String(v)).join(", ")}`;
  if (schema.type === "integer" || schema.type === "number") {
    const kind = schema.type === "integer" ? "an integer" : "a number";
    if (schema.minimum !== undefined && schema.maximum !== undefined)
      return `must be ${kind} from ${schema.minimum} to ${schema.maximum}`;
    return `must be ${kind}`;
  }
  if (schema.type === "string") {
    if (schema.pattern === "^[A-Z]{2}$") return "must be two upper-case letters (e.g. US)";
    if (schema.format === "uuid") return "must be a UUID";
    if (schema.pattern) return `must match ${schema.pattern}`;
    const min = schema.minLength ?? 0;
    if (schema.maxLength !== undefined) return `must be a string of ${min} to ${schema.maxLength} characters`;
    return "must be a string";
  }
  if (schema.type === "boolean") return "must be true or false";
  return "is not valid";
}

const schemaCache = new WeakMap<z.ZodObject, Record<string, JsonSchema>>();

export function inputProperties(input: z.ZodObject): Record<string, JsonSchema> {
  let props = schemaCache.get(input);
  if (!props) {
    const json = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, JsonSchema>;
    };
    props = json.properties ?? {};
    schemaCache.set(input, props);
  }
  return props;
}

/** Turns the first zod issue into the contract's 400: unknown_parameter or invalid_parameter naming the rule. */
export function inputError(input: z.ZodObject, error: z.ZodError): ServiceError {
  const unknown = error.issues.find((i) => i.code === "unrecognized_keys");
  if (unknown && unknown.code === "unrecognized_keys") {
    const names = unknown.keys.map((k) => `'${truncateForMessage(k, 40)}'`).join(", ");
    const allowed = Object.keys(inputProperties(input)).join(", ");
    return new ServiceError("unknown_parameter", 400, "Unknown parameter", {
      detail: `Unknown parameter ${names}. Accepted: ${allowed || "none"}.`,
      hint: `Remove ${names}; inputs are strict so misspellings fail instead of being ignored.`,
      extra: { parameter: unknown.keys[0] },
    });
  }
  const issue = error.issues[0];
  const name = issue ? String(issue.path[0] ?? "") : "";
  if (!name) {
    return new ServiceError("invalid_parameter", 400, "Invalid parameter", {
      detail: "The input must be an object of named parameters.",
      hint: "Send the parameters as a JSON object.",
    });
  }
  const props = inputProperties(input);
  const rule =
    issue?.code === "invalid_type" && issue.input === undefined ? "is required" : describeRule(props[name]);
  return new ServiceError("invalid_parameter", 400, "Invalid parameter", {
    detail: `Parameter '${truncateForMessage(name, 40)}' ${rule}.`,
    hint: `Fix '${truncateForMessage(name, 40)}' (${rule}) and call again.`,
    extra: { parameter: name },
  });
}
