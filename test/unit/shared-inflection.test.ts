import { describe, expect, it } from "vitest";
import { couldBeVietnameseSyllable, otherNumberForms } from "../../src/shared/text/inflection.js";

describe("English number inflection for search", () => {
  it.each([
    ["hotels", ["hotel"]],
    ["cities", ["city", "citie"]],
    ["beaches", ["beach", "beache"]],
    ["houses", ["hous", "house"]],
    ["hotel", ["hotels"]],
    ["city", ["cities"]],
    ["beach", ["beaches"]],
    ["glass", ["glasses"]],
    ["boss", ["bosses"]],
    ["play", ["plays"]],
  ])("%s → %j", (word, forms) => {
    expect(otherNumberForms(word)).toEqual(forms);
  });

  it.each([
    ["lens", "len is lên folded"],
    ["days", "day is đây / dây folded"],
    ["this", "thi is thì folded"],
    ["khachs", "khach is khách folded"],
    ["song", "sông"],
    ["news", "not a plural"],
    ["bus", "a stem of two letters"],
    ["café", "not plain Latin letters"],
    ["2025s", "not a word"],
  ])("leaves %s alone (%s)", (word) => {
    expect(otherNumberForms(word)).toEqual([]);
  });

  it("knows a Vietnamese syllable's shape without its diacritics", () => {
    for (const w of ["nguyen", "khach", "truong", "nghieng", "thuyen", "quoc", "hue", "len", "an", "oi"])
      expect(couldBeVietnameseSyllable(w), w).toBe(true);
    for (const w of ["hotel", "resort", "beach", "villa", "pool", "view", "skincare", "eye"])
      expect(couldBeVietnameseSyllable(w), w).toBe(false);
  });
});
