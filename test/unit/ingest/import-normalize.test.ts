import { describe, expect, it } from "vitest";
import { unflattenRow } from "../../../src/ingest/importers/csv-paths.js";
import { detectRecordFormat } from "../../../src/ingest/importers/detect.js";
import { optionalTime, requiredCount, requiredId } from "../../../src/ingest/importers/fields.js";
import {
  hashtagsInCaption,
  normalizeHashtags,
  normalizeLanguage,
  normalizeRegion,
  openingHook,
} from "../../../src/ingest/importers/normalize.js";
import { detectLanguage } from "../../../src/shared/text/language.js";

describe("CSV path flattening", () => {
  it("rebuilds nested objects and compacted arrays from a/b/0/c columns, leaving empty cells out", () => {
    expect(
      unflattenRow({
        id: "1",
        "authorMeta/name": "anna",
        "authorMeta/commerceUserInfo/commerceUser": "true",
        "hashtags/0/name": "a",
        "hashtags/2/name": "c",
        "hashtags/1/name": "",
        "mentions/0": "@bob",
        "videoMeta/subtitleLinks/1/language": "vie-VN",
        empty: "",
      }),
    ).toEqual({
      id: "1",
      authorMeta: { name: "anna", commerceUserInfo: { commerceUser: "true" } },
      hashtags: [{ name: "a" }, { name: "c" }],
      mentions: ["@bob"],
      videoMeta: { subtitleLinks: [{ language: "vie-VN" }] },
    });
  });
});

describe("normalisation", () => {
  it("region, language, hashtags", () => {
    expect([normalizeRegion(" vn "), normalizeRegion("VNM"), normalizeRegion(null)]).toEqual([
      "VN",
      null,
      null,
    ]);
    expect(["vie-VN", "EN", "un", "und", "x"].map(normalizeLanguage)).toEqual([
      "vie",
      "en",
      null,
      null,
      null,
    ]);
    expect(normalizeHashtags(["#FYP", "fyp", "##Travel", "", "two words"])).toEqual(["fyp", "travel"]);
  });

  it("opening hook: transcript first, else the caption's first sentence without tags", () => {
    expect(openingHook(null, "#ad Stop scrolling! You need this. #fyp")).toBe("Stop scrolling!");
    expect(openingHook(null, "#only #tags @someone")).toBeNull();
    expect(openingHook(null, "first line\nsecond line")).toBe("first line");
    expect(
      openingHook("tui Xin bình chọn đây là chiếc khách sạn\nđỉnh nhất Vũng Tàu\nvà vì SAO", "cap"),
    ).toBe("tui Xin bình chọn đây là chiếc khách sạn đỉnh nhất Vũng Tàu");
    expect(openingHook("   ", "Caption wins.")).toBe("Caption wins.");
    const long = openingHook(null, "word ".repeat(100));
    expect(long?.length).toBeLessThanOrEqual(150);
    expect(long?.endsWith("word")).toBe(true);
  });

  it("inline tags keep their combining marks: Hindi and Thai vowel signs, a sound mark in #fypシ゚viral", () => {
    expect(hashtagsInCaption("भारत की सबसे सुंदर जगह #भारत #यात्रा #fyp")).toEqual(["भारत", "यात्रा", "fyp"]);
    expect(hashtagsInCaption("ทะเลสวยมาก #เที่ยวไทย #ทะเล")).toEqual(["เที่ยวไทย", "ทะเล"]);
    expect(hashtagsInCaption("#grandpa #fypシ゚viral #funny")).toEqual(["grandpa", "fypシ゚viral", "funny"]);
    // No tag's remainder is left behind as the caption's opening line.
    expect(openingHook(null, "#grandpa #joke #fypシ゚viral #hotel")).toBeNull();
    expect(openingHook(null, "#भारत #यात्रा")).toBeNull();
    expect(openingHook(null, "@ผู้ใช้ ทะเลสวยมาก #ทะเล")).toBe("ทะเลสวยมาก");
    expect(detectLanguage("#भारत #यात्रा #घूमना")).toBeNull();
  });

  it("field readers give specific reasons", () => {
    expect(() => requiredId(2 ** 60, "id")).toThrow(/too large to be exact/);
    expect(requiredId(" 123 ", "id")).toBe("123");
    expect(requiredCount("250400.0", "playCount")).toBe(250400);
    expect(() => requiredCount("1.5", "playCount")).toThrow('playCount is not a non-negative integer: "1.5"');
    expect(optionalTime(1717064979000, "t", 1_800_000_000)).toBe(1717064979);
    expect(optionalTime("2024-05-30T10:29:39.000Z", "t", 1_800_000_000)).toBe(1717064979);
    expect(() => optionalTime(1_900_000_000, "t", 1_800_000_000)).toThrow(/in the future/);
    expect(() => optionalTime(5, "t", 1_800_000_000)).toThrow(/before 2014/);
  });
});

describe("format detection from one record", () => {
  it("tells the shapes apart", () => {
    expect(detectRecordFormat({ itemInfo: { itemStruct: {} } })).toBe("tiktok-web");
    expect(detectRecordFormat({ id: "1", desc: "", author: { uniqueId: "a" } })).toBe("tiktok-web");
    expect(detectRecordFormat({ id: 1, video_description: "" })).toBe("research-api");
    expect(detectRecordFormat({ id: "1", authorMeta: {}, isAd: false })).toBe("apify");
    expect(detectRecordFormat({ id: "1", authorMeta: {}, text: "" })).toBe("collector");
    expect(detectRecordFormat({ id: "1", created_at: 1, author: {}, stats: {} })).toBe("jsonl");
    expect(detectRecordFormat({ id: "video01", script_video: "hi" })).toBe("transcripts");
    expect(detectRecordFormat([1])).toBeNull();
  });
});
