import type { RunRecord } from "../domain/schemas/analyst-record.js";
import { parseAnswer, type RunRow } from "./run-store.js";

/**
 * The public run record for a stored run. Elapsed time comes from the stored millisecond timestamps once the
 * run is terminal, so every reader — the first caller, a replay, the status endpoint — sees the same record;
 * while it runs, it is measured against the wall clock.
 */
export function runRecord(
  row: RunRow,
  options: {
    baseUrl: string;
    replayed: boolean;
    /** Wall-clock now, epoch milliseconds. */
    nowMs: number;
  },
): RunRecord {
  const started = row.created_at_ms ?? row.created_at * 1000;
  const ended = row.finished_at === null ? options.nowMs : (row.finished_at_ms ?? row.finished_at * 1000);
  return {
    id: row.id,
    status: row.status,
    status_url: statusUrl(options.baseUrl, row.id),
    question: row.question,
    context: row.context,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    elapsed_ms: Math.max(0, Math.round(ended - started)),
    replayed: options.replayed,
    answer: parseAnswer(row),
    error:
      row.status === "failed"
        ? { code: row.error_code ?? "engine_failed", message: row.error_message ?? "The run failed." }
        : null,
  };
}

export const statusUrl = (baseUrl: string, id: string) => `${baseUrl}/agent/answers/${id}`;

export const isTerminal = (status: RunRecord["status"]) => status === "completed" || status === "failed";
