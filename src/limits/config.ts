import { z } from "zod";

/** A sliding window: at most `max` units within any `windowSeconds`. */
export interface WindowRule {
  max: number;
  windowSeconds: number;
}

/** Every control of the contract's Limits table, plus the edge limit on failed authentication. */
export interface LimitsConfig {
  /** false = `CRS_LIMITS=off`: nothing is enforced (benchmarks), usage still reports. */
  enabled: boolean;
  /** Per credential (API key or OAuth client). */
  burst: WindowRule;
  /** Per credential, sustained. */
  perCredential: WindowRule;
  /** Per organisation, all its credentials together. */
  perOrg: WindowRule;
  /** Content calls per organisation per UTC day (search fair use, not billed). */
  dailyContent: { max: number };
  analystHourlyCredential: WindowRule;
  analystHourlyOrg: WindowRule;
  /** Analyst runs at once per organisation; `retryAfterSeconds` is the wait suggested when all slots are busy. */
  analystConcurrency: { max: number; retryAfterSeconds: number };
  /** Monthly analyst allowance given to a new organisation (the org's own `analyst_monthly` is authoritative). */
  analystMonthlyDefault: { max: number };
  /** Failed authentications per (client address, presented credential) before further failures get 429. */
  authFailures: WindowRule;
  /**
   * MCP protocol reads (resources/read, tools/list, prompts/*, ping) per credential: the cheap cost class.
   * Counted in their own window, so listing and reading guides never spends the tool-call budget.
   */
  mcpReads: WindowRule;
}

export const DEFAULT_LIMITS: LimitsConfig = {
  enabled: true,
  burst: { max: 15, windowSeconds: 10 },
  perCredential: { max: 60, windowSeconds: 60 },
  perOrg: { max: 120, windowSeconds: 60 },
  dailyContent: { max: 2000 },
  analystHourlyCredential: { max: 10, windowSeconds: 3600 },
  analystHourlyOrg: { max: 20, windowSeconds: 3600 },
  analystConcurrency: { max: 2, retryAfterSeconds: 10 },
  analystMonthlyDefault: { max: 100 },
  authFailures: { max: 20, windowSeconds: 300 },
  mcpReads: { max: 60, windowSeconds: 10 },
};

const count = z.number().int().min(0).max(1_000_000_000);
const seconds = z
  .number()
  .int()
  .min(1)
  .max(366 * 86_400);
const windowOverride = z.strictObject({ max: count.optional(), windowSeconds: seconds.optional() });
const maxOverride = z.strictObject({ max: count.optional() });

const overridesSchema = z.strictObject({
  burst: windowOverride.optional(),
  perCredential: windowOverride.optional(),
  perOrg: windowOverride.optional(),
  dailyContent: maxOverride.optional(),
  analystHourlyCredential: windowOverride.optional(),
  analystHourlyOrg: windowOverride.optional(),
  analystConcurrency: z
    .strictObject({ max: count.optional(), retryAfterSeconds: seconds.optional() })
    .optional(),
  analystMonthlyDefault: maxOverride.optional(),
  authFailures: windowOverride.optional(),
  mcpReads: windowOverride.optional(),
});

export const CONTROL_NAMES = Object.keys(overridesSchema.shape) as (keyof typeof overridesSchema.shape)[];

/** Thrown for a CRS_LIMITS value that is neither `default`, `off` nor a valid JSON override. */
export class LimitsConfigError extends Error {
  override name = "LimitsConfigError";
}

/**
 * `default` = the contract's table; `off` disables every control; a JSON object overrides single
 * controls field by field, e.g. `{"burst":{"max":15,"windowSeconds":10}}`.
 */
export function parseLimitsConfig(value: string): LimitsConfig {
  const text = value.trim();
  if (text === "" || text === "default") return structuredClone(DEFAULT_LIMITS);
  if (text === "off") return { ...structuredClone(DEFAULT_LIMITS), enabled: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LimitsConfigError(
      `CRS_LIMITS must be 'default', 'off' or a JSON object such as {"burst":{"max":15,"windowSeconds":10}}; got invalid JSON.`,
    );
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const path = issue.path.join(".") || "(root)";
      if (issue.code === "unrecognized_keys") return `${path}: unknown ${issue.keys.join(", ")}`;
      return `${path}: ${issue.message}`;
    });
    throw new LimitsConfigError(
      `CRS_LIMITS override is invalid (${problems.join("; ")}). Controls: ${CONTROL_NAMES.join(", ")}.`,
    );
  }
  const config = structuredClone(DEFAULT_LIMITS);
  for (const name of CONTROL_NAMES) {
    const override = parsed.data[name];
    if (override) Object.assign(config[name], withoutUndefined(override));
  }
  return config;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
