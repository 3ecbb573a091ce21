import type { Clock } from "../shared/clock.js";
import type { CostClass, Principal } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import {
  AnalystAccounting,
  type AnalystClaim,
  type AnalystHeaders,
  type AnalystRelease,
  type HourlyStanding,
  processOwner,
} from "./analyst-accounting.js";
import type { AnalystLeases } from "./analyst-leases.js";
import { type AuthFailureLimiter, createAuthFailureLimiter } from "./auth-failures.js";
import type { LimitsConfig } from "./config.js";
import { DailyContentCounter, type DailyCounter } from "./daily-content.js";
import { isoSeconds } from "./periods.js";
import { RequestLimiter } from "./request-limiter.js";
import type { UsageRecord } from "./usage.js";
import { type AtomicWindowStore, MemoryWindowStore, type WindowState } from "./windows.js";

export type { AnalystClaim, AnalystHeaders, AnalystRelease } from "./analyst-accounting.js";
export { analystLockName, processOwner } from "./analyst-accounting.js";
export { type AnalystLeases, DatabaseLeases } from "./analyst-leases.js";
export type { AuthFailureLimiter } from "./auth-failures.js";
export {
  CONTROL_NAMES,
  DEFAULT_LIMITS,
  type LimitsConfig,
  LimitsConfigError,
  parseLimitsConfig,
  type WindowRule,
} from "./config.js";
export { DailyContentCounter, type DailyCounter } from "./daily-content.js";
export { DatabaseWindowStore } from "./database-windows.js";
export { lockNames } from "./sql-lock.js";
export { type UsageRecord, usageRecordSchema } from "./usage.js";
export {
  type Alongside,
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
  /*
   * The analyst's accounting. `tx`: the caller's open transaction on the same SqlClient (the run store's
   * acceptance, a run's terminal save, crash recovery), which the call then joins; it must be passed when one
   * is open, since the SQLite client makes other calls wait for it.
   */
  /** Takes hourly, concurrency and monthly analyst budget for a run before work begins; idempotent per run. */
  claimAnalyst(principal: Principal, runId: string, tx?: SqlClient): Promise<AnalystClaim>;
  /** Frees the run's concurrency slot (idempotent); `refund` gives the monthly request back once. */
  releaseAnalyst(runId: string, outcome: { refund: boolean }, tx?: SqlClient): Promise<AnalystRelease>;
  /** Crash recovery: releases the given runs; returns how many slots were freed. */
  releaseAll(runIds: readonly string[], outcome: { refund: boolean }, tx?: SqlClient): Promise<number>;
  /** Runs still holding a concurrency slot. */
  openAnalystClaims(): Promise<string[]>;
  /** Open claims no living process holds (its process died or its lease ran out): crash recovery. */
  abandonedAnalystClaims(tx?: SqlClient): Promise<string[]>;
  /** Extends the leases of the claims this process holds (while their runs are alive). */
  renewAnalystLeases(): Promise<number>;
  analystHeaders(orgId: string): Promise<AnalystHeaders>;
  /** The standing of a cost class's budget as headers: the analyst allowance (X-Agent-*); none for the others. */
  budgetHeaders(principal: Principal, cost: CostClass): Promise<Record<string, string>>;
  usage(principal: Principal): Promise<UsageRecord>;
  authFailures: AuthFailureLimiter;
  /** Where the request windows live (`memory`, `database`, `redis`). */
  readonly windowsKind: string;
  /** Where the analyst's concurrency leases live (`database`, `redis`). */
  readonly leasesKind: string;
  /** Not ready (a shared store unreachable): the reason, for `/readyz`; undefined when ready. */
  unready(): string | undefined;
  close(): Promise<void>;
}

export interface LimiterDeps {
  /** The service's one SqlClient (counters, claims, the ledger). */
  sql: SqlClient;
  clock: Clock;
  config: LimitsConfig;
  /** How long an analyst run is expected to take (concurrency Retry-After counts from the running runs). */
  expectedAnalystRunSeconds?: number;
  /** Where the request windows live; defaults to one process's memory. */
  windows?: AtomicWindowStore;
  /** Where the daily content counts live; defaults to the database. */
  daily?: DailyCounter;
  /** Where the per-address auth-failure windows live; defaults to `windows`, or this process's memory beside Redis. */
  authWindows?: AtomicWindowStore;
  /** This process's tag on analyst claims and their lease length (defaults: a fresh tag, 30 s). */
  owner?: string;
  leaseSeconds?: number;
  /** Where the analyst's concurrency leases live; defaults to the claim rows in the database. */
  leases?: AnalystLeases;
}

export function createLimiter(deps: LimiterDeps): Limiter {
  const { sql, clock, config } = deps;
  const windows: AtomicWindowStore = deps.windows ?? new MemoryWindowStore();
  const authWindows = deps.authWindows ?? (windows.kind === "redis" ? new MemoryWindowStore() : windows);
  const requests = new RequestLimiter(clock, config, windows, deps.daily ?? new DailyContentCounter(sql));
  const analyst = new AnalystAccounting(
    sql,
    clock,
    config,
    { owner: deps.owner ?? processOwner(), leaseSeconds: deps.leaseSeconds ?? 30, leases: deps.leases },
    deps.expectedAnalystRunSeconds,
  );
  return {
    config,
    windowsKind: windows.kind,
    leasesKind: analyst.leasesKind,
    admit: (principal, cost) => requests.admit(principal, cost),
    refund: (principal, cost) => requests.refund(principal, cost),
    claimAnalyst: (principal, runId, tx) => analyst.claim(principal, runId, tx),
    releaseAnalyst: (runId, outcome, tx) => analyst.release(runId, outcome, tx),
    releaseAll: async (runIds, outcome, tx) => {
      let freed = 0;
      for (const runId of runIds) if ((await analyst.release(runId, outcome, tx)).released) freed += 1;
      return freed;
    },
    openAnalystClaims: () => analyst.openClaims(),
    abandonedAnalystClaims: (tx) => analyst.abandonedClaims(tx),
    renewAnalystLeases: () => analyst.renewLeases(),
    analystHeaders: (orgId) => analyst.headers(orgId),
    budgetHeaders: async (principal, cost) =>
      cost === "analyst" ? { ...(await analyst.headers(principal.orgId)) } : {},
    usage: (principal) => buildUsage(principal, Math.floor(clock.nowSeconds()), config, requests, analyst),
    authFailures: createAuthFailureLimiter(clock, config, authWindows),
    unready: () => windows.unready?.(),
    close: async () => {
      await windows.close?.();
    },
  };
}

async function buildUsage(
  principal: Principal,
  now: number,
  config: LimitsConfig,
  requests: RequestLimiter,
  analyst: AnalystAccounting,
): Promise<UsageRecord> {
  const monthly = await analyst.monthly(principal.orgId, now);
  const daily = await requests.daily.standing(principal.orgId, config.dailyContent.max, now);
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
          await analyst.hourly("credential_id", principal.credentialId, config.analystHourlyCredential, now),
        ),
        organisation: hourlyRecord(
          await analyst.hourly("org_id", principal.orgId, config.analystHourlyOrg, now),
        ),
      },
      concurrency: { limit: config.analystConcurrency.max, running: await analyst.running(principal.orgId) },
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
