import { createHash, randomUUID } from "node:crypto";
import { type Answer, answerSchema, type RunStatus } from "../domain/schemas/analyst-record.js";
import type { Principal } from "../registry/types.js";
import { DAY } from "../shared/clock.js";
import { ServiceError } from "../shared/errors.js";
import type { Db } from "../store/connection.js";

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

/**
 * Analyst runs in `analyst_runs`. A run is stored before work starts; the (organisation, key) pair is claimed
 * atomically by the UNIQUE index inside one IMMEDIATE transaction together with the limiter's claim, so a
 * refused claim leaves no run behind and two racing requests never both start work.
 */
export class RunStore {
  private readonly acceptTx;

  constructor(
    private readonly db: Db,
    private readonly claim: (principal: Principal, runId: string) => void,
  ) {
    this.acceptTx = db.transaction((principal: Principal, request: RunRequest, now: number) =>
      this.acceptInside(principal, request, now),
    );
  }

  accept(principal: Principal, request: RunRequest, now: number): Acceptance {
    return this.acceptTx.immediate(principal, request, now);
  }

  get(id: string): RunRow | undefined {
    return this.db.prepare<[string], RunRow>("SELECT * FROM analyst_runs WHERE id = ?").get(id);
  }

  /** The run only if the organisation owns it: others' runs are indistinguishable from missing ones. */
  getForOrg(id: string, orgId: string): RunRow | undefined {
    return this.db
      .prepare<[string, string], RunRow>("SELECT * FROM analyst_runs WHERE id = ? AND org_id = ?")
      .get(id, orgId);
  }

  markRunning(id: string, now: number): boolean {
    return (
      this.db
        .prepare(
          "UPDATE analyst_runs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued'",
        )
        .run(now, id).changes === 1
    );
  }

  complete(id: string, answer: Answer, now: number): boolean {
    return (
      this.db
        .prepare(
          "UPDATE analyst_runs SET status = 'completed', finished_at = ?, finished_at_ms = ?, result = ? WHERE id = ? AND status IN ('queued', 'running')",
        )
        .run(now, Date.now(), JSON.stringify(answer), id).changes === 1
    );
  }

  fail(id: string, error: { code: string; message: string }, now: number): boolean {
    return (
      this.db
        .prepare(
          "UPDATE analyst_runs SET status = 'failed', finished_at = ?, finished_at_ms = ?, error_code = ?, error_message = ? WHERE id = ? AND status IN ('queued', 'running')",
        )
        .run(now, Date.now(), error.code, error.message.slice(0, 500), id).changes === 1
    );
  }

  /** Runs a previous process left unfinished. */
  unfinished(): string[] {
    return this.db
      .prepare<[], { id: string }>("SELECT id FROM analyst_runs WHERE status IN ('queued', 'running')")
      .all()
      .map((row) => row.id);
  }

  /** Unfinished runs that no open limiter claim holds (left inconsistent by an older version): recoverable. */
  unfinishedUnclaimed(): string[] {
    return this.db
      .prepare<[], { id: string }>(
        `SELECT id FROM analyst_runs r WHERE status IN ('queued', 'running')
           AND NOT EXISTS (SELECT 1 FROM limit_analyst_claims c WHERE c.run_id = r.id AND c.released_at IS NULL)`,
      )
      .all()
      .map((row) => row.id);
  }

  /** Forgets terminal runs (and so their keys) finished before the retention horizon; returns how many. */
  prune(now: number): number {
    return this.db
      .prepare("DELETE FROM analyst_runs WHERE status IN ('completed', 'failed') AND finished_at < ?")
      .run(now - KEY_RETENTION_SECONDS).changes;
  }

  private acceptInside(principal: Principal, request: RunRequest, now: number): Acceptance {
    const print = fingerprint(request);
    const existing = this.db
      .prepare<[string, string], RunRow>(
        "SELECT * FROM analyst_runs WHERE org_id = ? AND idempotency_key = ?",
      )
      .get(principal.orgId, request.idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== print) throw idempotencyConflict(existing.id);
      if (existing.status !== "failed") return { kind: "existing", run: existing };
      // A failed run's key is retired so an identical retry starts fresh work; the failed run stays readable by id.
      this.db
        .prepare("UPDATE analyst_runs SET idempotency_key = ? WHERE id = ?")
        .run(`retired:${existing.id}:${existing.idempotency_key}`, existing.id);
    }
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO analyst_runs (id, org_id, credential_id, key_id, idempotency_key, fingerprint, status, question, context, created_at, created_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
      )
      .run(
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
      );
    // Throws rate_limited (429) when a budget is spent: the transaction rolls back and no run remains.
    this.claim(principal, id);
    const run = this.get(id);
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
