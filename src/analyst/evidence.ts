import type { Answer, Evidence } from "../domain/schemas/analyst-record.js";
import type { Store } from "../store/types.js";

/** Every cited id that does not resolve in the store (empty = the answer may be saved). */
export async function unresolvedEvidence(store: Store, answer: Answer): Promise<Evidence[]> {
  const cited = answer.findings.flatMap((finding) => finding.evidence);
  const idsOf = (type: Evidence["type"]) => [
    ...new Set(cited.filter((evidence) => evidence.type === type).map((evidence) => evidence.id)),
  ];
  const [videos, creators, advertisers] = await Promise.all([
    store.videos.summaries(idsOf("video")),
    store.creators.summaries(idsOf("creator")),
    store.advertisers.summaries(idsOf("advertiser")),
  ]);
  const found: Record<Evidence["type"], Set<string>> = {
    video: new Set(videos.map((row) => row.id)),
    creator: new Set(creators.map((row) => row.uid)),
    advertiser: new Set(advertisers.map((row) => row.id)),
  };
  return cited.filter((evidence) => !found[evidence.type].has(evidence.id));
}
