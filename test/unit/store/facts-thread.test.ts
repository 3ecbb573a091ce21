import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import type { FactsFilter, FactsSplit, FactsValue } from "../../../src/store/facts.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { tempDb } from "../../helpers/db.js";
import { NOW } from "../domain/corpus.js";

// The facts thread runs compiled code: this imports the build (npm test builds first).
const dist = join(import.meta.dirname, "../../../dist/store/sqlite");
type Index = typeof import("../../../src/store/sqlite/index.js");
type Connection = typeof import("../../../src/store/sqlite/connection.js");

describe("the analyst's aggregate reads on the facts thread (SQLite)", () => {
  let base: { db: Db; file: string; dir: string };
  let built: { index: Index; connection: Connection; db: Db };

  beforeAll(async () => {
    base = tempDb();
    generateCorpus(base.db, { videos: 1_200, seed: 4, now: NOW });
    const index = (await import(join(dist, "index.js"))) as Index;
    const connection = (await import(join(dist, "connection.js"))) as Connection;
    built = { index, connection, db: connection.openDb(base.file) };
  });
  afterAll(() => {
    built.index.stopSqliteStore(built.db);
    built.db.close();
    base.db.close();
    rmSync(base.dir, { recursive: true, force: true });
  });

  it("answers every read as this thread's own connection does", async () => {
    const threaded = built.index.createSqliteStore(built.db).facts;
    const inline = createSqliteStore(base.db).facts; // from the sources: no thread
    expect(await threaded.codes()).toEqual(await inline.codes());
    expect(await threaded.advertiserNames()).toEqual(await inline.advertiserNames());
    const filters: FactsFilter[] = [{}, { q: "skincare" }, { ad: "yes", media_type: "video" }, { q: "!!" }];
    for (const filter of filters) {
      expect(await threaded.count(filter)).toBe(await inline.count(filter));
      expect(await threaded.coverage(filter)).toEqual(await inline.coverage(filter));
      expect(await threaded.videos(filter)).toEqual(await inline.videos(filter));
      expect(await threaded.videos(filter, 3)).toEqual(await inline.videos(filter, 3));
      const splits: (FactsSplit | null)[] = [null, "hook_type", "weekday", "length"];
      for (const value of ["plays", "engagement"] as FactsValue[]) {
        const lists = await inline.groups(filter, splits, value);
        expect(await threaded.groups(filter, splits, value)).toEqual(lists);
        for (const [i, by] of splits.entries())
          for (const g of lists[i] ?? [])
            expect(await threaded.groupTop(filter, by, g.key, 2)).toEqual(
              await inline.groupTop(filter, by, g.key, 2),
            );
      }
      expect(await threaded.nthHighest(filter, "plays", 4)).toEqual(
        await inline.nthHighest(filter, "plays", 4),
      );
      expect(await threaded.nearest(filter, "plays", 1000, 3)).toEqual(
        await inline.nearest(filter, "plays", 1000, 3),
      );
    }
    expect(await threaded.soundNames()).toEqual(await inline.soundNames());
    const title = (await inline.soundNames())[0]?.title ?? "";
    expect(title).not.toBe("");
    expect(await threaded.soundsTitledAs([title])).toEqual(await inline.soundsTitledAs([title]));
    expect((await inline.soundsTitledAs([title])).length).toBeGreaterThan(0);
    const artist = base.db
      .prepare("SELECT music_author FROM videos WHERE music_author IS NOT NULL LIMIT 1")
      .pluck()
      .get() as string;
    expect(await threaded.soundsByArtist([artist])).toEqual(await inline.soundsByArtist([artist]));
    expect((await inline.soundsByArtist([artist])).length).toBeGreaterThan(0);
    // The reads are many at once, as an analyst run's are.
    const all = await Promise.all([1, 2, 3, 4].map(() => threaded.groups({}, ["hour"], "plays")));
    for (const groups of all) expect(groups).toEqual(await inline.groups({}, ["hour"], "plays"));
    expect((await inline.groups({}, [null], "plays"))[0]?.[0]?.videos).toBe(1_200);
  });

  it("stopping the store fails the reads still waiting; later reads run on the connection itself", async () => {
    const db = built.connection.openDb(base.file);
    try {
      const facts = built.index.createSqliteStore(db).facts;
      expect(await facts.count({})).toBe(1_200); // the thread is running
      const waiting = facts.groups({}, ["hashtag", "creator", "sound"], "engagement");
      built.index.stopSqliteStore(db);
      await expect(waiting).rejects.toThrow("the store is closing");
      expect(await facts.count({ ad: "yes" })).toBe(
        await createSqliteStore(base.db).facts.count({ ad: "yes" }),
      );
    } finally {
      db.close();
    }
  });

  it("a failed read rejects with its reason; the next one is answered", async () => {
    const threaded = built.index.createSqliteStore(built.db).facts;
    await expect(threaded.groups({}, ["no_such_split" as FactsSplit], "plays")).rejects.toThrow();
    expect(await threaded.count({})).toBe(1_200);
  });
});
