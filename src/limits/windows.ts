import type { SqlClient, Steps } from "../store/sql-client.js";
import type { WindowRule } from "./config.js";

/** A key's standing in one sliding window at a moment. */
export interface WindowState {
  used: number;
  remaining: number;
  /** Seconds until one more unit fits (0 when there is room now): a truthful Retry-After. */
  retryAfter: number;
  /** Seconds until every counted unit has left the window (0 when nothing is counted). */
  resetIn: number;
}

/** Sliding-window counters of one process, one key at a time and synchronous (the memory store). */
export interface WindowStore {
  peek(key: string, rule: WindowRule, now: number): WindowState;
  take(key: string, rule: WindowRule, now: number): void;
  /** Gives back one unit taken at or before `now` (the newest first): a refused call refunds its admission. */
  give(key: string): void;
}

/** One window of an all-or-nothing request: the key and the rule it is counted under. */
export interface WindowRequest {
  key: string;
  rule: WindowRule;
}

/** What `takeAll` did; `states` are the standings before the take, in the order asked. */
export type WindowTake =
  | { taken: true; states: WindowState[] }
  | { taken: false; refusedBy: "window" | "alongside"; states: WindowState[] };

/**
 * A check-and-take made together with the windows' own (the daily content counter's): run once every
 * window has room, before anything is taken; false refuses the call and nothing is taken. The database
 * store runs its statements (`steps`) inside its own atomic transaction; the other stores run it on its own
 * (`alone`).
 */
export interface Alongside {
  /** Its statements, when it is database work (the database store runs them in its transaction). */
  steps?(): Steps<boolean>;
  alone(): Promise<boolean>;
}

/** An Alongside whose statements run on `sql` (alone: in an atomic transaction of their own). */
export function alongsideOn(sql: SqlClient, steps: () => Steps<boolean>): Alongside {
  return { steps, alone: () => sql.atomic(steps()) };
}

/**
 * Request windows with all-or-nothing admission: `takeAll` peeks every window and takes one unit in each
 * only when all have room, in one atomic step of the store (one process's lock, one database transaction,
 * one Redis script), so a refused call consumes nothing anywhere and parallel callers on every process
 * sharing the store never exceed a window. The auth-failure throttle uses it with one window.
 */
export interface AtomicWindowStore {
  /** Where the windows live, for logs and `/readyz` (`memory`, `database`, `redis`). */
  readonly kind: string;
  peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]>;
  /**
   * `alongside` runs when every window has room, before anything is taken (inside the database
   * transaction for the database store): when it returns false nothing is taken. It is the daily
   * content counter's own atomic check-and-take.
   */
  takeAll(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Promise<WindowTake>;
  /** Gives back one unit (the newest taken at or before `now`) in every window: a refused call's refund. */
  giveAll(windows: readonly WindowRequest[], now: number): Promise<void>;
  /** Not ready (e.g. Redis unreachable): a reason; undefined when ready. */
  unready?(): string | undefined;
  close?(): Promise<void>;
}

/** peek-all-then-take-all over a synchronous store; the caller makes it one step (no other take between). */
async function takeAllOf(
  store: WindowStore,
  windows: readonly WindowRequest[],
  now: number,
  alongside?: Alongside,
): Promise<WindowTake> {
  const states = windows.map(({ key, rule }) => store.peek(key, rule, now));
  if (states.some((state) => state.remaining <= 0)) return { taken: false, refusedBy: "window", states };
  if (alongside && !(await alongside.alone())) return { taken: false, refusedBy: "alongside", states };
  for (const { key, rule } of windows) store.take(key, rule, now);
  return { taken: true, states };
}

interface Log {
  /** Ascending whole seconds with the units counted in that second. */
  seconds: number[];
  units: number[];
  total: number;
  windowSeconds: number;
}

/**
 * One-process window store: a per-second log per key, so memory per key is bounded by the window
 * length in seconds and the answer is exact (no fixed-window double burst at a boundary).
 * Time comes from the caller (the injected clock), never from Date.now.
 */
export class MemoryWindowStore implements WindowStore, AtomicWindowStore {
  readonly kind = "memory";
  private readonly logs = new Map<string, Log>();
  private lastSweep = Number.NEGATIVE_INFINITY;
  private longestWindow = 0;
  /** The take in progress that awaits its `alongside` step: every other take waits for it (exactness). */
  private pending: Promise<unknown> | null = null;

  peek(key: string, rule: WindowRule, now: number): WindowState {
    const log = this.logs.get(key);
    if (!log) return emptyState(rule);
    expire(log, now - rule.windowSeconds);
    return stateOf(log, rule, now);
  }

