import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * One schema for flags, environment and an optional JSON config file.
 * Precedence: flags > env > --config FILE > defaults. Parsed once, then frozen.
 */
export const configSchema = z
  .object({
    host: z.string().min(1).default("127.0.0.1"),
    port: z.coerce.number().int().min(0).max(65_535).default(8787),
    // A URL is refused without being echoed (it may carry a password).
    db: z
      .string()
      .min(1)
      .refine(
        (value) =>
          !/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim()) || /^postgres(ql)?:\/\//i.test(value.trim()),
        {
          message:
            "a URL other than postgres:// is not a database: give a SQLite file path or a postgres://USER@HOST/DATABASE URL (README, Scaling out)",
        },
      )
      .transform((value) => (/^\s*postgres(ql)?:\/\//i.test(value) ? value.trim() : value))
      .default("data/crs.sqlite"),
    publicUrl: z.string().url().optional(),
    /** Server pepper for key digests and cursor signatures; falls back to the one stored at init. */
    secret: z.string().min(16).optional(),
    apiKey: z.string().optional(),
    /** `default`, `off`, or a JSON object overriding single controls. */
    limits: z.string().default("default"),
    analystEngine: z.enum(["local", "anthropic"]).default("local"),
    analystModel: z.string().optional(),
    anthropicApiKey: z.string().optional(),
    anthropicBaseUrl: z.string().url().optional(),
    analystHeartbeatMs: z.coerce.number().int().min(10).default(15_000),
    analystMinMs: z.coerce.number().int().min(0).default(0),
    /** Redis for the request windows (several instances): redis://, rediss://, unix:///path or a socket path. */
    redisUrl: z
      .string()
      .regex(
        /^(rediss?:\/\/|unix:\/\/\/|\/)/i,
        "must be redis://…, rediss://…, unix:///path or an absolute socket path",
      )
      .optional(),
    /** Prefix of every Redis key the service writes (several deployments can share one Redis). */
    redisPrefix: z.string().min(1).max(64).default("crs:"),
    oauthIssuer: z.string().optional(),
    oauthJwks: z.string().optional(),
    /** `off` (default): OAuth users are bound by `sub` only; `verified`: an `email` with `email_verified: true` may match. */
    oauthEmailMatch: z.enum(["off", "verified"]).default("off"),
    /** Seconds; when set, a token whose `exp - iat` exceeds it (or without `iat`) is refused. */
    oauthMaxTokenLifetime: z.coerce.number().int().min(1).optional(),
    /** `off`, a hop count (1..10) or a comma-separated CIDR list of proxies whose X-Forwarded-For is believed. */
    trustProxy: z.string().default("off"),
    /** Browser origins (`scheme://host[:port]`, comma-separated) allowed to call /v1 and /mcp; off when empty. */
    corsOrigins: z.string().default(""),
    /** When set, /metrics requires `Authorization: Bearer <token>`. */
    metricsToken: z.string().min(16).optional(),
    /** Receiving a whole request (headers and body) may take this long; headers alone half of it. */
    requestTimeoutMs: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .strict();

export type Config = Readonly<z.infer<typeof configSchema>>;
export type ConfigInput = z.input<typeof configSchema>;

const ENV: Record<string, keyof ConfigInput> = {
  CRS_HOST: "host",
  CRS_PORT: "port",
  CRS_DB: "db",
  CRS_PUBLIC_URL: "publicUrl",
  CRS_SECRET: "secret",
  CRS_API_KEY: "apiKey",
  CRS_LIMITS: "limits",
  CRS_ANALYST_ENGINE: "analystEngine",
  CRS_ANALYST_MODEL: "analystModel",
  ANTHROPIC_API_KEY: "anthropicApiKey",
  ANTHROPIC_BASE_URL: "anthropicBaseUrl",
  CRS_ANALYST_HEARTBEAT_MS: "analystHeartbeatMs",
  CRS_ANALYST_MIN_MS: "analystMinMs",
  CRS_REDIS_URL: "redisUrl",
  CRS_REDIS_PREFIX: "redisPrefix",
  CRS_OAUTH_ISSUER: "oauthIssuer",
  CRS_OAUTH_JWKS: "oauthJwks",
  CRS_OAUTH_EMAIL_MATCH: "oauthEmailMatch",
  CRS_OAUTH_MAX_TOKEN_LIFETIME: "oauthMaxTokenLifetime",
  CRS_TRUST_PROXY: "trustProxy",
  CRS_METRICS_TOKEN: "metricsToken",
  CRS_CORS_ORIGINS: "corsOrigins",
  CRS_REQUEST_TIMEOUT_MS: "requestTimeoutMs",
  CRS_LOG_LEVEL: "logLevel",
};

export interface LoadConfigOptions {
  flags?: Partial<Record<keyof ConfigInput, unknown>>;
  env?: NodeJS.ProcessEnv;
  configFile?: string;
}

export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  let fromFile: Record<string, unknown> = {};
  if (options.configFile) {
    try {
      fromFile = JSON.parse(readFileSync(options.configFile, "utf8")) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(`cannot read config file ${options.configFile}: ${(error as Error).message}`);
    }
  }
  const fromEnv: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV)) {
    const value = env[name];
    if (value !== undefined && value !== "") fromEnv[key] = value;
  }
  const fromFlags = Object.fromEntries(
    Object.entries(options.flags ?? {}).filter(([, v]) => v !== undefined),
  );
  const parsed = configSchema.safeParse({ ...fromFile, ...fromEnv, ...fromFlags });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `invalid configuration ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
    );
  }
  return Object.freeze(parsed.data);
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The public origin and the addresses the contract derives from it. */
export function publicUrls(config: Config, boundPort?: number) {
  const origin = (config.publicUrl ?? `http://${config.host}:${boundPort ?? config.port}`).replace(
    /\/+$/,
    "",
  );
  return {
    apiOrigin: origin,
    baseUrl: `${origin}/v1`,
    mcpUrl: `${origin}/mcp`,
    problemsUrl: `${origin}/problems`,
  };
}
export type PublicUrls = ReturnType<typeof publicUrls>;
