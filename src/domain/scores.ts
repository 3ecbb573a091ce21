import type { Db } from "../store/connection.js";

// Placeholder owned by the engine layer: recomputes velocity/trending/breakout/early-breakout scores.
export function refreshScores(_db: Db, _now: number, _videoIds?: readonly string[]): void {
  throw new Error("refreshScores is not implemented yet");
}
