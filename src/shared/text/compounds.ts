/**
 * Compound words of hashtags and run-together writing ("#phuquoc", "skincare", "merrychristmas"), split and
 * joined with a vocabulary learned from the corpus itself: a split is only proposed when every part is a
 * word the corpus uses on its own. Storage-independent: the caller supplies the vocabulary lookup (the
 * SQLite store reads its FTS vocabulary).
 */

/** Documents using `word` as a word of its own; 0 when the corpus does not know it. */
export type Vocabulary = (word: string) => number;

export interface SplitOptions {
  /** Shortest part: 2 keeps Vietnamese syllables (da, ha, phu) and costs little, since parts must be known. */
  minPart?: number;
  /** A part must occur in at least this many documents. */
  minDf?: number;
  /** At most this many parts. */
  maxParts?: number;
}

/**
 * The best split of `word` into known words (2..maxParts parts), or null. Best = the fewest parts, then the
 * split whose rarest part is most common (a split into two frequent words beats one through a rare
 * fragment). Each substring is looked up at most once.
 */
export function splitCompound(
  word: string,
  vocabulary: Vocabulary,
  options: SplitOptions = {},
): string[] | null {
  const minPart = options.minPart ?? 2;
  const minDf = options.minDf ?? 2;
  const maxParts = options.maxParts ?? 3;
  if (word.length < 2 * minPart || word.length > 40) return null;
  const dfCache = new Map<string, number>();
  const df = (w: string): number => {
    let n = dfCache.get(w);
    if (n === undefined) {
      n = vocabulary(w);
      dfCache.set(w, n);
    }
    return n;
  };
  // best[i][k]: the best split of word.slice(i) into exactly k known parts, as [parts, min df].
  const memo = new Map<string, [string[], number] | null>();
  const best = (i: number, k: number): [string[], number] | null => {
    const key = `${i}:${k}`;
    if (memo.has(key)) return memo.get(key) ?? null;
    let result: [string[], number] | null = null;
    const rest = word.length - i;
    if (k === 1) {
      const w = word.slice(i);
      const n = rest >= minPart ? df(w) : 0;
      result = n >= minDf ? [[w], n] : null;
    } else {
      for (let j = i + minPart; j <= word.length - minPart * (k - 1); j++) {
        const head = word.slice(i, j);
        const n = df(head);
        if (n < minDf) continue;
        const tail = best(j, k - 1);
        if (!tail) continue;
        const score = Math.min(n, tail[1]);
        if (!result || score > result[1]) result = [[head, ...tail[0]], score];
      }
    }
    memo.set(key, result);
    return result;
  };
  for (let k = 2; k <= maxParts; k++) {
    const found = best(0, k);
    if (found) return found[0];
  }
  return null;
}
