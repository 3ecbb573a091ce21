/**
 * Bounds of the text search (see video-search.ts). Tests lower them to exercise the bounded path on a
 * small corpus; a refresh must run after a change so the common-term side tables match.
 */
export interface SearchTuning {
  /** A query whose matches number at most this is ranked exactly; above it, terms are "common". */
  exactCap: number;
  /** Most popular videos kept per common term (the popularity-ordered candidate prefix). */
  headSize: number;
  /** Newest matches (highest rowid) added to the candidate set, so fresh videos can surface too. */
  recentCap: number;
}

const tuning: SearchTuning = { exactCap: 4000, headSize: 400, recentCap: 100 };

export const searchTuning = (): Readonly<SearchTuning> => tuning;

export function configureSearch(changes: Partial<SearchTuning>): void {
  Object.assign(tuning, changes);
}
