import type { SqlClient } from "../store/sql-client.js";

/**
 * Where the analyst's concurrency leases live: a run holds one of its organisation's slots until its claim is
 * released or its lease runs out (its process stopped renewing it). The claim row, the usage ledger and the
 * run stay in the database either way; `tx` is the claim's open transaction, which already serialises the
 * organisation's claims (`lockNames`).
 */
export interface AnalystLeases {
  /** `database` (the claim rows themselves) or `redis`. */
  readonly kind: string;
  /** Live leases of the organisation at `now`. */
  running(tx: SqlClient, orgId: string, now: number): Promise<number>;
  /**
   * Takes a slot for `runId` until `until`, unless `max` live leases are held (`null`: no ceiling, limits
   * off). Called after the claim row is written; false when refused.
   */
  take(
    tx: SqlClient,
    orgId: string,
    runId: string,
    now: number,
    until: number,
    max: number | null,
  ): Promise<boolean>;
  /** Frees the slot once the claim row is released; never throws (a lease left behind runs out by itself). */
  release(orgId: string, runId: string): Promise<void>;
  /**
   * Extends to `until` the leases of this owner's open claims, the claim rows' own lease first (crash recovery
   * reads that one); returns how many.
   */
  renew(sql: SqlClient, owner: string, now: number, until: number): Promise<number>;
}

const SQL = {
  running: "SELECT COUNT(*) AS n FROM limit_analyst_claims WHERE org_id = ? AND released_at IS NULL",
  renew:
    "UPDATE limit_analyst_claims SET lease_until = ? WHERE owner = ? AND released_at IS NULL RETURNING run_id, org_id",
};

/**
 * The leases in the claim rows (`owner`, `lease_until`): a slot is held from the claim until its release, and
 * an abandoned claim holds it until crash recovery releases it.
 */
export class DatabaseLeases implements AnalystLeases {
  readonly kind = "database";

  async running(tx: SqlClient, orgId: string): Promise<number> {
    return Number((await tx.get<{ n: number }>(SQL.running, [orgId]))?.n ?? 0);
  }

  async take(tx: SqlClient, orgId: string, _runId: string, _now: number, _until: number, max: number | null) {
    // The claim row just written is the lease: it fits if it is not beyond the ceiling.
    return max === null || (await this.running(tx, orgId)) <= max;
  }

  async release(): Promise<void> {}

  async renew(sql: SqlClient, owner: string, _now: number, until: number): Promise<number> {
    return (await this.renewHeld(sql, owner, until)).length;
  }

  /** Extends the lease of this owner's open claims; returns them. */
  renewHeld(sql: SqlClient, owner: string, until: number): Promise<{ run_id: string; org_id: string }[]> {
    return sql.all<{ run_id: string; org_id: string }>(SQL.renew, [until, owner]);
  }
}
