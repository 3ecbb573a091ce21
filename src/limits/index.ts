import type { Clock } from "../shared/clock.js";
import type { CostClass, Principal } from "../shared/principal.js";
import type { Db } from "../store/connection.js";
import {
  AnalystAccounting,
  type AnalystClaim,
  type AnalystHeaders,
  type AnalystRelease,
  type HourlyStanding,
  processOwner,
} from "./analyst-accounting.js";
import { type AuthFailureLimiter, createAuthFailureLimiter } from "./auth-failures.js";
import type { LimitsConfig } from "./config.js";
import { isoSeconds } from "./periods.js";
import { RequestLimiter } from "./request-limiter.js";
import type { UsageRecord } from "./usage.js";
import { type AtomicWindowStore, MemoryWindowStore, type WindowState, type WindowStore } from "./windows.js";

export type { AnalystClaim, AnalystHeaders, AnalystRelease } from "./analyst-accounting.js";
export { processOwner } from "./analyst-accounting.js";
export type { AuthFailureLimiter } from "./auth-failures.js";
export {
  CONTROL_NAMES,
  DEFAULT_LIMITS,
  type LimitsConfig,
  LimitsConfigError,
  parseLimitsConfig,
  type WindowRule,
} from "./config.js";
export { DatabaseWindowStore } from "./database-windows.js";
export { connectRedis, isRedisUrl, RedisWindowStore } from "./redis.js";
export { type UsageRecord, usageRecordSchema } from "./usage.js";
export {
  type AtomicWindowStore,
  MemoryWindowStore,
  type WindowRequest,
  type WindowState,
  type WindowStore,
  type WindowTake,
} from "./windows.js";

/** The one limiter: REST and MCP share an instance, so both draw on the same counters. */
export interface Limiter {
  readonly config: LimitsConfig;
  /**
   * Once per tool call; rejects with ServiceError rate_limited (429, Retry-After), or service_unavailable (503,
   * Retry-After) when a shared store cannot be reached; otherwise resolves to the RateLimit headers.
   */
  admit(principal: Principal, cost: CostClass): Promise<{ headers: Record<string, string> }>;
  /** Gives back one admission (a call refused by a later limit, e.g. the analyst's). */
  refund(principal: Principal, cost: CostClass): Promise<void>;
  /** Takes hourly, concurrency and monthly analyst budget for a run before work begins; idempotent per run. */
  claimAnalyst(principal: Principal, runId: string): AnalystClaim;
  /** Frees the run's concurrency slot (idempotent); `refund` gives the monthly request back once. */
  releaseAnalyst(runId: string, outcome: { refund: boolean }): AnalystRelease;
  /** Crash recovery: releases the given runs; returns how many slots were freed. */
  releaseAll(runIds: readonly string[], outcome: { refund: boolean }): number;
  /** Runs still holding a concurrency slot. */
  openAnalystClaims(): string[];
  /** Open claims no living process holds (its process died or its lease ran out): crash recovery. */
  abandonedAnalystClaims(): string[];
  /** Extends the leases of the claims this process holds (while their runs are alive). */
  renewAnalystLeases(): number;
  analystHeaders(orgId: string): AnalystHeaders;
  /** The standing of a cost class's budget as headers: the analyst allowance (X-Agent-*); none for the others. */
  budgetHeaders(principal: Principal, cost: CostClass): Record<string, string>;
  usage(principal: Principal): Promise<UsageRecord>;
  authFailures: AuthFailureLimiter;
  /** Where the request windows live (`memory`, `database`, `redis`). */
  readonly windowsKind: string;
  /** Not ready (a shared store unreachable): the reason, for `/readyz`; undefined when ready. */
  unready(): string | undefined;
  close(): Promise<void>;
}

export interface LimiterDeps {
  db: Db;
  clock: Clock;
  config: LimitsConfig;
  /** How long an analyst run is expected to take (concurrency Retry-After counts from the running runs). */
  expectedAnalystRunSeconds?: number;
  /** Where the request windows live; defaults to one process's memory. */
  windows?: AtomicWindowStore;
  /** Where the per-address auth-failure windows live (synchronous); defaults to `windows` when it is synchronous. */
  authWindows?: WindowStore;
  /** This process's tag on analyst claims and their lease length (defaults: a fresh tag, 30 s). */
  owner?: string;
  leaseSeconds?: number;
}

