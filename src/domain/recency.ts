import { DAY } from "../clock.js";
import type { Db } from "../store/connection.js";

/**
 * The time recency windows (trend windows, breakout windows) end at. Normally `now`. A corpus with no video
 * published in the last `windowDays` — an imported scrape from months or years ago — would show empty
 * feeds, so its windows end at its newest video instead ("within-corpus recency"): the question becomes
 * "what was rising when this corpus was collected". `basis` says which, for reports to state.
 */
export interface RecencyAnchor {
  at: number;
  basis: "now" | "corpus";
}

export function recencyAnchor(db: Db, now: number, windowDays: number): RecencyAnchor {
  const newest = db.prepare("SELECT max(created_at) FROM videos WHERE created_at <= ?").pluck().get(now) as
    | number
    | null;
  if (newest === null || newest > now - windowDays * DAY) return { at: now, basis: "now" };
  return { at: newest, basis: "corpus" };
}
