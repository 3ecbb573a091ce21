import { describe, expect, it } from "vitest";
import {
  type ExpansionVocabulary,
  expandUnits,
  queryUnits,
  toFtsMatch,
  toTsQuery,
  tsAllTerms,
} from "../../../src/store/search-query.js";

/** A corpus vocabulary: document counts, and the compound table search_compounds would hold. */
const DF: Record<string, number> = {
  skin: 50,
  care: 60,
  skincare: 12,
  phu: 9,
  quoc: 8,
  phuquoc: 3,
  protein: 20,
};
DF.bowl = 30;
DF.proteinbowl = 4;
const vocab: ExpansionVocabulary = {
  df: (w) => DF[w] ?? 0,
  prefixed: (w) =>
    Object.keys(DF)
      .filter((t) => t.startsWith(w) && t !== w)
      .sort((a, b) => (DF[b] ?? 0) - (DF[a] ?? 0)),
  compoundsOf: () => [],
};

describe("search query expansion (engine-neutral) and its renderings", () => {
  it("expands run-together words, splits and prefixed hashtags; renders FTS5 and tsquery alike", () => {
    const joined = expandUnits(queryUnits("skin care"), vocab, 100);
    expect(joined?.tree).toEqual([[[["skin"], ["care"]], [["skincare"]]]]);
    expect(toFtsMatch(joined?.tree ?? [])).toBe('(("skin" AND "care") OR "skincare")');
    expect(toTsQuery(joined?.tree ?? [])).toBe("(('skin' & 'care') | 'skincare')");

    const split = expandUnits(queryUnits("phuquoc"), vocab, 100);
    expect(toFtsMatch(split?.tree ?? [])).toBe('("phuquoc" OR "phu quoc")');
    expect(toTsQuery(split?.tree ?? [])).toBe("('phuquoc' | ('phu' <-> 'quoc'))");

    const prefixed = expandUnits(queryUnits("protein"), vocab, 100);
    expect(prefixed?.notes).toEqual(["protein → proteinbowl"]);
    expect(toTsQuery(prefixed?.tree ?? [])).toBe("('protein' | 'proteinbowl')");
  });

  it("a phrase is adjacent words in order; nothing added and no phrase: null", () => {
    const phrase = expandUnits(queryUnits('"care skin" bowl'), vocab, 100);
    expect(toFtsMatch(phrase?.tree ?? [])).toBe('"care skin" AND "bowl"');
    expect(toTsQuery(phrase?.tree ?? [])).toBe("('care' <-> 'skin') & 'bowl'");
    expect(expandUnits(queryUnits("bowl"), vocab, 100)).toBeNull();
    // Every word over the cap: the bounded ranking takes the plain query, unexpanded.
    expect(expandUnits(queryUnits("skin care"), vocab, 5)).toBeNull();
  });

  it("tsquery operands are quoted literals: quotes and backslashes escaped, operators inert", () => {
    expect(tsAllTerms(["o'brien", "a\\b", "x & y", "z:*"])).toBe("'o''brien' & 'a\\\\b' & 'x & y' & 'z:*'");
  });
});
