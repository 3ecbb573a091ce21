import { describe, expect, it } from "vitest";
import { pricesQuoted } from "../../../src/analyst/local/prices.js";

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
    expect(pricesQuoted(text)).toEqual([{ said, vnd, night }]);
  });

  it("keeps another currency as written, with no amount in đồng", () => {
    expect(pricesQuoted("find it for only $70 a night!")).toEqual([
      { said: "$70 a night", vnd: null, night: true },
    ]);
    expect(pricesQuoted("20 USD per night")).toEqual([{ said: "20 USD per night", vnd: null, night: true }]);
  });

  it("reads no amount from a masked figure or one no stay costs ('4K', '10đ'), and every figure of a text in order", () => {
    expect(pricesQuoted("chỉ 3xx.000vnđ/phòng")[0]?.vnd).toBeNull();
    expect(pricesQuoted("quay bằng máy 4K")[0]?.vnd ?? null).toBeNull();
    expect(pricesQuoted("từ 1 củ 8 tới 2 củ").map((p) => p.vnd)).toEqual([1_800_000, 2_000_000]);
    expect(pricesQuoted("no price here, 5km from the beach, 10k views")).toEqual([]);
  });
});
