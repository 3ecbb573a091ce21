import { describe, expect, it } from "vitest";
import { editDistance } from "../../src/shared/text/spelling.js";

describe("editDistance", () => {
  it.each([
    ["vungtao", "vungtau", 1], // a letter changed
    ["nhatrag", "nhatrang", 1], // a letter dropped
    ["phuqouc", "phuquoc", 1], // two neighbours swapped: one edit
    ["buonmathout", "buonmathuot", 1],
    ["dalat", "dalat", 0],
    ["hotel", "hostel", 1], // a letter added
    ["resort", "report", 1],
    ["abc", "cab", 2],
    ["", "abc", 3],
    ["đà", "da", 2], // letters, not bytes
  ])("%s → %s: %i", (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
    expect(editDistance(b, a, 5)).toBe(d);
  });

  it("stops at max + 1 once the distance must exceed max", () => {
    expect(editDistance("vungtau", "danang", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(editDistance("kitten", "sitting", 2)).toBe(3);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });
});