export function createLimiter(deps: LimiterDeps): Limiter {
  const { db, clock, config } = deps;
  const windows: AtomicWindowStore = deps.windows ?? new MemoryWindowStore();
  const authWindows = deps.authWindows ?? (isSync(windows) ? windows : new MemoryWindowStore());
  const requests = new RequestLimiter(db, clock, config, windows);
  const analyst = new AnalystAccounting(
    db,
    clock,
    config,
    { owner: deps.owner ?? processOwner(), leaseSeconds: deps.leaseSeconds ?? 30 },
    deps.expectedAnalystRunSeconds,
  );
  return {
    config,
    windowsKind: windows.kind,
    admit: (principal, cost) => requests.admit(principal, cost),
    refund: (principal, cost) => requests.refund(principal, cost),
    claimAnalyst: (principal, runId) => analyst.claim(principal, runId),
    releaseAnalyst: (runId, outcome) => analyst.release(runId, outcome),
    releaseAll: (runIds, outcome) =>
      runIds.reduce((freed, runId) => freed + (analyst.release(runId, outcome).released ? 1 : 0), 0),
    openAnalystClaims: () => analyst.openClaims(),
    abandonedAnalystClaims: () => analyst.abandonedClaims(),
    renewAnalystLeases: () => analyst.renewLeases(),
    analystHeaders: (orgId) => analyst.headers(orgId),
    budgetHeaders: (principal, cost) => (cost === "analyst" ? { ...analyst.headers(principal.orgId) } : {}),
    usage: (principal) => buildUsage(principal, Math.floor(clock.nowSeconds()), config, requests, analyst),
    authFailures: createAuthFailureLimiter(clock, config, authWindows),
    unready: () => windows.unready?.(),
    close: async () => {
      await windows.close?.();
    },
  };
}

function isSync(store: AtomicWindowStore): store is AtomicWindowStore & WindowStore {
  return typeof (store as Partial<WindowStore>).peek === "function";
}

async function buildUsage(
  principal: Principal,
  now: number,
  config: LimitsConfig,
  requests: RequestLimiter,
  analyst: AnalystAccounting,
): Promise<UsageRecord> {
  const monthly = analyst.monthly(principal.orgId, now);
  const daily = requests.daily.standing(principal.orgId, config.dailyContent.max, now);
  const windows = requests.rateWindows(principal);
  const states = await requests.windows.peekAll(windows, now);
  const [burst, perCredential, perOrg] = windows.map(({ rule }, i) => {
    const state = states[i] as WindowState;
    return {
      limit: rule.max,
      window_seconds: rule.windowSeconds,
      used: state.used,
      remaining: state.remaining,
    };
  });
  if (!burst || !perCredential || !perOrg) throw new Error("rate windows missing");
  return {
    organisation_id: principal.orgId,
    credential_id: principal.credentialId,
    limits_enforced: config.enabled,
    analyst: {
      monthly: {
        limit: monthly.limit,
        used: monthly.used,
        remaining: monthly.remaining,
        period: monthly.period,
        reset_at: isoSeconds(monthly.resetAt),
        reset_at_unix: monthly.resetAt,
      },
      hourly: {
        credential: hourlyRecord(
          analyst.hourly("credential_id", principal.credentialId, config.analystHourlyCredential, now),
        ),
        organisation: hourlyRecord(analyst.hourly("org_id", principal.orgId, config.analystHourlyOrg, now)),
      },
      concurrency: { limit: config.analystConcurrency.max, running: analyst.running(principal.orgId) },
    },
    search: {
      burst,
      per_credential: perCredential,
      per_organisation: perOrg,
      daily: {
        limit: daily.max,
        used: daily.used,
        remaining: Math.max(0, daily.max - daily.used),
        day: daily.day,
        reset_at: isoSeconds(daily.resetAt),
        reset_at_unix: daily.resetAt,
      },
    },
  };
}

const hourlyRecord = (standing: HourlyStanding) => ({
  limit: standing.limit,
  used: standing.used,
  remaining: Math.max(0, standing.limit - standing.used),
  window_seconds: standing.windowSeconds,
  reset_at: isoSeconds(standing.resetAt),
  reset_at_unix: standing.resetAt,
});
