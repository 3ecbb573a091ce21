import type { Answer, Evidence } from "../domain/schemas/analyst-record.js";
import type { Db } from "../store/connection.js";

const LOOKUP: Record<Evidence["type"], string> = {
  video: "SELECT 1 FROM videos WHERE id = ?",
  creator: "SELECT 1 FROM creators WHERE uid = ?",
  advertiser: "SELECT 1 FROM advertisers WHERE id = ?",
};

/** Every cited id that does not resolve in the store (empty = the answer may be saved). */
export function unresolvedEvidence(db: Db, answer: Answer): Evidence[] {
  const statements = Object.fromEntries(
    Object.entries(LOOKUP).map(([type, sql]) => [type, db.prepare<[string], { 1: number }>(sql)]),
  ) as Record<Evidence["type"], ReturnType<Db["prepare"]>>;
  const missing: Evidence[] = [];
  for (const finding of answer.findings) {
    for (const evidence of finding.evidence) {
      if (statements[evidence.type].get(evidence.id) === undefined) missing.push(evidence);
    }
  }
  return missing;
}
