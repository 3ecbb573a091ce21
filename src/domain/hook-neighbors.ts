import type { Db } from "../store/connection.js";

// Placeholder owned by the engine layer: precomputes similar-hook neighbours.
export function computeHookNeighbors(_db: Db, _videoIds?: readonly string[]): void {
  throw new Error("computeHookNeighbors is not implemented yet");
}
