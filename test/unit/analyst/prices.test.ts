import { describe, expect, it } from "vitest";
import {
  priceBoundsSaid,
  priceBoundWords,
  pricesQuoted,
  withinBound,
} from "../../../src/analyst/local/prices.js";

describe("pricesQuoted: the prices a video's text states, as written and in đồng", () => {
  it.each([
    ["phòng đôi chỉ 350k/đêm", "350k/đêm", 350_000, true],
    ["giá 1.686.000đ một đêm", "1.686.000đ một đêm", 1_686_000, true],
    ["chỉ 2 triệu cho 2 người", "2 triệu", 2_000_000, false],
    ["450 xu/phòng", "450 xu/phòng", 450_000, false],
    ["villa nguyên căn 1tr5/đêm", "1tr5/đêm", 1_500_000, true],
    ["phòng này 2 củ mốt một đêm", "2 củ mốt một đêm", 2_100_000, true],
    ["giá 2 củ rưỡi view đẹp", "2 củ rưỡi", 2_500_000, false],
    ["1,5 củ cho một đêm", "1,5 củ cho một đêm", 1_500_000, true],
    ["chỉ từ 350k/2h - phòng", "350k/2h", 350_000, false],
    ["500.000 VNĐ", "500.000 VNĐ", 500_000, false],
    ["xò mà chỉ 3.5.0k/ khách", "3.5.0k/ khách", 350_000, false],
  ])("%s", (text, said, vnd, night) => {
    expect(pricesQuoted(text)).toEqual([{ said, vnd, night, hours: /\/2h/.test(said) }]);
  });

  it("keeps another currency as written, with no amount in đồng", () => {
    expect(pricesQuoted("find it for only $70 a night!")).toEqual([
      { said: "$70 a night", vnd: null, night: true, hours: false },
    ]);
    expect(pricesQuoted("20 USD per night")).toEqual([
      { said: "20 USD per night", vnd: null, night: true, hours: false },
    ]);
  });

  it("tells a price for some hours ('119K/2H', '69k/giờ', '50k/1h') from a night's", () => {
    expect(pricesQuoted("phòng 119K/2H, qua đêm 299k/đêm").map((p) => [p.said, p.hours, p.night])).toEqual([
      ["119K/2H", true, false],
      ["299k/đêm", false, true],
    ]);
    expect(pricesQuoted("chỉ 69k/giờ").map((p) => p.hours)).toEqual([true]);
    expect(pricesQuoted("50k/1h thôi").map((p) => p.hours)).toEqual([true]);
    expect(pricesQuoted("350k/phòng").map((p) => p.hours)).toEqual([false]);
  });

  it("reads no amount from a masked figure or one no stay costs ('4K', '10đ'), and every figure of a text in order", () => {
    expect(pricesQuoted("chỉ 3xx.000vnđ/phòng")[0]?.vnd).toBeNull();
    expect(pricesQuoted("quay bằng máy 4K")[0]?.vnd ?? null).toBeNull();
    expect(pricesQuoted("từ 1 củ 8 tới 2 củ").map((p) => p.vnd)).toEqual([1_800_000, 2_000_000]);
    expect(pricesQuoted("no price here, 5km from the beach, 10k views")).toEqual([]);
  });
});

describe("priceBoundsSaid: a bound on a price as a question says it", () => {
  it.each([
    ["Da Lat hotels under 500k a night", "under 500k a night", "under 500,000 đồng a night"],
    [
      "rooms between 300k and 600k in Nha Trang",
      "rooms between 300k and 600k",
      "from 300,000 to 600,000 đồng",
    ],
    ["homestays from 1tr to 2tr", "from 1tr to 2tr", "from 1,000,000 to 2,000,000 đồng"],
    ["phòng dưới 1tr5", "phòng dưới 1tr5", "under 1,500,000 đồng"],
    ["rooms 300-600k per night", "rooms 300-600k per night", "from 300,000 to 600,000 đồng a night"],
    ["which hotel ads quote prices under 500k?", "quote prices under 500k", "under 500,000 đồng"],
    [
      "how many videos quote a price above 2,000,000 VND?",
      "quote a price above 2,000,000 VND",
      "over 2,000,000 đồng",
    ],
    ["Nha Trang hotel prices ≤ 800k", "prices ≤ 800k", "at most 800,000 đồng"],
    [
      "where the caption quotes a nightly price under 500k",
      "quotes a nightly price under 500k",
      "under 500,000 đồng a night",
    ],
    [
      "show me hotels priced between 500k and 1 million",
      "priced between 500k and 1 million",
      "from 500,000 to 1,000,000 đồng",
    ],
    ["videos quoting prices under 500k vs ones over 1 triệu", "over 1 triệu", "over 1,000,000 đồng"],
    ["rooms under 150k/2h", "rooms under 150k/2h", "under 150,000 đồng for some hours"],
    ["phòng dưới 80k theo giờ", "phòng dưới 80k theo giờ", "under 80,000 đồng for some hours"],
  ])("%s", (text, said, words) => {
    const found = priceBoundsSaid(text).at(-1);
    expect(found?.said).toBe(said);
    expect(found?.bound && priceBoundWords(found.bound)).toBe(words);
  });

  it("reads no bound on views, followers or a length, a figure no stay costs, nor a bound said in a count's unit with no word of prices", () => {
    for (const text of [
      "hotel videos under 500k",
      "hotels under 500k views",
      "top videos over 1m",
      "nguamodalat have median view over 1 triệu",
      "how many of their 10 vids are over 1 triệu",
      "creators with engagement rate best follower under 50k",
      "videos from 2023 to 2024",
      "prices under 500",
      "videos under 2 minutes",
    ])
      expect(priceBoundsSaid(text), text).toEqual([]);
  });

  it("keeps a bound in another currency with no amount, and whether an amount passes each kind of bound", () => {
    expect(priceBoundsSaid("Hà Nội hotels under $30 a night")).toEqual([
      { at: 14, said: "under $30 a night", bound: null },
    ]);
    const night = false;
    expect(withinBound(500_000, { op: "under", value: 500_000, night })).toBe(false);
    expect(withinBound(500_000, { op: "at most", value: 500_000, night })).toBe(true);
    expect(withinBound(500_000, { op: "over", value: 500_000, night })).toBe(false);
    expect(withinBound(500_000, { op: "at least", value: 500_000, night })).toBe(true);
    expect(withinBound(600_000, { op: "between", value: 300_000, to: 600_000, night })).toBe(true);
  });
});
