const DAY = 86_400;

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

/** Where windows of `windowDays` end, given the newest video published at or before `now` (null: none). */
export function recencyAnchor(newest: number | null, now: number, windowDays: number): RecencyAnchor {
  if (newest === null || newest > now - windowDays * DAY) return { at: now, basis: "now" };
  return { at: newest, basis: "corpus" };
}
