import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run as importCommand } from "../../../src/cli/import.js";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { normalizeCollection } from "../../../src/ingest/importers/normalize.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_718_000_000;
const FIXTURES = join(import.meta.dirname, "../../fixtures/import");
const [FIRST] = JSON.parse(readFileSync(join(FIXTURES, "apify-items.json"), "utf8")) as Record<
  string,
  unknown
>[];
/** Four valid Apify items: the fixture's first, under four ids. */
const ITEMS = [1, 2, 3, 4].map((n) => ({ ...FIRST, id: `74100000000000000${10 + n}` }));

/** The fixture's Apify items, each found by the search fields given (by position). */
function itemsFoundBy(searches: Record<string, unknown>[]): string {
  return JSON.stringify(ITEMS.map((item, i) => ({ ...item, ...(searches[i] ?? {}) })));
}

const collectionsOf = (db: Db) =>
  db.prepare("SELECT video_id, collection FROM video_collections ORDER BY video_id, collection").all() as {
    video_id: string;
    collection: string;
  }[];

describe("collections: the search each video was found in", () => {
  it("an Apify export's searchHashtag, searchQuery and input name the search; a URL input names none", async () => {
    const { db, dir } = tempDb();
    const file = join(dir, "hotelcantho.json");
    writeFileSync(
      file,
      itemsFoundBy([
        { searchHashtag: { name: "HotelCanTho", views: 1000 }, input: "hotelcantho" },
        { searchQuery: "  Khách sạn   Đà Lạt ", input: "Khách sạn Đà Lạt" },
        { input: "#reviewhotel" },
        { input: "https://www.tiktok.com/@lion_hotel" },
      ]),
    );
    const summary = await importFile(db, file, { now: NOW });
    expect(summary.imported).toBe(ITEMS.length);
    expect(collectionsOf(db)).toEqual([
      { video_id: ITEMS[0]?.id, collection: "hotelcantho" },
      { video_id: ITEMS[1]?.id, collection: "khách sạn đà lạt" },
      { video_id: ITEMS[2]?.id, collection: "reviewhotel" },
    ]);
  });

  it("a video a second search finds is in both; importing the same file again changes nothing", async () => {
    const { db, dir } = tempDb();
    const first = join(dir, "first.json");
    const second = join(dir, "second.json");
    writeFileSync(first, itemsFoundBy([{ input: "hoteldalat" }]));
    writeFileSync(second, itemsFoundBy([{ input: "hotelluxury" }]));
    await importFile(db, first, { now: NOW });
    // Nothing else about the video changed: joining a search is what makes it "updated".
    const again = await importFile(db, second, { now: NOW });
    expect([again.imported, again.updated, again.unchanged]).toEqual([0, 1, ITEMS.length - 1]);
    expect(again.videoIds).toEqual([ITEMS[0]?.id]);
    expect(collectionsOf(db).map((r) => r.collection)).toEqual(["hoteldalat", "hotelluxury"]);
    const repeat = await importFile(db, second, { now: NOW + 86_400 });
    expect([repeat.imported, repeat.updated, repeat.unchanged]).toEqual([0, 0, ITEMS.length]);
    expect(collectionsOf(db)).toHaveLength(2);
  });

  it("the collection option puts every record of a file in it, beside the record's own search", async () => {
    const { db, dir } = tempDb();
    const file = join(dir, "items.json");
    writeFileSync(file, itemsFoundBy([{ input: "hotelhue" }]));
    await importFile(db, file, { now: NOW, collection: "trending-dec2020" });
    const rows = collectionsOf(db);
    expect(rows.filter((r) => r.collection === "trending-dec2020")).toHaveLength(ITEMS.length);
    expect(rows.filter((r) => r.collection === "hotelhue").map((r) => r.video_id)).toEqual([ITEMS[0]?.id]);
  });

  it("the flat CSV export reads the search from its searchHashtag/name and input columns", async () => {
    const { db, dir } = tempDb();
    const file = join(dir, "flat.csv");
    const row = (id: string, hashtag: string, input: string) =>
      `${id},Phòng view biển #vungtau,1717064979,6910000000000000001,seaview,120,10,1,0,${hashtag},${input}`;
    writeFileSync(
      file,
      [
        "id,text,createTime,authorMeta/id,authorMeta/name,playCount,diggCount,commentCount,shareCount,searchHashtag/name,input",
        row("7410000000000000001", "hotelvungtau", "hotelvungtau"),
        row("7410000000000000002", "", "hotelhalong"),
      ].join("\n"),
    );
    const summary = await importFile(db, file, { now: NOW });
    expect(summary.imported).toBe(2);
    expect(collectionsOf(db)).toEqual([
      { video_id: "7410000000000000001", collection: "hotelvungtau" },
      { video_id: "7410000000000000002", collection: "hotelhalong" },
    ]);
  });

  it("names are read case-blind and trimmed; a blank or overlong name is refused by crs import", async () => {
    expect(normalizeCollection("  #Trending   Dec 2020\u200b ")).toBe("trending dec 2020");
    expect(normalizeCollection(" \t ")).toBeNull();
    expect(normalizeCollection("x".repeat(101))).toBeNull();
    const { dir } = tempDb();
    const file = join(dir, "items.json");
    writeFileSync(file, JSON.stringify(ITEMS));
    const db = join(dir, "crs.sqlite");
    await expect(importCommand([file, "--collection", "  ", "--db", db])).rejects.toThrow(
      "--collection is empty: give the collection's name",
    );
    await expect(importCommand([file, "--collection", "y".repeat(150), "--db", db])).rejects.toThrow(
      "--collection is 150 characters: give a name of at most 100",
    );
  });
});
