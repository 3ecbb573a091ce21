import { describe, expect, it } from "vitest";
import { projectRecordSchema } from "../../../src/ingest/importers/project-jsonl.js";
import { checkProjectRecord } from "../../../src/ingest/importers/project-record-check.js";

const base = {
  id: "7301",
  caption: "POV: you found the cheapest flight",
  created_at: 1_700_000_000,
  hashtags: ["travel"],
  author: { uid: "6801", handle: "anna" },
  stats: { plays: 1200, likes: 80, comments: 4, shares: 2, saves: 9 },
};

type Bag = Record<string, unknown>;
const withField = (path: string[], value: unknown): Bag => {
  const copy = structuredClone(base) as Bag;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Bag;
  const last = path.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
};

// Each field with values the schema accepts and values it rejects (or that the fast path leaves to zod).
const VARIANTS: [string[], unknown[]][] = [
  [["id"], ["7301", "a_b.c:d-e", "", "has space", 7301, null, "x".repeat(65)]],
  [["caption"], [undefined, "", null, 5]],
  [["hook_text"], [undefined, null, "Stop scrolling", 3]],
  [["transcript"], [undefined, null, "hello", false]],
  [["created_at"], [1_700_000_000, "2024-01-01T00:00:00Z", 1.5, 2 ** 60, null, undefined]],
  [["media_type"], [undefined, "video", "slideshow", "reel", null]],
  [["region"], [undefined, null, "us", 1]],
  [["duration_s"], [undefined, null, 0, 12.5, -1, "12"]],
  [["music_id"], [undefined, null, "m1", 1]],
  [["hashtags"], [undefined, [], ["a", "#B"], ["a", 1], "a", null]],
  [["platform_ad"], [undefined, null, true, false, "yes"]],
  [["platform_ad_evidence"], [undefined, null, "isAd", 1]],
  [["url"], [undefined, null, "https://x", {}]],
  [["advertiser"], [undefined, null, { name: "Brand" }, { name: "" }]],
  [["author"], [undefined, null, [], "anna"]],
  [
    ["author", "uid"],
    ["6802", "", 6802, undefined],
  ],
  [
    ["author", "handle"],
    ["bob", "", undefined, 1],
  ],
  [
    ["author", "nickname"],
    [undefined, "Anna", null],
  ],
  [
    ["author", "followers"],
    [undefined, null, 0, 10, -1, 1.5],
  ],
  [
    ["author", "verified"],
    [undefined, true, false, "true", null],
  ],
  [
    ["author", "region"],
    [undefined, null, "VN", 2],
  ],
  [["stats"], [undefined, null, [], {}]],
  [
    ["stats", "plays"],
    [0, 5, -1, 1.5, "5", null, undefined, 2 ** 60],
  ],
  [
    ["stats", "saves"],
    [undefined, 0, 3, null, -2],
  ],
  [
    ["stats", "observed_at"],
    [undefined, null, 1_700_000_100, "2024-01-01", 2.5],
  ],
];

describe("project record fast check", () => {
  const cases = VARIANTS.flatMap(([path, values]) =>
    values.map((value) => [`${path.join(".")} = ${JSON.stringify(value)}`, withField(path, value)] as const),
  );

  it.each(cases)("agrees with the schema when %s", (_name, value) => {
    const fast = checkProjectRecord(value);
    const parsed = projectRecordSchema.safeParse(value);
    // The fast path never accepts what the schema rejects, and returns exactly the schema's output.
    if (fast !== null) {
      expect(parsed.success).toBe(true);
      expect(fast).toEqual(parsed.data); // absent and undefined are the same to the mapper; null is not
    }
  });

  it("takes the fast path for ordinary records, and leaves rejects to the schema", () => {
    expect(checkProjectRecord(base)).not.toBeNull();
    expect(checkProjectRecord(withField(["stats", "observed_at"], "2024-01-01"))).not.toBeNull();
    expect(checkProjectRecord(withField(["stats", "plays"], -1))).toBeNull();
    expect(checkProjectRecord([base])).toBeNull();
  });
});
