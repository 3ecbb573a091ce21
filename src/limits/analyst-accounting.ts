import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Clock } from "../shared/clock.js";
import { ServiceError } from "../shared/errors.js";
import type { Principal } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import { type AnalystLeases, DatabaseLeases } from "./analyst-leases.js";
import type { LimitsConfig, WindowRule } from "./config.js";
import { nextUtcMonth, utcMonth } from "./periods.js";
import { lockNames } from "./sql-lock.js";

export type AnalystControl =
  | "analystHourlyCredential"
  | "analystHourlyOrg"
  | "analystConcurrency"
  | "analystMonthly";

/** Response headers on analyst calls: the organisation's monthly allowance. */
export interface AnalystHeaders {
  /** Monthly allowance (requests). */
  "X-Agent-Limit": string;
  /** Requests left this UTC month. */
  "X-Agent-Remaining": string;
  /** Start of the next UTC month, Unix seconds. */
  "X-Agent-Reset": string;
}

export interface AnalystClaim {
  runId: string;
  orgId: string;
  credentialId: string;
  claimedAt: number;
  /** false when the run already held a claim (a repeated claim takes nothing). */
  created: boolean;
  headers: AnalystHeaders;
}

export interface AnalystRelease {
  /** The concurrency slot was freed by this call (false: unknown run or already released). */
  released: boolean;
  /** A -1 ledger row was written by this call (false: no refund asked, or already refunded). */
  refunded: boolean;
}

/** The organisation's monthly allowance this UTC month. */
export interface MonthlyStanding {
  period: string;
  limit: number;
  used: number;
  remaining: number;
  resetAt: number;
}

/** A sliding hourly window over persisted claims. */
export interface HourlyStanding {
  limit: number;
  used: number;
  windowSeconds: number;
  /** When one more request fits again: the oldest counted claim leaves the window (now if none counted). */
  resetAt: number;
}

interface ClaimRow {
  run_id: string;
  org_id: string;
  credential_id: string;
  period: string;
  claimed_at: number;
  released_at: number | null;
  refunded: number;
}

const LEDGER_KIND = "analyst";

/** A control that refuses a claim, and how long until it would admit one. */
interface Blocked {
  control: AnalystControl;
  limit: number;
  retryAfter: number;
  detail: string;
}

/** Who holds a claim's concurrency slot, and until when unless renewed. */
export interface LeaseOptions {
  /** This process: `host:pid:nonce` (see `processOwner`). */
  owner: string;
  /** A claim whose lease ran out (its process stopped renewing) is abandoned: the slot comes back. */
  leaseSeconds: number;
  /** Where the leases live: the claim rows (default) or Redis. */
  leases?: AnalystLeases;
}

/** A process's owner tag: the host and pid say whether it still lives on this machine; the nonce tells restarts apart. */
export function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * Whether the process that wrote `owner` is gone for sure: on this host, its pid no longer exists, or the pid is
 * ours under another nonce (a restarted container reuses pid 1). Elsewhere only the lease can tell.
 */
