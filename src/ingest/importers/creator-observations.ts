import type { MappedRecord } from "./types.js";

// A file lists an author many times: the creators seen are remembered, up to this many (then forgotten).
const LIMIT = 200_000;

/**
 * What a creator observation writes, as one string: equal strings mean an identical observation (one
 * string compare, not eight property reads per record). Free text is length-prefixed, so no two different
 * observations give the same string.
 */
function creatorObservation(c: MappedRecord["creator"], observedAt: number): string {
  return `${observedAt} ${c.followers} ${c.verified} ${c.region} ${c.isHouse} ${c.houseAdvertiserId} ${c.handle.length}:${c.handle}${c.nickname}`;
}

/** The latest observation of each creator UID in a run, to skip writing the same observation again. */
export class CreatorObservations {
  private readonly latest = new Map<string, string>();

  /** Records this observation of `uid`; true when it is the same as the latest one recorded. */
  repeat(uid: string, creator: MappedRecord["creator"], observedAt: number): boolean {
    const observation = creatorObservation(creator, observedAt);
    if (this.latest.get(uid) === observation) return true;
    if (this.latest.size >= LIMIT) this.latest.clear();
    this.latest.set(uid, observation);
    return false;
  }

  forgetAll(): void {
    this.latest.clear();
  }
}
