import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAdvertiser, listAdvertiserVideos } from "../../../src/domain/read-models/advertisers.js";
import { getCreator, listCreatorVideos } from "../../../src/domain/read-models/creators.js";
import { searchAdvertisers, windowStart } from "../../../src/domain/search/advertisers.js";
import { searchCreators } from "../../../src/domain/search/creators.js";
import { DAY } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW } from "./corpus.js";

describe("creators and advertisers", () => {
  let db: Db;
  let brand = "";
  beforeEach(async () => {
    db = tempDb().db;
    const writer = buildCorpus(
      db,
      [
        { id: "1", author: "u1", plays: 5000, ad: true, history: [{ hoursAgo: 24 * 3, plays: 1000 }] },
        { id: "2", author: "u1", plays: 3000 },
        { id: "3", author: "u2", plays: 200, history: [{ hoursAgo: 24 * 3, plays: 190 }] },
        { id: "4", author: "u3", plays: 900 },
      ],
      [
        { uid: "u1", handle: "pasta_queen", nickname: "Queen of Pasta" },
        { uid: "u2", handle: "gymbro", nickname: "Gym Bro" },
        { uid: "u3", handle: "brand_house", nickname: "Acme Official", isHouse: true },
      ],
    );
    writer.batch(() => {
      // u1 renames: the old handle stays in the history.
      writer.upsertCreator(
        {
          uid: "u1",
          handle: "noodle_queen",
          nickname: "Queen of Pasta",
          followers: 5000,
          verified: true,
          region: "US",
          observedAt: NOW - DAY,
        },
        NOW,
      );
      brand = writer.upsertAdvertiser(
        {
          name: "Acme Apps",
          focus: "apps",
          industry: "software",
          domain: "acme.io",
          aliases: [{ kind: "handle", alias: "acmeapp" }],
          firstSeen: NOW - 2 * DAY,
        },
        NOW,
      );
      writer.upsertAdvertiser(
        {
          name: "Shoe Co",
          focus: "dtc",
          industry: "fashion",
          domain: null,
          aliases: [],
          firstSeen: NOW - 60 * DAY,
        },
        NOW,
      );
    });
    db.prepare("UPDATE videos SET advertiser_id = ? WHERE id IN ('1', '4')").run(brand);
    refreshScores(db, NOW);
  });
  afterEach(() => db.close());

  it("resolves a creator by uid, current handle and former handle", async () => {
    expect((await getCreator(createSqliteStore(db), "u1"))?.resolved_by).toBe("uid");
    const current = await getCreator(createSqliteStore(db), "@noodle_queen");
    expect(current?.resolved_by).toBe("handle");
    expect(current?.handle_changed).toBe(false);
    const former = await getCreator(createSqliteStore(db), "PASTA_QUEEN");
    expect(former?.uid).toBe("u1");
    expect(former?.resolved_by).toBe("former_handle");
    expect(former?.handle_changed).toBe(true);
    expect(former?.handle).toBe("noodle_queen");
    expect(former?.former_handles).toEqual(["pasta_queen"]);
    expect(await getCreator(createSqliteStore(db), "nobody_here")).toBeNull();
  });

  it("gives the baseline (geometric mean of plays) to a tenth of a play, a single video's plays exactly", async () => {
    const store = createSqliteStore(db);
    expect((await getCreator(store, "u3"))?.baseline_plays).toBe(900);
    expect((await getCreator(store, "u2"))?.baseline_plays).toBe(200);
    expect((await getCreator(store, "u1"))?.baseline_plays).toBe(
      Math.round((Math.sqrt(5001 * 3001) - 1) * 10) / 10,
    );
  });

  it("searches creators by handle, former handle and nickname, with type and view", async () => {
    const uids = async (p: Parameters<typeof searchCreators>[1]) =>
      (await searchCreators(createSqliteStore(db), p, NOW)).items.map((c) => c.uid);
    expect(await uids({ q: "pasta", limit: 10 })).toEqual(["u1"]);
    expect(await uids({ q: "noodle", limit: 10 })).toEqual(["u1"]);
    expect(await uids({ q: "gym", limit: 10 })).toEqual(["u2"]);
    expect(await uids({ q: '"(*', limit: 10 })).toEqual([]);
    expect(await uids({ type: "house", limit: 10 })).toEqual(["u3"]);
    expect(await uids({ type: "advertised", limit: 10 })).toEqual(["u1"]);
    const trending = (
      await searchCreators(createSqliteStore(db), { view: "trending", window: 7, limit: 10 }, NOW)
    ).items;
    expect(trending[0]?.uid).toBe("u1");
    expect(trending[0]?.growth).toBe(5000 + 3000);
    expect(await uids({ view: "new", window: 2, limit: 10 })).toEqual([]);
    const p1 = await searchCreators(createSqliteStore(db), { limit: 2 }, NOW);
    const p2 = await searchCreators(createSqliteStore(db), { limit: 2, after: p1.next }, NOW);
    expect([...p1.items, ...p2.items].map((c) => c.uid).sort()).toEqual(["u1", "u2", "u3"]);
  });

  it("lists a creator's videos with the ads filter", async () => {
    expect(
      (await listCreatorVideos(createSqliteStore(db), "u1", { ads: "yes", limit: 10 }))?.items.map(
        (v) => v.id,
      ),
    ).toEqual(["1"]);
    expect(
      (await listCreatorVideos(createSqliteStore(db), "u1", { ads: "no", limit: 10 }))?.items.map(
        (v) => v.id,
      ),
    ).toEqual(["2"]);
    expect((await listCreatorVideos(createSqliteStore(db), "u1", { limit: 10 }))?.items.length).toBe(2);
    expect(await listCreatorVideos(createSqliteStore(db), "zz", { limit: 10 })).toBeNull();
  });

  it("searches and fetches advertisers", async () => {
    expect(
      (await searchAdvertisers(createSqliteStore(db), { q: "acmeapp", limit: 10 }, NOW)).items.map(
        (a) => a.id,
      ),
    ).toEqual([brand]);
    expect(
      (await searchAdvertisers(createSqliteStore(db), { focus: "dtc", limit: 10 }, NOW)).items.map(
        (a) => a.name,
      ),
    ).toEqual(["Shoe Co"]);
    expect(
      (await searchAdvertisers(createSqliteStore(db), { view: "new", window: 7, limit: 10 }, NOW)).items.map(
        (a) => a.name,
      ),
    ).toEqual(["Acme Apps"]);
    expect((await searchAdvertisers(createSqliteStore(db), { q: "%", limit: 10 }, NOW)).items).toEqual([]);
    const acme = await getAdvertiser(createSqliteStore(db), brand);
    expect(acme?.video_count).toBe(2);
    expect(acme?.creator_count).toBe(2);
    expect(acme?.aliases).toContain("acmeapp");
    expect(
      (await listAdvertiserVideos(createSqliteStore(db), brand, { limit: 10 }))?.items
        .map((v) => v.id)
        .sort(),
    ).toEqual(["1", "4"]);
    expect(await getAdvertiser(createSqliteStore(db), "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(windowStart(NOW, 0)).toBe(Math.floor(NOW / DAY) * DAY);
  });
});