  take(key: string, rule: WindowRule, now: number): void {
    this.sweep(now);
    let log = this.logs.get(key);
    if (!log) {
      log = { seconds: [], units: [], total: 0, windowSeconds: rule.windowSeconds };
      this.logs.set(key, log);
    }
    log.windowSeconds = rule.windowSeconds;
    this.longestWindow = Math.max(this.longestWindow, rule.windowSeconds);
    const last = log.seconds.length - 1;
    if (last >= 0 && log.seconds[last] === now) log.units[last] = (log.units[last] ?? 0) + 1;
    else {
      log.seconds.push(now);
      log.units.push(1);
    }
    log.total += 1;
  }

  give(key: string): void {
    const log = this.logs.get(key);
    if (!log) return;
    for (let i = log.seconds.length - 1; i >= 0; i -= 1) {
      const units = log.units[i] ?? 0;
      if (units <= 0) continue;
      log.units[i] = units - 1;
      log.total -= 1;
      return;
    }
  }

  peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]> {
    return Promise.resolve(windows.map(({ key, rule }) => this.peek(key, rule, now)));
  }

  async takeAll(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Promise<WindowTake> {
    // Inline check-and-claim (as in the SQLite client): an awaited helper would let two waiters in.
    while (this.pending) await this.pending;
    const take = takeAllOf(this, windows, now, alongside);
    // Without an alongside step the take has finished synchronously: nothing to wait for.
    if (!alongside) return take;
    const settled = take.then(
      () => undefined,
      () => undefined,
    );
    this.pending = settled;
    try {
      return await take;
    } finally {
      if (this.pending === settled) this.pending = null;
    }
  }

  async giveAll(windows: readonly WindowRequest[]): Promise<void> {
    while (this.pending) await this.pending;
    for (const { key } of windows) this.give(key);
  }

  /** Keys tracked (for tests of eviction and for metrics). */
  get size(): number {
    return this.logs.size;
  }

  /** Drops idle keys at most once per longest window, so memory follows active callers only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.longestWindow) return;
    this.lastSweep = now;
    for (const [key, log] of this.logs) {
      expire(log, now - log.windowSeconds);
      if (log.total === 0) this.logs.delete(key);
    }
  }
}

/**
 * The standing of one window from its per-second log (ascending seconds already inside the window):
 * the one computation every store shares, so their answers are identical.
 */
export function stateFromLog(
  seconds: readonly number[],
  units: readonly number[],
  rule: WindowRule,
  now: number,
): WindowState {
  if (seconds.length === 0) return emptyState(rule);
  const total = units.reduce((a, b) => a + b, 0);
  return stateOf(
    { seconds: [...seconds], units: [...units], total, windowSeconds: rule.windowSeconds },
    rule,
    now,
  );
}

function emptyState(rule: WindowRule): WindowState {
  return rule.max > 0
    ? { used: 0, remaining: rule.max, retryAfter: 0, resetIn: 0 }
    : { used: 0, remaining: 0, retryAfter: rule.windowSeconds, resetIn: 0 };
}

/** Removes seconds at or before `cutoff` (a unit counted at s is inside the window until s + windowSeconds). */
function expire(log: Log, cutoff: number): void {
  let drop = 0;
  while (drop < log.seconds.length && (log.seconds[drop] ?? 0) <= cutoff) {
    log.total -= log.units[drop] ?? 0;
    drop += 1;
  }
  if (drop > 0) {
    log.seconds.splice(0, drop);
    log.units.splice(0, drop);
  }
}

function stateOf(log: Log, rule: WindowRule, now: number): WindowState {
  const used = log.total;
  const remaining = Math.max(0, rule.max - used);
  const newest = log.seconds[log.seconds.length - 1];
  const resetIn = newest === undefined ? 0 : newest + rule.windowSeconds - now;
  if (remaining > 0) return { used, remaining, retryAfter: 0, resetIn };
  if (rule.max <= 0) return { used, remaining, retryAfter: Math.max(resetIn, rule.windowSeconds), resetIn };
  // The oldest seconds must leave until used drops to max - 1.
  let toFree = used - rule.max + 1;
  for (let i = 0; i < log.seconds.length; i += 1) {
    toFree -= log.units[i] ?? 0;
    if (toFree <= 0)
      return { used, remaining, retryAfter: (log.seconds[i] ?? now) + rule.windowSeconds - now, resetIn };
  }
  return { used, remaining, retryAfter: resetIn, resetIn };
}
