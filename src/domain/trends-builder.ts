import type { Db } from "../store/connection.js";

// Placeholder owned by the engine layer: (re)builds trend reports from the corpus.
export function buildTrendReports(_db: Db, _now: number): { reports: number } {
  throw new Error("buildTrendReports is not implemented yet");
}
