import { describe, expect, it } from "vitest";
import { countWords } from "../../src/shared/text/word-counts.js";

const counted = async (texts: string[], kind: "words" | "phrases" | "emojis", top = 10) =>
  (await countWords(texts, kind, top)).map((w) => [w.text, w.texts]);

describe("countWords", () => {
  it("counts a word once per text, lower-cased, leaving out hashtags, mentions, links and function words", async () => {
    const texts = [
      "Sea view sea VIEW room #seaview @hotelbot https://x.example/view",
      "The best room in town",
      "a view of the pool",
    ];
    expect(await counted(texts, "words")).toEqual([
      ["view", 2],
      ["room", 2],
      ["sea", 1],
      ["best", 1],
      ["town", 1],
      ["pool", 1],
    ]);
  });

  it("ranks by texts using each, then by the first text to use it; `top` cuts the list", async () => {
    expect(await counted(["beta alpha", "alpha gamma", "gamma"], "words", 2)).toEqual([
      ["alpha", 2],
      ["gamma", 2],
    ]);
    expect((await countWords(["x1 beta", "beta"], "words", 5))[0]).toEqual({
      text: "beta",
      texts: 2,
      first: 0,
    });
  });

  it("drops one-letter words and bare numbers under 10, keeps larger numbers and prices", async () => {
    expect(await counted(["room 5 x 200k 150", "room 150"], "words")).toEqual([
      ["room", 2],
      ["150", 2],
      ["200k", 1],
    ]);
  });

  it("reads syllables nearly always written together as one word (Vietnamese), the pair taking both", async () => {
    // Each text twice over, then three more: pairs join on 5 texts or more.
    const texts = [
      ...[
        "Khách sạn view biển Đà Lạt",
        "khách sạn giá rẻ đà lạt",
        "Khách sạn mới ở Đà Nẵng",
        "đà nẵng view đẹp",
      ],
      ...[
        "Khách sạn view biển Đà Lạt",
        "khách sạn giá rẻ đà lạt",
        "Khách sạn mới ở Đà Nẵng",
        "đà nẵng view đẹp",
      ],
      "đà lạt",
      "đà nẵng",
      "phòng khách rộng",
    ];
    // "khách sạn" is in 6 texts, all of "sạn"'s: one word; "khách" alone ("phòng khách") stays a word. "đà" goes
    // with "lạt" in 5 texts and with "nẵng" in 5, each pair in all of its rarer syllable's texts.
    expect(await counted(texts, "words")).toEqual([
      ["khách sạn", 6],
      ["đà lạt", 5],
      ["đà nẵng", 5],
      ["view", 4],
      ["biển", 2],
      ["giá", 2],
      ["rẻ", 2],
      ["đẹp", 2],
      ["phòng", 1],
      ["khách", 1],
    ]);
    // Fewer than 5 texts using a pair: its words stay apart.
    expect(await counted(texts.slice(0, 4), "words", 3)).toEqual([
      ["đà", 4],
      ["khách", 3],
      ["sạn", 3],
    ]);
  });

  it("phrases: two or three words within a sentence, on 2+ texts, the longer kept when as common", async () => {
    const texts = [
      "Book now, link in bio!",
      "link in bio for prices. book now",
      "free breakfast included",
      "Free breakfast and pool",
      "link today",
    ];
    expect(await counted(texts, "phrases")).toEqual([
      ["book now", 2],
      ["link in bio", 2],
      ["free breakfast", 2],
    ]);
  });

  it("a phrase never runs across punctuation or an emoji", async () => {
    expect(await counted(["sea. view", "sea 🌊 view", "sea, view"], "phrases")).toEqual([]);
  });

  it("emoji: one per grapheme, skin tones and the variation selector folded", async () => {
    const texts = ["❤️ love it 👍🏽", "❤ 👍", "🏖️🏖️ beach", "no emoji here"];
    expect(await counted(texts, "emojis")).toEqual([
      ["❤", 2],
      ["👍", 2],
      ["🏖", 1],
    ]);
  });

  it("nothing to count: an empty list", async () => {
    expect(await countWords([], "words", 5)).toEqual([]);
    expect(await countWords(["the and of", "   "], "words", 5)).toEqual([]);
  });
});
