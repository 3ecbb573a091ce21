import { createHash, randomUUID } from "node:crypto";
import { type Answer, answerSchema, type RunStatus } from "../domain/schemas/analyst-record.js";
import { analystLockName, lockNames } from "../limits/index.js";
import type { Principal } from "../registry/types.js";
import { DAY } from "../shared/clock.js";
import { ServiceError } from "../shared/errors.js";
import type { SqlClient } from "../store/sql-client.js";

/** Idempotency keys (and their runs) are kept this long after the run finished; documented in the guide. */
export const KEY_RETENTION_SECONDS = 30 * DAY;

export interface RunRow {
  id: string;
  org_id: string;
  credential_id: string;
  key_id: string | null;
  idempotency_key: string;
  fingerprint: string;
  status: RunStatus;
  question: string;
  context: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  created_at_ms: number | null;
  finished_at_ms: number | null;
  result: string | null;
  error_code: string | null;
  error_message: string | null;
}

export interface RunRequest {
  question: string;
  context?: string;
  idempotencyKey: string;
}

/** What accepting a request did: started a new run, or found the key's existing one. */
export type Acceptance = { kind: "created"; run: RunRow } | { kind: "existing"; run: RunRow };

/** A stable digest of the body, so a reused key can be told apart from a retry of the same request. */
export function fingerprint(request: { question: string; context?: string }): string {
  return createHash("sha256")
    .update(JSON.stringify([request.question, request.context ?? null]))
    .digest("hex");
}

/** Claims the run's budgets inside the acceptance transaction `tx`; throws rate_limited when one is spent. */
export type RunClaim = (principal: Principal, runId: string, tx: SqlClient) => Promise<void>;

const INSERT_RUN = `INSERT INTO analyst_runs (id, org_id, credential_id, key_id, idempotency_key, fingerprint, status,
    question, context, created_at, created_at_ms)
  VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`;

/**
 * Analyst runs in `analyst_runs`. A run is stored before work starts: acceptance is one transaction that
 * serialises on the organisation (`lockNames`, the same name the limiter's claim takes), finds the
 * (organisation, key) pair's run or inserts one, and claims the budgets, so a refused claim leaves no run
 * behind and two racing requests with one key (on any process or instance) never both start work. Terminal
 * transitions are conditional updates (`status IN ('queued', 'running')`): exactly one of two racing wins.
 * Every write takes an optional `tx`: the caller's open transaction to join.
 */
export class RunStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly claim: RunClaim,
  ) {}

  accept(principal: Principal, request: RunRequest, now: number): Promise<Acceptance> {
    return this.sql.transaction(async (tx) => {
      await lockNames(tx, [analystLockName(principal.orgId)]);
      return this.acceptInside(tx, principal, request, now);
    });
  }

  get(id: string, tx: SqlClient = this.sql): Promise<RunRow | undefined> {
    return tx.get<RunRow>("SELECT * FROM analyst_runs WHERE id = ?", [id]);
  }

  /** The run only if the organisation owns it: others' runs are indistinguishable from missing ones. */
  getForOrg(id: string, orgId: string): Promise<RunRow | undefined> {
    return this.sql.get<RunRow>("SELECT * FROM analyst_runs WHERE id = ? AND org_id = ?", [id, orgId]);
  }

  async markRunning(id: string, now: number, tx: SqlClient = this.sql): Promise<boolean> {
    const { changes } = await tx.run(
      "UPDATE analyst_runs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued'",
      [now, id],
    );
    return changes === 1;
  }

  async complete(id: string, answer: Answer, now: number, tx: SqlClient = this.sql): Promise<boolean> {
    const { changes } = await tx.run(
      "UPDATE analyst_runs SET status = 'completed', finished_at = ?, finished_at_ms = ?, result = ? WHERE id = ? AND status IN ('queued', 'running')",
      [now, Date.now(), JSON.stringify(answer), id],
    );
    return changes === 1;
  }

  async fail(
    id: string,
    error: { code: string; message: string },
    now: number,
    tx: SqlClient = this.sql,
  ): Promise<boolean> {
    const { changes } = await tx.run(
      "UPDATE analyst_runs SET status = 'failed', finished_at = ?, finished_at_ms = ?, error_code = ?, error_message = ? WHERE id = ? AND status IN ('queued', 'running')",
      [now, Date.now(), error.code, error.message.slice(0, 500), id],
    );
    return changes === 1;
  }

  /** Runs a previous process left unfinished. */
  async unfinished(tx: SqlClient = this.sql): Promise<string[]> {
    const rows = await tx.all<{ id: string }>(
      "SELECT id FROM analyst_runs WHERE status IN ('queued', 'running') ORDER BY id",
    );
    return rows.map((row) => row.id);
  }

  /** Unfinished runs that no open limiter claim holds (left inconsistent by an older version): recoverable. */
  async unfinishedUnclaimed(tx: SqlClient = this.sql): Promise<string[]> {
    const rows = await tx.all<{ id: string }>(
      `SELECT id FROM analyst_runs r WHERE status IN ('queued', 'running')
         AND NOT EXISTS (SELECT 1 FROM limit_analyst_claims c WHERE c.run_id = r.id AND c.released_at IS NULL)
       ORDER BY id`,
    );
    return rows.map((row) => row.id);
  }

  /** Forgets terminal runs (and so their keys) finished before the retention horizon; returns how many. */
  async prune(now: number): Promise<number> {
    const { changes } = await this.sql.run(
      "DELETE FROM analyst_runs WHERE status IN ('completed', 'failed') AND finished_at < ?",
      [now - KEY_RETENTION_SECONDS],
    );
    return changes;
  }

  private async acceptInside(
    tx: SqlClient,
    principal: Principal,
    request: RunRequest,
    now: number,
  ): Promise<Acceptance> {
    const print = fingerprint(request);
    const existing = await tx.get<RunRow>(
      "SELECT * FROM analyst_runs WHERE org_id = ? AND idempotency_key = ?",
      [principal.orgId, request.idempotencyKey],
    );
    if (existing) {
      if (existing.fingerprint !== print) throw idempotencyConflict(existing.id);
      if (existing.status !== "failed") return { kind: "existing", run: existing };
      // A failed run's key is retired so an identical retry starts fresh work; the failed run stays readable by id.
      await tx.run("UPDATE analyst_runs SET idempotency_key = ? WHERE id = ?", [
        `retired:${existing.id}:${existing.idempotency_key}`,
        existing.id,
      ]);
    }
    const id = randomUUID();
    await tx.run(INSERT_RUN, [
      id,
      principal.orgId,
      principal.credentialId,
      principal.keyId,
      request.idempotencyKey,
      print,
      request.question,
      request.context ?? null,
      now,
      Date.now(),
    ]);
    // Throws rate_limited (429) when a budget is spent: the transaction rolls back and no run remains.
    await this.claim(principal, id, tx);
    const run = await this.get(id, tx);
    if (!run) throw new Error("run vanished inside its own transaction");
    return { kind: "created", run };
  }
}

export function parseAnswer(row: RunRow): Answer | null {
  if (row.result === null) return null;
  return answerSchema.parse(JSON.parse(row.result));
}

const idempotencyConflict = (runId: string) =>
  new ServiceError("idempotency_conflict", 409, "Idempotency key reused", {
    detail: "This idempotency key was already used with a different question or context.",
    hint: "Use a new idempotency key for a different request; reuse a key only to retry the identical request.",
    extra: { run_id: runId },
  });
