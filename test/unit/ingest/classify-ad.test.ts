import { describe, expect, it } from "vitest";
import { type AdTextInput, classifyAdText } from "../../../src/ingest/classify/ad.js";

const organic: AdTextInput = {
  caption: "morning run by the river #running #fyp",
  hashtags: ["running", "fyp"],
  transcript: null,
  hookText: null,
  advertiserAttributed: false,
};

describe("classifyAdText", () => {
  it("says no to an ordinary post, with a reason", () => {
    const verdict = classifyAdText(organic);
    expect(verdict.value).toBe("no");
    expect(verdict.confidence).toBeGreaterThan(0.85);
    expect(verdict.evidence).toMatch(/no disclosure/);
  });

  it("says yes to a disclosure tag, in several languages", () => {
    for (const tag of ["ad", "sponsored", "publi", "werbung", "iklan", "광고", "reklam"]) {
      const verdict = classifyAdText({ ...organic, caption: `love this #${tag}`, hashtags: [tag] });
      expect(verdict.value, tag).toBe("yes");
      expect(verdict.evidence).toContain(`#${tag}`);
    }
  });

  it("reads disclosure phrases, promo codes and calls to action from text and transcript", () => {
    expect(classifyAdText({ ...organic, caption: "Paid partnership with Glowly" }).value).toBe("yes");
    expect(classifyAdText({ ...organic, caption: "Use code GLOW20 for 20% off" }).value).toBe("yes");
    const spoken = classifyAdText({
      ...organic,
      transcript: "download the app, it's free, link in bio, glowly.app",
    });
    expect(spoken.value).toBe("yes");
    expect(spoken.evidence).toMatch(/app install call to action/);
    expect(classifyAdText({ ...organic, caption: "Nhập mã SALE50 giảm 50% tại shop" }).value).toBe("yes");
  });

  it("does not call a lone 'link in bio' an ad, but counts advertiser attribution", () => {
    const linkOnly = classifyAdText({ ...organic, caption: "full recipe link in bio" });
    expect(linkOnly.value).toBe("no");
    expect(linkOnly.evidence).toMatch(/link in bio/);
    expect(linkOnly.confidence).toBeLessThan(classifyAdText(organic).confidence);
    const attributed = classifyAdText({ ...organic, advertiserAttributed: true });
    expect(attributed.value).toBe("yes");
    expect(attributed.evidence).toMatch(/advertiser/);
  });

  it("grows more confident as signals add up", () => {
    const one = classifyAdText({ ...organic, caption: "#ad", hashtags: ["ad"] });
    const many = classifyAdText({
      ...organic,
      caption: "#ad shop now at glowly.com, use code GLOW20",
      hashtags: ["ad"],
      advertiserAttributed: true,
    });
    expect(many.confidence).toBeGreaterThan(one.confidence);
    expect(many.confidence).toBeLessThanOrEqual(1);
  });
});
