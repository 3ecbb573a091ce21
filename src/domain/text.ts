import { normalizeTokens } from "../shared/text/normalize.js";

/**
 * Text handling shared by search and the hook embedder. The tokenizer mirrors what FTS5's
 * `unicode61 remove_diacritics 2` makes of the folded text the index is fed.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range includes control characters on purpose
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/**
 * Search tokens of a text: shared/text/normalize.ts folds it (NFKD, case, marks, Đ→d, ß→ss, …) exactly as
 * the FTS index was fed (CorpusWriter indexes folded text), then splits on anything not a letter or digit.
 */
export function tokenize(text: string): string[] {
  // ASCII gets the cheaper split (ranking's hot loop).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(ASCII_SEPARATORS)
      .filter((t) => t.length > 0);
  return normalizeTokens(text);
}

/** Per-term occurrence counts in each column, and the document's token count (bm25's inputs). */
export interface TermCounts {
  counts: number[][];
  length: number;
}

/**
 * Counts `terms` in each column with one pass per column and no token arrays per term: the bounded
 * search calls this for hundreds of candidates per query, so it must not allocate per token.
 */
export function termCounts(columns: readonly string[], terms: readonly string[]): TermCounts {
  const index = new Map(terms.map((t, i) => [t, i]));
  const counts = terms.map(() => columns.map(() => 0));
  let length = 0;
  for (let col = 0; col < columns.length; col++) {
    const tokens = tokenize(columns[col] ?? "");
    length += tokens.length;
    for (const token of tokens) {
      const i = index.get(token);
      if (i === undefined) continue;
      const perColumn = counts[i] as number[];
      perColumn[col] = (perColumn[col] ?? 0) + 1;
    }
  }
  return { counts, length };
}

/** Words of a user query, deduplicated and capped (a 200-char query has at most ~100 anyway). */
export function queryTerms(q: string, max = 12): string[] {
  return [...new Set(tokenize(q))].slice(0, max);
}

/** An FTS5 MATCH expression that treats every term as a literal word (implicit AND of quoted strings). */
export function ftsMatch(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" ");
}

/** The columns of `videos_fts`, in order. */
export const FTS_COLUMNS = ["caption", "hook", "transcript", "hashtags"] as const;

/** Column weights for bm25: caption, hook, transcript, hashtags (the FTS column order). */
export const FIELD_WEIGHTS = [3, 3, 1, 2] as const;

/** How strongly popularity lifts text relevance in best_match: score = relevance + PRIOR_WEIGHT · log10(1 + plays). */
export const PRIOR_WEIGHT = 0.5;

export interface CorpusTextStats {
  docs: number;
  avgTokens: number;
}

/**
 * FTS5's bm25 (k1 = 1.2, b = 0.75), as a positive relevance: per term, idf × weighted tf saturation, where tf
 * is summed over columns with FIELD_WEIGHTS and document length is the unweighted token count.
 */
export function bm25(
  termColumnCounts: readonly (readonly number[])[],
  docTokens: number,
  dfs: readonly number[],
  stats: CorpusTextStats,
): number {
  let score = 0;
  termColumnCounts.forEach((counts, i) => {
    let f = 0;
    counts.forEach((c, col) => {
      f += c * (FIELD_WEIGHTS[col] ?? 1);
    });
    score += bm25Term(f, docTokens, bm25Idf(dfs[i] ?? 1, stats.docs), stats);
  });
  return score;
}

/** bm25's idf for a term in `df` of `docs` documents, as FTS5 computes it (`log` may be SQLite's own). */
export function bm25Idf(df: number, docs: number, log: (x: number) => number = Math.log): number {
  const idf = log((docs - df + 0.5) / (df + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * One term's share of bm25 given its weighted frequency `f` in a document of `docTokens` tokens: the same
 * operations in the same order as FTS5's bm25 (fts5_aux.c), so with FTS5's idf the score is bit-equal.
 */
export function bm25Term(f: number, docTokens: number, idf: number, stats: CorpusTextStats): number {
  const k1 = 1.2;
  const b = 0.75;
  return idf * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + (b * docTokens) / stats.avgTokens)));
}

/**
 * Sum of `count` SQLite varints of `blob` from the `first`-th on: FTS5 writes its size records this way
 * (big-endian 7-bit groups with a continuation bit; a 9th byte carries 8 bits).
 */
export function sumVarints(blob: Uint8Array, first = 0, count = Number.POSITIVE_INFINITY): number {
  let sum = 0;
  let offset = 0;
  for (let n = 0; offset < blob.length && n < first + count; n++) {
    let value = 0;
    for (let i = 0; i < 9 && offset < blob.length; i++) {
      const byte = blob[offset++] as number;
      if (i === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    if (n >= first) sum += value;
  }
  return sum;
}

/** Reads FTS5's own totals record (row count, then tokens per column) from the `%_data` shadow table. */
export function readFtsAverages(blob: Uint8Array): CorpusTextStats {
  const docs = sumVarints(blob, 0, 1);
  const tokens = sumVarints(blob, 1);
  return { docs, avgTokens: docs > 0 ? tokens / docs : 0 };
}
