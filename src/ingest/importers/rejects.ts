import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import type { RecordPosition } from "./types.js";

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

  add(position: RecordPosition, reason: string, record: unknown): void {
    this.count++;
    this.pending.push(JSON.stringify({ ...position, reason, record }));
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
