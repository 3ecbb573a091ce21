import { optionalBool } from "./fields.js";

/**
 * The platform's own ad flags on a record (isAd, isSponsored, paid partnership). True when any is true;
 * false when at least one is present and none is true; null when the record carries none of them.
 * The evidence names the flags as read, e.g. "isAd=true" or "isAd=false, isSponsored=false".
 */
export function platformAdFlags(
  record: Record<string, unknown>,
  keys: readonly string[],
): { platformAd: boolean | null; evidence: string | null } {
  const seen: string[] = [];
  let any = false;
  for (const key of keys) {
    const flag = optionalBool(record[key], key);
    if (flag === null) continue;
    seen.push(`${key}=${flag}`);
    any ||= flag;
  }
  if (seen.length === 0) return { platformAd: null, evidence: null };
  const shown = any ? seen.filter((s) => s.endsWith("=true")) : seen;
  return { platformAd: any, evidence: `platform flag ${shown.join(", ")}` };
}
