import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import type { RecordPosition } from "./types.js";

/** One FILE.rejects.jsonl line: where the record sits, why it was rejected, and the record itself. */
export function rejectLine(position: RecordPosition, reason: string, record: unknown): string {
  return JSON.stringify({ ...position, reason, record });
}

/**
 * FILE.rejects.jsonl: one `{"line"|"index": …, "reason": …, "record": …}` per rejected record. Each run
 * rewrites it (a stale file from an earlier run is removed), so it always describes the latest import.
 */
export class RejectsFile {
  private pending: string[] = [];
  private started = false;
  count = 0;

  constructor(readonly path: string) {
    rmSync(path, { force: true });
  }

  /** Lines made by rejectLine (by the parse worker, say), in file order. */
  addLines(lines: readonly string[]): void {
    this.count += lines.length;
    for (const line of lines) this.pending.push(line);
    if (this.pending.length >= 1000) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const text = `${this.pending.join("\n")}\n`;
    if (this.started) appendFileSync(this.path, text);
    else writeFileSync(this.path, text);
    this.started = true;
    this.pending = [];
  }
}
