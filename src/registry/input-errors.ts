import { z } from "zod";
import { ServiceError, truncateForMessage } from "../shared/errors.js";

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

/** What went wrong with one parameter; `extra.reason` in problem bodies and `_meta["crs/error"]` of MCP results. */
export type InputProblem =
  | "missing"
  | "wrong_type"
  | "out_of_range"
  | "not_allowed"
  | "wrong_format"
  | "unknown"
  | "not_an_object";

/** Strings that look like credentials are never echoed back (a key pasted into the wrong field). */
const CREDENTIAL = /(crs_[A-Za-z0-9]{4,}_|sk-ant-|sk-[A-Za-z0-9]{16,}|^ey[A-Za-z0-9_-]{10,}\.|^Bearer\s)/i;
const ECHO_MAX = 40;

/** A received value in words, bounded and printable; credentials only by their length. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") {
    if (CREDENTIAL.test(value))
      return `a string of ${value.length} characters (not shown: it looks like a credential)`;
    if (value.length > ECHO_MAX)
      return `a string of ${value.length} characters ("${truncateForMessage(value, ECHO_MAX)}")`;
    return `the string ${JSON.stringify(truncateForMessage(value, ECHO_MAX))}`;
  }
  if (typeof value === "number")
    return Number.isFinite(value) ? `the number ${value}` : `the number ${String(value)}`;
  if (typeof value === "boolean") return `the boolean ${value}`;
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`;
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

function has(raw: unknown, name: string): boolean {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) && Object.hasOwn(raw, name);
}

function valueAt(raw: unknown, name: string): unknown {
  return has(raw, name) ? (raw as Record<string, unknown>)[name] : undefined;
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** The first parameter whose value holds U+0000 (at any depth), or undefined. */
function nulParameter(raw: unknown): string | undefined {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const holds = (value: unknown): boolean =>
    typeof value === "string"
      ? value.includes("\u0000")
      : Array.isArray(value)
        ? value.some(holds)
        : value !== null && typeof value === "object" && Object.values(value).some(holds);
  return Object.entries(raw).find(([, value]) => holds(value))?.[0];
}

/**
 * A parameter holding the NUL character (U+0000): no stored text can contain it (PostgreSQL's text type
 * refuses it; SQLite's LIKE would stop reading the pattern there), so it is refused before any lookup or
 * write, on every engine alike.
 */
export function nulInputError(raw: unknown): ServiceError | undefined {
  const name = nulParameter(raw);
  if (name === undefined) return undefined;
  return new ServiceError("invalid_parameter", 400, "Invalid parameter", {
    detail: `Parameter '${name.slice(0, 80)}' contains the NUL character (U+0000), which no value can hold.`,
    hint: `Remove the NUL character (%00) from '${name.slice(0, 80)}'.`,
    extra: { parameter: name.slice(0, 80), reason: "wrong_format" satisfies InputProblem },
  });
}

/**
 * Turns the first zod issue into the contract's 400 (codes stay `unknown_parameter` / `invalid_parameter`): the
 * detail names the kind of failure (missing, wrong type, out of range, value not allowed, wrong format,
 * unknown), the parameter, what was received (bounded; never a credential) and what is allowed.
 * `raw` is the input as sent; parse with `{ reportInput: true }` or pass it so the received value is known.
 */
export function inputError(input: z.ZodObject, error: z.ZodError, raw?: unknown): ServiceError {
  const props = inputProperties(input);
  const accepted = Object.keys(props).join(", ") || "none";
  const unknown = error.issues.find((i) => i.code === "unrecognized_keys");
  if (unknown && unknown.code === "unrecognized_keys") {
    const source = raw ?? unknown.input;
    const names = unknown.keys.map((k) => `'${truncateForMessage(k, 40)}'`).join(", ");
    const first = unknown.keys[0] ?? "";
    const received = has(source, first) ? describeReceived(valueAt(source, first)) : undefined;
    const plural = unknown.keys.length > 1 ? "s" : "";
    return new ServiceError("unknown_parameter", 400, "Unknown parameter", {
      detail: `Unknown parameter${plural} ${names}${received ? ` (received ${received})` : ""}. Accepted: ${accepted}.`,
      hint: `Remove ${names} or use one of the accepted names; inputs are strict so misspellings fail instead of being ignored.`,
      extra: { parameter: first, reason: "unknown" satisfies InputProblem, allowed: accepted },
    });
  }
  const issue = error.issues[0];
  const name = issue ? String(issue.path[0] ?? "") : "";
  if (!issue || !name) {
    const received = describeReceived(raw ?? issue?.input);
    return new ServiceError("invalid_parameter", 400, "Invalid parameter", {
      detail: `The input must be an object of named parameters; received ${received}.`,
      hint: `Send the parameters as a JSON object, e.g. {"limit": 5}. Accepted: ${accepted}.`,
      extra: { reason: "not_an_object" satisfies InputProblem },
    });
  }
  const label = `'${truncateForMessage(name, 40)}'`;
  const rule = describeRule(props[name]);
  // Without `raw` and without zod's reportInput the value is unknown: say so rather than guess.
  const known = raw !== undefined || "input" in issue;
  const value = raw !== undefined ? valueAt(raw, name) : issue.input;
  const present =
    raw !== undefined
      ? has(raw, name)
      : known
        ? value !== undefined
        : !(issue.code === "invalid_type" && /received undefined$/.test(issue.message));
  const received = known ? describeReceived(value) : "a value";

  let reason: InputProblem;
  let detail: string;
  let hint = `Fix ${label} (it ${rule}) and call again.`;
  if (!present || (issue.code === "invalid_type" && value === undefined)) {
    reason = "missing";
    detail = `Parameter ${label} is missing; it is required and ${rule}.`;
    hint = `Add ${label} (it ${rule}) and call again.`;
  } else if (issue.code === "invalid_type") {
    reason = "wrong_type";
    const whole = issue.expected === "int" && typeof value === "number";
    detail = whole
      ? `Parameter ${label} must be a whole number: received ${received}; it ${rule}.`
      : `Parameter ${label} has the wrong type: received ${received}; it ${rule}.`;
    if (typeof value === "string" && NUMERIC_TEXT.test(value) && issue.expected !== "string")
      hint = `Send ${label} as a number, not a string: ${value} instead of "${value}".`;
    else if (value === null) hint = `Omit ${label} to use its default, or send a value (it ${rule}).`;
  } else if (issue.code === "too_big" || issue.code === "too_small") {
    reason = "out_of_range";
    const big = issue.code === "too_big";
    const text = typeof value === "string" || issue.origin === "string";
    const what = text ? (big ? "is too long" : "is too short") : "is out of range";
    const got = typeof value === "string" && big ? `a string of ${value.length} characters` : received;
    detail = `Parameter ${label} ${what}: received ${got}; it ${rule}.`;
  } else if (issue.code === "invalid_value") {
    reason = "not_allowed";
    detail = `Parameter ${label} has a value that is not allowed: received ${received}; it ${rule}.`;
  } else if (issue.code === "invalid_format") {
    reason = "wrong_format";
    detail = `Parameter ${label} has the wrong format: received ${received}; it ${rule}.`;
  } else {
    reason = "wrong_type";
    detail = `Parameter ${label} is not valid: received ${received}; it ${rule}.`;
  }
  return new ServiceError("invalid_parameter", 400, "Invalid parameter", {
    detail,
    hint,
    extra: { parameter: name, reason, allowed: rule.replace(/^must be /, "") },
  });
}
