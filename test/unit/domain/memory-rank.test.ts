import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOUR } from "../../../src/clock.js";
import { rankInMemory } from "../../../src/domain/memory-rank.js";
import {
  corpusGeneration,
  currentRankingColumns,
  loadRankingColumns,
} from "../../../src/domain/ranking-columns.js";
import { ftsMatch, queryTerms, readFtsAverages } from "../../../src/domain/text.js";
import { type SearchVideosParams, searchVideos } from "../../../src/domain/videos.js";
import type { Db } from "../../../src/store/connection.js";
import { CorpusWriter } from "../../../src/store/corpus-writer.js";
import { NOW, scoredCorpusDb, type VideoSpec } from "./corpus.js";

/** Rare words, shared words, exact ties (the twins: same text, same plays), words in hooks and hashtags. */
function corpus(): VideoSpec[] {
  const specs: VideoSpec[] = [];
  for (let i = 0; i < 30; i++)
    specs.push({
      id: `v${String(i).padStart(3, "0")}`,
      author: `c${i % 4}`,
      caption: `${i % 2 ? "lemon tart" : "leg day"} ${i % 10 === 0 ? "blueberry blueberry" : ""} recipe ${i % 3 ? "" : "lemon"}`,
      hook: i % 5 === 0 ? "nobody tells you this about lemon" : null,
      hashtags: i % 4 === 0 ? ["lemon", "baking"] : ["fyp"],
      plays: 500 + ((i * 37) % 29) * 100,
    });
  for (let i = 0; i < 10; i++)
    specs.push({ id: `twin${i}`, author: "c9", caption: "twin bakery lemon", plays: 2000 });
  return specs;
}

const QUERIES = [
  "blueberry",
  "lemon",
  "twin",
  "recipe",
  "bakery",
  "baking",
  "lemon tart",
  "twin lemon",
  "leg day",
];

function allPages(db: Db, p: Omit<SearchVideosParams, "limit" | "after">, limit: number) {
  const pages = [];
  let after = null;
  do {
    const page = searchVideos(db, { ...p, limit, after }, NOW);
    pages.push(page);
    after = page.next;
  } while (after);
  return pages;
}

describe("ranking in memory", () => {
  let db: Db;
  beforeEach(() => {
    db = scoredCorpusDb(corpus());
  });
  afterEach(() => db.close());

  it("answers every query, page by page, exactly as the SQL path does", async () => {
    // Before the columns are read every search ranks in SQL (synchronously: the read cannot land between).
    expect(currentRankingColumns(db)).toBeNull();
    const bySql = QUERIES.flatMap((q) => [1, 3, 7, 50].map((limit) => allPages(db, { q }, limit)));
    const columns = await loadRankingColumns(db);
    expect(currentRankingColumns(db)).toBe(columns);
    const inMemory = QUERIES.flatMap((q) => [1, 3, 7, 50].map((limit) => allPages(db, { q }, limit)));
    expect(inMemory).toEqual(bySql);
    // The memory path did answer (not a silent fallback), and the twins tie: ordered by id, descending.
    const stats = readFtsAverages(
      (db.prepare("SELECT block FROM videos_fts_data WHERE id = 1").get() as { block: Buffer }).block,
    );
    for (const q of QUERIES) {
      const terms = queryTerms(q);
      expect(rankInMemory(db, terms, ftsMatch(terms), columns, stats, 5, null), q).not.toBeNull();
    }
    const twins = allPages(db, { q: "twin" }, 3).flatMap((p) => p.items.map((v) => v.id));
    expect(twins).toEqual(Array.from({ length: 10 }, (_, i) => `twin${9 - i}`));
    expect(searchVideos(db, { q: "blueberry", limit: 2 }, NOW).total).toBe(3);
  });

  it("is not used once plays change, and agrees again after the next read", async () => {
    await loadRankingColumns(db);
    const before = corpusGeneration(db);
    const writer = new CorpusWriter(db);
    writer.batch(() =>
      writer.addSnapshot("twin0", {
        observedAt: NOW + HOUR,
        plays: 5_000_000,
        likes: 1,
        comments: 1,
        shares: 1,
        saves: 1,
      }),
    );
    expect(corpusGeneration(db)).not.toBe(before);
    expect(currentRankingColumns(db)).toBeNull();
    const bySql = searchVideos(db, { q: "twin", limit: 3 }, NOW);
    expect(bySql.items[0]?.id).toBe("twin0");
    await loadRankingColumns(db);
    expect(currentRankingColumns(db)).not.toBeNull();
    expect(searchVideos(db, { q: "twin", limit: 3 }, NOW)).toEqual(bySql);
  });

  it("moves the generation with writes to plays or text only, and not on a rolled-back batch", () => {
    const writer = new CorpusWriter(db);
    const start = corpusGeneration(db);
    expect(() =>
      writer.batch(() => {
        writer.addSnapshot("v001", { observedAt: NOW, plays: 9, likes: 0, comments: 0, shares: 0, saves: 0 });
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(corpusGeneration(db)).toBe(start);
    // Outside a batch the write moves it at once.
    writer.addSnapshot("v001", { observedAt: NOW, plays: 9, likes: 0, comments: 0, shares: 0, saves: 0 });
    const afterSnapshot = corpusGeneration(db);
    expect(afterSnapshot).not.toBe(start);
    // Re-adding the same figures changes nothing, so the generation stays.
    writer.batch(() =>
      writer.addSnapshot("v001", {
        observedAt: NOW + 1,
        plays: 9,
        likes: 0,
        comments: 0,
        shares: 0,
        saves: 0,
      }),
    );
    expect(corpusGeneration(db)).toBe(afterSnapshot);
  });

  it("finds nothing for a word absent from the index, and falls back to SQL for it", async () => {
    const columns = await loadRankingColumns(db);
    const stats = { docs: 40, avgTokens: 5 };
    expect(rankInMemory(db, ["zzzabsent"], ftsMatch(["zzzabsent"]), columns, stats, 5, null)).toBeNull();
    expect(searchVideos(db, { q: "zzzabsent", limit: 5 }, NOW)).toEqual({ items: [], total: 0, next: null });
  });
});
