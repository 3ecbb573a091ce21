/**
 * The one text normaliser of search: the same function folds what is indexed and what is queried, so a
 * query matches whatever spelling the text used. Storage-independent (the SQLite store and a future
 * PostgreSQL store share it).
 *
 * foldText: Unicode NFKD (compatibility forms and full-width letters become plain ones), case folding,
 * combining marks removed (Đà Nẵng → da nang, São → sao, Müller → muller), then the letters that carry their
 * "diacritic" in the letter itself and so do not decompose: Đ/đ/Ð/ð → d, Ł/ł → l, Ø/ø → o, ß/ẞ → ss,
 * Æ/æ → ae, Œ/œ → oe, ı → i, Þ/þ → th, Ħ/ħ → h, Ŧ/ŧ → t, ŋ → n, ſ → s. Separators are kept: tokenising
 * the folded text (any run of non-letters, non-digits splits) gives the search tokens.
 */

const SPECIAL: Readonly<Record<string, string>> = {
  đ: "d",
  ð: "d",
  ł: "l",
  ø: "o",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ı: "i",
  þ: "th",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  ĸ: "k",
  ſ: "s",
  ƒ: "f",
  ɨ: "i",
};
const SPECIAL_CHARS = new RegExp(`[${Object.keys(SPECIAL).join("")}]`, "gu");
const MARKS = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range includes control characters on purpose
const ASCII = /^[\x00-\x7f]*$/;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Folds text for indexing and querying (see the module comment); ASCII only needs lower-casing. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(MARKS, "")
    .replace(SPECIAL_CHARS, (c) => SPECIAL[c] ?? c);
}

/** The search tokens of a text: folded, split on anything not a letter or digit. */
export function normalizeTokens(text: string): string[] {
  return foldText(text)
    .split(SEPARATORS)
    .filter((t) => t.length > 0);
}
