import { isObject } from "./fields.js";
import { mapProjectRecord } from "./project-jsonl.js";
import { mapResearchVideo } from "./research-api.js";
import { mapScraperItem } from "./scraper-item.js";
import { mapWebItem } from "./tiktok-web.js";
import { type ImportFormat, type MappedRecord, RecordError } from "./types.js";

/** Maps one decoded record of a known format; throws RecordError with the reason when it cannot land. */
export function mapRecord(format: ImportFormat, value: unknown, now: number): MappedRecord {
  if (format === "jsonl") return mapProjectRecord(value, now);
  if (!isObject(value))
    throw new RecordError(
      `record is not a JSON object (got ${Array.isArray(value) ? "array" : typeof value})`,
    );
  switch (format) {
    case "apify":
    case "collector":
      return mapScraperItem(value, now, format);
    case "tiktok-web":
      return mapWebItem(value, now);
    case "research-api":
      return mapResearchVideo(value, now);
  }
}
