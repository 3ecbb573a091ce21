/**
 * The one app-side text normaliser: every store indexes and queries these tokens, and the hook embedder
 * reads them. It mirrors SQLite FTS5's `unicode61 remove_diacritics 2`: fold diacritics, lower-case, split
 * on anything not a letter or digit.
 */

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range includes control characters on purpose
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;
// Characters NFKD changes: Latin letters with marks, combining marks, compatibility and full-width forms.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: code-point ranges, combining marks included on purpose
const FOLDABLE = /[\u00a0-\u024f\u0300-\u036f\u1e00-\u1eff\u2000-\u2bff\u3000-\u33ff\uf900-\uffef]/;

export function tokenize(text: string): string[] {
  // Only text with foldable characters pays for NFKD; ASCII also gets the cheaper split (ranking's hot loop).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(ASCII_SEPARATORS)
      .filter((t) => t.length > 0);
  const folded = FOLDABLE.test(text) ? text.normalize("NFKD").replace(MARKS, "") : text;
  return folded
    .toLowerCase()
    .split(SEPARATORS)
    .filter((t) => t.length > 0);
}

/** Words of a user query, deduplicated and capped (a 200-char query has at most ~100 anyway). */
export function queryTerms(q: string, max = 12): string[] {
  return [...new Set(tokenize(q))].slice(0, max);
}
