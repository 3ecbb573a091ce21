import { DAY } from "../shared/clock.js";

/** UTC calendar periods the persisted counters are keyed by (Unix seconds in, Unix seconds out). */

/** `YYYY-MM-DD` of the UTC day containing `now`. */
export const utcDay = (now: number): string => new Date(now * 1000).toISOString().slice(0, 10);

/** Start of the next UTC day. */
export const nextUtcDay = (now: number): number => (Math.floor(now / DAY) + 1) * DAY;

/** `YYYY-MM` of the UTC month containing `now` (the usage ledger's period). */
export const utcMonth = (now: number): string => new Date(now * 1000).toISOString().slice(0, 7);

/** Start of the next UTC month. */
export function nextUtcMonth(now: number): number {
  const date = new Date(now * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

export const isoSeconds = (unix: number): string => new Date(unix * 1000).toISOString().replace(".000Z", "Z");
