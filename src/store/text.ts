import { normalizeTokens } from "../shared/text/normalize.js";

/**
 * Search tokens, from the one app-side text normaliser (shared/text/normalize.ts: NFKD, case, marks, Đ→d,
 * ß→ss, …): every store indexes and queries these tokens, and the hook embedder reads them. Text is folded
 * exactly as the index was fed (the corpus writer indexes folded text), then split on anything not a letter
 * or digit.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range includes control characters on purpose
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

export function tokenize(text: string): string[] {
  // ASCII gets the cheaper split (ranking's hot loop).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(ASCII_SEPARATORS)
      .filter((t) => t.length > 0);
  return normalizeTokens(text);
}

/** Words of a user query, deduplicated and capped (a 200-char query has at most ~100 anyway). */
export function queryTerms(q: string, max = 12): string[] {
  return [...new Set(tokenize(q))].slice(0, max);
}
