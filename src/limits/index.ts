import type { Clock } from "../clock.js";
import type { CostClass, Principal } from "../registry/principal.js";
import type { Db } from "../store/connection.js";
import {
  AnalystAccounting,
  type AnalystClaim,
  type AnalystHeaders,
  type AnalystRelease,
  type HourlyStanding,
} from "./analyst-accounting.js";
import { type AuthFailureLimiter, createAuthFailureLimiter } from "./auth-failures.js";
import type { LimitsConfig } from "./config.js";
import { isoSeconds } from "./periods.js";
import { RequestLimiter } from "./request-limiter.js";
import type { UsageRecord } from "./usage.js";
import { MemoryWindowStore, type WindowStore } from "./windows.js";

export type { AnalystClaim, AnalystHeaders, AnalystRelease } from "./analyst-accounting.js";
export type { AuthFailureLimiter } from "./auth-failures.js";
export {
  CONTROL_NAMES,
  DEFAULT_LIMITS,
  type LimitsConfig,
  LimitsConfigError,
  parseLimitsConfig,
  type WindowRule,
} from "./config.js";
export { type UsageRecord, usageRecordSchema } from "./usage.js";
export { MemoryWindowStore, type WindowState, type WindowStore } from "./windows.js";

/** The one limiter: REST and MCP share an instance, so both draw on the same counters. */
export interface Limiter {
  readonly config: LimitsConfig;
  /** Once per tool call; throws ServiceError rate_limited (429, Retry-After) or returns RateLimit headers. */
  admit(principal: Principal, cost: CostClass): { headers: Record<string, string> };
  /** Gives back one admission (a call refused by a later limit, e.g. the analyst's). */
  refund(principal: Principal, cost: CostClass): void;
  /** Takes hourly, concurrency and monthly analyst budget for a run before work begins; idempotent per run. */
  claimAnalyst(principal: Principal, runId: string): AnalystClaim;
  /** Frees the run's concurrency slot (idempotent); `refund` gives the monthly request back once. */
  releaseAnalyst(runId: string, outcome: { refund: boolean }): AnalystRelease;
  /** Crash recovery: releases the given runs; returns how many slots were freed. */
  releaseAll(runIds: readonly string[], outcome: { refund: boolean }): number;
  /** Runs still holding a concurrency slot (for start-up recovery). */
  openAnalystClaims(): string[];
  analystHeaders(orgId: string): AnalystHeaders;
  /** The standing of a cost class's budget as headers: the analyst allowance (X-Agent-*); none for the others. */
  budgetHeaders(principal: Principal, cost: CostClass): Record<string, string>;
  usage(principal: Principal): UsageRecord;
  authFailures: AuthFailureLimiter;
}

export interface LimiterDeps {
  db: Db;
  clock: Clock;
  config: LimitsConfig;
  /** How long an analyst run is expected to take (concurrency Retry-After counts from the running runs). */
  expectedAnalystRunSeconds?: number;
  /** Where the in-memory windows live; defaults to one process's memory. */
  windows?: WindowStore;
}

export function createLimiter(deps: LimiterDeps): Limiter {
  const { db, clock, config } = deps;
  const windows = deps.windows ?? new MemoryWindowStore();
  const requests = new RequestLimiter(db, clock, config, windows);
  const analyst = new AnalystAccounting(db, clock, config, deps.expectedAnalystRunSeconds);
  return {
    config,
    admit: (principal, cost) => requests.admit(principal, cost),
    refund: (principal, cost) => requests.refund(principal, cost),
    claimAnalyst: (principal, runId) => analyst.claim(principal, runId),
    releaseAnalyst: (runId, outcome) => analyst.release(runId, outcome),
    releaseAll: (runIds, outcome) =>
      runIds.reduce((freed, runId) => freed + (analyst.release(runId, outcome).released ? 1 : 0), 0),
    openAnalystClaims: () => analyst.openClaims(),
    analystHeaders: (orgId) => analyst.headers(orgId),
    budgetHeaders: (principal, cost) => (cost === "analyst" ? { ...analyst.headers(principal.orgId) } : {}),
    usage: (principal) => buildUsage(principal, Math.floor(clock.nowSeconds()), config, requests, analyst),
    authFailures: createAuthFailureLimiter(clock, config, windows),
  };
}

function buildUsage(
  principal: Principal,
  now: number,
  config: LimitsConfig,
  requests: RequestLimiter,
  analyst: AnalystAccounting,
): UsageRecord {
  const monthly = analyst.monthly(principal.orgId, now);
  const daily = requests.daily.standing(principal.orgId, config.dailyContent.max, now);
  const [burst, perCredential, perOrg] = requests.rateWindows(principal).map(({ key, rule }) => {
    const state = requests.windows.peek(key, rule, now);
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
