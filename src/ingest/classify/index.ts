import type { Db } from "../../store/connection.js";

// Placeholder owned by the ingest layer: runs the ad / hook / viral_hook models and stores labels.
export function classifyVideos(_db: Db, _now: number, _videoIds?: readonly string[]): { labelled: number } {
  throw new Error("classifyVideos is not implemented yet");
}
