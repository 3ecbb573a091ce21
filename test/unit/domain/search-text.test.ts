import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchVideos } from "../../../src/domain/search/videos.js";
import { splitCompound } from "../../../src/shared/text/compounds.js";
import { foldText, normalizeTokens } from "../../../src/shared/text/normalize.js";
import type { Db } from "../../../src/store/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshSearchCompounds } from "../../../src/store/sqlite/search-compounds.js";
import { expandQuery, queryUnits } from "../../../src/store/sqlite/search-expansion.js";
import { tokenize } from "../../../src/store/text.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW } from "./corpus.js";

describe("the text normaliser", () => {
  it.each([
    ["Đà Nẵng", "da nang"],
    ["ĐÀ LẠT đẹp", "da lat dep"],
    ["Łódź", "lodz"],
    ["Ørsted København", "orsted kobenhavn"],
    ["Straße", "strasse"],
    ["Æble Œuvre", "aeble oeuvre"],
    ["Dıyarbakır İstanbul", "diyarbakir istanbul"],
    ["São Paulo, Müller, niño", "sao paulo, muller, nino"],
    ["ＦＵＬＬ ｗｉｄｔｈ", "full width"],
    ["Bali Murah", "bali murah"],
  ])("folds %s → %s", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("tokenises indexing and querying alike", async () => {
    expect(normalizeTokens("#PhúQuốc — Khách sạn giá rẻ!")).toEqual(["phuquoc", "khach", "san", "gia", "re"]);
    expect(tokenize("Đà Nẵng")).toEqual(tokenize("da nang"));
    expect(tokenize("Größe")).toEqual(["grosse"]);
  });
});

describe("compound splitting with a corpus vocabulary", () => {
  const vocab = new Map(
    Object.entries({
      phu: 40,
      quoc: 35,
      skin: 20,
      care: 30,
      merry: 5,
      christmas: 12,
      vung: 30,
      tau: 28,
      homestay: 50,
      cantho: 20,
    }),
  );
  const df = (w: string) => vocab.get(w) ?? 0;
  it.each([
    ["phuquoc", ["phu", "quoc"]],
    ["skincare", ["skin", "care"]],
    ["merrychristmas", ["merry", "christmas"]],
    ["vungtau", ["vung", "tau"]],
    ["homestaycantho", ["homestay", "cantho"]],
  ])("%s → %j", (word, parts) => {
    expect(splitCompound(word, df)).toEqual(parts);
  });
  it("does not split into unknown words", async () => {
    expect(splitCompound("proteinbowl", df)).toBeNull();
    expect(splitCompound("hotel", df)).toBeNull();
  });
});

describe("search finds what is there", () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    ({ db, dir } = tempDb());
    let n = 0;
    const v = (caption: string, hashtags: string[] = []) => ({
      id: `7100000000000000${String(n++).padStart(3, "0")}`,
      author: `a${n % 4}`,
      caption,
      hashtags,
    });
    buildCorpus(db, [
      v("Khách sạn view biển ở Đà Nẵng", ["danang"]),
      v("Review homestay Đà Nẵng giá rẻ"),
      v("Một ngày ở Phú Quốc thật chill"),
      v("Resort đẹp nhất Phú Quốc"),
      v("Bãi Sau rất đông", ["phuquoc", "vungtau"]),
      v("Ăn gì ở Vũng Tàu"),
      v("Homestay xinh", ["homestaycantho", "cantho"]),
      v("Chợ nổi Cần Thơ", ["cantho"]),
      v("My morning skin care routine"),
      v("Skin care for dry skin"),
      v("The best drugstore finds", ["skincare"]),
      v("Lunch prep", ["proteinbowl"]),
      v("Breakfast bowl ideas", ["bowl"]),
      v("High protein snacks"),
      v("Protein pancakes"),
      v("Poke bowl"),
      v("Merry Christmas from the team", ["merrychristmas"]),
      v("Tipps für deine Straße in München"),
      v("Hotel murah di Bali", ["balitrip"]),
      v("Hotels with a rooftop pool"),
      v("Lên đồ đi biển"),
      v("Camera lens for travel"),
      v("City walk at night"),
      v("Three cities in one week"),
    ]);
    refreshSearchCompounds(db);
  });
  afterAll(async () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const captions = async (q: string) =>
    (await searchVideos(createSqliteStore(db), { q, limit: 50 }, NOW)).items.map((i) => i.desc).sort();

  it("folds Đ and the tone marks on both sides", async () => {
    expect(await captions("da nang")).toEqual([
      "Khách sạn view biển ở Đà Nẵng",
      "Review homestay Đà Nẵng giá rẻ",
    ]);
    expect(await captions("Đà Nẵng")).toEqual(await captions("da nang"));
    expect(await captions("strasse")).toEqual(["Tipps für deine Straße in München"]);
  });

  it("splits and joins compounds with the corpus vocabulary", async () => {
    expect(await captions("phuquoc")).toEqual([
      "Bãi Sau rất đông",
      "Một ngày ở Phú Quốc thật chill",
      "Resort đẹp nhất Phú Quốc",
    ]);
    expect(await captions("phu quoc")).toEqual(await captions("phuquoc"));
    expect(await captions("vung tau")).toEqual(["Bãi Sau rất đông", "Ăn gì ở Vũng Tàu"]);
    expect(await captions("skincare")).toEqual([
      "My morning skin care routine",
      "Skin care for dry skin",
      "The best drugstore finds",
    ]);
    expect(await captions("skin care")).toEqual(await captions("skincare"));
    expect(await captions("can tho")).toEqual(["Chợ nổi Cần Thơ", "Homestay xinh"]);
  });

  it("matches hashtag stems: protein finds #proteinbowl", async () => {
    expect(await captions("protein")).toEqual(["High protein snacks", "Lunch prep", "Protein pancakes"]);
  });

  it("quoted words are a phrase", async () => {
    expect(await captions('"skin care"')).toEqual([
      "My morning skin care routine",
      "Skin care for dry skin",
      "The best drugstore finds",
    ]);
    expect(await captions('"care skin"')).toEqual([]);
    expect(queryUnits('"skin care" routine')).toEqual([
      { words: ["skin", "care"], phrase: true },
      { words: ["routine"], phrase: false },
    ]);
  });

  it("matches a word's other number, but not a Vietnamese syllable without its diacritics", async () => {
    expect(await captions("hotels")).toEqual(["Hotel murah di Bali", "Hotels with a rooftop pool"]);
    expect(await captions("hotel")).toEqual(await captions("hotels"));
    expect(await captions("cities")).toEqual(["City walk at night", "Three cities in one week"]);
    expect(await captions("city")).toEqual(await captions("cities"));
    // "len" is "lên" folded: "lens" is not taken for a plural of it.
    expect(await captions("lens")).toEqual(["Camera lens for travel"]);
    expect(await captions("len")).toEqual(["Lên đồ đi biển"]);
    expect(expandQuery(db, "hotels", 4000)?.notes).toEqual(["hotels → hotel"]);
  });

  it("adds nothing when the corpus has no compound to offer", async () => {
    expect(expandQuery(db, "chill", 4000)).toBeNull();
  });
});
