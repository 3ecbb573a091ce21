/**
 * English number inflection of one folded word ("hotels" ~ "hotel", "cities" ~ "city", "beaches" ~ "beach"),
 * for search to match both forms. The index folds diacritics away (unicode61 remove_diacritics), so an
 * English stem that reads as a Vietnamese syllable would match a different, often very common word: "lens"
 * would find "lên", "days" "đây", "this" "thì". Such stems are left alone (couldBeVietnameseSyllable).
 */

/** Words ending in "s" that are not plurals of the word without it. */
const NOT_PLURAL = new Set(["news", "series", "species", "physics", "always", "perhaps", "sometimes"]);

/** Shortest stem inflected: shorter words are mostly function words or syllables of other languages. */
const MIN_STEM = 3;

/** Vowel nuclei of Vietnamese syllables with their diacritics removed ("ươi" → "uoi"). */
const NUCLEUS =
  "ieu|oai|oay|oeo|uay|uoi|uou|uya|uye|uyu|yeu|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|oo|ua|ue|ui|uo|uu|uy|ya|ye|[aeiouy]";
const VIETNAMESE_SYLLABLE = new RegExp(
  `^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?(${NUCLEUS})(ch|ng|nh|[cmnpt])?$`,
);

/** Whether `word` (folded, no diacritics) is spelled like a Vietnamese syllable: initial, nucleus, final. */
export function couldBeVietnameseSyllable(word: string): boolean {
  return VIETNAMESE_SYLLABLE.test(word);
}

const inflectable = (stem: string) =>
  stem.length >= MIN_STEM && /^[a-z]+$/.test(stem) && !couldBeVietnameseSyllable(stem);

/**
 * The other number's forms of `word`, likeliest first: singulars of a plural, plurals of a singular.
 * Empty for words that are not plain lowercase Latin letters, for short ones and for Vietnamese-looking stems.
 */
export function otherNumberForms(word: string): string[] {
  if (!/^[a-z]+$/.test(word) || NOT_PLURAL.has(word)) return [];
  const forms: string[] = [];
  if (word.endsWith("s") && !word.endsWith("ss")) {
    if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
    if (/(s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
    forms.push(word.slice(0, -1));
  } else if (word.endsWith("y") && !/[aeiou]y$/.test(word)) {
    forms.push(`${word.slice(0, -1)}ies`);
  } else if (/(s|x|z|ch|sh)$/.test(word)) {
    forms.push(`${word}es`);
  } else {
    forms.push(`${word}s`);
  }
  const singular = word.endsWith("s") && !word.endsWith("ss");
  return forms.filter((f) => inflectable(singular ? f : word) && f !== word);
}
