import { describe, expect, it } from "vitest";
import { classifyHook } from "../../../src/ingest/classify/hook.js";
import {
  HOOK_PATTERNS,
  HOOK_TEMPLATES,
  PLAIN_OPENERS,
} from "../../../src/ingest/generator/hook-templates.js";
import { LANGUAGES } from "../../../src/ingest/generator/languages.js";
import { TOPICS } from "../../../src/ingest/generator/topics.js";

describe("classifyHook", () => {
  it("recognises every pattern in every corpus language, whatever the topic", () => {
    for (const language of LANGUAGES) {
      for (const pattern of HOOK_PATTERNS) {
        for (const template of HOOK_TEMPLATES[language][pattern]) {
          for (const topic of TOPICS) {
            const line = template.replace("{x}", topic.noun[language]).replace("{n}", "5");
            expect(classifyHook(line, language).value, `${language} ${line}`).toBe(pattern);
          }
        }
      }
    }
  });

  it("says no to plain opening lines and to a missing line", () => {
    for (const language of LANGUAGES) {
      for (const line of PLAIN_OPENERS[language]) expect(classifyHook(line, language).value, line).toBe("no");
    }
    expect(classifyHook(null, null)).toEqual({ value: "no", confidence: 0.95, evidence: "no opening line" });
    expect(classifyHook("   ", "en").value).toBe("no");
    expect(classifyHook("Packing for Lisbon with my sister", "en").value).toBe("no");
  });

  it("handles hand-written lines outside the generator's templates", () => {
    const cases: [string, string, string][] = [
      ["pov: you moved to Tokyo with two suitcases", "en", "pov"],
      ["STOP SCROLLING this is important", "en", "stop_scrolling"],
      ["7 habits that fixed my sleep", "en", "numbered_list"],
      ["Here's how to clean white sneakers", "en", "tutorial"],
      ["The secret hotel trick airlines hate", "en", "secret"],
      ["Where should we eat tonight?", "en", "question"],
      ["¿Qué harías tú?", "es", "question"],
      ["Storytime: I got locked out of my hotel room", "en", "story"],
      ["tui xin bình chọn đây là chiếc khách sạn đỉnh nhất Vũng Tàu", "vi", "bold_claim"],
      ["30日間ダイエットしてみた", "ja", "challenge"],
    ];
    for (const [line, language, pattern] of cases)
      expect(classifyHook(line, language).value, line).toBe(pattern);
  });

  it("reads scraped Vietnamese openers as they are meant (counts, durations, distances)", () => {
    const cases: [string, string][] = [
      // One item is no list; a duration or time is no list.
      ["1 chiếc khách sạn siêu xinh ngay trung tâm", "no"],
      ["1 căn phòng view hồ bơi cho cả nhà", "no"],
      ["2 năm trước đi Huế mình ở 7 ngày", "no"],
      ["3 days in Lisbon with my sister", "no"],
      ["5k followers and still posting", "no"],
      // A clock time or an amount is no count either.
      ["17:25 || Hotel.", "no"],
      ["10.000đ một đêm ở Đà Lạt", "no"],
      // Counts of things, and "top N", stay lists.
      ["Top 1 khách sạn đáng ở nhất Đà Lạt", "numbered_list"],
      ["Top 4 resort đẹp nhất Quảng Bình", "numbered_list"],
      ["5 khách sạn view biển giá rẻ ở Vũng Tàu", "numbered_list"],
      ["10 things to pack for Da Nang", "numbered_list"],
      // "Cách" is "how to", or "from" before a distance.
      ["Cách đặt phòng khách sạn giá rẻ", "tutorial"],
      ["Cách phố đi bộ có 100m, phòng rộng", "no"],
      ["Cách trung tâm 5 phút đi bộ", "no"],
      ["Cách Sài Gòn chỉ 3,5 tiếng lái xe, biển thật đẹp", "no"],
    ];
    for (const [line, pattern] of cases) expect(classifyHook(line, "vi").value, line).toBe(pattern);
  });

  it("gives the first line only, evidence naming the match, confidence in 0..1", () => {
    const verdict = classifyHook("POV: you found the cheapest flights\nsecond line is ignored?", "en");
    expect(verdict.value).toBe("pov");
    expect(verdict.evidence).toContain("pov");
    expect(verdict.confidence).toBeGreaterThan(0.5);
    expect(verdict.confidence).toBeLessThanOrEqual(1);
  });
});
