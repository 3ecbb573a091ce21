import type { ReadProgress } from "./read-records.js";

/** The phases of `crs import`, in order: parse/write per file, then the derived data. */
export type ImportPhase = "parse/write" | "labels" | "scores" | "neighbours" | "trends";

export interface PhaseStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const WIDTH = 24;
const LABEL = 11;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString("en-US");

/** Seconds left at the rate so far, once there is enough of it to extrapolate. */
export function eta(share: number, elapsedMs: number): string {
  if (share <= 0.01 || elapsedMs < 500 || share >= 1) return "ETA …";
  const left = (elapsedMs * (1 - share)) / share / 1000;
  if (left < 60) return `ETA ${Math.ceil(left)} s`;
  return `ETA ${Math.floor(left / 60)} min ${Math.ceil(left % 60)} s`;
}

/**
 * The progress of an import, phase by phase. On a TTY a live line per phase (a bar with records and ETA
 * while parsing and writing; the count while a refresh step runs) that ends as a summary line; off a TTY,
 * one line per finished phase and nothing else.
 */
export class ImportProgress {
  private phase: { name: ImportPhase; what: string; started: number; drawn: number } | null = null;

  constructor(
    private readonly out: PhaseStream,
    private readonly now: () => number = Date.now,
  ) {}

  get tty(): boolean {
    return this.out.isTTY === true;
  }

  /** Starts a phase; `what` is its subject with its count (e.g. "1,200 videos"). */
  start(name: ImportPhase, what: string): void {
    this.phase = { name, what, started: this.now(), drawn: 0 };
    if (this.tty) this.out.write(`\r\x1b[K${name.padEnd(LABEL)} ${what} …`);
  }

  /** Parse/write progress of a file: records so far and bytes read, redrawn at most every 100 ms. */
  readonly update = (records: number, p: ReadProgress): void => {
    const phase = this.phase;
    if (!phase || !this.tty) return;
    const at = this.now();
    if (at - phase.drawn < 100) return;
    phase.drawn = at;
    const share = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
    const filled = Math.round(share * WIDTH);
    this.out.write(
      `\r\x1b[K${phase.name.padEnd(LABEL)} ${phase.what} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${Math.round(
        share * 100,
      )}% ${count(records)} records, ${eta(share, at - phase.started)}`,
    );
  };

  /** Ends the current phase with what it did. */
  end(result: string): void {
    const phase = this.phase;
    if (!phase) return;
    this.phase = null;
    const took = seconds(this.now() - phase.started);
    if (this.tty) this.out.write(`\r\x1b[K${phase.name.padEnd(LABEL)} ${result} in ${took}\n`);
    else this.out.write(`crs import: ${phase.name}: ${result} in ${took}\n`);
  }

  /** Abandons the current phase's live line (an error follows). */
  abort(): void {
    if (this.phase && this.tty) this.out.write("\n");
    this.phase = null;
  }

  static count = count;
}
