import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAdModel, exportIn } from "../../../src/ingest/eval-labels.js";
import { tempDir } from "../../helpers/temp.js";

const CSV = join(import.meta.dirname, "../../fixtures/import/apify-flat.csv");

describe("eval:labels", () => {
  it("scores a model against the hidden platform flags", async () => {
    const seen: string[] = [];
    // The fixture's only flagged ad has a Vietnamese question caption; this stub calls every question an ad.
    const e = await evaluateAdModel(CSV, (input) => {
      seen.push(input.caption);
      return { value: input.caption.includes("?") ? "yes" : "no", confidence: 0.9, evidence: "stub" };
    });
    expect(e).toMatchObject({ records: 2, positives: 1, truePositive: 1, falsePositive: 0, trueNegative: 1 });
    expect([e.precision, e.recall, e.f1]).toEqual([1, 1, 1]);
    expect(seen.some((c) => c.includes("isAd") || c.includes("isSponsored"))).toBe(false);
  });

  it("takes a folder for the one export in it, transcript side files aside", () => {
    const folder = tempDir("crs-eval-");
    writeFileSync(join(folder, "videos_apify_flat.csv"), "id\n");
    writeFileSync(join(folder, "transcripts_12.csv"), "id,text\n");
    expect(exportIn(folder)).toBe(join(folder, "videos_apify_flat.csv"));
    writeFileSync(join(folder, "more.json"), "[]");
    expect(exportIn(folder)).toBeNull();
  });
});