export function ownerIsGone(owner: string, self: string): boolean {
  if (owner === self) return false;
  const [host, pidText] = owner.split(":");
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

const hourlySql = (column: "credential_id" | "org_id") =>
  `SELECT claimed_at FROM limit_analyst_claims WHERE ${column} = ? AND claimed_at > ? AND refunded = 0 ORDER BY claimed_at`;

const SQL = {
  openClaims:
    "SELECT run_id, owner, lease_until FROM limit_analyst_claims WHERE released_at IS NULL ORDER BY claimed_at, run_id",
  // SUM of a bigint is numeric on PostgreSQL (a string in JS): cast back.
  monthlyUsed:
    "SELECT CAST(SUM(delta) AS BIGINT) AS used FROM usage_ledger WHERE org_id = ? AND kind = ? AND period = ?",
  hourly: { credential_id: hourlySql("credential_id"), org_id: hourlySql("org_id") },
  runningSince:
    "SELECT claimed_at FROM limit_analyst_claims WHERE org_id = ? AND released_at IS NULL ORDER BY claimed_at LIMIT 1",
  insertClaim:
    "INSERT INTO limit_analyst_claims(run_id, org_id, credential_id, period, claimed_at, owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?)",
  findClaim: "SELECT * FROM limit_analyst_claims WHERE run_id = ?",
  // Conditional updates: of two racing releases (the run ending, another process's recovery) one wins.
  markReleased: "UPDATE limit_analyst_claims SET released_at = ? WHERE run_id = ? AND released_at IS NULL",
  markRefunded: "UPDATE limit_analyst_claims SET refunded = 1 WHERE run_id = ? AND refunded = 0",
  orgAllowance: "SELECT analyst_monthly FROM organisations WHERE id = ?",
  ledger:
    "INSERT INTO usage_ledger(org_id, credential_id, kind, run_id, delta, period, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
};

/** The name a claim serialises on (`lockNames`): every budget a claim checks belongs to one organisation. */
export const analystLockName = (orgId: string): string => `analyst:${orgId}`;

/**
 * Analyst accounting, all persisted so it survives restarts: hourly windows per credential and per
 * organisation (refunded runs do not count), concurrent runs per organisation, and the monthly
 * allowance in `usage_ledger` (+1 per accepted request, -1 per refund, period `YYYY-MM` UTC).
 * Check and take happen in one transaction serialised on the organisation (`lockNames`), so parallel
 * claims (even across processes and instances) never exceed a budget. Every method takes an optional `tx`:
 * the caller's open transaction to run in (it must be passed when one is open on the same client).
 */
export class AnalystAccounting {
  private readonly leases: AnalystLeases;

  constructor(
    private readonly sql: SqlClient,
    private readonly clock: Clock,
    private readonly config: LimitsConfig,
    private readonly lease: LeaseOptions = { owner: processOwner(), leaseSeconds: 30 },
    /** Expected run length: with all slots busy, Retry-After is when the earliest running run should end. */
    private readonly expectedRunSeconds?: number,
  ) {
    this.leases = lease.leases ?? new DatabaseLeases();
  }

  get leasesKind(): string {
    return this.leases.kind;
  }

  async claim(principal: Principal, runId: string, tx: SqlClient = this.sql): Promise<AnalystClaim> {
    let leased = false;
    try {
      return await tx.transaction(async (inner) => {
        await lockNames(inner, [analystLockName(principal.orgId)]);
        return this.claimInside(inner, principal, runId, () => {
          leased = true;
        });
      });
    } catch (error) {
      // The claim rolled back after its lease was taken (outside the database): free the slot now.
      if (leased) await this.leases.release(principal.orgId, runId);
      throw error;
    }
  }

  release(runId: string, outcome: { refund: boolean }, tx: SqlClient = this.sql): Promise<AnalystRelease> {
    return tx.transaction((inner) => this.releaseInside(inner, runId, outcome.refund));
  }

  /** Run ids whose claim still holds a concurrency slot. */
  async openClaims(tx: SqlClient = this.sql): Promise<string[]> {
    return (await this.openRows(tx)).map((row) => row.run_id);
  }

  /**
   * Open claims no living process holds: written before leases existed, their process is gone from this
   * host, or their lease ran out. Another living process's claims are never among them.
   */
  async abandonedClaims(tx: SqlClient = this.sql, now = this.now()): Promise<string[]> {
    // From the claim rows' lease, which every process renews (beside its Redis leases, if any): a Redis
    // outage never makes a living process's run look abandoned.
    return (await this.openRows(tx))
      .filter(
        (row) =>
          row.owner === null ||
          row.lease_until === null ||
          (row.owner !== this.lease.owner &&
            (row.lease_until < now || ownerIsGone(row.owner, this.lease.owner))),
      )
      .map((row) => row.run_id);
  }

  /** Extends the lease of every claim this process holds; returns how many. */
  async renewLeases(now = this.now()): Promise<number> {
    return this.leases.renew(this.sql, this.lease.owner, now, now + this.lease.leaseSeconds);
  }

  async monthly(orgId: string, now = this.now(), tx: SqlClient = this.sql): Promise<MonthlyStanding> {
    const period = utcMonth(now);
    const limit = await this.monthlyLimit(tx, orgId);
    const row = await tx.get<{ used: number | null }>(SQL.monthlyUsed, [orgId, LEDGER_KIND, period]);
    const used = Math.max(0, Number(row?.used ?? 0));
    return { period, limit, used, remaining: Math.max(0, limit - used), resetAt: nextUtcMonth(now) };
  }

  async hourly(
    column: "credential_id" | "org_id",
    id: string,
    rule: WindowRule,
    now = this.now(),
    tx: SqlClient = this.sql,
  ): Promise<HourlyStanding> {
    const since = now - rule.windowSeconds;
    const rows = await tx.all<{ claimed_at: number }>(SQL.hourly[column], [id, since]);
    const times = rows.map((row) => row.claimed_at);
    // One more fits once enough of the oldest claims have left the window to bring used below the limit.
    const mustLeave = Math.max(1, times.length - rule.max + 1);
    const leaving = times[mustLeave - 1];
    return {
      limit: rule.max,
      used: times.length,
      windowSeconds: rule.windowSeconds,
      resetAt: leaving === undefined ? now : leaving + rule.windowSeconds,
    };
  }

  /** Runs of the organisation holding a concurrency slot (a live lease). */
  running(orgId: string, tx: SqlClient = this.sql, now = this.now()): Promise<number> {
    return this.leases.running(tx, orgId, now);
  }

  async headers(orgId: string, tx: SqlClient = this.sql): Promise<AnalystHeaders> {
    const monthly = await this.monthly(orgId, this.now(), tx);
    return {
      "X-Agent-Limit": String(monthly.limit),
      "X-Agent-Remaining": String(monthly.remaining),
      "X-Agent-Reset": String(monthly.resetAt),
    };
  }

  private openRows(tx: SqlClient) {
    return tx.all<{ run_id: string; owner: string | null; lease_until: number | null }>(SQL.openClaims);
  }

  private async claimInside(
    tx: SqlClient,
    principal: Principal,
    runId: string,
    leased: () => void,
  ): Promise<AnalystClaim> {
    const now = this.now();
    const existing = await this.findClaim(tx, runId);
    if (existing) {
      return {
        runId,
        orgId: existing.org_id,
        credentialId: existing.credential_id,
        claimedAt: existing.claimed_at,
        created: false,
        headers: await this.headers(existing.org_id, tx),
      };
    }
    if (this.config.enabled) await this.enforce(tx, principal, now);
    const period = utcMonth(now);
    const until = now + this.lease.leaseSeconds;
    await tx.run(SQL.insertClaim, [
      runId,
      principal.orgId,
      principal.credentialId,
      period,
      now,
      this.lease.owner,
      until,
    ]);
    await this.ledger(tx, principal.orgId, principal.credentialId, runId, 1, period, now);
    const max = this.config.enabled ? this.config.analystConcurrency.max : null;
    // Claims of one organisation are serialised (lockNames), so the slot the check above saw free is normally
    // still free; a lapsed lease its process renewed in between can take it back.
    if (!(await this.leases.take(tx, principal.orgId, runId, now, until, max)))
      await this.refuse(tx, principal.orgId, [await this.concurrencyBlocked(tx, principal.orgId, now)]);
    leased();
    return {
      runId,
      orgId: principal.orgId,
      credentialId: principal.credentialId,
      claimedAt: now,
      created: true,
      headers: await this.headers(principal.orgId, tx),
    };
  }

  private async enforce(tx: SqlClient, principal: Principal, now: number): Promise<void> {
    const blocked: Blocked[] = [];
    const perCredential = await this.hourly(
      "credential_id",
      principal.credentialId,
      this.config.analystHourlyCredential,
      now,
      tx,
    );
    if (perCredential.used >= perCredential.limit) {
      blocked.push({
        control: "analystHourlyCredential",
        limit: perCredential.limit,
        retryAfter: this.hourlyWait(perCredential, now),
        detail: `${perCredential.limit} analyst requests per ${perCredential.windowSeconds} s for this credential`,
      });
    }
    const perOrg = await this.hourly("org_id", principal.orgId, this.config.analystHourlyOrg, now, tx);
    if (perOrg.used >= perOrg.limit) {
      blocked.push({
        control: "analystHourlyOrg",
        limit: perOrg.limit,
        retryAfter: this.hourlyWait(perOrg, now),
        detail: `${perOrg.limit} analyst requests per ${perOrg.windowSeconds} s for the organisation`,
      });
    }
    if ((await this.running(principal.orgId, tx, now)) >= this.config.analystConcurrency.max)
      blocked.push(await this.concurrencyBlocked(tx, principal.orgId, now));
    const monthly = await this.monthly(principal.orgId, now, tx);
    if (monthly.remaining <= 0) {
      blocked.push({
        control: "analystMonthly",
        limit: monthly.limit,
        retryAfter: monthly.resetAt - now,
        detail: `the monthly allowance of ${monthly.limit} analyst requests (${monthly.period}, UTC)`,
      });
    }
    if (blocked.length > 0) await this.refuse(tx, principal.orgId, blocked);
  }

  private async concurrencyBlocked(tx: SqlClient, orgId: string, now: number): Promise<Blocked> {
    const { max } = this.config.analystConcurrency;
    return {
      control: "analystConcurrency",
      limit: max,
      retryAfter: await this.concurrencyWait(tx, orgId, now),
      detail: `${max} analyst runs at once for the organisation`,
    };
  }

  /** The 429 naming every control that blocked the claim; Retry-After is the longest wait among them. */
  private async refuse(tx: SqlClient, orgId: string, blocked: readonly Blocked[]): Promise<never> {
    const concurrency = this.config.analystConcurrency;
    const worst = blocked.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
    const retryAfter = Math.max(1, Math.ceil(worst.retryAfter));
    throw new ServiceError("rate_limited", 429, "Analyst limit reached", {
      detail: `Reached ${blocked.map((b) => b.detail).join("; ")}.`,
      hint:
        worst.control === "analystMonthly"
          ? `The organisation's monthly analyst allowance is used up; it renews in ${retryAfter} s (start of next UTC month).`
          : worst.control === "analystConcurrency"
            ? `The organisation already has ${concurrency.max} analyst runs in progress; retry after ${retryAfter} s or wait for one to finish.`
            : `Wait ${retryAfter} s (Retry-After) before the next analyst request.`,
      retryAfter,
      headers: { "Retry-After": String(retryAfter), ...(await this.headers(orgId, tx)) },
      extra: { control: worst.control, controls: blocked.map((b) => b.control), limit: worst.limit },
    });
  }

  /**
   * Seconds until a slot should free: the earliest running run's start plus the expected run length; the
   * configured guess when no expectation is known or the run is already overdue.
   */
  private async concurrencyWait(tx: SqlClient, orgId: string, now: number): Promise<number> {
    const fallback = this.config.analystConcurrency.retryAfterSeconds;
    const expected = this.expectedRunSeconds;
    const oldest = (await tx.get<{ claimed_at: number }>(SQL.runningSince, [orgId]))?.claimed_at;
    if (expected === undefined || oldest === undefined) return fallback;
    const wait = oldest + expected - now;
    return wait >= 1 ? Math.min(wait, Math.max(fallback, expected)) : Math.min(fallback, 2);
  }

  private hourlyWait(standing: HourlyStanding, now: number): number {
    return standing.limit <= 0 ? standing.windowSeconds : standing.resetAt - now;
  }

  private async releaseInside(tx: SqlClient, runId: string, refund: boolean): Promise<AnalystRelease> {
    const claim = await this.findClaim(tx, runId);
    if (!claim) return { released: false, refunded: false };
    const now = this.now();
    const released =
      claim.released_at === null && (await tx.run(SQL.markReleased, [now, runId])).changes === 1;
    if (released) await this.leases.release(claim.org_id, runId);
    const refunded =
      refund && claim.refunded === 0 && (await tx.run(SQL.markRefunded, [runId])).changes === 1;
    // The refund goes to the month that was charged.
    if (refunded) await this.ledger(tx, claim.org_id, claim.credential_id, runId, -1, claim.period, now);
    return { released, refunded };
  }

  private findClaim(tx: SqlClient, runId: string): Promise<ClaimRow | undefined> {
    return tx.get<ClaimRow>(SQL.findClaim, [runId]);
  }

  private async monthlyLimit(tx: SqlClient, orgId: string): Promise<number> {
    const row = await tx.get<{ analyst_monthly: number }>(SQL.orgAllowance, [orgId]);
    return row?.analyst_monthly ?? this.config.analystMonthlyDefault.max;
  }

  private async ledger(
    tx: SqlClient,
    orgId: string,
    credentialId: string,
    runId: string,
    delta: number,
    period: string,
    now: number,
  ): Promise<void> {
    await tx.run(SQL.ledger, [orgId, credentialId, LEDGER_KIND, runId, delta, period, now]);
  }

  private now(): number {
    return Math.floor(this.clock.nowSeconds());
  }
}
