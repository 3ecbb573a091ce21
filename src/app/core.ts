import { createEngine } from "../analyst/create-engine.js";
import { createAnalystService } from "../analyst/service.js";
import type { Config, PublicUrls } from "../config/index.js";
import { type Guide, loadGuides } from "../content/guides.js";
import { loadPrompts, type PromptTemplate } from "../content/prompts.js";
import { createMetrics, type Metrics } from "../http/metrics.js";
import { type Authenticator, createAuthenticator } from "../identity/authenticate.js";
import {
  createLimiter,
  DailyContentCounter,
  DatabaseWindowStore,
  type Limiter,
  parseLimitsConfig,
} from "../limits/index.js";
import { buildOpenApi, serialiseOpenApi } from "../openapi/build.js";
import { ToolRegistry } from "../registry/invoke.js";
import type { ServiceDeps } from "../registry/types.js";
import { type Clock, systemClock } from "../shared/clock.js";
import { logger } from "../shared/log.js";
import { resolveSecret } from "../store/secret.js";
import type { SqlClient } from "../store/sql-client.js";
import { allTools } from "../tools/index.js";
import type { Backend } from "./backend.js";

export interface ServiceCore {
  deps: ServiceDeps;
  registry: ToolRegistry;
  limiter: Limiter;
  metrics: Metrics;
  authenticator: Authenticator;
  analyst: ReturnType<typeof createAnalystService>;
  openapiJson: string;
  guides: Guide[];
  prompts: PromptTemplate[];
}

/**
 * Everything both transports share: one registry, one limiter, one analyst, one OpenAPI document. Resolves
 * once the analyst's crash recovery has run.
 */
export async function createServiceCore(
  config: Config,
  backend: Pick<Backend, "store" | "sql">,
  urls: PublicUrls,
  clock: Clock = systemClock,
): Promise<ServiceCore> {
  const { store, sql } = backend;
  const secret = await resolveSecret(sql, config);
  // Request windows and daily counts live where every process serving this deployment sees them: Redis when
  // configured (several instances), else the database (every process on it). Auth-failure windows stay in the
  // database.
  const databaseWindows = new DatabaseWindowStore(sql);
  // With Redis, the daily content counts and the analyst's concurrency leases live there too: a content call
  // writes nothing to the database, and a stopped instance's slots come back when their leases run out.
  const onRedis = config.redisUrl ? await redisStores(config.redisUrl, config.redisPrefix, sql) : null;
  const limiter = createLimiter({
    sql,
    clock,
    config: parseLimitsConfig(config.limits),
    // A local run takes about a second unless a minimum is set; a model run some tens of seconds.
    expectedAnalystRunSeconds: Math.max(
      Math.ceil(config.analystMinMs / 1000),
      config.analystEngine === "anthropic" ? 30 : 1,
    ),
    windows: onRedis?.windows ?? databaseWindows,
    daily: onRedis?.daily,
    leases: onRedis?.leases,
    authWindows: databaseWindows,
  });
  const deps: ServiceDeps = {
    store,
    sql,
    config,
    clock,
    secret,
    urls,
    limiter,
    analyst: null,
  };
  const metrics = createMetrics();
  const registry = new ToolRegistry(allTools, deps, limiter, metrics.observeTool);
  const engine = await createEngine(config, { clock, store }, registry);
  const analyst = createAnalystService({ deps, registry, metrics, engine });
  deps.analyst = analyst;
  await analyst.recoverInterrupted();
  const openapiJson = serialiseOpenApi(buildOpenApi(registry.list(), urls));
  const authenticator = createAuthenticator({ sql: deps.sql, secret, clock, config, urls });
  return {
    deps,
    registry,
    limiter,
    metrics,
    authenticator,
    analyst,
    openapiJson,
    guides: loadGuides(),
    prompts: loadPrompts(),
  };
}

/** The limiter's stores in Redis. ioredis is loaded only here: 190 ms of the 1.0 s `crs mcp` took to start. */
async function redisStores(url: string, prefix: string, sql: SqlClient) {
  const { connectRedis, firstConnection, RedisDailyCounter, RedisLeases, RedisWindowStore } = await import(
    "../limits/redis.js"
  );
  const redis = connectRedis(url);
  if (!(await firstConnection(redis, 3000)))
    logger.warn("redis did not answer within 3 s of start: limited calls answer 503 until it does");
  return {
    windows: new RedisWindowStore(redis, prefix),
    daily: new RedisDailyCounter(redis, prefix, new DailyContentCounter(sql)),
    leases: new RedisLeases(redis, prefix),
  };
}
